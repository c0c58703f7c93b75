"""What one player may see (INFO-1, INFO-2), and worlds consistent with it.

:func:`player_view` redacts a position for one seat: hidden cards become
:data:`HIDDEN`, and a colony whose back nobody has seen is shown by its front
only (an entry of the view's catalogue whose back is unknown). A view is itself
a :class:`~hadara_rules._model.GameState` with ``viewer`` set: it can be
serialized, scored and asked for the viewer's legal moves, which are exactly
those of the whole position; moves are applied to the whole position.

:func:`sample_world` fills a view's hidden parts with one random assignment
consistent with it (determinization for search bots).
"""

from __future__ import annotations

import functools
import random
from collections.abc import Callable, Iterable

from attrs import evolve

from ._components import Colony
from ._model import ColonyHolding, GameState, PlayerState
from ._moves import Action, Draft
from ._rules.draft import legal as legal_drafts
from ._rules.wheel import deck_color
from ._vocabulary import COLOR_INDEX, COLORS, Tracks
from .catalogue import Catalogue, derived_by

__all__ = ["FRONT_ONLY", "HIDDEN", "front_id", "player_view", "sample_world", "view_catalogue"]

#: How a hidden card or colony is shown (the text of a hidden draft choice's action too).
HIDDEN = Action.HIDDEN.value
#: How many catalogues' view catalogues are kept (a game uses one; custom catalogues come and go).
_CATALOGUES_KEPT = 16
#: The provenance of a colony's front shown without its back.
FRONT_ONLY = "hidden"


def front_id(colony: Colony) -> str:
    """The id under which a colony is shown when its back is hidden: its printed front."""
    return f"front-{colony.tier}-{colony.plunder}-{colony.ally_cost}-{colony.points}"


@functools.lru_cache(maxsize=_CATALOGUES_KEPT)
def view_catalogue(catalogue: Catalogue) -> Catalogue:
    """``catalogue`` plus one front-only colony per distinct colony front (back unknown)."""
    fronts = {
        front_id(c): Colony(
            front_id(c), c.tier, c.plunder, c.ally_cost, c.points, Tracks(), c.points, provenance=FRONT_ONLY
        )
        for c in catalogue.colonies.values()
    }
    return Catalogue(
        catalogue.cards,
        {**catalogue.colonies, **fronts},
        catalogue.start_cards,
        catalogue.statues,
        catalogue.reference,
        f"{catalogue.source} (player view)",
    )


# a view pickles like a position: a process that has made no view yet makes its catalogue
derived_by(view_catalogue)


@functools.lru_cache(maxsize=_CATALOGUES_KEPT)
def base_catalogue(catalogue: Catalogue) -> Catalogue:
    """The catalogue a view's catalogue was made from (front-only colonies dropped)."""
    colonies = {k: c for k, c in catalogue.colonies.items() if c.provenance != FRONT_ONLY}
    if len(colonies) == len(catalogue.colonies):
        return catalogue
    source = catalogue.source.removesuffix(" (player view)")
    return Catalogue(
        catalogue.cards, colonies, catalogue.start_cards, catalogue.statues, catalogue.reference, source
    )


def _hidden(ids: tuple[str, ...]) -> tuple[str, ...]:
    return (HIDDEN,) * len(ids)


def player_view(state: GameState, player: int) -> GameState:
    """``state`` as ``player`` sees it: INFO-1's hidden information redacted, INFO-2's kept."""
    if not isinstance(player, int) or not 0 <= player < len(state.players):
        raise ValueError(f"there is no player {player!r} in a {len(state.players)}-player game")
    if state.viewer is not None:
        raise ValueError("this position is already a player view")
    colonies = state.catalogue.colonies

    def front(colony_id: str) -> str:
        return front_id(colonies[colony_id])

    def redact_player(seat: int, p: PlayerState) -> PlayerState:
        holdings = tuple(h if h.allied else ColonyHolding(front(h.id), False) for h in p.colonies)
        drawn = p.drawn if seat == player else _hidden(p.drawn)
        return evolve(p, colonies=holdings, drawn=drawn)

    pending = tuple(
        choice if choice is None or seat == player else Draft(seat, HIDDEN, Action.HIDDEN)
        for seat, choice in enumerate(state.pending)
    )
    return evolve(
        state,
        players=tuple(redact_player(seat, p) for seat, p in enumerate(state.players)),
        decks=tuple(_hidden(d) for d in state.decks),
        later_decks=tuple(tuple(_hidden(d) for d in epoch) for epoch in state.later_decks),
        colony_stacks=tuple((*_hidden(s[:-1]), front(s[-1])) if s else s for s in state.colony_stacks),
        pending=pending,
        sold=_hidden(state.sold),
        removed=_hidden(state.removed),
        box=_hidden(state.box),
        viewer=player,
        catalogue=view_catalogue(state.catalogue),
    )


