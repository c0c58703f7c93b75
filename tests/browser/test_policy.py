"""The web table under a strict Content-Security-Policy: the page states one itself (only its
own files, nothing inline), and nothing of the lobby or a table with clocks is refused by it."""

from __future__ import annotations

import pytest
from playwright.sync_api import Browser

from .table import WIDE, create_match, seat_address, table_page, token, wait_settled

pytestmark = pytest.mark.browser

#: What the page's own policy allows: its own files only, nothing inline.
POLICY = "default-src 'self'; base-uri 'none'; form-action 'self'"
#: Keeps what the policy refuses on the page, from its first script on.
WATCH = (
    "window.refused = []; document.addEventListener('securitypolicyviolation',"
    " event => window.refused.push(`${event.violatedDirective} ${event.blockedURI}`));"
)


@pytest.mark.parametrize("where", ["lobby", "table"])
def test_nothing_is_refused_under_the_pages_own_policy(server: str, browser: Browser, where: str) -> None:
    created = create_match(
        server, players=2, seats=["human", "greedy"], seed=5, clock={"bank": 300, "increment": 5}
    )
    with table_page(browser, WIDE) as page:
        page.add_init_script(WATCH)
        if where == "lobby":
            page.goto(f"{server}/")
            page.select_option("#clock", "custom")
            page.locator("#clock-minutes").wait_for()
            page.locator("#my-empty").wait_for()
        else:
            page.goto(seat_address(server, created["match"], token(created, 0)))
            page.locator("#connection", has_text="Live").wait_for()  # the WebSocket is the page's own
            wait_settled(page, 0)
            page.locator("#seats .clock.running").wait_for()
            page.locator("#moves button.move").first.click()  # a move chosen marks the picture
        policy = page.locator("meta[http-equiv='Content-Security-Policy']").get_attribute("content")
        assert policy == POLICY
        assert page.evaluate("window.refused") == []
