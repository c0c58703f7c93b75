"""What each legal move will do, as its mover can know it from its own view.

A move is played on the mover's view (:func:`~imperial_settlers_rules.player_view`), which
shows the mover's own hand but neither deck (LOOK-6): what it does to the mover's supply
(GOODS-1), points (PROD-5), hand, empire, foundations and deals is certain, and a card it
draws shows as drawn, not by name (GOODS-7). Where a move acts on a card the view hides
(Ninjas discarding an opponent's deal, whose card only its deal field shows: DEAL-3), the
move is played in a world drawn from the view (:func:`~imperial_settlers_rules.sample_world`,
from a fixed seed, so the same view previews the same): the mover's own changes are those
the view tells, whichever card lies hidden.

A move that ends a phase (the lookout's last pick, the round's last pass, the production's
last choice) is followed by the next phase's automatic steps (PROD-1, ACT-1, CLEAN-1, FLOW-5,
END-1), which are every player's, not the move's: its preview stops there, counting what its
events gave the mover before, and says what follows (``then``).
"""

from __future__ import annotations

import random
from collections import Counter

from attrs import frozen

from ._engine import apply_move_with_events, legal_moves
from ._events import Event
from ._goods import SUPPLY
from ._model import GameState, Player
from ._moves import Move
from .text import amount_text, card_name
from .view import player_view, sample_world

__all__ = ["Preview", "preview", "previews"]


@frozen
class Preview:
    """A legal move and what it will do to its mover (see the module)."""

    #: The legal move previewed.
    move: Move
    #: The changes to the mover's supply (GOODS-1) and points (``vp``), by name.
    changes: tuple[tuple[str, int], ...] = ()
    #: The change in the number of cards in the mover's hand (GOODS-7, BUILD-1, LOOK-2).
    hand: int = 0
    #: The locations added to the mover's empire (BUILD-1) and those it loses (RAZE-3, BUILD-3).
    built: tuple[str, ...] = ()
    lost: tuple[str, ...] = ()
    #: The change in the number of the mover's foundations (RAZE-2, BUILD-3) and deals (DEAL-1).
    foundations: int = 0
    deals: int = 0
    #: What follows the move when it ends a phase (``production``, ``cleanup`` …); None: nothing.
    then: str | None = None

    def __str__(self) -> str:
        parts = [
            ", ".join(
                f"{'+' if amount > 0 else '-'}{amount_text(name, abs(amount))}"
                for name, amount in self.changes
            )
        ]
        parts.append(_count(self.hand, "card in hand", "cards in hand"))
        parts.append(" ".join(f"builds {card_name(card)}" for card in self.built))
        parts.append(" ".join(f"loses {card_name(card)}" for card in self.lost))
        parts.append(_count(self.foundations, "foundation", "foundations"))
        parts.append(_count(self.deals, "deal", "deals"))
        said = "; ".join(part for part in parts if part) or "no change to your empire or supply"
        return said if self.then is None else f"{said}; then {self.then}"


def _count(change: int, one: str, many: str) -> str:
    return "" if not change else f"{change:+d} {one if abs(change) == 1 else many}"


def _changes(before: Player, after: Player) -> tuple[tuple[str, int], ...]:
    found = [
        (name, new - old)
        for name, old, new in zip(SUPPLY, before.supply, after.supply, strict=True)
        if new != old
    ]
    if after.vp != before.vp:
        found.append(("vp", after.vp - before.vp))
    return tuple(found)


#: The rules of the events that begin a phase or a round, or end the game (seat None).
_PHASES = frozenset({"PROD-1", "ACT-1", "CLEAN-1", "FLOW-5", "END-1"})
#: The rules of the events that put a card in its seat's hand (LOOK-2, GOODS-7).
_TO_HAND = frozenset({"LOOK-2", "GOODS-7"})


def _until(move: Move, events: tuple[Event, ...], marker: int) -> Preview:
    """The preview of a move whose events begin a phase at ``marker``: what they gave its mover before."""
    own = [event for event in events[:marker] if event.seat == move.player]
    gained: Counter[str] = Counter()
    for event in own:
        gained.update(dict(event.goods))
    changes = tuple((name, amount) for name, amount in gained.items() if amount)
    hand = sum(1 for event in own if event.rule in _TO_HAND)
    return Preview(move, changes, hand, then=events[marker].what)


def preview(world: GameState, move: Move) -> Preview:
    """What ``move`` (legal in ``world``, a world drawn from its mover's view) will do to its mover."""
    seat = move.player
    before = world.players[seat]
    state, events = apply_move_with_events(world, move)
    marker = next((i for i, e in enumerate(events) if e.seat is None and e.rule in _PHASES), None)
    if marker is not None:
        return _until(move, events, marker)
    after = state.players[seat]
    return Preview(
        move,
        _changes(before, after),
        len(after.hand) - len(before.hand),
        tuple(card for card in after.empire if card not in before.empire),
        tuple(card for card in before.empire if card not in after.empire),
        len(after.foundations) - len(before.foundations),
        len(after.deals) - len(before.deals),
    )


def previews(view: GameState, seat: int) -> tuple[Preview, ...]:
    """The preview of every legal move of ``seat`` in its view (or the whole position, previewed
    as its view), in :func:`legal_moves`' order."""
    seen = player_view(view, seat)
    moves = legal_moves(seen, seat)
    if not moves:
        return ()
    world = sample_world(seen, seat, random.Random(seen.ply))
    return tuple(preview(world, move) for move in moves)
