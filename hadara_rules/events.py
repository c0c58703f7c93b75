"""What happened: the events of a move and of the automatic steps that follow it.

:func:`apply_move_with_events` plays a move as :func:`~hadara_rules.apply_move`
does and says, step by step, what happened: sections and epochs beginning,
cards drawn, bought, sold, passed on and removed, colonies, statues and medals
taken, every coin paid or received with its reason, every track step, and the
end of the game with its scores. Each event names its player (or none) and the
rule that made it happen. The coins and track steps of the events add up exactly
to the difference between the two positions.

The events are worked out from each step's position before and after, so
:func:`~hadara_rules.apply_move` does no work for them. :func:`events_seen_by`
hides from a player what their view hides (INFO-1): the cards other players
drew and the cards they sold from their hands, and the backs of plundered colonies
(named by their fronts, as the view names them).
"""

from __future__ import annotations

import enum
from collections.abc import Iterator
from typing import ClassVar, TypeAlias

from attrs import evolve, frozen

from . import _effects as effects
from ._components import Card
from ._copy import replace
from ._effects import COINS_PER_FED_CARD
from ._engine import played
from ._flow import SECTIONS, automatic_step, seat_in_turn
from ._model import GameState, PlayerState
from ._moves import (
    BuyGold,
    BuySilver,
    CarveStatue,
    ChooseSide,
    Draft,
    FeedWithCoins,
    Move,
    Pass,
    Pick,
    RemoveCard,
    SetWheel,
    TakeColony,
)
from ._rules.acquire import acquire, owned_colors, price, sell_value
from ._rules.medals import gold_price, silver_price
from ._rules.scoring import score, winners
from ._vocabulary import COLOR_INDEX, ROMAN, TIER_INDEX, TRACKS, Phase, Section, Side, Track, Tracks
from .catalogue import Catalogue, load_catalogue
from .view import front_id

#: How an event shows a card id its viewer may not see (INFO-1).
UNSEEN = "?"


def _who(seat: int | None) -> str:
    """How an event names its player: ``P2``, or the whole table."""
    return "the table" if seat is None else f"P{seat}"


def _a(word: str) -> str:
    """``word`` with its indefinite article: "a food", "an income"."""
    return f"{'an' if word[0] in 'aeiou' else 'a'} {word}"


def _card(card_id: str) -> str:
    """A card id as an event shows it: the id, or "a hidden card" for one its viewer may not see."""
    return "a hidden card" if card_id == UNSEEN else card_id


def _signed(amount: int, unit: str) -> str:
    """``+2 coins``, ``-1 step``: the amount with its sign, the unit singular for one."""
    return f"{amount:+d} {unit if abs(amount) == 1 else unit + 's'}"


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
    epoch: int
    phase: Phase
    section: Section

    def _words(self) -> str:
        return (
            f"The {self.section.value} section of epoch {_epoch(self.epoch)}, phase {self.phase.value} begins"
        )


@frozen(kw_only=True)
class EpochStarted(Event):
    """An epoch begins; ``player`` is its first player (EPOCH-2, START-1/2)."""

    type: ClassVar[str] = "epoch_started"
    epoch: int

    def _words(self) -> str:
        return f"Epoch {_epoch(self.epoch)} begins; {_who(self.player)} is its first player"


@frozen(kw_only=True)
class SideChosen(Event):
    """A start card's side was chosen (SETUP-6)."""

    type: ClassVar[str] = "side_chosen"
    side: Side

    def _words(self) -> str:
        return f"{_who(self.player)} plays side {self.side.value} of their start card"


@frozen(kw_only=True)
class WheelSet(Event):
    """The first player set the wheel (WHEEL-1)."""

    type: ClassVar[str] = "wheel_set"
    rotation: int

    def _words(self) -> str:
        return f"{_who(self.player)} sets the wheel to rotation {self.rotation}"


