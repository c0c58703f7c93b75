"""Each game's own part of the web table, loaded from its package when a page needs it: a
table loads its game's module and style sheet and no other game's; a game without a module is
played with the generic part (its picture, and its legal moves as a list in their notation);
the lobby's default game is the first the server lists, whichever that is."""

from __future__ import annotations

import json
import random
from collections.abc import Callable
from typing import Any

import httpx
import pytest
from playwright.sync_api import Browser, Page, Route

from .table import (
    WIDE,
    create_match,
    game_sheet_lines,
    seat_address,
    sheet_lines,
    shown_ply,
    table_page,
    token,
    view,
    wait_for_turn,
    wait_shown,
)

pytestmark = pytest.mark.browser

#: More moves than one round of Stone Age takes a seat (a handful are made).
MOST_MOVES = 200


def record(base: str, match: str) -> dict[str, Any]:
    """The game record as the server gives it, as data."""
    answer = httpx.get(f"{base}/api/matches/{match}/record", timeout=10)
    assert answer.status_code == 200, answer.text
    found: dict[str, Any] = answer.json()
    return found


def _games_as(page: Page, change: Callable[[list[dict[str, Any]]], list[dict[str, Any]]]) -> None:
    """The page is answered ``GET /api/games`` as the server answers it, with ``change`` made to
    its list of games."""

    def answer(route: Route) -> None:
        sent = route.fetch()
        route.fulfill(response=sent, body=json.dumps({"games": change(sent.json()["games"])}))

    page.route("**/api/games", answer)


def _asked(page: Page) -> list[str]:
    """The paths of the games' files the page asks for, as it asks."""
    paths: list[str] = []
    page.on("request", lambda request: paths.append(request.url.split("//", 1)[1].partition("/")[2]))
    return paths


def test_a_table_loads_its_games_part_and_no_other(server: str, browser: Browser) -> None:
    created = create_match(server, players=2, seats=["human", "greedy"], names=["Ada", "Bot"], seed=4)
    with table_page(browser, WIDE) as page:
        asked = _asked(page)
        page.goto(seat_address(server, created["match"], token(created, 0)))
        wait_shown(page)
        games = sorted(path for path in asked if path.startswith("games/"))
        assert games == [
            "games/hadara/game.css",
            "games/hadara/game.js",
            "games/hadara/moves.js",
            "games/hadara/wheel.js",
        ]
        # its style sheet is on the page, once, and read
        sheets = page.evaluate(
            "() => [...document.styleSheets].filter(s => (s.href ?? '').endsWith('/games/hadara/game.css'))"
            ".map(s => s.cssRules.length)"
        )
        assert len(sheets) == 1 and sheets[0] > 0
        assert page.locator("header .brand").text_content() == "Hadara"
        assert page.title().endswith("Hadara")
        assert page.locator("#abilities-heading").text_content() == "Purple abilities on the table"


def test_a_game_without_a_module_is_played_from_its_picture_and_a_list(server: str, browser: Browser) -> None:
    """Stone Age as if it had no part of its own (``"web": false``): its picture as the server
    draws it, nothing in it to click, and its legal moves as one list, each in the server's words
    of it (its entry's ``text``, as the terminal lists it) with its preview's words; played by
    that list to the end (one round), its score sheet shown by the lines ``GET /api/games`` gives
    (the game's own, its total the record's), and its module never asked for."""
    created = create_match(
        server,
        game="stone-age",
        players=2,
        seats=["human", "greedy"],
        names=["Ada", "Bot"],
        seed=6,
        max_rounds=1,
    )
    match, secret = created["match"], token(created, 0)
    rng = random.Random(6)
    with table_page(browser, WIDE, game="stone-age") as page:
        _games_as(page, lambda games: [{**game, "web": game["game"] != "stone-age"} for game in games])
        asked = _asked(page)
        page.goto(seat_address(server, match, secret))
        while wait_for_turn(server, match, page):
            assert shown_ply(page) < MOST_MOVES, "the round did not end"
            legal = view(server, match, secret)["legal"]
            buttons = page.locator("#moves button.move")
            assert buttons.count() == len(legal)
            assert buttons.locator(".what").all_text_contents() == [entry["text"] for entry in legal]
            said = [entry["preview"]["text"] for entry in legal if entry["preview"]["text"]]
            assert buttons.locator(".preview").all_text_contents() == said
            assert page.locator("#moves h3").all_text_contents() == ["Moves"]
            assert page.locator("#picture svg").count() > 0
            assert page.locator("#picture [data-playable]").count() == 0
            ply = shown_ply(page)
            assert page.locator("#where").text_content() == f"Move {ply}"
            buttons.nth(rng.randrange(buttons.count())).click()
            page.locator("#moves button.play").click()
            page.wait_for_function(
                "ply => Number(document.querySelector('#table').dataset.ply) > ply", arg=ply
            )
        page.locator(".sheet").wait_for()
        assert sheet_lines(page) == game_sheet_lines("stone-age")  # the server's lines, not the module's
        totals = [str(sheet["total"]) for sheet in record(server, match)["data"]["result"]["scores"]]
        assert page.locator(".sheet tr.total td").all_text_contents() == totals
        assert page.locator("header .brand").text_content() == "Stone Age"
        assert not [path for path in asked if path.startswith("games/")]


def test_the_lobbys_default_game_is_the_first_the_server_lists(server: str, browser: Browser) -> None:
    with table_page(browser, WIDE) as page:
        _games_as(page, lambda games: sorted(games, key=lambda game: game["game"] != "stone-age"))
        page.goto(f"{server}/")
        page.locator("#game option").first.wait_for(state="attached")
        assert page.locator("#game").input_value() == "stone-age"
        assert page.locator("#players option").all_text_contents() == ["2", "3", "4"]
        assert page.locator("#option-max_rounds").count() == 1
        assert page.title() == "Lobby · Board games"
