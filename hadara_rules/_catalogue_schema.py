"""The JSON Schema of Hadara's catalogue, as ``GET /api/games/hadara/catalogue`` gives it
(:func:`~hadara_rules._catalogue_data.catalogue_data`), made with the platform's hand-made
schema pieces (:mod:`boardtable.schema`)."""

from __future__ import annotations

from boardtable.schema import Schema, array, closed, flag, nullable, text, whole
from boardtable.wire_schemas import Maker

from ._vocabulary import TRACKS

__all__ = ["catalogue_schema"]


def _tracks(description: str) -> Schema:
    return closed(description, {track: whole(f"{track.title()} steps.") for track in TRACKS})


def catalogue_schema(maker: Maker) -> Schema:
    """Hadara's catalogue as ``GET /api/games/hadara/catalogue`` gives it (made of the wire's own
    shapes: ``maker`` is not read)."""
    provisional = flag("Whether its numbers are this project's choice, not the printed game's.")
    epochs = {
        "description": "One per epoch, I to III.",
        "type": "array",
        "items": {"type": "integer"},
        "minItems": 3,
        "maxItems": 3,
    }
    card = closed(
        "An epoch card as printed.",
        {
            "id": text("The card's id, as positions name it."),
            "epoch": whole("The epoch (1 to 3) whose decks it belongs to.", 1, 3),
            "color": {
                "description": "Its colour: the outer pile and tableau column it goes to.",
                "enum": ["yellow", "red", "blue", "green", "purple"],
            },
            "cost": whole("The printed price, before the discount of BUY-1."),
            "points": whole("Points at final scoring (SCORE-5)."),
            "tracks": _tracks("The steps it gives on each track while in a tableau (BUY-3)."),
            "effect": nullable(
                closed(
                    "A purple card's effect.",
                    {
                        "rule": text("The effect's rule ID (PURPLE-n)."),
                        "color": {
                            "description": "The colour a PURPLE-3 card counts.",
                            "enum": ["yellow", "red", "blue", "green", "purple", None],
                        },
                        "text": text("The rule's text."),
                    },
                )
            ),
            "star": flag("An advanced game's star card (SETUP-3)."),
            "provisional": provisional,
        },
    )
    colony = closed(
        "A colony tile by id, with its back only (what a seat sees once it is allied, COLONY-4).",
        {
            "id": text("The tile's id, as a view names an allied colony."),
            "tier": whole("The military it needs (COLONY-2)."),
            "back": _tracks("The back's track steps, added when allied."),
            "back_points": whole("The back's points."),
            "provisional": provisional,
        },
    )
    front = closed(
        "A colony front, as a view names a colony not turned over (front-TIER-PLUNDER-ALLY-POINTS).",
        {
            "id": text("The front's id."),
            "tier": whole("The military it needs (COLONY-2)."),
            "plunder": whole("Coins gained by plundering it (COLONY-4)."),
            "ally_cost": whole("Coins paid to ally with it (COLONY-4)."),
            "points": whole("The front's points, scored when plundered."),
            "provisional": provisional,
        },
    )
    side = closed(
        "One side of a start card.",
        {"coins": whole("Starting coins."), "tracks": _tracks("Starting track values.")},
    )
    start = closed(
        "A start card (START-1, SETUP-6).",
        {
            "id": text("Its id."),
            "initiative": whole("Its initiative, 1 to 5."),
            "a": side,
            "b": side,
            "provisional": provisional,
        },
    )
    statue = closed(
        "One of the four statues of a player board (STATUE-2).",
        {
            "statue": whole("Its index on the board, 0 to 3.", 0, 3),
            "requirement": whole("The culture needed to carve it."),
            "points": whole("Points at final scoring (SCORE-2)."),
            "reward": whole("Steps on the tile's track, or points face down (STATUE-3)."),
            "provisional": provisional,
        },
    )
    medals = closed(
        "The medals (MEDAL-1, PURPLE-5, SCORE-3).",
        {
            "silver_price": {**epochs, "description": "A silver medal's price, per epoch."},
            "gold_price": {**epochs, "description": "A gold medal's price, per epoch."},
            "silver_price_reduced": {**epochs, "description": "PURPLE-5's silver price, per epoch."},
            "gold_price_reduced": {**epochs, "description": "PURPLE-5's gold price, per epoch."},
            "max_silver": whole("Silver medals a player may hold."),
            "max_gold": whole("Gold medals a player may hold."),
            "gold_set_points": whole("Points for a set of gold medals (SCORE-3)."),
        },
    )
    reference = closed(
        "The reference sheet's other numbers.",
        {
            "sell_value": {**epochs, "description": "Coins for selling a card, per epoch (SELL-1)."},
            "price_range": {
                "description": "The lowest and highest card price of each epoch.",
                "type": "array",
                "items": {"type": "array", "items": {"type": "integer"}},
            },
            "crest_order": array(
                "The five crests as printed on the wheel, places 0 to 4 (WHEEL-3).", {"type": "string"}
            ),
            "tiles_per_track": whole("Bonus tiles per track."),
            "coins_per_point": whole("Coins per point at final scoring (SCORE-6)."),
        },
    )
    return closed(
        "Every component of the game.",
        {
            "source": text("Where the catalogue came from (bundled)."),
            "digest": {
                "description": "The catalogue's digest, as a position's catalogue names it.",
                "type": "string",
                "pattern": "^[0-9a-f]{64}$",
            },
            "cards": array("Every epoch card, in id order.", card),
            "colonies": array("Every colony tile, in id order.", colony),
            "colony_fronts": array("Every distinct colony front, by tier and numbers.", front),
            "start_cards": array("Every start card, in id order.", start),
            "statues": array("The four statues, in board order.", statue),
            "medals": medals,
            "reference": reference,
            "provisional_reference": array(
                "The reference sheet's entries whose numbers are provisional.", {"type": "string"}
            ),
        },
    )
