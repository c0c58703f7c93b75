"""The events: what happened, by the rule that made it happen.

The classes of :mod:`hadara_rules.events`, defined below the rule modules so that
each section can tell its own moves and steps (a handler's ``narrate``, a
section's ``narrate_step``). Each event says itself in one line (``str(event)``).
"""

from __future__ import annotations

import enum
import re
from collections.abc import Iterator
from typing import ClassVar, TypeAlias

from attrs import frozen

from boardtable.screen import counted

from ._vocabulary import ROMAN, TRACKS, Color, Phase, Section, Side, Track, Tracks

#: How an event shows a card id its viewer may not see (INFO-1).
UNSEEN = "?"


def back_id(epoch: int, color: Color) -> str:
    """How a card lying face down is shown to a viewer who did not see its face: by its back,
    which shows the card's epoch and colour (``?I-red``; SELL-1, INFO-1)."""
    return f"{UNSEEN}{ROMAN[epoch]}-{color.value}"


def _who(seat: int | None) -> str:
    """How an event names its player: ``P2``, or the whole table."""
    return "the table" if seat is None else f"P{seat}"


def _a(word: str) -> str:
    """``word`` with its indefinite article: "a food", "an income"."""
    return f"{'an' if word[0] in 'aeiou' else 'a'} {word}"


def _card(card_id: str) -> str:
    """A card id as an event shows it: the id, "a hidden card" for one its viewer may not see,
    or the colour and epoch of its back (:func:`back_id`) for one it saw only from behind."""
    if card_id == UNSEEN:
        return "a hidden card"
    if card_id.startswith(UNSEEN):
        epoch, _, color = card_id.removeprefix(UNSEEN).partition("-")
        return f"a hidden {color} card of epoch {epoch}"
    return card_id


def signed(amount: int, unit: str) -> str:
    """``+2 coins``, ``-1 step``: the amount with its sign, the unit singular for one."""
    return ("+" if amount >= 0 else "") + counted(amount, unit)


def colony_name(colony_id: str) -> str:
    """A colony as a player names it: a front seen without its back
    (:func:`~hadara_rules.view.front_id`, ``front-3-4-2-1``) by its tier and printed points,
    ``a tier-3 colony (1 point)``; one nobody may see, ``a hidden colony``; any other by its id
    (COLONY-2, INFO-1)."""
    if colony_id == UNSEEN:
        return "a hidden colony"
    front = re.fullmatch(r"front-(\d+)-\d+-\d+-(\d+)", colony_id)
    if front is None:
        return f"colony {colony_id}"
    return f"a tier-{front[1]} colony ({counted(int(front[2]), 'point')})"


def _epoch(epoch: int) -> str:
    return ROMAN.get(epoch, str(epoch))


class CoinReason(enum.StrEnum):
    """Why coins were paid or received."""

    START = "start"
    PRICE = "price"
    SALE = "sale"
    INCOME = "income"
    PLUNDER = "plunder"
    ALLY_COST = "ally cost"
    REQUIREMENT = "requirement"
    MEDAL = "medal"
    FEEDING = "feeding"
    BONUS = "bonus"


@frozen(kw_only=True)
class Event:
    """Something that happened, by the rule that made it happen."""

    #: The tag of the event in documents.
    type: ClassVar[str] = "event"
    #: The rule ID.
    rule: str
    #: The seat it happened to; None for the whole table.
    player: int | None

    def __str__(self) -> str:
        """The event in one line with its rule, as ``hadara play`` prints it:
        ``P1 buys I-blue-03 with a food tile on it (BUY-3)``, ``P1: -3 coins (price) (BUY-1)``."""
        return f"{self._words()} ({self.rule})"

    def _words(self) -> str:
        """The line without its rule."""
        return f"{_who(self.player)}: {self.type.replace('_', ' ')}"


@frozen(kw_only=True)
class SectionStarted(Event):
    """A section of the epoch begins (EPOCH-1)."""

    type: ClassVar[str] = "section_started"
    #: The epoch, 1 to 3.
    epoch: int
    #: The phase of the epoch: A (the wheel, the draft, income, colonies, statues) or B (picking, income,
    #: colonies, statues, feeding, medals), EPOCH-1.
    phase: Phase
    #: The section that begins.
    section: Section

    def _words(self) -> str:
        return (
            f"The {self.section.value} section of epoch {_epoch(self.epoch)}, phase {self.phase.value} begins"
        )