# --------------------------------------------------------------------------- determinization


class _Pool:
    """The cards or colonies nobody can see, handed out at random under constraints."""

    def __init__(self, ids: Iterable[str], rng: random.Random) -> None:
        self.free = set(ids)
        self.rng = rng

    def take(self, count: int, fits: Callable[[str], bool]) -> tuple[str, ...]:
        choices = sorted(i for i in self.free if fits(i))
        if len(choices) < count:
            raise ValueError("the view is inconsistent with its catalogue: too few hidden components")
        chosen = tuple(self.rng.sample(choices, count))
        self.free.difference_update(chosen)
        return chosen


def sample_world(view: GameState, player: int, rng: random.Random) -> GameState:
    """A whole position consistent with ``player``'s view: ``player_view(world, player) == view``."""
    if view.viewer != player:
        raise ValueError(f"this is not player {player}'s view")
    catalogue = base_catalogue(view.catalogue)
    cards = catalogue.cards
    seen_cards = {c for p in view.players for c in (*p.cards, *p.drawn)}
    seen_cards.update(c for pile in view.outer_piles for c in pile)
    seen_cards.discard(HIDDEN)
    card_pool = _Pool((c for c in cards if c not in seen_cards), rng)
    seen_colonies = {h.id for p in view.players for h in p.colonies if h.allied}
    colony_pool = _Pool((c for c in catalogue.colonies if c not in seen_colonies), rng)

    def deck_cards(epoch: int, index: int) -> Callable[[str], bool]:
        pool = set(catalogue.deck_pool(epoch, COLORS[index], view.advanced))
        return pool.__contains__

    decks = tuple(card_pool.take(len(d), deck_cards(view.epoch, i)) for i, d in enumerate(view.decks))
    later = tuple(
        tuple(card_pool.take(len(d), deck_cards(view.epoch + 1 + e, i)) for i, d in enumerate(epoch))
        for e, epoch in enumerate(view.later_decks)
    )

    def by_front(front: str) -> Callable[[str], bool]:
        return lambda c: front_id(catalogue.colonies[c]) == front

    def of_tier(tier: int) -> Callable[[str], bool]:
        return lambda c: catalogue.colonies[c].tier == tier

    players = []
    for seat, p in enumerate(view.players):
        holdings = tuple(
            h if h.allied else ColonyHolding(colony_pool.take(1, by_front(h.id))[0], False)
            for h in p.colonies
        )
        drawn = p.drawn
        if seat != player and p.drawn:
            color = COLOR_INDEX[deck_color(view, seat)]
            drawn = card_pool.take(len(p.drawn), deck_cards(view.epoch, color))
        players.append(evolve(p, colonies=holdings, drawn=drawn))
    stacks = []
    for stack in view.colony_stacks:
        if not stack:
            stacks.append(stack)
            continue
        top = colony_pool.take(1, by_front(stack[-1]))[0]
        below = colony_pool.take(len(stack) - 1, of_tier(catalogue.colonies[top].tier))
        stacks.append((*below, top))

    def played_before(card_id: str) -> bool:
        card = cards[card_id]
        return card.epoch <= view.epoch and (view.advanced or not card.star)

    sold = card_pool.take(len(view.sold), played_before)
    removed = card_pool.take(len(view.removed), played_before)
    box = tuple(sorted((*card_pool.free, *colony_pool.free)))
    world = evolve(
        view,
        players=tuple(players),
        decks=decks,
        later_decks=later,
        colony_stacks=tuple(stacks),
        sold=sold,
        removed=removed,
        box=box,
        viewer=None,
        catalogue=catalogue,
    )
    return _sample_choices(world, player, rng)


def _sample_choices(world: GameState, player: int, rng: random.Random) -> GameState:
    """Replace the other players' hidden draft choices by legal ones drawn at random."""
    pending = list(world.pending)
    for seat, choice in enumerate(world.pending):
        if choice is not None and seat != player:
            unchosen = evolve(world, pending=(*pending[:seat], None, *pending[seat + 1 :]))
            options = [m for m in legal_drafts(unchosen, seat) if isinstance(m, Draft)]
            pending[seat] = rng.choice(options)
    return evolve(world, pending=tuple(pending))
