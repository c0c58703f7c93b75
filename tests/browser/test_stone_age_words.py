"""Stone Age at the web table in a player's words: the lobby's form names an option's values as
its schema titles them (the match is made with the values themselves), and a pair of
resources of choice bought and not yet taken (CIV-12) is drawn on its owner's board, where a
click lists the moves that take it."""

from __future__ import annotations

import httpx
import pytest
from playwright.sync_api import Browser

from stone_age_rules import GameConfig, apply_move, new_game, player_view
from stone_age_rules.bots import make_bot

from .table import WIDE, confirm, create_match, seat_address, summary, table_page, token, view, wait_settled

pytestmark = pytest.mark.browser


def test_the_form_names_the_options_values_in_words_and_sends_the_values(
    server: str, browser: Browser
) -> None:
    with table_page(browser, WIDE, f"{server}/", game="stone-age") as page:
        page.select_option("#game", "stone-age")
        pairs = page.locator("#option-any_two_resources option").all_text_contents()
        assert pairs == [
            "The game's default",
            "Later, whenever its owner has a move to make",
            "Immediately on buying the card",
        ]
        starts = page.locator("#option-start_player option").all_text_contents()
        assert starts == ["The game's default", "0", "1", "2", "3", "Drawn at random"]
        page.select_option("#option-any_two_resources", label="Immediately on buying the card")
        page.select_option("#option-start_player", label="Drawn at random")
        page.select_option("#seat-1-kind", "greedy")
        page.click("#create-button")
        address = page.locator("#links a.open").first.get_attribute("href")
        assert address is not None
        made = summary(server, address.split("?match=")[1].split("#")[0])
        assert made["any_two_resources"] == "immediate" and made["start_player"] == "random"


def _greedy_until_p0_holds_a_pair(seed: int) -> list[str]:
    """The moves of two greedy players of a 2-player game up to P0's first turn holding a pair
    of resources of choice it has not taken (CIV-12, taken later by default): their notations."""
    state = new_game(GameConfig(players=2, seed=seed))
    bot = make_bot("greedy")
    moves: list[str] = []
    while not state.is_over:
        seat = state.to_act[0]
        if seat == 0 and state.players[0].claims:
            return moves
        move = bot.choose(player_view(state, seat), seat)
        state = apply_move(state, move)
        moves.append(str(move))
    raise AssertionError(f"P0 never holds a pair of resources of choice with seed {seed}")


def test_an_untaken_pair_is_on_its_owners_board_and_a_click_takes_it(server: str, browser: Browser) -> None:
    moves = _greedy_until_p0_holds_a_pair(0)  # about 24 moves: P0 buys the card in round 2
    created = create_match(server, game="stone-age", players=2, seats=["human", "human"], seed=0)
    match = created["match"]
    tokens = {seat: token(created, seat) for seat in (0, 1)}
    seq = 0
    for notation in moves:
        answer = httpx.post(
            f"{server}/api/matches/{match}/moves",
            json={"seq": seq, "move": notation},
            headers={"Authorization": f"Bearer {tokens[int(notation.split()[0][1:])]}"},
            timeout=10,
        )
        assert answer.status_code == 200, answer.text
        seq = answer.json()["seq"]
    before = view(server, match, tokens[0])["position"]["data"]["players"][0]
    assert before["claims"] == 1
    with table_page(browser, WIDE, seat_address(server, match, tokens[0]), game="stone-age") as page:
        wait_settled(page, len(moves))
        pair = page.locator('#picture [data-kind="claims"][data-player="0"]')
        assert "2 resources of your choice to take" in (pair.text_content() or "")
        assert pair.get_attribute("data-playable") == ""  # the moves taking it name it
        pair.click()
        listed = page.locator("#moves button.move")
        takes = listed.locator(".what").all_text_contents()
        assert len(takes) == 10 and all(
            t.endswith("(the card's two resources of your choice)") for t in takes
        )
        confirm(page, listed.filter(has_text="Take 2 gold"))
        wait_settled(page, len(moves) + 1)
        assert page.locator('#picture [data-kind="claims"]').count() == 0  # taken: no pair is left
    after = view(server, match, tokens[0])["position"]["data"]["players"][0]
    assert (
        after["claims"] == before["claims"] - 1
        and after["resources"]["gold"] == before["resources"]["gold"] + 2
    )
