"""The cards and faction boards, read from the bundled component files and checked.

Every card is a frozen value; its abilities are values of the effect vocabulary
(``components/PROVENANCE.md`` section 1; CARD-14): production, "each time …" features,
actions with their prices and uses per round, storage, tucking, and the named special
operations (:class:`Special`). No card has code of its own: the rules read these values.
Any problem with a file is a :class:`~boardtable.errors.CatalogueError` naming the file,
the card and the field.
"""

from __future__ import annotations

import functools
import os
from collections.abc import Mapping
from enum import StrEnum
from pathlib import Path
from typing import NoReturn

from attrs import field, frozen

from boardtable.errors import CatalogueError
from boardtable.reader import label, parse_yaml, read_text, shown

from ._goods import NOTHING, SUPPLY, Goods, Price

__all__ = [
    "COLOURS",
    "FACTIONS",
    "Ability",
    "Action",
    "Args",
    "Card",
    "Components",
    "Copy",
    "Count",
    "DrawKeep",
    "Effect",
    "Event",
    "Faction",
    "Mode",
    "OnBuild",
    "OnEvent",
    "Special",
    "Storage",
    "Target",
    "Tuck",
    "components",
    "load_components",
]

#: The four factions, in the components' order (SETUP-1).
FACTIONS = ("romans", "barbarians", "egyptians", "japanese")
#: Location colours (CARD-4); Ruins has none.
COLOURS = ("brown", "grey", "red", "pink", "gold", "blue", "black", "purple")
_GOODS = (*SUPPLY, "vp", "card", "common_card", "faction_card")
#: The printed card id's prefix of each deck.
_PREFIX = {"common": "com", "romans": "rom", "barbarians": "bar", "egyptians": "egy", "japanese": "jap"}


class Special(StrEnum):
    """The named special operations (``do``), each governed by its rule (CARD-14)."""

    REPEAT_PRODUCTION = "repeat_production"  # CARD-8, CARD-9
    REACTIVATE_ACTION = "reactivate_action"  # CARD-11, ENG-7
    BUILD_FROM_HAND = "build_from_hand"  # CARD-7
    BUILD_OWN_DEAL = "build_own_deal"  # CARD-7
    USE_OWN_DEAL = "use_own_deal"  # CARD-28
    RAZE = "raze"  # CARD-13, RAZE-10
    TAKE_RAZE_FIELD_GOOD = "take_raze_field_good"  # CARD-21
    REMOVE_ENEMY_LOCATION = "remove_enemy_location"  # CARD-6
    TAKE_ENEMY_DEAL = "take_enemy_deal"  # CARD-15
    DISCARD_ENEMY_DEAL = "discard_enemy_deal"  # CARD-16
    STEAL_RESOURCE = "steal_resource"  # CARD-20
    TAKE_OVER_LOCATION = "take_over_location"  # FAC-EGY-3
    BLOCK_ENEMY_ACTION = "block_enemy_action"  # CARD-22
    FOUNDATION_FROM_HAND = "foundation_from_hand"  # CARD-24
    OPPONENT_DISCARDS_CARD = "opponent_discards_card"  # CARD-25
    TRADE_ROUTE_DEAL = "trade_route_deal"  # FAC-JAP-7
    DEAL_GOODS_TO_VP = "deal_goods_to_vp"  # CARD-27
    PLACE_SAMURAI = "place_samurai"  # CARD-29


class Event(StrEnum):
    """What an ``on_event`` feature reacts to (CARD-14)."""

    RAZE = "raze"  # CARD-10
    MAKE_DEAL = "make_deal"  # CARD-17
    VP_GAIN = "vp_gain"  # CARD-18
    OPPONENT_SPENDS_WORKERS = "opponent_spends_workers"  # CARD-19
    DEAL_PRODUCTION = "deal_production"  # CARD-27


