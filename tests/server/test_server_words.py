"""Every refusal a person can meet reads in the page's language, from the server's catalogue: a
German request gets the German words, an English one the English words, with the same rule and code;
never FastAPI's English validation list, a Python literal or an English f-string on a German page
(a bad player name once answered "Ungültige Plätze: seat 0: name up to 40 characters")."""

from __future__ import annotations

import json
import re
from pathlib import Path
from string import Formatter
from typing import Any

import httpx
import pytest
from websockets.sync.client import connect

from feldherr.games import get_game
from feldherr.server.lobby import option_words
from feldherr.server.protocol import SERVER_ERRORS, SERVER_PARTS

from .serverutil import Client, Server

SERVER_SRC = Path(__file__).resolve().parents[2] / "src" / "feldherr" / "server"
ENGLISH = re.compile(r"\b(must|seat|invalid|the|is|not|name|characters|unknown|give|options?)\b")
LITERAL = re.compile(r"\[|\]|\{|\}|'[^']*'|\bNone\b|\bTrue\b|\bFalse\b|detail")


def _fields(template: str) -> set[str]:
    return {
        name.removesuffix("_de").removesuffix("_en") for _, name, _, _ in Formatter().parse(template) if name
    }


@pytest.mark.parametrize("catalogue", [SERVER_ERRORS, SERVER_PARTS], ids=["errors", "parts"])
def test_every_entry_has_both_languages_with_the_same_fields(catalogue: dict[str, dict[str, str]]) -> None:
    for key, entry in catalogue.items():
        assert set(entry) == {"en", "de"}, key
        assert entry["en"].strip() and entry["de"].strip(), key
        assert _fields(entry["en"]) == _fields(entry["de"]), key


def test_every_key_the_server_names_is_in_the_catalogue() -> None:
    """The rules (``"server.x"``) and parts (``part(name, "part.x")``, ``words``,
    ``english_or``) named anywhere in the server's code exist in both catalogues."""
    source = "\n".join(p.read_text(encoding="utf-8") for p in sorted(SERVER_SRC.glob("*.py")))
    rules = set(re.findall(r"\"(server\.[a-z-]+)\"", source))
    parts = set(re.findall(r"\"(part\.[a-z-]+)\"", source))
    assert {"server.seats", "server.field", "server.type", "server.route"} <= rules
    assert rules <= set(SERVER_ERRORS), rules - set(SERVER_ERRORS)
    assert {"part.seat-name", "part.no-type"} <= parts
    assert parts <= set(SERVER_PARTS), parts - set(SERVER_PARTS)


def _both(send: Any) -> tuple[httpx.Response, httpx.Response]:
    """The same request in German and in English."""
    return send("de"), send("en")


def _check_pair(de: httpx.Response, en: httpx.Response, status: int, rule: str) -> tuple[str, str]:
    """Both answers refuse with ``status`` and ``rule`` (same code), each in its own language."""
    assert de.status_code == en.status_code == status, (de.text, en.text)
    got_de, got_en = de.json(), en.json()
    assert "detail" not in got_de and "detail" not in got_en
    assert got_de["rule"] == got_en["rule"] == rule, got_de
    assert got_de["code"] == got_en["code"] and got_de["code"]
    assert got_de["message"] == got_de["text"]["de"] and got_en["message"] == got_en["text"]["en"]
    assert got_de["text"] == got_en["text"]
    assert got_de["message"] != got_en["message"]
    assert not ENGLISH.search(got_de["message"]), got_de["message"]
    assert not LITERAL.search(got_de["message"]), got_de
    assert not LITERAL.search(got_en["message"]), got_en
    return got_de["message"], got_en["message"]


def _games(server: Server) -> int:
    return len(server.http.get("/api/games", params={"limit": 200}).json()["games"])


NAME = {
    "en": "invalid seats: seat 2: the player's name must have 1 to 40 characters",
    "de": "Ungültige Plätze: Platz 2: Der Name des Spielers muss 1 bis 40 Zeichen haben",
}


@pytest.mark.parametrize("name", ["", "x" * 41, 7, None, ["Anna"]])
def test_a_bad_player_name_is_refused_in_the_page_language(server: Server, name: Any) -> None:
    before = _games(server)
    body = {"game": "toy", "seats": [{"kind": "human", "name": "Anna"}, {"kind": "human", "name": name}]}
    de, en = _both(lambda lang: server.http.post("/api/games", params={"lang": lang}, json=body))
    assert _check_pair(de, en, 422, "server.seats") == (NAME["de"], NAME["en"])
    assert _games(server) == before  # nothing created


