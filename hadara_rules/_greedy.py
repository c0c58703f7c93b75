"""The greedy policy: one move ahead, judged by a simple evaluation of the position.

:func:`evaluate` counts the points on the score pad now, plus what the tracks,
coins and free tiles are worth for the rest of the game, less what feeding would
cost. :class:`GreedyBot` plays the move after which it is highest; the search bot
(:mod:`hadara_rules.search`) uses both for its rollouts and its shortlist.
"""

from __future__ import annotations

import random
from collections.abc import Iterator, Sequence
from statistics import fmean

from attrs import define

from ._copy import replace
from ._engine import legal_moves
from ._flow import player_after
from ._model import GameState
from ._moves import Move, TakeColony
from ._rules.scoring import score_player
from ._rules.section import players_with
from ._vocabulary import TIER_INDEX, Phase
from .view import front_id


def _incomes_left(state: GameState) -> int:
    """Income sections still to come after the current phase's."""
    done = 2 * (state.epoch - 1) + (1 if state.phase is Phase.B else 0)
    return max(0, 6 - done - 1)


def evaluate(state: GameState, seat: int) -> float:
    """What the position is worth to ``seat``: points now and a guess at points to come."""
    player = state.players[seat]
    sheet = score_player(state, seat)
    incomes = _incomes_left(state)
    tracks = player.tracks
    future = (
        0.35 * tracks.income * incomes
        + 0.45 * tracks.military
        + 0.45 * tracks.culture
        + 0.15 * player.coins
        + 0.8 * len(player.free_tiles)
    )
    hunger = max(0, len(player.cards) - tracks.food)
    return sheet.total + future * (0.4 + 0.2 * incomes) / 1.4 - 3.0 * hunger


def seat_moves(state: GameState, seat: int) -> tuple[Move, ...]:
    """The legal moves a bot playing ``seat`` chooses from in ``state`` (the whole position
    or the seat's own view); :class:`ValueError` for another seat's view or no move."""
    if state.viewer is not None and state.viewer != seat:
        raise ValueError(f"this position is a view for another seat than player {seat}")
    moves = legal_moves(state, seat)
    if not moves:
        raise ValueError(f"player {seat} has no move to make in this position")
    return moves


@define
class GreedyBot:
    """One-ply lookahead: the move whose resulting position :func:`evaluate` likes best.

    It judges only what its seat may see (INFO-1): the position each move itself makes,
    before the automatic steps after it (a draft choice as its round will resolve it),
    and a colony to ally with by the backs it may have (the colonies with its front that
    nobody has allied with), on average. Handed the whole position or the seat's
    :func:`~hadara_rules.player_view`, it returns the same move.
    """

    rng: random.Random

    def choose(self, state: GameState, seat: int, moves: Sequence[Move] | None = None) -> Move:
        """The move of ``moves`` (default: every legal move of ``seat``) after which
        :func:`evaluate` is highest (ties broken at random)."""
        if moves is None:
            moves = seat_moves(state, seat)
        best: list[Move] = []
        best_value = float("-inf")
        for move in moves:
            value = _value(state, move, seat)
            if value > best_value + 1e-9:
                best, best_value = [move], value
            elif abs(value - best_value) <= 1e-9:
                best.append(move)
        return best[self.rng.randrange(len(best))]


def _value(state: GameState, move: Move, seat: int) -> float:
    """What :func:`evaluate` makes of the position ``move`` leads to; for allying with a
    colony whose back is unseen, the mean over the backs it may have."""
    if isinstance(move, TakeColony) and move.ally:
        return fmean(evaluate(_outcome(world, move), seat) for world in _backs(state, move.tier))
    return evaluate(_outcome(state, move), seat)


def _outcome(state: GameState, move: Move) -> GameState:
    """The position with the mover as ``move`` leaves them, before any automatic step."""
    return replace(state, players=players_with(state, move.player, player_after(state, move)))


def _backs(state: GameState, tier: int) -> Iterator[GameState]:
    """``state`` with each colony the top of the ``tier`` stack may be on top: those with
    its front that nobody has allied with (INFO-1: the backs anybody has seen)."""
    stacks = state.colony_stacks
    i = TIER_INDEX[tier]
    colonies = state.catalogue.colonies
    front = front_id(colonies[stacks[i][-1]])
    seen = {h.id for p in state.players for h in p.colonies if h.allied}
    for colony in colonies.values():
        if colony.back is not None and colony.id not in seen and front_id(colony) == front:
            top = (*stacks[i][:-1], colony.id)
            yield replace(state, colony_stacks=(*stacks[:i], top, *stacks[i + 1 :]))