@frozen(kw_only=True)
class CardsDrawn(Event):
    """A player drew cards from the deck their crest points at (DRAFT-1)."""

    type: ClassVar[str] = "cards_drawn"
    cards: tuple[str, ...]

    def _words(self) -> str:
        if self.cards and all(card == UNSEEN for card in self.cards):
            return f"{_who(self.player)} draws {len(self.cards)} hidden cards"
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
    card: str
    tile: Track | None = None

    def _words(self) -> str:
        tile = f" with {_a(self.tile.value)} tile on it" if self.tile is not None else ""
        return f"{_who(self.player)} buys {self.card}{tile}"


@frozen(kw_only=True)
class CardSold(Event):
    """A card was sold, face down (SELL-1)."""

    type: ClassVar[str] = "card_sold"
    card: str

    def _words(self) -> str:
        return f"{_who(self.player)} sells {_card(self.card)}"


@frozen(kw_only=True)
class CardPassedOn(Event):
    """The other drawn card went to its colour's outer pile (DRAFT-2)."""

    type: ClassVar[str] = "card_passed_on"
    card: str

    def _words(self) -> str:
        return f"{_who(self.player)} puts {_card(self.card)} on its colour's outer pile"


@frozen(kw_only=True)
class CardRemoved(Event):
    """A card left the tableau at feeding (FEED-2)."""

    type: ClassVar[str] = "card_removed"
    card: str

    def _words(self) -> str:
        return f"{_who(self.player)} removes {self.card} from their tableau"


@frozen(kw_only=True)
class ColonyTaken(Event):
    """A colony was plundered or allied with (COLONY-4)."""

    type: ClassVar[str] = "colony_taken"
    colony: str
    allied: bool

    def _words(self) -> str:
        return f"{_who(self.player)} {'allies with' if self.allied else 'plunders'} colony {self.colony}"


@frozen(kw_only=True)
class StatueCarved(Event):
    """A statue was carved with a bonus tile on it (STATUE-3)."""

    type: ClassVar[str] = "statue_carved"
    statue: int
    tile: Track
    face_up: bool

    def _words(self) -> str:
        face = "face up" if self.face_up else "face down"
        return f"{_who(self.player)} carves statue {self.statue} with {_a(self.tile.value)} tile {face}"


@frozen(kw_only=True)
class MedalBought(Event):
    """A silver medal (with its tile) or a gold medal was bought (MEDAL-1)."""

    type: ClassVar[str] = "medal_bought"
    gold: bool
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
    amount: int
    reason: CoinReason

    def _words(self) -> str:
        return f"{_who(self.player)}: {self._detail()}"

    def _detail(self) -> str:
        """The coins and why, without the player: ``-3 coins (price)``."""
        return f"{_signed(self.amount, 'coin')} ({self.reason.value})"


@frozen(kw_only=True)
class TrackMoved(Event):
    """A track marker moved (TRACK-1)."""

    type: ClassVar[str] = "track"
    track: Track
    steps: int

    def _words(self) -> str:
        return f"{_who(self.player)}: {self._detail()}"

    def _detail(self) -> str:
        """The steps, without the player: ``food +2 steps``."""
        return f"{self.track.value} {_signed(self.steps, 'step')}"


@frozen(kw_only=True)
class GameOver(Event):
    """Final scoring (EPOCH-3, SCORE-1…7): each seat's total, and the winners."""

    type: ClassVar[str] = "game_over"
    totals: tuple[int, ...]
    winners: tuple[int, ...]

    def _words(self) -> str:
        totals = ", ".join(f"P{seat} {total}" for seat, total in enumerate(self.totals))
        won = " and ".join(f"P{seat}" for seat in self.winners)
        verb = "wins" if len(self.winners) == 1 else "share the victory"
        return f"Game over: {totals} points; {won} {verb}"


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