@pytest.mark.parametrize(
    ("body", "status", "rule", "german"),
    [
        (
            {"game": "toy", "seats": [{"kind": "human"}]},
            422,
            "server.seats",
            "Gib eine Liste von 2 Plätzen an",
        ),
        (
            {"game": "toy", "seats": ["Anna", "Bert"]},
            422,
            "server.seats",
            "Platz 1 muss ein JSON-Objekt sein",
        ),
        (
            {"game": "toy", "seats": [{"kind": "human"}, {"kind": "robot"}]},
            422,
            "server.seats",
            "Platz 2: Die Art ist eine von human, hotseat, bot",
        ),
        (
            {"game": "toy", "seats": [{"kind": "human"}, {"kind": "bot", "bot": "nobody"}]},
            422,
            "server.seats",
            "Platz 2: Der Bot ist einer von",
        ),
        ({"game": "toy", "options": [2]}, 422, "server.options", "Die Optionen müssen ein JSON-Objekt sein"),
        (
            {"game": "toy", "options": {"players": 99}},
            422,
            "server.options",
            "Die Option „Spieler“ muss eine ganze Zahl von 2 bis 4 sein",
        ),
        (
            {"game": "toy", "options": {"colour": 1}},
            422,
            "server.options",
            "Dieses Spiel hat keine Option „colour“",
        ),
        ({"game": "toy", "public": "yes"}, 400, "server.field", "Feld public muss true oder false sein"),
        ({"game": 5}, 400, "server.field", "Feld game muss ein Text mit höchstens 64 Zeichen sein"),
        ([1, 2], 400, "server.field", "Feld body muss ein JSON-Objekt sein"),
        ("{not json", 400, "server.json", "Die Nachricht ist kein gültiges JSON"),
    ],
)
def test_a_bad_create_request_is_refused_in_the_page_language(
    server: Server, body: Any, status: int, rule: str, german: str
) -> None:
    before = _games(server)
    raw = body if isinstance(body, str) else json.dumps(body)
    de, en = _both(lambda lang: server.http.post("/api/games", params={"lang": lang}, content=raw))
    said_de, _ = _check_pair(de, en, status, rule)
    assert german in said_de
    assert _games(server) == before


@pytest.mark.parametrize(
    "path",
    [
        "/api/games?limit=many",
        "/api/games?offset=1.5",
        "/api/games/nothing/replay?at=last",
        "/api/games/nothing/update?since=x",
        "/api/games/nothing/position?at=%5B1%5D",
    ],
)
def test_a_query_parameter_fastapi_cannot_read_is_a_field_error(server: Server, path: str) -> None:
    """FastAPI's own 422 (a list of English problems) becomes the server's field error, status kept."""
    field = re.search(r"[?&](\w+)=", path)
    assert field is not None
    de, en = _both(lambda lang: server.http.get(f"{path}&lang={lang}"))
    said_de, said_en = _check_pair(de, en, 422, "server.field")
    assert said_de == f"Feld {field.group(1)} muss eine ganze Zahl sein"
    assert said_en == f"field {field.group(1)} must be a whole number"


def test_the_browser_language_stands_in_for_a_missing_lang(server: Server) -> None:
    de = server.http.get("/api/games?limit=x", headers={"accept-language": "de-DE,de;q=0.9,en;q=0.8"})
    en = server.http.get("/api/games?limit=x", headers={"accept-language": "fr-FR,en;q=0.5"})
    _check_pair(de, en, 422, "server.field")
    plain = server.http.get("/api/games?limit=x").json()
    assert plain["message"] == plain["text"]["en"]


@pytest.mark.parametrize(
    ("header", "lang"),
    [
        ("en;q=0, de", "de"),  # English ranked 0: not wanted
        ("de;q=0", "en"),
        ("de;q=0.2, en;q=0.9", "en"),  # ranked, not only listed, first
        ("en-GB;q=0.5, de-AT;q=0.8", "de"),
        ("de;q=0.5, en;q=0.5", "de"),  # equal rank: the first
        ("de;q=abc", "de"),  # a weight that cannot be read counts as none
        ("german, deutsch", "en"),
        ("fr, *;q=0.1", "en"),
    ],
)
def test_the_browser_language_is_taken_by_its_rank(server: Server, header: str, lang: str) -> None:
    """``Accept-Language`` ranks languages by ``q``: the refusal came in the first of English and
    German the header listed, in English for "en;q=0, de" (a browser that does not want English)."""
    out = server.http.get("/api/games?limit=x", headers={"accept-language": header}).json()
    assert out["rule"] == "server.field" and out["message"] == out["text"][lang], (header, out)


