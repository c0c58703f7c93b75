"""The move vocabulary: one frozen record per kind of decision (DESIGN "Moves").

Every move names the ``player`` who makes it. The ``type`` class attribute is the
tag used in JSON and YAML documents. Colours, tracks, sides and actions may be
given by their names (``tile="food"``). A field of the wrong type (a bool or a
float where a whole number is meant, a string where true or false is meant, None
where a value is needed) or a name that is none of the field's values makes
construction raise TypeError or ValueError naming the field.
:func:`malformed` judges a move that did not come from construction (fields
forced in afterwards): the engine refuses such a move under FLOW-2.

Each kind of move has one row of :data:`MOVE_KINDS` (:class:`MoveKind`): its class,
its name in words, its notation form and its block of the RL action space. The
notation (:mod:`hadara_rules._notation`), the action space
(:mod:`hadara_rules.rl.actions`), the text for people (:mod:`hadara_rules._text`),
the documents and the package's exports read the rows; what a move does is its
section's handler (:mod:`hadara_rules._rules`).
"""

from __future__ import annotations

import enum
import functools
from collections.abc import Callable, Mapping
from typing import Any, ClassVar, Generic, Protocol, TypeAlias, TypeVar

import attrs
from attrs import field, frozen

from boardtable.build import KINDS, compiled, exactly, type_name
from boardtable.notation import ID, NUMBER, Form, Notated, Slot, Written, flag, named

from ._errors import IllegalMove
from ._vocabulary import COLORS, TIERS, TRACKS, Color, Side, Track

#: The move vocabulary the package exports (``hadara_rules`` takes every name listed here).
__all__ = [
    "Action",
    "BuyGold",
    "BuySilver",
    "CarveStatue",
    "ChooseSide",
    "Draft",
    "FeedWithCoins",
    "Move",
    "Pass",
    "Pick",
    "RemoveCard",
    "SetWheel",
    "TakeColony",
]

_E = TypeVar("_E", bound=enum.StrEnum)


class Action(enum.StrEnum):
    """What is done with a drawn or picked card: bought or sold (DRAFT-2, PICK-1)."""

    BUY = "buy"
    SELL = "sell"
    #: Another player's draft choice as a player view shows it: made, but hidden (INFO-1).
    #: No rule accepts it as a choice.
    HIDDEN = "?"


BUY = Action.BUY
SELL = Action.SELL


def _listed(kind: type[enum.StrEnum], *members: enum.StrEnum) -> str:
    """``"A or B"``: the names of ``members`` (all of ``kind`` by default)."""
    names = [str(m) for m in (members or tuple(kind))]
    return f"{', '.join(names[:-1])} or {names[-1]}"


#: What each named field holds, as its messages say.
_SIDES = _listed(Side)
_COLORS = _listed(Color)
_TRACKS = _listed(Track)
_ACTIONS = _listed(Action, BUY, SELL)


def _member(kind: type[_E], value: object, name: str, what: str) -> _E:
    """``value`` as a member of ``kind``, given as the member or its name."""
    if type(value) is kind:
        return value
    if type(value) is str:
        member = kind._value2member_map_.get(value)
        if member is None:
            raise ValueError(f"{name} must be {what}; the text given is none of them")
        return member  # type: ignore[return-value]
    raise TypeError(f"{name} must be {what}, not {type_name(value)}")


# The converters of the named fields (named functions: the attrs plugin of the type
# checker reads their signatures).


def _side(value: Side | str) -> Side:
    return _member(Side, value, "side", _SIDES)


def _color(value: Color | str) -> Color:
    return _member(Color, value, "color", _COLORS)


def _action(value: Action | str) -> Action:
    return _member(Action, value, "action", _ACTIONS)


def _tile(value: Track | str) -> Track:
    return _member(Track, value, "tile", _TRACKS)


def _tile_or_none(value: Track | str | None) -> Track | None:
    return None if value is None else _member(Track, value, "tile", f"{_TRACKS} (or None)")


