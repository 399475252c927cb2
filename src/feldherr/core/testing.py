"""The conformance suite every game runs: the core contracts, checked over random games.

Use it from a game's tests::

    from feldherr.core.testing import check_conformance
    def test_conformance():
        check_conformance(get_game("mansfeld"), {"players": 3}, games=3, seed=1)

Each check raises ``AssertionError`` naming the contract it found broken. The checks, at positions
sampled along random games, for every seat:

* views: the shared envelope, the game's JSON Schema, JSON-ready; identical across
  ``determinize`` (which resamples everything the seat cannot see, so this is also the check
  that no secret leaks into the view);
* actions: ``legal_moves`` is a fresh list; the mask is true exactly for the encodings of the
  legal moves; ``decode(encode(m)) == m``;
* observations: fixed shape and dtype, equal for equal views (built from the view);
* hostile input: mutated moves (floats, bools, strings, huge and negative numbers, wrong arity),
  mutated JSON and wrong seats raise only :class:`RuleError` and change nothing (digest, views,
  legal moves); every error has a German and an English text;
* ``version`` grows by one per decision; JSON round trip; records replay bit-exactly.

Positions: :func:`check_position_refused` (a position refused by the rule it breaks, in clean words
of both languages, and left unchanged), the one check the games' position tests share.
"""

from __future__ import annotations

import ast
import copy
import json
import re
from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from types import ModuleType
from typing import Any

import numpy as np

from feldherr.core.bots import RandomBot, SeatAccess
from feldherr.core.errors import OptionError, PositionError, RuleError
from feldherr.core.game import JSON, Game, Move, State, canonical_json
from feldherr.core.i18n import error_text
from feldherr.core.observation import unpack
from feldherr.core.play import make_bots, play_game
from feldherr.core.record import GameRecord, replay
from feldherr.core.rng import Rng
from feldherr.core.textscan import catalogue_english_words as catalogue_english_words  # re-exported
from feldherr.core.textscan import text_problems as text_problems  # the text scan (issue 21)
from feldherr.core.validate import MAX_SEED
from feldherr.core.views import ENVELOPE_KEYS, SCHEMA, validate_view

BAD_SEATS: tuple[Any, ...] = (None, "0", 0.0, 1.0, True, False, -1, 10**9, [0], 2**70)


# -- sampling positions -----------------------------------------------------------------------
def positions(game: Game, options: Mapping[str, Any], seed: int, every: int = 7) -> Iterator[State]:
    """Positions along one random game (every ``every``-th decision, and the end, once)."""
    state = game.new_state(game.normalize_options(options), seed)
    bots = [RandomBot(seed * 31 + s) for s in range(state.num_players)]
    count = 0
    yield state.clone()
    while not state.is_terminal():
        for seat in state.to_move():
            if seat not in state.to_move():
                continue
            state.apply(seat, bots[seat].choose(SeatAccess(state, seat)))
            count += 1
            if count % every == 0 and not state.is_terminal():
                yield state.clone()
    yield state


# -- the checks --------------------------------------------------------------------------------
def check_info(game: Game, options: Mapping[str, Any]) -> None:
    info = game.info(game.normalize_options(options))
    assert info.name == game.name, "info.name"
    assert info.num_actions > 0, "info.num_actions"
    assert all(d > 0 for d in info.observation_shape), "info.observation_shape"
    assert info.max_decisions > 0, "info.max_decisions"
    lo, hi = info.score_bounds
    assert lo <= hi, "info.score_bounds"
    assert info.engine_version == game.engine_version, "info.engine_version"
    json.dumps(info.to_json())
    specs = game.option_spec()
    assert specs and specs[0].name == "players", "option_spec: players first"
    for spec in specs:
        json.dumps(spec.to_json())
        assert spec.help_en and spec.help_de, f"option {spec.name}: help in English and German"


def check_view(game: Game, state: State, seat: int | None) -> dict[str, Any]:
    view = state.view(seat)
    for key in ENVELOPE_KEYS:
        assert key in view, f"view: envelope key {key!r} missing"
    assert view["schema"] == SCHEMA and view["game"] == game.name, "view: schema and game"
    assert view["seat"] == seat and view["version"] == state.version, "view: seat and version"
    assert view["to_move"] == list(state.to_move()), "view: to_move"
    assert len(view["players"]) >= state.num_players, "view: one players record per seat"
    assert "log" not in view, "view: the log is delivered as deltas, not inside the view"
    if seat is not None and seat in state.to_move():
        moves = [game.move_to_json(m) for m in state.legal_moves(seat)]
        assert view["decision"] is not None and view["decision"]["moves"] == moves, "view: decision"
    else:
        assert view["decision"] is None, "view: no decision for a seat that owes none"
    text = json.dumps(view)
    assert json.loads(text) == view, "view: JSON-ready"
    validate_view(view, game.view_schema())
    return view


