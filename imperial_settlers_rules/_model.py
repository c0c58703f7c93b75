"""The position: players, decks, the lookout's cards, the round's marks and what is pending.

Everything is a frozen attrs value, so a position is immutable and hashable; a move
makes a new one (the generated copiers of :mod:`boardtable.build` copy only what changes).
Cards are named by their printed ids (``com001``, ``jap017``); decks are tuples whose last
card is the top. What a move leaves to decide (a deck to draw from, a choice of gains, a
card to keep, an opponent's discard, a follow-up) waits on :attr:`GameState.agenda` as
:class:`Step` values, carried out in order (CARD-14, ENG-6, ENG-9).
"""

from __future__ import annotations

from enum import StrEnum

from attrs import frozen

from ._config import GameConfig
from ._goods import Goods, Supply

__all__ = [
    "Apply",
    "Choice",
    "Convert",
    "Deal",
    "Deck",
    "DiscardFor",
    "FollowUp",
    "Gain",
    "GameState",
    "Guard",
    "KeepOne",
    "Owed",
    "Part",
    "Phase",
    "Player",
    "Preset",
    "Produce",
    "RepeatFor",
    "Step",
]


class Phase(StrEnum):
    """FLOW-5: the phases of a round (cleanup is carried out at once, between rounds), and the end."""

    LOOKOUT = "lookout"
    PRODUCTION = "production"
    ACTIONS = "actions"
    OVER = "over"


class Deck(StrEnum):
    """GOODS-7: the deck a card is drawn from."""

    COMMON = "common"
    FACTION = "faction"


@frozen
class Deal:
    """A deal under a faction board (DEAL-3): its card, the good it gives (DEAL-4), and
    whether it was made with Trade Route (its card a face-down marker, FAC-JAP-7)."""

    card: str
    good: Goods
    route: bool = False


@frozen(weakref_slot=False)
class Player:
    """One seat's faction, cards, supply and score; where a location lies on the table has
    no rules effect, so an empire is its locations in the order built (BUILD-9)."""

    faction: str
    #: LOOK-6: secret to the others (their number is public).
    hand: tuple[str, ...] = ()
    #: Built locations, in the order they entered the empire (ENG-6).
    empire: tuple[str, ...] = ()
    #: Face-down cards (RAZE-6, BUILD-3, CARD-24).
    foundations: tuple[str, ...] = ()
    #: GOODS-4: the foundations no other player saw, put face down from the hand (CARD-24);
    #: every other foundation was a location all saw razed (RAZE-6, CARD-13, FAC-EGY-2).
    unseen: tuple[str, ...] = ()
    deals: tuple[Deal, ...] = ()
    #: Workers, wood, stone, food, gold, raze and defense tokens (GOODS-4).
    supply: Supply = (0,) * 7
    vp: int = 0
    #: The faction deck (top last) and its discard pile (GOODS-8).
    deck: tuple[str, ...] = ()
    discard: tuple[str, ...] = ()
    #: ACT-4: passed in this action phase.
    passed: bool = False
    #: DEF-2: own locations with a defense token.
    defended: tuple[str, ...] = ()
    #: FAC-JAP-3: own faction locations with a samurai.
    samurai: tuple[str, ...] = ()
    #: CARD-26: cards under each Gate (location, cards), resources on each Shrine (location, count).
    under: tuple[tuple[str, tuple[str, ...]], ...] = ()
    on_shrine: tuple[tuple[str, int], ...] = ()
    #: CARD-19: workers gained this round from Oasis.
    oasis: int = 0


@frozen
class Step:
    """Something waiting on the agenda for ``seat``."""

    seat: int


@frozen
class Produce(Step):
    """PROD-2: ``seat``'s production, carried out in turn (PROD-1)."""


class Part(StrEnum):
    """Which effect of a card: its building bonus (BUILD-6), its production (PROD-3) or its
    feature reacting to a build (CARD-3)."""

    BONUS = "bonus"
    PRODUCTION = "production"
    ON_BUILD = "on_build"


@frozen
class Apply(Step):
    """The effect ``part`` of ``card`` carried out for ``seat`` (CARD-14)."""

    card: str
    part: Part


@frozen
class Gain(Step):
    """One gain event (ENG-3): ``goods`` from ``source`` (a rule ID)."""

    goods: Goods
    source: str


