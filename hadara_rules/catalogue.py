"""The component catalogue: load, validate and hold the printed components.

A catalogue is a folder laid out like ``spec/components``: ``cards.yaml``,
``colonies.yaml``, ``start_cards.yaml``, ``player_board.yaml`` and
``reference.yaml``. :func:`load_catalogue` reads the five files with
``yaml.safe_load``, checks every entry against one schema description per
entry kind (one generic checker does the work), then checks the rulebook's
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
from collections.abc import Callable, Collection, Mapping
from functools import lru_cache
from pathlib import Path
from types import MappingProxyType
from typing import Generic, TypeVar

from attrs import frozen

from . import _reader
from ._components import Card, Catalogue, Colony, Reference, StartCard, StartSide, Statue, alive
from ._errors import CatalogueError
from ._reader import label, shown
from ._resources import components_dir
from ._vocabulary import EPOCHS, TIERS, TRACKS, Color, Crest, Tracks

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

K = TypeVar("K")
V = TypeVar("V")
R = TypeVar("R")

#: Roman epoch numerals, as printed on the cards.
ROMAN: Mapping[int, str] = MappingProxyType({1: "I", 2: "II", 3: "III"})
#: Every purple effect a card can carry (p. 12; PURPLE-16 is a rule about copies).
EFFECTS: tuple[str, ...] = tuple(f"PURPLE-{n}" for n in range(1, 16))
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

# --------------------------------------------------------------------------- generic checker


class _Invalid(Exception):
    """A value that breaks the schema at ``where`` (a field path; "" for the value itself)."""

    def __init__(self, where: str, message: str) -> None:
        super().__init__(message)
        self.where = where
        self.message = message

    def within(self, key: object) -> _Invalid:
        """The same failure seen from the mapping or list that holds the value at ``key``."""
        inner = self.where
        sep = "" if not inner or inner.startswith("[") else "."
        return _Invalid(f"{key}{sep}{inner}", self.message)


_Check = Callable[[object], object]


def _at(key: object, check: Callable[[object], R], value: object) -> R:
    """``check(value)``, with a failure's field path prefixed by ``key``."""
    try:
        return check(value)
    except _Invalid as exc:
        raise exc.within(key) from None


def _count(value: object) -> int:
    """A whole number ≥ 0 (TRACK-1); ``true``/``false`` are not numbers."""
    if type(value) is not int or value < 0:
        raise _Invalid("", f"expected a whole number ≥ 0, got {shown(value)}")
    return value


def _positive(value: object) -> int:
    """A whole number ≥ 1."""
    number = _count(value)
    if number == 0:
        raise _Invalid("", "expected a whole number ≥ 1, got 0")
    return number


def _text(value: object) -> str:
    """A non-empty string."""
    if not isinstance(value, str) or not value.strip():
        raise _Invalid("", f"expected a non-empty text, got {shown(value)}")
    return value


def _flag(value: object) -> bool:
    """``true`` or ``false``."""
    if type(value) is not bool:
        raise _Invalid("", f"expected true or false, got {shown(value)}")
    return value


def _key(value: object) -> str | int:
    """An entry id: a non-empty string, or a statue's index."""
    if type(value) is int:
        return value
    return _text(value)


def _choice(options: Mapping[str | int, V], what: str) -> Callable[[object], V]:
    """One of ``options``' keys (a string or a number, never a bool), mapped to its value."""

    def check(value: object) -> V:
        if (type(value) is str or type(value) is int) and value in options:
            return options[value]
        raise _Invalid("", f"expected {what}, got {shown(value)}")

    return check


def _items(value: object) -> tuple[object, ...]:
    """A YAML list."""
    if not isinstance(value, (list, tuple)):
        raise _Invalid("", f"expected a list, got {shown(value)}")
    return tuple(value)


def _list_of(check: Callable[[object], R]) -> Callable[[object], tuple[R, ...]]:
    """A list whose items all pass ``check``."""
    return lambda value: tuple(_at(f"[{i}]", check, item) for i, item in enumerate(_items(value)))


