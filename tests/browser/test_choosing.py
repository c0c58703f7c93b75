"""Choosing a move: no single click plays one (a click chooses, a second click or the Play
button plays), and the wheel's moves show what each rotation gives each seat (WHEEL-3)."""

from __future__ import annotations

import json

import pytest
from playwright.sync_api import Browser, Page, Request

from hadara_rules import GameConfig, SetWheel, apply_move, new_game
from hadara_rules._rules.wheel import deck_color

from .table import (
    WIDE,
    create_match,
    seat_address,
    shown_ply,
    summary,
    table_page,
    token,
    view,
    wait_settled,
)

pytestmark = pytest.mark.browser

#: How long a page is given to (wrongly) post a move after a single click, in milliseconds.
SETTLE_MS = 600


def _posts(page: Page) -> list[str]:
    """The moves the page posts from now on (their bodies), as they are sent."""
    sent: list[str] = []

    def seen(request: Request) -> None:
        if request.method == "POST" and request.url.endswith("/moves"):
            sent.append(request.post_data or "")

    page.on("request", seen)
    return sent


def test_a_single_click_never_plays_a_move(server: str, browser: Browser) -> None:
    created = create_match(server, players=2, seats=["human", "human"], seed=6)
    match = created["match"]
    first = summary(server, match)["to_act"][0]
    with table_page(browser, WIDE, seat_address(server, match, token(created, first))) as page:
        wait_settled(page, 0)
        posted = _posts(page)
        moves = page.locator("#moves button.move")
        # a click on a move chooses it and offers its Play button; nothing is sent
        moves.nth(2).click()
        page.wait_for_timeout(SETTLE_MS)
        assert posted == [] and shown_ply(page) == 0
        assert moves.nth(2).get_attribute("aria-pressed") == "true"
        assert page.locator("#moves button.play").count() == 1
        # a click on another move chooses that one instead; Cancel chooses none
        moves.nth(1).click()
        assert moves.nth(1).get_attribute("aria-pressed") == "true"
        assert moves.nth(2).get_attribute("aria-pressed") == "false"
        page.locator("#moves .confirm .link-button", has_text="Cancel").click()
        assert page.locator("#moves button.move[aria-pressed=true]").count() == 0
        page.wait_for_timeout(SETTLE_MS)
        assert posted == [] and shown_ply(page) == 0
        # the Play button plays the move chosen, once
        chosen = moves.nth(3).get_attribute("data-notation")
        legal = {
            entry["notation"]: entry["move"] for entry in view(server, match, token(created, first))["legal"]
        }
        moves.nth(3).click()
        page.locator("#moves button.play").click()
        wait_settled(page, 1)
        assert [json.loads(body) for body in posted] == [{"seq": 0, "move": legal[chosen or ""]}]

        # in the draft: a click on a card of the picture lists its moves and plays none
        card = page.locator("#picture [data-kind=card][data-playable]").first
        card.click()
        page.wait_for_timeout(SETTLE_MS)
        assert len(posted) == 1 and shown_ply(page) == 1
        listed = page.locator("#moves button.move")
        assert listed.count() > 1
        assert page.locator("#picture [data-selected]").count() == 1
        # a second click on the move chosen plays it
        listed.first.click()
        page.wait_for_timeout(SETTLE_MS)
        assert len(posted) == 1
        listed.first.click()
        page.wait_for_function("() => Number(document.querySelector('#table').dataset.ply) > 1")
        assert len(posted) == 2


def test_the_wheel_moves_show_what_each_rotation_gives(server: str, browser: Browser) -> None:
    config = GameConfig(players=3, seed=5)
    created = create_match(server, players=3, seats=["human"] * 3, names=["Ada", "Bo", "Cy"], seed=5)
    match = created["match"]
    first = summary(server, match)["to_act"][0]
    secret = token(created, first)
    state = new_game(config)
    sent = view(server, match, secret)["position"]["data"]
    # the server's match is the library's game of the same seed: the same board and crests
    assert list(state.board_order) == sent["board_order"]
    assert [player.crest for player in state.players] == [player["crest"] for player in sent["players"]]
    with table_page(browser, WIDE, seat_address(server, match, secret)) as page:
        wait_settled(page, 0)
        # beside the seat's own board, the wheel being set
        parts = page.locator("#picture .picture-parts > svg")
        assert parts.first.locator(f'[data-kind=statue][data-player="{first}"]').count() == 4
        assert parts.nth(1).locator("text", has_text="wheel turned").count() == 1
        buttons = page.locator("#moves button.move")
        assert buttons.count() == 5
        for rotation in range(5):
            after = apply_move(state, SetWheel(player=first, rotation=rotation))
            expected = ", ".join(f"P{seat} {deck_color(after, seat)}" for seat in range(3))
            button = buttons.nth(rotation)
            assert button.get_attribute("data-notation") == f"P{first} wheel {rotation}"
            preview = button.locator(".wheel-preview")
            assert preview.is_visible()
            assert preview.text_content() == f"First draws: {expected}"
            assert preview.locator(".mine").text_content() == f"P{first} {deck_color(after, first)}"