_whole = exactly(int, what="a whole number")
_flag = exactly(bool, what="true or false")
_id = exactly(str, what="an id (a text)")
_is_side = exactly(Side, what=_SIDES)
_is_color = exactly(Color, what=_COLORS)
_is_action = exactly(Action, what=_ACTIONS)
_is_tile = exactly(Track, what=_TRACKS)
_is_tile_or_none = exactly(Track, type(None), what=f"{_TRACKS} (or None)")


@frozen
class ChooseSide(Notated):
    """Advanced game: choose side A or B of the start card (SETUP-6)."""

    type: ClassVar[str] = "choose_side"
    #: The seat choosing (0 is the first seat of the configuration).
    player: int = field(validator=_whole)
    #: Side A or B of the player's start card.
    side: Side = field(converter=_side, validator=_is_side)


@frozen
class SetWheel(Notated):
    """The epoch's first player sets the wheel (WHEEL-1)."""

    type: ClassVar[str] = "set_wheel"
    #: The epoch's first player.
    player: int = field(validator=_whole)
    #: Which of the 5 rotations (0–4); see WHEEL-3 for where each crest then points.
    rotation: int = field(validator=_whole)


@frozen
class Draft(Notated):
    """Draft round: buy or sell ``card``; the other drawn card goes to its outer pile (DRAFT-2).

    ``tile`` names the free bonus tile placed when buying a PURPLE-2 card.
    """

    type: ClassVar[str] = "draft"
    #: The seat choosing.
    player: int = field(validator=_whole)
    #: The id of the drawn card that is bought or sold; the other drawn card goes to its outer pile.
    card: str = field(validator=_id)
    #: Buy or sell (``"buy"`` or ``"sell"``).
    action: Action = field(converter=_action, validator=_is_action)
    #: The free bonus tile placed on a PURPLE-2 card when buying it; None otherwise.
    tile: Track | None = field(default=None, converter=_tile_or_none, validator=_is_tile_or_none)


@frozen
class Pick(Notated):
    """Phase B: take the top card of an outer pile and buy or sell it (PICK-1)."""

    type: ClassVar[str] = "pick"
    #: The seat picking.
    player: int = field(validator=_whole)
    #: The outer pile whose top card is taken.
    color: Color = field(converter=_color, validator=_is_color)
    #: Buy or sell (``"buy"`` or ``"sell"``).
    action: Action = field(converter=_action, validator=_is_action)
    #: As in :class:`Draft`.
    tile: Track | None = field(default=None, converter=_tile_or_none, validator=_is_tile_or_none)


@frozen
class TakeColony(Notated):
    """Take the top colony of a tier and plunder it or ally with it (COLONY-1…4).

    ``pay`` is the coins paid under PURPLE-15 to lower the requirement.
    """

    type: ClassVar[str] = "take_colony"
    #: The seat taking the colony.
    player: int = field(validator=_whole)
    #: The requirement tier: 3, 9, 15, 21 or 30 (the top colony of that stack is taken).
    tier: int = field(validator=_whole)
    #: True to ally (pay the cost, turn it over, add its back); False to plunder.
    ally: bool = field(validator=_flag)
    #: Coins paid under PURPLE-15: exactly 3 per missing requirement point.
    pay: int = field(default=0, validator=_whole)


@frozen
class CarveStatue(Notated):
    """Carve a statue, placing a free bonus tile face up or down (STATUE-1…3)."""

    type: ClassVar[str] = "carve_statue"
    #: The seat carving.
    player: int = field(validator=_whole)
    #: Which of the player board's statues (0–3).
    statue: int = field(validator=_whole)
    #: The free bonus tile placed on the statue.
    tile: Track = field(converter=_tile, validator=_is_tile)
    #: True: the tile's track advances by the reward; False: the reward scores at the end.
    face_up: bool = field(validator=_flag)
    #: Coins paid under PURPLE-15, as in :class:`TakeColony`.
    pay: int = field(default=0, validator=_whole)