def _per_epoch(check: Callable[[object], R]) -> Callable[[object], tuple[R, ...]]:
    """A mapping ``{1: …, 2: …, 3: …}`` read as a tuple indexed by epoch − 1."""

    def run(value: object) -> tuple[R, ...]:
        if not isinstance(value, Mapping):
            raise _Invalid("", f"expected a mapping from epoch (1, 2, 3) to a value, got {shown(value)}")
        for key in value:
            if type(key) is not int or key not in EPOCHS:
                raise _Invalid(label(key), "unknown key (epochs are 1, 2, 3)")
        for epoch in EPOCHS:
            if epoch not in value:
                raise _Invalid(str(epoch), "missing")
        return tuple(_at(epoch, check, value[epoch]) for epoch in EPOCHS)

    return run


def _range(value: object) -> tuple[int, int]:
    """A price range ``[lowest, highest]``."""
    items = _items(value)
    if len(items) != 2:
        raise _Invalid("", f"expected [lowest, highest], got a list of {len(items)}")
    low, high = _at("[0]", _count, items[0]), _at("[1]", _count, items[1])
    if low > high:
        raise _Invalid("", f"lowest {low} is above highest {high}")
    return (low, high)


@frozen
class _Field:
    """How one key of an entry is checked; ``attr``: the record's name when it differs."""

    check: _Check
    optional: bool = False
    attr: str | None = None


_Schema = Mapping[str, _Field]


def _fields(value: object, schema: _Schema, relaxed: Collection[str] = ()) -> dict[str, object]:
    """The checked fields of one mapping: no unknown key, no missing key, every type right.

    Optional keys left out (and ``relaxed`` ones) are left out of the result, so
    the record's own default applies.
    """
    if not isinstance(value, Mapping):
        raise _Invalid("", f"expected a mapping, got {shown(value)}")
    for key in value:
        if not isinstance(key, str) or key not in schema:
            raise _Invalid(label(key), f"unknown key (expected {', '.join(schema)})")
    out: dict[str, object] = {}
    for key, spec in schema.items():
        if key in value:
            out[spec.attr or key] = _at(key, spec.check, value[key])
        elif not (spec.optional or key in relaxed):
            raise _Invalid(key, "missing")
    return out


def _build(factory: Callable[..., R], values: Mapping[str, object]) -> R:
    """A record from checked field values (the schema has checked every type)."""
    return factory(**values)


def _record(schema: _Schema, factory: Callable[..., R]) -> Callable[[object], R]:
    """A nested mapping checked against ``schema`` and built with ``factory``."""
    return lambda value: _build(factory, _fields(value, schema))


# --------------------------------------------------------------------------- schemas

_EPOCH = _choice({e: e for e in EPOCHS}, "an epoch (1, 2 or 3)")
_COLOR = _choice({c.value: c for c in Color}, "a colour (yellow, red, blue, green, purple)")
_EFFECT_COLOR = _choice({c.value: c for c in _COLORED}, "a track colour (yellow, red, blue, green)")
_EFFECT = _choice({e: e for e in EFFECTS}, "a purple effect (PURPLE-1 … PURPLE-15)")
_PROVENANCE = _choice({p: p for p in PROVENANCES}, "verified or provisional")
_TIER = _choice({t: t for t in TIERS}, "a tier (3, 9, 15, 21 or 30)")
_INITIATIVE = _choice({i: i for i in _INITIATIVES}, "an initiative 1–5")
_STATUE = _choice({i: i for i in _STATUES}, "a statue index 0–3")
_CREST = _choice({c.value: c for c in Crest}, f"a crest ({', '.join(Crest)})")


def _crest_order(value: object) -> tuple[Crest, ...]:
    """WHEEL-3: the five crests of the wheel, each once, in their printed order."""
    order = _list_of(_CREST)(value)
    for index, crest in enumerate(order):
        if crest in order[:index]:
            raise _Invalid(f"[{index}]", f"{crest} is listed twice (the wheel carries each crest once)")
    missing = [crest.value for crest in Crest if crest not in order]
    if missing:
        raise _Invalid("", f"the wheel carries all five crests; missing: {', '.join(missing)}")
    return order


