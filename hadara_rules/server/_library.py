"""What the server needs of the library and the library does not offer publicly yet.

Each function stands for one public function of the third round's contract
(``player_view(state, None)``, ``str(event)``, ``preview(state, move)``,
``rules()``) and is replaced by it once it is there.
"""

from __future__ import annotations

from collections.abc import Sequence

from attrs import evolve

from .._model import GameState
from .._moves import (
    Action,
    BuyGold,
    BuySilver,
    CarveStatue,
    Draft,
    FeedWithCoins,
    Move,
    Pick,
    RemoveCard,
    TakeColony,
)
from .._previews import buy_price, colony_yield, gold_price, sale_value, silver_price, statue_yield
from .._rulebook import rules
from .._text import event_lines
from .._vocabulary import COLOR_INDEX, TRACKS
from ..catalogue import Catalogue
from ..events import ColonyTaken, Event, events_seen_by
from ..view import HIDDEN, front_id, player_view

__all__ = ["event_text", "preview", "rule_text", "seen_events", "spectator_view"]

#: Coins a card fed with coins costs (PURPLE-6).
_FEEDING_COINS = 2


def spectator_view(state: GameState) -> GameState:
    """Stands for ``player_view(state, None)``: what every seat may see (no seat's drawn cards or choice)."""
    view = player_view(state, 0)
    first = view.players[0]
    players = (evolve(first, drawn=(HIDDEN,) * len(first.drawn)), *view.players[1:])
    pending = tuple(
        choice if choice is None or seat else Draft(0, HIDDEN, Action.HIDDEN)
        for seat, choice in enumerate(view.pending)
    )
    return evolve(view, players=players, pending=pending, viewer=None)


def seen_events(events: Sequence[Event], viewer: int | None, catalogue: Catalogue) -> tuple[Event, ...]:
    """Stands for ``events_seen_by(events, viewer)``, ``None`` for the spectator, once it hides a
    plundered colony's back (INFO-1): its id is shown as its front's, as the views show it."""
    seen = events_seen_by(tuple(events), -1 if viewer is None else viewer)
    return tuple(
        evolve(event, colony=front_id(catalogue.colonies[event.colony]))
        if isinstance(event, ColonyTaken) and not event.allied
        else event
        for event in seen
    )


def event_text(event: Event) -> str:
    """Stands for ``str(event)``: the line ``hadara play`` prints for the event, its rule ID included."""
    lines = event_lines([event])
    if lines:
        return str(lines[0])
    who = "the table" if event.player is None else f"P{event.player}"
    return f"{who}: {event.type.replace('_', ' ')} ({event.rule})"


def preview(state: GameState, move: Move) -> dict[str, object]:
    """Stands for ``preview(state, move)``: the coins, track steps and points a legal move gives its player."""
    player = move.player
    coins, steps, points, rule = 0, dict.fromkeys(TRACKS, 0), 0, None
    card = None
    if isinstance(move, Draft | Pick):
        card = move.card if isinstance(move, Draft) else state.outer_piles[COLOR_INDEX[move.color]][-1]
        if move.action is Action.BUY:
            coins, rule = -buy_price(state, player, card), "BUY-1"
            printed = state.catalogue.cards[card]
            steps.update(printed.values.items())
            points = printed.points
        else:
            coins, rule = sale_value(state, player, card), "SELL-1"
    elif isinstance(move, TakeColony):
        found = colony_yield(state, player, move.tier)
        if found is not None:
            coins = (-found.ally_cost if move.ally else found.plunder) - move.pay
            points = (found.back_points or 0) if move.ally else found.points
            if move.ally and found.back is not None:
                steps.update(found.back.items())
            card, rule = found.colony, "COLONY-4"
    elif isinstance(move, CarveStatue):
        carved = statue_yield(state, player, move.statue)
        coins, points, rule = -move.pay, carved.points, "STATUE-3"
        if move.face_up:
            steps[move.tile] += carved.steps
        else:
            points += carved.face_down_points
    elif isinstance(move, BuySilver):
        coins, rule = -silver_price(state, player), "MEDAL-1"
    elif isinstance(move, BuyGold):
        coins, rule = -gold_price(state, player), "MEDAL-1"
    elif isinstance(move, FeedWithCoins):
        coins, rule = -_FEEDING_COINS, "PURPLE-6"
    elif isinstance(move, RemoveCard):
        card, rule = move.card, "FEED-2"
    return {
        "coins": coins,
        "tracks": {str(track): value for track, value in steps.items() if value},
        "points": points,
        "component": card,
        "rules": [] if rule is None else [rule],
    }


def rule_text(rule: str) -> str:
    """Stands for ``rules()[rule].text``: the rule's full text ("" for an ID the digest lacks)."""
    found = rules().get(rule)
    return "" if found is None else found.text
