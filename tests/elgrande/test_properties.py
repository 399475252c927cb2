"""Properties over many random games, all player counts and variants; round trips; replays."""

from __future__ import annotations

import json

import pytest

from feldherr.core.bots import RandomBot, SeatAccess
from feldherr.core.play import make_bots, play_game
from feldherr.core.record import GameRecord, replay
from feldherr.elgrande import data as D
from feldherr.elgrande.game import ElGrandeGame

GAME = ElGrandeGame()
VARIANTS = [
    "",
    "short",
    "neue_regentschaft",
    "deck_2023,alte_hasen",
    "machtverschiebung",
    "hidden_castillo",
    "short,neue_regentschaft,machtverschiebung,alte_hasen,hidden_castillo",
]
KING_KEYS = {"king", "swap"}


def _check_game(players: int, variant: str, seed: int, roundtrip_every: int = 0) -> None:
    st = GAME.new_state({"players": players, "variant": variant}, seed)
    bots = [RandomBot(seed * 7 + s) for s in range(players)]
    prev_scores = list(st.score)
    king = st.king
    loglen = len(st.log)
    step = 0
    while not st.is_terminal():
        for seat in st.to_move():
            move = bots[seat].choose(SeatAccess(st, seat))
            if roundtrip_every and step % roundtrip_every == 0:
                twin = GAME.state_from_json(json.loads(json.dumps(st.to_json())))
                assert twin.digest() == st.digest()
                assert twin.legal_moves(seat) == st.legal_moves(seat)
                twin.apply(seat, GAME.move_from_json(json.loads(json.dumps(GAME.move_to_json(move)))))
            st.apply(seat, move)
            if roundtrip_every and step % roundtrip_every == 0:
                assert twin.digest() == st.digest()
            step += 1
            for c in range(st.colours):
                row = st.caballeros[c * D.AREAS : (c + 1) * D.AREAS]
                assert min(row) >= 0 and st.court[c] >= 0 and st.province[c] >= 0
                assert st.province[c] + st.court[c] + sum(row) == D.CABALLEROS, (c, variant)
            assert all(a >= b for a, b in zip(st.score, prev_scores, strict=True))
            prev_scores = list(st.score)
            if st.king != king:
                assert any(e["k"] in KING_KEYS for e in st.log[loglen:]), "King moved without a King move"
                king = st.king
            loglen = len(st.log)
    out = st.outcome()
    assert max(out.scores) == out.scores[out.winners[0]]


@pytest.mark.parametrize("variant", VARIANTS)
@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_random_games_keep_the_invariants(players: int, variant: str) -> None:
    for seed in range(200):
        _check_game(players, variant, seed)


def test_three_players_merged_stacks() -> None:
    for seed in range(60):
        _check_game(3, "merged_stacks", seed)


@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_json_round_trip_mid_game(players: int) -> None:
    for seed in range(6):
        _check_game(players, "machtverschiebung,neue_regentschaft,alte_hasen", seed, roundtrip_every=7)


@pytest.mark.parametrize("players", [2, 4, 5])
def test_records_replay(players: int) -> None:
    for seed in range(8):
        bots = make_bots(GAME, ["heuristic", *["random"] * (players - 1)], seed)
        variant = "neue_regentschaft,machtverschiebung" if seed % 2 else "deck_2023"
        record, final, _ = play_game(GAME, {"players": players, "variant": variant}, seed, bots)
        again = GAME.new_state(record.options, record.seed)
        assert again.digest() != final.digest()
        data = json.loads(json.dumps(record.to_json()))
        replayed = replay(GAME, GameRecord.from_json(data))
        assert replayed.digest() == final.digest()


def test_clone_is_independent() -> None:
    st = GAME.new_state({"players": 4}, 3)
    twin = st.clone()
    seat = st.to_move()[0]
    st.apply(seat, st.legal_moves(seat)[0])
    assert twin.digest() != st.digest()
    twin.apply(seat, twin.legal_moves(seat)[0])
    assert twin.digest() == st.digest()


def test_heuristic_beats_random() -> None:
    wins = 0.0
    for seed in range(12):
        bots = make_bots(GAME, ["heuristic", "random", "random", "random"], seed)
        _, final, _ = play_game(GAME, {"players": 4}, seed, bots, record_moves=False)
        wins += final.outcome().win_shares[0]
    assert wins >= 8


def test_every_log_entry_and_move_renders_in_both_languages() -> None:
    from feldherr.elgrande.text import CATALOGUE

    for players, variant in ((2, "machtverschiebung"), (4, "neue_regentschaft,alte_hasen,hidden_castillo")):
        st = GAME.new_state({"players": players, "variant": variant}, 11)
        bots = [RandomBot(s) for s in range(players)]
        while not st.is_terminal():
            for seat in st.to_move():
                for move in st.legal_moves(seat)[:3]:
                    for lang in ("en", "de"):
                        assert GAME.describe_move(st.view(seat), move, lang)
                st.apply(seat, bots[seat].choose(SeatAccess(st, seat)))
        for entry in st.log:
            assert entry["k"] in CATALOGUE, entry["k"]
            for lang in ("en", "de"):
                text = GAME.render_log(entry, lang)
                assert "{" not in text, text
        for seat in (None, 0, 1):
            assert "Galicia" in GAME.render_text(st, seat, "de")


def test_heuristic_ignores_what_its_seat_cannot_see() -> None:
    from feldherr.elgrande.bots import HeuristicBot
    from feldherr.elgrande.game import ElGrandeState

    for seed in range(6):
        st = GAME.new_state({"players": 4}, seed)
        bots = [RandomBot(seed + s) for s in range(4)]
        for _ in range(40 + 9 * seed):
            seat = st.to_move()[0]
            st.apply(seat, bots[seat].choose(SeatAccess(st, seat)))
        seat = st.to_move()[0]
        other = (seat + 1) % 4
        twin = st.clone()
        assert isinstance(twin, ElGrandeState)
        twin.power_hand[other] ^= 0b110  # another hand, another deck order, another generator
        for stack in twin.stacks:
            stack.reverse()
        twin.rng.state ^= 12345
        assert HeuristicBot(seed).choose(SeatAccess(st, seat)) == HeuristicBot(seed).choose(
            SeatAccess(twin, seat)
        )


def test_action_cards_are_named_in_the_log_and_the_terms() -> None:
    from feldherr.elgrande import data
    from feldherr.web import terms

    words = terms(GAME)
    for i, cid in enumerate(data.CARD_IDS):
        assert words[f"card.{cid}"] == {"en": data.CARD_EN[i], "de": data.CARD_DE[i]}
    entry = {"k": "reveal", "a": {"cards": ["miliz", "veto", ""]}}
    assert GAME.render_log(entry, "de") == "Aktionskarten: Miliz, Veto, –."
    assert GAME.render_log(entry, "en") == "Action cards: Militia, Veto!, –."
