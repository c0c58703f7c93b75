"""Built-in players: a random bot, a greedy bot and a search bot, each deciding from its seat's
view (INFO-1 to INFO-3).

``bot.choose(state, seat)`` returns the same move whether ``state`` is the whole
position or ``player_view(state, seat)`` (with the bot's generator in the same
state): a bot sees only what its seat may see. The greedy bot looks one move
ahead; where that move rolls dice, the roll is drawn from the bot's own
generator, since the view holds no seed, and valued with the seat's best use of
its tools on it.
"""

from __future__ import annotations

import operator
import random
from collections.abc import Sequence
from typing import Protocol

import attrs
from attrs import define

from boardtable.search.library import LibrarySearch, SearchFunctions

from ._engine import apply_move, legal_moves
from ._goods import FOOD_VALUE, bundles
from ._model import (
    AREAS,
    BUILDINGS,
    MAX_AGRICULTURE,
    MAX_PEOPLE,
    MAX_TOOL_LEVEL,
    SLOTS,
    GameState,
    Location,
    Player,
)
from ._moves import Move, Place
from ._rules.buildings import payable
from ._rules.scoring import culture_points, known_cards, score, score_sheet
from .view import player_view, sample_world

__all__ = ["Bot", "GreedyBot", "ISMCTSBot", "RandomBot", "evaluate", "make_bot"]

#: The expected face of a die.
_DIE = 3.5
#: What a card is worth beyond what its bottom scores now: its multiplier's count grows with
#: the game, and its culture symbol joins the sets still to come (SCORE-2 to SCORE-6).
_CARD_PROMISE = 10
#: A payment's value (BUILD-2), by which the cheapest is found.
_VALUE = operator.attrgetter("value")


class Bot(Protocol):
    """Anything that picks one of a seat's legal moves."""

    def choose(self, state: GameState, seat: int) -> Move:
        """One of ``seat``'s legal moves in ``state`` (the whole position or the seat's view)."""
        ...


@attrs.define
class RandomBot:
    """Picks a legal move at random, from its own generator."""

    seed: int = 0
    _rng: random.Random = attrs.field(init=False)

    def __attrs_post_init__(self) -> None:
        self._rng = random.Random(self.seed)

    def choose(self, state: GameState, seat: int) -> Move:
        return self._rng.choice(legal_moves(player_view(state, seat), seat))


def _food_value(food: float, need: int) -> float:
    """Food up to what the next feeding needs is worth a lot (hunger costs 10 points); more, little."""
    covered = min(food, max(need, 0))
    return 3 * covered + 0.3 * (food - covered)


def evaluate(state: GameState, seat: int) -> float:
    """What ``seat``'s board is worth, in points: points scored and what cards (those it can
    see) will score, plus rough values of resources, food, people, tracks and tools, and of
    what each card promises beyond its score today."""
    player = state.players[seat]
    known = known_cards(player)
    culture = culture_points([c.culture for c in known if c.culture is not None])
    times = {
        "farmer": player.agriculture,
        "tool_maker": player.tool_value,
        "hut_builder": len(player.buildings),
        "shaman": player.people,
    }
    multiplied = sum(c.count * times[c.multiplier] for c in known if c.multiplier is not None)
    scored = score_sheet(player, True).during_game if state.is_over else player.score
    return (
        scored
        + culture
        + multiplied
        + 0.7 * player.resources.value
        + _food_value(player.food, player.people - player.agriculture)
        + 5 * player.people
        + 2.5 * player.agriculture
        + 1.5 * player.tool_value
        + 0.5 * sum(player.one_time)
        + 4 * player.claims
        + _CARD_PROMISE * len(known)
    )


