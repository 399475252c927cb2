"""Friends at one table over the network: who sits where and who is here now (the ``table``
message), a player naming themselves at the table (the ``name`` message), and stand-ins that play
for an absent player only while someone else is at the table to wait for them."""

from __future__ import annotations

import time
from pathlib import Path
from typing import Any

import pytest

from feldherr.server.names import PROTOTYPES, looks_alike, mixed_word, skeleton

from .serverutil import Client, Server


def tables(client: Client) -> list[dict[str, Any]]:
    return [m for m in client.messages if m["type"] == "table"]


def test_the_others_hear_who_came_who_left_and_the_name_a_friend_takes(server: Server) -> None:
    created = server.create(
        "elgrande",
        [{"kind": "human", "name": "Anna"}, {"kind": "human"}],
        options={"players": 2},
    )
    anna = Client(server, created["id"], [created["seats"][0]["token"]])
    seats = anna.welcome["table"]
    assert [s["present"] for s in seats[:2]] == [True, False]
    assert seats[1]["claimed"] is False and seats[1]["name"] == ""
    # the friend opens the invitation: Anna's page hears it
    friend = Client(server, created["id"], [created["seats"][1]["token"]], lang="de")
    came = anna.until(lambda m: m["type"] == "table")
    assert came["table"][1]["claimed"] is True and came["table"][1]["present"] is True
    assert "token" not in str(came)
    first = friend.until(lambda m: m["type"] == "update")
    setup = first["log"][0]["text"]
    assert "Anna" in setup and "Blau" in setup  # unnamed: by colour

    # names the game cannot show are refused in the player's words, and nothing changes
    for bad in ["", "   ", "a\nb", "x" * 41, "\u202eevil", 7]:
        friend.send({"type": "name", "name": bad, "id": "n"})
        error = friend.until(lambda m: m["type"] == "error")
        assert error["rule"] == "server.name" and error["id"] == "n"
        assert error["message"].startswith("Dieser Name geht nicht")
    friend.send({"type": "name", "name": "ANNA", "id": "same"})  # two Annas would read as one
    taken = friend.until(lambda m: m["type"] == "error")
    assert taken["rule"] == "server.name" and "ANNA spielt an diesem Tisch schon mit" in taken["message"]
    friend.send({"type": "name", "seat": 0, "name": "Mallory"})  # not the friend's seat
    assert friend.until(lambda m: m["type"] == "error")["rule"] == "server.seat"

    friend.send({"type": "name", "name": "  Jörg ", "id": "n2"})
    ack = friend.until(lambda m: m["type"] == "ack")
    assert ack["id"] == "n2" and ack["named"] == "Jörg"
    # everyone: the table with the name, then the whole log again naming him
    named = anna.until(lambda m: m["type"] == "table" and m["table"][1]["name"] == "Jörg")
    assert named["table"][1]["present"] is True
    again = anna.until(lambda m: m["type"] == "update")
    assert again["log"][0]["version"] == 0 and "Jörg" in again["log"][0]["text"]
    mine = friend.until(lambda m: m["type"] == "update")
    assert "Jörg" in mine["log"][0]["text"] and "Blau" not in mine["log"][0]["text"]
    info = server.http.get(f"/api/games/{created['id']}").json()
    assert info["seats"][1]["name"] == "Jörg"

    # the friend closes the tab: Anna's page hears that he is away
    friend.close()
    left = anna.until(lambda m: m["type"] == "table")
    assert left["table"][1]["present"] is False and left["table"][1]["name"] == "Jörg"
    # a spectator coming and going tells nobody anything
    watcher = Client(server, created["id"], [])
    assert watcher.welcome["spectator"] is True
    watcher.close()
    anna.send({"type": "ping", "id": "p"})
    anna.until(lambda m: m["type"] == "pong")
    assert len(tables(anna)) == 3
    anna.close()


def test_two_people_of_one_name_are_refused_at_creation(server: Server) -> None:
    seats = [{"kind": "human", "name": "Jörg"}, {"kind": "hotseat", "name": "jörg"}, {"kind": "bot"}]
    answer = server.http.post(
        "/api/games?lang=de", json={"game": "toy", "options": {"players": 3}, "seats": seats}
    )
    assert answer.status_code == 422 and answer.json()["rule"] == "server.seats"
    assert "Platz 2: jörg spielt an diesem Tisch schon mit" in answer.json()["message"]
    # a bot of a person's name is no person: the game names it by its colour
    bots = [{"kind": "human", "name": "Heuristic"}, {"kind": "bot", "bot": "heuristic", "name": "Heuristic"}]
    assert server.create("toy", bots)["seats"][1]["name"] == "Heuristic"


