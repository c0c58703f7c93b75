"""What Hadara's ``reveals`` counts as revealed (INFO-1): a move after which some seat, or the
spectator, may tell apart positions it could not tell apart before is never taken back."""

from __future__ import annotations

import random

from hadara_rules import GameConfig, GameState, TakeColony, apply_move, legal_moves, new_game
from hadara_rules._vocabulary import TIERS
from hadara_rules.game import GAME
from hadara_rules.view import front_id


def _plunder_turning_up_a_seen_front() -> tuple[GameState, GameState]:
    """A colony plundered (COLONY-1…3: its front stays up, its back unseen) from a stack
    whose next colony has the same front: the table sees no front it did not see before,
    yet learns the stack's next colony (it could have had another front)."""
    for seed in range(40):
        rng = random.Random(seed)
        state = new_game(GameConfig(players=3, seed=seed))
        while not state.is_over:
            moves = legal_moves(state)
            for move in moves:
                if isinstance(move, TakeColony) and not move.ally:
                    stack = state.colony_stacks[TIERS.index(move.tier)]
                    colonies = state.catalogue.colonies
                    if len(stack) > 1 and front_id(colonies[stack[-2]]) == front_id(colonies[stack[-1]]):
                        return state, apply_move(state, move)
            state = apply_move(state, rng.choice(moves))
    raise AssertionError("no such plunder")


def test_a_colony_turned_up_whose_front_shows_elsewhere_is_revealed() -> None:
    """INFO-1, COLONY-1: the stack's next colony turned up is revealed to every seat and the
    spectator though its front was already shown (by the colony taken), so the plunder is
    one that reveals (the ids a view shows are the same before and after)."""
    before, after = _plunder_turning_up_a_seen_front()
    assert GAME.reveals(before, after)


def test_a_hidden_draft_choice_reveals_nothing() -> None:
    """DRAFT-3: a choice kept hidden until the round resolves shows no seat anything new,
    so it is no reveal (the chooser's own view names the chosen card, which it drew)."""
    state = new_game(GameConfig(players=3, seed=1))
    rng = random.Random(1)
    while not any(state.players[seat].drawn for seat in range(3)) or any(state.pending):
        state = apply_move(state, rng.choice(legal_moves(state)))
    seat = next(seat for seat, p in enumerate(state.players) if p.drawn)
    after = apply_move(state, legal_moves(state, seat)[0])
    assert after.section is state.section and after.pending[seat] is not None
    assert not GAME.reveals(state, after)