def _placement_value(view: GameState, seat: int, move: Place) -> float:
    """What a placement is expected to bring per person placed (the action happens later, so
    it is estimated): spreading people over the locations that pay best."""
    player, location, people = view.players[seat], move.location, move.people
    if location is Location.HUNTING:
        need = player.people - player.agriculture
        gain = people * _DIE / FOOD_VALUE
        total = _food_value(player.food + gain, need) - _food_value(player.food, need)
    elif location in AREAS:
        total = 0.7 * (people * _DIE + player.tool_value / 2)
    elif location is Location.TOOL_MAKER:
        total = 3.0 if sum(player.tools) < 3 * MAX_TOOL_LEVEL else 0.0
    elif location is Location.HUT:  # a person more to feed is worth less while food is short
        total = max(0.0, 8.0 - 2 * _short_of_food(player)) if player.people < MAX_PEOPLE else 0.0
    elif location is Location.FIELD:  # agriculture feeds every round: worth more while food is short
        total = 4.0 + 1.5 * _short_of_food(player) if player.agriculture < MAX_AGRICULTURE else 0.0
    elif location in BUILDINGS:
        left = _uncommitted(view, seat)
        total = max((3 + 0.3 * pay.value for pay in payable(left, seat, location)), default=-1.0)
    else:
        price = SLOTS.index(location) + 1
        total = 6.0 - price if _uncommitted(view, seat).players[seat].resources.total >= price else -1.0
    return total / people


def _short_of_food(player: Player) -> int:
    """The food the player would lack at the next feeding without hunting first: one per
    person, less agriculture and the food in stock (FEED-2, FEED-3)."""
    return max(0, player.people - player.agriculture - player.food)


def _uncommitted(view: GameState, seat: int) -> GameState:
    """``view`` with the seat's resources less the cheapest payment for each building and
    card it has placed people at (BUILD-1, CIV-2), so that it places only where it can pay."""
    for location in (*BUILDINGS, *SLOTS):
        if view.people_at(location, seat):
            have = view.players[seat].resources
            if location in BUILDINGS:
                options = payable(view, seat, location)
            else:
                options = bundles(SLOTS.index(location) + 1, have)
            if options:
                paid = attrs.evolve(view.players[seat], resources=have - min(options, key=_VALUE))
                view = attrs.evolve(view, players=(*view.players[:seat], paid, *view.players[seat + 1 :]))
    return view


@attrs.define
class GreedyBot:
    """Picks the move whose result :func:`evaluate` likes best, one move ahead (a roll it makes
    counted with its best use of tools, TOOL-2); ties at random. It places people at a
    building or card only where it can still pay, after what it has placed for already."""

    seed: int = 0
    _rng: random.Random = attrs.field(init=False)

    def __attrs_post_init__(self) -> None:
        self._rng = random.Random(self.seed)

    def _value(self, view: GameState, seat: int, move: Move) -> float:
        if isinstance(move, Place):
            return _placement_value(view, seat, move)
        guess = attrs.evolve(view, config=attrs.evolve(view.config, seed=self._rng.randrange(2**53)))
        after = apply_move(guess, move)
        if after.roll is not None and after.roll.player == seat:
            # the roll waits for the seat's tools (TOOL-2): what it yields is in the best of them
            return max(evaluate(apply_move(after, tools), seat) for tools in legal_moves(after, seat))
        return evaluate(after, seat)

    def choose(self, state: GameState, seat: int, moves: Sequence[Move] | None = None) -> Move:
        """The move of ``moves`` (default: every legal move of ``seat``) it likes best."""
        view = player_view(state, seat)
        if moves is None:
            moves = legal_moves(view, seat)
        values = [self._value(view, seat, move) for move in moves]
        best = max(values)
        return self._rng.choice([m for m, v in zip(moves, values, strict=True) if v == best])


@define
class ISMCTSBot(LibrarySearch[GameState, Move]):
    """The search bot: information-set MCTS over worlds drawn from the seat's view
    (:func:`~stone_age_rules.sample_world`: the hidden cards, tiles and every die to come),
    the greedy bot modelling the other seats and playing each rollout to the end of the
    round, whose position :func:`evaluate` values (the final score in the last round); the
    search is the platform's (:class:`boardtable.search.library.LibrarySearch`).

    ``bot.choose(state, seat)`` looks at the seat's view only; under a seed and an iteration
    budget it is deterministic.
    """

    functions = SearchFunctions(
        legal_moves,
        player_view,
        sample_world,
        apply_move,
        score,
        evaluate,
        epoch=lambda state: state.round,
        greedy=GreedyBot,
    )


def make_bot(kind: str, seed: int = 0) -> Bot:
    """A built-in bot by name: ``random``, ``greedy`` or ``ismcts`` (with its defaults)."""
    if kind == "random":
        return RandomBot(seed)
    if kind == "greedy":
        return GreedyBot(seed)
    if kind == "ismcts":
        return ISMCTSBot(random.Random(seed))
    raise ValueError(f"unknown bot {kind!r} (expected random, greedy or ismcts)")