def check_actions(game: Game, state: State, seat: int) -> None:
    info = game.info(state.options)
    moves = state.legal_moves(seat)
    again = state.legal_moves(seat)
    assert moves == again and moves is not again, "legal_moves: a fresh list each call"
    moves.clear()
    assert state.legal_moves(seat) == again, "legal_moves: the caller's list is its own"
    mask = state.action_mask(seat)
    assert len(mask) == info.num_actions, "action_mask: num_actions long"
    spellings = set()
    for move in again[:512]:  # a hand of commitments can have 2**15 moves; the first 512 suffice
        spelled = game.move_actions(state, seat, move)
        assert spelled and all(type(a) is int and 0 <= a < info.num_actions for a in spelled), (
            f"move_actions({move!r}) in range"
        )
        for i, action in enumerate(spelled):
            legal = game.staged_actions(state, seat, spelled[:i])
            assert action in legal, f"move_actions({move!r}): step {i} is legal"
            done = game.staged_move(state, seat, spelled[:i], action)
            if i < len(spelled) - 1:
                assert done is None, f"move_actions({move!r}): step {i} does not end the move"
            else:
                assert done == move, f"staged_move completes {move!r}"
        spellings.add(spelled)
    assert len(spellings) == len(again[:512]), "move_actions: distinct moves have distinct actions"
    first = sorted({s[0] for s in spellings})
    opening = game.staged_actions(state, seat, ())
    assert opening == sorted(opening) and set(first) <= set(opening), "staged_actions: ascending"
    if len(again) <= 512:
        assert first == opening, "staged_actions: exactly the first actions of the legal moves"
    assert [i for i, f in enumerate(mask) if f] == opening, "action_mask: exactly the opening actions"


def check_observation(game: Game, state: State, seat: int) -> None:
    info = game.info(state.options)
    obs = state.observation(seat)
    assert isinstance(obs, np.ndarray) and obs.dtype == np.float32, "observation: float32 array"
    assert obs.shape == info.observation_shape, "observation: info.observation_shape"
    assert np.all(np.isfinite(obs)), "observation: finite"
    low, high = info.observation_bounds
    assert np.all(obs >= low) and np.all(obs <= high), "observation: within info.observation_bounds"
    again = game.observe(state, seat, (), np.full(info.observation_shape, 7.0, np.float32))
    assert np.array_equal(again, obs), "game.observe into a used buffer: the observation"
    moving = () if state.is_terminal() else state.to_move()
    told = game.observe(state, seat, (), np.full(info.observation_shape, 7.0, np.float32), moving)
    assert np.array_equal(told, obs), "game.observe told the seats to move: the observation"
    assert np.array_equal(game.observe(state, seat, (), None, moving), obs), "game.observe, moving, new array"
    seats = [s for s in range(state.num_players) if s != seat] + [seat]  # every seat at once, seat last
    rows = np.full((len(seats), *info.observation_shape), 7.0, np.float32)
    assert game.observe_seats(state, seats, rows, None, moving) is rows, "game.observe_seats: into out"
    assert np.array_equal(rows[-1], obs), "game.observe_seats: the seat's row is its observation"
    for row, other in zip(rows[:-1], seats[:-1], strict=True):
        assert np.array_equal(row, game.observe(state, other)), "game.observe_seats: every seat's row"
    fields = info.fields()
    at = 0
    for f in fields:  # the named blocks lie end to end and cover the observation exactly
        assert f.offset == at and f.size > 0 and f.name.isidentifier(), f"observation field {f.name}"
        at += f.size
    assert at == obs.size and len({f.name for f in fields}) == len(fields), "observation fields: a partition"
    blocks = unpack(obs, fields)
    assert all(np.shares_memory(blocks[f.name], obs) for f in fields), "unpack: views of the observation"
    assert np.array_equal(np.concatenate([b.ravel() for b in blocks.values()]), obs.ravel()), "unpack"
    assert isinstance(state.observation_string(seat), str), "observation_string"


