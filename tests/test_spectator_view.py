"""The spectator's view, ``player_view(state, None)``: what every seat may see (INFO-1/2)."""

from __future__ import annotations

import json

import attrs
import pytest
from helpers import seeded_game
from properties.strategies import hidden_from

from hadara_rules import (
    SPECTATOR,
    GameConfig,
    GameState,
    IllegalMove,
    apply_move,
    check_move,
    legal_moves,
    new_game,
    score,
    to_json,
)
from hadara_rules.events import back_id
from hadara_rules.view import HIDDEN, player_view

GAMES = [(2, False, 21), (3, True, 22), (4, False, 23), (5, True, 24)]


def _without_own_secrets(view: GameState) -> GameState:
    """A seat's view with that seat's drawn cards, draft choice and sales from its hand
    redacted too (a sale shown by its back)."""
    seat = view.viewer
    assert seat is not None
    cards = view.catalogue.cards
    sold = tuple(
        back_id(cards[card].epoch, cards[card].color) if seller == seat and not openly else card
        for card, seller, openly in zip(view.sold, view.sellers, view.sold_openly, strict=True)
    )
    players = list(view.players)
    players[seat] = attrs.evolve(players[seat], drawn=(HIDDEN,) * len(players[seat].drawn))
    pending = list(view.pending)
    own = pending[seat] if pending else None
    if own is not None:
        pending[seat] = attrs.evolve(own, card=HIDDEN, action=HIDDEN, tile=None)
    return attrs.evolve(view, players=tuple(players), pending=tuple(pending), sold=sold, viewer=SPECTATOR)


@pytest.mark.parametrize(("players", "advanced", "seed"), GAMES)
def test_the_spectator_sees_what_every_seat_sees_and_nothing_more(
    players: int, advanced: bool, seed: int
) -> None:
    for i, state in enumerate(seeded_game(players, advanced, seed)):
        spectator = player_view(state, None)
        assert spectator.viewer == SPECTATOR
        if i % 4 == 0:
            text = to_json(spectator)
            leaked = {x for x in hidden_from(state, SPECTATOR) if f'"{x}"' in text}
            assert not leaked, (state.section, sorted(leaked)[:5])
        for seat in range(players):
            assert _without_own_secrets(player_view(state, seat)) == spectator, (i, seat)
        assert [len(p.drawn) for p in spectator.players] == [len(p.drawn) for p in state.players]
        assert [c is None for c in spectator.pending] == [c is None for c in state.pending]
        assert spectator.to_act == state.to_act and spectator.outer_piles == state.outer_piles
        assert legal_moves(spectator) == ()


def test_the_spectator_view_is_a_document_and_scores_like_the_position() -> None:
    for state in seeded_game(3, True, 5):
        spectator = player_view(state, None)
        if state.ply % 7 == 0 or state.is_over:
            document = json.loads(to_json(spectator))
            assert document["kind"] == "game_state" and document["data"]["viewer"] == SPECTATOR
            assert score(spectator) == score(state)


def test_a_spectator_plays_nothing_and_judges_no_seat() -> None:
    state = apply_move(
        new_game(GameConfig(players=3, seed=0)), legal_moves(new_game(GameConfig(players=3, seed=0)))[0]
    )
    spectator = player_view(state, None)
    move = legal_moves(state)[0]
    refusal = check_move(spectator, move)
    assert refusal is not None and refusal.rule == "INFO-1" and "spectator" in refusal.reason
    with pytest.raises(IllegalMove) as refused:
        apply_move(spectator, move)
    assert refused.value.rule == "INFO-1"
    assert "as a spectator sees it" in str(spectator)
    with pytest.raises(ValueError, match="already a player view"):
        player_view(spectator, None)
    for bad in (True, -1, 3, "0"):
        with pytest.raises(ValueError, match="there is no player"):
            player_view(state, bad)  # type: ignore[arg-type]
