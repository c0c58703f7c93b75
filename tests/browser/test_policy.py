"""The web table under its Content-Security-Policy: the lobby, a match made there and a few
moves played, with not one violation of the policy seen by the browser."""

from __future__ import annotations

import random

import pytest
from playwright.sync_api import Browser

from hadara_rules.server.guard import CONTENT_SECURITY_POLICY

from .table import WIDE, play_one, table_page, wait_playable

pytestmark = pytest.mark.browser

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
