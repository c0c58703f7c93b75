"""The lobby's lists: "my matches" (the seats this browser holds) survive a reload and can be
forgotten; an open seat is taken on the match's shared link; a seat just taken is refused in
one line; only public matches with a seat open are listed."""

from __future__ import annotations

import re

import httpx
import pytest
from playwright.sync_api import Browser

from .table import UPDATES, WIDE, create_match, seat_address, summary, table_page, token, wait_settled

pytestmark = pytest.mark.browser


def test_my_matches_survive_a_reload_and_can_be_forgotten(server: str, browser: Browser) -> None:
    playing = create_match(server, players=2, seats=["human", "greedy"], names=["Ada", "Greedy"], seed=2)
    waiting = create_match(server, players=2, seats=["human", "open"], names=["Ada", "Player 2"])
    with table_page(browser, WIDE) as page:
        for created in (playing, waiting):  # opening a seat's link keeps it
            page.goto(seat_address(server, created["match"], token(created, 0)))
            page.locator("#bar-note", has_text="You play P0").wait_for()
        page.goto(f"{server}/")
        page.reload()
        rows = page.locator("#my-list li")
        page.locator(
            f"#my-list li[data-match='{waiting['match']}'][data-state='waiting for players']"
        ).wait_for()
        row = page.locator(f"#my-list li[data-match='{playing['match']}']")
        row.wait_for()
        assert row.get_attribute("data-state") in ("your turn", "playing")
        assert rows.count() == 2
        assert "Ada" in (row.text_content() or "")
        # its link opens the seat's table again, token and all
        row.locator("a.open").click()
        page.locator("#bar-note", has_text="You play P0 · Ada").wait_for()
        page.go_back()
        page.locator(f"#my-list li[data-match='{waiting['match']}'] button.forget").click()
        page.locator(f"#my-list li[data-match='{waiting['match']}']").wait_for(state="detached")
        page.reload()
        page.locator(f"#my-list li[data-match='{playing['match']}']").wait_for()
        assert page.locator("#my-list li").count() == 1
        # a private match is never listed among the open ones, though a seat is open
        page.wait_for_timeout(500)
        assert page.locator(f"#open-list li[data-match='{waiting['match']}']").count() == 0


def test_an_open_seat_is_taken_on_the_shared_link(server: str, browser: Browser) -> None:
    created = create_match(server, players=3, seats=["human", "open", "open"], names=["Ada", "P2", "P3"])
    match = created["match"]
    with table_page(browser, WIDE) as page:
        page.route_web_socket(UPDATES, lambda socket: None)  # the page is not told of seat 2 taken
        page.goto(seat_address(server, match, None))
        page.locator("#join-seats button.join").nth(1).wait_for()
        assert page.locator("#turn").text_content() == "Waiting for players"
        page.fill("#table-name", "Cyrus")
        # someone takes seat 2 first: the page's click on it is refused in one line
        taken = httpx.post(f"{server}/api/matches/{match}/seats/2/join", json={"name": "Dana"}, timeout=10)
        assert taken.status_code == 200, taken.text
        page.locator("#join-seats button[data-seat='2']").click()
        page.locator("#table-join-error", has_text="was just taken").wait_for()
        page.locator("#join-seats button[data-seat='1']").click()
        page.wait_for_url(re.compile(r"#token="))
        page.locator("#bar-note", has_text="You play P1 · Cyrus").wait_for()
        page.locator("#waiting").wait_for(state="hidden")
        assert summary(server, match)["started"] is True
        wait_settled(page, summary(server, match)["ply"])
        page.goto(f"{server}/")
        page.locator(f"#my-list li[data-match='{match}'][data-seat='1']").wait_for()


def test_the_form_refuses_a_wrong_clock_or_a_seed_for_the_lobby(server: str, browser: Browser) -> None:
    with table_page(browser, WIDE, f"{server}/") as page:
        page.select_option("#clock", "custom")
        page.fill("#clock-minutes", "0")
        page.click("#create-button")
        page.locator("#create-error", has_text="The clock's time must be more than 0").wait_for()
        page.fill("#clock-minutes", "10")
        page.fill("#clock-increment", "2.5")
        page.click("#create-button")
        page.locator("#create-error", has_text="seconds added a move must be a whole number").wait_for()
        page.fill("#clock-increment", "3")
        page.check("#public")
        page.fill("#seed", "7")
        page.click("#create-button")
        page.locator("#create-error", has_text="leave the seed empty").wait_for()
        assert page.locator("#created").is_hidden()
        page.fill("#seed", "")
        page.click("#create-button")
        page.locator("#created").wait_for()
        assert page.locator("#create-error").text_content() == ""
        created = page.locator("#links input").first.input_value()
        match = created.split("?match=")[1].split("#")[0]
        assert summary(server, match)["clock"] == {"bank": 600, "increment": 3}
        assert summary(server, match)["public"] is True


def test_the_form_offers_each_games_own_seats_options_and_bots(server: str, browser: Browser) -> None:
    games = {entry["game"]: entry for entry in httpx.get(f"{server}/api/games", timeout=10).json()["games"]}
    with table_page(browser, WIDE, f"{server}/") as page:
        assert page.locator("#game option").all_text_contents() == [
            entry["title"] for entry in games.values()
        ]
        page.select_option("#players", "5")
        page.check("#option-advanced")  # Hadara's Basic/Advanced is its option
        page.click("#create-button")
        page.locator("#created").wait_for()
        advanced = page.locator("#links input").last.input_value().split("?match=")[1]
        assert summary(server, advanced)["advanced"] is True and summary(server, advanced)["game"] == "hadara"

        page.select_option("#game", "stone-age")
        low, high = games["stone-age"]["seats"]
        assert page.locator("#players option").all_text_contents() == [str(n) for n in range(low, high + 1)]
        assert page.locator("#players").input_value() == str(low)  # 5 players is no Stone Age game
        assert page.locator("#seat-rows li").count() == low
        bots = page.locator("#seat-1-kind option").evaluate_all("options => options.map(o => o.value)")
        assert bots == ["human", "open", *games["stone-age"]["bots"]]
        assert page.locator("#option-advanced").count() == 0
        # a wrong option is refused in one line, and nothing is made
        page.fill("#option-max_rounds", "0")
        page.click("#create-button")
        page.locator("#create-error", has_text="Last round must be a whole number of at least 1").wait_for()
        assert page.locator("#created-heading").text_content() == f"Match {advanced} created"
        page.fill("#option-max_rounds", "3")
        page.click("#create-button")
        page.locator("#created-heading", has_not_text=advanced).wait_for()
        match = page.locator("#links input").last.input_value().split("?match=")[1]
        assert summary(server, match)["game"] == "stone-age" and summary(server, match)["max_rounds"] == 3
        # the lobby lists a public match with the game it is
        page.select_option("#seat-1-kind", "open")
        page.check("#public")
        page.fill("#seed", "")
        page.click("#create-button")
        page.locator("#created-heading", has_not_text=match).wait_for()
        listed = page.locator("#links input").last.input_value().split("?match=")[1]
    with table_page(browser, WIDE, f"{server}/") as page:
        row = page.locator(f"#open-list li[data-match='{listed}']")
        row.wait_for()
        assert row.get_attribute("data-game") == "stone-age"
        assert "Stone Age" in (row.text_content() or "")