def check_observe_is_the_views(
    game: Game,
    options: Mapping[str, Any],
    reference: Callable[[dict[str, Any]], Any],
    resample_every: int,
) -> tuple[int, set[Any]]:
    """A game's observation read from the state against its view-based reference: at every position
    of one random game (seed ``len(repr(options))``) and for every seat, ``game.observe`` into a
    dirty buffer of that seat's gives exactly ``reference(view(seat))`` (so nothing hidden leaks),
    every number in [0, 1]; at every ``resample_every``-th check a state the seat to move cannot
    tell apart (``determinize``) gives it the same numbers; at the end ``observation`` is the
    reference too. Returns the number of (position, seat) checks and the phases met."""
    seed = len(repr(options))
    state = game.new_state(options, seed)
    size = game.info(state.options).observation_shape
    bots = [RandomBot(seed * 10 + s) for s in range(state.num_players)]
    buffers = [np.full(size, 7.0, np.float32) for _ in range(state.num_players)]
    positions = 0
    phases = set()
    while not state.is_terminal():
        phases.add(getattr(state, "phase", None))
        for seat in range(state.num_players):
            fast = game.observe(state, seat, (), buffers[seat])
            assert fast is buffers[seat]
            expected = reference(state.view(seat))
            assert np.array_equal(fast, expected), np.flatnonzero(fast != expected)
            assert fast.min() >= 0.0 and fast.max() <= 1.0
            positions += 1
        if positions % resample_every == 0:  # a world the seat cannot tell apart: the same numbers
            seat = state.to_move()[0]
            other = state.determinize(seat, positions)
            assert np.array_equal(game.observe(other, seat), game.observe(state, seat))
        seat = state.to_move()[0]
        state.apply(seat, bots[seat].choose(SeatAccess(state, seat)))
    assert np.array_equal(state.observation(0), reference(state.view(0)))
    return positions, phases


def check_determinize(game: Game, state: State, seat: int, seeds: Sequence[int] = (1, 2)) -> None:
    view = state.view(seat)
    obs = state.observation(seat)
    moves = state.legal_moves(seat)
    before = state.digest()
    for seed in seeds:
        sample = state.determinize(seat, seed)
        assert state.digest() == before, "determinize: the state itself is untouched"
        assert type(sample) is type(state), "determinize: a state of the same game"
        assert sample.view(seat) == view, "determinize: the seat's view is unchanged (or a secret leaks)"
        assert np.array_equal(sample.observation(seat), obs), "observation: built from the view only"
        assert sample.legal_moves(seat) == moves, "determinize: the seat's legal moves are unchanged"


def check_round_trip(game: Game, state: State) -> None:
    data = state.to_json()
    copy = game.state_from_json(json.loads(json.dumps(data)))
    assert copy.to_json() == data, "JSON round trip"
    assert copy.version == state.version, "JSON round trip keeps the version"


# -- hostile input ----------------------------------------------------------------------------
def _mutations(value: Any, rng: Rng) -> Iterator[Any]:
    """Values that look like ``value`` but are not it by exact type or range."""
    if type(value) is int:
        yield float(value)
        yield value + 0.5
        yield -1 - value
        yield 10**12
        yield -(10**12)
        yield str(value)
        yield bool(value % 2)
        yield [value]
        yield None
    elif type(value) is bool:
        yield int(value)
        yield float(value)
        yield str(value).lower()
    elif isinstance(value, str):
        yield value + "x"
        yield value.upper() if value != value.upper() else value.lower()
        yield ""
        yield "x" * 5000
        yield 0
    elif isinstance(value, list | tuple):
        yield list(value)[:-1]
        yield [*value, 0]
        yield {"a": 1}
    elif value is None:
        yield 0
        yield "None"


def _deep(depth: int) -> Any:
    out: Any = 0
    for _ in range(depth):
        out = [out]
    return out


def hostile_jsons(move_json: JSON, rng: Rng) -> Iterator[JSON]:
    """Mutated forms of one legal move's JSON."""
    yield None
    yield 1.5
    yield {"kind": move_json}
    yield "not json ["
    yield json.dumps(move_json).replace("]", "")
    yield _deep(2000)
    if not isinstance(move_json, list):
        yield from _mutations(move_json, rng)
        return
    yield []
    yield ["no-such-move"]
    yield [*move_json, 1]
    yield move_json[:-1]
    yield json.dumps(move_json)[:-1]
    for index, value in enumerate(move_json):
        for bad in _mutations(value, rng):
            yield [*move_json[:index], bad, *move_json[index + 1 :]]
        if isinstance(value, list) and value:
            for j, inner in enumerate(value):
                for bad in _mutations(inner, rng):
                    inner_list = [*value[:j], bad, *value[j + 1 :]]
                    yield [*move_json[:index], inner_list, *move_json[index + 1 :]]