@pytest.mark.parametrize(("tag", "lang"), [("DE", "de"), ("de-AT", "de"), ("De_ch", "de"), ("EN-gb", "en")])
def test_a_language_tag_is_read_without_regard_to_case_or_region(server: Server, tag: str, lang: str) -> None:
    """``?lang=DE`` was not recognised (the refusal came in the browser's language) while
    ``Accept-Language: DE`` was: a tag names its language in any case, and a region falls back to
    the language, in the address, in a hello, in a ``lang`` message and in a seat's update."""
    other = "en" if lang == "de" else "de"
    header = {"accept-language": other}
    out = server.http.get(f"/api/games?limit=x&lang={tag}", headers=header).json()
    assert out["rule"] == "server.field" and out["message"] == out["text"][lang], (tag, out)
    created = server.create("toy", [{"kind": "human"}, {"kind": "human"}], seed=3)
    game_id, token = created["id"], created["seats"][0]["token"]
    update = server.http.get(
        f"/api/games/{game_id}/update?lang={tag}", headers={"authorization": f"Bearer {token}"}
    )
    assert update.status_code == 200, update.text
    colour = "Runde 1" if lang == "de" else "Round 1"  # the log's first line
    assert colour in json.dumps(update.json()["log"], ensure_ascii=False), update.json()["log"]
    url = f"{server.ws_url}/ws/games/{game_id}"
    with connect(f"{url}?lang={tag}") as ws:  # before the hello: the address's language
        ws.send("not json")
        error = json.loads(ws.recv(timeout=30))
    assert error["message"] == error["text"][lang], error
    client = Client(server, game_id, [token], lang=tag)  # the hello's
    first = client.until(lambda m: m["type"] == "update")
    assert colour in json.dumps(first["log"], ensure_ascii=False)
    client.send({"type": "move", "seat": 7, "move": ["bid", 1], "version": 0})
    error = client.until(lambda m: m["type"] == "error")
    assert error["message"] == error["text"][lang], error
    client.send({"type": "lang", "lang": other.upper() + "-XX", "id": "l"})  # a lang message
    client.until(lambda m: m["type"] == "update")
    client.send({"type": "move", "seat": 7, "move": ["bid", 1], "version": 0})
    error = client.until(lambda m: m["type"] == "error")
    assert error["message"] == error["text"][other], error
    client.close()
    for wrong in ("fr", "deutsch", "d", "-de", ""):  # still refused: no language the server speaks
        client = Client(server, game_id, [token], lang="en")
        client.send({"type": "lang", "lang": wrong, "id": "w"})
        assert client.until(lambda m: m["type"] == "error")["rule"] == "server.field", wrong
        client.close()


def test_no_such_address_and_a_wrong_method_are_refused_in_the_page_language(server: Server) -> None:
    de, en = _both(lambda lang: server.http.get(f"/api/nowhere?lang={lang}"))
    _check_pair(de, en, 404, "server.route")
    de, en = _both(lambda lang: server.http.delete(f"/api/catalog?lang={lang}"))
    _check_pair(de, en, 405, "server.method")
    assert "GET" in de.headers["allow"]


def test_a_bad_record_is_refused_in_the_page_language(server: Server) -> None:
    before = _games(server)
    record = {"game": "toy", "options": {"players": 2}, "seed": 1, "engine": 1, "moves": [[0, ["fly"]]]}
    de, en = _both(lambda lang: server.http.post("/api/records", params={"lang": lang}, json=record))
    said_de, said_en = _check_pair(de, en, 422, "server.record")
    assert said_de.startswith("Ungültige Partie-Aufzeichnung: Sie lässt sich nicht nachspielen: ")
    assert said_en.startswith("invalid record: it does not replay: ")
    assert _games(server) == before


def test_option_words_keep_the_game_own_texts_and_name_the_option_by_its_title() -> None:
    elgrande = get_game("elgrande")
    try:
        elgrande.normalize_options({"players": 4, "variant": ["merged_stacks"]})
    except ValueError as exc:
        said = option_words(elgrande, exc)
    assert "zu dritt" in said["message_de"] and said["message"] == said["message_en"]
    try:
        get_game("toy").normalize_options({"players": 9})
    except ValueError as exc:
        said = option_words(get_game("toy"), exc)
    # the core's refusal brings its words (from the options it refused): what the option takes
    assert said["message_de"] == "Die Option „Spieler“ muss eine ganze Zahl von 2 bis 4 sein"
    assert said["message_en"] == "the option “Players” must be a whole number from 2 to 4"


SOCKET_CASES = [
    (
        {"type": "move", "seat": "0", "move": ["bid", 1], "version": 0},
        "server.seat",
        "Dieser Platz gehört dir nicht",
    ),
    (
        {"type": "move", "seat": None, "move": ["bid", 1], "version": 0},
        "server.seat",
        "Dieser Platz gehört dir nicht",
    ),
    ({"type": "undo", "seat": True, "version": 0}, "server.seat", "Dieser Platz gehört dir nicht"),
    (
        {"type": "move", "seat": 99, "move": ["bid", 1], "version": 0},
        "server.seat",
        "Dieser Platz gehört dir nicht",
    ),
    ({"type": None}, "server.type", "Unbekannte Nachrichtenart (keine)"),
    ({"type": ["move"]}, "server.type", "Unbekannte Nachrichtenart (keine)"),
    ({"type": "launch"}, "server.type", "Unbekannte Nachrichtenart launch"),
    ({"type": "hello", "tokens": []}, "server.type", "Unbekannte Nachrichtenart hello (ein zweites Mal)"),
    (
        {"type": "move", "move": ["bid", 1], "version": "0"},
        "server.field",
        "Feld version muss eine ganze Zahl",
    ),
]


