"""The protocol binding: ``ElGrandeGame`` (options, facts, codec, texts, bots) and
``ElGrandeState`` (the core ``State`` methods over :class:`~feldherr.elgrande.state.ElGrandeData`,
delegating to the rules). The only module of the package that sees all the others.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable, Mapping, Sequence
from typing import Any

from feldherr.core.actions import sorted_codes
from feldherr.core.bots import Bot
from feldherr.core.errors import OptionError, clip
from feldherr.core.fastcopy import slot_cloner
from feldherr.core.game import JSON, Game, LogEntry, Move, Outcome, State, canonical_digest
from feldherr.core.i18n import capital, capital_steps, error_text
from feldherr.core.info import GameInfo
from feldherr.core.observation import Observation
from feldherr.core.options import Needs, OptionSpec, normalize, players_spec, titled
from feldherr.core.validate import check_seat, check_seed
from feldherr.elgrande import codec, info, infoset, playout, text
from feldherr.elgrande import data as D
from feldherr.elgrande.moves import typed
from feldherr.elgrande.rules.moves import cached_legal, check, disc_ok, play, to_move
from feldherr.elgrande.rules.setup import setup
from feldherr.elgrande.state import ATTRIBUTES, DISC, NESTED, OVER, ElGrandeData

VARIANTS = (
    "short",
    "neue_regentschaft",
    "alte_hasen",
    "machtverschiebung",
    "merged_stacks",
    "hidden_castillo",
)
VARIANT_CHOICES = (*VARIANTS, *(f"alte_hasen:{cid}" for cid in D.ALTE_HASEN_IDS))
DECKS = ("2023", "classic")
ALIASES = {
    "kurz": "short",
    "short_game": "short",
    "nr": "neue_regentschaft",
    "regentschaft": "neue_regentschaft",
    "mv": "machtverschiebung",
    "hasen": "alte_hasen",
    "merged": "merged_stacks",
    "hidden": "hidden_castillo",
}
DECK_TOKENS = {"deck_2023": "2023", "2023": "2023", "classic": "classic", "deck_classic": "classic"}
"""Deck names accepted inside ``variant`` (the form of engine 1: ``deck_2023`` was a variant)."""


_VARIANT_TEXT: dict[str, tuple[str, str, str, str]] = {
    # choice: (English name, German name, what it changes in English, in German)
    "short": (
        "Short game",
        "Kurzes Spiel",
        "6 rounds instead of 9 (the round counter starts on 2 and skips 4 and 7)",
        "6 statt 9 Runden (der Rundenzähler beginnt auf Feld 2 und überspringt 4 und 7)",
    ),
    "neue_regentschaft": (
        "Neue Regentschaft",
        "Neue Regentschaft",
        "ten new 5-cards replace the King's card as a fifth stack",
        "zehn neue 5er-Aktionskarten ersetzen die Königskarte als 5. Stapel",
    ),
    "alte_hasen": (
        "Alte Hasen (all cards)",
        "Alte Hasen (alle Karten)",
        "the 4 alternative action cards for experienced players replace one card of their stack each",
        "die 4 alternativen Aktionskarten für Erfahrene ersetzen je eine Karte ihres Stapels",
    ),
    "machtverschiebung": (
        "Machtverschiebung",
        "Machtverschiebung",
        "3 modifiers each (one passed to the left) change a power card's value; some have an ability",
        "je 3 Modifikatoren (einer geht nach links) ändern den Wert der Machtkarte; manche haben eine "
        "Sonderfähigkeit",
    ),
    "merged_stacks": (
        "Stacks 2 and 3 merged",
        "Stapel 2 und 3 gemischt",
        "3 players: the 2- and 3-cards form one stack, 4 stacks to choose from (2 players always)",
        "zu dritt: die 2er- und 3er-Karten bilden einen Stapel, 4 Stapel zur Auswahl (zu zweit immer)",
    ),
    "hidden_castillo": (
        "Hidden Castillo",
        "Verdecktes Castillo",
        "nobody sees how many Caballeros the others throw into the Castillo",
        "niemand sieht, wie viele Caballeros die anderen ins Castillo werfen",
    ),
}
_ALTE_HASEN_CARD: dict[str, tuple[str, str]] = {
    # the printed name, and (where two cards share it) what tells the card apart
    "intrigue_either": ("Intrigue (move or place 2)", "Intrige (versetzen oder 2 einsetzen)"),
    "veto": ("Veto!", "Veto"),
    "the_court": ("The Court", "Der Hof"),
}


def _variant_labels() -> dict[str, dict[str, str]]:
    labels = {k: {"en": en, "de": de} for k, (en, de, _, _) in _VARIANT_TEXT.items()}
    for cid in D.ALTE_HASEN_IDS:
        en, de = _ALTE_HASEN_CARD.get(cid, (D.CARD_EN[D.CARD_INDEX[cid]], D.CARD_DE[D.CARD_INDEX[cid]]))
        labels[f"alte_hasen:{cid}"] = {"en": f"Alte Hasen: {en}", "de": f"Alte Hasen: {de}"}
    return labels


VARIANT_LABELS = _variant_labels()
"""Each variant choice by its rulebook name in English and German (the lobby shows these)."""


def _variant_help(lang: str) -> str:
    i = 0 if lang == "en" else 1
    head = "Variants and mini-expansions. " if lang == "en" else "Varianten und Minierweiterungen. "
    lines = [f"{t[i]}: {t[i + 2]}." for t in _VARIANT_TEXT.values()]
    tail = (
        "Alte Hasen: one card each may be chosen alone. With 2 players the rules of the 2-player game "
        "apply: a neutral player places Caballeros and takes action cards, only the first two "
        "numbers of a scoring field count."
        if lang == "en"
        else "Alte Hasen: jede Karte lässt sich auch einzeln wählen. Zu zweit gelten die Regeln des "
        "Spiels zu zweit: Ein neutraler Mitspieler setzt Caballeros ein und nimmt Aktionskarten, es "
        "gelten nur die ersten beiden Zahlen der Wertungstafeln."
    )
    return head + " ".join(lines) + " " + tail


_ALTE_HASEN_NEED = Needs(
    "deck",
    ("2023",),
    {
        "en": "the 'Alte Hasen' cards are part of the classic deck already; choose the 2023 edition",
        "de": "die Alte-Hasen-Karten sind schon im klassischen Deck; wähle die Ausgabe 2023",
    },
)
_MERGED_NEED = Needs(
    "players",
    (3,),
    {
        "en": "'Stacks 2 and 3 merged' is an option of the 3-player game (2 players always merge them)",
        "de": "Stapel 2 und 3 gemischt gibt es nur im Spiel zu dritt (zu zweit immer)",
    },
    "merged stacks 2+3 are an option of the 3-player game (2 players always merge)",
)
VARIANT_NEEDS: dict[str, tuple[Needs, ...]] = {
    **{choice: (_ALTE_HASEN_NEED,) for choice in VARIANT_CHOICES if choice.startswith("alte_hasen")},
    "merged_stacks": (_MERGED_NEED,),
}
"""The variants that go only with some other options: the lobby does not offer them meanwhile, and
the options are refused with them (:func:`feldherr.core.options.check_needs`)."""


OPTION_SPEC: tuple[OptionSpec, ...] = (
    players_spec(2, 5, 4),
    OptionSpec(
        "deck",
        "choice",
        "2023",
        "Action cards: the 2023 edition (10 cards a stack) or the classic deck (11 cards a stack, "
        "with the Alte Hasen cards).",
        "Aktionskarten: Ausgabe 2023 (10 Karten je Stapel) oder klassisches Deck (11 Karten je "
        "Stapel, mit den Alte-Hasen-Karten).",
        choices=DECKS,
        labels={
            "2023": {"en": "2023 edition", "de": "Ausgabe 2023"},
            "classic": {"en": "Classic deck", "de": "Klassisches Deck"},
        },
    ),
    OptionSpec(
        "variant",
        "multi",
        [],
        _variant_help("en"),
        _variant_help("de"),
        choices=VARIANT_CHOICES,
        labels=VARIANT_LABELS,
        needs=VARIANT_NEEDS,
    ),
)
OPTION_SPEC = titled(
    OPTION_SPEC,
    {
        "deck": {"en": "Action cards", "de": "Aktionskarten"},
        "variant": {"en": "Variants and mini-expansions", "de": "Varianten und Mini-Erweiterungen"},
    },
)


_NORMALIZED: dict[tuple[Any, ...], dict[str, Any]] = {}


def _plain_key(options: Any) -> tuple[Any, ...] | None:
    """A lookup key for options made only of ints (players), texts and a list of texts."""
    if type(options) is not dict or not all(type(k) is str for k in options):
        return None
    parts: list[Any] = []
    for name in sorted(options):
        v = options[name]
        if type(v) is list:
            if not all(type(x) is str for x in v):
                return None
            parts.append((name, "list", tuple(v)))
        elif type(v) is int or type(v) is str:
            parts.append((name, type(v).__name__, v))
        else:
            return None
    return tuple(parts)


class ElGrandeState(ElGrandeData, State):
    """One El Grande position: the fields of :class:`ElGrandeData` and the protocol."""

    game_name = "elgrande"
    __slots__ = ("game_options",)
    game_options: dict[str, Any]

    @property
    def options(self) -> dict[str, Any]:  # type: ignore[override]
        return self.game_options

    to_move = to_move  # the rules' function bound as a method: one call less on the hot path

    def is_terminal(self) -> bool:
        return self.phase == OVER

    def legal_moves(self, seat: int) -> list[Move]:
        cache = self._legal_cache
        # ``is``: the cached seat is a small int, so 0.0 or True never pass here
        if seat is self._legal_cache_seat and cache is not None:
            return cache[:]  # a copy: the cache stays the state's own
        check_seat(seat, self.num_players)
        return cached_legal(self, seat)[:]

    def apply(self, seat: int, move: Move) -> None:
        cache = self._legal_cache
        # fast path: the seat the cache is for (by identity, see legal_moves) and the very move
        # object legal_moves handed out (its types are exact); an equal move of other types (2.0
        # for 2) is not identical and takes the full check
        if seat is self._legal_cache_seat and cache is not None:
            try:  # (or a move decode handed out: typed, exact ints, so equal is as good)
                fast = cache[cache.index(move)] is move or id(move) in codec.DECODED_IDS
            except ValueError:
                fast = False
            if not fast:
                check(self, seat, move)
                move = typed(move)  # a plain tuple that passed: the rules read fields by name
        elif self.phase != DISC or not disc_ok(self, seat, move):
            check_seat(seat, self.num_players)
            check(self, seat, move)
            move = typed(move)
        self.version += 1
        play(self, seat, move)

    def clone(self) -> ElGrandeState:
        raise NotImplementedError  # replaced by the copier below the class

    def random_playout(self, bot_seeds: Sequence[int]) -> int:
        """The generic loop's game in :func:`feldherr.elgrande.playout.random_playout`."""
        decisions = playout.random_playout(self, bot_seeds)
        self.version += decisions
        return decisions

    def outcome(self) -> Outcome:
        best = max(self.score)
        winners = tuple(p for p in range(self.num_players) if self.score[p] == best)
        return Outcome(scores=tuple(float(x) for x in self.score), winners=winners)

    def to_json(self) -> dict[str, Any]:
        out = self.fields_to_json()
        out["options"] = self.game_options
        return out

    def digest(self) -> str:
        """As the core's, without ``version`` and ``options`` (the options are fixed by the
        fields' setup; engine-1 states had no such key, and their digests stay the same)."""
        data = self.to_json()
        data.pop("version", None)
        data.pop("options", None)
        return canonical_digest(data)

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> ElGrandeState:
        s = cls.__new__(cls)
        s.fields_from_json(dict(data))
        opts = data.get("options")
        s.game_options = dict(opts) if isinstance(opts, Mapping) else _options_of(s)
        return s

    def view(self, seat: int | None) -> dict[str, Any]:
        if seat is not None:
            check_seat(seat, self.num_players)
        return info.view(GAME, self, seat)

    def determinize(self, seat: int, seed: int) -> ElGrandeState:
        check_seat(seat, self.num_players)
        sample = self.clone()
        info.determinize(sample, seat, seed)
        return sample

    def observation(self, seat: int) -> Observation:
        check_seat(seat, self.num_players)
        return info.observe(self, seat)

    def observation_string(self, seat: int, lang: str = "en") -> str:
        return text.render_view(self.view(seat), lang)


