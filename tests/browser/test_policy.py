"""The web table under its Content-Security-Policy: the server's header, and the page's own
policy (its own files only, nothing inline) that holds wherever it is served from: the lobby,
a match made there and a few moves played, a table with clocks and its WebSocket, with not
one violation of the policy seen by the browser."""

from __future__ import annotations

import random

import pytest
from playwright.sync_api import Browser

from boardtable.server.guard import CONTENT_SECURITY_POLICY

from .table import WIDE, create_match, play_one, seat_address, table_page, token, wait_playable, wait_settled

pytestmark = pytest.mark.browser

#: The page's own policy, stated in its HTML (its icon is an empty data: address, asking nothing).
PAGE_POLICY = "default-src 'self'; img-src 'self' data:; base-uri 'none'; form-action 'self'"

#: Keeps every violation of the page's policy where the test can read it.
_WATCH = """
window.violations = [];
document.addEventListener("securitypolicyviolation", (event) =>
  window.violations.push(`${event.violatedDirective} ${event.blockedURI}`));
"""


def test_the_table_works_under_its_policy_with_no_violation(server: str, browser: Browser) -> None:
    with table_page(browser, WIDE) as page:
        page.add_init_script(_WATCH)
        answer = page.goto(f"{server}/")
        assert answer is not None and answer.headers["content-security-policy"] == CONTENT_SECURITY_POLICY
        policy = page.locator("meta[http-equiv='Content-Security-Policy']").get_attribute("content")
        assert policy == PAGE_POLICY
        page.select_option("#clock", "custom")  # the form's parts shown and hidden by classes only
        page.locator("#clock-minutes").wait_for()
        page.select_option("#seat-1-kind", "greedy")
        page.click("#create-button")
        address = page.locator("#links li").first.locator("a.open").get_attribute("href")
        assert address is not None
        page.goto(address)
        page.wait_for_selector("#picture svg")
        rng = random.Random(3)
        for _ in range(3):
            if not wait_playable(page):
                break
            play_one(page, rng, by_picture=True)
        assert page.evaluate("window.violations") == []


def test_a_table_with_clocks_and_its_websocket_break_no_policy(server: str, browser: Browser) -> None:
    created = create_match(
        server, players=2, seats=["human", "greedy"], seed=5, clock={"bank": 300, "increment": 5}
    )
    with table_page(browser, WIDE) as page:
        page.add_init_script(_WATCH)
        page.goto(seat_address(server, created["match"], token(created, 0)))
        page.locator("#connection", has_text="Live").wait_for()  # the WebSocket is the page's own
        wait_settled(page, 0)
        page.locator("#seats .clock.running").wait_for()  # drawn and counted down with classes
        page.wait_for_timeout(600)
        assert page.evaluate("window.violations") == []