@frozen
class Pass(Notated):
    """End one's colony, statue or medal section."""

    type: ClassVar[str] = "pass"
    #: The seat passing.
    player: int = field(validator=_whole)


@frozen
class RemoveCard(Notated):
    """Feeding: remove one card of the tableau (FEED-2)."""

    type: ClassVar[str] = "remove_card"
    #: The seat feeding.
    player: int = field(validator=_whole)
    #: The id of the tableau card removed.
    card: str = field(validator=_id)


@frozen
class FeedWithCoins(Notated):
    """Feeding with PURPLE-6: pay 2 coins instead of removing one card."""

    type: ClassVar[str] = "feed_with_coins"
    #: The seat feeding.
    player: int = field(validator=_whole)


@frozen
class BuySilver(Notated):
    """Buy a silver medal, placing a free bonus tile on it (MEDAL-1, MEDAL-3)."""

    type: ClassVar[str] = "buy_silver"
    #: The seat buying.
    player: int = field(validator=_whole)
    #: The free bonus tile placed on the medal: the track it scores.
    tile: Track = field(converter=_tile, validator=_is_tile)


@frozen
class BuyGold(Notated):
    """Buy a gold medal (MEDAL-1, MEDAL-4)."""

    type: ClassVar[str] = "buy_gold"
    #: The seat buying.
    player: int = field(validator=_whole)


Move: TypeAlias = (
    ChooseSide
    | SetWheel
    | Draft
    | Pick
    | TakeColony
    | CarveStatue
    | Pass
    | RemoveCard
    | FeedWithCoins
    | BuySilver
    | BuyGold
)


#: Moves are immutable values, so the legal-move generators hand out shared
#: instances instead of building equal ones again and again (bots call them
#: millions of times). ``shared(Draft)(0, "I-red-01", "buy", None)`` is a Draft.
#: Global: a move is the same value with any catalogue.
shared = functools.lru_cache(maxsize=1 << 16)


def malformed(move: object) -> IllegalMove | None:
    """Why ``move`` is no well-formed move, or None (FLOW-2: only a move of the current
    section's kind is accepted, and an object that is no move, or a move whose fields
    were forced to values of the wrong type, is a move of no kind).

    Construction already refuses such fields; this catches what bypassed it
    (``object.__setattr__``, a copy from elsewhere), so that :func:`check_move`
    can refuse every object with an :class:`~hadara_rules._errors.IllegalMove`.
    A move whose fields all have a type their validators accept passes one generated
    test (:data:`WELL_TYPED`); anything else is validated field by field for the reason.
    """
    kind = type(move)
    well_typed = WELL_TYPED.get(kind)
    if well_typed is None:
        return IllegalMove(
            "FLOW-2", f"a move is one of {', '.join(_TYPE_NAMES.values())}, not {type_name(move)}"
        )
    try:
        if not well_typed(move):
            attrs.validate(move)  # type: ignore[arg-type]
    except (TypeError, ValueError, AttributeError) as exc:  # AttributeError: a field never set
        return IllegalMove("FLOW-2", f"a malformed {_TYPE_NAMES[kind]} move: {exc}")
    return None


def _well_typed(kind: type[Move]) -> Callable[[object], bool]:
    """A function telling whether every field of a ``kind`` move has a type its validator
    accepts: the validators' test, written out as one expression (generated); False for
    a move with a field never set."""
    terms: list[str] = []
    namespace: dict[str, object] = {}
    for i, field_ in enumerate(attrs.fields(kind)):
        kinds = KINDS[field_.validator]
        # None first, and by identity: an optional field is mostly left out
        alternatives = [f"m.{field_.name} is None"] if type(None) in kinds else []
        for j, allowed in enumerate(k for k in kinds if k is not type(None)):
            namespace[f"t{i}_{j}"] = allowed
            alternatives.append(f"type(m.{field_.name}) is t{i}_{j}")
        terms.append(f"({' or '.join(alternatives)})")
    lines = [
        "def well_typed(m):",
        "    try:",
        f"        return {' and '.join(terms)}",
        "    except AttributeError:",
        "        return False",
    ]
    return compiled(lines, f"field types of {kind.__name__}", namespace, "well_typed")


