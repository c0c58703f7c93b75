"""Every bot of a game plays only legal moves, deciding from the position or from its seat's
view; and an engine, ``hadara engine greedy`` in a process of its own, plays a seat's turns
with the very moves the game's greedy bot makes."""

from __future__ import annotations

import random
import sys
from typing import Any

import pytest

from boardtable.engines import EngineBot
from boardtable.errors import GameError
from boardtable.games import AnyGame

from .support import STEPS, one_line, sizes, toy_environment

#: The seconds a searching bot thinks per decision here.
THINKING = 0.002
#: The decisions a searching bot makes in the default run (each costs its thinking and more).
SEARCHED = 4


def _bots_play(played: AnyGame, name: str, players: int, steps: int | None, seed: int) -> Any:
    """A game whose every seat the bot ``name`` plays, ``steps`` moves or to its end; each move
    checked legal for the seat it was asked for. Every other decision is made from the seat's
    view; the final position."""
    state = played.new(played.read_options({}, players, seed))
    bots = [played.bot(name, f"{seed}:{seat}", THINKING) for seat in range(players)]
    rng = random.Random(seed)
    made = 0
    while not played.is_over(state) and (steps is None or made < steps):
        seat = rng.choice(played.to_act(state))
        move = bots[seat].choose(played.view(state, seat) if made % 2 else state, seat)
        assert played.mover(move) == seat and played.refusal(state, move) is None, move
        assert move in played.moves(state, seat)
        state = played.play(state, move)[0]
        made += 1
    return state


def test_the_bots_are_the_game_s_own(played: AnyGame) -> None:
    """The stand-in and the searching bots are among the game's bots."""
    assert played.stand_in in played.bot_names()
    assert set(played.searching) <= set(played.bot_names())


def test_a_bot_the_game_has_not_is_refused_in_one_line(played: AnyGame) -> None:
    with pytest.raises(GameError) as refused:
        played.bot("no such bot", "1", 1.0)
    assert one_line(str(refused.value))


def test_every_bot_plays_legal_moves(played: AnyGame) -> None:
    """The quick bots play a game's first moves (a short game's whole), the searching bots a few
    decisions, at the fewest seats."""
    for name in played.bot_names():
        steps = SEARCHED if name in played.searching else STEPS
        _bots_play(played, name, played.seats[0], steps, 61)


@pytest.mark.slow
def test_every_bot_plays_whole_games_with_legal_moves(played: AnyGame) -> None:
    """The quick bots play whole games at every table size; the searching bots a whole game of
    the fewest seats, or 200 moves of it."""
    for name in played.bot_names():
        if name in played.searching:
            _bots_play(played, name, played.seats[0], 200, 62)
        else:
            for players in sizes(played):
                final = _bots_play(played, name, players, None, 63)
                assert played.is_over(final)


def test_an_engine_plays_turns_with_the_greedy_bot_s_moves(
    played: AnyGame, monkeypatch: pytest.MonkeyPatch
) -> None:
    """``hadara engine greedy`` plays seat 0 for three turns (the toy found by its process through
    ``BOARDTABLE_GAMES``): each move legal, none the stand-in's, each the one the game's greedy
    bot seeded alike makes from the seat's view; the others play at random."""
    for variable, value in toy_environment().items():
        monkeypatch.setenv(variable, value)
    command = [sys.executable, "-m", "hadara_rules.cli", "engine", "greedy"]
    state = played.new(played.read_options({}, played.seats[0], 64))
    rng = random.Random(64)
    greedy = played.bot("greedy", "64:0", 1.0)
    turns = 0
    with EngineBot(command, 0, "64:0", game=played, ms=10_000) as engine:
        while turns < 3 and not played.is_over(state):
            seat = rng.choice(played.to_act(state))
            if seat == 0:
                move = engine.choose(state, 0)
                assert move == greedy.choose(played.view(state, 0), 0)
                assert played.refusal(state, move) is None
                turns += 1
            else:
                move = rng.choice(played.moves(state, seat))
            state = played.play(state, move)[0]
        assert engine.replaced == 0
    assert turns == 3
