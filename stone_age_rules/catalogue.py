"""Stone Age's catalogue: every component as JSON data, what a table needs to show the ids a
view names (``GET /api/games/stone-age/catalogue``), and its digest, which every position
document names (:mod:`stone_age_rules.records`).

The building tiles (BUILD-2 to BUILD-4) with their points, or the range of points of a tile
whose payment the builder chooses; the civilization cards (CIV-4 to CIV-14); the four card
slots with their prices (CIV-1); the values of food and the resources (ACT-3, BUILD-3). Each
tile and card has its words too (:mod:`stone_age_rules.text`). The catalogue tells a seat
nothing its view hides: a view shows a hidden card or tile as ``?``, never by id.
"""

from __future__ import annotations

import functools
import json
from typing import Any

from attrs import asdict

from boardtable.catalogue import digest

from ._components import Building, Card, components
from ._goods import FOOD_VALUE, VALUES, Resources, bundles
from ._model import SLOTS
from .text import building_text, card_text

__all__ = ["catalogue", "catalogue_digest", "points_range"]

#: The most resources of each kind a tile may take (BUILD-4: 1 to 7).
_MOST = Resources(7, 7, 7, 7)


def points_range(building: Building) -> tuple[int, int]:
    """The fewest and the most points ``building`` can score: the values of the payments it
    takes (BUILD-2 to BUILD-4), its printed points for a tile of fixed cost."""
    if building.fixed is not None:
        return building.fixed.value, building.fixed.value
    low, high = building.count
    values = [pay.value for n in range(low, high + 1) for pay in bundles(n, _MOST) if building.accepts(pay)]
    return min(values), max(values)


def _building(building: Building) -> dict[str, Any]:
    low, high = points_range(building)
    return {
        **asdict(building),
        "points": low if building.fixed is not None else None,
        "points_range": [low, high],
        "text": building_text(building),
    }


def _card(card: Card) -> dict[str, Any]:
    return {**asdict(card), "text": card_text(card)}


@functools.cache
def _content() -> str:
    """The catalogue but its digest, as JSON text, its keys in the order written (made once)."""
    found = components()
    data = {
        "buildings": [_building(building) for building in found.buildings],
        "cards": [_card(card) for card in found.cards],
        "slots": [
            {"slot": number, "location": location.value, "price": number}
            for number, location in enumerate(SLOTS, 1)
        ],
        "values": {"food": FOOD_VALUE, **{kind.value: value for kind, value in VALUES.items()}},
    }
    return json.dumps(data, separators=(",", ":"))


@functools.cache
def catalogue_digest() -> str:
    """The digest (:func:`boardtable.catalogue.digest`: the SHA-256 of the canonical JSON,
    keys sorted) of the catalogue's content, everything :func:`catalogue` gives but the
    digest: the same in every process while the bundled components are the same."""
    return digest(json.loads(_content()))


def catalogue() -> dict[str, object]:
    """The catalogue as JSON data (a new copy each time): its ``digest``, ``buildings``,
    ``cards``, ``slots`` and ``values`` (see the module)."""
    data: dict[str, object] = json.loads(_content())
    return {"digest": catalogue_digest(), **data}
