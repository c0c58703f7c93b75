"""Two people at one table, each in their own browser context: a whole game where
neither page, its picture included, ever names a card or colony its seat has not seen."""

from __future__ import annotations

import random

import pytest
from playwright.sync_api import Browser, Page

from .table import (
    MOST_MOVES,
    WIDE,
    create_match,
    named_in_page,
    never_seen,
    play_one,
    positions,
    record,
    seat_address,
    summary,
    table_page,
    token,
    wait_settled,
)

pytestmark = pytest.mark.browser


def test_neither_page_ever_shows_what_its_seat_may_not_see(server: str, browser: Browser) -> None:
    created = create_match(server, players=2, seats=["human", "human"], names=["Ada", "<b>Bo</b>"], seed=4)
    match = created["match"]
    rng = random.Random(9)
    # what each page named at each ply it showed: {seat: [(ply, ids)]}
    named: dict[int, list[tuple[int, set[str]]]] = {0: [], 1: []}
    with (
        table_page(browser, WIDE, seat_address(server, match, token(created, 0))) as first,
        table_page(browser, WIDE, seat_address(server, match, token(created, 1))) as second,
    ):
        pages: dict[int, Page] = {0: first, 1: second}
        # a name is shown as the text it is, never read as HTML
        second.locator("#bar-note", has_text="You play P1 · <b>Bo</b>").wait_for()
        assert second.locator("#bar-note b").count() == 0
        # the log becomes a live region once the game so far is in it
        first.locator("#log[aria-live=polite]").wait_for()
        for _ in range(2 * MOST_MOVES):
            now = summary(server, match)
            for seat, page in pages.items():
                wait_settled(page, now["ply"])
                named[seat].append((now["ply"], named_in_page(page)))
            if now["over"]:
                break
            seat = now["to_act"][0]
            play_one(pages[seat], rng, by_picture=rng.random() < 0.5)
        else:
            pytest.fail("the game did not end")
        for page in pages.values():
            page.locator(".sheet").wait_for()

    game = record(server, match)
    states = positions(game)
    assert len(states) == now["ply"] + 1
    leaks: list[str] = []
    for seat, shown in named.items():
        hidden = never_seen(game, seat)
        other = 1 - seat
        others_hand_hidden = 0
        for ply, ids in shown:
            if ids & hidden[ply]:
                leaks.append(f"P{seat}'s page at ply {ply} names {sorted(ids & hidden[ply])}")
            drawn = states[ply].players[seat].drawn
            # the page does show what the seat may see: its own drawn cards, in the picture
            assert set(drawn) <= ids, f"P{seat}'s page at ply {ply} lacks its drawn cards {drawn}"
            others_hand_hidden += bool(set(states[ply].players[other].drawn) & hidden[ply])
        # and the other seat's drawn cards were among the hidden ones at many plies
        assert others_hand_hidden >= 5
    assert not leaks, "\n".join(leaks)