def test_a_name_after_the_end_is_refused(server: Server) -> None:
    created = server.create("toy", [{"kind": "human"}, {"kind": "bot", "bot": "random"}], seed=2)
    client = Client(server, created["id"], [created["seats"][0]["token"]])
    assert client.play(timeout=60) is not None
    client.send({"type": "name", "name": "Late", "id": "late"})
    error = client.until(lambda m: m["type"] == "error")
    assert error["rule"] == "server.name" and "over" in error["message"]
    assert server.http.get(f"/api/games/{created['id']}").json()["seats"][0]["name"] == ""
    client.close()


def test_nobody_at_the_table_no_stand_ins_then_one_for_the_absent_friend(tmp_path: Path) -> None:
    srv = Server(tmp_path, None, None, "--absent-after", "0.5").start()
    try:
        created = srv.create("toy", [{"kind": "human"}, {"kind": "human"}], options={"rounds": 3})
        tokens = [s["token"] for s in created["seats"]]
        for token in tokens:  # both open their invitations, then both leave
            Client(srv, created["id"], [token]).close()
        # everyone is gone: nobody waits, so no bot plays for them (a bounded look: several of the
        # server's once-a-second scans after the absence rule's half second)
        deadline = time.time() + 3.5
        while time.time() < deadline:
            assert srv.http.get(f"/api/games/{created['id']}").json()["version"] == 0
            time.sleep(0.2)
        # the second player comes back: the first is away, and now someone waits for them
        back = Client(srv, created["id"], [tokens[1]])
        stood = back.until(lambda m: m["type"] == "table" and m["stand_ins"] == [0], timeout=10)
        assert stood["table"][0]["present"] is False and stood["table"][1]["present"] is True
        final = back.play(timeout=60)  # the stand-in bids for the first, the second plays on
        assert final is not None and final["outcome"]["winners"]
        back.close()
    finally:
        srv.stop()


def test_a_bot_takes_the_seat_of_a_friend_who_never_came(server: Server) -> None:
    """Jörg never opens his invitation: Anna lets a bot take his seat (at once; she may wait as long
    as she likes first). The bot plays it to the end; Jörg's link, opened later, is told in his
    words that a bot plays the seat, and his token opens nothing any more."""
    created = server.create(
        "toy", [{"kind": "human", "name": "Anna"}, {"kind": "human", "name": "Jörg"}], options={"rounds": 2}
    )
    game_id = created["id"]
    anna_token, jorg_token = (s["token"] for s in created["seats"])
    anna = Client(server, game_id, [anna_token], lang="de")
    assert anna.welcome["table"][1]["claimed"] is False
    # a spectator has no say at the table
    watcher = Client(server, game_id, [])
    watcher.send({"type": "replace", "seat": 1, "id": "w"})
    assert watcher.until(lambda m: m["type"] == "error")["rule"] == "server.seat"
    watcher.close()
    # a seat whose player is here (Anna's own) is not given away; refused in Anna's words
    anna.send({"type": "replace", "seat": 0, "id": "r0"})
    refused = anna.until(lambda m: m["type"] == "error")
    assert refused["rule"] == "server.replace" and refused["id"] == "r0"
    assert refused["message"] == (
        "Diesen Platz kann kein Bot übernehmen: Sein Spieler hat die Einladung schon geöffnet"
    )
    for bad in (7, -1):
        anna.send({"type": "replace", "seat": bad, "id": "rb"})
        assert anna.until(lambda m: m["type"] == "error")["rule"] == "server.replace"
    assert server.http.get(f"/api/games/{game_id}").json()["status"] == "open"

    anna.send({"type": "replace", "seat": 1, "id": "r1"})
    ack = anna.until(lambda m: m["type"] == "ack")
    assert ack["id"] == "r1" and ack["replaced"] == 1
    table = anna.until(lambda m: m["type"] == "table")["table"]
    assert table[1]["kind"] == "bot" and table[1]["replaced"] is True and table[1]["claimed"] is True
    assert "token" not in str(table)
    info = server.http.get(f"/api/games/{game_id}").json()
    assert info["status"] == "running" and info["seats"][1]["kind"] == "bot"
    # once is enough
    anna.send({"type": "replace", "seat": 1, "id": "r2"})
    again = anna.until(lambda m: m["type"] == "error")
    assert again["rule"] == "server.replace" and "eingeladenen" in again["message"]

    # Jörg comes later by his link: told so, in his language, and seated nowhere
    late = Client(server, game_id, [jorg_token], lang="de")
    assert late.welcome["type"] == "error" and late.welcome["rule"] == "server.seat-taken"
    assert late.welcome["message"].startswith("Diesen Platz spielt jetzt ein Bot")
    assert late.welcome["text"]["en"].startswith("a bot plays this seat now")
    late.close()
    refused_http = server.http.get(
        f"/api/games/{game_id}/update", headers={"authorization": f"Bearer {jorg_token}"}
    )
    assert refused_http.status_code == 410 and refused_http.json()["rule"] == "server.seat-taken"
    move = server.http.post(
        f"/api/games/{game_id}/moves",
        json={"move": 1, "version": 0},
        headers={"authorization": f"Bearer {jorg_token}"},
    )
    assert move.status_code == 410

    # the bot plays Jörg's seat; Anna plays hers to the end
    anna.send({"type": "sync"})  # her current update again (the ones before were read above)
    final = anna.play(timeout=60)
    assert final is not None and final["outcome"]
    anna.close()


