"""Whether a position read from a document is one a game could be in: the consistency check
that stands between a document and the rules (which trust the positions they are given).

A position that fails is refused with :class:`~boardtable.errors.Inconsistent`, naming the
field of the document and the rule it breaks. The check covers what the rules rely on:
the seats and factions, every card of the game exactly once (SETUP-2, SETUP-4), supplies
and scores, and the marks of the round naming built locations."""

from __future__ import annotations

from collections import Counter

from boardtable.errors import Inconsistent
from boardtable.reader import label, shown

from ._components import FACTIONS, components
from ._model import GameState, KeepOne, Phase, Step
from .view import HIDDEN

__all__ = ["check_position"]

_FIELD = "$.data"


def _cards(state: GameState) -> Counter[str]:
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


def _seat(value: int, count: int, field: str) -> None:
    if not 0 <= value < count:
        raise Inconsistent(f"{field}: {shown(value)} is not a seat of this game", field, "SETUP-1")


def check_position(state: GameState) -> None:
    """Raise :class:`~boardtable.errors.Inconsistent` if ``state`` is no position of a game."""
    config, count = state.config, len(state.players)
    if count != config.players:
        raise Inconsistent(
            f"players: {count} players in a game of {config.players}", f"{_FIELD}.players", "SETUP-1"
        )
    factions = [p.faction for p in state.players]
    if (
        len(set(factions)) != count
        or not set(factions) <= set(FACTIONS)
        or (config.factions not in (None, tuple(factions)))
    ):
        raise Inconsistent(
            f"players: the factions {shown(factions)} are not those of the game",
            f"{_FIELD}.players",
            "SETUP-1",
        )
    if not 1 <= state.round <= 5:
        raise Inconsistent(
            f"round: {shown(state.round)} is not a round (1 to 5)", f"{_FIELD}.round", "FLOW-5"
        )
    for name in ("first", "turn"):
        _seat(getattr(state, name), count, f"{_FIELD}.{name}")
    for index, seat in enumerate(state.order):
        _seat(seat, count, f"{_FIELD}.order[{index}]")
    for index, step in enumerate(state.agenda):
        _step(step, count, f"{_FIELD}.agenda[{index}]")
    if state.phase is Phase.LOOKOUT and not state.agenda and not state.order:
        raise Inconsistent("order: a lookout with nobody to pick", f"{_FIELD}.order", "LOOK-4")
    cards = components()
    expected = Counter(cards.deck_ids("common") + tuple(c for f in factions for c in cards.deck_ids(f)))
    found = _cards(state)
    hidden = found.pop(HIDDEN, 0)  # a view's hidden cards stand for those it does not show
    if found - expected or found.total() + hidden != expected.total():
        odd = sorted((found - expected) or (expected - found))
        raise Inconsistent(
            f"every card of the game lies in one place exactly once; not so {label(odd[0])}",
            _FIELD,
            "SETUP-4",
        )
    built = {c for p in state.players for c in p.empire}
    for index, player in enumerate(state.players):
        where = f"{_FIELD}.players[{index}]"
        if len(player.supply) != 7 or min(player.supply) < 0:
            raise Inconsistent("supply: seven counts, none below zero", f"{where}.supply", "GOODS-1")
        if player.vp < 0:
            raise Inconsistent("vp: a score is never below zero", f"{where}.vp", "END-5")
        for name in ("defended", "samurai"):
            if not set(getattr(player, name)) <= set(player.empire):
                raise Inconsistent(f"{name}: names a card not in the empire", f"{where}.{name}", "DEF-2")
    for name in ("uses", "taken"):
        for index, (card, _) in enumerate(getattr(state, name)):
            if card not in built:
                raise Inconsistent(
                    f"{name}: {label(card)} is not a built location", f"{_FIELD}.{name}[{index}]", "ACTLOC-9"
                )
    if not set(state.blocked) <= built:
        raise Inconsistent("blocked: names a card not built", f"{_FIELD}.blocked", "CARD-22")


def _step(step: Step, count: int, field: str) -> None:
    _seat(step.seat, count, f"{field}.seat")
    known = components().copies
    for name in ("card", "location"):
        card = getattr(step, name, None)
        if card is not None and card not in known and card != HIDDEN:
            raise Inconsistent(f"{name}: no card is printed {label(card)}", f"{field}.{name}", "CARD-12")
