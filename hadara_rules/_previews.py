"""Previews: what a move would do to its player, before it is made.

:func:`preview` answers for every kind of legal move at once: the coins, the
track steps, the points it adds to the score sheet, what it takes and leaves,
and the rules, as a :class:`Preview`. It is made by the code that tells a move's
events (each section's own narration, which :mod:`hadara_rules.events` collects), which asks
the rule functions the moves use (BUY-1 and SELL-1 in
:mod:`~hadara_rules._rules.acquire`, MEDAL-1 in :mod:`~hadara_rules._rules.medals`,
the requirements in :mod:`~hadara_rules._rules.requirement`, the purple effects
through :mod:`~hadara_rules._effects`), so it agrees exactly with what the move
then does. A preview knows only what the mover may see: it is the same on the
whole position and on the mover's :func:`~hadara_rules.player_view`.

The older, narrower previews stay as thin helpers for one number each (a
price beside a card, a colony's yield beside its stack): :func:`buy_price`,
:func:`sale_value`, :func:`silver_price`, :func:`gold_price`, :func:`colony_yield`,
:func:`statue_yield`, :func:`food_shortfall`. Those say nothing about whose turn it
is or whether the move is legal now; a player is given by seat, a card by id, and an
unknown seat, card, tier or statue raises :class:`ValueError`.
"""

from __future__ import annotations

from attrs import frozen

from boardtable.reader import shown

from . import _effects as effects
from ._components import Card
from ._copy import replace
from ._engine import check_move, legal_moves
from ._events import signed
from ._flow import SECTIONS, player_after
from ._model import GameState, PlayerState
from ._moves import Draft, Move, TakeColony
from ._rules import medals
from ._rules.acquire import owned_colors, price, sell_value
from ._rules.colony import foretold
from ._rules.draft import choice_events
from ._rules.feeding import hunger
from ._rules.requirement import pay_needed
from ._rules.scoring import CATEGORIES, ScoreSheet, score_player, sheet_of
from ._vocabulary import TIER_INDEX, TIERS, TRACKS, Tracks
from .events import CoinsChanged, Event, TrackMoved, move_events

__all__ = [
    "ColonyYield",
    "Preview",
    "StatueYield",
    "buy_price",
    "colony_yield",
    "food_shortfall",
    "gold_price",
    "preview",
    "previews",
    "sale_value",
    "silver_price",
    "statue_yield",
]


@frozen(cache_hash=True)
class Preview:
    """What a legal move would do to its player: made by :func:`preview`.

    For a draft choice it is what the round's resolution does with the choice (DRAFT-3).
    Allying with a colony turns its back up, which nobody has seen (INFO-1): its track
    steps and its points are then unknown, and ``tracks`` and ``points`` are None.
    """

    #: The move.
    move: Move
    #: The coins the move gives (positive) or costs (negative), all told.
    coins: int
    #: The track steps, all told (a negative value for steps back); None when unknown.
    tracks: Tracks | None
    #: What the move adds to the player's score sheet as if the game ended now, category
    #: by category (``player`` is the mover's seat); None when unknown.
    points: ScoreSheet | None
    #: What the move will be told as, for its player, in order (the events
    #: :func:`~hadara_rules.apply_move_with_events` reports: the cards bought, sold or
    #: passed on, the colony, statue or medal taken with its tile, every coin and step),
    #: a colony named by its front (:func:`~hadara_rules.view.front_id`) and without its
    #: back's steps.
    events: tuple[Event, ...]
    #: The rules that make it so, in the order they act, each once.
    rules: tuple[str, ...]

    @property
    def player(self) -> int:
        """The mover's seat."""
        return self.move.player

    def __str__(self) -> str:
        """One line: ``-3 coins, culture +2, points +2 (cards +2) (BUY-3, BUY-1)``."""
        parts = [signed(self.coins, "coin")] if self.coins else []
        if self.tracks is None:
            parts.append("track steps and points unknown (the colony's back)")
        else:
            parts.extend(f"{t.value} {self.tracks.get(t):+d}" for t in TRACKS if self.tracks.get(t))
        if self.points is not None and self.points.total:
            by_category = ", ".join(
                f"{c} {getattr(self.points, c):+d}" for c in CATEGORIES[:-1] if getattr(self.points, c)
            )
            parts.append(f"points {self.points.total:+d} ({by_category})")
        return f"{', '.join(parts) or 'nothing changes'} ({', '.join(self.rules)})"


