"""A view hides what its game says is hidden, and so do the events a seat is told.

Over random games (Hypothesis draws the seed, the table size, the position and the seat), a
seat's own view is what it sees already. Where the game draws worlds a seat cannot tell apart
(its ``sample_world``, as every game here has one), a world drawn from the seat's view shows
the seat and the spectator the very same view documents. A move played in both worlds that
leaves the seat unable to tell them apart tells it the same events in both, but for events
everybody is told alike of a move that revealed something (a roll): what one seat alone is told
differs only where its view does. And a move after which the seat can tell them apart is one the
game says revealed something (:meth:`~boardtable.games.Game.reveals`: such a move is never taken
back). A game that draws no worlds has the spectator see of a seat's view what it sees of the
position (Hadara refuses to view a view again but by its own seat).
"""

from __future__ import annotations

import random
from typing import Any

import pytest
from attrs import frozen
from hypothesis import event, example, given, note
from hypothesis import strategies as st

from boardtable.games import AnyGame, game

from .support import beside, examples, walk

#: How far into a game the positions are drawn (a Hadara game is some 80 to 220 moves, a
#: Stone Age game several hundred, the toy's 20 at most).
REACH = 240


@frozen
class Scene:
    """A move played in a position and in a world its seat cannot tell from it."""

    seat: int
    move: Any
    state: Any
    world: Any
    after: Any
    events: tuple[Any, ...]
    world_after: Any
    world_events: tuple[Any, ...]


def _scene(played: AnyGame, seed: int, reach: int, pick: int, bound: int) -> Scene | None:
    """A position drawn from the first ``bound`` moves of a random game (its ``reach``-th, round
    the game's positions) and a seat: its views checked, and a world drawn from its view and a
    move legal in both played; None where there is none."""
    rng = random.Random(pick)
    players = rng.randint(*played.seats)
    states = walk(played, players, seed, bound).states
    state = states[reach % len(states)]
    seat = rng.randrange(players)
    note(f"P{seat} of {players} at ply {played.ply(state)}")
    view = played.view(state, seat)
    spectator = played.position_data(played.view(state, None))
    assert played.view(view, seat) == view
    sample = beside(played, "sample_world")
    if sample is None:  # no worlds to draw: the spectator sees of the seat's view what it sees
        assert played.position_data(played.view(view, None)) == spectator
        return None
    world = sample(view, seat, rng)
    assert played.position_data(played.view(world, seat)) == played.position_data(view)
    assert played.position_data(played.view(world, None)) == spectator
    if played.is_over(state):
        event("over")
        return None
    mover = rng.choice(played.to_act(state))
    both = [move for move in played.moves(state, mover) if played.refusal(world, move) is None]
    if not both:  # another seat's hidden cards made its moves here (the seat sees they differ)
        assert mover != seat
        event("no move legal in both worlds")
        return None
    move = rng.choice(both)
    note(f"{move} by P{mover}")
    return Scene(seat, move, state, world, *played.play(state, move), *played.play(world, move))


def _told_apart(played: AnyGame, scene: Scene) -> bool:
    """Whether the seat's views after the move tell the worlds apart."""
    after = played.position_data(played.view(scene.after, scene.seat))
    return after != played.position_data(played.view(scene.world_after, scene.seat))


def _revealed(played: AnyGame, scene: Scene) -> bool:
    """Whether the game says the move revealed something, in both worlds."""
    return played.reveals(scene.state, scene.after) and played.reveals(scene.world, scene.world_after)


def _seen(played: AnyGame, events: tuple[Any, ...], viewer: int | None, state: Any) -> list[Any]:
    return [played.event_data(event) for event in played.events_seen(events, viewer, state)]


def _own(told: list[Any], public: list[Any]) -> list[Any]:
    """What a seat alone is told: its events the spectator is told otherwise."""
    return [event for event, everyone in zip(told, public, strict=True) if event != everyone]


def _views_and_events_hide(played: AnyGame, seed: int, reach: int, pick: int, bound: int = REACH) -> None:
    scene = _scene(played, seed, reach, pick, bound)
    if scene is None:
        return
    if _told_apart(played, scene):
        event("the move told the worlds apart")
        return
    seat = scene.seat
    mine = _seen(played, scene.events, seat, scene.after)
    theirs = _seen(played, scene.world_events, seat, scene.world_after)
    event("the seat was told the same" if mine == theirs else "the seat was told a roll")
    if mine != theirs:
        assert _revealed(played, scene), (mine, theirs)
        public = _seen(played, scene.events, None, scene.after)
        other_public = _seen(played, scene.world_events, None, scene.world_after)
        assert _own(mine, public) == _own(theirs, other_public), (mine, theirs)


def _telling_apart_reveals(played: AnyGame, seed: int, reach: int, pick: int, bound: int = REACH) -> None:
    scene = _scene(played, seed, reach, pick, bound)
    if scene is not None and _told_apart(played, scene):
        event("the move told the worlds apart")
        assert _revealed(played, scene), "the move let the seat tell the worlds apart, and revealed nothing"


SEEDS = st.integers(0, 2**32 - 1)


@examples(0.1)
@given(seed=SEEDS, reach=st.integers(0, REACH), pick=SEEDS)
def test_views_and_events_hide_what_the_game_hides(name: str, seed: int, reach: int, pick: int) -> None:
    _views_and_events_hide(game(name), seed, reach, pick)


@examples(0.1)
@given(seed=SEEDS, reach=st.integers(0, REACH), pick=SEEDS)
def test_a_move_that_lets_a_seat_tell_worlds_apart_revealed_something(
    name: str, seed: int, reach: int, pick: int
) -> None:
    _telling_apart_reveals(game(name), seed, reach, pick)


@pytest.mark.slow
@examples(1.0)
@given(seed=SEEDS, reach=st.integers(0, 4 * REACH), pick=SEEDS)
def test_views_and_events_hide_what_the_game_hides_in_many_games(
    name: str, seed: int, reach: int, pick: int
) -> None:
    _views_and_events_hide(game(name), seed, reach, pick, 4 * REACH)


@pytest.mark.slow
@examples(1.0)
@given(seed=SEEDS, reach=st.integers(0, 4 * REACH), pick=SEEDS)
@example(seed=801554414, reach=200, pick=119740)  # Hadara's reveals: see KNOWN in conftest.py
def test_a_move_that_lets_a_seat_tell_worlds_apart_revealed_something_in_many_games(
    name: str, seed: int, reach: int, pick: int
) -> None:
    _telling_apart_reveals(game(name), seed, reach, pick, 4 * REACH)
