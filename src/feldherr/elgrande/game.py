"""``ElGrandeGame``: options, move codec, texts and bots for El Grande (2-5 players)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from feldherr.core.bots import Bot
from feldherr.core.errors import MalformedMoveError, OptionError
from feldherr.core.game import JSON, Game, LogEntry, Move, State
from feldherr.elgrande import data as D
from feldherr.elgrande.moves import ARGS
from feldherr.elgrande.state import ElGrandeState
from feldherr.elgrande.text import describe, render_entry, render_state

VARIANTS = (
    "short",
    "neue_regentschaft",
    "alte_hasen",
    "machtverschiebung",
    "merged_stacks",
    "hidden_castillo",
    "deck_2023",
)
ALIASES = {
    "kurz": "short",
    "short_game": "short",
    "nr": "neue_regentschaft",
    "regentschaft": "neue_regentschaft",
    "mv": "machtverschiebung",
    "hasen": "alte_hasen",
    "merged": "merged_stacks",
    "hidden": "hidden_castillo",
    "2023": "deck_2023",
    "classic": "",
    "base": "",
}
_BOOL_KEYS = (
    "short",
    "hidden_castillo",
    "merged_stacks",
    "neue_regentschaft",
    "alte_hasen",
    "machtverschiebung",
)

_MARK = {"recall": "stop", "ret": "court"}


def _truthy(v: Any, key: str) -> bool:
    if isinstance(v, bool):
        return v
    if isinstance(v, str) and v.lower() in ("1", "true", "yes", "on"):
        return True
    if isinstance(v, str) and v.lower() in ("0", "false", "no", "off", ""):
        return False
    if isinstance(v, int):
        return bool(v)
    raise OptionError(f"option {key!r} must be a boolean, not {v!r}")


class ElGrandeGame(Game):
    name = "elgrande"
    title = "El Grande"
    min_players = 2
    max_players = 5

    # ------------------------------------------------------------------ options
    def normalize_options(self, options: Mapping[str, Any]) -> dict[str, Any]:
        opts = dict(options)
        players = opts.pop("players", 4)
        try:
            n = int(players)
        except (TypeError, ValueError) as exc:
            raise OptionError(f"players must be a number, not {players!r}") from exc
        if not self.min_players <= n <= self.max_players:
            raise OptionError(f"El Grande is for 2-5 players, not {n}")
        raw = opts.pop("variant", [])
        if raw is None:
            raw = []
        if isinstance(raw, str):
            tokens = [t.strip() for t in raw.replace(";", ",").split(",")]
        elif isinstance(raw, (list, tuple)):
            tokens = [str(t).strip() for t in raw]
        else:
            raise OptionError(f"variant must be a string or a list, not {raw!r}")
        chosen: set[str] = set()
        for t in tokens:
            key = t.lower().replace("-", "_").replace(" ", "_")
            key = ALIASES.get(key, key)
            if not key:
                continue
            if key.startswith("alte_hasen:"):
                card = key.split(":", 1)[1]
                if card not in D.ALTE_HASEN_IDS:
                    known = ", ".join(D.ALTE_HASEN_IDS)
                    raise OptionError(f"{card!r} is not an 'Alte Hasen' card (known: {known})")
                chosen.add("alte_hasen:" + card)
                continue
            if key not in VARIANTS:
                raise OptionError(f"unknown El Grande variant {t!r} (known: {', '.join(VARIANTS)})")
            chosen.add(key)
        deck = opts.pop("deck", None)
        if deck is not None:
            if str(deck) not in ("classic", "2023"):
                raise OptionError(f"deck must be 'classic' or '2023', not {deck!r}")
            if str(deck) == "2023":
                chosen.add("deck_2023")
        for key in _BOOL_KEYS:
            if key in opts and _truthy(opts.pop(key), key):
                chosen.add(key)
        if opts:
            raise OptionError(f"unknown El Grande option(s): {', '.join(sorted(opts))}")
        if "alte_hasen" in chosen:
            chosen -= {t for t in chosen if t.startswith("alte_hasen:")}  # all of them anyway
        if any(t.startswith("alte_hasen") for t in chosen):
            chosen.add("deck_2023")  # the 'Alte Hasen' cards belong to the 2023 deck
        if "merged_stacks" in chosen and n != 3:
            raise OptionError("merged stacks 2+3 are an option of the 3-player game (2 players always merge)")
        return {"players": n, "variant": sorted(chosen)}

    def new_state(self, options: Mapping[str, Any], seed: int) -> ElGrandeState:
        opts = self.normalize_options(options)
        return ElGrandeState.new(opts["players"], frozenset(opts["variant"]), int(seed))

    def state_from_json(self, data: Mapping[str, Any]) -> ElGrandeState:
        return ElGrandeState.from_json(dict(data))

    # ------------------------------------------------------------------ moves
    def move_to_json(self, move: Move) -> JSON:
        kind = move[0]
        types = ARGS[kind]
        out: list[Any] = [kind]
        for t, v in zip(types, move[1:], strict=False):
            if t == "a":
                out.append(D.AREA_NAMES[v])
            elif t == "c":
                out.append(_MARK[kind] if v < 0 else D.AREA_NAMES[v])
            else:
                out.append(v)
        if kind == "power" and move[2] < 0:
            out.pop()
        return out

    def move_from_json(self, data: JSON) -> Move:
        if isinstance(data, str):
            data = [data]
        if not isinstance(data, (list, tuple)) or not data or not isinstance(data[0], str):
            raise MalformedMoveError(
                f"a move is a list [kind, args...], not {data!r}", rule="elgrande.move.format"
            )
        kind = data[0]
        if kind not in ARGS:
            raise MalformedMoveError(f"unknown move kind {kind!r}", rule="elgrande.move.kind")
        types = ARGS[kind]
        args = list(data[1:])
        if kind == "power" and len(args) == 1:
            args.append(-1)
        if len(args) != len(types):
            raise MalformedMoveError(
                f"{kind!r} takes {len(types)} argument(s), got {len(args)}", rule="elgrande.move.arity"
            )
        out: list[Any] = [kind]
        for t, v in zip(types, args, strict=True):
            out.append(self._arg(kind, t, v))
        return tuple(out)

    @staticmethod
    def _arg(kind: str, t: str, v: Any) -> int:
        if t == "i":
            if isinstance(v, bool) or not isinstance(v, int):
                raise MalformedMoveError(
                    f"{kind!r} expects a whole number, got {v!r}", rule="elgrande.move.arg"
                )
            return v
        if isinstance(v, int) and not isinstance(v, bool):
            if t == "c" and v == -1:
                return -1
            if 0 <= v < len(D.AREA_NAMES):
                return v
            raise MalformedMoveError(f"no area number {v}", rule="elgrande.move.arg")
        if isinstance(v, str):
            if t == "c" and v == _MARK[kind]:
                return -1
            try:
                return D.area_index(v)
            except KeyError:
                raise MalformedMoveError(f"unknown region {v!r}", rule="elgrande.move.arg") from None
        raise MalformedMoveError(f"{kind!r} expects a region, got {v!r}", rule="elgrande.move.arg")

    # ------------------------------------------------------------------ texts
    def describe_move(self, state: State, seat: int, move: Move, lang: str = "en") -> str:
        return describe(state if isinstance(state, ElGrandeState) else None, move, lang)

    def render_log(self, entry: LogEntry, lang: str = "en") -> str:
        return render_entry(entry, lang)

    def render_view(self, view: Mapping[str, Any], lang: str = "en") -> str:
        raise NotImplementedError("TODO(template): render the text picture from the view")

    def render_text(self, state: State, seat: int | None, lang: str = "en") -> str:
        assert isinstance(state, ElGrandeState)
        return render_state(state, seat, lang)

    def bots(self) -> dict[str, type[Bot]]:
        from feldherr.elgrande.bots import HeuristicBot

        return {"heuristic": HeuristicBot}
