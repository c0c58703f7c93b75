"""The component catalogue: load, validate and hold the printed components.

A catalogue is a folder laid out like ``spec/components``: ``cards.yaml``,
``colonies.yaml``, ``start_cards.yaml``, ``player_board.yaml`` and
``reference.yaml``. :func:`load_catalogue` reads the five files with the
strict reader (:mod:`hadara_rules._reader`) and structures each file and each
entry with its converter (keys, types and shapes), then checks the values
(whole numbers ≥ 0, epochs, tiers, effects …) and the rulebook's
structural facts (p. 2, p. 12): 162 cards, 10 per colour and epoch and 14
purple, 4 star purple cards per epoch with their effects, prices inside the
epoch's range, 25 colonies (5 per tier, back points ≥ front points), 5 start
cards with initiatives 1–5, 4 statues, the wheel's five crests once each
(WHEEL-3). Every failure is a
:class:`~hadara_rules._errors.CatalogueError` naming the file, the entry and
the field, for example ``cards.yaml: I-blue-03: cost: 7 is outside epoch I's
price range 1–4``.

The :class:`Catalogue` is immutable; two catalogues are equal when their
parsed records are (``digest``), wherever they were loaded from.
"""

from __future__ import annotations

import copyreg
import os
from collections.abc import Callable, Collection, Iterator, Mapping
from contextlib import contextmanager
from functools import lru_cache
from pathlib import Path
from types import MappingProxyType
from typing import Any, Generic, TypeVar

import attrs
import cattrs
from attrs import frozen

from boardtable import reader as _reader
from boardtable.catalogue import catalogue_folder, read_component_file
from boardtable.reader import label, shown

from ._components import (
    Card,
    Catalogue,
    Colony,
    Reference,
    StartCard,
    StartSide,
    Statue,
    alive,
    alive_catalogues,
)
from ._errors import CatalogueError
from ._resources import components_dir
from ._vocabulary import EPOCHS, ROMAN, TIERS, Color, Crest

__all__ = [
    "BASIC_EFFECTS",
    "EFFECTS",
    "FILES",
    "PROVENANCES",
    "STAR_EFFECTS",
    "Catalogue",
    "extended",
    "known_catalogue",
    "load_catalogue",
]

#: The basic-game purple effects of each epoch (p. 12).
BASIC_EFFECTS: Mapping[int, tuple[str, ...]] = MappingProxyType(
    {1: ("PURPLE-1", "PURPLE-2"), 2: ("PURPLE-4", "PURPLE-5"), 3: ("PURPLE-10", "PURPLE-11")}
)
#: The star (advanced-game) effects of each epoch, each on exactly one card (p. 12);
#: epoch I's PURPLE-3 exists once per coloured track.
STAR_EFFECTS: Mapping[int, tuple[str, ...]] = MappingProxyType(
    {
        1: ("PURPLE-3",),
        2: ("PURPLE-6", "PURPLE-7", "PURPLE-8", "PURPLE-9"),
        3: ("PURPLE-12", "PURPLE-13", "PURPLE-14", "PURPLE-15"),
    }
)
#: Every purple effect a card can carry, in the order of their rule IDs (p. 12; PURPLE-16
#: is a rule about copies): those of the epochs' tables above.
EFFECTS: tuple[str, ...] = tuple(
    sorted(
        (
            effect
            for table in (BASIC_EFFECTS, STAR_EFFECTS)
            for effects in table.values()
            for effect in effects
        ),
        key=lambda rule: int(rule.removeprefix("PURPLE-")),
    )
)
#: How sure a catalogue entry's numbers are (components README).
PROVENANCES: tuple[str, ...] = ("verified", "provisional")
#: The catalogue files, in loading order (the reference first: prices depend on it).
FILES: tuple[str, ...] = (
    "reference.yaml",
    "player_board.yaml",
    "cards.yaml",
    "colonies.yaml",
    "start_cards.yaml",
)
_COLORED = (Color.YELLOW, Color.RED, Color.BLUE, Color.GREEN)
_PER_TIER = 5
_INITIATIVES = (1, 2, 3, 4, 5)
_STATUES = (0, 1, 2, 3)

