"""The open characters' printed data in the view (``open_cards``) and the card/ability terms the
browser client labels its cards with."""

from __future__ import annotations

from feldherr.core.bots import RandomBot, SeatAccess
from feldherr.mansfeld.data import BY_KEY, CARDS
from feldherr.mansfeld.game import MansfeldGame
from feldherr.mansfeld.info import observation

GAME = MansfeldGame()


def test_open_cards_show_what_the_faces_print_in_both_languages() -> None:
    st = GAME.new_state({"players": 3}, 4)
    bots = [RandomBot(s) for s in range(3)]
    seen: set[str] = set()
    while not st.is_terminal():
        for seat in (None, *range(3)):
            view = st.view(seat)
            assert [c["key"] for c in view["open_cards"]] == view["open"]
            for printed in view["open_cards"]:
                card = BY_KEY[printed["key"]]
                assert printed["name"] == {"en": card.en, "de": card.de}
                assert (printed["cost"], printed["strength"], printed["ability"]) == (
                    card.cost,
                    card.strength,
                    card.ability,
                )
                assert (printed["text"] is None) == (card.ability is None)
                if printed["text"]:
                    assert printed["text"]["en"] and printed["text"]["de"]
                seen.add(card.key)
        seat = st.to_move()[0]
        st.apply(seat, bots[seat].choose(SeatAccess(st, seat)))
    assert len(seen) > 3


def test_observation_ignores_the_printed_data() -> None:
    view = GAME.new_state({"players": 2}, 1).view(0)
    stripped = {k: v for k, v in view.items() if k != "open_cards"}
    assert (observation(view) == observation({**stripped, "open_cards": []})).all()


def test_card_names_and_abilities_are_terms() -> None:
    from feldherr.web import terms

    words = terms(GAME)
    for card in CARDS:
        assert words[f"card.{card.key}"] == {"en": card.en, "de": card.de}
        if card.ability:
            assert set(words[f"ability.{card.ability}"]) == {"en", "de"}