# --------------------------------------------------------------------------- notation


def _names(kind: type[enum.StrEnum]) -> Written:
    return named(tuple(kind))


_TILE = Slot("tile", _names(Track))
_OPTIONAL_TILE = Slot("tile", _names(Track), keyed=True)
_ACTION = Slot("action", _names(Action))
_PAY = Slot("pay", NUMBER, keyed=True)


# --------------------------------------------------------------------------- the action space
#
# The fixed integer action space of :mod:`hadara_rules.rl.actions`: one block of actions
# per kind of move, in the order of :data:`MOVE_KINDS`. Cards are addressed by where they
# lie, not by their id; the coins paid under PURPLE-15 are no part of an action (only
# one amount is legal for a colony tier or a statue in a position).

#: A draft round deals at most two cards to a player (DRAFT-1).
DRAWN_SLOTS = 2
#: Tableau slots a removal can name: more than a player can buy in a game (10 cards an epoch).
TABLEAU_SLOTS = 40
#: How a drawn or picked card is taken: sold, bought, or bought with a free tile on it (PURPLE-2).
ACQUISITIONS: tuple[tuple[Action, Track | None], ...] = (
    (Action.SELL, None),
    (Action.BUY, None),
    *((Action.BUY, track) for track in TRACKS),
)


class Seated(Protocol):
    """What an action reads of the player who makes the move: where their cards lie."""

    @property
    def drawn(self) -> tuple[str, ...]: ...
    @property
    def cards(self) -> tuple[str, ...]: ...


def _slot(items: tuple[str, ...], item: str, slots: int, what: str) -> int:
    """Where ``item`` lies among ``items``, as one of ``slots`` places of the action space."""
    index = items.index(item)
    if index >= slots:
        raise ValueError(f"{what} {index} is beyond the {slots} slots of the action space")
    return index


def _acquisition(action: Action, tile: Track | None) -> int:
    return ACQUISITIONS.index((action, tile))


# --------------------------------------------------------------------------- the kinds of move

M = TypeVar("M", bound=Move)


@frozen
class MoveKind(Generic[M]):
    """One kind of move, as everything that reads moves by their kind reads it: the
    notation, the action space and the text for people. A section's handler of the
    move (``hadara_rules/_rules``) says what the move does."""

    #: The move class.
    cls: type[M]
    #: The kind of move in words, as a position's text counts the legal moves (``take colony``).
    name: str
    #: How the notation writes it (docs/notation.md).
    form: Form
    #: How many actions its block of the action space holds.
    actions: int
    #: How the offset within the block is made, for the documentation (the bots guide).
    layout: str
    #: The move's offset within its block, given the player who makes it.
    action: Callable[[M, Seated], int]


def kind(
    cls: type[M],
    *,
    name: str,
    word: str,
    slots: tuple[Slot, ...] = (),
    actions: int,
    layout: str,
    action: Callable[[M, Seated], int],
) -> MoveKind[M]:
    """The row of ``cls``: its notation is ``P<player> <word>`` and its ``slots``; a
    keyed slot is left out at its field's default."""
    fields_of = attrs.fields_dict(cls)
    defaults = {s.field: fields_of[s.field].default for s in slots if s.keyed}
    return MoveKind(cls, name, Form(word, cls, slots, defaults), actions, layout, action)


def _first(move: Move, seat: Seated) -> int:
    """The one action of a block of one."""
    return 0


