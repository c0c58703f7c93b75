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

import random
from collections import Counter
from collections.abc import Iterable

from boardtable.reader import shown

from ._components import Colony, front_id
from ._copy import replace
from ._effects import places_tile
from ._errors import RecordError
from ._events import back_id
from ._kept import Part
from ._model import SPECTATOR, ColonyHolding, GameState, PlayerState
from ._moves import Action, Draft
from ._rules.draft import legal as legal_drafts
from ._rules.wheel import deck_color
from ._vocabulary import COLOR_INDEX, COLORS, EPOCHS, TIERS
from .catalogue import Catalogue, derived_by
from .wellformed import check_position

__all__ = ["FRONT_ONLY", "HIDDEN", "front_id", "player_view", "sample_world", "view_catalogue"]

#: How a hidden card or colony is shown (the text of a hidden draft choice's action too).
HIDDEN = Action.HIDDEN.value
#: The provenance of a colony's front shown without its back.
FRONT_ONLY = "hidden"
#: A catalogue's view catalogue, and a view catalogue's own, each kept by the catalogue it
#: is made of (:mod:`hadara_rules._kept`).
_VIEW_CATALOGUE: Part[None, Catalogue] = Part("the catalogue of the player views", bound=1)
_BASE_CATALOGUE: Part[None, Catalogue] = Part("the catalogue a view's catalogue was made of", bound=1)


def view_catalogue(catalogue: Catalogue) -> Catalogue:
    """``catalogue`` plus one front-only colony per distinct colony front: its back is unknown
    (``back`` and ``back_points`` are None). Made once per catalogue and kept by it."""
    return catalogue.kept.made(_VIEW_CATALOGUE, None, lambda: _with_fronts(catalogue))