def preview(state: GameState, move: Move) -> Preview:
    """What ``move``, a legal move, would do to its player (see :class:`Preview`).

    ``state`` is the whole position or the mover's view: the preview is the same.
    Raises the move's :class:`~hadara_rules.IllegalMove` when it is not legal now.
    """
    refusal = check_move(state, move)
    if refusal is not None:
        raise refusal
    return _preview(state, move, score_player(state, move.player))


def previews(state: GameState, player: int | None = None) -> tuple[Preview, ...]:
    """The preview of every legal move (of ``player``, or of everyone to act), in the order of
    :func:`~hadara_rules.legal_moves`: each one what :func:`preview` gives, made in one pass
    (the moves are legal by construction, and each mover's score sheet is worked out once)."""
    before: dict[int, ScoreSheet] = {}
    made = []
    for move in legal_moves(state, player):
        if move.player not in before:
            before[move.player] = score_player(state, move.player)
        made.append(_preview(state, move, before[move.player]))
    return tuple(made)


def _preview(state: GameState, move: Move, before: ScoreSheet) -> Preview:
    """The preview of a legal move, given its player's score sheet before it."""
    seat = move.player
    told, after = _told(state, move)
    rules = tuple(dict.fromkeys(event.rule for event in told))
    coins = sum(e.amount for e in told if isinstance(e, CoinsChanged))
    if after is None:
        return Preview(move, coins, None, None, told, rules)
    steps = dict.fromkeys(TRACKS, 0)
    for event in told:
        if isinstance(event, TrackMoved):
            steps[event.track] += event.steps
    tracks = Tracks(*(steps[t] for t in TRACKS))
    now = sheet_of(after, seat, state.catalogue)
    points = ScoreSheet(seat, *(getattr(now, c) - getattr(before, c) for c in CATEGORIES))
    return Preview(move, coins, tracks, points, told, rules)


def _told(state: GameState, move: Move) -> tuple[tuple[Event, ...], PlayerState | None]:
    """The move's events as the table knows them before it, and the mover as the move leaves
    them: told by the section's handler, the move played once; a draft choice as its round's
    resolution will tell it and leave its chooser (DRAFT-2); a colony by its front, without
    its back's steps (INFO-1), and allying with it leaves the mover unknown (its back is
    turned up, which nobody has seen)."""
    if isinstance(move, Draft):
        return tuple(choice_events(state, move)), player_after(state, move)
    if isinstance(move, TakeColony):
        return tuple(foretold(state, move)), None if move.ally else player_after(state, move)
    changes = SECTIONS[state.section].moves[type(move)].play(state, move)  # played once, for both
    mover = changes.get("players", state.players)[move.player]
    return tuple(move_events(state, move, replace(state, **changes))), mover


@frozen
class ColonyYield:
    """What the top colony of a tier would give a player (COLONY-2…4, PURPLE-9, -14, -15)."""

    #: The colony's id (in a player view, the id of its front: its back is unknown).
    colony: str
    #: The requirement tier.
    tier: int
    #: Coins PURPLE-15 asks to meet the requirement (0 when military suffices);
    #: None when the player cannot meet it now.
    pay: int | None
    #: Coins gained by plundering: the front's coins and PURPLE-9's (before ``pay``).
    plunder: int
    #: Coins allying costs: the front's cost less PURPLE-9's coins (before ``pay``;
    #: negative when the player gains coins).
    ally_cost: int
    #: Points of the front, scored when plundered (SCORE-1).
    points: int
    #: The back's track values, added when allied; None when the position does not know
    #: them (a player view: INFO-1 hides a colony's back until it is allied).
    back: Tracks | None
    #: The back's points, scored when allied; None with ``back``.
    back_points: int | None


