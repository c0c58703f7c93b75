"""What happened: the events of a move and of the automatic steps that follow it.

:func:`apply_move_with_events` plays a move as :func:`~hadara_rules.apply_move`
does and says, step by step, what happened: sections and epochs beginning,
cards drawn, bought, sold, passed on and removed, colonies, statues and medals
taken, every coin paid or received with its reason, every track step, and the
end of the game with its scores. Each event names its player (or none) and the
rule that made it happen. The coins and track steps of the events add up exactly
to the difference between the two positions.

Each section tells its own moves and steps (a handler's ``narrate``, a section's
``narrate_step``; the order of play tells a new section or epoch), from each step's
position before and after, and only here: :func:`~hadara_rules.apply_move` does no
work for them. :func:`events_seen_by`
hides from a player what their view hides (INFO-1): the cards other players
drew and the cards they sold from their hands, and the backs of plundered colonies
(named by their fronts, as the view names them).
"""

from __future__ import annotations

from collections.abc import Iterator

from attrs import evolve

from ._copy import replace
from ._engine import played
from ._events import (
    EVENT_TYPES,
    UNSEEN,
    CardBought,
    CardPassedOn,
    CardRemoved,
    CardsDrawn,
    CardSold,
    CoinReason,
    CoinsChanged,
    ColonyTaken,
    DraftChosen,
    EpochStarted,
    Event,
    Events,
    GameOver,
    MedalBought,
    Passed,
    SectionStarted,
    SideChosen,
    StatueCarved,
    TrackMoved,
    WheelSet,
    back_id,
)
from ._flow import SECTIONS, automatic_step, narrate_step
from ._model import GameState
from ._moves import Move
from .catalogue import Catalogue, load_catalogue
from .view import front_id

__all__ = [
    "EVENT_TYPES",
    "UNSEEN",
    "CardBought",
    "CardPassedOn",
    "CardRemoved",
    "CardSold",
    "CardsDrawn",
    "CoinReason",
    "CoinsChanged",
    "ColonyTaken",
    "DraftChosen",
    "EpochStarted",
    "Event",
    "Events",
    "GameOver",
    "MedalBought",
    "Passed",
    "SectionStarted",
    "SideChosen",
    "StatueCarved",
    "TrackMoved",
    "WheelSet",
    "apply_move_with_events",
    "back_id",
    "events_seen_by",
    "move_events",
    "move_steps",
]


def apply_move_with_events(state: GameState, move: Move, check: bool = True) -> tuple[GameState, Events]:
    """:func:`~hadara_rules.apply_move`, with the events of the move and of every
    automatic step that follows it, in the order they happened."""
    steps = list(move_steps(state, move, check))
    return steps[-1][1], tuple(event for _, _, told in steps for event in told)


def move_steps(
    state: GameState, move: Move, check: bool = True
) -> Iterator[tuple[GameState, GameState, Events]]:
    """The move and each automatic step after it, one by one: the position before the
    step, the one after it, and the step's events (:func:`apply_move_with_events` joins them)."""
    after = played(state, move, check)
    yield state, after, tuple(move_events(state, move, after))
    while (changes := automatic_step(after)) is not None:
        following = replace(after, **changes)
        yield after, following, tuple(narrate_step(after, following))
        after = following


def events_seen_by(events: Events, viewer: int, catalogue: Catalogue | None = None) -> Events:
    """``events`` as ``viewer`` sees them (INFO-1): each names only what the viewer's views
    before and after show. Other players' drawn cards are shown as :data:`UNSEEN`; the cards
    they sold from their hands in a draft round by their backs, which show the epoch and
    colour (``?I-red``: :func:`back_id`), as the view shows them; a plundered colony (its back
    seen by nobody) by its front, as :func:`~hadara_rules.player_view` shows it
    (:func:`~hadara_rules.view.front_id`). ``catalogue`` is the game's (default: the bundled
    one); a card or plundered colony it does not have is shown as :data:`UNSEEN`."""
    table = load_catalogue() if catalogue is None else catalogue
    colonies, cards = table.colonies, table.cards
    seen: list[Event] = []
    for event in events:
        if event.player != viewer and isinstance(event, CardsDrawn):
            event = evolve(event, cards=tuple(UNSEEN for _ in event.cards))
        elif event.player != viewer and isinstance(event, CardSold) and event.rule == "DRAFT-2":
            card = cards.get(event.card)
            event = evolve(event, card=UNSEEN if card is None else back_id(card.epoch, card.color))
        elif isinstance(event, ColonyTaken) and not event.allied:
            colony = colonies.get(event.colony)
            event = evolve(event, colony=UNSEEN if colony is None else front_id(colony))
        seen.append(event)
    return tuple(seen)


# --------------------------------------------------------------------------- the move


def move_events(before: GameState, move: Move, after: GameState) -> Iterator[Event]:
    """The events of the move itself, from the position before it and the one right after
    it (before any automatic step): told by the section's handler of the move."""
    return SECTIONS[before.section].moves[type(move)].narrate(before, move, after)