class Target(StrEnum):
    """What a raze by card razes (CARD-13)."""

    OWN_HAND = "own_hand"
    ENEMY_LOCATION = "enemy_location"
    OWN_COMMON_LOCATION = "own_common_location"


@frozen
class Count:
    """``gain_per``: 1 ``good`` per own location of ``colour`` (None: per samurai), at most
    ``most`` (PROD-3, BUILD-6, FAC-JAP-8)."""

    good: str
    colour: str | None
    most: int


@frozen
class DrawKeep:
    """CARD-23: draw ``draw`` cards (from the faction deck, or each from either deck), keep
    ``keep``; the rest is shuffled back into the faction deck or discarded."""

    either: bool
    draw: int
    keep: int
    shuffle_back: bool


@frozen
class Args:
    """The arguments of a special operation (README section 1)."""

    #: build_from_hand: the origin of the card built (``faction``).
    origin: str | None = None
    #: build_from_hand, build_own_deal: the ``location`` part of the cost is not paid.
    skip_location: bool = False
    #: raze: what is razed.
    target: Target | None = None
    #: raze (Chariot Builder): defense tokens and samurai add no raze tokens.
    ignore_protection: bool = False
    #: raze (Dark Chapel): VP the razer may take instead of each good of the raze field.
    vp_per_good_forgone: int = 0
    #: discard_enemy_deal (Ninjas): the razer gains the discarded deal's good.
    gain_its_good: bool = False
    #: place_samurai: how many.
    count: int = 0


@frozen
class Offer:
    """One price of ``may_pay`` and what it buys (Slaver)."""

    pay: Price
    gain: Goods


@frozen
class Effect:
    """One effect (CARD-14): fixed gains, a choice of gains, gains per counted item, optional
    purchases, a draw-and-keep and a special operation, carried out special first (ENG-1)."""

    gain: Goods = NOTHING
    choice: tuple[Goods, ...] = ()
    per: Count | None = None
    may_pay: tuple[Offer, ...] = ()
    draw_keep: DrawKeep | None = None
    do: Special | None = None
    args: Args = Args()


@frozen
class Mode:
    """One price of an action location and the effect it buys (ACTLOC-7)."""

    pay: Price
    effect: Effect


@frozen
class Action:
    """An action location's ability: its prices (one, or Dark Chapel's two) and uses per
    round (ACTLOC-1, ACTLOC-2)."""

    modes: tuple[Mode, ...]
    per_round: int


@frozen
class OnBuild:
    """A feature firing each time its owner builds a location of ``colour``, or a faction
    location (CARD-3)."""

    colour: str | None
    faction: bool
    effect: Effect


@frozen
class OnEvent:
    """A feature firing each time ``event`` happens (CARD-10, CARD-17 to CARD-19, CARD-27)."""

    event: Event
    effect: Effect
    #: CARD-18: the least VP of one gain event that fires it.
    min_vp: int = 0
    #: CARD-19: the effect is gained once per pair of workers spent.
    per_pair: bool = False
    #: CARD-19: the most workers a round from this card (0: no limit).
    most_per_round: int = 0


@frozen
class Storage:
    """CLEAN-3: the supply kinds (indices of :data:`~._goods.SUPPLY`) kept at cleanup."""

    kinds: tuple[int, ...]


@frozen
class Tuck:
    """CARD-26: hand cards (Gate) or resources (Shrine) put under or on the card for good,
    ``each`` gained per item, and ``steps`` (at least, VP) scored at the end, the highest."""

    cards: bool
    each: Goods
    steps: tuple[tuple[int, int], ...]


@frozen
class Ability:
    """A card's lasting ability, of one kind (or none: only a building bonus)."""

    production: Effect | None = None
    on_build: OnBuild | None = None
    on_event: OnEvent | None = None
    action: Action | None = None
    storage: Storage | None = None
    tuck: Tuck | None = None


