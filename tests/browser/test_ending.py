"""Ending a match at the table: Resign (confirmed by a second button) ends it, the others win
and every page says so; Cancel, for the creator of a match not started, ends it with no
result and no rematch."""

from __future__ import annotations

import pytest
from playwright.sync_api import Browser

from .table import WIDE, create_match, seat_address, summary, table_page, token, wait_settled

pytestmark = pytest.mark.browser


def test_a_seat_resigns_from_the_table_and_both_pages_show_the_result(server: str, browser: Browser) -> None:
    created = create_match(server, players=2, seats=["human", "human"], names=["Ann", "Ben"], seed=6)
    match = created["match"]
    with (
        table_page(browser, WIDE, seat_address(server, match, token(created, 0))) as mine,
        table_page(browser, WIDE, seat_address(server, match, token(created, 1))) as theirs,
    ):
        wait_settled(mine, 0)
        assert mine.locator("#abort-button").is_visible() and mine.locator("#cancel-button").is_hidden()
        mine.locator("#resign-button").click()
        keep = mine.locator("#end-confirm button.link-button")
        keep.click()  # not yet: nothing is posted
        assert mine.locator("#end-confirm").is_hidden() and not summary(server, match)["over"]
        mine.locator("#resign-button").click()
        mine.locator("#end-yes").click()
        for page in (mine, theirs):
            page.locator("#result .winners").wait_for()
            headline = page.locator("#result .winners").inner_text()
            assert headline.startswith("P1 · Ben") and headline.endswith(" wins"), headline
            said = page.locator("#result .resigned").inner_text()
            assert said.startswith("P0 · Ann") and " resigned: " in said, said
            page.locator("#log li.notice", has_text="Ann resigned").wait_for()
            assert page.locator("#resign-button").is_hidden() and page.locator("#abort-button").is_hidden()
            assert page.locator("#turn").inner_text() == "The game is over"
        theirs.locator("#rematch-button").wait_for()
    ended = summary(server, match)
    assert (ended["state"], ended["resigned"], ended["winners"]) == ("over", 0, [1])


def test_the_creator_cancels_a_match_nobody_joined(server: str, browser: Browser) -> None:
    created = create_match(server, players=2, seats=["human", "open"])
    match = created["match"]
    with table_page(browser, WIDE, seat_address(server, match, token(created, 0))) as page:
        page.locator("#cancel-button").click()
        page.locator("#end-yes").click()
        page.locator("#result .winners").wait_for()
        assert page.locator("#result .winners").inner_text() == "The match was cancelled: it has no result"
        assert page.locator("#rematch").is_hidden() and page.locator("#cancel-button").is_hidden()
    assert summary(server, match)["state"] == "cancelled"
