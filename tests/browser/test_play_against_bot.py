"""A whole 2-player game against a bot, made in the lobby and played by clicking, through
to the score sheet (the table's buttons and the components of its picture), each move listed
in the server's words of it."""

from __future__ import annotations

import random
import time

import pytest
from playwright.sync_api import Browser, expect

from hadara_rules import load_catalogue, rules

from .table import (
    MOST_MOVES,
    WIDE,
    create_match,
    expected_log,
    log_lines,
    play_one,
    post_move,
    record,
    seat_address,
    summary,
    table_page,
    token,
    view,
    wait_for_people,
    wait_for_turn,
    wait_settled,
    wait_until,
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
            entries = view(server, match, address.split("#token=")[1])["legal"]
            legal = {entry["move"]["type"] for entry in entries}
            for metal in ("silver", "gold"):
                if f"buy_{metal}" in legal:
                    assert page.locator(_slot(metal)).count() > 0, metal
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
            # each move is listed in the server's words of it, as the terminal lists it
            listed = page.locator("#moves button.move .what").all_text_contents()
            assert listed and set(listed) <= {entry["text"] for entry in entries}, listed
            ways.append(play_one(page, rng, by_picture=len(ways) % 2 == 0))

        # the score sheet: a column per player, the totals of the record's result block
        result = record(server, match).result
        assert result is not None
        totals = page.locator(".sheet tr.total td").all_text_contents()
        assert totals == [str(sheet.total) for sheet in result.scores]
        winners = page.locator(".winners").text_content() or ""
        assert all(f"P{seat}" in winners for seat in result.winners)
        assert page.locator("#turn").text_content() == "The game is over"

    assert abilities_said > 0
    assert ways.count("picture") >= 10, ways
    assert ways.count("button") >= 10, ways
    assert len(ways) >= 30


def _slot(metal: str) -> str:
    """The seat P0's medal slot of ``metal`` in the picture, while buying that medal is playable."""
    return f'#picture [data-kind=medal][data-id={metal}][data-player="0"][data-playable]'


def test_each_medal_within_reach_is_playable_in_its_slot(server: str, browser: Browser) -> None:
    """A seat that saves its coins (through the API: the move that gives the most, never a medal)
    is offered silver and gold; each time one is newly offered, its slot on the seat's own
    board in the picture is playable, and a click on the gold slot buys gold."""
    created = create_match(server, players=2, seats=["human", "greedy"], seed=11)
    match, secret = created["match"], token(created, 0)
    rng = random.Random(3)
    checked: set[str] = set()
    with table_page(browser, WIDE, seat_address(server, match, secret)) as page:
        deadline = time.monotonic() + 90
        while "gold" not in checked:
            assert time.monotonic() < deadline, "the game did not end"
            now = summary(server, match)
            assert not now["over"], f"gold was never within reach (checked: {sorted(checked)})"
            if 0 not in now["to_act"]:
                time.sleep(0.02)
                continue
            legal = view(server, match, secret, now["seq"])["legal"]
            offered = {m for m in ("silver", "gold") if any(e["move"]["type"] == f"buy_{m}" for e in legal)}
            if offered - checked:
                wait_settled(page, now["ply"])
                for metal in offered:
                    assert page.locator(_slot(metal)).count() > 0, metal
                checked |= offered
                if "gold" in offered:
                    break
            saving = [e for e in legal if not e["move"]["type"].startswith("buy_")] or legal
            most = max(e["preview"]["coins"] for e in saving)
            move = rng.choice([e for e in saving if e["preview"]["coins"] == most])["move"]
            post_move(server, match, secret, now["seq"], move)
        page.locator(_slot("gold")).first.click()
        page.locator(_slot("gold")).first.click()  # a second click plays the one move it names
        wait_until(lambda: summary(server, match)["ply"] > now["ply"])
    assert checked == {"silver", "gold"}
    bought = [e for e in view(server, match, secret, now["seq"])["events"] if e["type"] == "medal_bought"]
    assert bought and bought[0]["player"] == 0 and bought[0]["gold"] is True


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
