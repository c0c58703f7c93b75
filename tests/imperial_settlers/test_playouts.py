"""Random games (seeded, bounded): every game ends (FLOW-5, END-1), every move the game offers
is accepted (FLOW-1, FLOW-2), every card is somewhere after every move, decks included,
no supply goes below zero, and the same seed and moves give the same game (FLOW-4)."""

from __future__ import annotations

import pytest

from imperial_settlers_rules import GameConfig, check_move, legal_moves, new_game
from imperial_settlers_rules._moves import unanswered
from imperial_settlers_rules.rulebook import rules

from .tables import all_cards, dealt, game, playout

SETTINGS = [
    (2, 1, {}),
    (3, 2, {}),
    (4, 3, {}),
    (2, 4, {"factions": ("japanese", "egyptians")}),
    (4, 5, {"first_player": "random"}),
    (3, 6, {"faction_deck_reshuffle": False}),
]


@pytest.mark.parametrize(("players", "seed", "options"), SETTINGS)
def test_a_random_game_ends_and_conserves_every_card(
    players: int, seed: int, options: dict[str, object]
) -> None:
    state = game(players, seed, **options)
    expected = dealt(state)
    assert all_cards(state) == expected
    for before, move, after in playout(state, seed):
        assert check_move(before, move) is None
        assert all_cards(after) == expected, move
        assert all(min(p.supply) >= 0 and p.vp >= 0 for p in after.players), move
    assert after.is_over and after.round == 5 and legal_moves(after) == ()


def test_flow_4_the_same_seed_and_moves_give_the_same_game() -> None:
    first = [after for _, _, after in playout(game(3, 11), 7)]
    again = [after for _, _, after in playout(game(3, 11), 7)]
    assert first == again
    assert new_game(GameConfig(players=3, seed=11)) != new_game(GameConfig(players=3, seed=12))


def test_a_move_legal_elsewhere_is_refused_exactly_when_not_listed() -> None:
    """FLOW-1, FLOW-2: :func:`check_move` accepts exactly the moves :func:`legal_moves` lists,
    and names a rule of the index when it refuses one."""
    seen: list[object] = []
    for before, move, _ in playout(game(3, 21), 21):
        listed = set(legal_moves(before))
        for other in seen[-40:]:
            refusal = check_move(before, other)  # type: ignore[arg-type]
            assert (refusal is None) == (other in listed), (other, refusal)
            assert refusal is None or refusal.rule in rules()
        seen.append(move)


def test_eng_9_a_move_without_its_decisions_is_refused_and_they_never_outlive_its_effects() -> None:
    decided = 0
    for before, move, after in playout(game(3, 8), 8):
        assert after.preset is None or after.agenda, move
        bare = unanswered(move)
        if bare != move:
            decided += 1
            refusal = check_move(before, bare)
            assert refusal is not None and refusal.rule == "ENG-9", (move, refusal)
    assert decided