# state.clone() is one native call where the C helpers are built (the copier is a method)
ElGrandeState.clone = slot_cloner(  # type: ignore[method-assign,assignment]
    ElGrandeState,
    # the legal-move cache is never changed in place, so it may be shared; effect_finished is 0
    # between decisions
    ("game_options", "version", "_legal_cache", "_legal_cache_seat", "effect_finished"),
    (*(a for a in ATTRIBUTES if a not in NESTED and a != "rng"), "log"),  # lists are copied, ints shared
    NESTED,
    ("rng",),
)


def _options_of(s: ElGrandeData) -> dict[str, Any]:
    """Options for a state read from JSON without them (the deck is then unknown: 2023)."""
    tokens = [
        name
        for name, on in (
            ("short", s.short_game),
            ("hidden_castillo", s.hidden_castillo),
            ("machtverschiebung", s.machtverschiebung),
            ("neue_regentschaft", s.neue_regentschaft),
            ("merged_stacks", s.num_players == 3 and len(s.stacks) == 4),
        )
        if on
    ]
    return {"players": s.num_players, "deck": "2023", "variant": sorted(tokens)}


class ElGrandeGame(Game):
    name = "elgrande"
    title = "El Grande"
    env_name = "ElGrande"
    min_players = 2
    max_players = 5
    engine_version = 2
    """2: issue 11 (distinct negative Machtverschiebung totals, each Veto card on its own, the
    2023 deck by default) and the hidden Castillo's log (one public line per throw)."""

    # ------------------------------------------------------------------ options
    def infoset_key(self, state: State, seat: int | None) -> Hashable:
        """The raw facts of ``state.view(seat)`` as a tuple (:mod:`feldherr.elgrande.infoset`)."""
        to_move = state.to_move()
        moves = state.legal_moves(seat) if seat is not None and seat in to_move else None
        return infoset.infoset_key(state, seat, to_move, moves)  # type: ignore[arg-type]

    def option_spec(self) -> tuple[OptionSpec, ...]:
        return OPTION_SPEC

    def normalize_options(self, options: Mapping[str, Any]) -> dict[str, Any]:
        # normalised options come back here several times per game (play_game, new_state): a
        # plain dict of exact types is looked up (its result depends on these values only)
        key = _plain_key(options)
        if key is not None:
            known = _NORMALIZED.get(key)
            if known is not None:
                return {"players": known["players"], "deck": known["deck"], "variant": list(known["variant"])}
        out = self._normalize(options)
        if key is not None and len(_NORMALIZED) < 512:
            _NORMALIZED[key] = {
                "players": out["players"],
                "deck": out["deck"],
                "variant": list(out["variant"]),
            }
        return out

    def _normalize(self, options: Mapping[str, Any]) -> dict[str, Any]:
        if not isinstance(options, Mapping):
            raise OptionError(f"options must be a JSON object, not {clip(repr(options))}")
        opts = dict(options)
        tokens, deck = _variant_tokens(opts.get("variant"))
        if deck is not None:
            given = opts.get("deck")
            if given is not None and given != deck:
                raise OptionError(f"deck given twice: {clip(repr(given))} and {deck!r}", "deck")
            opts["deck"] = deck
        if tokens is not None:
            opts["variant"] = tokens
        out = normalize(self.option_spec(), opts, self.name)
        chosen = set(out["variant"])
        if "alte_hasen" in chosen:
            chosen -= {t for t in chosen if t.startswith("alte_hasen:")}  # all of them anyway
        out["variant"] = sorted(chosen)
        return out

    def info(self, options: Mapping[str, Any]) -> GameInfo:
        opts = self.normalize_options(options)
        n = opts["players"]
        return GameInfo(
            name=self.name,
            title=self.title,
            num_players=n,
            num_actions=codec.NUM_ACTIONS,
            observation_shape=(info.OBSERVATION_SIZE,),
            observation_bounds=(0.0, 1.0),
            observation_fields=info.FIELDS,
            max_decisions=info.max_decisions(n),
            simultaneous=True,
            chance=True,
            hidden_information=True,
            score_bounds=(0.0, info.MAX_SCORE),
            engine_version=self.engine_version,
        )

    def new_state(self, options: Mapping[str, Any], seed: int) -> ElGrandeState:
        opts = self.normalize_options(options)
        s = ElGrandeState.__new__(ElGrandeState)
        s.game_options = opts
        setup(s, opts["players"], opts["deck"], frozenset(opts["variant"]), check_seed(seed))
        return s

    def state_from_json(self, data: Mapping[str, Any]) -> ElGrandeState:
        return ElGrandeState.from_json(data)

    # ------------------------------------------------------------------ moves
    def move_to_json(self, move: Move) -> JSON:
        return codec.move_to_json(move)

    def move_from_json(self, data: JSON) -> Move:
        return codec.move_from_json(data)

    def encode(self, state: State, seat: int, move: Move) -> int:
        return codec.encode(move)

    def decode(self, state: State, seat: int, action: int) -> Move:
        return codec.decode(action)

    # A legal move's number is looked up (``_CODES``); an action's move is the equal move of the
    # legal-move list (the state's cache), found by equality: no table of moves per decision.
    def staged_actions(self, state: State, seat: int, partial: tuple[int, ...]) -> list[int]:
        if partial:
            return super().staged_actions(state, seat, partial)  # refused: no staged choices
        return sorted_codes(cached_legal(state, seat), _CODES, codec.encode)  # type: ignore[arg-type]

    def staged_move(self, state: State, seat: int, partial: tuple[int, ...], action: int) -> Move | None:
        if partial:
            return super().staged_move(state, seat, partial, action)  # refused
        return codec.decode(action)  # (a shared typed move: ``apply`` takes its fast path)

    def observe(
        self,
        state: State,
        seat: int,
        partial: tuple[int, ...] = (),
        out: Observation | None = None,
        moving: tuple[int, ...] | None = None,
    ) -> Observation:
        check_seat(seat, state.num_players)
        return info.observe(state, seat, out, moving)  # type: ignore[arg-type]

    def observer(self) -> Callable[[State, int, Observation, tuple[int, ...]], Observation] | None:
        return info.native.observe if info.native is not None else None

    def seats_observer(
        self,
    ) -> Callable[[State, tuple[int, ...], Observation, Sequence[int]], Observation] | None:
        return info.native.observe_seats if info.native is not None else None

    def observe_seats(
        self,
        state: State,
        seats: Sequence[int],
        out: Observation,
        partials: Mapping[int, tuple[int, ...]] | None = None,
        moving: tuple[int, ...] | None = None,
    ) -> Observation:
        for seat in seats:
            check_seat(seat, state.num_players)
        return info.observe_seats(state, seats, out, moving)  # type: ignore[arg-type]

    # ------------------------------------------------------------------ presentation
    def view_schema(self) -> dict[str, Any]:
        return info.VIEW_SCHEMA

    #: Moves a player may take back before anyone else acts (the core's test adds: no chance, nothing
    #: hidden shown): a Caballero placed, moved, recalled or sent, the King, a Grande, a region or a
    #: scoreboard picked. Not the card taken, the power card, the secret Castillo disc, a veto, the
    #: end of a placement (the confirmation), the special action.
    UNDOABLE = frozenset(("place", "court", "recall", "from", "to", "fplace", "ret", "send"))
    UNDOABLE |= {"king", "grande", "board", "escort", "choose", "pick"}

    def undoable(self, before: State, seat: int, move: Move, after: State) -> bool:
        return bool(move) and move[0] in self.UNDOABLE

    def messages(self) -> Mapping[str, Mapping[str, str]]:
        return _MESSAGES

    def position_schema(self) -> dict[str, Any]:
        from feldherr.elgrande.position import schema

        return schema(self)

    def position(self, state: State) -> dict[str, Any]:
        from feldherr.elgrande.position import position

        return position(state)

    def from_position(self, position: Mapping[str, Any], seed: int) -> ElGrandeState:
        from feldherr.core.position import load, seat_namer
        from feldherr.elgrande.position import from_position

        state = load(lambda: from_position(self, position, seed), seat_namer(position))
        assert isinstance(state, ElGrandeState)
        return state

    def describe_move(
        self, view: Mapping[str, Any], move: Move, lang: str = "en", names: Sequence[str] | None = None
    ) -> str:
        return capital(text.describe(view, move, lang, names))  # (a button's words)

    def move_steps(
        self, view: Mapping[str, Any], move: Move, lang: str = "en", names: Sequence[str] | None = None
    ) -> list[str | list[str]] | None:
        return capital_steps(text.steps(view, move, lang, names))

    def render_log(self, entry: LogEntry, lang: str = "en", names: Sequence[str] | None = None) -> str:
        return text.render_entry(entry, lang, names)

    def seat_name(self, seat: int, lang: str = "en", names: Sequence[str] | None = None) -> str:
        return text.who(seat, lang, names)

    def log_table(
        self, entry: LogEntry, lang: str = "en", names: Sequence[str] | None = None
    ) -> dict[str, Any] | None:
        return text.log_table(entry, lang, names)

    def error_text(self, err: Exception, lang: str = "en", names: Sequence[str] | None = None) -> str:
        """A rule error in words; a seat it names by its player's name or colour."""
        return error_text(_SeatNamed(err, lang, names), self.messages(), lang, names)

    def render_view(
        self, view: Mapping[str, Any], lang: str = "en", names: Sequence[str] | None = None
    ) -> str:
        return text.render_view(view, lang, names)

    def bots(self) -> dict[str, Callable[[int], Bot]]:
        from feldherr.elgrande.bots import HeuristicBot

        return {"heuristic": HeuristicBot}


