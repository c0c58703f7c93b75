"""A whole 2-player game against a bot, made in the lobby and played by clicking, through
to the score sheet (the table's buttons and the components of its picture)."""

from __future__ import annotations

import random

import pytest
from playwright.sync_api import Browser, expect

from hadara_rules import load_catalogue, rules

from .table import (
    MOST_MOVES,
    WIDE,
    expected_log,
    log_lines,
    play_one,
    record,
    table_page,
    view,
    wait_for_people,
    wait_for_turn,
)

pytestmark = pytest.mark.browser


def test_a_whole_game_against_a_bot_is_played_by_clicking(server: str, browser: Browser) -> None:
    with table_page(browser, WIDE, f"{server}/") as page:
        page.fill("#seat-0-name", "Ada")
        page.select_option("#seat-1-kind", "greedy")
        page.fill("#seed", "11")
        page.click("#create-button")
        link = page.locator("#links li").first.locator("a.open")
        address = link.get_attribute("href")
        assert address is not None and "#token=" in address and "?match=" in address
        match = address.split("?match=")[1].split("#")[0]
        assert link.get_attribute("target") == "_blank"  # the lobby's links stay where they are
        page.goto(address)
        page.wait_for_selector("#picture svg")
        assert (page.locator("#bar-note").text_content() or "").startswith("You play P0 · Ada")
        # the skip link takes the keyboard to the moves and leaves the token in the address
        page.keyboard.press("Tab")
        page.keyboard.press("Enter")
        assert page.evaluate("document.activeElement.id") == "moves-heading"
        assert page.url == address

        rng = random.Random(5)
        ways: list[str] = []
        medals_offered: set[str] = set()
        known = rules()
        said = {
            card.id: f"Ability: {known[card.effect].summary} ({card.effect})"
            for card in load_catalogue().cards.values()
            if card.effect is not None
        }
        abilities_said = 0
        while wait_for_turn(server, match, page):
            assert len(ways) < MOST_MOVES, "the game did not end"
            # a medal the seat may buy is playable in its own board's medal slots
            legal = {
                entry["move"]["type"] for entry in view(server, match, address.split("#token=")[1])["legal"]
            }
            for metal in ("silver", "gold"):
                if f"buy_{metal}" in legal:
                    medals_offered.add(metal)
                    slot = f'#picture [data-kind=medal][data-id={metal}][data-player="0"][data-playable]'
                    assert page.locator(slot).count() > 0, metal
            # a move naming a purple card with an ability says the ability in words, its ID beside
            abilities_said += page.wait_for_function(
                """said => {
                     const table = document.querySelector('#table').dataset.ply;
                     if (document.querySelector('#picture').dataset.ply !== table) return false;
                     const named = Array.from(document.querySelectorAll('#moves button.move[data-card]'))
                       .filter(button => button.dataset.card in said);
                     const right = named.every(button =>
                       button.querySelector('.ability')?.textContent === said[button.dataset.card]);
                     return right && {count: named.length};
                   }""",
                arg=said,
            ).json_value()["count"]
            ways.append(play_one(page, rng, by_picture=len(ways) % 2 == 0))

        # the score sheet: a column per player, the totals of the record's result block
        result = record(server, match).result
        assert result is not None
        totals = page.locator(".sheet tr.total td").all_text_contents()
        assert totals == [str(sheet.total) for sheet in result.scores]
        winners = page.locator(".winners").text_content() or ""
        assert all(f"P{seat}" in winners for seat in result.winners)
        assert page.locator("#turn").text_content() == "The game is over"

    assert medals_offered == {"silver", "gold"}
    assert abilities_said > 0
    assert ways.count("picture") >= 10, ways
    assert ways.count("button") >= 10, ways
    assert len(ways) >= 30


def test_the_log_holds_every_event_once_and_a_rule_opens_its_text(server: str, browser: Browser) -> None:
    with table_page(browser, WIDE, f"{server}/") as page:
        page.fill("#seed", "2")
        page.click("#create-button")
        address = page.locator("#links a.open").first.get_attribute("href")
        assert address is not None
        match, secret = address.split("?match=")[1].split("#token=")
        page.goto(address)
        rng = random.Random(2)
        for _ in range(12):
            assert wait_for_turn(server, match, page)
            play_one(page, rng, by_picture=False)
        wait_for_people(server, match, page)
        events = view(server, match, secret, 0)["events"]
        assert len(events) > 12
        # each event once, in order, in its words, its rules on their buttons: a row per
        # event, with the coins and steps it gave (a buy: its price and its tracks)
        shown = log_lines(page)
        assert shown == expected_log(server, match, secret)
        assert len(shown) < len(events)
        assert any(": +2 coins (sale)" in line and line.endswith("DRAFT-2 SELL-1") for line in shown), shown

        first = page.locator("#log li button.rule").first
        rule = first.text_content() or ""
        first.click()
        # the rule's text, asked of the server's rules digest
        expect(page.locator("#log li .rule-text").first).to_contain_text(" ".join(rules()[rule].text.split()))
        assert first.get_attribute("aria-expanded") == "true"