_NUMBER = _Field(_count)
_TRACK_VALUES: _Schema = {t.value: _Field(_count, optional=True) for t in TRACKS}
_SIDE: _Schema = {"coins": _NUMBER, **{t.value: _NUMBER for t in TRACKS}}

_CARD: _Schema = {
    "id": _Field(_text),
    "epoch": _Field(_EPOCH),
    "color": _Field(_COLOR),
    "cost": _NUMBER,
    "points": _NUMBER,
    **_TRACK_VALUES,
    "effect": _Field(_EFFECT, optional=True),
    "effect_color": _Field(_EFFECT_COLOR, optional=True),
    "star": _Field(_flag, optional=True),
    "provenance": _Field(_PROVENANCE),
}
_COLONY: _Schema = {
    "id": _Field(_text),
    "tier": _Field(_TIER),
    "plunder": _NUMBER,
    "ally_cost": _NUMBER,
    "points": _NUMBER,
    "back": _Field(_record(_TRACK_VALUES, Tracks)),
    "back_points": _NUMBER,
    "provenance": _Field(_PROVENANCE),
}
_START_CARD: _Schema = {
    "id": _Field(_text),
    "initiative": _Field(_INITIATIVE),
    "A": _Field(_record(_SIDE, StartSide), attr="a"),
    "B": _Field(_record(_SIDE, StartSide), attr="b"),
    "provenance": _Field(_PROVENANCE),
}
_STATUE_ENTRY: _Schema = {
    "statue": _Field(_STATUE),
    "requirement": _NUMBER,
    "points": _NUMBER,
    "reward": _NUMBER,
    "provenance": _Field(_PROVENANCE),
}


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


_SOURCE = _Field(
    _record(
        {
            "summary": _Field(_text),
            "verified": _Field(
                _list_of(
                    _record(
                        {
                            "id": _Field(_key),
                            "fields": _Field(_list_of(_text), optional=True),
                            "where": _Field(_text),
                        },
                        _Verified,
                    )
                ),
                optional=True,
            ),
        },
        _Source,
    ),
    optional=True,
)
_ENTRIES = _Field(_items)

#: Top level of each file; the entry lists are checked per entry by :func:`_parse`.
_FILE_SCHEMAS: Mapping[str, _Schema] = {
    "reference.yaml": {
        "source": _SOURCE,
        "sell_value": _Field(_per_epoch(_count)),
        "silver_price": _Field(_per_epoch(_count)),
        "gold_price": _Field(_per_epoch(_count)),
        "silver_price_reduced": _Field(_per_epoch(_count)),
        "gold_price_reduced": _Field(_per_epoch(_count)),
        "price_range": _Field(_per_epoch(_range)),
        "gold_set_points": _NUMBER,
        "coins_per_point": _Field(_positive),
        "crest_order": _Field(_crest_order),
    },
    "player_board.yaml": {
        "source": _SOURCE,
        "statues": _ENTRIES,
        "bonus_tiles_per_track": _Field(_count, attr="tiles_per_track"),
        "silver_medals": _Field(_count, attr="max_silver"),
        "gold_medals": _Field(_count, attr="max_gold"),
    },
    "cards.yaml": {"source": _SOURCE, "cards": _ENTRIES},
    "colonies.yaml": {"source": _SOURCE, "colonies": _ENTRIES},
    "start_cards.yaml": {"source": _SOURCE, "start_cards": _ENTRIES},
}

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
    """A colony's back is worth at least its front (p. 6)."""
    if colony.back_points < colony.points:
        raise _Invalid(
            "back_points",
            f"{colony.back_points} is lower than the front's {colony.points} points",
        )


# --------------------------------------------------------------------------- entry kinds


@frozen
class _Count(Generic[R]):
    """A whole-catalogue count: how many entries of each group (``expected``: count, name)."""

    field: str
    group: Callable[[R], str | None]
    expected: Mapping[str, tuple[int, str]]


