"""The moves: frozen values naming their player and everything they decide (ENG-2, ENG-9).

A payment (``pay``) is a supply: the workers, wood, stone, food, gold, raze and defense
tokens paid, gold standing for wood, stone or food (GOODS-2).
"""

from __future__ import annotations

from collections.abc import Mapping
from operator import attrgetter
from typing import Any, TypeVar

import attrs
from attrs import frozen

from boardtable.notation import written

from ._goods import Supply
from ._model import Deck

__all__ = [
    "ANSWERED",
    "ANSWERS",
    "MOVE_TAGS",
    "TAKEN",
    "Activate",
    "Build",
    "Choose",
    "Convert",
    "Defend",
    "Discard",
    "Done",
    "Draw",
    "Keep",
    "MakeDeal",
    "Move",
    "Pass",
    "Pick",
    "Raze",
    "RazeCard",
    "Repeat",
    "Samurai",
    "Skip",
    "Spend",
    "Tuck",
    "answering",
    "unanswered",
]


@frozen
class Move:
    """A move of ``player``; ``str(move)`` is its one-line notation (``P0 build card=com005
    pay=1wood,1stone``), which :func:`~imperial_settlers_rules.parse_move` reads back."""

    player: int

    __str__ = written


@frozen
class Pick(Move):
    """LOOK-2, LOOK-3: take ``card`` from the revealed cards."""

    card: str


@frozen
class Draw(Move):
    """GOODS-7, PROD-4: draw the card owed from ``deck`` (a card after one seen; the first card
    of a move is drawn from the deck the move names, ENG-9)."""

    deck: Deck


@frozen
class Choose(Move):
    """CARD-14: take option ``option`` (0-based) of a choice of gains in production (PROD-4;
    elsewhere the move causing it names it, ENG-9)."""

    option: int


@frozen
class Keep(Move):
    """CARD-23: keep ``card`` of the cards drawn."""

    card: str


@frozen
class Repeat(Move):
    """CARD-8, CARD-9: ``location`` produces once more (Farmers At Work in production; built,
    the build names it, ENG-9)."""

    location: str


@frozen
class Convert(Move):
    """CARD-27: give back ``give`` (good names, one per good, sorted) of the goods the deals
    just produced, for 1 VP each."""

    give: tuple[str, ...]


@frozen
class Discard(Move):
    """CARD-25: discard ``card`` from the hand (the opponent of Desert's owner chooses)."""

    card: str


@frozen
class Skip(Move):
    """CARD-7, CARD-11: do not build or activate again."""


@frozen
class Build(Move):
    """BUILD-1: build ``card`` from the hand (or, after Negotiator, a deal), paying ``pay`` and
    discarding ``discard`` (an own location or foundation) where the cost asks for it
    (BUILD-3); ``option`` is Slaver's optional purchase (ENG-6), None for none, its price
    paid with the cost in ``pay`` (ENG-2).

    ENG-9: what the effects of the build decide before a hidden card is seen: ``choice``,
    the option (0-based) of each ``gain_choice`` in the order carried out (CARD-14);
    ``deck``, the deck of the first card drawn where no card is seen before it (GOODS-7);
    ``repeat``, the production location Farmers At Work produces again (CARD-9);
    ``samurai``, the locations Ninjas' samurai go to (CARD-29)."""

    card: str
    pay: Supply
    discard: str | None = None
    option: int | None = None
    choice: tuple[int, ...] = ()
    deck: Deck | None = None
    repeat: str | None = None
    samurai: tuple[str, ...] = ()


@frozen
class MakeDeal(Move):
    """DEAL-1, DEAL-2: make ``card`` a deal, paying ``pay`` (1 food or 1 gold); ``deck``: the
    deck of the card a card deal gives at once (ENG-9, GOODS-7)."""

    card: str
    pay: Supply
    deck: Deck | None = None


@frozen
class RazeCard(Move):
    """RAZE-2: raze ``card`` from the hand with 1 raze token; ``deck``: the deck of the first
    card its raze field gives (ENG-9, GOODS-7)."""

    card: str
    deck: Deck | None = None


@frozen
class Raze(Move):
    """RAZE-3, RAZE-4: raze ``location`` of ``opponent`` with raze tokens; ``deck``: the deck
    of the first card its raze field gives (ENG-9, GOODS-7)."""

    opponent: int
    location: str
    deck: Deck | None = None


