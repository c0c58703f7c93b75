"""Whether an Imperial Settlers position read from a document is one a game could be in: the
consistency check that stands between a document and the rules (which trust the positions
they are given).

Positions made by :func:`~imperial_settlers_rules.new_game` and
:func:`~imperial_settlers_rules.apply_move` always are. One read from a document may have been
written by hand or tampered with, so :func:`check_position` holds it to what the rules rely
on: the seats and factions (SETUP-1), the round (FLOW-5), every card of the game exactly
once (SETUP-4), supplies and scores (GOODS-1, END-5), defense tokens and samurai on own
locations (DEF-2), the marks of the round naming built locations (ACTLOC-9, CARD-22), and
the agenda's steps naming seats and printed cards (CARD-12). The first problem found is a
:class:`~boardtable.errors.Inconsistent` (a ``RecordError``) naming the path of the field
(``$.data.players[1].supply``) and the rule the position breaks (:mod:`boardtable.consistency`);
nothing is changed. A value read from the document appears in a message only through the
bounded renderer.

A seat's view (:func:`~imperial_settlers_rules.player_view`) passes too: its hidden cards
(``"?"``) are counted, not named.
"""

from __future__ import annotations

import functools
from collections import Counter

from boardtable.consistency import Consistency
from boardtable.errors import Inconsistent
from boardtable.reader import label, shown

from ._components import FACTIONS, components
from ._model import GameState, KeepOne, Phase, Step
from .view import HIDDEN

__all__ = ["check_position", "placed_cards"]

#: The problems found, as the platform's :class:`~boardtable.errors.Inconsistent`.
_FOUND = Consistency(Inconsistent)
#: The rounds of a game (FLOW-5).
_ROUNDS = 5
#: The kinds of token in a supply (GOODS-1).
_KINDS = 7


def placed_cards(state: GameState) -> Counter[str]:
    """Every card of a position by the places it lies in, counted (a view's hidden cards as
    ``"?"``): gathered in one list, counted once."""
    found = [*state.common, *state.common_discard, *state.offer]
    for player in state.players:
        found += player.hand
        found += player.empire
        found += player.foundations
        found += player.deck
        found += player.discard
        found += [d.card for d in player.deals]
        for _, under in player.under:
            found += under
    for step in state.agenda:
        if isinstance(step, KeepOne):
            found += step.drawn
    return Counter(found)


def _seat(value: int, count: int, where: str) -> None:
    if not 0 <= value < count:
        raise _FOUND.fail(where, "SETUP-1", f"{shown(value)} is not a seat of this game")


def check_position(state: GameState) -> None:
    """Raise :class:`~boardtable.errors.Inconsistent` (its field and rule) for the first thing
    ``state`` could not be (see the module)."""
    config, count = state.config, len(state.players)
    if count != config.players:
        raise _FOUND.fail("players", "SETUP-1", f"{count} players in a game of {config.players}")
    factions = [p.faction for p in state.players]
    if (
        len(set(factions)) != count
        or not set(factions) <= set(FACTIONS)
        or (config.factions not in (None, tuple(factions)))
    ):
        raise _FOUND.fail("players", "SETUP-1", f"the factions {shown(factions)} are not those of the game")
    if not 1 <= state.round <= _ROUNDS:
        raise _FOUND.out_of_range(state.round, 1, _ROUNDS, "round", "FLOW-5", cited=False)
    for name in ("first", "turn"):
        _seat(getattr(state, name), count, name)
    for index, seat in enumerate(state.order):
        _seat(seat, count, f"order[{index}]")
    for index, step in enumerate(state.agenda):
        _step(step, count, f"agenda[{index}]")
    if state.phase is Phase.LOOKOUT and not state.agenda and not state.order:
        raise _FOUND.fail("order", "LOOK-4", "a lookout with nobody to pick")
    _check_cards(state, factions)
    _check_players(state)
    built = {c for p in state.players for c in p.empire}
    for name in ("uses", "taken"):
        for index, (card, _) in enumerate(getattr(state, name)):
            if card not in built:
                raise _FOUND.fail(f"{name}[{index}]", "ACTLOC-9", f"{label(card)} is not a built location")
    if not set(state.blocked) <= built:
        raise _FOUND.fail("blocked", "CARD-22", "names a card not built")


def _check_cards(state: GameState, factions: list[str]) -> None:
    """SETUP-4: every card of the game lies in one place exactly once (a view's hidden cards
    stand for those it does not show)."""
    expected = _game_cards(frozenset(factions))
    found = placed_cards(state)
    if found.items() == expected.items():  # a whole position, as a game makes: one comparison in C
        return
    hidden = found.pop(HIDDEN, 0)
    if found - expected or found.total() + hidden != expected.total():
        odd = sorted((found - expected) or (expected - found))
        reason = f"every card of the game lies in one place exactly once; not so {label(odd[0])}"
        raise _FOUND.fail("players", "SETUP-4", reason)


@functools.cache
def _game_cards(factions: frozenset[str]) -> Counter[str]:
    """SETUP-4: the printed id of every card of a game of ``factions`` (the common deck's and
    theirs), counted: made once per set of factions (at most 15 sets, checked to be factions
    of the game before), not at each check. Never changed by a caller."""
    cards = components()
    return Counter(cards.deck_ids("common") + tuple(c for f in sorted(factions) for c in cards.deck_ids(f)))


def _check_players(state: GameState) -> None:
    """GOODS-1, END-5, DEF-2: each player's supply, score, defense tokens and samurai."""
    for index, player in enumerate(state.players):
        where = f"players[{index}]"
        if len(player.supply) != _KINDS:
            raise _FOUND.fail(f"{where}.supply", "GOODS-1", f"a supply has {_KINDS} counts")
        for kind, amount in enumerate(player.supply):
            if amount < 0:
                raise _FOUND.out_of_range(amount, 0, None, f"{where}.supply[{kind}]", "GOODS-1", cited=False)
        if player.vp < 0:
            raise _FOUND.out_of_range(player.vp, 0, None, f"{where}.vp", "END-5", cited=False)
        for name in ("defended", "samurai"):
            if not set(getattr(player, name)) <= set(player.empire):
                raise _FOUND.fail(f"{where}.{name}", "DEF-2", "names a card not in the empire")


def _step(step: Step, count: int, where: str) -> None:
    _seat(step.seat, count, f"{where}.seat")
    known = components().copies
    for name in ("card", "location"):
        card = getattr(step, name, None)
        if card is not None and card not in known and card != HIDDEN:
            raise _FOUND.fail(f"{where}.{name}", "CARD-12", f"no card is printed {label(card)}")
