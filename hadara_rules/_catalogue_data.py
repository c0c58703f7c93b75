"""A catalogue as a frontend reads it: every component as JSON data, with its digest and
which of its numbers are provisional.

A position names its components by id only; this is where a table finds each card's
epoch, colour, price, track values, points and purple effect (with the effect's rule
text), the colonies, the statues, the medals and the start cards.

A colony is listed twice, and never with both sides in one entry: its tile by id with
its back (``colonies``: what a seat sees once the colony is allied, COLONY-4), and its
front among ``colony_fronts`` (what every seat sees of a colony not turned over, named
``front-TIER-PLUNDER-ALLY-POINTS`` as a view names it, INFO-1). Nothing links a front to
a tile, so the catalogue never tells a seat which colony lies behind a front it sees.
"""

from __future__ import annotations

from attrs import asdict

from ._components import Card, Catalogue, Colony, StartCard, StartSide, Statue, front_id
from ._rulebook import rules
from ._vocabulary import Tracks
from .catalogue import load_catalogue
from .terminal import _provisional_reference_keys

__all__ = ["catalogue_data"]

#: The reference sheet's entries that are the medals' (MEDAL-1, PURPLE-5, SCORE-3).
_MEDAL_KEYS = (
    "silver_price",
    "gold_price",
    "silver_price_reduced",
    "gold_price_reduced",
    "max_silver",
    "max_gold",
    "gold_set_points",
)


def _tracks(values: Tracks) -> dict[str, int]:
    return {
        "income": values.income,
        "military": values.military,
        "culture": values.culture,
        "food": values.food,
    }


def _provisional(record: Card | Colony | StartCard | Statue) -> bool:
    return record.provenance == "provisional"


def _card(card: Card) -> dict[str, object]:
    """An epoch card (BUY-1, BUY-3, SCORE-5) with its purple effect and the effect's rule text."""
    effect = None
    if card.effect is not None:
        rule = rules().get(card.effect)
        effect = {
            "rule": card.effect,
            "color": None if card.effect_color is None else card.effect_color.value,
            "text": "" if rule is None else rule.text,
        }
    return {
        "id": card.id,
        "epoch": card.epoch,
        "color": card.color.value,
        "cost": card.cost,
        "points": card.points,
        "tracks": _tracks(card.values),
        "effect": effect,
        "star": card.star,
        "provisional": _provisional(card),
    }


def _colony(colony: Colony) -> dict[str, object]:
    """A colony tile by id with its back only (COLONY-4): its front is among the fronts."""
    back, points = colony.turned_up()
    return {
        "id": colony.id,
        "tier": colony.tier,
        "back": _tracks(back),
        "back_points": points,
        "provisional": _provisional(colony),
    }


def _fronts(colonies: list[Colony]) -> list[dict[str, object]]:
    """Every distinct colony front (COLONY-4: plunder coins, ally cost, points), by the id a
    view shows it under, in the order of tier and numbers; provisional where any tile
    printed with it is."""
    fronts: dict[str, dict[str, object]] = {}
    for colony in sorted(colonies, key=lambda c: (c.tier, c.plunder, c.ally_cost, c.points)):
        entry = fronts.setdefault(
            front_id(colony),
            {
                "id": front_id(colony),
                "tier": colony.tier,
                "plunder": colony.plunder,
                "ally_cost": colony.ally_cost,
                "points": colony.points,
                "provisional": False,
            },
        )
        entry["provisional"] = entry["provisional"] or _provisional(colony)
    return list(fronts.values())


def _side(side: StartSide) -> dict[str, object]:
    return {"coins": side.coins, "tracks": _tracks(side.values)}


def catalogue_data(catalogue: Catalogue) -> dict[str, object]:
    """Every component of ``catalogue`` as JSON data (see the module), in id order."""
    reference = asdict(catalogue.reference, filter=lambda attribute, _: attribute.init)
    reference["crest_order"] = [crest.value for crest in catalogue.reference.crest_order]
    provisional_reference = _provisional_reference_keys() if catalogue == load_catalogue() else []
    colonies = [catalogue.colonies[key] for key in sorted(catalogue.colonies) if not key.startswith("front-")]
    return {
        "source": catalogue.source,
        "digest": catalogue.digest,
        "cards": [_card(catalogue.cards[key]) for key in sorted(catalogue.cards)],
        "colonies": [_colony(colony) for colony in colonies],
        "colony_fronts": _fronts(colonies),
        "start_cards": [
            {
                "id": start.id,
                "initiative": start.initiative,
                "a": _side(start.a),
                "b": _side(start.b),
                "provisional": _provisional(start),
            }
            for start in sorted(catalogue.start_cards.values(), key=lambda start: start.id)
        ],
        "statues": [
            {
                "statue": statue.statue,
                "requirement": statue.requirement,
                "points": statue.points,
                "reward": statue.reward,
                "provisional": _provisional(statue),
            }
            for statue in catalogue.statues.values()
        ],
        "medals": {key: reference.pop(key) for key in _MEDAL_KEYS},
        "reference": reference,
        "provisional_reference": provisional_reference,
    }
