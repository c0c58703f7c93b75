"""``str(state)`` and ``str(view)``: a position a player can read, never naming what the view hides."""

from __future__ import annotations

import re

import pytest
from helpers import seeded_game
from properties.strategies import hidden_from

from boardtable.screen import counted
from hadara_rules import (
    SPECTATOR,
    GameConfig,
    apply_move,
    buy_price,
    legal_moves,
    load_catalogue,
    new_game,
    player_view,
    rules,
    sale_value,
)
from hadara_rules._text import ABILITIES, ability, card_text, player_name
from hadara_rules._vocabulary import COLORS

GAMES = [(2, True, 41), (3, False, 42), (5, True, 43)]


@pytest.mark.parametrize(("players", "advanced", "seed"), GAMES)
def test_a_view_reads_as_the_position_its_player_may_see(players: int, advanced: bool, seed: int) -> None:
    for i, state in enumerate(seeded_game(players, advanced, seed)):
        if i % 3:
            continue
        for seat in (*range(players), None):
            view = player_view(state, seat)
            text = str(view)
            named = {word.strip(",;:()") for word in text.split()}
            leaked = named & hidden_from(state, SPECTATOR if seat is None else seat)
            assert not leaked, (i, seat, sorted(leaked))
            for other in range(players):
                assert player_name(state, other) in text
            for color, pile in zip(COLORS, state.outer_piles, strict=True):
                if pile:
                    assert f"{color} {card_text(state.catalogue.cards[pile[-1]])}" in text
            if seat is None:
                assert "may:" not in text and "(as a spectator sees it)" in text.splitlines()[0]
                continue
            for card in state.players[seat].drawn:
                offer = f"buy for {buy_price(state, seat, card)}, or sell for {sale_value(state, seat, card)}"
                assert f"{card_text(state.catalogue.cards[card])}: {offer}" in text
            if seat in state.to_act:
                assert (
                    f"{player_name(state, seat)} may: {counted(len(legal_moves(state, seat)), 'move')}"
                    in text
                )
            else:
                assert "may:" not in text


def test_the_whole_position_shows_every_seat_to_act_and_every_drawn_card() -> None:
    state = new_game(GameConfig(players=3, seed=1))
    state = apply_move(state, legal_moves(state)[0])  # the wheel is set: a draft round is dealt
    text = str(state)
    for seat in state.to_act:
        moves = legal_moves(state, seat)
        assert f"{player_name(state, seat)} may: {len(moves)} moves: {'; '.join(map(str, moves))}" in text
        for card in state.players[seat].drawn:
            assert card_text(state.catalogue.cards[card]) in text
    assert "Colony stacks: 3: plunder" in text and "chosen: not yet" in text


def test_many_moves_are_counted_by_kind() -> None:
    for state in seeded_game(4, False, 7):
        moves = legal_moves(state)
        if len(state.to_act) == 1 and len(moves) > 8:
            line = next(line for line in str(state).splitlines() if " may: " in line)
            assert line.startswith(f"{player_name(state, state.to_act[0])} may: {len(moves)} moves: ")
            counted = line.split(" moves: ", 1)[1].split(", ")
            assert sum(int(part.split(" ", 1)[0]) for part in counted) == len(moves)
            # each kind in words: "3 take colony", not "3 take_colony"
            assert {part.split(" ", 1)[1] for part in counted} == {m.type.replace("_", " ") for m in moves}
            return
    raise AssertionError("no position with more than 8 moves")


def test_a_purple_ability_is_said_in_words_with_its_rule_id_beside() -> None:
    """Item 9 of the play-test: no card reads as a bare "PURPLE-2"."""
    for card in load_catalogue().cards.values():
        if card.effect is None:
            continue
        text = card_text(card)
        assert f"{ability(card.effect, card.effect_color)}" in text
        assert re.search(rf"[a-z0-9] \({card.effect}\)", text), text
        if card.effect_color is not None:
            assert f"per {card.effect_color} card ({card.effect})" in text
    assert set(ABILITIES) == {rule for rule in rules() if rule.startswith("PURPLE-")}
    assert ability("PURPLE-99") == "PURPLE-99"
