"""Imperial Settlers' catalogue: every card and faction board as JSON data, what a table needs
to show the ids a view names (``GET /api/games/imperial-settlers/catalogue``), and its digest.

Each printed card (by its id: ``com001``) names its entry (by key), and each entry has its
cost (BUILD-2), raze field (RAZE-1), building bonus (BUILD-6), ability (CARD-1 to CARD-29),
and its text in words made from that data (:func:`card_words`), with the deal field of each
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

from ._components import Ability, Card, Effect, Faction, components
from ._goods import SUPPLY, Goods, Price

__all__ = ["card_words", "catalogue", "catalogue_digest", "goods_words", "price_words"]


def goods_words(goods: Goods) -> str:
    """Goods in words: ``1 wood, 2 vp`` (``nothing`` for none)."""
    return ", ".join(f"{amount} {name.replace('_', ' ')}" for name, amount in goods.items()) or "nothing"


def price_words(price: Price) -> str:
    """A price in words (BUILD-2, BUILD-3, ACTLOC-1): its goods, any resources, the cards,
    deals and locations discarded (``free`` for none)."""
    parts = [f"{amount} {name}" for name, amount in zip(SUPPLY, price.supply, strict=True) if amount]
    extra = (
        (price.resource, "resource"),
        (price.cards, "card"),
        (price.deals, "deal"),
        (price.location, "location"),
    )
    parts += [f"{count} {name}{'' if count == 1 else 's'}" for count, name in extra if count]
    return ", ".join(parts) or "free"


def _effect(effect: Effect) -> str:
    parts = [] if effect.gain.empty else [f"gain {goods_words(effect.gain)}"]
    if effect.choice:
        parts.append("gain one of " + " or ".join(goods_words(option) for option in effect.choice))
    if effect.per is not None:
        what = "samurai" if effect.per.colour is None else f"{effect.per.colour} location"
        parts.append(f"gain 1 {effect.per.good} per {what}, at most {effect.per.most}")
    parts += [f"may pay {price_words(offer.pay)} for {goods_words(offer.gain)}" for offer in effect.may_pay]
    if effect.draw_keep is not None:
        keep = effect.draw_keep
        parts.append(
            f"draw {keep.draw} {'from either deck' if keep.either else 'faction cards'}, keep {keep.keep}"
        )
    if effect.do is not None:
        parts.append(effect.do.value.replace("_", " "))
    return "; ".join(parts) or "nothing"


def _ability(ability: Ability) -> str:
    if ability.production is not None:
        return f"Production: {_effect(ability.production)}."
    if ability.on_build is not None:
        what = "a faction location" if ability.on_build.faction else f"a {ability.on_build.colour} location"
        return f"Each time you build {what}: {_effect(ability.on_build.effect)}."
    if ability.on_event is not None:
        return f"Each time of {ability.on_event.event.value.replace('_', ' ')}: {_effect(ability.on_event.effect)}."
    if ability.action is not None:
        modes = " or ".join(f"pay {price_words(m.pay)}: {_effect(m.effect)}" for m in ability.action.modes)
        return f"Action ({ability.action.per_round} a round): {modes}."
    if ability.storage is not None:
        return "Cleanup: keep your " + ", ".join(SUPPLY[kind] for kind in ability.storage.kinds) + "."
    if ability.tuck is not None:
        item = "a card from your hand" if ability.tuck.cards else "a resource"
        steps = ", ".join(f"{least}+: {vp} vp" for least, vp in ability.tuck.steps)
        return f"Put {item} here for good: gain {goods_words(ability.tuck.each)}; at the end {steps}."
    return "No lasting ability."


def card_words(card: Card) -> str:
    """A card's text in words made from its data: its type, cost, ability, building bonus and
    raze field, and what of it is provisional."""
    words = [
        f"{card.name} ({card.type}, {'/'.join(card.colours) or 'no colour'}, {card.points} vp).",
        f"Cost: {price_words(card.cost)}.",
        _ability(card.ability),
    ]
    if card.bonus is not None:
        words.append(f"Building bonus: {_effect(card.bonus)}.")
    words.append("Cannot be razed." if card.raze is None else f"Razed for {goods_words(card.raze)}.")
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