def test_a_bot_takes_a_friends_seat_over_http(server: Server) -> None:
    """The same over HTTP (``POST /api/games/{id}/replace`` with a seat's token): the refusals are
    typed and change nothing."""
    seats = [{"kind": "human", "name": "Anna"}, {"kind": "human"}, {"kind": "bot", "bot": "random"}]
    created = server.create("toy", seats, options={"players": 3})
    game_id = created["id"]
    anna = {"authorization": f"Bearer {created['seats'][0]['token']}"}
    url = f"/api/games/{game_id}/replace"
    assert server.http.post(url, json={"seat": 1}).status_code == 401
    wrong = server.http.post(url + "?lang=de", json={"seat": "1"}, headers=anna)
    assert wrong.status_code == 400 and wrong.json()["rule"] == "server.field"
    bot = server.http.post(url + "?lang=de", json={"seat": 2}, headers=anna)
    assert bot.status_code == 409 and bot.json()["rule"] == "server.replace"
    assert "per Link eingeladenen" in bot.json()["message"]
    assert server.http.get(f"/api/games/{game_id}").json()["seats"][1]["kind"] == "human"
    done = server.http.post(url, json={"seat": 1}, headers=anna)
    assert done.status_code == 200 and done.json()["replaced"] == 1
    info = server.http.get(f"/api/games/{game_id}").json()
    assert info["seats"][1]["kind"] == "bot" and info["seats"][1]["replaced"] is True
    assert info["status"] == "open"  # Anna's own seat is not taken yet (she only asked over HTTP)
    again = server.http.post(url, json={"seat": 1}, headers=anna)
    assert again.status_code == 409 and again.json()["rule"] == "server.replace"
    # whose invitation a token is: asked with it, the game says so (nothing is claimed by asking)
    asked = server.http.get(f"/api/games/{game_id}", headers=anna).json()
    assert asked["seat"] == 0 and asked["seats"][0]["claimed"] is False