def hostile_moves(move: Move) -> Iterator[Any]:
    """Mutated move objects (the Python API path: no JSON reader in between)."""
    yield ()
    yield None
    yield [*move]
    yield (*move, 0)
    yield move[:-1]
    for index, value in enumerate(move):
        for bad in _mutations(value, Rng(index)):
            yield (*move[:index], bad, *move[index + 1 :])


def _snapshot(state: State, seats: Sequence[int]) -> tuple[Any, ...]:
    return (
        state.digest(),
        state.version,
        [state.view(s) for s in seats],
        [state.legal_moves(s) for s in seats],
    )


def _legal_json(game: Game, state: State, seat: int) -> set[str]:
    return {canonical_json(game.move_to_json(m)) for m in state.legal_moves(seat)}


@dataclass
class HostileReport:
    """What became of the bad inputs thrown at one position (see :func:`hostile_report`)."""

    thrown: int = 0
    crashes: int = 0
    """Inputs that raised something else than a RuleError."""
    changes: int = 0
    """Inputs after which the state (digest or version) was not what it had been."""
    accepted: int = 0
    """Bad inputs that raised nothing at all."""
    bad_texts: int = 0
    """RuleErrors without a bounded German and English text (or without a catalogue entry)."""
    examples: list[str] = field(default_factory=list)

    @property
    def clean(self) -> bool:
        return not (self.crashes or self.changes or self.accepted or self.bad_texts)

    def note(self, text: str) -> None:
        if len(self.examples) < 5:
            self.examples.append(text)

    def add(self, other: HostileReport) -> None:
        self.thrown += other.thrown
        self.crashes += other.crashes
        self.changes += other.changes
        self.accepted += other.accepted
        self.bad_texts += other.bad_texts
        for text in other.examples:
            self.note(text)


def _text_problem(game: Game, err: RuleError) -> str | None:
    for lang in ("en", "de"):
        text = game.error_text(err, lang)
        if not isinstance(text, str) or not text:
            return f"no {lang} error text"
        if len(text) >= 1000:
            return f"error text is not bounded ({len(text)} characters)"
    if err.rule and not err.rule.startswith("core."):
        if err.rule not in game.messages():
            return f"no de/en message for rule {err.rule!r}"
        if not error_text(err, game.messages(), "de"):
            return "no German text"
    return None