# --------------------------------------------------------------------------- the documents


@frozen
class _Verified:
    """One entry of a ``source.verified`` list: what is printed, and where."""

    id: str | int
    where: str
    fields: tuple[str, ...] = ()


@frozen
class _Source:
    """A file's ``source:`` block (components README)."""

    summary: str
    verified: tuple[_Verified, ...] = ()


@frozen(kw_only=True)
class _Sheet:
    """``reference.yaml``: numbers per epoch, written ``{1: …, 2: …, 3: …}``, and the crest order."""

    sell_value: dict[int, int]
    silver_price: dict[int, int]
    gold_price: dict[int, int]
    silver_price_reduced: dict[int, int]
    gold_price_reduced: dict[int, int]
    price_range: dict[int, tuple[int, int]]
    gold_set_points: int
    coins_per_point: int
    crest_order: tuple[Crest, ...]
    source: _Source | None = None


# The files that list entries: each list is read entry by entry (see _parse), so that
# a message names the entry by its id.


@frozen(kw_only=True)
class _Board:
    """``player_board.yaml``."""

    statues: tuple[Any, ...]
    bonus_tiles_per_track: int
    silver_medals: int
    gold_medals: int
    source: _Source | None = None


@frozen(kw_only=True)
class _Cards:
    cards: tuple[Any, ...]
    source: _Source | None = None


@frozen(kw_only=True)
class _Colonies:
    colonies: tuple[Any, ...]
    source: _Source | None = None


@frozen(kw_only=True)
class _StartCards:
    start_cards: tuple[Any, ...]
    source: _Source | None = None


@frozen(kw_only=True)
class _Components:
    """A scenario's ``components:``: entries to add (cards, colonies) or to replace the catalogue's."""

    cards: tuple[Any, ...] | None = None
    colonies: tuple[Any, ...] | None = None
    start_cards: tuple[Any, ...] | None = None
    statues: tuple[Any, ...] | None = None


@frozen
class _StartEntry:
    """A start card as written: its sides under ``A`` and ``B``."""

    id: str
    initiative: int
    A: StartSide
    B: StartSide
    provenance: str = "provisional"


#: Record attributes written under another key (a start card's sides).
_KEYS: Mapping[str, str] = MappingProxyType({"a": "A", "b": "B"})


def _entry_id(value: object, _: object) -> str | int:
    """The id a ``source.verified`` entry names: an entry's id, a statue's index or a key."""
    if type(value) is str or type(value) is int:
        return value
    raise _reader.Refusal(f"expected an id, a statue's index or a key, found {shown(value)}")


def _start_card(value: object, _: object) -> StartCard:
    entry = _CONVERTER.structure(value, _StartEntry)
    return StartCard(entry.id, entry.initiative, entry.A, entry.B, entry.provenance)


def _converter() -> cattrs.Converter:
    """The strict reader's converter, and how the files write a source entry's id (a text or
    a number) and a start card (its sides under ``A`` and ``B``)."""
    conv = _reader.converter()
    conv.register_structure_hook(str | int, _entry_id)
    conv.register_structure_hook(StartCard, _start_card)
    return conv


_CONVERTER = _converter()


#: A record a document is structured into.
T = TypeVar("T")


def _structure(data: object, kind: type[T], *where: str) -> T:
    """``data`` as a ``kind``: the types, keys and shapes; a failure is a CatalogueError
    naming ``where`` (the file, and the entry if one) and the field."""

    def error(message: str) -> CatalogueError:
        if len(where) > 1:  # an entry is named: "top level" would be the entry itself
            message = message.removeprefix("top level: ")
        return CatalogueError(_say(*where, message))

    value: T = _reader.structure(_CONVERTER, data, kind, error, path="")
    return value


# --------------------------------------------------------------------------- value rules


class _Invalid(Exception):
    """A value that breaks a rule at ``where`` (a field path)."""

    def __init__(self, where: str, message: str) -> None:
        super().__init__(message)
        self.where = where
        self.message = message


