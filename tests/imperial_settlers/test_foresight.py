"""ENG-9: the moves listed with what they decide in advance read from the card data
(:mod:`imperial_settlers_rules._rules.foresight`) are, move for move, those found by trying
every move out."""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Iterator
from itertools import chain

import attrs
import pytest

from imperial_settlers_rules import Activate, GameConfig, GameState, Move, apply_move, legal_moves, new_game
from imperial_settlers_rules._components import Special
from imperial_settlers_rules._engine import _action_moves
from imperial_settlers_rules._model import Deck, FollowUp, Phase
from imperial_settlers_rules._moves import ANSWERED
from imperial_settlers_rules._rules import foresight
from imperial_settlers_rules._rules.actions import spend_moves
from imperial_settlers_rules._rules.activate import follow_moves
from imperial_settlers_rules._rules.ahead import _answers
from imperial_settlers_rules._table import Table, card_of

from .tables import acting, card, supply


def _by_trial(state: GameState) -> tuple[Move, ...] | None:
    """The oracle: each action or follow-up listed with every way to decide in advance what
    it asks, found by trying each move out (None where no action waits)."""
    if state.is_over:
        return None
    if state.agenda:
        step = state.agenda[0]
        if not isinstance(step, FollowUp):
            return None
        moves: Iterator[Move] = chain.from_iterable(follow_moves(Table(state), step))
    elif state.acted or state.phase is Phase.LOOKOUT:
        return None
    else:
        moves = iter(
            (*chain.from_iterable(_action_moves(state, state.turn)), *spend_moves(state, state.turn))
        )
    found: list[Move] = []
    for move in moves:
        found += _answers(state, move) if isinstance(move, ANSWERED) else [move]
    return tuple(found)


def _variants(state: GameState) -> Iterator[GameState]:
    """``state``; it with no common card left to draw, and with none of the mover's faction deck
    left either (GOODS-8: a deck that can give no card is not asked for); and it with the top
    three cards of the mover's faction deck built (more features, more places for samurai)."""
    yield state
    seat = state.to_act[0]
    bare = attrs.evolve(state, common=(), common_discard=())
    yield bare
    players = list(bare.players)
    players[seat] = attrs.evolve(players[seat], deck=(), discard=())
    yield attrs.evolve(bare, players=tuple(players))
    players = list(state.players)
    mover = players[seat]
    players[seat] = attrs.evolve(mover, empire=(*mover.empire, *mover.deck[:3]), deck=mover.deck[3:])
    yield attrs.evolve(state, players=tuple(players))


@pytest.mark.parametrize(
    ("factions", "seed"),
    [
        (None, 61),
        (None, 62),
        (None, 63),
        (("japanese", "romans"), 69),
        (("japanese", "egyptians", "barbarians"), 65),
        (("romans", "japanese", "barbarians", "egyptians"), 67),
    ],
)
def test_the_listing_read_from_the_cards_is_the_listing_tried_out(
    factions: tuple[str, ...] | None, seed: int
) -> None:
    """ENG-9: over a random game of 2 to 4 players, every listing of actions equals the
    trial-based one (also with no card left to draw), and the card data answered for moves
    that ask something and many that ask nothing."""
    players = 2 + seed % 3 if factions is None else len(factions)
    state = new_game(GameConfig(players=players, seed=seed, factions=factions))
    rng = random.Random(seed)
    read = {"asks": 0, "nothing": 0, "samurai": 0}
    compared = 0
    while not state.is_over:
        options = legal_moves(state)
        for variant in _variants(state):
            expected = _by_trial(variant)
            if expected is not None:
                assert legal_moves(variant) == expected
                compared += 1
            if not state.agenda:
                for move in options:
                    ways = foresight.ways(state, move)
                    if isinstance(ways, tuple):
                        read["asks"] += 1
                        read["samurai"] += any(dict(way).get("samurai") for way in ways)
                    elif ways is None:
                        read["nothing"] += 1
        state = apply_move(state, options[rng.randrange(len(options))], check=False)
    assert compared > 50
    assert read["asks"] > 0 and read["nothing"] > 20
    assert read["samurai"] > 0 or factions is None or "japanese" not in factions


#: The special operations an activation's reading covers beyond gains (CARD-6, CARD-7, CARD-11,
#: CARD-13).
_READ = (Special.RAZE, Special.REMOVE_ENEMY_LOCATION, Special.BUILD_FROM_HAND, Special.REACTIVATE_ACTION)


def test_razes_removals_and_follow_ups_by_an_action_are_read_not_tried() -> None:
    """ENG-9: over random games of 3 players, every activation that razes a card or a location,
    removes a location or leaves its follow-up waiting first is read from the card data (the
    test above holds such listings to those tried out), razes that ask for the deck of a card
    among them; a Trade Route (FAC-JAP-7) is still tried out."""
    read: Counter[tuple[Special | None, str]] = Counter()
    for seed in (61, 64, 87, 88):
        state = new_game(GameConfig(players=3, seed=seed))
        rng = random.Random(seed)
        while not state.is_over:
            options = legal_moves(state)
            for move in options if not state.agenda else ():
                if isinstance(move, Activate):
                    action = card_of(move.location).ability.action
                    assert action is not None
                    ways = foresight.ways(state, move)
                    how = "tried" if ways is foresight.UNREAD else "asks" if ways else "nothing"
                    read[action.modes[move.mode].effect.do, how] += 1
            state = apply_move(state, options[rng.randrange(len(options))], check=False)
    assert all(read[do, "tried"] == 0 for do in _READ), read
    assert all(read[do, "nothing"] > 0 for do in _READ) and read[Special.RAZE, "asks"] > 0, read
    assert read[Special.TRADE_ROUTE_DEAL, "tried"] > 0, read


def test_cards_of_either_deck_drawn_to_keep_are_read_not_tried() -> None:
    """ENG-9, GOODS-7, CARD-23: Mission (2 cards of either deck drawn, 1 kept) is read from the
    card data: the deck of its first card decided in advance, each deck able to give one, as
    trying it out finds (the second card is drawn once the first is seen)."""
    mission = card("bar-mission")
    state = acting(("barbarians", "romans"), p0={"empire": (mission,), "supply": supply(worker=1)})
    move = Activate(0, mission, supply(worker=1))
    ways = foresight.ways(state, move)
    assert isinstance(ways, tuple)
    assert [dict(way)["deck"] for way in ways] == [Deck.COMMON, Deck.FACTION]
    assert [m for m in legal_moves(state) if isinstance(m, Activate)] == list(_answers(state, move))
    bare = foresight.ways(attrs.evolve(state, common=(), common_discard=()), move)
    assert isinstance(bare, tuple)
    assert [dict(way)["deck"] for way in bare] == [Deck.FACTION]