def apply_move_with_events(state: GameState, move: Move, check: bool = True) -> tuple[GameState, Events]:
    """:func:`~hadara_rules.apply_move`, with the events of the move and of every
    automatic step that follows it, in the order they happened."""
    after = played(state, move, check)
    events = list(move_events(state, move))
    while (changes := automatic_step(after)) is not None:
        following = replace(after, **changes)
        events.extend(_step_events(after, following))
        after = following
    return after, tuple(events)


def events_seen_by(events: Events, viewer: int, catalogue: Catalogue | None = None) -> Events:
    """``events`` as ``viewer`` sees them (INFO-1): each names only what the viewer's views
    before and after show. Other players' drawn cards, and the cards they sold from their
    hands in a draft round, are shown as :data:`UNSEEN`; a plundered colony (its back seen
    by nobody) by its front, as :func:`~hadara_rules.player_view` shows it
    (:func:`~hadara_rules.view.front_id`). ``catalogue`` is the game's (default: the bundled
    one); a plundered colony it does not have is shown as :data:`UNSEEN`."""
    colonies = (load_catalogue() if catalogue is None else catalogue).colonies
    seen: list[Event] = []
    for event in events:
        if event.player != viewer and isinstance(event, CardsDrawn):
            event = evolve(event, cards=tuple(UNSEEN for _ in event.cards))
        elif event.player != viewer and isinstance(event, CardSold) and event.rule == "DRAFT-2":
            event = evolve(event, card=UNSEEN)
        elif isinstance(event, ColonyTaken) and not event.allied:
            colony = colonies.get(event.colony)
            event = evolve(event, colony=UNSEEN if colony is None else front_id(colony))
        seen.append(event)
    return tuple(seen)


# --------------------------------------------------------------------------- coins and tracks


def _coins(seat: int, amount: int, reason: CoinReason, rule: str) -> Iterator[Event]:
    if amount:
        yield CoinsChanged(rule=rule, player=seat, amount=amount, reason=reason)


def _steps(seat: int, gained: Tracks, lost: Tracks, rule: str) -> Iterator[Event]:
    for track in TRACKS:
        steps = gained.get(track) - lost.get(track)
        if steps:
            yield TrackMoved(rule=rule, player=seat, track=track, steps=steps)


def _effect_steps(player: PlayerState, state: GameState) -> dict[str, Tracks]:
    """The standing track steps of the player's effects, by the effect's rule (PURPLE-2…4)."""
    by_rule: dict[str, Tracks] = {}
    for effect, card in effects.effect_totals(player.cards, state.catalogue).counted:
        if effect.steps is not None:
            steps = effect.steps(player, card, state.catalogue)
            by_rule[effect.rule] = by_rule.get(effect.rule, Tracks()).plus(steps)
    return by_rule


def _effect_step_events(
    seat: int, before: PlayerState, after: PlayerState, state: GameState
) -> Iterator[Event]:
    """How the standing steps of the player's effects changed (PURPLE-2, -3, -4)."""
    old, new = _effect_steps(before, state), _effect_steps(after, state)
    for rule in sorted({*old, *new}, key=lambda r: int(r.split("-")[1])):
        yield from _steps(seat, new.get(rule, Tracks()), old.get(rule, Tracks()), rule)


# --------------------------------------------------------------------------- buying and selling


def _acquired(
    state: GameState, seat: int, card: Card, action: str, tile: Track | None, rule: str
) -> Iterator[Event]:
    """A card bought (BUY-1…3, PURPLE-2…4) or sold (SELL-1, PURPLE-1) by ``seat``, judged in
    ``state`` (the position the purchase is made from)."""
    player = state.players[seat]
    if action == "sell":
        yield CardSold(rule=rule, player=seat, card=card.id)
        bonus = effects.sell_bonus(player, state.catalogue)
        yield from _coins(seat, sell_value(state, player, card) - bonus, CoinReason.SALE, "SELL-1")
        yield from _coins(seat, bonus, CoinReason.BONUS, "PURPLE-1")
        return
    yield CardBought(rule="BUY-3", player=seat, card=card.id, tile=tile)
    yield from _coins(seat, -price(card, owned_colors(state, player)), CoinReason.PRICE, "BUY-1")
    yield from _steps(seat, card.values, Tracks(), "BUY-3")
    after = effects.on_gain(replace(player, cards=(*player.cards, card.id)), card, tile)
    yield from _effect_step_events(seat, player, after, state)