def hostile_report(game: Game, state: State, rng: Rng, limit: int = 120) -> HostileReport:
    """Throw bad input at a copy of ``state`` and count what happened, input by input: refused with
    a RuleError (as it must be), a crash, accepted, or a change of the state (after which the next
    inputs go to a fresh copy). Bad seats, moves out of turn, mutated move objects and mutated JSON
    (see :func:`hostile_moves`, :func:`hostile_jsons`)."""
    seats = list(range(state.num_players))
    pristine = state.clone()
    before = _snapshot(pristine, seats)
    key = (before[0], before[1])
    report = HostileReport()
    box = [state.clone()]  # the copy the inputs go to (replaced after a change)

    def refused(call: Any, label: str) -> None:
        report.thrown += 1
        try:
            call()
        except RuleError as err:
            problem = _text_problem(game, err)
            if problem is not None:
                report.bad_texts += 1
                report.note(f"{label}: {problem}")
        except Exception as exc:
            report.crashes += 1
            report.note(f"{label}: {type(exc).__name__}: {_message(exc)}, not a RuleError")
        else:
            report.accepted += 1
            report.note(f"{label}: accepted")
        work = box[0]
        if (work.digest(), work.version) != key:
            report.changes += 1
            report.note(f"{label}: changed the state")
            box[0] = pristine.clone()

    movers = state.to_move()
    for seat in BAD_SEATS:
        refused(lambda seat=seat: box[0].legal_moves(seat), f"legal_moves({_label(seat)})")
        move = next((m for s in movers for m in state.legal_moves(s)), ("pass",))
        refused(lambda seat=seat, move=move: box[0].apply(seat, move), f"apply({_label(seat)}, ...)")
    for seat in seats:
        if seat in movers:
            continue
        others = [m for s in movers for m in state.legal_moves(s)]
        if others and others[0] not in state.legal_moves(seat):
            refused(lambda seat=seat, m=others[0]: box[0].apply(seat, m), f"apply by seat {seat} out of turn")
    for seat in movers:
        moves = state.legal_moves(seat)
        legal = _legal_json(game, state, seat)
        typed: frozenset[str] | None = None  # the legal moves typed, written when first needed
        sample = [moves[rng.below(len(moves))] for _ in range(min(3, len(moves)))]
        candidates: list[tuple[str, Any]] = []
        for move in sample:
            mj = game.move_to_json(move)
            for bad in hostile_jsons(mj, rng):
                candidates.append(("json", bad))
            for bad_move in hostile_moves(move):
                candidates.append(("move", bad_move))
        if not candidates:
            continue
        rng_pick = [candidates[rng.below(len(candidates))] for _ in range(min(limit, len(candidates)))]
        for path, bad in rng_pick:
            if path == "json":
                try:
                    text = canonical_json(bad)
                except (ValueError, RecursionError):
                    text = ""
                if text in legal:
                    continue

                def via_json(bad: Any = bad, seat: int = seat) -> None:
                    box[0].apply(seat, game.move_from_json(bad))

                refused(via_json, f"seat {seat} JSON {_label(bad)}")
            else:
                if typed is None:
                    typed = _typed_texts(moves)
                if _exactly_legal(bad, typed):
                    continue
                refused(lambda bad=bad, seat=seat: box[0].apply(seat, bad), f"seat {seat} move {_label(bad)}")
    after = _snapshot(box[0], seats)
    if after != before and report.changes == 0:
        report.changes += 1
        report.note("hostile input changed a view or the legal moves")
    return report


def check_hostile(game: Game, state: State, rng: Rng, limit: int = 120) -> int:
    """Throw bad input at ``state``; assert only RuleErrors (with de/en texts) and no change.
    Returns the number of inputs thrown."""
    report = hostile_report(game, state, rng, limit)
    assert report.clean, "; ".join(report.examples)
    return report.thrown


def _message(exc: BaseException) -> str:
    try:
        return str(exc)[:300]
    except Exception:
        return "(no message)"


def _label(value: Any) -> str:
    try:
        return repr(value)[:80]
    except (RecursionError, ValueError):
        return f"<{type(value).__name__} too large to show>"


def _typed_texts(moves: Sequence[Move]) -> frozenset[str]:
    """The legal moves as :func:`_exactly_legal` compares them (written once per seat, not once per
    input thrown: that was most of the time of a conformance check with long lists of moves)."""
    return frozenset(json.dumps(_typed(m)) for m in moves)


def _exactly_legal(move: Any, legal: frozenset[str]) -> bool:
    """``move`` equals a legal move (``legal``: :func:`_typed_texts` of the legal moves) with every
    part of the same type (so 2.0 is not 2)."""
    try:
        text = json.dumps(_typed(move))
    except (TypeError, ValueError, RecursionError):
        return False
    return text in legal


def _typed(value: Any) -> Any:
    if isinstance(value, list | tuple):
        # a typed move (a NamedTuple) is a tuple: equal values of equal types are the same move
        kind = "tuple" if isinstance(value, tuple) else type(value).__name__
        return [kind, [_typed(v) for v in value]]
    return [type(value).__name__, value]


# -- records ----------------------------------------------------------------------------------
def check_records(game: Game, options: Mapping[str, Any], seed: int) -> GameRecord:
    n = game.normalize_options(options)["players"]
    names = ["random"] * n
    record, state, _ = play_game(game, options, seed, make_bots(game, names, seed))
    data = json.loads(json.dumps(record.to_json()))
    again = replay(game, GameRecord.from_json(data))
    assert again.digest() == state.digest(), "records replay bit-exactly"
    assert again.version == state.version == len(record.moves), "version counts the decisions"
    return record


def check_versions(game: Game, options: Mapping[str, Any], seed: int) -> None:
    state = game.new_state(game.normalize_options(options), seed)
    assert state.version == 0, "version starts at 0"
    bots = [RandomBot(seed + s) for s in range(state.num_players)]
    for _ in range(40):
        if state.is_terminal():
            break
        seat = state.to_move()[0]
        before = state.version
        state.apply(seat, bots[seat].choose(SeatAccess(state, seat)))
        assert state.version == before + 1, "version grows by one per decision"


