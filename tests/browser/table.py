"""What the browser tests share: matches made through the API, pages of the web table,
moves played by clicking, and what each seat may not see, computed with the library."""

from __future__ import annotations

import json
import random
import re
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

import httpx
from playwright.sync_api import Browser, Locator, Page, Response
from playwright.sync_api import Error as PlaywrightError
from server.serving import answer_kind, fits

from boardtable.games import game as registered
from hadara_rules import (
    GameRecord,
    GameState,
    apply_move,
    from_json,
    load_catalogue,
    new_game,
    player_view,
    to_json,
)

#: The longest any single wait of these tests lasts, in milliseconds.
WAIT_MS = 15_000
#: How many moves one seat may make in a whole 2-player game at most (about 40 are made).
MOST_MOVES = 150
#: The page's widths the table is tried at: a desktop and a phone.
WIDE, NARROW = 1280, 390
#: The address of a match's WebSocket (for the tests that hold its updates back).
UPDATES = re.compile(r"/api/matches/[^/]+/updates")

Json = dict[str, Any]


def create_match(base: str, **body: Any) -> Json:
    """A new match through the API (201): its id and its seats, a human seat's token with it."""
    answer = httpx.post(f"{base}/api/matches", json=body, timeout=10)
    assert answer.status_code == 201, answer.text
    created: Json = answer.json()
    return created


def token(created: Json, seat: int) -> str:
    found: str = created["seats"][seat]["token"]
    return found


def seat_address(base: str, match: str, secret: str | None) -> str:
    """A seat's table (its token in the fragment), or the spectators' without a token."""
    address = f"{base}/?match={match}"
    return address if secret is None else f"{address}#token={secret}"


def summary(base: str, match: str) -> Json:
    found: Json = httpx.get(f"{base}/api/matches/{match}", timeout=10).json()
    return found


def view(base: str, match: str, secret: str | None, since: int = 0) -> Json:
    headers = {} if secret is None else {"Authorization": f"Bearer {secret}"}
    answer = httpx.get(f"{base}/api/matches/{match}/view?since={since}", headers=headers, timeout=10)
    assert answer.status_code == 200, answer.text
    found: Json = answer.json()
    return found


def record(base: str, match: str) -> GameRecord:
    answer = httpx.get(f"{base}/api/matches/{match}/record", timeout=10)
    assert answer.status_code == 200, answer.text
    return from_json(answer.text, GameRecord)


@contextmanager
def table_page(
    browser: Browser,
    width: int,
    address: str | None = None,
    height: int = 900,
    game: str = "hadara",
    published: bool = True,
) -> Iterator[Page]:
    """A page in a fresh browser context of ``width`` by ``height`` px; fails on any script error
    of the page (the browser's own notes of answers other than 2xx, which the page handles, aside),
    and unless every answer of the API and every WebSocket message the page was sent fits its
    published schema, as sent (``game``: the game of the match whose table the page shows, whose
    schemas a seat's view fits; ``published=False`` for a game that publishes no schemas, the
    tests' toy)."""
    context = browser.new_context(viewport={"width": width, "height": height})
    context.set_default_timeout(WAIT_MS)
    page = context.new_page()
    answers: list[Response] = []
    messages: list[str | bytes] = []
    page.on("response", lambda answer: answers.append(answer) if "/api/" in answer.url else None)
    page.on("websocket", lambda socket: socket.on("framereceived", lambda message: messages.append(message)))
    errors: list[str] = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    page.on(
        "console",
        lambda message: (
            errors.append(message.text)
            if message.type == "error" and not message.text.startswith("Failed to load resource")
            else None
        ),
    )
    try:
        if address is not None:
            page.goto(address)
        yield page
        assert errors == [], errors
        if published:
            _sent_as_published(answers, messages, game)
    finally:
        context.close()


def _sent_as_published(answers: list[Response], messages: list[str | bytes], game: str) -> None:
    """Every answer of the API a page was sent (but those of a page since navigated away from,
    whose bodies the browser drops), and every WebSocket message, fits its published schema
    for a match of ``game``."""
    for answer in answers:
        address = urlsplit(answer.url)
        path = address.path + (f"?{address.query}" if address.query else "")
        kind = answer_kind(answer.request.method, path, answer.status)
        if kind is None:
            continue
        try:
            body = answer.body()
        except PlaywrightError:  # navigated away from: its body is gone
            continue
        fits(kind, body, game)
    for message in messages:
        fits("seat_view", message, game)


def overflow(page: Page) -> int:
    """How many pixels the page is wider than its window (0 when it fits)."""
    width: int = page.evaluate("document.documentElement.scrollWidth - document.documentElement.clientWidth")
    return width


def shot(page: Page, folder: Path, name: str, width: int) -> None:
    """A screenshot of the whole page, ``NAME-WIDTH.png``; on a phone, the page must fit its width."""
    page.screenshot(path=folder / f"{name}-{width}.png", full_page=True)
    if width == NARROW:
        assert overflow(page) == 0, f"{name} at {width} px is wider than the window"