def test_the_seats_are_read_again_only_for_an_unopened_invitation(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """While a friend's invitation was unopened, every seat's POST (and every seat's update) read
    the game's seats from the database, in case another process had given that friend's seat to a
    bot: twenty moves and undos of the player at the table, twenty reads. Now only a request whose
    own token opens the unopened seat reads them (its answer may have changed); the player at the
    table costs none, and the friend whose seat went to a bot elsewhere is still refused."""
    from fastapi.testclient import TestClient

    from feldherr.server import app as app_module
    from feldherr.server.config import Settings
    from feldherr.server.store import Store

    reads: list[str] = []
    original = Store.seats

    def counted(self: Store, game_id: str, conn: Any = None) -> Any:
        reads.append(game_id)
        return original(self, game_id, conn)

    monkeypatch.setattr(Store, "seats", counted)
    settings = Settings(db_url=f"sqlite:///{tmp_path / 'db.sqlite3'}", bot_workers=0, absent_after=-1)
    with TestClient(app_module.create_app(settings)) as client:
        body = {"game": "toy", "seats": [{"kind": "hotseat"}, {"kind": "human"}]}
        created = client.post("/api/games", json=body).json()
        game_id = created["id"]
        mine = {"authorization": f"Bearer {created['hotseat_tokens'][0]}"}
        friend = {"authorization": f"Bearer {created['seats'][1]['token']}"}
        update = client.get(f"/api/games/{game_id}/update", headers=mine).json()
        reads.clear()
        posts = 0
        for _ in range(10):  # the player at the table posts on: moves when asked, undos otherwise
            if update["asked"]:
                choice = update["choices"][0]["move"]
                reply = client.post(
                    f"/api/games/{game_id}/moves",
                    json={"move": choice, "version": update["version"]},
                    headers=mine,
                )
            else:
                reply = client.post(f"/api/games/{game_id}/undo", json={"version": 0}, headers=mine)
            assert reply.status_code in (200, 409, 422), reply.text
            update = client.get(f"/api/games/{game_id}/update", headers=mine).json()
            posts += 2
        assert posts == 20 and reads == []
        # the friend's own requests still read: another process may have given the seat to a bot
        assert client.get(f"/api/games/{game_id}/update", headers=friend).status_code == 200
        assert reads == [game_id]
        store = Store(settings.db_url)
        try:
            assert store.replace_with_bot(game_id, 1, "random")  # "another process" (no bus here)
        finally:
            store.dispose()
        refused = client.post(
            f"/api/games/{game_id}/moves?lang=de", json={"move": 1, "version": 0}, headers=friend
        )
        assert refused.status_code == 410 and refused.json()["rule"] == "server.seat-taken"


GREEK_ANNA = "\u0391nna"  # a Greek capital Alpha, then Latin letters: reads as "Anna"
GREEK_CAPITALS = "\u0391\u039d\u039d\u0391"  # ΑΝΝΑ, wholly Greek: reads as "ANNA"


def test_names_that_only_look_like_another_players_are_refused_at_creation(server: Server) -> None:
    """A Greek "Α" in "Αnna" looks like the "A" of "Anna": both were taken at one table, and every
    text of the game read as if one Anna played twice. A word mixing Latin letters with Greek or
    Cyrillic look-alikes is refused, and so is a name (even wholly Greek) that looks like another
    player's; both in words that name the rule. Greek and Cyrillic names stay welcome."""

    def refusal(names: list[str]) -> dict[str, str]:
        seats = [{"kind": "human", "name": name} for name in names]
        answer = server.http.post(
            "/api/games?lang=de", json={"game": "toy", "options": {"players": len(seats)}, "seats": seats}
        )
        assert answer.status_code == 422 and answer.json()["rule"] == "server.seats", answer.text
        assert answer.json()["message"] == answer.json()["text"]["de"]
        return dict(answer.json()["text"])

    mixed = refusal(["Anna", GREEK_ANNA])
    assert mixed["de"] == (
        "Ungültige Plätze: Platz 2: Ein Wort darf lateinische Buchstaben nicht mit ähnlich aussehenden "
        "Buchstaben eines anderen Alphabets mischen („\u0391nna“ mit griechischem \u0391 sieht aus wie "
        "„Anna“)"
    )
    assert mixed["en"].startswith("invalid seats: seat 2: a word may not mix Latin letters with look-alike")
    assert refusal(["M\u0430rtin", "Jörg"])["en"].startswith("invalid seats: seat 1: a word")  # Cyrillic а
    alike = refusal(["Anna", GREEK_CAPITALS])
    assert alike["de"] == (
        f"Ungültige Plätze: Platz 2: {GREEK_CAPITALS} sieht aus wie Anna, ein Name an diesem Tisch "
        "(gleich aussehende Buchstaben und Ziffern zählen als gleich: rn und m, 0 und O, "
        "ein griechisches \u0391 und ein lateinisches A)"
    )
    assert alike["en"].startswith(f"invalid seats: seat 2: {GREEK_CAPITALS} looks like Anna, a name at")
    cyrillic = "\u0420\u0430\u0440\u0430"  # Рара, wholly Cyrillic: reads as "Papa"
    assert refusal(["Papa", cyrillic])["en"].startswith(f"invalid seats: seat 2: {cyrillic} looks like Papa")
    # genuine names in one alphabet, and a Latin word next to a Cyrillic one
    names = ["Αλέξανδρος", "Наташа", "Ivan Иванов", "Anna"]
    created = server.create("toy", [{"kind": "human", "name": n} for n in names], options={"players": 4})
    assert [s["name"] for s in created["seats"]] == names


def test_latin_look_alikes_are_refused_at_creation_and_at_the_table(server: Server) -> None:
    """A "Kirn" next to "Kim" (rn reads as m), "lda" next to "Ida" (a capital I reads as a small l)
    and "Le0" next to "Leo" were all taken at one table; now each is refused as a Greek look-alike
    is, in words, and nothing changes."""
    for first, second in (("Kim", "Kirn"), ("Ida", "lda"), ("Leo", "Le0")):
        seats = [{"kind": "human", "name": first}, {"kind": "human", "name": second}]
        answer = server.http.post("/api/games?lang=en", json={"game": "toy", "seats": seats})
        assert answer.status_code == 422 and answer.json()["rule"] == "server.seats", answer.text
        assert answer.json()["text"]["en"].startswith(f"invalid seats: seat 2: {second} looks like {first}")
        assert "rn und m, 0 und O" in answer.json()["text"]["de"]
    created = server.create("toy", [{"kind": "human", "name": "Kim"}, {"kind": "human"}])
    friend = Client(server, created["id"], [created["seats"][1]["token"]], lang="en")
    friend.until(lambda m: m["type"] == "update")
    friend.send({"type": "name", "name": "KIRN", "id": "rn"})
    alike = friend.until(lambda m: m["type"] == "error")
    assert alike["rule"] == "server.name" and alike["id"] == "rn"
    assert alike["text"]["en"].startswith("this name cannot be taken: KIRN looks like Kim, a name at")
    assert alike["text"]["de"].startswith("Dieser Name geht nicht: KIRN sieht aus wie Kim")
    assert server.http.get(f"/api/games/{created['id']}").json()["seats"][1]["name"] == ""
    friend.send({"type": "name", "name": "Kira", "id": "fine"})
    assert friend.until(lambda m: m["type"] == "ack")["named"] == "Kira"
    friend.close()


def test_a_look_alike_name_is_refused_at_the_table(server: Server) -> None:
    created = server.create("toy", [{"kind": "human", "name": "Anna"}, {"kind": "human"}])
    friend = Client(server, created["id"], [created["seats"][1]["token"]], lang="de")
    friend.until(lambda m: m["type"] == "update")
    friend.send({"type": "name", "name": GREEK_ANNA, "id": "mixed"})
    mixed = friend.until(lambda m: m["type"] == "error")
    assert (
        mixed["rule"] == "server.name" and mixed["id"] == "mixed" and mixed["message"] == mixed["text"]["de"]
    )
    assert mixed["text"]["de"].startswith(
        "Dieser Name geht nicht: Ein Wort darf lateinische Buchstaben nicht"
    )
    assert mixed["text"]["en"].endswith(
        "may not mix Latin letters with look-alike letters of another alphabet "
        "(“\u0391nna” with a Greek \u0391 looks like “Anna”)"
    )
    friend.send({"type": "name", "name": GREEK_CAPITALS, "id": "alike"})
    alike = friend.until(lambda m: m["type"] == "error")
    assert alike["rule"] == "server.name" and alike["id"] == "alike"
    assert alike["text"]["de"].startswith(f"Dieser Name geht nicht: {GREEK_CAPITALS} sieht aus wie Anna")
    assert alike["text"]["en"] == (
        f"this name cannot be taken: {GREEK_CAPITALS} looks like Anna, a name at this table already "
        "(letters and digits that look alike count as the same: rn and m, 0 and O, "
        "a Greek \u0391 and a Latin A)"
    )
    assert server.http.get(f"/api/games/{created['id']}").json()["seats"][1]["name"] == ""
    friend.send({"type": "name", "name": "Νίκος", "id": "greek"})  # a Greek name of its own
    assert friend.until(lambda m: m["type"] == "ack")["named"] == "Νίκος"
    friend.close()


@pytest.mark.parametrize(
    ("a", "b", "alike"),
    [
        ("Anna", "\u0391nna", True),  # Greek capital Alpha
        ("Anna", "\u0410nna", True),  # Cyrillic capital A
        ("anna", "\u0391\u039d\u039d\u0391", True),  # Greek capitals, any case
        ("Hanna", "\u0397anna", True),  # Greek capital Eta
        ("Papa", "\u0420\u0430\u0440\u0430", True),  # wholly Cyrillic
        ("Anna", "\u0410\u043d\u043d\u0430", False),  # Анна: the Cyrillic н does not look like n
        ("Nikos", "Νίκος", False),
        ("\u041d\u0410\u0422\u0410\u0428\u0410", "Наташа", True),  # case aside, as before
        ("Jörg", "Jorg", False),
        # beyond Greek and Cyrillic (Unicode's confusables, TR39)
        ("Kim", "Kirn", True),  # rn reads as m
        ("Ida", "lda", True),  # a capital I reads as a small l
        ("Bill", "Bi11", True),  # and so does the digit 1
        ("Leo", "Le0", True),  # the digit 0 reads as O
        ("Bilal", "B\u0131lal", True),  # a dotless ı
        ("Anna", "An\u200dna", True),  # a zero-width joiner prints as nothing
        ("Anna", "\u200b Anna", True),  # so does a zero-width space before a space
        ("Anna", "Anna \u2060", True),  # and a word joiner after one
        ("Anna", "Anna" + " " * 30, True),  # a position's names come with their spaces
        ("Anna", "\uff21nna", True),  # a fullwidth A
        ("Olga", "\u0555lga", True),  # an Armenian capital O
        ("Anna", "\u13aanna", True),  # a Cherokee letter go: Ꭺ
        ("LUKAS", "\ua4e1\ua4f4\ua4d7\ua4ee\ua4e2", True),  # wholly Lisu, Latin capitals' look-alikes
        ("TOM", "\u2ca6\u2c9e\u2c98", True),  # wholly Coptic
        ("Bob", "\u15f7ob", True),  # a Canadian syllabic carrier khe: ᗷ
        # Latin small capitals, beyond TR39's table: a smaller capital reads as the capital
        ("Anna", "\u1d00nna", True),  # ᴀnna
        ("Kim", "\u1d0b\u026a\u1d0d", True),  # ᴋɪᴍ
        ("Peter", "\u1d18\u1d07\u1d1b\u1d07\u0280", True),  # ᴘᴇᴛᴇʀ
        ("Hugo", "\u029c\u1d1c\u0262\u1d0f", True),  # ʜᴜɢᴏ
        ("Jan", "\u1d0a\u1d00\u0274", True),  # ᴊᴀɴ
        ("Lea", "\u029f\u1d07\u1d00", True),  # ʟᴇᴀ, and so like "Iea" as "Lea" is
        ("Bert", "\u0299\u1d07\u0280\u1d1b", True),  # ʙᴇʀᴛ
        ("Fred", "\ua730\u0280\u1d07\u1d05", True),  # ꜰʀᴇᴅ
        ("Anna", "\u1d00nja", False),
        ("Lea", "Le\ua7b7", False),  # a Latin omega is no a
        ("Anna", "Anja", False),
        ("Kim", "Kira", False),
        ("Ida", "Ada", False),
    ],
)
def test_which_names_look_alike(a: str, b: str, alike: bool) -> None:
    assert looks_alike(a, b) is alike and looks_alike(b, a) is alike


def test_each_look_alike_reads_as_a_prototype() -> None:
    """TR39's table maps each character to its prototype, which is in no row itself: a chain ("|"
    to "I" to "l") would leave two look-alikes with two skeletons."""
    assert [ch for ch, proto in PROTOTYPES.items() if any(p in PROTOTYPES for p in proto)] == []
    assert skeleton("Kim|") == "Kirnl" and skeleton("K\u200bim") == "Kirn"


@pytest.mark.parametrize(
    ("name", "mixed"),
    [
        ("\u0391nna", True),
        ("M\u0430rtin", True),  # a Cyrillic а inside a Latin word
        ("\ua4eenna", True),  # a Lisu letter a
        ("\u13aanna", True),  # a Cherokee letter go
        ("\u13e3\u13b3\u13a9", False),  # ᏣᎳᎩ, wholly Cherokee
        ("Anna", False),
        ("Αλέξανδρος", False),
        ("Наташа", False),
        ("Ivan Иванов", False),  # one word each
        ("Ivan-Иван", False),
        ("Zoë Şahin", False),
        ("\u0555lga", True),  # an Armenian capital O inside a Latin word
        ("B\u0131lal", False),  # a dotless ı is a Latin letter (it still looks like "Bilal")
        ("Le0", False),  # a digit is in no alphabet (it still looks like "Leo")
        ("\u1d00nna", False),  # a Latin small capital is a Latin letter (it still looks like "Anna")
        ("\u1d29eter", True),  # a Greek small capital rho inside a Latin word
    ],
)
def test_which_names_mix_alphabets_within_a_word(name: str, mixed: bool) -> None:
    assert mixed_word(name) is mixed
