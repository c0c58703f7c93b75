"""Imperial Settlers at the web table: a match against a bot played a few turns by clicking the
drawn picture's parts (the lookout's cards to pick them, LOOK-2; then the cards in the hand,
the locations, the decks and the supply the moves name), no move, log line or drawn text ever
showing a printed card id or a move's notation, a move listed in the server's words of it (as
the terminal lists it), each seat's board named with its person, and every answer and message
the page is sent fitting its published schema."""

from __future__ import annotations

import random
import re
from pathlib import Path

import pytest
from playwright.sync_api import Browser, Page

from .table import (
    WAIT_MS,
    WIDE,
    create_match,
    game_sheet_lines,
    seat_address,
    sheet_lines,
    shot,
    shown_ply,
    summary,
    table_page,
    token,
    view,
    wait_for_turn,
)

pytestmark = pytest.mark.browser

#: How many moves the person makes.
MOVES = 24
#: A printed card id (``com001``), a hidden card's back standing alone, or a notation's field.
RAW = re.compile(r"\b(?:com|rom|bar|egy|jap)\d{3}\b|(?:^|\s)\?(?:\s|$)|\b[a-z_]+=")


def _shown_text(page: Page) -> str:
    """What the page shows in words: its text, then each text the picture draws (not its
    tooltips)."""
    drawn = page.locator("#picture text").all_text_contents()
    return " | ".join([page.locator("body").inner_text(), *drawn])


def _click_a_part(page: Page, rng: random.Random) -> str:
    """One move by clicking a part of the picture that names moves: a second click plays its
    one move, or one of the several it lists is chosen and played. Returns the part's kind."""
    before = shown_ply(page)
    playable = page.locator("#picture [data-playable]")
    component = playable.nth(rng.randrange(playable.count()))
    kind = component.get_attribute("data-kind") or ""
    component.click()
    assert page.locator("#picture [data-selected]").count() == 1
    listed = page.locator("#moves button.move")
    if listed.count() == 1:
        assert listed.get_attribute("aria-pressed") == "true"
        component.click()
    else:
        listed.nth(rng.randrange(listed.count())).click()
        page.locator("#moves button.play").click()
    page.wait_for_function(
        "ply => Number(document.querySelector('#table').dataset.ply) > ply", arg=before, timeout=WAIT_MS
    )
    return kind


def _play_a_button(page: Page, rng: random.Random) -> None:
    """One move of the list (a pass, a turn's end, a choice the picture does not draw)."""
    before = shown_ply(page)
    buttons = page.locator("#moves button.move:not([disabled])")
    buttons.nth(rng.randrange(buttons.count())).click()
    page.locator("#moves button.play").click()
    page.wait_for_function(
        "ply => Number(document.querySelector('#table').dataset.ply) > ply", arg=before, timeout=WAIT_MS
    )


def test_a_few_turns_against_a_bot_are_played_by_clicking_the_picture(
    server: str, browser: Browser, screenshots: Path
) -> None:
    created = create_match(
        server, game="imperial-settlers", players=2, seats=["human", "random"], seed=5, names=["Ada", "Bot"]
    )
    match, secret = created["match"], token(created, 0)
    kinds: list[str] = []
    worded = 0
    address = seat_address(server, match, secret)
    with table_page(browser, WIDE, address, game="imperial-settlers") as page:
        page.wait_for_selector("#picture svg")
        assert page.locator("header .brand").text_content() == "Imperial Settlers"
        rng = random.Random(5)
        for made in range(MOVES):
            if not wait_for_turn(server, match, page):
                break
            if made == MOVES // 2:
                shot(page, screenshots, "imperial-settlers-table", WIDE)
            legal = view(server, match, secret, int(page.locator("#table").get_attribute("data-seq") or 0))
            assert legal["legal"], "a turn with no move"
            shown = _shown_text(page)
            assert not RAW.search(shown), RAW.search(shown)
            listed = page.locator("#moves button.move .what").all_text_contents()
            assert set(listed) <= {entry["text"] for entry in legal["legal"]}  # the terminal's words
            worded += len(listed)
            if page.locator("#picture [data-playable]").count() > 0 and rng.random() < 0.9:
                kinds.append(_click_a_part(page, rng))
            else:
                _play_a_button(page, rng)
        log = page.locator("#log li .line").all_text_contents()
        assert len(log) > 10 and not [line for line in log if RAW.search(line)]
        board = page.locator("#picture text", has_text=re.compile(r"^P0 · Ada \(")).count()
        assert board == 1  # the seat's board is named with its person
    assert "lookout" in kinds and {"hand", "location", "deck", "supply"} & set(kinds), kinds
    assert worded


def test_a_whole_game_of_four_every_faction_is_played_to_its_score_sheet(
    server: str, browser: Browser
) -> None:
    """Four players, so every faction at once (SETUP-1): a person plays a whole game against
    three bots from the list of moves, each listed in the server's words of it, to the end of
    round 5 (END-1); the score sheet shows the totals of the match's summary, its rows the
    game's lines (END-2 to END-4) headed by their names in Python, capitalised."""
    factions = ["japanese", "romans", "egyptians", "barbarians"]
    created = create_match(
        server,
        game="imperial-settlers",
        players=4,
        seats=["human", "random", "greedy", "random"],
        seed=11,
        factions=factions,
    )
    match, secret = created["match"], token(created, 0)
    rng = random.Random(11)
    with table_page(browser, WIDE, seat_address(server, match, secret), game="imperial-settlers") as page:
        page.wait_for_selector("#picture svg")
        while wait_for_turn(server, match, page):
            legal = view(server, match, secret, int(page.locator("#table").get_attribute("data-seq") or 0))
            listed = page.locator("#moves button.move .what").all_text_contents()
            assert listed and set(listed) <= {entry["text"] for entry in legal["legal"]}
            _play_a_button(page, rng)
        page.locator(".sheet").wait_for()
        totals = page.locator(".sheet tr.total td").all_text_contents()
        lines = sheet_lines(page)
    over = summary(server, match)
    assert lines == game_sheet_lines("imperial-settlers")
    assert over["over"] and totals == [str(total) for total in over["totals"]]