def sheet_lines(page: Page) -> list[tuple[str, str]]:
    """The rows of the score sheet the page shows, each as its line's key and its heading."""
    rows: list[list[str]] = page.locator(".sheet tbody tr").evaluate_all(
        "rows => rows.map(row => [row.dataset.line, row.querySelector('th').textContent])"
    )
    return [(line, heading) for line, heading in rows]


def game_sheet_lines(name: str) -> list[tuple[str, str]]:
    """The rows of game ``name``'s score sheet as a table heads them: its lines
    (``Game.score_sheet``), each name with its first letter capitalised."""
    return [(line, said[:1].upper() + said[1:]) for line, said in registered(name).score_sheet()]


def shown_ply(page: Page) -> int:
    """The ply of the view the page shows."""
    return int(page.locator("#table").get_attribute("data-ply") or -1)


def wait_settled(page: Page, ply: int) -> None:
    """Until the page shows the view and the picture of ``ply``."""
    page.wait_for_function(
        """ply => document.querySelector('#table').dataset.ply === String(ply)
                 && document.querySelector('#picture').dataset.ply === String(ply)
                 && document.querySelector('#picture svg') !== null""",
        arg=ply,
        timeout=WAIT_MS,
    )


def wait_shown(page: Page) -> None:
    """Until the page shows a view and its picture, of whatever ply (a bot may move meanwhile)."""
    page.wait_for_function(
        """() => { const ply = document.querySelector('#table').dataset.ply;
                   return ply !== undefined && document.querySelector('#picture').dataset.ply === ply
                          && document.querySelector('#picture svg') !== null; }""",
        timeout=WAIT_MS,
    )


def wait_playable(page: Page) -> bool:
    """Until the page offers a move (True) or shows the score sheet (False)."""
    page.wait_for_function(
        """() => document.querySelector('#moves button.move:not([disabled])') !== null
                 || !document.querySelector('#result').hidden""",
        timeout=WAIT_MS,
    )
    return page.locator("#result").is_hidden()


def confirm(page: Page, move: Locator) -> None:
    """Plays a move of the list: a click chooses it, and its Play button plays it."""
    move.click()
    page.locator("#moves button.play").click()


def play_one(page: Page, rng: random.Random, by_picture: bool) -> str:
    """One move by clicking: on a playable component of the picture when ``by_picture``
    and there is one (a second click on it plays the one move it names; if it names several,
    one of those it lists is chosen and confirmed), else on one of the move buttons and its
    Play button. Returns how: ``"picture"`` or ``"button"``."""
    before = shown_ply(page)
    playable = page.locator("#picture [data-playable]")
    how = "button"
    if by_picture and playable.count() > 0:
        component = playable.nth(rng.randrange(playable.count()))
        component.click()
        how = "picture"
        assert page.locator("#picture [data-selected]").count() == 1  # the component chosen is marked
        listed = page.locator("#moves button.move")
        if listed.count() == 1:
            assert listed.get_attribute("aria-pressed") == "true"  # its one move is chosen
            component.click()
        else:
            confirm(page, listed.nth(rng.randrange(listed.count())))
    else:
        buttons = page.locator("#moves button.move:not([disabled])")
        confirm(page, buttons.nth(rng.randrange(buttons.count())))
    page.wait_for_function(
        "ply => Number(document.querySelector('#table').dataset.ply) > ply", arg=before, timeout=WAIT_MS
    )
    return how


def wait_for_people(base: str, match: str, page: Page) -> int:
    """Until the bots have moved and only people are to act, and the page shows that ply."""
    kinds = {seat["seat"]: seat["kind"] for seat in summary(base, match)["seats"]}
    found: Json = {}

    def people_only() -> bool:
        found.update(summary(base, match))
        return all(kinds[seat] == "human" for seat in found["to_act"])

    wait_until(people_only)
    ply: int = found["ply"]
    page.wait_for_function("ply => document.querySelector('#table').dataset.ply === String(ply)", arg=ply)
    return ply


def wait_for_turn(base: str, match: str, page: Page) -> bool:
    """Until only people are to act and the page shows that ply, its picture included: a move
    is offered (True), or the score sheet is shown (False). What the page offers then is what
    the position offers, whenever the bots' moves reach the page. (The path of a game still
    differs from run to run: a bot's generator is seeded with the match's random id.)"""
    wait_settled(page, wait_for_people(base, match, page))
    return wait_playable(page)


def log_lines(page: Page) -> list[str]:
    """The rows of the page's log, as shown (each with its rules' button texts)."""
    lines: list[str] = page.locator("#log li").evaluate_all(
        "items => items.map(item => item.textContent.replace(/\\s+/g, ' ').trim())"
    )
    return lines


