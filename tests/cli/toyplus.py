"""The toy game with one option of every kind, to test the flags the CLI derives from option_spec.

The extra options change nothing in the game (``new_state`` of the toy reads only its own); they
only have to be declared, turned into flags and checked.
"""

from __future__ import annotations

from toygame import ToyGame

from feldherr.core.options import OptionSpec


class ToyPlus(ToyGame):
    name = "toyplus"
    title = "Toy Auction Plus"

    def option_spec(self) -> tuple[OptionSpec, ...]:
        return (
            *super().option_spec(),
            OptionSpec("open_hands", "bool", False, "play with open hands", "mit offenen Karten"),
            OptionSpec(
                "colours", "multi", [], "extra colours", "zusätzliche Farben", choices=("red", "blue")
            ),
            OptionSpec(
                "handicap",
                "int_list",
                None,
                "points per player",
                "Punkte je Spieler",
                min=0,
                max=9,
                per_player=True,
                omit_default=True,
            ),
            OptionSpec(
                "prize_table", "mapping", None, "prizes by round", "Preise je Runde", omit_default=True
            ),
            OptionSpec("seed", "int", 0, "clashes with --seed", "kollidiert mit --seed", omit_default=True),
        )
