"""Two people who never met, each in their own browser context: one creates a public match
with a clock and an open seat, the other finds it in the lobby and joins; they play, one
leaves and the bot plays their seat, they return, the game ends, and both start the rematch."""

from __future__ import annotations

import random
import re
from pathlib import Path

import httpx
import pytest
from helpers import whole_log
from playwright.sync_api import Browser, Page

from .table import (
    NARROW,
    WIDE,
    play_one,
    play_people_through_api,
    shot,
    summary,
    table_page,
    wait_until,
)

pytestmark = pytest.mark.browser


def _seat_kind(page: Page, seat: int, kind: str) -> None:
    """Until the page's players list shows ``seat`` played by ``kind``."""
    page.locator(f"#seats li[data-seat='{seat}'][data-kind='{kind}']").wait_for()


def _token(page: Page) -> str:
    """The seat's token in the page's address (its fragment)."""
    found = re.search(r"#token=(.+)$", page.url)
    assert found is not None, page.url
    return found.group(1)


def _match_of(url: str) -> str | None:
    """The match a table's address opens (None for the lobby's)."""
    found = re.search(r"\?match=([^#&]+)", url)
    return None if found is None else found.group(1)


def _match(page: Page) -> str:
    found = _match_of(page.url)
    assert found is not None, page.url
    return found


def _bot_moved_for(base: str, match: str, seat: int) -> bool:
    """Whether a move of ``seat`` was stored after its person left it."""
    entries = whole_log(lambda path: httpx.get(f"{base}{path}", timeout=10), match)
    kinds = [(entry["kind"], entry.get("seat")) for entry in entries]
    left = kinds.index(("leave", seat)) if ("leave", seat) in kinds else len(kinds)
    return ("move", seat) in kinds[left:]


def _create_public(page: Page) -> None:
    """The lobby's form: two seats, Ada's and an open one, listed, with a 5 min + 5 s clock."""
    page.select_option("#players", "2")
    page.fill("#seat-0-name", "Ada")
    page.select_option("#seat-1-kind", "open")
    page.select_option("#clock", "5+5")
    page.check("#public")
    page.click("#create-button")
    page.locator("#links").wait_for()


def test_strangers_meet_in_the_lobby_and_play_a_rematch(
    server: str, browser: Browser, screenshots: Path
) -> None:
    rng = random.Random(5)
    with (
        table_page(browser, WIDE, f"{server}/") as ada,
        table_page(browser, NARROW, f"{server}/") as bo,
    ):
        _create_public(ada)
        ada.locator("#links a.open").first.evaluate("link => link.removeAttribute('target')")
        ada.locator("#links a.open").first.click()  # Ada goes to her own seat's table
        ada.locator("#waiting").wait_for()
        match = _match(ada)
        assert ada.locator("#share-link").input_value().endswith(f"/?match={match}")
        assert ada.locator("#turn").text_content() == "Waiting for players"
        shot(ada, screenshots, "waiting", WIDE)

        # Bo finds the match in the lobby (refreshed by itself) and joins it
        row = bo.locator(f"#open-list li[data-match='{match}']")
        row.wait_for()
        assert "5 min + 5 s a move" in (row.text_content() or "")
        shot(bo, screenshots, "lobby-open", NARROW)
        row.locator("button.join").click()
        bo.locator("#join-error", has_text="Type your name first").wait_for()
        bo.fill("#player-name", "Bo")
        row.locator("button.join").click()
        bo.wait_for_url(re.compile(r"#token="))
        bo.locator("#seats li[data-seat='1']", has_text="Bo").wait_for()
        # Ada's table sees Bo sit down: the game starts, the link to share goes
        ada.locator("#seats li[data-seat='1']", has_text="Bo").wait_for()
        ada.locator("#waiting").wait_for(state="hidden")
        assert summary(server, match)["started"] is True

        # the clocks: shown on both tables, and the one that runs counts down
        running = ada.locator("#seats .clock.running").first
        running.wait_for()
        before = running.text_content()
        ada.wait_for_function(
            "before => document.querySelector('#seats .clock.running')?.textContent !== before",
            arg=before,
            timeout=3000,
        )
        assert bo.locator("#seats .clock").count() == 2
        # both are connected: each table shows the other's dot lit
        ada.locator("#seats li[data-seat='1'] .presence.on").wait_for()
        bo.locator("#seats li[data-seat='0'] .presence.on").wait_for()

        pages = {0: ada, 1: bo}
        for _ in range(4):  # a few moves by clicking, each on its own table
            seat = summary(server, match)["to_act"][0]
            play_one(pages[seat], rng, by_picture=False)
        shot(bo, screenshots, "clocks", NARROW)

        # Bo leaves: the bot plays the seat, and both tables say so
        bo.click("#leave-button")
        _seat_kind(bo, 1, "away")
        _seat_kind(ada, 1, "away")
        assert "away: bot plays" in (ada.locator("#seats li[data-seat='1']").text_content() or "")
        assert bo.locator("#moves button.move").count() == 0
        for _ in range(40):
            if _bot_moved_for(server, match, 1):
                break
            now = summary(server, match)
            if 0 in now["to_act"]:
                play_one(ada, rng, by_picture=True)
        else:
            pytest.fail("the bot did not play the seat left")
        ada.locator("#log li.notice", has_text="Bo").first.wait_for()

        # Bo returns, and plays again
        bo.click("#return-button")
        _seat_kind(bo, 1, "human")
        _seat_kind(ada, 1, "human")

        # the rest of the game through the API, then both ask for the rematch
        play_people_through_api(server, match, {0: _token(ada), 1: _token(bo)}, rng)
        ada.locator("#rematch-button").wait_for()
        bo.locator("#rematch-button").wait_for()
        ada.click("#rematch-button")
        ada.wait_for_url(lambda url: _match_of(url) not in (None, match))
        rematch = _match(ada)
        # Bo's table is told of the rematch, with Bo's own seat in it
        link = bo.locator("#rematch-link", has_text="Go to the rematch")
        link.wait_for()
        link.click()
        bo.wait_for_url(lambda url: _match_of(url) == rematch)
        for page, seat in ((ada, 0), (bo, 1)):
            page.locator("#bar-note", has_text=f"You play P{seat}").wait_for()
        new = summary(server, rematch)
        assert [(seat["kind"], seat["name"]) for seat in new["seats"]] == [("human", "Ada"), ("human", "Bo")]
        assert new["clock"] == {"bank": 300, "increment": 5}
        wait_until(lambda: summary(server, rematch)["seats"][1]["connected"])

        # both matches are among Bo's: the lobby lists them under "my matches"
        bo.goto(f"{server}/")
        for held in (match, rematch):
            bo.locator(f"#my-list li[data-match='{held}']").wait_for()