#: The events that only count what the event before them did to the same player.
_CONSEQUENCES = ("coins", "track")


def expected_log(base: str, match: str, secret: str | None) -> list[str]:
    """The seat's log as the server gives it, a row per event with the coins and track steps
    it gave the same player (``P1 buys I-red-04: -3 coins (price), income +2 steps BUY-3 BUY-1``)."""
    rows: list[tuple[Json, list[str], list[str]]] = []
    for event in view(base, match, secret)["events"]:
        text = " ".join(event["text"].split()).removesuffix(f" ({event['rule']})")
        head = rows[-1][0] if rows else None
        if (
            head is not None
            and event["type"] in _CONSEQUENCES
            and head["type"] not in _CONSEQUENCES
            and event.get("player") is not None
            and event.get("player") == head.get("player")
        ):
            rows[-1][1].append(text.removeprefix(f"P{event['player']}: "))
            if event["rule"] not in rows[-1][2]:
                rows[-1][2].append(event["rule"])
            continue
        rows.append((event, [text], [event["rule"]]))
    return [
        (words[0] + (": " + ", ".join(words[1:]) if len(words) > 1 else "") + " " + " ".join(rules)).strip()
        for _, words, rules in rows
    ]


def wait_until(check: Any, seconds: float = WAIT_MS / 1000) -> None:
    """Until ``check()`` is true, at most ``seconds``."""
    deadline = time.monotonic() + seconds
    while not check():
        assert time.monotonic() < deadline, "waited too long"
        time.sleep(0.05)


# --------------------------------------------------------------------------- what a seat may not see

_IDS = set(load_catalogue().cards) | set(load_catalogue().colonies)
_WORD = re.compile(r"[A-Za-z0-9-]+")


def _named(document: str) -> set[str]:
    """The card and colony ids a text names (whole words, so ``I-red-1`` is not in ``I-red-10``)."""
    return _IDS.intersection(_WORD.findall(document))


def _strings(value: object) -> Iterator[str]:
    if isinstance(value, str):
        yield value
    elif isinstance(value, dict):
        for item in value.values():
            yield from _strings(item)
    elif isinstance(value, list):
        for item in value:
            yield from _strings(item)


def _ids_in(state: object) -> set[str]:
    return _IDS.intersection(_strings(json.loads(to_json(state))))


def positions(game: GameRecord) -> list[GameState]:
    """The record's position at every ply, from the first."""
    states = [new_game(game.config)]
    for move in game.moves:
        states.append(apply_move(states[-1], move))
    return states


def never_seen(game: GameRecord, seat: int) -> list[set[str]]:
    """For each ply, the card and colony ids of the position that ``seat`` has not seen in
    its view at that ply or before: what its page may never show then."""
    seen: set[str] = set()
    hidden: list[set[str]] = []
    for state in positions(game):
        seen |= _ids_in(player_view(state, seat))
        hidden.append(_ids_in(state) - seen)
    return hidden


def named_in_page(page: Page) -> set[str]:
    """The card and colony ids anywhere in the page's DOM, the inline SVG included."""
    return _named(page.content())


def post_move(base: str, match: str, secret: str, seq: int, move: Json) -> int:
    """Posts a seat's move at ``seq``; the answer's status (200, or 409 when the table moved on)."""
    answer = httpx.post(
        f"{base}/api/matches/{match}/moves",
        json={"seq": seq, "move": move},
        headers={"Authorization": f"Bearer {secret}"},
        timeout=10,
    )
    assert answer.status_code in (200, 409), answer.text
    return answer.status_code


def play_people_through_api(base: str, match: str, tokens: dict[int, str], rng: random.Random) -> None:
    """Plays the people's seats (``{seat: token}``) through the API, at random, to the end."""
    deadline = time.monotonic() + 90
    while True:
        assert time.monotonic() < deadline, "the game did not end"
        now = summary(base, match)
        if now["over"]:
            return
        acting = [seat for seat in now["to_act"] if seat in tokens]
        if not acting:
            time.sleep(0.02)
            continue
        for seat in acting:
            legal = view(base, match, tokens[seat], now["seq"])["legal"]
            if legal:
                post_move(base, match, tokens[seat], now["seq"], rng.choice(legal)["move"])


def play_through_api(
    base: str, match: str, seat: int, secret: str, rng: random.Random, moves: int | None = None
) -> None:
    """Plays the seat's moves through the API (at random) for ``moves`` moves, or to the end."""
    made = 0
    deadline = time.monotonic() + 60
    while moves is None or made < moves:
        assert time.monotonic() < deadline, "the game did not end"
        now = summary(base, match)
        if now["over"]:
            return
        if seat not in now["to_act"]:
            time.sleep(0.02)
            continue
        legal = view(base, match, secret, now["seq"])["legal"]
        made += post_move(base, match, secret, now["seq"], rng.choice(legal)["move"]) == 200