@contextmanager
def _naming(*where: str) -> Iterator[None]:
    """A rule's failure as a CatalogueError naming ``where`` (the file, and the entry if one)."""
    try:
        yield
    except _Invalid as exc:
        raise CatalogueError(_say(*where, exc.where, exc.message)) from None


#: Fields whose values are limited beyond their type, by name: the values, and how they are named.
_ALLOWED: Mapping[str, tuple[Collection[object], str]] = MappingProxyType(
    {
        "epoch": (EPOCHS, "an epoch (1, 2 or 3)"),
        "effect": (EFFECTS, "a purple effect (PURPLE-1 … PURPLE-15)"),
        "effect_color": (_COLORED, "a track colour (yellow, red, blue, green)"),
        "provenance": (PROVENANCES, "verified or provisional"),
        "tier": (TIERS, "a tier (3, 9, 15, 21 or 30)"),
        "initiative": (_INITIATIVES, "an initiative 1–5"),
        "statue": (_STATUES, "a statue index 0–3"),
        "coins_per_point": (range(1, 1 << 63), "a whole number ≥ 1"),
    }
)


def _check_fields(record: Any, where: str = "", skip: str = "") -> None:
    """The value rules of every field of ``record`` but ``skip``, and of what it holds:
    the values :data:`_ALLOWED` lists, otherwise whole numbers ≥ 0 (TRACK-1) and
    non-empty texts; a mapping per epoch has the epochs 1, 2 and 3."""
    for field in attrs.fields(type(record)):
        if field.init and field.name != skip:  # the printed fields, not those made from them
            key = _KEYS.get(field.name, field.name)
            _check_value(getattr(record, field.name), field.name, f"{where}.{key}" if where else key)


def _check_value(value: object, name: str, where: str) -> None:
    if value is None:
        return
    if attrs.has(type(value)):
        _check_fields(value, where)
    elif isinstance(value, dict):
        for key in value:
            if key not in EPOCHS:
                raise _Invalid(f"{where}.{label(key)}", "unknown key (epochs are 1, 2, 3)")
        for epoch in EPOCHS:
            if epoch not in value:
                raise _Invalid(f"{where}.{epoch}", "missing")
            _check_value(value[epoch], name, f"{where}.{epoch}")
    elif isinstance(value, tuple):
        for index, item in enumerate(value):
            _check_value(item, name, f"{where}[{index}]")
    elif name in _ALLOWED:
        allowed, what = _ALLOWED[name]
        if value not in allowed:
            raise _Invalid(where, f"expected {what}, found {shown(value)}")
    elif type(value) is int and value < 0:
        raise _Invalid(where, f"expected a whole number ≥ 0, found {shown(value)}")
    elif type(value) is str and not value.strip():
        raise _Invalid(where, f"expected a non-empty text, found {shown(value)}")


def _sheet_rules(sheet: _Sheet) -> None:
    """Price ranges run from lowest to highest; the wheel carries each crest once (WHEEL-3)."""
    for epoch, (low, high) in sheet.price_range.items():
        if low > high:
            raise _Invalid(f"price_range.{epoch}", f"lowest {low} is above highest {high}")
    order = sheet.crest_order
    for index, crest in enumerate(order):
        if crest in order[:index]:
            raise _Invalid(
                f"crest_order[{index}]", f"{crest} is listed twice (the wheel carries each crest once)"
            )
    missing = [crest.value for crest in Crest if crest not in order]
    if missing:
        raise _Invalid("crest_order", f"the wheel carries all five crests; missing: {', '.join(missing)}")


def _reference(sheet: _Sheet, board: _Board) -> Reference:
    """The reference numbers of both files, the mappings per epoch as tuples (epoch I first)."""

    def per_epoch(values: Mapping[int, Any]) -> Any:
        return tuple(values[epoch] for epoch in EPOCHS)

    return Reference(
        sell_value=per_epoch(sheet.sell_value),
        silver_price=per_epoch(sheet.silver_price),
        gold_price=per_epoch(sheet.gold_price),
        silver_price_reduced=per_epoch(sheet.silver_price_reduced),
        gold_price_reduced=per_epoch(sheet.gold_price_reduced),
        price_range=per_epoch(sheet.price_range),
        crest_order=sheet.crest_order,
        max_silver=board.silver_medals,
        max_gold=board.gold_medals,
        tiles_per_track=board.bonus_tiles_per_track,
        gold_set_points=sheet.gold_set_points,
        coins_per_point=sheet.coins_per_point,
    )