#: Every kind of move, in the order of the action space's blocks (a new kind goes last,
#: so that the actions of the others stay as they are) and of the legal moves.
MOVE_KINDS: tuple[MoveKind[Any], ...] = (
    kind(
        ChooseSide,
        name="choose side",
        word="side",
        slots=(Slot("side", _names(Side)),),
        actions=2,
        layout="side (A, B)",
        action=lambda move, seat: 0 if move.side is Side.A else 1,
    ),
    kind(
        SetWheel,
        name="set wheel",
        word="wheel",
        slots=(Slot("rotation", NUMBER),),
        actions=5,
        layout="rotation (0–4)",
        action=lambda move, seat: move.rotation,
    ),
    kind(
        Draft,
        name="draft",
        word="draft",
        slots=(Slot("card", ID), _ACTION, _OPTIONAL_TILE),
        actions=DRAWN_SLOTS * len(ACQUISITIONS),
        layout="drawn card (first, second) × way",
        action=lambda move, seat: (
            _slot(seat.drawn, move.card, DRAWN_SLOTS, "drawn card") * len(ACQUISITIONS)
            + _acquisition(move.action, move.tile)
        ),
    ),
    kind(
        Pick,
        name="pick",
        word="pick",
        slots=(Slot("color", _names(Color)), _ACTION, _OPTIONAL_TILE),
        actions=len(COLORS) * len(ACQUISITIONS),
        layout="outer pile (yellow, red, blue, green, purple) × way",
        action=lambda move, seat: (
            COLORS.index(move.color) * len(ACQUISITIONS) + _acquisition(move.action, move.tile)
        ),
    ),
    kind(
        TakeColony,
        name="take colony",
        word="colony",
        slots=(Slot("tier", NUMBER), Slot("ally", flag("plunder", "ally")), _PAY),
        actions=len(TIERS) * 2,
        layout="tier (3, 9, 15, 21, 30) × (plunder, ally)",
        action=lambda move, seat: TIERS.index(move.tier) * 2 + move.ally,
    ),
    kind(
        CarveStatue,
        name="carve statue",
        word="statue",
        slots=(Slot("statue", NUMBER), _TILE, Slot("face_up", flag("down", "up")), _PAY),
        actions=4 * len(TRACKS) * 2,
        layout="statue (0–3) × tile × (face down, face up)",
        action=lambda move, seat: (move.statue * len(TRACKS) + TRACKS.index(move.tile)) * 2 + move.face_up,
    ),
    kind(Pass, name="pass", word="pass", actions=1, layout="—", action=_first),
    kind(
        RemoveCard,
        name="remove card",
        word="remove",
        slots=(Slot("card", ID),),
        actions=TABLEAU_SLOTS,
        layout=f"tableau slot (0–{TABLEAU_SLOTS - 1}, in buying order)",
        action=lambda move, seat: _slot(seat.cards, move.card, TABLEAU_SLOTS, "tableau slot"),
    ),
    kind(FeedWithCoins, name="feed with coins", word="feed", actions=1, layout="—", action=_first),
    kind(
        BuySilver,
        name="buy silver",
        word="silver",
        slots=(_TILE,),
        actions=len(TRACKS),
        layout="tile",
        action=lambda move, seat: TRACKS.index(move.tile),
    ),
    kind(BuyGold, name="buy gold", word="gold", actions=1, layout="—", action=_first),
)

#: Every move class, in the order of :data:`MOVE_KINDS`.
MOVE_TYPES: tuple[type[Move], ...] = tuple(row.cls for row in MOVE_KINDS)
#: The row of each move class.
KIND_OF: Mapping[type[object], MoveKind[Any]] = {row.cls: row for row in MOVE_KINDS}
#: Every kind of move as the notation writes it (the table of docs/notation.md).
NOTATION: Mapping[type[object], Form] = {row.cls: row.form for row in MOVE_KINDS}

_TYPE_NAMES: dict[type[object], str] = {kind: kind.type for kind in MOVE_TYPES}
#: For each move class, the quick test that every field of a move has a type its
#: validator accepts (:func:`malformed` says why a move fails it).
WELL_TYPED: Mapping[type[object], Callable[[object], bool]] = {kind: _well_typed(kind) for kind in MOVE_TYPES}