@frozen
class _Kind(Generic[K, R]):
    """One kind of catalogue entry: its schema, record, id and rules."""

    key: str
    schema: _Schema
    factory: Callable[..., R]
    id_field: str
    ident: Callable[[R], K]
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
    schema=_CARD,
    factory=Card,
    id_field="id",
    ident=lambda card: card.id,
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
    schema=_COLONY,
    factory=Colony,
    id_field="id",
    ident=lambda colony: colony.id,
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
    schema=_START_CARD,
    factory=StartCard,
    id_field="id",
    ident=lambda start: start.id,
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
    schema=_STATUE_ENTRY,
    factory=Statue,
    id_field="statue",
    ident=lambda statue: statue.statue,
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
    raw: object,
    file: str,
    reference: Reference,
    taken: dict[K, str],
    relaxed: Collection[str] = (),
) -> dict[K, R]:
    """Check and build every entry of one list (entry-level rules and uniqueness only).

    ``taken`` maps the ids already in use to where they were found; it is updated.
    """
    if not isinstance(raw, (list, tuple)):
        raise CatalogueError(_say(file, kind.key, f"expected a list of entries, got {shown(raw)}"))
    out: dict[K, R] = {}
    seen: dict[tuple[str, object], str] = {}
    for index, item in enumerate(raw):
        entry = _label(kind, item, index)
        try:
            record = _build(kind.factory, _fields(item, kind.schema, relaxed))
            for rule in kind.rules:
                rule(record, reference)
            ident = kind.ident(record)
            if ident in taken:
                raise _Invalid(kind.id_field, f"duplicate: {label(ident)} is already used in {taken[ident]}")  # noqa: TRY301  one handler names the file and entry
            for name in kind.unique:
                value = getattr(record, name)
                if (name, value) in seen:
                    raise _Invalid(name, f"{shown(value)} is also the {name} of {seen[name, value]}")  # noqa: TRY301  one handler names the file and entry
                seen[name, value] = entry
        except _Invalid as exc:
            raise CatalogueError(_say(file, entry, exc.where, exc.message)) from None
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


def _check_source(
    file: str, source: object, provenance: Mapping[object, str], names: Collection[str]
) -> None:
    """Every entry a ``source:`` block lists as verified exists and is marked verified."""
    if not isinstance(source, _Source):
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
    if not isinstance(components, Mapping):
        raise CatalogueError(_say(source, "components", f"expected a mapping, got {shown(components)}"))
    kinds = ("cards", "colonies", "start_cards", "statues")
    for key in components:
        if key not in kinds:
            raise CatalogueError(
                _say(source, "components", key, f"unknown key (expected {', '.join(kinds)})")
            )
    relaxed = ("provenance",)
    ref = catalogue.reference
    start_cards = dict(catalogue.start_cards)
    taken: dict[str, str] = dict.fromkeys((*catalogue.cards, *catalogue.colonies), "the catalogue")
    if "start_cards" in components:
        start_cards = {}
    else:
        taken.update((ident, "the catalogue") for ident in start_cards)
    cards = dict(catalogue.cards)
    colonies = dict(catalogue.colonies)
    statues = dict(catalogue.statues)
    if "cards" in components:
        cards.update(_parse(_CARDS, components["cards"], f"{source}: cards", ref, taken, relaxed))
    if "colonies" in components:
        colonies.update(_parse(_COLONIES, components["colonies"], f"{source}: colonies", ref, taken, relaxed))
    if "start_cards" in components:
        start_cards = _parse(
            _START_CARDS, components["start_cards"], f"{source}: start_cards", ref, taken, relaxed
        )
    if "statues" in components:
        statues = _parse(_STATUE_KIND, components["statues"], f"{source}: statues", ref, {}, relaxed)
    return Catalogue(cards, colonies, start_cards, statues, ref, source)


# --------------------------------------------------------------------------- loading


def _read(path: Path, file: str) -> object:
    """One file's YAML document, read by the strict reader (safe loader only)."""
    if not path.exists():
        raise CatalogueError(_say(file, "missing file"))
    text = _reader.read_text(path, CatalogueError)
    return _reader.parse_yaml(text, lambda message: CatalogueError(_say(file, message)))