@frozen
class Card:
    """One card entry: all its copies share it (their printed ids and deals differ)."""

    #: The project's stable key (``com-statue``).
    key: str
    name: str
    name_cs: str
    #: Whether ``name`` is a working translation (README section 5).
    name_provisional: bool
    #: ``common`` or the faction whose deck holds it.
    deck: str
    #: ``production``, ``feature`` or ``action``.
    type: str
    #: Its colours: one, three for Trade Colony (CARD-4), none for Ruins.
    colours: tuple[str, ...]
    cost: Price
    #: The raze field, or None: the card cannot be razed (RAZE-1).
    raze: Goods | None
    #: The building bonus (BUILD-6), or None.
    bonus: Effect | None
    #: END-2: 1 for a common location, 2 for a faction location.
    points: int
    ability: Ability
    #: The ability and bonus in plain words.
    text: str
    #: The rule IDs that govern it.
    rules: tuple[str, ...]
    #: ``verified`` or ``provisional``.
    provenance: str
    provisional_fields: tuple[str, ...]

    @property
    def common(self) -> bool:
        """Whether it is a common card."""
        return self.deck == "common"


@frozen
class Copy:
    """One physical card: its printed id (``com001``), its entry, and for a faction card the
    good of its deal field (DEAL-4)."""

    id: str
    card: Card
    deal: Goods | None


@frozen
class Faction:
    """A faction board (SETUP-3). The Romans and the Barbarians have no rules beyond their
    boards and cards (FAC-ROM-1, FAC-BAR-1)."""

    id: str
    name: str
    #: PROD-2 (a): what the board gives in every production phase.
    production: Goods
    #: CLEAN-2: the supply kind kept at cleanup.
    stores: int
    #: ACT-8: the free steps of its owner.
    free_steps: tuple[str, ...]
    #: FAC-EGY-1: the Egyptian tokens (0 for the others).
    tokens: int


@frozen
class Components:
    """The common deck, the four faction decks and boards."""

    factions: tuple[Faction, ...]
    #: Every card entry by deck (``common`` and each faction).
    decks: Mapping[str, tuple[Card, ...]] = field(eq=False)
    #: Every copy by printed id.
    copies: Mapping[str, Copy] = field(eq=False)

    def faction(self, name: str) -> Faction:
        """The board of faction ``name``."""
        return next(f for f in self.factions if f.id == name)

    def deck_ids(self, deck: str) -> tuple[str, ...]:
        """The printed ids of every copy of ``deck``, in id order."""
        prefix = _PREFIX[deck]
        return tuple(sorted(i for i in self.copies if i.startswith(prefix)))