def _with_fronts(catalogue: Catalogue) -> Catalogue:
    fronts = {
        front_id(c): Colony(
            front_id(c), c.tier, c.plunder, c.ally_cost, c.points, None, None, provenance=FRONT_ONLY
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


def base_catalogue(catalogue: Catalogue) -> Catalogue:
    """The catalogue a view's catalogue was made from (front-only colonies dropped): made
    once per catalogue and kept by it."""
    return catalogue.kept.made(_BASE_CATALOGUE, None, lambda: _without_fronts(catalogue))


def _without_fronts(catalogue: Catalogue) -> Catalogue:
    colonies = {k: c for k, c in catalogue.colonies.items() if c.provenance != FRONT_ONLY}
    if len(colonies) == len(catalogue.colonies):
        return catalogue
    source = catalogue.source.removesuffix(" (player view)")
    return Catalogue(
        catalogue.cards, colonies, catalogue.start_cards, catalogue.statues, catalogue.reference, source
    )


def _hidden(ids: tuple[str, ...]) -> tuple[str, ...]:
    return (HIDDEN,) * len(ids)


def player_view(state: GameState, player: int | None) -> GameState:
    """``state`` as ``player`` sees it: INFO-1's hidden information redacted, INFO-2's kept.

    ``player=None`` gives the spectator's view (``viewer`` is
    :data:`~hadara_rules.SPECTATOR`): what every seat may see, so no seat's drawn cards
    or draft choices (only whether a seat has chosen). A spectator has no legal moves.

    The discards show what the table saw go there, as
    :func:`~hadara_rules.events.events_seen_by` tells it, no more and no less. Who sold
    each card, and whether openly, is public (``sellers``, ``sold_openly``: a sale is
    made at the table, SELL-1). A card sold from a player's drawn cards (DRAFT-2) goes
    face down unseen by the others (INFO-1): its id is shown to its seller only, and to the
    others its back, which shows its epoch and colour (``?I-red``:
    :func:`~hadara_rules.events.back_id`). A card
    picked from an outer pile and sold (PICK-1) lay face up there (INFO-2) and every seat
    saw it taken: its id is shown to all, the spectator included. A card removed at
    feeding (FEED-2/3) left a tableau every seat sees (INFO-2), and the event that tells it
    names it to all: the removed cards are shown whole. INFO-1's face-down discard hides
    them from nobody who watched them go there.
    """
    if player is None:
        player = SPECTATOR
    elif isinstance(player, bool) or not isinstance(player, int) or not 0 <= player < len(state.players):
        raise ValueError(f"there is no player {shown(player)} in a {len(state.players)}-player game")
    if state.viewer is not None:
        raise ValueError("this position is already a player view")
    colonies, cards = state.catalogue.colonies, state.catalogue.cards

    def front(colony_id: str) -> str:
        return front_id(colonies[colony_id])

    def redact_player(seat: int, p: PlayerState) -> PlayerState:
        holdings = tuple(h if h.allied else ColonyHolding(front(h.id), False) for h in p.colonies)
        drawn = p.drawn if seat == player else _hidden(p.drawn)
        return replace(p, colonies=holdings, drawn=drawn)

    pending = tuple(
        choice if choice is None or seat == player else Draft(seat, HIDDEN, Action.HIDDEN)
        for seat, choice in enumerate(state.pending)
    )
    return replace(
        state,
        players=tuple(redact_player(seat, p) for seat, p in enumerate(state.players)),
        decks=tuple(_hidden(d) for d in state.decks),
        later_decks=tuple(tuple(_hidden(d) for d in epoch) for epoch in state.later_decks),
        colony_stacks=tuple((*_hidden(s[:-1]), front(s[-1])) if s else s for s in state.colony_stacks),
        pending=pending,
        sold=tuple(
            card if openly or seller == player else back_id(cards[card].epoch, cards[card].color)
            for card, seller, openly in zip(state.sold, state.sellers, state.sold_openly, strict=True)
        ),
        box=_hidden(state.box),
        viewer=player,
        catalogue=view_catalogue(state.catalogue),
    )


# --------------------------------------------------------------------------- determinization


#: How many times :func:`sample_world` draws before it gives up on a view no world fits.
_DRAWS = 10_000


class _Pool:
    """Hidden components of one pool (an epoch's cards of one colour, a tier's colonies, or
    those that never go into play), in a random order: what each hidden place of the pool
    gets is dealt from it in turn, what is left goes to the box."""

    def __init__(self, ids: Iterable[str], rng: random.Random) -> None:
        self.ids = sorted(ids)
        rng.shuffle(self.ids)

    def deal(self, count: int) -> list[str]:
        if count > len(self.ids):
            raise ValueError("the view is inconsistent with its catalogue: too few hidden components")
        dealt, self.ids = self.ids[:count], self.ids[count:]
        return dealt


def sample_world(view: GameState, player: int, rng: random.Random) -> GameState:
    """A whole position consistent with ``player``'s view, drawn uniformly among them: one
    that passes :func:`~hadara_rules.wellformed.check_position` with
    ``player_view(world, player) == view``.

    Each epoch's cards of each colour the view does not show are dealt to the hidden places
    they may lie in, in the numbers setup laid out (SETUP-3: the rest stay in the box), the
    colonies likewise by tier and front (SETUP-4); the cards the view shows stay where they
    are (the viewer's own sales and those picked from the piles among the sold cards, the
    removed cards: see :func:`player_view`), and each hidden sold card is dealt from the
    unseen cards of the epoch and colour its back shows; the other players' hidden draft
    choices are legal ones, and a world is drawn again (rejection) with the chance that makes
    every world as likely as every other, however many choices each has.
    """
    if view.viewer != player:
        raise ValueError(f"this is not player {player}'s view")
    catalogue = base_catalogue(view.catalogue)
    for _ in range(_DRAWS):
        world = _draw(view, player, catalogue, rng)
        if world is not None:
            try:
                check_position(world)
            except RecordError:  # a choice or a payment the hidden cards drawn do not allow
                continue
            return world
    raise ValueError("no world fits this view: it is inconsistent with its catalogue")


def _draw(
    view: GameState, player: int, catalogue: Catalogue, rng: random.Random, *, uniform: bool = True
) -> GameState | None:
    """One world drawn uniformly among those the view allows, before the hidden draft choices
    are drawn; None when the rejection of :func:`_sample_choices` turns it down. With
    ``uniform`` false each hidden choice is any legal one (:func:`_sample_choices`) and a
    world is always drawn: one that fits the view whenever any does."""
    n = len(view.players)
    # the cards whose faces the view shows (a hidden card is HIDDEN, a hidden sale its back)
    places = (*(p.cards for p in view.players), *(p.drawn for p in view.players), *view.outer_piles)
    faces = {c for place in (*places, view.sold, view.removed) for c in place if not c.startswith(HIDDEN)}
    drawing = [
        (seat, COLOR_INDEX[deck_color(view, seat)])
        for seat, p in enumerate(view.players)
        if seat != player and p.drawn
    ]
    # every card pool: (epoch, colour) -> its hidden places' counts, and the hidden sales it fills
    labels: list[tuple[int, int]] = []
    pools: dict[tuple[int, int], _Pool] = {}
    backs: dict[str, tuple[int, int]] = {}
    for epoch in EPOCHS:
        for color_index, color in enumerate(COLORS):
            backs[back_id(epoch, color)] = epoch, color_index
            pool = catalogue.deck_pool(epoch, color, view.advanced)
            hidden = [c for c in pool if c not in faces]
            pools[epoch, color_index] = _Pool(hidden, rng)
            if epoch > view.epoch:
                continue
            placed = min(2 * n, len(pool)) - (len(pool) - len(hidden))  # laid out, not shown
            if epoch == view.epoch:
                placed -= len(view.decks[color_index])
                placed -= sum(len(view.players[s].drawn) for s, c in drawing if c == color_index)
            if placed < 0:
                raise ValueError("the view is inconsistent with its catalogue: too many cards shown")
            labels += [(epoch, color_index)] * placed
    if Counter(labels) != Counter(backs.get(card) for card in view.sold if card.startswith(HIDDEN)):
        raise ValueError("the view is inconsistent with its catalogue: its discards do not add up")
    decks = tuple(tuple(pools[view.epoch, i].deal(len(d))) for i, d in enumerate(view.decks))
    later = tuple(
        tuple(tuple(pools[view.epoch + 1 + e, i].deal(len(d))) for i, d in enumerate(decks_of))
        for e, decks_of in enumerate(view.later_decks)
    )
    drawn = {
        seat: tuple(sorted(pools[view.epoch, i].deal(len(view.players[seat].drawn)))) for seat, i in drawing
    }
    sold = tuple(pools[backs[card]].deal(1)[0] if card in backs else card for card in view.sold)
    boxed = [c for c in catalogue.cards if c not in faces and not _in_play(catalogue, c, view.advanced)]
    boxed += [c for pool in pools.values() for c in pool.ids]

    # colonies: the fronts shown first, then the stacks below their tops, by tier
    allied = {h.id for p in view.players for h in p.colonies if h.allied}
    fronts: dict[str, list[str]] = {}
    for colony in catalogue.colonies.values():
        if colony.id not in allied:
            fronts.setdefault(front_id(colony), []).append(colony.id)
    by_front = {front: _Pool(ids, rng) for front, ids in sorted(fronts.items())}
    players = []
    for seat, p in enumerate(view.players):
        holdings = tuple(
            h if h.allied else ColonyHolding(by_front[h.id].deal(1)[0], False) for h in p.colonies
        )
        players.append(replace(p, colonies=holdings, drawn=drawn.get(seat, p.drawn)))
    tops = [by_front[stack[-1]].deal(1)[0] if stack else None for stack in view.colony_stacks]
    tiers = {
        tier: _Pool(
            (c for pool in by_front.values() for c in pool.ids if catalogue.colonies[c].tier == tier), rng
        )
        for tier in TIERS
    }
    stacks = tuple(
        (*tiers[tier].deal(len(stack) - 1), top) if top is not None else ()
        for tier, stack, top in zip(TIERS, view.colony_stacks, tops, strict=True)
    )
    boxed += [c for pool in tiers.values() for c in pool.ids]
    world = replace(
        view,
        players=tuple(players),
        decks=decks,
        later_decks=later,
        colony_stacks=stacks,
        sold=sold,
        box=tuple(sorted(boxed)),
        viewer=None,
        catalogue=catalogue,
    )
    return _sample_choices(world, player, rng, uniform)


def _in_play(catalogue: Catalogue, card_id: str, advanced: bool) -> bool:
    """Whether the card goes into play at all (the basic game leaves the star cards out, SETUP-3)."""
    return advanced or not catalogue.cards[card_id].star


def _sample_choices(world: GameState, player: int, rng: random.Random, uniform: bool) -> GameState | None:
    """Replace the other players' hidden draft choices by legal ones, each drawn among as
    many as any cards drawn from that deck could give (:func:`_most_choices`); None when a
    draw falls beyond the legal ones, so that the world is drawn again and every world with
    its choices is as likely as every other. Not ``uniform``: each is drawn among the legal
    ones alone, never turned down (a seat always has one, DRAFT-2: it may sell either card)."""
    pending = list(world.pending)
    for seat, choice in enumerate(world.pending):
        if choice is not None and seat != player:
            unchosen = replace(world, pending=(*pending[:seat], None, *pending[seat + 1 :]))
            options = [m for m in legal_drafts(unchosen, seat) if isinstance(m, Draft)]
            pick = rng.randrange(_most_choices(world, seat) if uniform else len(options))
            if pick >= len(options):
                return None
            pending[seat] = options[pick]
    return replace(world, pending=tuple(pending))


def _most_choices(world: GameState, seat: int) -> int:
    """The most draft choices the seat could have with any cards drawn from its deck: each
    card sold or bought, bought with each free tile where a card of the deck places one."""
    player = world.players[seat]
    color = deck_color(world, seat)
    pool = world.catalogue.deck_pool(world.epoch, color, world.advanced)
    tiles = len(set(player.free_tiles)) if any(places_tile(world.catalogue.cards[c]) for c in pool) else 1
    return len(player.drawn) * (1 + max(1, tiles))