def _top(document: object, schema: _Schema, file: str) -> dict[str, object]:
    """A file's top-level mapping, checked against its schema."""
    if not isinstance(document, Mapping):
        raise CatalogueError(_say(file, f"the top level must be a mapping, got {shown(document)}"))
    try:
        return _fields(document, schema)
    except _Invalid as exc:
        raise CatalogueError(_say(file, exc.where, exc.message)) from None


def _provenance(records: Mapping[K, Card | Colony | StartCard | Statue]) -> dict[object, str]:
    return {key: record.provenance for key, record in records.items()}


def _load(folder: Path, source: str) -> Catalogue:
    try:
        is_dir = folder.is_dir()
    except (OSError, ValueError):
        is_dir = False
    if not is_dir:
        raise CatalogueError(_say(str(folder), "no such catalogue folder"))
    names = {name: str(folder / name) for name in FILES}
    tops = {name: _top(_read(folder / name, names[name]), _FILE_SCHEMAS[name], names[name]) for name in FILES}
    board = tops["player_board.yaml"]
    # the scalar keys of each file (reference numbers, board counts): YAML key -> record field
    scalars = {
        name: {
            key: spec.attr or key for key, spec in schema.items() if key != "source" and spec is not _ENTRIES
        }
        for name, schema in _FILE_SCHEMAS.items()
    }
    reference: Reference = _build(
        Reference,
        {
            attr: tops[name][attr]
            for name in ("reference.yaml", "player_board.yaml")
            for attr in scalars[name].values()
        },
    )

    taken: dict[str, str] = {}
    statues = _parse(_STATUE_KIND, board["statues"], names["player_board.yaml"], reference, {})
    cards = _parse(_CARDS, tops["cards.yaml"]["cards"], names["cards.yaml"], reference, taken)
    colonies = _parse(_COLONIES, tops["colonies.yaml"]["colonies"], names["colonies.yaml"], reference, taken)
    starts = _parse(
        _START_CARDS, tops["start_cards.yaml"]["start_cards"], names["start_cards.yaml"], reference, taken
    )

    _check_counts(_STATUE_KIND, statues, names["player_board.yaml"])
    _check_counts(_CARDS, cards, names["cards.yaml"])
    _check_counts(_COLONIES, colonies, names["colonies.yaml"])
    _check_counts(_START_CARDS, starts, names["start_cards.yaml"])

    entries: dict[str, tuple[dict[object, str], _Schema]] = {
        "reference.yaml": ({}, {}),
        "player_board.yaml": (_provenance(statues), _STATUE_ENTRY),
        "cards.yaml": (_provenance(cards), _CARD),
        "colonies.yaml": (_provenance(colonies), _COLONY),
        "start_cards.yaml": (_provenance(starts), _START_CARD),
    }
    for name, (provenance, schema) in entries.items():
        # scalar keys (reference numbers, board counts, the crest order) carry no provenance of
        # their own: a source block may list any of them as verified
        provenance.update(dict.fromkeys(scalars[name], "verified"))
        _check_source(names[name], tops[name].get("source"), provenance, schema)
    return Catalogue(cards, colonies, starts, statues, reference, source)


@lru_cache(maxsize=1)
def _bundled() -> Catalogue:
    return _load(components_dir(), "bundled")


def known_catalogue(digest: str) -> Catalogue:
    """The catalogue with ``digest`` known to this process: how a pickled position finds
    its components. The bundled catalogue is always known; a catalogue of one's own is
    known while one is loaded in this process (``load_catalogue(path)``)."""
    found = alive(digest)
    if found is None and _bundled().digest == digest:
        found = _bundled()
    if found is None:
        raise CatalogueError(
            f"no catalogue with digest {digest[:12]} is known in this process; "
            "load it with load_catalogue(path) before unpickling positions that use it"
        )
    return found


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
    try:
        folder = Path(path)
        source = os.fspath(path)
    except TypeError:
        raise CatalogueError(f"{shown(path)}: not a folder path") from None
    return _load(folder, source)
