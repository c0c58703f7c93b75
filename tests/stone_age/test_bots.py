"""The built-in bots: legal, fair (deciding from the seat's view), the greedy one better than
chance and the search bot better than the greedy one."""

from __future__ import annotations

import random
from collections.abc import Callable

import pytest

from stone_age_rules import (
    Act,
    GameConfig,
    Location,
    Phase,
    Place,
    TakeBack,
    apply_move,
    legal_moves,
    new_game,
    player_view,
    score,
)
from stone_age_rules._model import BUILDINGS
from stone_age_rules.bots import Bot, GreedyBot, ISMCTSBot, RandomBot, make_bot

from .tables import acting, game, res, with_people, with_player

#: Each bot by its seed; the search bot with a small budget.
MADE: dict[str, Callable[[int], Bot]] = {
    "random": RandomBot,
    "greedy": GreedyBot,
    "ismcts": lambda seed: ISMCTSBot(random.Random(seed), iterations=4),
}


@pytest.mark.parametrize("kind", list(MADE))
def test_a_bot_plays_legal_moves_and_decides_from_its_view(kind: str) -> None:
    """Each bot's move is legal, and the same whether it is handed the whole position or its
    seat's view (with its generator in the same state): it decides from its view alone."""
    state = new_game(GameConfig(3, 4, max_rounds=2))
    whole = [MADE[kind](seat) for seat in range(3)]
    viewed = [MADE[kind](seat) for seat in range(3)]
    while not state.is_over:
        seat = state.to_act[0]
        move = whole[seat].choose(state, seat)
        assert move in legal_moves(state, seat)
        assert viewed[seat].choose(player_view(state, seat), seat) == move
        state = apply_move(state, move)


def _totals(bots: list[Bot], seed: int, rounds: int = 10) -> list[int]:
    state = new_game(GameConfig(2, seed, max_rounds=rounds))
    while not state.is_over:
        seat = state.to_act[0]
        state = apply_move(state, bots[seat].choose(state, seat))
    return [sheet.total for sheet in score(state)]


def test_the_greedy_bot_beats_the_random_bot() -> None:
    first = _totals([GreedyBot(1), RandomBot(2)], 5)
    second = _totals([RandomBot(3), GreedyBot(4)], 6)
    assert first[0] > first[1] and second[1] > second[0]


def test_the_greedy_bot_gathers_where_its_roll_waits_for_its_tools() -> None:
    """TOOL-2: acting at the forest leaves the roll waiting for the seat's tools; with 12 from
    tools on any roll it yields wood, so the greedy bot acts rather than take its person back
    (it valued the waiting roll at nothing and took its person back at random)."""
    state = acting(game(seed=4), 0, {Location.FOREST: {0: 1}, Location.FIELD: {0: 1}})
    state = with_player(state, 0, tools=(4, 4, 4), used=(False,) * 3)
    assert TakeBack(0, Location.FOREST) in legal_moves(state, 0)
    for seed in range(12):
        bot = GreedyBot(seed)
        move = bot.choose(state, 0, [Act(0, Location.FOREST), TakeBack(0, Location.FOREST)])
        assert move == Act(0, Location.FOREST)


def test_the_greedy_bot_places_at_a_building_only_where_it_can_still_pay() -> None:
    """BUILD-1: with nothing to pay it places at no building; with enough for one building,
    once its person stands there it places at no second building that the same resources
    would pay for (it did both, and took its people back unbuilt)."""
    # seed 3: building 1 costs 2 clay and 1 gold, building 2 takes 1 to 7 resources of any kinds
    state = game(seed=3)
    assert state.phase is Phase.PLACE and state.to_act == (0,)
    broke = with_player(state, 0, resources=res())
    pays_once = with_people(
        with_player(state, 0, resources=res(clay=2, gold=1)), {Location.BUILDING_1: {0: 1}}
    )
    assert GreedyBot(0).choose(with_player(state, 0, resources=res(clay=2, gold=1)), 0) in (
        Place(0, Location.BUILDING_1, 1),
        Place(0, Location.BUILDING_2, 1),
    )
    for seed in range(12):
        for position in (broke, pays_once):
            move = GreedyBot(seed).choose(position, 0)
            assert isinstance(move, Place) and move.location not in BUILDINGS


def test_the_greedy_bot_short_of_food_takes_the_field_before_the_hut() -> None:
    """FEED-2, FEED-3: with 7 people, no agriculture and 2 food, a field feeds one a round
    and the hut adds one more mouth: the greedy bot takes the field (it weighed the two alike)."""
    state = with_player(game(seed=3), 0, people=7, agriculture=0, food=2)
    hut, field = Place(0, Location.HUT, 2), Place(0, Location.FIELD, 1)
    assert {hut, field} <= set(legal_moves(state, 0))
    for seed in range(12):
        assert GreedyBot(seed).choose(state, 0, [hut, field]) == field


def test_the_search_bot_beats_the_greedy_bot() -> None:
    first = _totals([ISMCTSBot(random.Random(1), iterations=4), GreedyBot(2)], 5, rounds=3)
    second = _totals([GreedyBot(3), ISMCTSBot(random.Random(4), iterations=4)], 6, rounds=3)
    assert first[0] > first[1] and second[1] > second[0]


def test_the_search_bot_under_a_seed_is_deterministic_and_made_by_name() -> None:
    state = new_game(GameConfig(2, 8))
    for _ in range(3):
        state = apply_move(state, legal_moves(state)[0])
    seat = state.to_act[0]
    made = [ISMCTSBot(random.Random(9), iterations=6).choose(state, seat) for _ in range(2)]
    assert made[0] == made[1] and made[0] in legal_moves(state, seat)
    assert isinstance(make_bot("ismcts", 9), ISMCTSBot)


def test_an_unknown_bot_is_refused() -> None:
    with pytest.raises(ValueError, match="unknown bot 'smart'"):
        make_bot("smart")