# --------------------------------------------------------------------------- entry rules


def _card_price(card: Card, reference: Reference) -> None:
    """A card's price lies inside its epoch's range (p. 12)."""
    low, high = reference.price_range[card.epoch - 1]
    if not low <= card.cost <= high:
        raise _Invalid(
            "cost",
            f"{card.cost} is outside epoch {ROMAN[card.epoch]}'s price range {low}–{high}",
        )


def _card_effect(card: Card, reference: Reference) -> None:
    """Effects and stars only on purple; each effect on cards of its own epoch (p. 12)."""
    epoch, name = card.epoch, ROMAN[card.epoch]
    if card.color is not Color.PURPLE:
        for key, present in (
            ("effect", card.effect is not None),
            ("effect_color", card.effect_color is not None),
            ("star", card.star),
        ):
            if present:
                raise _Invalid(key, f"only purple cards have one (this card is {card.color.value})")
        return
    if card.star and card.effect not in STAR_EFFECTS[epoch]:
        raise _Invalid(
            "effect",
            f"a star card of epoch {name} has one of {', '.join(STAR_EFFECTS[epoch])}, "
            f"got {card.effect or 'none'}",
        )
    if not card.star and card.effect is not None and card.effect not in BASIC_EFFECTS[epoch]:
        if card.effect in STAR_EFFECTS[epoch]:
            raise _Invalid("star", f"{card.effect} is a star effect: star: true expected")
        raise _Invalid(
            "effect",
            f"{card.effect} is not an effect of epoch {name} "
            f"(basic: {', '.join(BASIC_EFFECTS[epoch])}; star: {', '.join(STAR_EFFECTS[epoch])})",
        )
    if card.effect == "PURPLE-3" and card.effect_color is None:
        raise _Invalid("effect_color", "missing (PURPLE-3 names the colour it counts)")
    if card.effect != "PURPLE-3" and card.effect_color is not None:
        raise _Invalid("effect_color", "only a PURPLE-3 card has one")


def _colony_back(colony: Colony, reference: Reference) -> None:
    """A colony has a back, worth at least its front (p. 6)."""
    if colony.back is None:
        raise _Invalid("back", "missing")
    if colony.back_points is None:
        raise _Invalid("back_points", "missing")
    if colony.back_points < colony.points:
        raise _Invalid(
            "back_points",
            f"{colony.back_points} is lower than the front's {colony.points} points",
        )


# --------------------------------------------------------------------------- entry kinds


#: An entry's id and record.
K = TypeVar("K")
R = TypeVar("R")


@frozen
class _Count(Generic[R]):
    """A whole-catalogue count: how many entries of each group (``expected``: count, name)."""

    field: str
    group: Callable[[R], str | None]
    expected: Mapping[str, tuple[int, str]]


@frozen
class _Kind(Generic[K, R]):
    """One kind of catalogue entry: its record, id and rules."""

    key: str
    record: type[R]
    id_field: str
    rules: tuple[Callable[[R, Reference], None], ...] = ()
    #: Fields besides the id whose values must differ between entries.
    unique: tuple[str, ...] = ()
    counts: tuple[_Count[R], ...] = ()


def _star_group(card: Card) -> str | None:
    if not card.star:
        return None
    return f"{card.epoch}/{card.effect}/{card.effect_color.value if card.effect_color else ''}"


def _star_expected() -> Mapping[str, tuple[int, str]]:
    out: dict[str, tuple[int, str]] = {}
    for epoch in EPOCHS:
        for effect in STAR_EFFECTS[epoch]:
            colors = tuple(c.value for c in _COLORED) if effect == "PURPLE-3" else ("",)
            for color in colors:
                what = f"{effect} ({color})" if color else effect
                out[f"{epoch}/{effect}/{color}"] = (1, f"epoch {ROMAN[epoch]} star cards with {what}")
    return out


