"""How the table keeps up: a move posted on a stale view refreshes it; after a lost
connection the page asks what it missed and shows every event once; a refusal shows
its rule's text; a spectator and a wrong token."""

from __future__ import annotations

import json

import httpx
import pytest
from playwright.sync_api import Browser, Route, WebSocketRoute

from hadara_rules import rules

from .table import (
    UPDATES,
    WIDE,
    confirm,
    create_match,
    expected_log,
    log_lines,
    seat_address,
    summary,
    table_page,
    token,
    view,
    wait_settled,
)

pytestmark = pytest.mark.browser


def _play_first(server: str, match: str, secret: str) -> None:
    """The seat's first legal move, posted from outside the page (as from another tab)."""
    now = view(server, match, secret)
    answer = httpx.post(
        f"{server}/api/matches/{match}/moves",
        json={"seq": now["seq"], "move": now["legal"][0]["move"]},
        headers={"Authorization": f"Bearer {secret}"},
        timeout=10,
    )
    assert answer.status_code == 200, answer.text


def _two_people(server: str) -> tuple[str, str, str]:
    """A new 2-person match: its id, the token of the seat to act, and the other's."""
    created = create_match(server, players=2, seats=["human", "human"], seed=6)
    first = summary(server, created["match"])["to_act"][0]
    return created["match"], token(created, first), token(created, 1 - first)


def test_a_move_on_a_stale_view_refreshes_the_table(server: str, browser: Browser) -> None:
    match, acting, _ = _two_people(server)
    with table_page(browser, WIDE) as page:
        page.route_web_socket(UPDATES, lambda socket: None)  # no updates reach this page
        page.goto(seat_address(server, match, acting))
        wait_settled(page, 0)
        _play_first(server, match, acting)  # another tab of the same seat moves first
        confirm(page, page.locator("#moves button.move").first)  # posted at ply 0: stale
        wait_settled(page, 1)
        assert page.locator("#refusal").is_hidden()
        assert log_lines(page) == expected_log(server, match, acting)


def test_after_a_lost_connection_the_page_misses_nothing(server: str, browser: Browser) -> None:
    match, acting, waiting = _two_people(server)
    sockets: list[WebSocketRoute] = []

    def connect(socket: WebSocketRoute) -> None:
        if sockets:  # reconnecting: the other seat moves before the page is connected again
            _play_first(server, match, acting)
        sockets.append(socket)
        socket.connect_to_server()

    with table_page(browser, WIDE) as page:
        page.route_web_socket(UPDATES, connect)
        page.goto(seat_address(server, match, waiting))
        wait_settled(page, 0)
        page.locator("#connection", has_text="Live").wait_for()
        sockets[0].close()
        page.locator("#connection", has_text="reconnecting").wait_for()
        wait_settled(page, 1)
        page.locator("#connection", has_text="Live").wait_for()
        assert len(sockets) == 2
        assert log_lines(page) == expected_log(server, match, waiting)
        assert page.locator("#moves button.move").count() > 0  # the page shows its seat's turn


def test_a_refusal_shows_its_rule_and_the_rules_text(server: str, browser: Browser) -> None:
    match, acting, _ = _two_people(server)
    text = rules()["FLOW-1"].text
    refusal = {
        "error": "illegal",
        "message": "P0 is not to act",
        "game": "hadara",
        "rule": "FLOW-1",
        "reason": "P0 is not to act",
        "rule_text": text,
    }

    def refuse(route: Route) -> None:
        route.fulfill(status=422, content_type="application/json", body=json.dumps(refusal))

    with table_page(browser, WIDE, seat_address(server, match, acting)) as page:
        wait_settled(page, 0)
        page.route("**/api/matches/*/moves", refuse)
        confirm(page, page.locator("#moves button.move").first)
        box = page.locator("#refusal")
        box.wait_for()
        assert "Refused: P0 is not to act" in (box.text_content() or "")
        assert " ".join(text.split()) in " ".join((box.locator(".rule-text").text_content() or "").split())
        assert box.get_attribute("role") == "alert"
        # the table is still usable: the moves are offered again at the same ply
        assert page.locator("#moves button.move:not([disabled])").count() > 0
        assert page.locator("#table").get_attribute("data-ply") == "0"


def test_a_spectator_sees_the_table_without_moves(server: str, browser: Browser) -> None:
    match, _, _ = _two_people(server)
    with table_page(browser, WIDE, seat_address(server, match, None)) as page:
        wait_settled(page, 0)
        assert page.locator("#bar-note").text_content() == f"Watching match {match}"
        assert page.locator("#moves button.move").count() == 0
        assert page.locator("#picture [data-playable]").count() == 0
        assert (page.locator("#turn").text_content() or "").endswith(" to act")


def test_a_wrong_token_says_so(server: str, browser: Browser) -> None:
    match, _, _ = _two_people(server)
    with table_page(browser, WIDE, seat_address(server, match, "not-a-token")) as page:
        page.locator("#turn", has_text="This link opens no seat of the match").wait_for()
        assert page.locator("#moves button.move").count() == 0


def test_the_note_that_the_server_cannot_be_reached_goes_once_it_answers(
    server: str, browser: Browser
) -> None:
    match, acting, _ = _two_people(server)
    with table_page(browser, WIDE, seat_address(server, match, acting)) as page:
        wait_settled(page, 0)
        page.route("**/api/matches/*/moves", lambda route: route.abort())
        confirm(page, page.locator("#moves button.move").first)  # the move's post gets no answer
        box = page.locator("#refusal", has_text="The server cannot be reached.")
        box.wait_for()
        assert page.locator("#table").get_attribute("data-ply") == "0"
        page.unroute("**/api/matches/*/moves")
        confirm(page, page.locator("#moves button.move").first)  # answered this time
        wait_settled(page, 1)
        box.wait_for(state="hidden")
        assert log_lines(page) == expected_log(server, match, acting)
