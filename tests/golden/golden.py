"""The fixed set of seeded games that must stay bit-identical across refactors.

``python tests/golden/golden.py`` rewrites ``records.json`` (only when a rule is fixed on purpose;
say so in the commit). The test replays every entry and compares the final-state digest and a
digest of the moves.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Any

from feldherr.core.game import canonical_digest
from feldherr.core.play import make_bots, play_game
from feldherr.games import get_game

HERE = Path(__file__).resolve().parent
FILE = HERE / "records.json"

CASES: list[tuple[str, dict[str, Any]]] = [
    ("wallenstein", {"players": 3}),
    ("wallenstein", {"players": 4}),
    ("wallenstein", {"players": 5, "setup": "fixed"}),
    ("wallenstein", {"players": 4, "modules": ["court"]}),
    ("wallenstein", {"players": 4, "modules": ["landsknechte"]}),
    ("wallenstein", {"players": 4, "modules": ["leaders"]}),
    ("wallenstein", {"players": 4, "modules": ["court", "landsknechte", "leaders"]}),
    ("wallenstein", {"players": 4, "tower": "simple"}),
    ("elgrande", {"deck": "classic", "players": 2}),
    ("elgrande", {"deck": "classic", "players": 3}),
    ("elgrande", {"deck": "classic", "players": 4}),
    ("elgrande", {"deck": "classic", "players": 5}),
    ("elgrande", {"deck": "classic", "players": 3, "variant": ["merged_stacks"]}),
    ("elgrande", {"deck": "classic", "players": 4, "variant": ["short"]}),
    ("elgrande", {"players": 4, "variant": ["deck_2023"]}),
    ("elgrande", {"deck": "classic", "players": 4, "variant": ["neue_regentschaft"]}),
    ("elgrande", {"players": 4, "variant": ["alte_hasen"]}),
    ("elgrande", {"deck": "classic", "players": 4, "variant": ["machtverschiebung"]}),
    ("elgrande", {"deck": "classic", "players": 4, "variant": ["hidden_castillo"]}),
    # engine 2: the 2023 base game is the default
    ("elgrande", {"players": 2}),
    ("elgrande", {"players": 3}),
    ("elgrande", {"players": 5}),
    ("elgrande", {"players": 4, "variant": ["short"]}),
    ("elgrande", {"players": 4, "variant": ["machtverschiebung"]}),
    ("elgrande", {"players": 4, "variant": ["hidden_castillo"]}),
    ("mansfeld", {"players": 2}),
    ("mansfeld", {"players": 3}),
    ("mansfeld", {"players": 4}),
    ("mansfeld", {"players": 4, "ages": [30, 40, 30, 20]}),
]
SEEDS = (1, 2)
BOTS = ("random", "heuristic")


def play(game_name: str, options: dict[str, Any], seed: int, bots: str) -> dict[str, Any]:
    game = get_game(game_name)
    players = game.normalize_options(options)["players"]
    record, _state, decisions = play_game(game, options, seed, make_bots(game, [bots] * players, seed))
    return {
        "game": game_name,
        "options": options,
        "seed": seed,
        "bots": bots,
        "decisions": decisions,
        "moves_digest": canonical_digest([[s, m] for s, m in record.moves]),
        "final_digest": record.final_digest,
    }


def main() -> int:
    out = [play(g, o, seed, b) for g, o in CASES for seed in SEEDS for b in BOTS]
    FILE.write_text(json.dumps(out, indent=1) + "\n")
    print(f"wrote {len(out)} games to {FILE}", file=sys.stderr)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
