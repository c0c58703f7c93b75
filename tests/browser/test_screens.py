"""The lobby, a table and the end of a game at 1280 and 390 px: screenshots kept in
``$HADARA_SCREENSHOTS`` (CI keeps them), and no horizontal overflow on a phone."""

from __future__ import annotations

import random
from pathlib import Path

import pytest
from playwright.sync_api import Browser, Page

from .table import (
    NARROW,
    WIDE,
    create_match,
    play_through_api,
    seat_address,
    table_page,
    token,
    wait_for_people,
    wait_settled,
)

pytestmark = pytest.mark.browser


def _overflow(page: Page) -> int:
    """How many pixels the page is wider than its window (0 when it fits)."""
    width: int = page.evaluate("document.documentElement.scrollWidth - document.documentElement.clientWidth")
    return width


def _shot(page: Page, folder: Path, name: str, width: int) -> None:
    page.screenshot(path=folder / f"{name}-{width}.png", full_page=True)
    if width == NARROW:
        assert _overflow(page) == 0, f"{name} at {width} px is wider than the window"


@pytest.mark.parametrize("width", [WIDE, NARROW])
def test_the_lobby_and_its_links(server: str, browser: Browser, screenshots: Path, width: int) -> None:
    with table_page(browser, width, f"{server}/") as page:
        page.select_option("#players", "4")
        page.select_option("#seat-2-kind", "human")
        page.fill("#seat-0-name", "Ada")
        page.fill("#seat-2-name", "Cyrus")
        _shot(page, screenshots, "lobby", width)
        page.click("#create-button")
        page.locator("#created").wait_for()
        # a link per human seat, its token in the fragment; a spectator link without one
        addresses = page.locator("#links input").evaluate_all("fields => fields.map(f => f.value)")
        assert len(addresses) == 3
        assert all("#token=" in address for address in addresses[:2])
        assert "#" not in addresses[2] and "token" not in addresses[2]
        _shot(page, screenshots, "links", width)


@pytest.mark.parametrize("width", [WIDE, NARROW])
def test_a_table_and_the_end_of_a_game(server: str, browser: Browser, screenshots: Path, width: int) -> None:
    rng = random.Random(width)
    playing = create_match(
        server, players=3, seats=["human", "greedy", "random"], names=["Ada", "Greedy", "Random"], seed=3
    )
    secret = token(playing, 0)
    play_through_api(server, playing["match"], secret, rng, moves=9)
    with table_page(browser, width, seat_address(server, playing["match"], secret)) as page:
        ply = wait_for_people(server, playing["match"], page)
        wait_settled(page, ply)
        _shot(page, screenshots, "table", width)

    ended = create_match(server, players=2, seats=["human", "greedy"], names=["Ada", "Greedy"], seed=8)
    secret = token(ended, 0)
    play_through_api(server, ended["match"], secret, rng)
    with table_page(browser, width, seat_address(server, ended["match"], secret)) as page:
        page.locator(".sheet").wait_for()
        _shot(page, screenshots, "end", width)
    with table_page(browser, width, seat_address(server, ended["match"], None)) as page:
        page.locator(".sheet").wait_for()
        assert page.locator("#bar-note").text_content() == f"Watching match {ended['match']}"
        _shot(page, screenshots, "spectator-end", width)