class _File:
    """One component file being read: every problem names it, the card and the field."""

    def __init__(self, path: Path) -> None:
        self.path = path
        self.where = "the file"

    def fail(self, field_name: str, problem: str) -> NoReturn:
        raise CatalogueError(f"{self.path}: {self.where}: {field_name}: {problem}")

    def mapping(self, value: object, name: str) -> dict[str, object]:
        if not isinstance(value, dict) or not all(isinstance(k, str) for k in value):
            self.fail(name, f"expected a mapping, found {shown(value)}")
        return value

    def keys(self, value: dict[str, object], name: str, allowed: tuple[str, ...]) -> None:
        unknown = [k for k in value if k not in allowed]
        if unknown:
            self.fail(name, f"unknown key {label(unknown[0])}")

    def whole(self, value: object, name: str, low: int = 0, high: int = 99) -> int:
        if type(value) is not int or not low <= value <= high:
            self.fail(name, f"expected a whole number from {low} to {high}, found {shown(value)}")
        return value

    def text(self, value: object, name: str) -> str:
        if not isinstance(value, str) or not value.strip():
            self.fail(name, f"expected a text, found {shown(value)}")
        return value

    def flag(self, value: object, name: str) -> bool:
        if type(value) is not bool:
            self.fail(name, f"expected true or false, found {shown(value)}")
        return value

    def texts(self, value: object, name: str) -> tuple[str, ...]:
        if not isinstance(value, list):
            self.fail(name, f"expected a list, found {shown(value)}")
        return tuple(self.text(item, f"{name}[{i}]") for i, item in enumerate(value))

    def goods(self, value: object, name: str, allowed: tuple[str, ...] = _GOODS) -> Goods:
        given = self.mapping(value, name)
        self.keys(given, name, allowed)
        return Goods.of({k: self.whole(n, f"{name}.{k}", 1) for k, n in given.items()})

    def price(self, value: object, name: str) -> Price:
        given = self.mapping(value, name)
        extra = ("card_from_hand", "own_deal", "resource", "location")
        self.keys(given, name, (*SUPPLY, *extra))
        amounts = {k: self.whole(n, f"{name}.{k}", 1) for k, n in given.items()}
        return Price(
            Goods.of(amounts).supply,
            amounts.get("resource", 0),
            amounts.get("card_from_hand", 0),
            amounts.get("own_deal", 0),
            amounts.get("location", 0),
        )

    def effect(self, value: object, name: str, extra: tuple[str, ...] = ()) -> Effect:
        given = self.mapping(value, name)
        self.keys(
            given, name, ("gain", "gain_choice", "gain_per", "may_pay", "draw_keep", "do", "args", *extra)
        )
        choice = given.get("gain_choice", [])
        offers = given.get("may_pay", [])
        if not isinstance(choice, list) or not isinstance(offers, list):
            self.fail(name, "gain_choice and may_pay are lists")
        do = given.get("do")
        if do is not None and do not in Special._value2member_map_:
            self.fail(f"{name}.do", f"unknown special operation {shown(do)}")
        return Effect(
            self.goods(given["gain"], f"{name}.gain") if "gain" in given else NOTHING,
            tuple(self.goods(g, f"{name}.gain_choice[{i}]") for i, g in enumerate(choice)),
            self.count(given["gain_per"], f"{name}.gain_per") if "gain_per" in given else None,
            tuple(self.offer(o, f"{name}.may_pay[{i}]") for i, o in enumerate(offers)),
            self.draw_keep(given["draw_keep"], f"{name}.draw_keep") if "draw_keep" in given else None,
            Special(str(do)) if do is not None else None,
            self.args(given.get("args", {}), f"{name}.args"),
        )

    def count(self, value: object, name: str) -> Count:
        given = self.mapping(value, name)
        self.keys(given, name, ("good", "count", "max"))
        good = given.get("good")
        if good not in _GOODS:
            self.fail(f"{name}.good", f"unknown good {shown(good)}")
        counted = given.get("count")
        colour = None
        if counted != "samurai":
            colour = self.mapping(counted, f"{name}.count").get("colour")
            if colour not in COLOURS:
                self.fail(f"{name}.count", f"expected a colour or samurai, found {shown(counted)}")
        return Count(
            str(good), None if colour is None else str(colour), self.whole(given.get("max"), f"{name}.max", 1)
        )

    def offer(self, value: object, name: str) -> Offer:
        given = self.mapping(value, name)
        self.keys(given, name, ("pay", "gain"))
        return Offer(
            self.price(given.get("pay"), f"{name}.pay"), self.goods(given.get("gain"), f"{name}.gain")
        )

    def draw_keep(self, value: object, name: str) -> DrawKeep:
        given = self.mapping(value, name)
        self.keys(given, name, ("from", "draw", "keep", "rest"))
        source, rest = given.get("from"), given.get("rest")
        if source not in ("faction", "either") or rest not in ("shuffle_back", "discard"):
            self.fail(name, "from is faction or either, rest shuffle_back or discard")
        draw = self.whole(given.get("draw"), f"{name}.draw", 1, 5)
        return DrawKeep(
            source == "either",
            draw,
            self.whole(given.get("keep"), f"{name}.keep", 1, draw),
            rest == "shuffle_back",
        )

    def args(self, value: object, name: str) -> Args:
        given = self.mapping(value, name)
        self.keys(
            given,
            name,
            (
                "origin",
                "skip",
                "target",
                "ignore_protection",
                "vp_per_good_forgone",
                "gain_its_good",
                "count",
            ),
        )
        target = given.get("target")
        if target is not None and target not in Target._value2member_map_:
            self.fail(f"{name}.target", f"unknown target {shown(target)}")
        skip = given.get("skip")
        if skip not in (None, "location"):
            self.fail(f"{name}.skip", f"expected location, found {shown(skip)}")
        origin = given.get("origin")
        if origin not in (None, "faction"):
            self.fail(f"{name}.origin", f"expected faction, found {shown(origin)}")
        return Args(
            None if origin is None else "faction",
            skip == "location",
            None if target is None else Target(str(target)),
            self.flag(given.get("ignore_protection", False), f"{name}.ignore_protection"),
            self.whole(given.get("vp_per_good_forgone", 0), f"{name}.vp_per_good_forgone"),
            self.flag(given.get("gain_its_good", False), f"{name}.gain_its_good"),
            self.whole(given.get("count", 0), f"{name}.count"),
        )

    def ability(self, value: object, name: str, kind: str) -> Ability:
        given = self.mapping(value, name)
        if len(given) != 1:
            self.fail(name, "expected exactly one kind")
        ((key, body),) = given.items()
        wanted = {
            "production": ("production",),
            "action": ("action",),
            "feature": ("on_build", "on_event", "storage", "tuck", "none"),
        }
        if key not in wanted[kind] and not (key == "none" and kind == "feature"):
            self.fail(name, f"a {kind} card has no ability of kind {label(key)}")
        where = f"{name}.{key}"
        if key == "none":
            if body is not True:
                self.fail(where, "expected true")
            return Ability()
        if key == "production":
            return Ability(production=self.effect(body, where))
        if key == "action":
            return Ability(action=self.action(body, where))
        if key == "on_build":
            match = self.mapping(self.mapping(body, where).get("match"), f"{where}.match")
            colour, origin = match.get("colour"), match.get("origin")
            if (
                (colour is None) == (origin is None)
                or (colour is not None and colour not in COLOURS)
                or origin not in (None, "faction")
            ):
                self.fail(f"{where}.match", f"expected a colour or origin: faction, found {shown(match)}")
            return Ability(
                on_build=OnBuild(
                    None if colour is None else str(colour),
                    origin == "faction",
                    self.effect(body, where, ("match",)),
                )
            )
        if key == "on_event":
            return Ability(on_event=self.on_event(body, where))
        if key == "storage":
            kinds = self.texts(self.mapping(body, where).get("goods"), f"{where}.goods")
            if not set(kinds) <= set(SUPPLY):
                self.fail(f"{where}.goods", f"unknown good in {shown(kinds)}")
            return Ability(storage=Storage(tuple(SUPPLY.index(k) for k in kinds)))
        if key == "tuck":
            given = self.mapping(body, where)
            self.keys(given, where, ("item", "gain_each", "end_scoring"))
            item = given.get("item")
            if item not in ("hand_card", "resource"):
                self.fail(f"{where}.item", f"expected hand_card or resource, found {shown(item)}")
            steps = given.get("end_scoring")
            if not isinstance(steps, list) or not all(isinstance(s, list) and len(s) == 2 for s in steps):
                self.fail(f"{where}.end_scoring", "expected a list of [at least, VP] pairs")
            return Ability(
                tuck=Tuck(
                    item == "hand_card",
                    self.goods(given.get("gain_each"), f"{where}.gain_each"),
                    tuple((self.whole(a, where, 1), self.whole(b, where, 1)) for a, b in steps),
                )
            )
        self.fail(name, f"unknown kind {label(key)}")
        return None

    def action(self, value: object, name: str) -> Action:
        given = self.mapping(value, name)
        per_round = self.whole(given.get("per_round"), f"{name}.per_round", 1, 2)
        if "modes" in given:
            self.keys(given, name, ("modes", "per_round"))
            listed = given["modes"]
            if not isinstance(listed, list) or not listed:
                self.fail(f"{name}.modes", "expected a list of prices with their effects")
            modes = tuple(self.mode(m, f"{name}.modes[{i}]") for i, m in enumerate(listed))
        else:
            modes = (self.mode({k: v for k, v in given.items() if k != "per_round"}, name),)
        return Action(modes, per_round)

    def mode(self, value: object, name: str) -> Mode:
        given = self.mapping(value, name)
        if "pay" not in given:
            self.fail(name, "an action has a price (pay)")
        return Mode(self.price(given["pay"], f"{name}.pay"), self.effect(given, name, ("pay",)))

    def on_event(self, value: object, name: str) -> OnEvent:
        given = self.mapping(value, name)
        event = given.get("event")
        if event not in Event._value2member_map_:
            self.fail(f"{name}.event", f"unknown event {shown(event)}")
        per = given.get("per")
        if per not in (None, "pair_of_workers"):
            self.fail(f"{name}.per", f"expected pair_of_workers, found {shown(per)}")
        most = given.get("max_per_round")
        return OnEvent(
            Event(str(event)),
            self.effect(given, name, ("event", "min_vp", "per", "max_per_round")),
            self.whole(given.get("min_vp", 0), f"{name}.min_vp"),
            per is not None,
            0
            if most is None
            else self.whole(
                self.mapping(most, f"{name}.max_per_round").get("worker"), f"{name}.max_per_round.worker", 1
            ),
        )

    def card(self, entry: object, deck: str) -> tuple[Card, tuple[Copy, ...]]:
        given = self.mapping(entry, "card")
        self.where = label(given.get("id"))
        kind = given.get("type")
        if kind not in ("production", "feature", "action"):
            self.fail("type", f"expected production, feature or action, found {shown(kind)}")
        colour = given.get("colour")
        colours = tuple(colour) if isinstance(colour, list) else (() if colour == "none" else (colour,))
        if not all(c in COLOURS for c in colours):
            self.fail("colour", f"unknown colour {shown(colour)}")
        raze = given.get("raze")
        bonus = given.get("build_bonus")
        card = Card(
            self.text(given.get("id"), "id"),
            self.text(given.get("name"), "name"),
            self.text(given.get("name_cs"), "name_cs"),
            self.flag(given.get("name_provisional"), "name_provisional"),
            deck,
            str(kind),
            tuple(str(c) for c in colours),
            self.price(given.get("cost"), "cost"),
            None if raze is None else self.goods(raze, "raze"),
            None if bonus is None else self.effect(bonus, "build_bonus"),
            self.whole(given.get("points"), "points", 1, 2),
            self.ability(given.get("ability"), "ability", str(kind)),
            self.text(given.get("text"), "text"),
            self.texts(given.get("rules"), "rules"),
            self.text(given.get("provenance"), "provenance"),
            self.texts(given.get("provisional_fields", []), "provisional_fields"),
        )
        if card.points != (1 if deck == "common" else 2):
            self.fail("points", "END-2: a common location scores 1, a faction location 2")
        ids = self.texts(given.get("card_ids"), "card_ids")
        if len(ids) != self.whole(given.get("copies"), "copies", 1) or not all(
            i.startswith(_PREFIX[deck]) for i in ids
        ):
            self.fail("card_ids", f"expected one printed id per copy, each starting {_PREFIX[deck]}")
        deals = given.get("deal_per_copy")
        if deck == "common":
            if deals is not None:
                self.fail("deal_per_copy", "DEAL-1: a common card has no deal")
            return card, tuple(Copy(i, card, None) for i in ids)
        if not isinstance(deals, list) or len(deals) != len(ids):
            self.fail("deal_per_copy", "expected one deal good per copy")
        goods = [self.goods(d, f"deal_per_copy[{n}]") for n, d in enumerate(deals)]
        if any(sum(1 for _ in g.units()) != 1 for g in goods):
            self.fail("deal_per_copy", "DEAL-4: a deal gives one good")
        return card, tuple(Copy(i, card, g) for i, g in zip(ids, goods, strict=True))

    def deck(self, deck: str, size: int) -> tuple[tuple[Card, ...], tuple[Copy, ...]]:
        document = self.mapping(parse_yaml(read_text(self.path, CatalogueError), self._error), "the file")
        if document.get("deck") != deck:
            self.fail("deck", f"expected {deck}, found {shown(document.get('deck'))}")
        listed = document.get("cards")
        if not isinstance(listed, list):
            self.fail("cards", "expected a list of cards")
        read = [self.card(entry, deck) for entry in listed]
        copies = tuple(c for _, made in read for c in made)
        self.where = "the file"
        if len(copies) != size or len({c.id for c in copies}) != size:
            self.fail("cards", f"expected {size} copies with printed ids of their own, found {len(copies)}")
        if len({card.key for card, _ in read}) != len(read):
            self.fail("cards", "every entry needs an id of its own")
        return tuple(card for card, _ in read), copies

    def _error(self, message: str) -> CatalogueError:
        return CatalogueError(f"{self.path}: {message}")

    def boards(self) -> tuple[Faction, ...]:
        document = self.mapping(parse_yaml(read_text(self.path, CatalogueError), self._error), "the file")
        listed = document.get("factions")
        if not isinstance(listed, list) or len(listed) != len(FACTIONS):
            self.fail("factions", f"expected the {len(FACTIONS)} faction boards")
        found = []
        for entry, name in zip(listed, FACTIONS, strict=True):
            given = self.mapping(entry, "faction")
            self.where = label(given.get("id"))
            if given.get("id") != name:
                self.fail("id", f"expected {name}")
            stores = given.get("stores")
            if stores not in SUPPLY:
                self.fail("stores", f"unknown good {shown(stores)}")
            tokens = self.mapping(given.get("special_tokens"), "special_tokens")
            production = self.goods(given.get("production"), "production", SUPPLY)
            if production.supply[SUPPLY.index("defense")] != 1:
                self.fail("production", "PROD-6: a board gives exactly 1 defense token")
            found.append(
                Faction(
                    name,
                    self.text(given.get("name"), "name"),
                    production,
                    SUPPLY.index(str(stores)),
                    self.texts(given.get("free_steps"), "free_steps"),
                    self.whole(tokens.get("egyptian_token", 0), "special_tokens.egyptian_token"),
                )
            )
        return tuple(found)


def load_components(folder: str | os.PathLike[str] | None = None) -> Components:
    """The boards and decks in ``folder`` (laid out like the bundled ``components``; None:
    the bundled ones): 84 common cards (SETUP-4), 30 cards per faction (VAR-4), four boards
    each giving 1 defense token (PROD-6); every ability in the effect vocabulary (CARD-12)."""
    try:
        where = Path(folder) if folder is not None else Path(__file__).parent / "components"
    except TypeError:
        raise CatalogueError(f"{shown(folder)}: not a folder name") from None
    factions = _File(where / "factions.yaml").boards()
    decks: dict[str, tuple[Card, ...]] = {}
    copies: dict[str, Copy] = {}
    for deck, size in (("common", 84), *((f, 30) for f in FACTIONS)):
        decks[deck], made = _File(where / f"{deck}.yaml").deck(deck, size)
        copies.update((c.id, c) for c in made)
    return Components(factions, decks, copies)


@functools.cache
def components() -> Components:
    """The bundled components, read once."""
    return load_components()
