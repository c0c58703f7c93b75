"""Goods (GOODS-1): what a supply holds, what an effect gives and what a price asks.

A supply is a tuple of seven whole numbers, one per kind of token in :data:`SUPPLY`
(workers, wood, stone, food, gold, raze tokens, defense tokens): positions are made on
every move, and a tuple is the cheapest value to copy and compare. VPs are a running
score (PROD-5) and cards are drawn (GOODS-7), so :class:`Goods`, what an effect gives,
holds them beside the supply part.
"""

from __future__ import annotations

import functools
import operator
from collections.abc import Iterator, Mapping

from attrs import frozen

__all__ = [
    "DEFENSE",
    "EMPTY",
    "FOOD",
    "GOLD",
    "NOTHING",
    "RAZE",
    "RESOURCES",
    "STONE",
    "SUPPLY",
    "WOOD",
    "WORKER",
    "Goods",
    "Price",
    "Supply",
    "added",
    "covers",
    "least_money",
    "money",
    "one",
    "payments",
    "taken",
]

#: A supply: one count per kind of :data:`SUPPLY`, in that order.
Supply = tuple[int, ...]

#: The kinds of token a supply holds, in the order of a :data:`Supply` (GOODS-1).
SUPPLY = ("worker", "wood", "stone", "food", "gold", "raze", "defense")
WORKER, WOOD, STONE, FOOD, GOLD, RAZE, DEFENSE = range(7)
#: GOODS-3: the resources are wood, stone and food; gold is not one.
RESOURCES = (WOOD, STONE, FOOD)
#: The empty supply.
EMPTY: Supply = (0,) * 7


def added(supply: Supply, more: Supply) -> Supply:
    """``supply`` with ``more`` added, kind by kind."""
    return tuple(map(operator.add, supply, more))


def taken(supply: Supply, less: Supply) -> Supply:
    """``supply`` less ``less``, kind by kind (the caller has checked that it covers it)."""
    return tuple(map(operator.sub, supply, less))


def covers(supply: Supply, wanted: Supply) -> bool:
    """Whether ``supply`` holds at least ``wanted`` of every kind."""
    return all(a >= b for a, b in zip(supply, wanted, strict=True))


def money(supply: Supply) -> int:
    """GOODS-2: the wood, stone, food and gold of ``supply`` together, what pays the goods of
    a price (gold standing for any of the others)."""
    return supply[WOOD] + supply[STONE] + supply[FOOD] + supply[GOLD]


def least_money(want: Supply, resource: int = 0) -> int:
    """GOODS-2, ACTLOC-7: the fewest wood, stone, food and gold together that a payment of
    ``want`` and ``resource`` more goods holds: a supply with less :func:`money` affords none."""
    return money(want) + resource


@functools.cache
def one(kind: int, amount: int = 1) -> Supply:
    """A supply of ``amount`` tokens of one kind."""
    return tuple(amount if k == kind else 0 for k in range(7))


@frozen(cache_hash=True)
class Goods:
    """What one effect gives (GOODS-1): supply tokens, VPs, and cards drawn from either deck
    (``card``, GOODS-7), the common deck or the owner's faction deck (CARD-5)."""

    supply: Supply = EMPTY
    vp: int = 0
    card: int = 0
    common_card: int = 0
    faction_card: int = 0

    @classmethod
    def of(cls, amounts: Mapping[str, int]) -> Goods:
        """Goods from a mapping of the vocabulary's good names (README section 1)."""
        supply = tuple(amounts.get(kind, 0) for kind in SUPPLY)
        return cls(
            supply,
            amounts.get("vp", 0),
            amounts.get("card", 0),
            amounts.get("common_card", 0),
            amounts.get("faction_card", 0),
        )

    def items(self) -> Iterator[tuple[str, int]]:
        """Each good named in the vocabulary with its amount, the absent ones left out."""
        for kind, amount in zip(SUPPLY, self.supply, strict=True):
            if amount:
                yield kind, amount
        for name in ("vp", "card", "common_card", "faction_card"):
            amount = getattr(self, name)
            if amount:
                yield name, amount

    def units(self) -> tuple[str, ...]:
        """One name per single good: ``{stone: 1, vp: 2}`` is ``("stone", "vp", "vp")``."""
        return tuple(name for name, amount in self.items() for _ in range(amount))

    @property
    def empty(self) -> bool:
        """Whether it gives nothing (no good named by :meth:`items`)."""
        return not (any(self.supply) or self.vp or self.card or self.common_card or self.faction_card)


#: Nothing.
NOTHING = Goods()


