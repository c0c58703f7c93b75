"""Positions the tests start from: a new game, and a table set for the action phase with
chosen cards and supplies."""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Iterator

import attrs
import pytest

from boardtable.errors import IllegalMove
from imperial_settlers_rules import (
    GameConfig,
    GameState,
    Move,
    Phase,
    Player,
    apply_move,
    check_move,
    components,
    legal_moves,
    new_game,
)
from imperial_settlers_rules._goods import SUPPLY
from imperial_settlers_rules._model import Deal, KeepOne
from imperial_settlers_rules._moves import unanswered


def game(players: int = 2, seed: int = 1, **options: object) -> GameState:
    """A new game with ``options`` for its configuration."""
    return new_game(GameConfig(players=players, seed=seed, **options))  # type: ignore[arg-type]


def supply(**amounts: int) -> tuple[int, ...]:
    """A supply from good names: ``supply(wood=2, gold=1)``."""
    return tuple(amounts.get(kind, 0) for kind in SUPPLY)


def ids(key: str) -> tuple[str, ...]:
    """The printed ids of every copy of the card entry ``key`` (``com-quarry``)."""
    cards = components()
    return tuple(i for i, c in sorted(cards.copies.items()) if c.card.key == key)


def card(key: str, copy: int = 0) -> str:
    """The printed id of one copy of ``key``."""
    return ids(key)[copy]


def acting(
    factions: tuple[str, ...] = ("romans", "barbarians"),
    seat: int = 0,
    **players: dict[str, object],
) -> GameState:
    """An action phase of round 1 with ``seat`` to act, every player with nothing but what
    ``players`` gives (``p0={"hand": (...), "supply": supply(...)}``); the decks hold every
    other card of the game, so that every card is somewhere."""
    config = GameConfig(players=len(factions), seed=3, factions=factions)
    base = new_game(config)
    cards = components()
    placed: set[str] = set()
    made = []
    for index, faction in enumerate(factions):
        given = dict(players.get(f"p{index}", {}))
        player = Player(faction, **given)  # type: ignore[arg-type]
        placed.update(player.hand, player.empire, player.foundations, (d.card for d in player.deals))
        made.append(player)
    final = []
    for player in made:
        deck = tuple(c for c in cards.deck_ids(player.faction) if c not in placed)
        final.append(attrs.evolve(player, deck=player.deck or deck))
    common = tuple(c for c in cards.deck_ids("common") if c not in placed)
    return attrs.evolve(
        base,
        players=tuple(final),
        common=common,
        common_discard=(),
        offer=(),
        order=(),
        second=True,
        agenda=(),
        phase=Phase.ACTIONS,
        first=0,
        turn=seat,
    )


def all_cards(state: GameState) -> Counter[str]:
    """Every card of the game wherever it lies: decks, discard piles, the lookout, hands,
    empires, foundations, deals, under Gates and drawn cards waiting to be kept."""
    found: Counter[str] = Counter(state.common + state.common_discard + state.offer)
    for player in state.players:
        found.update(player.hand + player.empire + player.foundations + player.deck + player.discard)
        found.update(d.card for d in player.deals)
        for _, under in player.under:
            found.update(under)
    for step in state.agenda:
        if isinstance(step, KeepOne):
            found.update(step.drawn)
    return found


def dealt(state: GameState) -> Counter[str]:
    """The cards a game with these factions holds: the common deck and each faction's deck."""
    cards = components()
    return Counter(
        cards.deck_ids("common") + tuple(c for p in state.players for c in cards.deck_ids(p.faction))
    )


def playout(state: GameState, seed: int, limit: int = 3000) -> Iterator[tuple[GameState, Move, GameState]]:
    """A seeded random game from ``state``: each (before, move, after), every move legal;
    at most ``limit`` moves."""
    rng = random.Random(seed)
    for _ in range(limit):
        if state.is_over:
            return
        moves = legal_moves(state)
        acts = [m for m in moves if type(m).__name__ != "Pass"]
        move = rng.choice(acts if acts and rng.random() < 0.85 else moves)
        after = apply_move(state, move)
        yield state, move, after
        state = after
    raise AssertionError("the game did not end")


def deal(printed: str) -> Deal:
    """A deal of the card printed ``printed``, with the good of its deal field."""
    good = components().copies[printed].deal
    assert good is not None
    return Deal(printed, good)


def refused(state: GameState, move: Move, rule: str) -> None:
    """``move`` is refused under ``rule``, by the check and by playing it, and changes nothing."""
    refusal = check_move(state, move)
    assert refusal is not None and refusal.rule == rule, refusal
    with pytest.raises(IllegalMove) as caught:
        apply_move(state, move)
    assert caught.value.rule == rule


def answered(state: GameState, move: Move) -> Move:
    """``move`` with what it decides in advance (ENG-9) decided the first way offered: a card
    from the common deck, the first option."""
    return next(m for m in legal_moves(state) if unanswered(m) == unanswered(move))


def play(state: GameState, *moves: Move) -> GameState:
    """``moves`` played in turn, each checked."""
    for move in moves:
        refusal = check_move(state, move)
        assert refusal is None, (move, refusal)
        state = apply_move(state, move)
    return state