_CARDS: _Kind[str, Card] = _Kind(
    key="cards",
    record=Card,
    id_field="id",
    rules=(_card_price, _card_effect),
    counts=(
        _Count(
            field="color",
            group=lambda card: f"{card.epoch}/{card.color.value}",
            expected={
                f"{e}/{c.value}": (14 if c is Color.PURPLE else 10, f"epoch {ROMAN[e]} {c.value} cards")
                for e in EPOCHS
                for c in Color
            },
        ),
        _Count(field="effect", group=_star_group, expected=_star_expected()),
    ),
)
_COLONIES: _Kind[str, Colony] = _Kind(
    key="colonies",
    record=Colony,
    id_field="id",
    rules=(_colony_back,),
    counts=(
        _Count(
            field="tier",
            group=lambda colony: str(colony.tier),
            expected={str(t): (_PER_TIER, f"tier-{t} colonies") for t in TIERS},
        ),
    ),
)
_START_CARDS: _Kind[str, StartCard] = _Kind(
    key="start_cards",
    record=StartCard,
    id_field="id",
    unique=("initiative",),
    counts=(
        _Count(
            field="initiative",
            group=lambda start: str(start.initiative),
            expected={str(i): (1, f"start cards with initiative {i}") for i in _INITIATIVES},
        ),
    ),
)
_STATUE_KIND: _Kind[int, Statue] = _Kind(
    key="statues",
    record=Statue,
    id_field="statue",
    counts=(
        _Count(
            field="statue",
            group=lambda statue: str(statue.statue),
            expected={str(i): (1, f"statues with index {i}") for i in _STATUES},
        ),
    ),
)


def _say(*parts: object) -> str:
    """``file: entry: field: message``, leaving out empty parts."""
    return ": ".join(str(p) for p in parts if p != "")


def _name(kind: _Kind[K, R], ident: object) -> str:
    """How an entry is named in messages: ``I-blue-01``, ``statue 2``."""
    return label(ident) if kind.id_field == "id" else f"{kind.id_field} {shown(ident)}"


def _label(kind: _Kind[K, R], item: object, index: int) -> str:
    """An entry's name, or its place in the list while its id is not usable."""
    if isinstance(item, Mapping):
        ident = item.get(kind.id_field)
        if (isinstance(ident, str) and ident.strip()) or type(ident) is int:
            return _name(kind, ident)
    return f"{kind.key}[{index}]"


def _parse(
    kind: _Kind[K, R],
    entries: tuple[object, ...],
    file: str,
    reference: Reference,
    taken: dict[K, str],
    *,
    strict: bool = True,
) -> dict[K, R]:
    """Structure and check every entry of one list (entry-level rules and uniqueness only).

    ``taken`` maps the ids already in use to where they were found; it is updated.
    ``strict``: every entry states its provenance (a scenario's entries need not).
    """
    out: dict[K, R] = {}
    seen: dict[tuple[str, object], str] = {}
    for index, item in enumerate(entries):
        entry = _label(kind, item, index)
        record = _structure(item, kind.record, file, entry)
        ident: K = getattr(record, kind.id_field)
        with _naming(file, entry):
            if strict and isinstance(item, Mapping) and "provenance" not in item:
                raise _Invalid("provenance", "missing")
            _check_fields(record)
            for rule in kind.rules:
                rule(record, reference)
            if ident in taken:
                raise _Invalid(kind.id_field, f"duplicate: {label(ident)} is already used in {taken[ident]}")
            for name in kind.unique:
                value = getattr(record, name)
                if (name, value) in seen:
                    raise _Invalid(name, f"{shown(value)} is also the {name} of {seen[name, value]}")
                seen[name, value] = entry
        taken[ident] = file
        out[ident] = record
    return out