@frozen(kw_only=True)
class EpochStarted(Event):
    """An epoch begins; ``player`` is its first player (EPOCH-2, START-1/2)."""

    type: ClassVar[str] = "epoch_started"
    #: The epoch that begins, 1 to 3.
    epoch: int

    def _words(self) -> str:
        return f"Epoch {_epoch(self.epoch)} begins; {_who(self.player)} is its first player"


@frozen(kw_only=True)
class SideChosen(Event):
    """A start card's side was chosen (SETUP-6)."""

    type: ClassVar[str] = "side_chosen"
    #: The side of the start card the player plays, A or B.
    side: Side

    def _words(self) -> str:
        return f"{_who(self.player)} plays side {self.side.value} of their start card"


@frozen(kw_only=True)
class WheelSet(Event):
    """The first player set the wheel (WHEEL-1)."""

    type: ClassVar[str] = "wheel_set"
    #: The wheel's rotation, 0 to 4: which deck each crest points at (WHEEL-1, WHEEL-3).
    rotation: int

    def _words(self) -> str:
        return f"{_who(self.player)} sets the wheel to rotation {self.rotation}"


@frozen(kw_only=True)
class CardsDrawn(Event):
    """A player drew cards from the deck their crest points at (DRAFT-1)."""

    type: ClassVar[str] = "cards_drawn"
    #: The cards drawn, by id, in the order drawn; each is ``?`` to a viewer who may not see it.
    cards: tuple[str, ...]

    def _words(self) -> str:
        if self.cards and all(card == UNSEEN for card in self.cards):
            return f"{_who(self.player)} draws {counted(len(self.cards), 'hidden card')}"
        return f"{_who(self.player)} draws {' and '.join(map(_card, self.cards)) or 'nothing'}"


@frozen(kw_only=True)
class DraftChosen(Event):
    """A player chose in a draft round; what, the round's resolution tells (DRAFT-3)."""

    type: ClassVar[str] = "draft_chosen"

    def _words(self) -> str:
        return f"{_who(self.player)} chooses"


@frozen(kw_only=True)
class CardBought(Event):
    """A card joined a tableau (BUY-3), with the bonus tile placed on it (PURPLE-2)."""

    type: ClassVar[str] = "card_bought"
    #: The card bought, by id.
    card: str
    #: The track of the free bonus tile placed on it (a PURPLE-2 card); None for any other card.
    tile: Track | None = None

    def _words(self) -> str:
        tile = f" with {_a(self.tile.value)} tile on it" if self.tile is not None else ""
        return f"{_who(self.player)} buys {self.card}{tile}"


@frozen(kw_only=True)
class CardSold(Event):
    """A card was sold, face down (SELL-1)."""

    type: ClassVar[str] = "card_sold"
    #: The card sold, by id; ``?`` to a viewer who may not see it (it goes face down).
    card: str

    def _words(self) -> str:
        return f"{_who(self.player)} sells {_card(self.card)}"


@frozen(kw_only=True)
class CardPassedOn(Event):
    """The other drawn card went to its colour's outer pile (DRAFT-2)."""

    type: ClassVar[str] = "card_passed_on"
    #: The card put on its colour's outer pile, by id.
    card: str

    def _words(self) -> str:
        return f"{_who(self.player)} puts {_card(self.card)} on its colour's outer pile"


@frozen(kw_only=True)
class CardRemoved(Event):
    """A card left the tableau at feeding (FEED-2)."""

    type: ClassVar[str] = "card_removed"
    #: The card removed from the tableau, by id.
    card: str

    def _words(self) -> str:
        return f"{_who(self.player)} removes {self.card} from their tableau"


@frozen(kw_only=True)
class ColonyTaken(Event):
    """A colony was plundered or allied with (COLONY-4)."""

    type: ClassVar[str] = "colony_taken"
    #: The colony, by id; by its front's id to a viewer who has not seen its back.
    colony: str
    #: True for an alliance (its back turned up), false for a plunder.
    allied: bool

    def _words(self) -> str:
        return (
            f"{_who(self.player)} {'allies with' if self.allied else 'plunders'} {colony_name(self.colony)}"
        )