@frozen(cache_hash=True)
class Price:
    """A price or a building cost (BUILD-2, ACTLOC-1, ACTLOC-5, ACTLOC-7).

    ``supply`` is what must be paid of each kind; wood, stone and food may each be paid
    with gold instead (GOODS-2). ``resource`` more goods are paid as any mix of wood, stone,
    food or gold (Barter). ``cards`` cards are discarded from the hand, ``deals`` own deals
    discarded, ``location`` own locations or foundations discarded (BUILD-3).
    """

    supply: Supply = EMPTY
    resource: int = 0
    cards: int = 0
    deals: int = 0
    location: int = 0

    def accepts(self, paid: Supply) -> bool:
        """Whether ``paid`` covers the supply part of this price exactly (ENG-2, GOODS-2)."""
        want = self.supply
        for kind in (WORKER, RAZE, DEFENSE):
            if paid[kind] != want[kind]:
                return False
        extra_gold = paid[GOLD] - want[GOLD]
        if extra_gold < 0 or any(paid[k] < 0 for k in RESOURCES):
            return False
        surplus = sum(max(0, paid[k] - want[k]) for k in RESOURCES)
        total = sum(paid[k] for k in RESOURCES) + extra_gold
        return surplus <= self.resource and total == sum(want[k] for k in RESOURCES) + self.resource


#: The payments found so far, by the price's supply part, its free part and the supply paid
#: from (its wood, stone, food and gold only where the price asks for nothing else): a table
#: a playout reads many times a move, cleared when it holds :data:`_PAID_MOST`.
_PAID: dict[tuple[Supply, int, Supply], tuple[Supply, ...]] = {}
_PAID_MOST = 1 << 16


def payments(price: Price, supply: Supply) -> tuple[Supply, ...]:
    """Every payment of ``price``'s supply part that ``supply`` affords, each leaving a
    different supply (ENG-2): gold standing for some of the wood, stone and food (GOODS-2),
    and the ``resource`` part as any mix (ACTLOC-7). In a stable order: the fewest gold first."""
    want = price.supply
    # a price of no workers, raze or defense tokens is paid from the rest alone (_enough)
    paid_from = supply if want[WORKER] or want[RAZE] or want[DEFENSE] else supply[WOOD:RAZE]
    key = (want, price.resource, paid_from)
    found = _PAID.get(key)
    if found is None:
        if len(_PAID) >= _PAID_MOST:
            _PAID.clear()
        found = _PAID[key] = _paid(
            price.supply, price.resource, _enough(price.supply, price.resource, supply)
        )
    return found


def _enough(want: Supply, resource: int, supply: Supply) -> Supply:
    """``supply`` with each kind cut to the most a payment of ``want`` (and ``resource`` more
    goods) can use of it: the payments it affords are the same, and many supplies share them."""
    more = want[WOOD] + want[STONE] + want[FOOD] + resource
    return (
        min(supply[WORKER], want[WORKER]),
        min(supply[WOOD], want[WOOD] + resource),
        min(supply[STONE], want[STONE] + resource),
        min(supply[FOOD], want[FOOD] + resource),
        min(supply[GOLD], want[GOLD] + more),
        min(supply[RAZE], want[RAZE]),
        min(supply[DEFENSE], want[DEFENSE]),
    )


@functools.lru_cache(maxsize=1 << 12)
def _paid(want: Supply, resource: int, supply: Supply) -> tuple[Supply, ...]:
    """:func:`_payments` of a supply cut by :func:`_enough`."""
    return _payments(want, resource, supply)


def _payments(want: Supply, resource: int, supply: Supply) -> tuple[Supply, ...]:
    """:func:`payments`, worked out."""
    for kind in (WORKER, RAZE, DEFENSE):
        if supply[kind] < want[kind]:
            return ()
    spare_gold = supply[GOLD] - want[GOLD]
    if spare_gold < 0:
        return ()
    if not resource and (not spare_gold or not (want[WOOD] or want[STONE] or want[FOOD])):
        # No gold to stand in for anything: the price in kind, or nothing.
        in_kind = supply[WOOD] >= want[WOOD] and supply[STONE] >= want[STONE] and supply[FOOD] >= want[FOOD]
        return (want,) if in_kind else ()
    if money(supply) < least_money(want, resource):
        return ()
    found: list[Supply] = []
    # How much of each resource is paid in kind (the rest of it in gold), then the free part.
    for wood in range(min(want[WOOD], supply[WOOD]), -1, -1):
        for stone in range(min(want[STONE], supply[STONE]), -1, -1):
            for food in range(min(want[FOOD], supply[FOOD]), -1, -1):
                gold = want[WOOD] - wood + want[STONE] - stone + want[FOOD] - food
                if gold > spare_gold:
                    continue
                base = (wood, stone, food)
                for extra in _mixes(resource):
                    paid = [b + e for b, e in zip(base, extra[:3], strict=True)]
                    more_gold = gold + extra[3]
                    if more_gold > spare_gold or any(
                        p > supply[k] for p, k in zip(paid, RESOURCES, strict=True)
                    ):
                        continue
                    found.append((want[WORKER], *paid, want[GOLD] + more_gold, want[RAZE], want[DEFENSE]))
    return tuple(sorted(dict.fromkeys(found), key=lambda paid: paid[GOLD]))


def _mixes(count: int) -> Iterator[tuple[int, int, int, int]]:
    """Every way to split ``count`` goods among wood, stone, food and gold."""
    for wood in range(count + 1):
        for stone in range(count - wood + 1):
            for food in range(count - wood - stone + 1):
                yield wood, stone, food, count - wood - stone - food