class _SeatNamed(Exception):
    """A rule error whose ``seat`` detail is already the seat's name in the reader's language."""

    def __init__(self, err: Exception, lang: str, names: Sequence[str] | None) -> None:
        super().__init__(str(err))
        self.rule = getattr(err, "rule", "")
        self.message = getattr(err, "message", str(err))
        self.details = dict(getattr(err, "details", {}))
        seat = self.details.get("seat")
        if type(seat) is int:
            self.details["seat"] = text.who(seat, lang, names)


def _variant_tokens(raw: Any) -> tuple[Any, str | None]:
    """The ``variant`` value with aliases resolved and a deck named inside it taken out.

    Anything that is not a text or a list of texts is passed on unchanged for the core's check."""
    if raw is None:
        return None, None
    if isinstance(raw, str):
        items: list[Any] = [t.strip() for t in raw.replace(";", ",").split(",")]
    elif isinstance(raw, list | tuple):
        items = list(raw)
    else:
        return raw, None
    out: list[Any] = []
    deck: str | None = None
    for item in items:
        if not isinstance(item, str):
            out.append(item)
            continue
        key = item.strip().lower().replace("-", "_").replace(" ", "_")
        if not key or key == "base":
            continue
        if key in DECK_TOKENS:
            if deck is not None and deck != DECK_TOKENS[key]:
                raise OptionError("two decks named in variant", "variant")
            deck = DECK_TOKENS[key]
            continue
        if key.startswith("alte_hasen:") and key not in VARIANT_CHOICES:
            known = ", ".join(D.ALTE_HASEN_IDS)
            raise OptionError(
                f"{clip(key[11:], 60)!r} is not an 'Alte Hasen' card (known: {known})", "variant"
            )
        out.append(ALIASES.get(key, key))
    return out, deck


_CODES: dict[Move, int] = {}
"""Action number of every legal move met so far (at most ``codec.NUM_ACTIONS`` entries; only moves
of the rules' legal lists, whose arguments are exact ints, are looked up here)."""


GAME = ElGrandeGame()


def _messages() -> dict[str, dict[str, str]]:
    from feldherr.elgrande.position import ERRORS

    return {**text.CATALOGUE, **ERRORS}


_MESSAGES = _messages()
