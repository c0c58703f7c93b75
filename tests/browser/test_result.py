"""What a seat sees at a glance at 1280 by 800 px: its own board in view, boards named as
in the lobby, the purple abilities in words, and a score sheet with every column shown,
for 2 and for 5 players (on a phone too)."""

from __future__ import annotations

import random
import re
from pathlib import Path

import pytest
from playwright.sync_api import Browser, Page

from hadara_rules import rules

from .table import (
    NARROW,
    WIDE,
    create_match,
    game_sheet_lines,
    play_through_api,
    seat_address,
    sheet_lines,
    shown_ply,
    summary,
    table_page,
    token,
    wait_for_people,
    wait_settled,
)

pytestmark = pytest.mark.browser

#: The window's height of a laptop's screen.
LAPTOP_HEIGHT = 800
NAMES = ["Ada", "Bartholomew the Magnificent of Hadara", "Cy", "Dee", "Eve"]


def _ended(server: str, players: int) -> tuple[str, str]:
    """A match of a person and ``players - 1`` random bots played to its end: its id and the person's token."""
    created = create_match(
        server,
        players=players,
        seats=["human"] + ["random"] * (players - 1),
        names=NAMES[:players],
        seed=20 + players,
    )
    play_through_api(server, created["match"], 0, token(created, 0), random.Random(players))
    return created["match"], token(created, 0)


def _inside(page: Page, selector: str, width: int) -> list[str]:
    """The elements of ``selector`` that do not lie wholly within the window's width and their
    scrolling box (described), none when every one is shown."""
    found: list[str] = page.locator(selector).evaluate_all(
        """(nodes, width) => nodes.flatMap(node => {
             const box = node.getBoundingClientRect();
             const wrap = node.closest('.sheet-wrap').getBoundingClientRect();
             const out = box.left < Math.max(0, wrap.left) - 0.5 || box.right > Math.min(width, wrap.right) + 0.5;
             return out ? [`${node.textContent} at ${box.left}-${box.right}`] : [];
           })""",
        width,
    )
    return found


@pytest.mark.parametrize("players", [2, 5])
def test_every_column_of_the_score_sheet_is_shown(
    server: str, browser: Browser, screenshots: Path, players: int
) -> None:
    """The sheet of a finished match of 2 and of 5, at a desktop's and a phone's width: a column
    per seat, each cell within the window, the rows Hadara's lines headed by their names
    (SCORE-1 to SCORE-6, the total); on a laptop's screen the sheet is in the first screen."""
    match, secret = _ended(server, players)
    for width in (WIDE, NARROW):
        with table_page(browser, width, seat_address(server, match, secret), LAPTOP_HEIGHT) as page:
            page.locator(".sheet").wait_for()
            assert sheet_lines(page) == game_sheet_lines("hadara")
            page.screenshot(path=screenshots / f"end-{players}-players-{width}.png", full_page=True)
            heads = page.locator(".sheet thead th[scope=col]:not(:first-child)")
            assert heads.count() == players
            assert _inside(page, ".sheet th, .sheet td", width) == []
            if width == WIDE:  # the sheet is above the table, in the first screen
                box = page.locator(".sheet").bounding_box()
                assert box is not None and box["y"] + box["height"] <= LAPTOP_HEIGHT


def test_the_own_board_is_in_view_and_boards_carry_the_names(server: str, browser: Browser) -> None:
    created = create_match(server, players=3, seats=["human", "greedy", "random"], names=NAMES[:3], seed=3)
    match = created["match"]
    play_through_api(server, match, 0, token(created, 0), random.Random(1), moves=4)
    with table_page(browser, WIDE, seat_address(server, match, token(created, 0)), LAPTOP_HEIGHT) as page:
        wait_settled(page, wait_for_people(server, match, page))
        parts = page.locator("#picture .picture-parts > svg")
        # the seat's own board first, then the supply it chooses from, at the top of the window
        assert parts.first.locator('[data-kind=statue][data-player="0"]').count() == 4
        assert parts.nth(1).locator("[data-kind=colony]").count() > 0
        for part in (parts.first, parts.nth(1)):
            box = part.bounding_box()
            assert box is not None and 0 <= box["y"] < LAPTOP_HEIGHT / 4
        # and the picture scrolls with the page, not in a box of its own
        assert page.locator("#picture").evaluate("frame => frame.scrollHeight <= frame.clientHeight + 1")
        headings = page.locator("#picture text").all_text_contents()
        assert "P0 · Ada (monkey) · you" in headings
        assert "P2 · Cy (lion)" in headings
        # a name too long for the board is shortened to end before the badge beside it
        long = next(text for text in headings if text.startswith("P1 · Bart"))
        assert long.endswith("… (dragon)") and len(long) < len("P1 ·  (dragon)") + len(NAMES[1])


def test_purple_abilities_are_said_in_words(server: str, browser: Browser) -> None:
    # two people, their moves at random from a fixed seed: the same game every time
    created = create_match(server, players=2, seats=["human", "human"], names=NAMES[:2], seed=9)
    match, secret = created["match"], token(created, 0)
    rng = random.Random(9)
    while not (now := summary(server, match))["over"]:
        seat = now["to_act"][0]
        play_through_api(server, match, seat, token(created, seat), rng, moves=1)
    with table_page(browser, WIDE, seat_address(server, match, secret)) as page:
        page.locator(".sheet").wait_for()
        wait_settled(page, shown_ply(page))
        items = page.locator("#ability-list li")
        shown = page.locator("#picture [data-kind=card] title").all_text_contents()
        # a purple card's title says its ability in words, its rule ID beside: "… (PURPLE-3)"
        on_table = {rule for title in shown for rule in re.findall(r"\bPURPLE-\d+\b", title)}
        assert on_table, "the game ends with no purple card on the table"
        assert set(items.evaluate_all("nodes => nodes.map(n => n.dataset.rule)")) == on_table
        known = rules()
        for index in range(items.count()):
            item = items.nth(index)
            rule = item.get_attribute("data-rule") or ""
            page.wait_for_function(
                "node => !node.textContent.startsWith('…')",
                arg=item.locator(".ability-words").element_handle(),
            )
            assert item.locator(".ability-words").text_content() == known[rule].summary
            assert item.locator("button.rule").text_content() == rule
            # and the cards with the ability say it in words when hovered, its rule ID beside
            titles = page.locator("#picture [data-kind=card] title").all_text_contents()
            having = [title for title in titles if f"({rule})" in title]
            assert having and all(not title.endswith(f", {rule}") for title in having), having
        # the ID opens the rule's text
        items.first.locator("button.rule").click()
        rule = items.first.get_attribute("data-rule") or ""
        text = items.first.locator(".rule-text").text_content() or ""
        assert " ".join(known[rule].text.split()) in " ".join(text.split())