def check_seeds(game: Game, options: Mapping[str, Any]) -> None:
    """``new_state`` takes exactly the seeds 0 to 2^64-1: anything else is an OptionError (the
    generator reads a seed modulo 2^64, so -1 or 2^64 would be another seed's game)."""
    opts = game.normalize_options(options)
    bads: tuple[Any, ...] = (-1, MAX_SEED, True, 7.5, "3", None)
    for bad in bads:
        try:
            game.new_state(opts, bad)
        except OptionError:
            continue
        raise AssertionError(f"new_state took the seed {bad!r}")
    assert game.new_state(opts, MAX_SEED - 1).digest() != game.new_state(opts, 0).digest()


# -- all of it ----------------------------------------------------------------------------------
def check_conformance(
    game: Game,
    options: Mapping[str, Any],
    games: int = 2,
    seed: int = 1,
    every: int = 7,
    hostile_limit: int = 60,
) -> dict[str, int]:
    """Run every check over ``games`` random games; returns counts (positions, bad inputs)."""
    check_info(game, options)
    check_seeds(game, options)
    rng = Rng(seed)
    counts = {"positions": 0, "hostile": 0}
    for g in range(games):
        check_versions(game, options, seed + g)
        for state in positions(game, options, seed + g, every):
            counts["positions"] += 1
            check_round_trip(game, state)
            check_view(game, state, None)
            for seat in range(state.num_players):
                check_view(game, state, seat)
                check_actions(game, state, seat)
                check_observation(game, state, seat)
                check_determinize(game, state, seat)
            check_clone(game, state, rng)
            counts["hostile"] += check_hostile(game, state, rng, hostile_limit)
        check_records(game, options, seed + g)
    return counts


def check_clone(game: Game, state: State, rng: Rng, moves_per_seat: int = 3) -> None:
    """A clone is an independent copy: equal to the original, and playing moves on it (each on a
    fresh clone, then one more on a clone of that) leaves the original exactly as it was, log and
    generator included, and what its JSON does not hold as well (it plays on as a state read back
    from its JSON does)."""
    before = canonical_json(state.to_json())
    copy = state.clone()
    assert type(copy) is type(state), "clone: the same class"
    assert canonical_json(copy.to_json()) == before, "clone: equal to the original"
    for seat in state.to_move():
        legal = state.legal_moves(seat)
        if len(legal) > moves_per_seat:
            legal = [legal[rng.below(len(legal))] for _ in range(moves_per_seat)]
        for move in legal:
            copy = state.clone()
            copy.apply(seat, move)
            middle = canonical_json(copy.to_json())
            for other in copy.to_move()[:1]:
                choices = copy.legal_moves(other)
                copy.clone().apply(other, choices[rng.below(len(choices))])
            assert canonical_json(copy.to_json()) == middle, f"{game.name}: a clone's clone leaked a move"
            assert canonical_json(state.to_json()) == before, f"{game.name}: a clone changed the original"
    # what the JSON does not hold (derived fields, caches) must be untouched too: the original
    # plays on exactly as a state read back from its JSON
    seed = rng.next64()
    pristine = game.state_from_json(json.loads(before))
    assert _future(state, seed) == _future(pristine, seed), f"{game.name}: a clone changed the future"


def _future(state: State, seed: int, steps: int = 25) -> str:
    """The canonical JSON after ``steps`` random decisions on a copy of ``state``."""
    s = state.clone()
    rng = Rng(seed)
    for _ in range(steps):
        if s.is_terminal():
            break
        seat = s.to_move()[0]
        moves = s.legal_moves(seat)
        s.apply(seat, moves[rng.below(len(moves))])
    return canonical_json(s.to_json())


def check_sample_choice(make_bot: Callable[[int], Any], state: State, seat: int, seed: int = 0) -> Move:
    """A bot's ``choose_in_sample(state, seat, legal)`` (the state path a search's playouts take)
    is its ``choose(SeatAccess(state, seat))``: the same move, and the same draws of its generator
    (``rng``, where it has one). Returns the move."""
    by_view, by_state = make_bot(seed), make_bot(seed)
    chosen: Move = by_view.choose(SeatAccess(state, seat))
    legal = state.legal_moves(seat)
    assert by_state.choose_in_sample(state, seat, legal) == chosen, "choose_in_sample: the same move"
    drew, drew_too = getattr(by_view, "rng", None), getattr(by_state, "rng", None)
    assert drew is None or drew.state == getattr(drew_too, "state", None), "choose_in_sample: the same draws"
    return chosen