@frozen
class StatueYield:
    """What carving a statue would give a player (STATUE-2/3, PURPLE-4, -14, -15)."""

    #: The statue's index on the player board (0–3).
    statue: int
    #: The culture it needs, as printed (before PURPLE-14).
    requirement: int
    #: Coins PURPLE-15 asks to meet the requirement (0 when culture suffices);
    #: None when the player cannot meet it now.
    pay: int | None
    #: Points at final scoring, whichever way the tile lies (SCORE-2).
    points: int
    #: Steps on the tile's track when the tile lies face up (the reward and PURPLE-4's).
    steps: int
    #: Points more at final scoring when the tile lies face down (the reward and PURPLE-4's).
    face_down_points: int


def _seat(state: GameState, player: int) -> PlayerState:
    if type(player) is not int or not 0 <= player < len(state.players):
        raise ValueError(f"there is no player {shown(player)} in a {len(state.players)}-player game")
    return state.players[player]


def _card(state: GameState, card: str) -> Card:
    found = state.catalogue.cards.get(card) if isinstance(card, str) else None
    if found is None:
        raise ValueError(f"there is no card {shown(card)} in this game's catalogue")
    return found


def buy_price(state: GameState, player: int, card: str) -> int:
    """BUY-1: the coins ``player`` pays for ``card`` now (the printed price less one per
    card of its colour owned, never below 0)."""
    return price(_card(state, card), owned_colors(state, _seat(state, player)))


def sale_value(state: GameState, player: int, card: str) -> int:
    """SELL-1: the coins ``player`` gets for selling ``card`` now: those on the card's back
    (by the card's epoch), with PURPLE-1."""
    sold = _card(state, card)
    return sell_value(state, _seat(state, player), sold)


def silver_price(state: GameState, player: int) -> int:
    """MEDAL-1: what a silver medal costs ``player`` in this epoch (PURPLE-5's price with the card)."""
    return medals.silver_price(state, _seat(state, player))


def gold_price(state: GameState, player: int) -> int:
    """MEDAL-1: what a gold medal costs ``player`` in this epoch (PURPLE-5's price with the card)."""
    return medals.gold_price(state, _seat(state, player))


def colony_yield(state: GameState, player: int, tier: int) -> ColonyYield | None:
    """What taking the top colony of ``tier`` would give ``player`` (COLONY-4), or None
    when that stack is empty. Whether the player may take it now (COLONY-1/3) is not asked."""
    if type(tier) is not int or tier not in TIER_INDEX:
        raise ValueError(f"colony tiers are {', '.join(map(str, TIERS))}, not {shown(tier)}")
    seat = _seat(state, player)
    stack = state.colony_stacks[TIER_INDEX[tier]]
    if not stack:
        return None
    colony = state.catalogue.colonies[stack[-1]]
    bonus = effects.colony_coins(seat, state.catalogue)
    return ColonyYield(
        colony=colony.id,
        tier=tier,
        pay=pay_needed(seat, effects.effect_totals(seat.cards, state.catalogue), seat.tracks.military, tier),
        plunder=colony.plunder + bonus,
        ally_cost=colony.ally_cost - bonus,
        points=colony.points,
        back=colony.back,
        back_points=colony.back_points,
    )


def statue_yield(state: GameState, player: int, statue: int) -> StatueYield:
    """What carving ``statue`` would give ``player`` (STATUE-3). Whether it is still
    uncarved and the player may carve now (STATUE-1/2) is not asked."""
    printed = state.catalogue.statues.get(statue) if type(statue) is int else None
    if printed is None:
        raise ValueError(f"a player board has statues 0 to 3, not {shown(statue)}")
    seat = _seat(state, player)
    bonus = effects.statue_points_bonus(seat, state.catalogue)
    return StatueYield(
        statue=statue,
        requirement=printed.requirement,
        pay=pay_needed(
            seat, effects.effect_totals(seat.cards, state.catalogue), seat.tracks.culture, printed.requirement
        ),
        points=printed.points,
        steps=printed.reward + bonus,
        face_down_points=printed.reward + bonus,
    )


def food_shortfall(state: GameState, player: int) -> int:
    """FEED-1/2: how many cards ``player`` must still feed (remove, or pay for under
    PURPLE-6): the cards beyond the food track, less those paid for in this feeding
    section; 0 when food suffices."""
    return hunger(_seat(state, player))
