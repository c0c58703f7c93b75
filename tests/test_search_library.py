"""The platform's search bot of a library game (:mod:`boardtable.search.library`): a game that
declares only its functions gets a search bot that decides from its seat's view, plays the
move worth most, refuses a seat with no move, and values a finished game by its score."""

from __future__ import annotations

import random
from collections.abc import Sequence

import pytest
from attrs import define, evolve, frozen

from boardtable.search.library import LibrarySearch, SearchFunctions


@frozen
class Race:
    """Two seats take turns adding 1 or 3 to their points, two turns each; each seat also
    holds a secret bonus that only its own view shows (0 in the other's)."""

    players: tuple[int, ...] = (0, 0)
    secret: tuple[int, ...] = (5, 7)
    ply: int = 0

    @property
    def to_act(self) -> tuple[int, ...]:
        return () if self.is_over else (self.ply % 2,)

    @property
    def is_over(self) -> bool:
        return self.ply >= 4


@frozen
class Sheet:
    total: int


def _moves(state: Race, seat: int) -> Sequence[int]:
    return () if seat not in state.to_act else (1, 3)


def _view(state: Race, seat: int) -> Race:
    return evolve(state, secret=tuple(s if i == seat else 0 for i, s in enumerate(state.secret)))


SEEN: list[Race] = []


def _world(view: Race, seat: int, rng: random.Random) -> Race:
    SEEN.append(view)
    return evolve(view, secret=tuple(s or rng.randrange(10) for s in view.secret))


def _play(state: Race, move: int, check: bool) -> Race:
    assert not check
    seat = state.to_act[0]
    points = tuple(p + move if i == seat else p for i, p in enumerate(state.players))
    return evolve(state, players=points, ply=state.ply + 1)


def _score(state: Race) -> Sequence[Sheet]:
    return [Sheet(p + s) for p, s in zip(state.players, state.secret, strict=True)]


def _evaluate(state: Race, seat: int) -> float:
    return float(state.players[seat])


@define
class Greedy:
    seed: int

    def choose(self, state: Race, seat: int, moves: Sequence[int]) -> int:
        return max(moves)


@define
class RaceSearch(LibrarySearch[Race, int]):
    functions = SearchFunctions(
        _moves, _view, _world, _play, _score, _evaluate, epoch=lambda state: state.ply // 2, greedy=Greedy
    )


def test_the_search_plays_the_move_worth_most_from_the_seat_s_view_alone() -> None:
    SEEN.clear()
    state = Race()
    assert RaceSearch(random.Random(1), iterations=8).choose(state, 0) == 3
    assert SEEN and all(view == _view(state, 0) for view in SEEN)
    assert RaceSearch(random.Random(1), iterations=8).choose(_view(state, 0), 0) == 3


def test_a_seat_with_no_move_is_refused() -> None:
    with pytest.raises(ValueError, match="seat 1 has no move to make in this position"):
        RaceSearch(random.Random(1)).choose(Race(), 1)


def test_a_finished_game_is_valued_by_its_score_and_an_unfinished_one_by_the_evaluation() -> None:
    bot = RaceSearch(random.Random(1))
    assert bot.values(Race(players=(4, 2), ply=4)) == [9.0, 9.0]
    assert bot.values(Race(players=(4, 2), ply=2)) == [4.0, 2.0]
    assert bot.epoch(Race(ply=3)) == 1