def _check_counts(kind: _Kind[K, R], records: Mapping[K, R], file: str) -> None:
    """The whole-catalogue counts of one kind (p. 2, p. 12)."""
    for count in kind.counts:
        members: dict[str, list[K]] = {}
        for ident, record in records.items():
            group = count.group(record)
            if group is not None:
                members.setdefault(group, []).append(ident)
        for group, (expected, what) in count.expected.items():
            found = members.get(group, [])
            if len(found) != expected:
                entry = _name(kind, found[expected]) if len(found) > expected else kind.key
                raise CatalogueError(
                    _say(file, entry, count.field, f"{what}: {len(found)} found, {expected} expected")
                )


def _keys(kind: type[Any]) -> list[str]:
    """The keys of a record or document as the files write them."""
    return [_KEYS.get(field.name, field.name) for field in attrs.fields(kind)]


def _check_source(
    file: str, source: _Source | None, provenance: Mapping[object, str], names: Collection[str]
) -> None:
    """Every entry a ``source:`` block lists as verified exists and is marked verified."""
    if source is None:
        return
    for index, verified in enumerate(source.verified):
        where = f"source.verified[{index}]"
        if verified.id not in provenance:
            raise CatalogueError(_say(file, where, "id", f"{shown(verified.id)} names no entry of this file"))
        if provenance[verified.id] != "verified":
            raise CatalogueError(
                _say(
                    file,
                    verified.id,
                    "provenance",
                    f"{provenance[verified.id]}, but source lists it as verified",
                )
            )
        for name in verified.fields:
            if name.split(".")[0] not in names:
                raise CatalogueError(_say(file, where, "fields", f"unknown field {shown(name)}"))


# --------------------------------------------------------------------------- a scenario's components


def extended(catalogue: Catalogue, components: Mapping[str, object], source: str) -> Catalogue:
    """``catalogue`` with a scenario's ``components:`` applied.

    ``cards`` and ``colonies`` lists add entries (ids must be new, across
    cards, colonies and start cards); a ``statues`` or ``start_cards`` list
    replaces the catalogue's. Every entry is checked as in a catalogue file
    (types, prices inside the epoch's range, effects of their epoch,
    PURPLE-3's colour, back points ≥ front points, distinct initiatives), but
    ``provenance`` may be left out and the whole-catalogue counts do not
    apply. Errors name ``source``, the list, the entry and the field.
    """
    parts = _structure(components, _Components, source, "components")
    taken: dict[str, str] = dict.fromkeys((*catalogue.cards, *catalogue.colonies), "the catalogue")
    if parts.start_cards is None:
        taken.update(dict.fromkeys(catalogue.start_cards, "the catalogue"))
    found: dict[str, dict[Any, Any]] = {}
    for kind in (_CARDS, _COLONIES, _START_CARDS, _STATUE_KIND):
        entries = getattr(parts, kind.key)
        if entries is not None:
            file, ids = f"{source}: {kind.key}", {} if kind is _STATUE_KIND else taken
            found[kind.key] = _parse(kind, entries, file, catalogue.reference, ids, strict=False)
    return Catalogue(
        {**catalogue.cards, **found.get("cards", {})},
        {**catalogue.colonies, **found.get("colonies", {})},
        found.get("start_cards", catalogue.start_cards),
        found.get("statues", catalogue.statues),
        catalogue.reference,
        source,
    )


# --------------------------------------------------------------------------- loading

#: Each file's document, and the kind of entries it lists (the reference sheet lists none).
_DOCUMENTS: Mapping[str, tuple[type[Any], _Kind[Any, Any] | None]] = MappingProxyType(
    {
        "reference.yaml": (_Sheet, None),
        "player_board.yaml": (_Board, _STATUE_KIND),
        "cards.yaml": (_Cards, _CARDS),
        "colonies.yaml": (_Colonies, _COLONIES),
        "start_cards.yaml": (_StartCards, _START_CARDS),
    }
)