# -- the layout ---------------------------------------------------------------------------------
def import_graph(package_dir: Path, package: str) -> dict[str, set[str]]:
    """Module -> modules of the same package it imports (anywhere in the file, function-local
    imports included; not under ``if TYPE_CHECKING:``)."""
    graph: dict[str, set[str]] = {}
    for path in sorted(package_dir.rglob("*.py")):
        rel = path.relative_to(package_dir).with_suffix("")
        parts = [package, *rel.parts]
        if parts[-1] == "__init__":
            parts = parts[:-1]
        name = ".".join(parts)
        is_pkg = path.name == "__init__.py"
        tree = ast.parse(path.read_text(encoding="utf-8"))
        edges: set[str] = set()
        for node in _runtime_nodes(tree):
            targets: list[str] = []
            if isinstance(node, ast.Import):
                targets = [a.name for a in node.names]
            elif isinstance(node, ast.ImportFrom):
                base = node.module or ""
                if node.level:
                    anchor = parts if is_pkg else parts[:-1]
                    anchor = anchor[: len(anchor) - (node.level - 1)]
                    base = ".".join([*anchor, base] if base else anchor)
                targets = [base] + [f"{base}.{a.name}" for a in node.names]
            for target in targets:
                if target == package or target.startswith(package + "."):
                    edges.add(target)
        graph[name] = edges
    known = set(graph)
    return {m: {t for t in e if t in known and t != m} for m, e in graph.items()}


def _runtime_nodes(tree: ast.AST) -> Iterator[ast.AST]:
    """Every node but those under ``if TYPE_CHECKING:`` (imports for annotations only, which
    never run and so make no circle)."""
    stack: list[ast.AST] = [tree]
    while stack:
        node = stack.pop()
        if isinstance(node, ast.If) and _is_type_checking(node.test):
            stack.extend(node.orelse)
            continue
        yield node
        stack.extend(ast.iter_child_nodes(node))


def _is_type_checking(test: ast.expr) -> bool:
    return (isinstance(test, ast.Name) and test.id == "TYPE_CHECKING") or (
        isinstance(test, ast.Attribute) and test.attr == "TYPE_CHECKING"
    )


def find_cycle(graph: Mapping[str, set[str]]) -> list[str] | None:
    """One import circle in ``graph``, or None."""
    colour: dict[str, int] = {}
    stack: list[str] = []

    def visit(node: str) -> list[str] | None:
        colour[node] = 1
        stack.append(node)
        for nxt in sorted(graph.get(node, ())):
            if colour.get(nxt) == 1:
                return [*stack[stack.index(nxt) :], nxt]
            if nxt not in colour:
                found = visit(nxt)
                if found:
                    return found
        stack.pop()
        colour[node] = 2
        return None

    for node in sorted(graph):
        if node not in colour:
            found = visit(node)
            if found:
                return found
    return None


# -- typed moves ----------------------------------------------------------------------------------
def move_types(module: ModuleType) -> tuple[type, ...]:
    """The typed moves (NamedTuples) a game's move module defines."""
    return tuple(
        t
        for t in vars(module).values()
        if isinstance(t, type) and issubclass(t, tuple) and hasattr(t, "_fields")
    )


def check_move_module(module: ModuleType, package: str) -> None:
    """A game's move types: ``kind`` first in each, and the module imports only the core and the
    game's data and state (so every layer of the game may import it without a circle)."""
    for cls in move_types(module):
        assert getattr(cls, "_fields")[0] == "kind", f"{cls.__name__}: kind first"  # noqa: B009
    allowed = {package, f"{package}.data", f"{package}.state"}
    tree = ast.parse(Path(str(module.__file__)).read_text(encoding="utf-8"))
    for node in ast.walk(tree):
        if isinstance(node, ast.ImportFrom) and node.module and node.module.startswith("feldherr"):
            if node.module.startswith("feldherr.core"):
                continue
            assert node.module in allowed, f"{module.__name__} imports {node.module}"
            if node.module == package:
                assert all(a.name in ("data", "state") for a in node.names), node.module