@frozen
class Owed(Step):
    """A decision: the deck of one card drawn (GOODS-7, PROD-4); a ``pool`` card goes to the
    next :class:`KeepOne` on the agenda instead of the hand (CARD-23, Mission)."""

    pool: bool = False


@frozen
class Choice(Step):
    """A decision: one of ``options`` (``gain_choice``, CARD-14)."""

    options: tuple[Goods, ...]
    card: str


@frozen
class RepeatFor(Step):
    """A decision: which other production location ``card`` repeats (CARD-8, CARD-9)."""

    card: str


@frozen
class KeepOne(Step):
    """A decision: which of ``drawn`` to keep (CARD-23)."""

    drawn: tuple[str, ...]
    keep: int
    shuffle_back: bool


@frozen
class Convert(Step):
    """A decision: which of ``received`` (the goods of the deals just produced) to give back
    for 1 VP each (CARD-27), once per School of Diplomacy."""

    received: tuple[str, ...]


@frozen
class DiscardFor(Step):
    """A decision of ``seat``, an opponent of Desert's owner: which card to discard (CARD-25)."""


@frozen
class Guard(Step):
    """A decision: where ``count`` samurai go (CARD-29)."""

    count: int


@frozen
class FollowUp(Step):
    """A decision within one action: build a faction card from the hand (Settlers) or a deal
    (Negotiator, CARD-7), or activate ``location`` again (CARD-11; ACTLOC-3: the second use
    within one action of a location that acts on targets); or not."""

    do: str
    location: str | None = None


@frozen(weakref_slot=False)
class Preset:
    """ENG-9: what the move being carried out decided in advance, used up as its effects reach
    the decisions: the option of each choice of gains in order (CARD-14), the deck of the
    first card drawn (GOODS-7, None: not decided; ``drawn`` once the first card owed was
    reached or a card was seen before it), the location produced again (CARD-8, CARD-9) and where samurai go (CARD-29).
    ``probing``: the move is tried out to find what it must decide (a decision it does not
    answer stops the trial instead of waiting)."""

    choice: tuple[int, ...] = ()
    deck: Deck | None = None
    repeat: str | None = None
    samurai: tuple[str, ...] = ()
    drawn: bool = False
    probing: bool = False


@frozen(weakref_slot=False)
class GameState:
    """A position. ``players`` are in seat order (clockwise); ``first`` holds the first
    player marker (CLEAN-5); ``turn`` is whose action it is (ACT-1)."""

    config: GameConfig
    players: tuple[Player, ...]
    #: The common deck (top last) and its discard pile (SETUP-4, GOODS-8).
    common: tuple[str, ...]
    common_discard: tuple[str, ...]
    round: int = 1
    phase: Phase = Phase.LOOKOUT
    first: int = 0
    turn: int = 0
    #: LOOK-2, LOOK-3: the cards revealed, who picks next (in order), and whether this is
    #: the second draft.
    offer: tuple[str, ...] = ()
    order: tuple[int, ...] = ()
    second: bool = False
    #: ACT-8: the player to act has taken this turn's action and may still take free steps.
    acted: bool = False
    #: What waits to be carried out, in order; the first decision on it is who acts.
    agenda: tuple[Step, ...] = ()
    #: ENG-9: the decisions the move whose effects are on the agenda made in advance (None
    #: when no move's are: production, PROD-4).
    preset: Preset | None = None
    #: ACTLOC-2, ACTLOC-9: uses of each location this round.
    uses: tuple[tuple[str, int], ...] = ()
    #: CARD-22: locations blocked for the round.
    blocked: tuple[str, ...] = ()
    #: FAC-EGY-3: locations taken over this round, with the seat that took them.
    taken: tuple[tuple[str, int], ...] = ()
    #: FLOW-4: shuffles made so far (each one is drawn from the seed and this count).
    shuffles: int = 0
    ply: int = 0

    @property
    def is_over(self) -> bool:
        """FLOW-3: whether final scoring is done."""
        return self.phase is Phase.OVER

    @property
    def to_act(self) -> tuple[int, ...]:
        """FLOW-1: the seat whose move it is (empty when the game is over)."""
        if self.agenda:
            return (self.agenda[0].seat,)
        if self.phase is Phase.LOOKOUT:
            return self.order[:1]
        if self.phase is Phase.ACTIONS:
            return (self.turn,)
        return ()