@frozen(kw_only=True)
class StatueCarved(Event):
    """A statue was carved with a bonus tile on it (STATUE-3)."""

    type: ClassVar[str] = "statue_carved"
    #: The statue, by its index 0 to 3 (STATUE-2).
    statue: int
    #: The track of the bonus tile placed on it.
    tile: Track
    #: Whether the tile lies face up (its track steps up) or face down.
    face_up: bool

    def _words(self) -> str:
        face = "face up" if self.face_up else "face down"
        return f"{_who(self.player)} carves statue {self.statue} with {_a(self.tile.value)} tile {face}"


@frozen(kw_only=True)
class MedalBought(Event):
    """A silver medal (with its tile) or a gold medal was bought (MEDAL-1)."""

    type: ClassVar[str] = "medal_bought"
    #: True for a gold medal, false for a silver one.
    gold: bool
    #: The track of the bonus tile a silver medal takes; None for a gold medal.
    tile: Track | None = None

    def _words(self) -> str:
        tile = f" ({self.tile.value} tile)" if self.tile is not None else ""
        return f"{_who(self.player)} buys a {'gold' if self.gold else 'silver'} medal{tile}"


@frozen(kw_only=True)
class Passed(Event):
    """A player ended their turn in the section: by passing, or passed over because
    nothing was left for them to decide (COLONY-1, STATUE-1, FEED-1, MEDAL-1)."""

    type: ClassVar[str] = "passed"
    #: True when the engine passed the player over without a move.
    automatic: bool = False

    def _words(self) -> str:
        return f"{_who(self.player)} {'is passed over' if self.automatic else 'passes'}"


@frozen(kw_only=True)
class CoinsChanged(Event):
    """Coins received (a positive ``amount``) or paid (a negative one)."""

    type: ClassVar[str] = "coins"
    #: The coins received (positive) or paid (negative).
    amount: int
    #: Why: a price, a sale, income, a colony's plunder, feeding...
    reason: CoinReason

    def _words(self) -> str:
        return f"{_who(self.player)}: {self._detail()}"

    def _detail(self) -> str:
        """The coins and why, without the player: ``-3 coins (price)``."""
        return f"{signed(self.amount, 'coin')} ({self.reason.value})"


@frozen(kw_only=True)
class TrackMoved(Event):
    """A track marker moved (TRACK-1)."""

    type: ClassVar[str] = "track"
    #: The track whose marker moved.
    track: Track
    #: The steps it moved: up (positive) or down (negative).
    steps: int

    def _words(self) -> str:
        return f"{_who(self.player)}: {self._detail()}"

    def _detail(self) -> str:
        """The steps, without the player: ``food +2 steps``."""
        return f"{self.track.value} {signed(self.steps, 'step')}"


@frozen(kw_only=True)
class GameOver(Event):
    """Final scoring (EPOCH-3, SCORE-1…7): each seat's total, and the winners."""

    type: ClassVar[str] = "game_over"
    #: Each seat's final points, in seat order.
    totals: tuple[int, ...]
    #: The seats that won (several where a tie stands after the coins, SCORE-7).
    winners: tuple[int, ...]

    def _words(self) -> str:
        totals = ", ".join(f"P{seat} {counted(total, 'point')}" for seat, total in enumerate(self.totals))
        won = " and ".join(f"P{seat}" for seat in self.winners)
        verb = "wins" if len(self.winners) == 1 else "share the victory"
        return f"Game over: {totals}; {won} {verb}"


#: Every kind of event.
EVENT_TYPES: tuple[type[Event], ...] = (
    SectionStarted,
    EpochStarted,
    SideChosen,
    WheelSet,
    CardsDrawn,
    DraftChosen,
    CardBought,
    CardSold,
    CardPassedOn,
    CardRemoved,
    ColonyTaken,
    StatueCarved,
    MedalBought,
    Passed,
    CoinsChanged,
    TrackMoved,
    GameOver,
)

Events: TypeAlias = tuple[Event, ...]


def coins(seat: int, amount: int, reason: CoinReason, rule: str) -> Iterator[Event]:
    """The coins ``seat`` received (or paid, a negative ``amount``), if any."""
    if amount:
        yield CoinsChanged(rule=rule, player=seat, amount=amount, reason=reason)


def steps(seat: int, gained: Tracks, lost: Tracks, rule: str) -> Iterator[Event]:
    """The track steps ``seat`` made, ``gained`` less ``lost``, track by track."""
    for track in TRACKS:
        moved = gained.get(track) - lost.get(track)
        if moved:
            yield TrackMoved(rule=rule, player=seat, track=track, steps=moved)
