"""The shape of a position: what is in front of each player and on the table, and who
must decide next.

Everything here is immutable (frozen, slotted ``attrs`` classes and tuples), so a
state can be shared freely, hashed, compared and kept in a transposition table.
Rules live elsewhere (:mod:`hadara_rules._rules`); this module only says what a
position *is*.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TypedDict

from attrs import field, frozen

from ._components import Catalogue
from ._moves import Draft
from ._vocabulary import COLORS, Color, Crest, Phase, Section, Side, Track, Tracks

#: The ``viewer`` of the spectator's view: what every seat may see, no seat's secrets (INFO-1).
SPECTATOR = -1

#: Read once: an enum member read from its class costs ten times a global's read.
_OVER = Section.OVER


@frozen(weakref_slot=False)
class ColonyHolding:
    """A colony in front of a player: allied (back up) or plundered (front up)."""

    #: The colony's id.
    id: str
    #: True when allied (back up), False when plundered (front up).
    allied: bool


@frozen(weakref_slot=False)
class CarvedStatue:
    """A carved statue with its bonus tile (STATUE-3)."""

    #: The statue's index (0–3).
    statue: int
    #: The track of the bonus tile placed on it.
    tile: Track
    #: Whether the tile lies face up (track steps) or down (points).
    face_up: bool


@frozen(weakref_slot=False)
class TileOnCard:
    """A bonus tile lying on a PURPLE-2 card in the tableau (TILE-1)."""

    #: The PURPLE-2 card's id.
    card: str
    #: The track of the tile on it.
    tile: Track


@frozen(cache_hash=True, weakref_slot=False)
class PlayerState:
    """Everything in front of one player."""

    #: The id of the player's start card (SETUP-6).
    start_card: str
    #: The side played; None until chosen in the advanced game.
    side: Side | None
    #: Coins in hand.
    coins: int
    #: The four track values as the board shows them (TRACK-1).
    tracks: Tracks
    #: The crest animal of the player's board, chosen at setup (SETUP-1, WHEEL-3).
    crest: Crest
    #: The card ids of the tableau, in the order they were bought, the last bought last.
    cards: tuple[str, ...] = ()
    #: The colonies taken, in the order taken (COLONY-5: never lost); a plundered colony is
    #: named by its front id (``front-…``) in every view, as its back was never seen.
    colonies: tuple[ColonyHolding, ...] = ()
    #: Statues carved, in order (STATUE-2: never lost).
    statues: tuple[CarvedStatue, ...] = ()
    #: The tracks of the tiles on the silver medals bought (MEDAL-3).
    silver: tuple[Track, ...] = ()
    #: Gold medals bought (MEDAL-2: at most 2).
    gold: int = 0
    #: Bonus tiles not yet placed, sorted in board order (TILE-1).
    free_tiles: tuple[Track, ...] = ()
    #: Tiles lying on PURPLE-2 cards (TILE-1).
    tiles_on_cards: tuple[TileOnCard, ...] = ()
    #: The two cards drawn this draft round, empty outside it; another seat's view shows
    #: them as ``?`` (INFO-1).
    drawn: tuple[str, ...] = ()
    #: Colonies taken or statues carved in the current section (COLONY-1, STATUE-1, PURPLE-13);
    #: at feeding, the cards removed (FEED-2), which the PURPLE-6 ruling reads.
    section_takes: int = 0
    #: Coins paid in the current section under PURPLE-6 or PURPLE-15.
    section_paid: int = 0


@frozen(cache_hash=True, weakref_slot=False)
class GameState:
    """A position: what is on the table and who must decide next.

    Pending decisions are plain data (the drawn cards, the draft choices made so
    far), so any position can be compared, hashed, serialized and resumed.
    """

    #: The players in seat order.
    players: tuple[PlayerState, ...]
    #: The epoch, 1–3.
    epoch: int
    #: Phase A or B of the epoch.
    phase: Phase
    #: What the game waits for; ``over`` after final scoring.
    section: Section
    #: The seat of the epoch's first player (START-1/2); turn order runs from it in seat order.
    first_player: int
    #: How many players have had their turn in a sequential section: the player to act is
    #: seat ``(first_player + turn) mod players``.
    turn: int = 0
    #: The board's cyclic colour order (SETUP-2): the five colours clockwise around the board.
    #: It decides which deck each crest points at (WHEEL-3); it does not order ``decks`` or
    #: ``outer_piles``, which are always in the colour order yellow, red, blue, green, purple.
    board_order: tuple[Color, ...] = COLORS
    #: The wheel's rotation set by the first player (WHEEL-1), 0 to 4. In draft round ``round``
    #: the seat whose crest is at place c of the catalogue's crest order draws from the deck of
    #: colour ``board_order[(c + wheel + round) mod 5]`` (WHEEL-3).
    wheel: int = 0
    #: The draft round, 0–4 (WHEEL-2): the wheel turns one place after each.
    round: int = 0
    #: The inner decks of the current epoch, one per colour in the order yellow, red, blue,
    #: green, purple (not ``board_order``); each a list of card ids from the bottom to the top
    #: card, the top card last (face down: a view shows each as ``?``, INFO-1).
    decks: tuple[tuple[str, ...], ...] = ((), (), (), (), ())
    #: The inner decks laid for the epochs still to come (SETUP-3, EPOCH-2): one entry per
    #: later epoch in order, each with its decks as ``decks`` holds them (colour order, top
    #: card last, face down).
    later_decks: tuple[tuple[tuple[str, ...], ...], ...] = ()
    #: The outer piles, one per colour in the order yellow, red, blue, green, purple (not
    #: ``board_order``); each a list of card ids from the bottom to the top card, the top card
    #: last. Face up: every seat sees every card (INFO-2); a pick takes the top card (PICK-1).
    outer_piles: tuple[tuple[str, ...], ...] = ((), (), (), (), ())
    #: The colony stacks, one per tier in the order 3, 9, 15, 21, 30 (SETUP-4); each a list of
    #: colony ids from the bottom to the top colony, the top one last. Only the top colony's
    #: front is seen: a view shows it by its front id (``front-TIER-PLUNDER-ALLY-POINTS``) and
    #: the others as ``?`` (INFO-1).
    colony_stacks: tuple[tuple[str, ...], ...] = ((), (), (), (), ())
    #: The draft choices made this round, one per seat in seat order (DRAFT-3): null for a
    #: seat that has not chosen yet; a view shows another seat's choice as a draft of card
    #: ``?`` and action ``?`` (it tells that the seat has chosen, not what, INFO-1).
    pending: tuple[Draft | None, ...] = ()
    #: The cards sold, in the order they were sold, the last sold last: the face-down discard
    #: (SELL-1). A view shows a card another seat sold from its drawn cards by its back only
    #: (``?I-red``: its epoch and colour, INFO-1).
    sold: tuple[str, ...] = ()
    #: The seat that sold each card of ``sold``, in the same order: a sale is seen at the
    #: table (SELL-1), the card only by those who saw it (:attr:`sold_openly`).
    sellers: tuple[int, ...] = ()
    #: Whether each card of ``sold`` was sold openly, in the same order: picked from an
    #: outer pile face up, seen by every seat (PICK-1, INFO-2); otherwise drawn, seen by its
    #: seller only (DRAFT-2, INFO-1).
    sold_openly: tuple[bool, ...] = ()
    #: The cards removed from tableaus at feeding, in the order they were removed: the
    #: face-down discard (FEED-3); every seat saw them go.
    removed: tuple[str, ...] = ()
    #: The cards and colonies not in play, returned to the box unseen at setup (SETUP-3,
    #: SETUP-4), sorted by id; a view shows each as ``?`` (INFO-1).
    box: tuple[str, ...] = ()
    #: True in the advanced game.
    advanced: bool = False
    #: SCORE-7 variant: compare all coins on a tie instead of the coins left over.
    tie_break_all_coins: bool = False
    #: Number of moves applied since setup.
    ply: int = 0
    #: None for the whole position; a seat for that player's view, :data:`SPECTATOR` for
    #: the spectator's view (what every seat may see) (INFO-1/2).
    viewer: int | None = None
    #: The components this game is played with (compared and hashed by content digest).
    catalogue: Catalogue = field(repr=False, kw_only=True)

    @property
    def is_over(self) -> bool:
        """True once final scoring has happened (EPOCH-3)."""
        return self.section is _OVER

    @property
    def to_act(self) -> tuple[int, ...]:
        """The players who must decide now; several during a draft round or setup (FLOW-1).

        Who acts is a rule of the order of play (:func:`hadara_rules._flow.to_act`).
        """
        return WHO_ACTS[self.section](self)

    def __str__(self) -> str:
        """A few lines: where the game stands, who is to act, what each player has."""
        return SHOWN_AS["text"](self)

    def _repr_svg_(self) -> str:
        """The position as a picture (for Jupyter; see :func:`hadara_rules.render_svg`)."""
        return SHOWN_AS["svg"](self)


# A position says what it is; who it waits for is a rule of the order of play, and how it
# is shown is the text and picture modules' business. They fill in these tables when
# the package is imported, so that this module imports none of them.

#: Who must decide in each section, from the order of play (:mod:`hadara_rules._flow`).
WHO_ACTS: dict[Section, Callable[[GameState], tuple[int, ...]]] = {}
#: How a position is shown: ``"text"`` for ``str()``, ``"svg"`` for Jupyter.
SHOWN_AS: dict[str, Callable[[GameState], str]] = {}


class Changes(TypedDict, total=False):
    """The fields of a :class:`GameState` a move changes (a section's ``play`` says which).

    The engine makes the position after a move in one copy, with these changes and the
    move counter; everything else is shared with the position before.
    """

    players: tuple[PlayerState, ...]
    epoch: int
    phase: Phase
    section: Section
    first_player: int
    turn: int
    wheel: int
    round: int
    decks: tuple[tuple[str, ...], ...]
    later_decks: tuple[tuple[tuple[str, ...], ...], ...]
    outer_piles: tuple[tuple[str, ...], ...]
    colony_stacks: tuple[tuple[str, ...], ...]
    pending: tuple[Draft | None, ...]
    sold: tuple[str, ...]
    sellers: tuple[int, ...]
    sold_openly: tuple[bool, ...]
    removed: tuple[str, ...]
    ply: int
