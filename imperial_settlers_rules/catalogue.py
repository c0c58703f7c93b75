"""Imperial Settlers' catalogue: every card and faction board as JSON data, what a table needs
to show the ids a view names (``GET /api/games/imperial-settlers/catalogue``), and its digest.

Each printed card (by its id: ``com001``) names its entry (by key), and each entry has its
cost (BUILD-2), raze field (RAZE-1), building bonus (BUILD-6), ability (CARD-1 to CARD-29),
and its text in words made from that data (:func:`card_words`, in the words of
:mod:`imperial_settlers_rules.text`), with the deal field of each
faction card (DEAL-4). A value the sources leave open is marked provisional: an entry's
``provisional`` lists its provisional fields, and its words end with "(provisional: …)".
The catalogue tells a seat nothing its view hides: a view shows a hidden card as ``?``,
never by id.
"""

from __future__ import annotations

import functools
import json
from typing import Any

from attrs import asdict

from boardtable.catalogue import digest

from ._components import Card, Faction, components
from ._goods import SUPPLY
from .text import ability_text, goods_text, price_text

__all__ = ["card_words", "catalogue", "catalogue_digest"]


def card_words(card: Card) -> str:
    """A card's text in words made from its data: its type, colours and points (END-2), cost
    (BUILD-2), ability and building bonus (CARD-14, BUILD-6), raze field (RAZE-1), and what of
    it is provisional."""
    words = [
        f"{card.name} ({card.type}, {'/'.join(card.colours) or 'no colour'}, {card.points} VP).",
        f"Cost: {price_text(card.cost)}.",
        ability_text(card),
        "Cannot be razed." if card.raze is None else f"Razed for {goods_text(card.raze)}.",
    ]
    fields = _provisional(card)
    if fields:
        words.append(f"(provisional: {', '.join(fields)})")
    return " ".join(words)


def _provisional(card: Card) -> list[str]:
    """The card's provisional fields, its name among them where it is a working translation."""
    named = ("name",) if card.name_provisional else ()
    return list(dict.fromkeys((*card.provisional_fields, *named)))


def _card(card: Card) -> dict[str, Any]:
    return {**asdict(card), "words": card_words(card), "provisional": _provisional(card)}


def _faction(faction: Faction) -> dict[str, Any]:
    return {**asdict(faction), "stores": SUPPLY[faction.stores]}


@functools.cache
def _content() -> str:
    """The catalogue but its digest, as JSON text, its keys in the order written (made once)."""
    found = components()
    data = {
        "factions": [_faction(faction) for faction in found.factions],
        "cards": [_card(card) for deck in found.decks.values() for card in deck],
        "copies": [
            {
                "id": copy.id,
                "card": copy.card.key,
                "deal": None if copy.deal is None else dict(copy.deal.items()),
            }
            for copy in sorted(found.copies.values(), key=lambda copy: copy.id)
        ],
    }
    return json.dumps(data, separators=(",", ":"), default=_plain)


def _plain(value: object) -> object:
    if isinstance(value, tuple):
        return list(value)
    return str(value)


@functools.cache
def catalogue_digest() -> str:
    """The digest (:func:`boardtable.catalogue.digest`) of the catalogue's content, everything
    :func:`catalogue` gives but the digest."""
    return digest(json.loads(_content()))


def catalogue() -> dict[str, object]:
    """The catalogue as JSON data (a new copy each time): its ``digest``, ``factions``,
    ``cards`` (every entry, with its ``words`` and its ``provisional`` fields) and ``copies``
    (every printed card: its entry and deal field) (see the module)."""
    data: dict[str, object] = json.loads(_content())
    return {"digest": catalogue_digest(), **data}
