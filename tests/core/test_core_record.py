"""Game records: JSON round trip, bit-exact replay, and detection of tampering."""

from __future__ import annotations

import json

import pytest
from toygame import ToyGame

from feldherr.core.errors import OptionError, RecordError
from feldherr.core.play import make_bots, play_game
from feldherr.core.record import GameRecord, records_digest, replay


def a_record(seed: int = 4) -> GameRecord:
    game = ToyGame()
    record, _, _ = play_game(game, {"players": 3}, seed, make_bots(game, ["random"] * 3, seed))
    return record


def test_json_round_trip_is_exact() -> None:
    record = a_record()
    text = json.dumps(record.to_json())
    back = GameRecord.from_json(json.loads(text))
    assert back == record
    assert back.digest() == record.digest()
    assert back.final_digest is not None


def test_replay_reaches_the_recorded_final_state() -> None:
    game = ToyGame()
    record, final, _ = play_game(game, {"players": 3}, 8, make_bots(game, ["heuristic"] * 3, 8))
    seen: list[int] = []
    state = replay(game, record, on_move=lambda s, seat, mv: seen.append(seat))
    assert state.digest() == final.digest() == record.final_digest
    assert len(seen) == len(record.moves)


def test_wrong_final_digest_is_detected() -> None:
    record = a_record()
    record.final_digest = "0" * 64
    with pytest.raises(RecordError, match="final_digest"):
        replay(ToyGame(), record)


def test_illegal_move_is_detected() -> None:
    record = a_record()
    seat, _ = record.moves[1]
    record.moves[1] = (seat, ["bid", 99])
    with pytest.raises(RecordError, match="move 1"):
        replay(ToyGame(), record)


def test_changed_seed_is_detected_by_the_digest() -> None:
    record = a_record()
    record.seed += 1
    with pytest.raises(RecordError):
        replay(ToyGame(), record)


def test_record_for_another_game_and_garbage_are_rejected() -> None:
    record = a_record()
    record.game = "elsewhere"
    with pytest.raises(RecordError, match="not 'toy'"):
        replay(ToyGame(), record)
    with pytest.raises(RecordError):
        GameRecord.from_json({"game": "toy"})
    with pytest.raises(RecordError):
        GameRecord.from_json({"game": "toy", "seed": "x", "moves": []})


def test_records_digest_depends_on_content_and_order() -> None:
    a, b = a_record(1), a_record(2)
    assert records_digest([a, b]) == records_digest([a_record(1), a_record(2)])
    assert records_digest([a, b]) != records_digest([b, a])


def test_records_carry_the_engine_version_and_the_digest_ignores_it() -> None:
    record = a_record()
    assert record.engine == ToyGame.engine_version == 1
    assert record.to_json()["engine"] == 1
    old = GameRecord.from_json({k: v for k, v in record.to_json().items() if k != "engine"})
    assert old.engine is None and old.digest() == record.digest()
    assert replay(ToyGame(), old).digest() == record.final_digest  # no engine: engine 1


def test_a_record_of_another_engine_version_is_refused_saying_so() -> None:
    data = a_record().to_json()
    data["engine"] = 2
    with pytest.raises(RecordError, match=r"engine version 2.*engine version 1.*cannot be replayed"):
        replay(ToyGame(), GameRecord.from_json(data))


class NewerToy(ToyGame):
    engine_version = 2


def test_an_old_record_is_refused_by_a_newer_engine() -> None:
    record = a_record()
    with pytest.raises(RecordError, match="engine version 1; this build plays engine version 2"):
        replay(NewerToy(), record)


@pytest.mark.parametrize(
    ("key", "value"),
    [
        ("seed", 7.5),
        ("seed", 7.0),
        ("seed", True),
        ("seed", -1),
        ("seed", 2**64),
        ("seed", float("inf")),
        ("engine", 1.0),
        ("engine", 0),
        ("engine", "1"),
        ("game", "g" * 1_000_000),
        ("game", 7),
        ("options", [1]),
        ("moves", {"a": 1}),
        ("moves", [[0.0, ["bid", 1]]]),
        ("moves", [[True, ["bid", 1]]]),
        ("moves", [[0]]),
        ("final_digest", 7),
    ],
)
def test_from_json_reads_exact_types(key: str, value: object) -> None:
    data = a_record().to_json()
    data[key] = value
    with pytest.raises(RecordError) as info:
        GameRecord.from_json(data)
    assert len(str(info.value)) < 300  # the echo is bounded


def test_a_record_with_a_deeply_nested_move_is_refused() -> None:
    data = a_record().to_json()
    deep: object = 1
    for _ in range(50_000):
        deep = [deep]
    data["moves"][0] = [data["moves"][0][0], deep]
    with pytest.raises(RecordError, match="move 0"):
        replay(ToyGame(), GameRecord.from_json(data))


@pytest.mark.parametrize(
    ("options", "de", "en"),
    [
        (
            {"players": 9},
            "Die Option „Spieler“ muss eine ganze Zahl von 2 bis 4 sein",
            "the option “Players” must be a whole number from 2 to 4",
        ),
        (
            {"players": 2, "modules": ["x"]},
            "Dieses Spiel hat keine Option „modules“",
            "this game has no option",
        ),
        (
            {"players": 2, "variant": "x"},
            "Die Option „variant“ hat einen Wert, den dieses Spiel nicht zulässt",
            "has a value this game does not allow",
        ),
    ],
)
def test_a_records_bad_options_are_refused_in_words(options: dict[str, object], de: str, en: str) -> None:
    """The core's option refusal had English only (``option players must be a whole number from 2
    to 4, not 9``): a record's German refusal ended in it. Now it carries the catalogue's words in
    both languages (``core.options.refusal_words``, the lobby's too); ``str`` stays for programs."""
    with pytest.raises(OptionError) as caught:
        ToyGame().normalize_options(options)
    err = caught.value
    assert err.generic and de in err.text["de"] and en in err.text["en"]
    assert str(err).startswith(("option ", "unknown option"))  # the programs' English, unchanged
    record = GameRecord(game="toy", options=options, seed=1, engine=ToyGame().engine_version)
    with pytest.raises(RecordError) as refused:
        replay(ToyGame(), record)
    assert refused.value.said("de") == f"die Optionen der Aufzeichnung sind ungültig: {err.text['de']}"
