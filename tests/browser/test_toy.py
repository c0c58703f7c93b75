"""The tests' toy game (``tests/toy_game.py``: one file, registered only by ``BOARDTABLE_GAMES``)
played in a browser on ``hadara serve``: the web shell needs no edit for a game it has never
seen; a game without a web module is played from its picture and its legal moves as a list."""

from __future__ import annotations

import random
from pathlib import Path

import pytest
from conformance.support import toy_environment
from playwright.sync_api import Browser
from server.serving import served
from toy_game import NAME

from .table import (
    WIDE,
    create_match,
    seat_address,
    sheet_lines,
    shown_ply,
    summary,
    table_page,
    token,
    view,
    wait_for_turn,
)

pytestmark = pytest.mark.browser


def test_the_toy_is_played_to_its_end_in_a_browser(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, browser: Browser
) -> None:
    """A person plays the toy against a bot by its list of moves, each in the toy's notation,
    to the end: the score sheet shows the totals of the match's summary (the toy's record holds
    no score sheets: the table takes any game's totals from the summary)."""
    for variable, value in toy_environment().items():
        monkeypatch.setenv(variable, value)
    with served(tmp_path) as server:
        created = create_match(server.base, game=NAME, players=2, seats=["human", "greedy"], seed=3)
        match, secret = created["match"], token(created, 0)
        rng = random.Random(3)
        with table_page(browser, WIDE, game=NAME, published=False) as page:
            page.goto(seat_address(server.base, match, secret))
            while wait_for_turn(server.base, match, page):
                legal = view(server.base, match, secret)["legal"]
                buttons = page.locator("#moves button.move")
                assert buttons.locator(".what").all_text_contents() == [entry["notation"] for entry in legal]
                ply = shown_ply(page)
                buttons.nth(rng.randrange(buttons.count())).click()
                page.locator("#moves button.play").click()
                page.wait_for_function(
                    "ply => Number(document.querySelector('#table').dataset.ply) > ply", arg=ply
                )
            page.locator(".sheet").wait_for()
            totals = page.locator(".sheet tr.total td").all_text_contents()
            assert sheet_lines(page) == [("total", "Total")]  # the generic line, the toy's only one
            assert totals == [str(total) for total in summary(server.base, match)["totals"]]
