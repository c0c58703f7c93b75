"""Take-backs at the table: the button is offered only while the seat's view allows one, and
takes the move back; a match made without take-backs never offers it."""

from __future__ import annotations

import pytest
from playwright.sync_api import Browser

from .table import (
    WIDE,
    confirm,
    create_match,
    post_move,
    seat_address,
    summary,
    table_page,
    token,
    view,
    wait_settled,
)

pytestmark = pytest.mark.browser


def _set_the_wheel(server: str, created: dict[str, object]) -> int:
    """The wheel set through the API (the move shows the first draws: it cannot be taken back);
    the seat that chooses first in the draft round then."""
    match = str(created["match"])
    wheel = summary(server, match)["to_act"][0]
    secret = token(created, wheel)
    assert post_move(server, match, secret, 0, view(server, match, secret)["legal"][0]["move"]) == 200
    return int(summary(server, match)["to_act"][0])


def test_a_move_is_taken_back_from_the_table(server: str, browser: Browser) -> None:
    created = create_match(server, players=2, seats=["human", "human"], seed=6, takeback=True)
    match = created["match"]
    seat = _set_the_wheel(server, created)
    with table_page(browser, WIDE, seat_address(server, match, token(created, seat))) as page:
        wait_settled(page, 1)
        button = page.locator("#takeback-button")
        assert button.is_hidden()  # the seat has no move to take back yet
        first = page.locator("#moves button.move").first.get_attribute("data-notation")
        confirm(page, page.locator("#moves button.move").first)  # a choice the others do not see yet
        wait_settled(page, 2)
        assert view(server, match, token(created, seat))["takeback"] is True
        button.wait_for()
        button.click()
        wait_settled(page, 1)
        assert summary(server, match)["ply"] == 1
        button.wait_for(state="hidden")
        page.locator("#log li.notice").first.wait_for()
        # the move is offered again
        page.locator(f"#moves button.move[data-notation='{first}']").wait_for()


def test_without_take_backs_the_button_never_shows(server: str, browser: Browser) -> None:
    created = create_match(server, players=2, seats=["human", "human"], seed=6)
    match = created["match"]
    seat = _set_the_wheel(server, created)
    with table_page(browser, WIDE, seat_address(server, match, token(created, seat))) as page:
        wait_settled(page, 1)
        confirm(page, page.locator("#moves button.move").first)
        wait_settled(page, 2)
        assert view(server, match, token(created, seat))["takeback"] is False
        assert page.locator("#takeback-button").is_hidden()