def check_typed_moves(
    game: Game, module: ModuleType, options: Mapping[str, Any], seeds: int = 2, steps: int = 400
) -> None:
    """Typed and plain-tuple moves are the same moves: equal and hashed alike, the same JSON and
    action, read back as the typed move; two games, one fed the typed moves and one their plain
    tuples, stay equal (digest) at every step."""
    types = move_types(module)
    for seed in range(seeds):
        rng = Rng(seed)
        typed_state = game.new_state(options, seed)
        plain_state = game.new_state(options, seed)
        for _ in range(steps):
            seats = typed_state.to_move()
            if not seats:
                break
            seat = seats[rng.below(len(seats))]
            moves = typed_state.legal_moves(seat)
            assert plain_state.legal_moves(seat) == moves
            for m in moves[:40]:
                assert isinstance(m, types), f"{m!r} is not a typed move"
                plain = tuple(m)
                assert getattr(m, "kind") == m[0] and plain == m  # noqa: B009 and hash(plain) == hash(m), repr(m)
                as_json = game.move_to_json(m)
                assert json.dumps(game.move_to_json(plain)) == json.dumps(as_json), repr(m)
                back = game.move_from_json(as_json)
                assert back == m and type(back) is type(m), f"move_from_json({as_json!r})"
                code = game.move_actions(typed_state, seat, m)
                assert game.move_actions(typed_state, seat, plain) == code, repr(m)
                assert game.staged_move(typed_state, seat, code[:-1], code[-1]) == m, repr(m)
            move = moves[rng.below(len(moves))]
            typed_state.apply(seat, move)
            plain_state.apply(seat, tuple(move))
            assert plain_state.digest() == typed_state.digest(), "typed and plain moves play alike"


# -- positions ------------------------------------------------------------------------------------

_PLACEHOLDER = re.compile(r"\{[a-z_]+[}:]")
#: Code words a position refusal's German text never shows besides :func:`text_problems`' (a
#: Python literal, a catalogue key).
_CODE_WORDS = ("None", "pos.")


def _echoed(position: Any, err: PositionError) -> list[str]:
    """What a refusal may echo as the file wrote it: the players' names the position gives (a file
    may name a player "Player 1") and the text it found wrong (a misspelt name)."""
    from feldherr.core.position import player_names

    out = []
    if isinstance(position, Mapping) and isinstance(position.get("players"), list):
        out += player_names(position)
    for key in ("value", "found"):
        value = err.details.get(key)
        if isinstance(value, str) and len(value) >= 2 and value[0] == value[-1] == '"':
            out.append(value[1:-1])
    return sorted((t for t in out if t), key=len, reverse=True)


def _without(text: str, echoed: Sequence[str]) -> str:
    for written in echoed:
        text = re.sub(rf"(?<!\w){re.escape(written)}(?!\w)", "Anna", text)
    return text


def check_position_refused(
    game: Game,
    position: Any,
    rule: str,
    english: str = "",
    german: str = "",
    *,
    seed: int = 1,
    not_in_german: Iterable[str] = (),
) -> PositionError:
    """``game.from_position(position, seed)`` refuses ``position`` with a
    :class:`~feldherr.core.errors.PositionError` of ``rule`` and leaves it as it was; the refusal's
    English text holds ``english`` and its German one ``german``; both are filled in (no
    ``{placeholder}`` left), differ from each other, and are free of what a person must not read
    (:func:`text_problems`: ids, literals, snake_case; no ``None`` or catalogue key, nor any of
    ``not_in_german`` in the German), where they do not echo what the file wrote (a player's name,
    the misspelt name refused). Returns the error, for checks of its details."""
    before = copy.deepcopy(position)
    try:
        game.from_position(position, seed)
    except PositionError as exc:
        err = exc
    else:
        raise AssertionError(f"the position was accepted; expected a refusal by {rule}")
    assert err.rule == rule, f"refused by {err.rule}, not {rule}: {err}"
    assert position == before, "refusing the position changed it"
    en, de = game.error_text(err, "en"), game.error_text(err, "de")
    assert english in en, en
    assert german in de, de
    assert en != de, en
    assert not _PLACEHOLDER.search(en + de), (en, de)
    echoed = _echoed(position, err)  # what the file wrote, as written
    problems = [*text_problems(_without(en, echoed), "en"), *text_problems(_without(de, echoed), "de")]
    assert not problems, problems
    for word in (*_CODE_WORDS, *not_in_german):
        assert word not in de, (word, de)
    return err
