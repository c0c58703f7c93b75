"""The 28 building tiles and 36 civilization cards, read and checked from ``spec/stone_age/components``.

Every problem with the files is a :class:`~boardtable.errors.CatalogueError`
naming the file and the entry (BUILD-2 to BUILD-4, CIV-4 to CIV-14).
"""

from __future__ import annotations

import functools
import os
import re
from collections import Counter
from enum import StrEnum
from pathlib import Path

from attrs import frozen

from boardtable.catalogue import catalogue_folder, read_component_file
from boardtable.errors import CatalogueError
from boardtable.reader import shown

from ._goods import Kind, Resources
from ._resources import spec_dir

__all__ = ["Building", "Card", "Components", "Effect", "components", "load_components"]


class Effect(StrEnum):
    """A card's top effect (CIV-4 to CIV-13)."""

    FOOD = "food"
    RESOURCE = "resource"
    POINTS = "points"
    DICE_FOR_RESOURCE = "dice_for_resource"
    EVERYONE_DICE = "everyone_dice"
    TOOL = "tool"
    AGRICULTURE = "agriculture"
    ONE_TIME_TOOL = "one_time_tool"
    ANY_RESOURCES = "any_resources"
    DRAW_CARD = "draw_card"


#: The culture symbols of the green cards (CIV-14).
CULTURES = ("art", "healing", "music", "pottery", "time", "transport", "weaving", "writing")
#: The multiplier kinds of the sand cards (CIV-14, SCORE-3 to SCORE-6).
MULTIPLIERS = ("farmer", "tool_maker", "hut_builder", "shaman")


@frozen
class Building:
    """A building tile (BUILD-2 to BUILD-4)."""

    #: The tile's id, as positions name it.
    id: str
    #: BUILD-2: exactly these resources; None for a tile whose payment the builder chooses.
    fixed: Resources | None
    #: The least and most resources paid.
    count: tuple[int, int]
    #: BUILD-3: exactly this many different kinds; None for any (BUILD-4) or a fixed tile.
    kinds: int | None

    def accepts(self, pay: Resources) -> bool:
        """Whether ``pay`` is a payment this tile takes (BUILD-2 to BUILD-4)."""
        if self.fixed is not None:
            return pay == self.fixed
        low, high = self.count
        return low <= pay.total <= high and (self.kinds is None or pay.kinds == self.kinds)


@frozen
class Card:
    """A civilization card: its top effect (CIV-4 to CIV-13) and its bottom half (CIV-14)."""

    #: The card's id, as positions name it.
    id: str
    #: The top effect (CIV-4 to CIV-13), happening when the card is bought.
    effect: Effect
    #: Food, points, resources, tool value or resources of choice the effect gives (0 where none).
    amount: int = 0
    #: The resource of a CIV-5 or CIV-7 card.
    kind: Kind | None = None
    #: The culture symbol of a green card (SCORE-2).
    culture: str | None = None
    #: The multiplier kind of a sand card (SCORE-3 to SCORE-6).
    multiplier: str | None = None
    #: How many figures of its multiplier kind a sand card shows (1 to 3; 0 for a culture card).
    count: int = 0


@frozen
class Components:
    """All building tiles and civilization cards, in file order."""

    buildings: tuple[Building, ...]
    cards: tuple[Card, ...]

    @functools.cached_property
    def building(self) -> dict[str, Building]:
        """The tiles by id."""
        return {b.id: b for b in self.buildings}

    @functools.cached_property
    def card(self) -> dict[str, Card]:
        """The cards by id."""
        return {c.id: c for c in self.cards}


#: What an id may be: short, and never the ``"?"`` a view shows for a hidden card or tile.
_ID = re.compile(r"[A-Za-z0-9_-]{1,20}")


def _fail(path: Path, where: str, problem: str) -> CatalogueError:
    return CatalogueError(f"{path}: {where}: {problem}")


def _mapping(value: object, path: Path, where: str) -> dict[str, object]:
    if not isinstance(value, dict) or not all(isinstance(k, str) for k in value):
        raise _fail(path, where, f"expected a mapping, found {shown(value)}")
    return value


def _whole(value: object, path: Path, where: str, low: int, high: int) -> int:
    if type(value) is not int or not low <= value <= high:
        raise _fail(path, where, f"expected a whole number from {low} to {high}, found {shown(value)}")
    return value


def _entries(path: Path, key: str, count: int) -> list[dict[str, object]]:
    document = _mapping(read_component_file(path), path, "the file")
    listed = document.get(key)
    if not isinstance(listed, list) or len(listed) != count:
        raise _fail(path, key, f"expected a list of {count} entries, found {shown(listed)}")
    entries = [_mapping(entry, path, f"{key}[{i}]") for i, entry in enumerate(listed)]
    ids = [entry.get("id") for entry in entries]
    if not all(isinstance(i, str) and _ID.fullmatch(i) for i in ids) or len(set(ids)) != count:
        raise _fail(path, key, "every entry needs an id of its own (letters, digits, - and _)")
    return entries