# --------------------------------------------------------------------------- the move


def player_after(state: GameState, move: Move) -> PlayerState:
    """The mover as the move leaves them, before any automatic step: played by the
    section's own handler; a draft choice as its round's resolution will leave them (DRAFT-2)."""
    if isinstance(move, Draft):
        player = state.players[move.player]
        return acquire(state, player, state.catalogue.cards[move.card], move.action, move.tile)
    changes = SECTIONS[state.section].moves[type(move)].play(state, move)
    return changes.get("players", state.players)[move.player]


def move_events(before: GameState, move: Move, front_only: bool = False) -> Iterator[Event]:
    """The events of the move itself, before any automatic step; with ``front_only``, as
    the table knows them before the move: a colony taken is named by its front and its
    back's track steps are left out (INFO-1)."""
    seat = move.player
    player = before.players[seat]
    catalogue = before.catalogue
    if isinstance(move, ChooseSide):
        side = catalogue.start_cards[player.start_card].side(move.side)
        yield SideChosen(rule="SETUP-6", player=seat, side=move.side)
        yield from _coins(seat, side.coins, CoinReason.START, "SETUP-6")
        yield from _steps(seat, side.values, player.tracks, "SETUP-6")
    elif isinstance(move, SetWheel):
        yield WheelSet(rule="WHEEL-1", player=seat, rotation=move.rotation)
    elif isinstance(move, Draft):
        yield DraftChosen(rule="DRAFT-3", player=seat)
    elif isinstance(move, Pick):
        pile = before.outer_piles[COLOR_INDEX[move.color]]
        yield from _acquired(before, seat, catalogue.cards[pile[-1]], move.action, move.tile, "PICK-1")
    elif isinstance(move, TakeColony):
        yield from _colony_events(before, move, front_only)
    elif isinstance(move, CarveStatue):
        statue = catalogue.statues[move.statue]
        yield StatueCarved(
            rule="STATUE-3", player=seat, statue=move.statue, tile=move.tile, face_up=move.face_up
        )
        yield from _coins(seat, -move.pay, CoinReason.REQUIREMENT, "PURPLE-15")
        if move.face_up:
            yield from _steps(seat, Tracks().step(move.tile, statue.reward), Tracks(), "STATUE-3")
        yield from _effect_step_events(seat, player, player_after(before, move), before)
    elif isinstance(move, RemoveCard):
        card = catalogue.cards[move.card]
        yield CardRemoved(rule="FEED-2", player=seat, card=card.id)
        yield from _steps(seat, Tracks(), card.values, "FEED-2")
        yield from _effect_step_events(seat, player, player_after(before, move), before)
    elif isinstance(move, FeedWithCoins):
        yield from _coins(seat, -COINS_PER_FED_CARD, CoinReason.FEEDING, "PURPLE-6")
    elif isinstance(move, BuySilver):
        yield MedalBought(rule="MEDAL-1", player=seat, gold=False, tile=move.tile)
        yield from _coins(seat, -silver_price(before, player), CoinReason.MEDAL, "MEDAL-1")
    elif isinstance(move, BuyGold):
        yield MedalBought(rule="MEDAL-1", player=seat, gold=True)
        yield from _coins(seat, -gold_price(before, player), CoinReason.MEDAL, "MEDAL-1")
    elif isinstance(move, Pass):
        yield Passed(rule=_TURN_RULES[before.section], player=seat)


#: The rule under which a player's turn in a section ends.
_TURN_RULES = {
    Section.COLONY: "COLONY-1",
    Section.STATUE: "STATUE-1",
    Section.FEEDING: "FEED-1",
    Section.MEDALS: "MEDAL-1",
}