def test_socket_refusals_read_in_the_connection_language(server: Server) -> None:
    created = server.create("toy", [{"kind": "hotseat"}, {"kind": "hotseat"}], seed=3)
    token = created["seats"][0]["token"]
    de = Client(server, created["id"], [token], lang="de")
    en = Client(server, created["id"], [token], lang="en")
    version = de.until(lambda m: m["type"] == "update")["version"]
    en.until(lambda m: m["type"] == "update")
    for message, rule, german in SOCKET_CASES:
        said = {}
        for lang, client in (("de", de), ("en", en)):
            client.send(message)
            error = client.until(lambda m: m["type"] == "error")
            assert error["rule"] == rule and error["message"] == error["text"][lang], error
            said[lang] = error
        assert said["de"]["code"] == said["en"]["code"]
        assert said["de"]["message"].startswith(german), said["de"]
        assert not ENGLISH.search(said["de"]["message"]) and not LITERAL.search(said["de"]["message"])
        assert not LITERAL.search(said["en"]["message"]), said["en"]
    assert server.http.get(f"/api/games/{created['id']}").json()["version"] == version  # nothing moved
    de.close()
    en.close()


def test_a_refused_hello_reads_in_its_own_language(server: Server) -> None:
    created = server.create("toy", [{"kind": "human"}, {"kind": "human"}], seed=4)
    url = f"{server.ws_url}/ws/games/{created['id']}"
    for lang, text in (
        ("de", "Feld tokens muss eine Liste von Schlüsseln sein"),
        ("en", "field tokens must be a list of tokens"),
    ):
        with connect(url) as ws:
            ws.send(json.dumps({"type": "hello", "tokens": [5], "lang": lang}))
            error = json.loads(ws.recv(timeout=30))
        assert error["rule"] == "server.field" and error["message"] == text
    # before any hello: the address's language (the page puts it there)
    with connect(f"{url}?lang=de") as ws:
        ws.send("not json")
        error = json.loads(ws.recv(timeout=30))
    assert error["rule"] == "server.json" and error["message"] == "Die Nachricht ist kein gültiges JSON"
    with connect(url) as ws:
        ws.send(json.dumps({"type": "ping"}))
        error = json.loads(ws.recv(timeout=30))
    assert error["rule"] == "server.hello" and error["message"] == error["text"]["en"]


def test_a_defect_is_an_internal_error_in_the_page_language() -> None:
    """Starlette's plain "Internal Server Error" never reaches a page: the server's internal error,
    in the request's language, with nothing about the defect's insides."""
    from fastapi import FastAPI
    from fastapi.testclient import TestClient

    from feldherr.server.app import install_refusals

    app = FastAPI()
    install_refusals(app)

    @app.get("/broken")
    async def broken() -> None:
        raise RuntimeError("a secret path /srv/feldherr")

    client = TestClient(app, raise_server_exceptions=False)
    de, en = _both(lambda lang: client.get(f"/broken?lang={lang}"))
    said_de, said_en = _check_pair(de, en, 500, "server.internal")
    assert (said_de, said_en) == ("Interner Fehler", "internal error")
    assert "secret" not in de.text + en.text


def test_a_person_without_a_name_is_named_by_the_colour_never_by_a_number(server: Server) -> None:
    """A seat created without a name (an API client, not the browser's lobby, which always names
    one) is stored without one, so the game's texts name it by its colour, as the words contract
    asks: a player never sees a seat number (it was stored as "1", "2": "Granden: 1 in ...")."""
    created = server.create(
        "elgrande", [{"kind": "human"}, {"kind": "human"}], options={"players": 2}, seed=3
    )
    assert [seat["name"] for seat in created["seats"]] == ["", ""]
    client = Client(server, created["id"], [created["seats"][0]["token"]], lang="de")
    try:
        update = client.until(lambda m: m["type"] == "update")
    finally:
        client.close()
    texts = " ".join(item["text"] for item in update["log"])
    assert "Granden" in texts, texts
    assert not re.search(r"(^|[\s:,(])[12]( |,|\.)(in|hat|spielt|setzt|nimmt)\b", texts), texts
    assert re.search(r"\b(Rot|Blau|Gelb|Grün|Schwarz)\b", texts), texts