def _resources(value: object, path: Path, where: str) -> Resources:
    given = _mapping(value, path, where)
    unknown = set(given) - set(Kind)
    if unknown or not given:
        raise _fail(path, where, f"expected resources (wood, clay, stone, gold), found {shown(value)}")
    return Resources(**{k: _whole(n, path, f"{where}.{k}", 1, 7) for k, n in given.items()})


def _building(entry: dict[str, object], path: Path) -> Building:
    where = str(entry["id"])
    cost = _mapping(entry.get("cost"), path, f"{where}.cost")
    if cost.get("type") == "fixed":
        fixed = _resources(cost.get("resources"), path, f"{where}.cost.resources")
        if entry.get("points") != fixed.value:
            raise _fail(path, f"{where}.points", f"BUILD-2: a fixed tile scores {fixed.value}")
        return Building(where, fixed, (fixed.total, fixed.total), None)
    if cost.get("type") != "variable" or entry.get("points") != "value_of_resources_paid":
        raise _fail(path, f"{where}.cost", "expected a fixed or variable cost (BUILD-2 to BUILD-4)")
    span = cost.get("count")
    if not isinstance(span, list) or len(span) != 2:
        raise _fail(path, f"{where}.cost.count", f"expected [least, most], found {shown(span)}")
    low = _whole(span[0], path, f"{where}.cost.count", 1, 7)
    high = _whole(span[1], path, f"{where}.cost.count", low, 7)
    kinds = cost.get("distinct_kinds")
    return Building(where, None, (low, high), None if kinds == "any" else _whole(kinds, path, where, 1, 4))


def _card(entry: dict[str, object], path: Path) -> Card:
    where = str(entry["id"])
    top = _mapping(entry.get("immediate"), path, f"{where}.immediate")
    bottom = _mapping(entry.get("bottom"), path, f"{where}.bottom")
    try:
        effect = Effect(str(top.get("type")))
    except ValueError:
        raise _fail(path, f"{where}.immediate.type", f"unknown effect {shown(top.get('type'))}") from None
    amount = top.get("amount", top.get("value", 1 if effect in (Effect.TOOL, Effect.AGRICULTURE) else 0))
    if effect is Effect.POINTS and amount != 3:
        raise _fail(path, where, "CIV-6: a points card scores 3")
    kind = top.get("kind")
    if (kind is not None) != (effect in (Effect.RESOURCE, Effect.DICE_FOR_RESOURCE)) or (
        kind is not None and kind not in set(Kind)
    ):
        raise _fail(path, f"{where}.immediate.kind", f"unexpected resource {shown(kind)}")
    culture, multiplier = bottom.get("culture"), bottom.get("multiplier")
    if culture is not None:
        if culture not in CULTURES or len(bottom) != 1:
            raise _fail(path, f"{where}.bottom", f"unknown culture symbol {shown(culture)}")
        return Card(
            where, effect, _whole(amount, path, where, 0, 7), Kind(str(kind)) if kind else None, culture
        )
    if multiplier not in MULTIPLIERS:
        raise _fail(path, f"{where}.bottom", f"unknown multiplier {shown(multiplier)}")
    return Card(
        where,
        effect,
        _whole(amount, path, where, 0, 7),
        Kind(str(kind)) if kind else None,
        None,
        str(multiplier),
        _whole(bottom.get("count"), path, f"{where}.bottom.count", 1, 3),
    )


def load_components(folder: str | os.PathLike[str] | None = None) -> Components:
    """The tiles and cards in ``folder`` (laid out like ``spec/stone_age/components``; None: the bundled ones).

    Checks what the rules rely on: 28 tiles and 36 cards with ids of their own,
    fixed tiles scoring their resources' values (BUILD-2), two cards of each
    culture symbol (SCORE-2).
    """
    where = catalogue_folder(spec_dir() / "components" if folder is None else folder)
    tiles_file, cards_file = where / "buildings.yaml", where / "civilization.yaml"
    buildings = tuple(_building(e, tiles_file) for e in _entries(tiles_file, "buildings", 28))
    cards = tuple(_card(e, cards_file) for e in _entries(cards_file, "cards", 36))
    symbols = Counter(c.culture for c in cards if c.culture)
    if set(symbols.values()) != {2} or len(symbols) != len(CULTURES):
        raise _fail(cards_file, "cards", "SCORE-2: every culture symbol is on exactly two cards")
    return Components(buildings, cards)


@functools.cache
def components() -> Components:
    """The bundled components, read once."""
    return load_components()