def _colony_events(state: GameState, move: TakeColony, front_only: bool) -> Iterator[Event]:
    """COLONY-4 with PURPLE-9 (coins first) and PURPLE-15 (pay); with ``front_only``, the
    colony by its front and without its back's steps."""
    seat = move.player
    player = state.players[seat]
    stack = state.colony_stacks[TIER_INDEX[move.tier]]
    colony = state.catalogue.colonies[stack[-1]]
    named = front_id(colony) if front_only else colony.id
    yield ColonyTaken(rule="COLONY-4", player=seat, colony=named, allied=move.ally)
    yield from _coins(seat, -move.pay, CoinReason.REQUIREMENT, "PURPLE-15")
    yield from _coins(seat, effects.colony_coins(player, state.catalogue), CoinReason.BONUS, "PURPLE-9")
    if move.ally:
        yield from _coins(seat, -colony.ally_cost, CoinReason.ALLY_COST, "COLONY-4")
        if not front_only:
            yield from _steps(seat, colony.turned_up()[0], Tracks(), "COLONY-4")
    else:
        yield from _coins(seat, colony.plunder, CoinReason.PLUNDER, "COLONY-4")


# --------------------------------------------------------------------------- the automatic steps


def _step_events(before: GameState, after: GameState) -> Iterator[Event]:
    """The events of one automatic step (see :func:`hadara_rules._flow.automatic_step`)."""
    if (before.section, before.epoch) != (after.section, after.epoch):
        yield from _advanced(after)
    elif before.section is Section.DRAFT:
        if before.pending:  # a complete round resolves (and the next is dealt)
            yield from _resolved(before)
        if after.pending:  # a round is dealt
            for seat, player in enumerate(after.players):
                yield CardsDrawn(rule="DRAFT-1", player=seat, cards=player.drawn)
    elif before.section is Section.INCOME:
        catalogue = before.catalogue
        for seat, player in enumerate(before.players):
            yield from _coins(seat, player.tracks.income, CoinReason.INCOME, "INCOME-1")
            yield from _coins(seat, effects.income_bonus(player, catalogue), CoinReason.BONUS, "PURPLE-8")
    elif before.section in _TURN_RULES:
        seat = seat_in_turn(before)
        yield Passed(rule=_TURN_RULES[before.section], player=seat, automatic=True)
        gained = after.players[seat].coins - before.players[seat].coins
        yield from _coins(seat, gained, CoinReason.BONUS, "PURPLE-7")


def _advanced(state: GameState) -> Iterator[Event]:
    """A new section, epoch, or the end of the game (EPOCH-1…3)."""
    if state.is_over:
        sheets = score(state)
        yield GameOver(
            rule="EPOCH-3", player=None, totals=tuple(s.total for s in sheets), winners=winners(state)
        )
        return
    if state.section is Section.WHEEL and state.phase is Phase.A and state.epoch > 1:
        yield EpochStarted(rule="EPOCH-2", player=state.first_player, epoch=state.epoch)
    yield SectionStarted(
        rule="EPOCH-1", player=None, epoch=state.epoch, phase=state.phase, section=state.section
    )


def _resolved(state: GameState) -> Iterator[Event]:
    """A draft round resolves: every choice at once (DRAFT-2/3)."""
    for choice in state.pending:
        if choice is not None:
            yield from choice_events(state, choice)


def choice_events(state: GameState, choice: Draft) -> Iterator[Event]:
    """What a draft choice does when its round resolves (DRAFT-2): the other drawn card
    passed on, the chosen one bought or sold."""
    seat = choice.player
    for other in state.players[seat].drawn:
        if other != choice.card:
            yield CardPassedOn(rule="DRAFT-2", player=seat, card=other)
    card = state.catalogue.cards[choice.card]
    yield from _acquired(state, seat, card, choice.action, choice.tile, "DRAFT-2")
