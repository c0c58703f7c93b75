"""The lobby, a table and the end of a game at 1280 and 390 px: screenshots kept in
``$HADARA_SCREENSHOTS`` (CI keeps them), and no horizontal overflow on a phone."""

from __future__ import annotations

import random
from pathlib import Path

import pytest
from playwright.sync_api import Browser

from .table import (
    NARROW,
    WIDE,
    create_match,
    play_through_api,
    seat_address,
    shot,
    table_page,
    token,
    wait_for_people,
    wait_settled,
)

pytestmark = pytest.mark.browser


@pytest.mark.parametrize("width", [WIDE, NARROW])
def test_the_lobby_and_its_links(server: str, browser: Browser, screenshots: Path, width: int) -> None:
    with table_page(browser, width, f"{server}/") as page:
        page.select_option("#players", "4")
        page.select_option("#seat-3-kind", "open")
        page.select_option("#clock", "custom")
        page.select_option("#seat-2-kind", "human")
        page.fill("#seat-0-name", "Ada")
        page.fill("#seat-2-name", "Cyrus")
        shot(page, screenshots, "lobby", width)
        page.click("#create-button")
        page.locator("#created").wait_for()
        # a link per human seat, its token in the fragment; a spectator link without one
        addresses = page.locator("#links input").evaluate_all("fields => fields.map(f => f.value)")
        assert len(addresses) == 3
        assert all("#token=" in address for address in addresses[:2])
        assert "#" not in addresses[2] and "token" not in addresses[2]
        page.context.grant_permissions(["clipboard-read", "clipboard-write"])
        page.locator("#links button.copy").first.click()
        assert page.evaluate("navigator.clipboard.readText()") == addresses[0]
        page.locator("#links button.copy", has_text="Copied").wait_for()
        shot(page, screenshots, "links", width)


@pytest.fixture(scope="module")
def playing(server: str) -> tuple[str, str]:
    """A 3-player match against two bots, nine moves in: its id and the person's token."""
    created = create_match(
        server, players=3, seats=["human", "greedy", "random"], names=["Ada", "Greedy", "Random"], seed=3
    )
    play_through_api(server, created["match"], 0, token(created, 0), random.Random(1), moves=9)
    return created["match"], token(created, 0)


@pytest.fixture(scope="module")
def ended(server: str) -> tuple[str, str]:
    """A 2-player match against a bot, played to its end: its id and the person's token."""
    created = create_match(server, players=2, seats=["human", "greedy"], names=["Ada", "Greedy"], seed=8)
    play_through_api(server, created["match"], 0, token(created, 0), random.Random(2))
    return created["match"], token(created, 0)


@pytest.mark.parametrize("width", [WIDE, NARROW])
def test_a_table(
    server: str, browser: Browser, screenshots: Path, width: int, playing: tuple[str, str]
) -> None:
    match, secret = playing
    with table_page(browser, width, seat_address(server, match, secret)) as page:
        ply = wait_for_people(server, match, page)
        wait_settled(page, ply)
        assert page.locator("#moves button.move").count() > 0
        shot(page, screenshots, "table", width)


@pytest.mark.parametrize("width", [WIDE, NARROW])
def test_the_end_of_a_game(
    server: str, browser: Browser, screenshots: Path, width: int, ended: tuple[str, str]
) -> None:
    match, secret = ended
    with table_page(browser, width, seat_address(server, match, secret)) as page:
        page.locator(".sheet").wait_for()
        shot(page, screenshots, "end", width)
    with table_page(browser, width, seat_address(server, match, None)) as page:
        page.locator(".sheet").wait_for()
        assert page.locator("#bar-note").text_content() == f"Watching match {match}"
        shot(page, screenshots, "spectator-end", width)