def _load(folder: Path, source: str) -> Catalogue:
    names = {name: str(folder / name) for name in FILES}
    documents: dict[str, Any] = {}
    for name, (document, kind) in _DOCUMENTS.items():
        data = read_component_file(folder / name, CatalogueError)
        documents[name] = _structure(data, document, names[name])
        with _naming(names[name]):
            _check_fields(documents[name], skip=kind.key if kind else "")
    with _naming(names["reference.yaml"]):
        _sheet_rules(documents["reference.yaml"])
    reference = _reference(documents["reference.yaml"], documents["player_board.yaml"])

    taken: dict[str, str] = {}
    records: dict[str, dict[Any, Any]] = {}
    for name, (_, kind) in _DOCUMENTS.items():
        if kind is not None:
            ids = {} if kind is _STATUE_KIND else taken
            records[name] = _parse(kind, getattr(documents[name], kind.key), names[name], reference, ids)
    for name, (document, kind) in _DOCUMENTS.items():
        entries = records.get(name, {})
        if kind is not None:
            _check_counts(kind, entries, names[name])
        # keys besides the entries (reference numbers, board counts, the crest order) carry no
        # provenance of their own: a source block may list any of them as verified
        listed = kind.key if kind else ""
        provenance: dict[object, str] = {ident: record.provenance for ident, record in entries.items()}
        provenance.update((key, "verified") for key in _keys(document) if key not in ("source", listed))
        fields = _keys(kind.record) if kind else ()
        _check_source(names[name], documents[name].source, provenance, fields)
    return Catalogue(
        records["cards.yaml"],
        records["colonies.yaml"],
        records["start_cards.yaml"],
        records["player_board.yaml"],
        reference,
        source,
    )


# global: the bundled catalogue itself, read once
@lru_cache(maxsize=1)
def _bundled() -> Catalogue:
    return _load(catalogue_folder(components_dir(), CatalogueError), "bundled")


#: Catalogues made from another one (a player view's, :func:`hadara_rules.view.view_catalogue`),
#: by the function that makes them: how a process finds one it has not made yet.
_DERIVED: list[Callable[[Catalogue], Catalogue]] = []


def derived_by(make: Callable[[Catalogue], Catalogue]) -> None:
    """Make the catalogues ``make`` makes of a known catalogue known too, in every process
    (a module registers its function when it is imported)."""
    _DERIVED.append(make)


def known_catalogue(digest: str) -> Catalogue:
    """The catalogue with ``digest`` known to this process: how a pickled position finds
    its components. The bundled catalogue is always known; a catalogue of one's own is
    known while one is loaded in this process (``load_catalogue(path)``); and so is the
    catalogue of a player's view of a position with either (:func:`derived_by`), made
    the first time it is asked for."""
    found = alive(digest)
    if found is None:
        found = next(
            (
                catalogue
                for catalogue in (_bundled(), *(made(base) for base in _known() for made in _DERIVED))
                if catalogue.digest == digest
            ),
            None,
        )
    if found is None:
        raise CatalogueError(
            f"no catalogue with digest {digest[:12]} is known in this process; "
            "load it with load_catalogue(path) before unpickling positions that use it"
        )
    return found


def _known() -> list[Catalogue]:
    """The catalogues the derived ones may be made from: the bundled one and those alive."""
    return [_bundled(), *(c for c in alive_catalogues() if c != _bundled())]


def _by_digest(catalogue: Catalogue) -> tuple[Callable[[str], Catalogue], tuple[str]]:
    """How a catalogue pickles: by its digest, so that a position travels in microseconds."""
    return (known_catalogue, (catalogue.digest,))


copyreg.pickle(Catalogue, _by_digest)


def load_catalogue(path: str | os.PathLike[str] | None = None) -> Catalogue:
    """Load and validate a component catalogue (SETUP-3, SETUP-4, SETUP-6, STATUE-2).

    ``path`` is a folder laid out like ``spec/components``; ``None`` loads the
    bundled catalogue (read once, then shared: a catalogue is immutable). Any
    missing, unreadable or malformed file, and any entry that breaks the
    schema or a structural fact of the rulebook, raises
    :class:`~hadara_rules._errors.CatalogueError` naming the file, the entry and
    the field.
    """
    if path is None:
        return _bundled()
    folder = catalogue_folder(path, CatalogueError)
    return _load(folder, os.fspath(path))