@frozen
class Activate(Move):
    """ACTLOC-1: activate ``location``, paying ``pay`` (and ``cards`` from the hand, ``deal``
    an own deal by its place among the deals, ACTLOC-5), ``times`` times (ACTLOC-3), in
    price ``mode`` (ACTLOC-7).

    What its special operation acts on: ``opponent``, ``target`` (a location or a hand card
    by its printed id; a deal by its place among its owner's deals, whose cards only their
    deal fields show, DEAL-3) and ``goods`` (the good taken, or the raze field's goods taken
    as VP instead, CARD-13).

    ENG-9: ``choice``, ``deck`` and ``repeat`` as for :class:`Build` (``repeat``: what Farmers
    At Work produces again where Porters repeat it)."""

    location: str
    pay: Supply
    times: int = 1
    mode: int = 0
    cards: tuple[str, ...] = ()
    deal: int | None = None
    opponent: int | None = None
    target: str | int | None = None
    goods: tuple[str, ...] = ()
    choice: tuple[int, ...] = ()
    deck: Deck | None = None
    repeat: str | None = None


@frozen
class Spend(Move):
    """WORK-1: spend 2 workers per good taken: ``take`` is (wood, stone, food, cards);
    ``deck``: the deck of the first card taken (ENG-9, GOODS-7; the player sees it before
    choosing the next one's)."""

    take: tuple[int, int, int, int]
    deck: Deck | None = None


@frozen
class Pass(Move):
    """ACT-4: take no further action this round."""


@frozen
class Done(Move):
    """ACT-8: end the turn after its action and the free steps wanted after it."""


@frozen
class Defend(Move):
    """DEF-2: put a defense token on own common ``location`` (a free step, ACT-8)."""

    location: str


@frozen
class Samurai(Move):
    """FAC-JAP-3: put a worker as a samurai on own faction ``location`` (a free step)."""

    location: str


@frozen
class Tuck(Move):
    """CARD-26: put ``item`` (a hand card under a Gate, or wood, stone or food on a Shrine)
    under or on ``location`` for good (a free step)."""

    location: str
    item: str


#: Each kind of move by its tag, in documents (``type``) and in the notation.
MOVE_TAGS: Mapping[str, type[Move]] = {
    "pick": Pick,
    "draw": Draw,
    "choose": Choose,
    "keep": Keep,
    "repeat": Repeat,
    "convert": Convert,
    "discard": Discard,
    "skip": Skip,
    "build": Build,
    "make_deal": MakeDeal,
    "raze_card": RazeCard,
    "raze": Raze,
    "activate": Activate,
    "spend": Spend,
    "pass": Pass,
    "done": Done,
    "defend": Defend,
    "samurai": Samurai,
    "tuck": Tuck,
}
M = TypeVar("M", bound=Move)
#: ENG-9: the fields in which a move decides in advance what its effects ask.
ANSWERS = ("choice", "deck", "repeat", "samurai")


def answering(move: M, answers: Mapping[str, object]) -> M:
    """``move`` deciding in advance ``answers`` (fields of :data:`ANSWERS`, ENG-9): made by its
    class from its fields in order (no copy of attrs' evolve, a move having no validators), each
    answer written at its field's place (a name that is not a field of the move is passed over)."""
    kind: Any = type(move)
    places, fields = _FIELDS[kind]
    values = list(fields(move))
    for name, value in answers.items():
        place = places.get(name)
        if place is not None:
            values[place] = value
    made: M = kind(*values)
    return made


#: ENG-9: the moves that decide in advance what their effects ask.
ANSWERED = (Build, Activate, Spend, MakeDeal, RazeCard, Raze)
#: Each answered kind's places of its fields by name, and a getter of their values in order.
_FIELDS: dict[type[Any], tuple[dict[str, int], attrgetter[tuple[Any, ...]]]] = {
    kind: ({name: place for place, name in enumerate(names)}, attrgetter(*names))
    for kind in ANSWERED
    for names in [tuple(f.name for f in attrs.fields(kind))]
}


def unanswered(move: M) -> M:
    """``move`` without what it decides in advance (ENG-9): those fields at their defaults."""
    if not isinstance(move, ANSWERED):
        return move
    fields = attrs.fields_dict(type(move))
    return answering(move, {name: fields[name].default for name in ANSWERS if name in fields})


#: The goods of a spend's ``take``, in order (WORK-1).
TAKEN = ("wood", "stone", "food", "card")
