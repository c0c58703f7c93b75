"""Hypothesis strategies that set up and play random legal games, and helpers the properties share.

A game is drawn as a configuration (2–5 players, a seed, basic or advanced, an
optional board colour order) and then one choice per decision: the index of the
move played in ``legal_moves(state)``. Choices shrink towards 0, so a shrunk
counterexample plays the first legal move wherever the choice does not matter.

A :class:`PlayedGame` keeps every position, so a property can be checked after
every move. Its ``repr`` is short and reproducible: pass the printed config and
choices to :func:`play_choices` to get the same game back.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass
from typing import Any

from hypothesis import settings
from hypothesis import strategies as st

from hadara_rules import (
    Action,
    BuyGold,
    BuySilver,
    CarveStatue,
    ChooseSide,
    Draft,
    FeedWithCoins,
    GameConfig,
    GameState,
    Move,
    Pass,
    Pick,
    RemoveCard,
    SetWheel,
    Side,
    TakeColony,
    Track,
    apply_move,
    legal_moves,
    new_game,
)
from hadara_rules._vocabulary import COLORS, EPOCHS, MAX_PLAYERS, MIN_PLAYERS, TIERS, TRACKS, Color

#: Draft rounds per epoch (WHEEL-2) and picking turns per player and epoch (PICK-1).
ROUNDS = 5
#: Colony and statue sections per epoch (end of Phase A and of Phase B, EPOCH-1).
SECTIONS_PER_EPOCH = 2


def move_bound(players: int, advanced: bool) -> int:
    """An upper bound on the number of moves of any game (derived from the rules).

    With ``n`` players and ``E = 3`` epochs:

    * setup: ``n`` ChooseSide moves in the advanced game (SETUP-6), none in the basic game;
    * per epoch: 1 SetWheel (WHEEL-1), ``5 × n`` Draft moves (5 rounds, one choice
      per player, DRAFT-2) and ``5 × n`` Pick moves (the outer piles hold one card
      per player and round, PICK-1): ``3 × (1 + 10n)``;
    * TakeColony: at most one colony per tier and player (COLONY-3): ``5n``;
      CarveStatue: each of the 4 statues at most once (STATUE-2): ``4n``;
    * Pass in the colony and statue sections: at most one per player and
      section, 2 colony + 2 statue sections per epoch: ``4 × 3 × n = 12n``;
    * RemoveCard: a card is removed at most once, and a player owns at most the
      cards bought, at most ``10`` per epoch (5 drafted + 5 picked): ``30n``;
      FeedWithCoins: at most 6 per player and feeding section (PURPLE-6): ``18n``;
    * medals: at most 2 silver + 2 gold per player (MEDAL-2): ``4n``, and one
      Pass per player and medal section: ``3n``.

    Total: ``n·[advanced] + 3 + 30n + 5n + 4n + 12n + 30n + 18n + 4n + 3n
    = 106n + 3 (+ n)``. Real games take about ``40n`` moves.
    """
    n = players
    epochs = len(EPOCHS)
    setup = n if advanced else 0
    phase_a_b = epochs * (1 + ROUNDS * n + ROUNDS * n)
    colonies = len(TIERS) * n
    statues = 4 * n
    passes = epochs * SECTIONS_PER_EPOCH * 2 * n
    feeding = epochs * ROUNDS * 2 * n + epochs * 6 * n
    medals = 4 * n + epochs * n
    return setup + phase_a_b + colonies + statues + passes + feeding + medals


def kind_bounds(players: int, advanced: bool) -> dict[str, int]:
    """The per-kind parts of :func:`move_bound` (the same derivation, one line per kind)."""
    n, epochs = players, len(EPOCHS)
    return {
        "choose_side": n if advanced else 0,
        "set_wheel": epochs,
        "draft": epochs * ROUNDS * n,
        "pick": epochs * ROUNDS * n,
        "take_colony": len(TIERS) * n,
        "carve_statue": 4 * n,
        "pass": epochs * SECTIONS_PER_EPOCH * 2 * n + epochs * n,
        "remove_card": epochs * ROUNDS * 2 * n,
        "feed_with_coins": epochs * 6 * n,
        "buy_silver": 2 * n,
        "buy_gold": 2 * n,
    }


@dataclass(frozen=True, eq=False)
class PlayedGame:
    """A configuration, the choices made, the moves they named and every position.

    ``states[0]`` is ``new_game(config)`` and ``states[i + 1]`` the position after
    ``moves[i]``. ``stuck`` is true when play stopped because a player was to act
    without a legal move (a property violation the properties report).
    """

    config: GameConfig
    choices: tuple[int, ...]
    moves: tuple[Move, ...]
    states: tuple[GameState, ...]
    stuck: bool = False

    @property
    def final(self) -> GameState:
        """The last position reached."""
        return self.states[-1]

    def steps(self) -> Iterator[tuple[GameState, Move, GameState]]:
        """``(before, move, after)`` for every move played."""
        return zip(self.states, self.moves, self.states[1:], strict=False)

    def __repr__(self) -> str:
        c = self.config
        order = (
            "None"
            if c.board_order is None
            else f"tuple(map(Color, {tuple(str(x) for x in c.board_order)!r}))"
        )
        return (
            f"PlayedGame(GameConfig(players={c.players}, seed={c.seed}, advanced={c.advanced}, "
            f"board_order={order}), choices={list(self.choices)!r}) "
            f"# {len(self.moves)} moves, ends in epoch {self.final.epoch} {self.final.section}"
            f"{' (stuck)' if self.stuck else ''}"
        )

    def _repr_pretty_(self, printer: Any, cycle: bool) -> None:
        """Hypothesis prints falsifying examples with this (not field by field: positions are huge)."""
        printer.text(repr(self))


def play_choices(config: GameConfig, choices: Sequence[int], limit: int | None = None) -> PlayedGame:
    """Replay a game from its choices (indices into ``legal_moves``), e.g. from a failure report.

    Choices past the end of ``choices`` are 0; play stops when the game is over,
    after ``limit`` moves, or after :func:`move_bound` + 1 moves. A failure report
    prints ``PlayedGame(GameConfig(...), choices=[...])``: pass those two to this.
    """
    cap = move_bound(config.players, config.advanced) + 1
    stop = cap if limit is None else min(limit, cap)
    return _play(config, stop, lambda i, n: (choices[i] if i < len(choices) else 0) % n)


def _play(config: GameConfig, stop: int, choose: Callable[[int, int], int]) -> PlayedGame:
    """Play ``config`` for at most ``stop`` moves; ``choose(move number, options)`` picks an index."""
    state = new_game(config)
    states: list[GameState] = [state]
    moves: list[Move] = []
    used: list[int] = []
    stuck = False
    while not state.is_over and len(moves) < stop:
        options = legal_moves(state)
        if not options:
            stuck = True
            break
        index = choose(len(moves), len(options))
        used.append(index)
        move = options[index]
        state = apply_move(state, move, check=False)
        moves.append(move)
        states.append(state)
    return PlayedGame(config, tuple(used), tuple(moves), tuple(states), stuck)


board_orders: st.SearchStrategy[tuple[Color, ...] | None] = st.none() | st.permutations(COLORS).map(tuple)


def game_configs(
    players: st.SearchStrategy[int] | None = None,
    advanced: st.SearchStrategy[bool] | None = None,
) -> st.SearchStrategy[GameConfig]:
    """Game configurations: 2–5 players, any seed, basic or advanced, any board order."""
    return st.builds(
        GameConfig,
        players=st.integers(MIN_PLAYERS, MAX_PLAYERS) if players is None else players,
        seed=st.integers(0, 2**32 - 1),
        advanced=st.booleans() if advanced is None else advanced,
        board_order=board_orders,
    )


@st.composite
def played_games(
    draw: st.DrawFn,
    complete: bool | None = None,
    configs: st.SearchStrategy[GameConfig] | None = None,
) -> PlayedGame:
    """A random legal game: to the end (``complete=True``), to a drawn length
    (``False``), or either (``None``, drawn). Moves are applied on the fast path
    (``check=False``); properties about checking apply them again checked."""
    config = draw(game_configs() if configs is None else configs)
    if complete is None:
        complete = not draw(st.booleans())  # the simplest example is a whole game
    cap = move_bound(config.players, config.advanced) + 1
    stop = cap if complete else draw(st.integers(0, 45 * config.players))
    return _play(config, stop, lambda i, n: draw(st.integers(0, n - 1)) if n > 1 else 0)


# --------------------------------------------------------------------------- positions


def sampled(game: PlayedGame, every: int, offset: int = 0) -> Iterator[GameState]:
    """Every ``every``-th position of the game (from ``offset``), and always the last one."""
    last = len(game.states) - 1
    for i, state in enumerate(game.states):
        if i % every == offset % every or i == last:
            yield state


def card_places(state: GameState) -> Counter[str]:
    """Every card id once per place it lies in (CARD conservation)."""
    places: Counter[str] = Counter()
    for deck in state.decks:
        places.update(deck)
    for epoch in state.later_decks:
        for deck in epoch:
            places.update(deck)
    for pile in state.outer_piles:
        places.update(pile)
    for player in state.players:
        places.update(player.drawn)
        places.update(player.cards)
    places.update(state.sold)
    places.update(state.removed)
    places.update(c for c in state.box if c in state.catalogue.cards)
    return places


def colony_places(state: GameState) -> Counter[str]:
    """Every colony id once per place it lies in."""
    places: Counter[str] = Counter()
    for stack in state.colony_stacks:
        places.update(stack)
    for player in state.players:
        places.update(h.id for h in player.colonies)
    places.update(c for c in state.box if c in state.catalogue.colonies)
    return places


def hidden_from(state: GameState, seat: int) -> set[str]:
    """Every id INFO-1 hides from ``seat``: inner and later decks, colony stacks (the top
    shows its front only), unallied colonies, the box, other players' drawn cards and the
    cards they sold from them (DRAFT-2; a card picked from a pile and sold, PICK-1, and a
    removed card, FEED-3, were seen by every seat)."""
    hidden = {c for deck in state.decks for c in deck}
    hidden |= {c for epoch in state.later_decks for deck in epoch for c in deck}
    hidden |= {c for stack in state.colony_stacks for c in stack}
    hidden |= {h.id for p in state.players for h in p.colonies if not h.allied}
    hidden |= set(state.box)
    hidden |= {
        card
        for card, seller, openly in zip(state.sold, state.sellers, state.sold_openly, strict=True)
        if seller != seat and not openly
    }
    for other, player in enumerate(state.players):
        if other != seat:
            hidden |= set(player.drawn)
    return hidden


# --------------------------------------------------------------------------- moves that must be refused


def _seats(state: GameState) -> range:
    """Every seat, plus one before and one after (seats that do not exist)."""
    return range(-1, len(state.players) + 1)


def _some_card(state: GameState) -> str:
    """A card id no player holds or draws (from the box, or a made-up id)."""
    cards = state.catalogue.cards
    for card_id in state.box:
        if card_id in cards:
            return card_id
    return "no-such-card"


def foreign_moves(state: GameState) -> list[Move]:
    """One move of every kind for every seat (and for two seats that do not exist)."""
    found: list[Move] = []
    outsider = _some_card(state)
    for seat in _seats(state):
        found += [
            ChooseSide(seat, Side.A),
            SetWheel(seat, 0),
            Draft(seat, outsider, "buy"),
            Pick(seat, Color.YELLOW, "sell"),
            TakeColony(seat, TIERS[0], False),
            CarveStatue(seat, 0, Track.INCOME, True),
            Pass(seat),
            RemoveCard(seat, outsider),
            FeedWithCoins(seat),
            BuySilver(seat, Track.FOOD),
            BuyGold(seat),
        ]
        if 0 <= seat < len(state.players):
            player = state.players[seat]
            found += [Draft(seat, c, "sell") for c in player.drawn]
            found += [RemoveCard(seat, c) for c in player.cards[:2]]
    return found


def mutations(state: GameState, move: Move) -> list[Move]:
    """``move`` with one field changed at a time (some of these may still be legal)."""
    out: list[Move] = []
    others = [s for s in _seats(state) if s != move.player]
    outsider = _some_card(state)
    if isinstance(move, ChooseSide):
        out += [ChooseSide(s, move.side) for s in others]
    elif isinstance(move, SetWheel):
        out += [SetWheel(s, move.rotation) for s in others]
        out += [SetWheel(move.player, r) for r in (-1, 5, 7)]
    elif isinstance(move, Draft):
        out += [Draft(s, move.card, move.action, move.tile) for s in others]
        drawn = state.players[move.player].drawn if 0 <= move.player < len(state.players) else ()
        cards = (*drawn, outsider, "no-such-card", *(c for p in state.outer_piles for c in p[-1:]))
        out += [Draft(move.player, c, move.action, move.tile) for c in dict.fromkeys(cards)]
        out += [Draft(move.player, move.card, a, move.tile) for a in Action]
        out += [Draft(move.player, move.card, move.action, t) for t in (None, *TRACKS)]
    elif isinstance(move, Pick):
        out += [Pick(s, move.color, move.action, move.tile) for s in others]
        out += [Pick(move.player, c, move.action, move.tile) for c in COLORS]
        out += [Pick(move.player, move.color, a, move.tile) for a in Action]
        out += [Pick(move.player, move.color, move.action, t) for t in (None, *TRACKS)]
    elif isinstance(move, TakeColony):
        out += [TakeColony(s, move.tier, move.ally, move.pay) for s in others]
        out += [TakeColony(move.player, t, move.ally, move.pay) for t in (*TIERS, 0, 7, 31)]
        out += [TakeColony(move.player, move.tier, not move.ally, move.pay)]
        out += [
            TakeColony(move.player, move.tier, move.ally, p)
            for p in (move.pay + 3, move.pay + 1, move.pay - 3, -3, 33)
        ]
    elif isinstance(move, CarveStatue):
        out += [CarveStatue(s, move.statue, move.tile, move.face_up, move.pay) for s in others]
        out += [CarveStatue(move.player, i, move.tile, move.face_up, move.pay) for i in (-1, 0, 1, 2, 3, 4)]
        out += [CarveStatue(move.player, move.statue, t, move.face_up, move.pay) for t in TRACKS]
        out += [CarveStatue(move.player, move.statue, move.tile, not move.face_up, move.pay)]
        out += [
            CarveStatue(move.player, move.statue, move.tile, move.face_up, p)
            for p in (move.pay + 3, move.pay + 2, move.pay - 3, -3, 33)
        ]
    elif isinstance(move, RemoveCard):
        out += [RemoveCard(s, move.card) for s in others]
        out += [RemoveCard(move.player, c) for c in (outsider, "no-such-card", *state.removed[-1:])]
    elif isinstance(move, BuySilver):
        out += [BuySilver(s, move.tile) for s in others]
        out += [BuySilver(move.player, t) for t in TRACKS]
    elif isinstance(move, Pass | BuyGold | FeedWithCoins):
        out += [type(move)(s) for s in others]
    return out


def refusal_candidates(state: GameState, rng: random.Random, count: int) -> list[Move]:
    """Up to ``count`` moves that are not legal in ``state``: moves of players not to act,
    moves of other kinds, and legal moves with one field changed."""
    ordered = legal_moves(state)
    legal = set(ordered)
    pool = foreign_moves(state)
    for move in ordered:
        pool += mutations(state, move)
    unique = list(dict.fromkeys(m for m in pool if m not in legal))
    return rng.sample(unique, min(count, len(unique)))


# --------------------------------------------------------------------------- settings


#: The share of its examples a dear property runs in the default run (the ``ci`` profile);
#: the ``thorough`` profile, which CI runs too, runs all of them.
DEAR_SHARE = 0.2


def suite_settings(weight: float = 1.0, *, dear: bool = False) -> settings:
    """The suite's active Hypothesis profile (``HYPOTHESIS_PROFILE``, default ``ci``; the
    profiles are registered in ``tests/conftest.py``), with ``max_examples``
    scaled by ``weight`` for properties that are cheaper or dearer than a plain game.

    A ``dear`` property (half a second or more of CPU in the default run) runs
    :data:`DEAR_SHARE` of those examples in the ``ci`` profile, to keep the default run
    quick; every other profile runs them all."""
    name = settings.get_current_profile_name()
    base = settings.get_profile(name)
    share = DEAR_SHARE if dear and name == "ci" else 1.0
    return settings(base, max_examples=max(1, round(base.max_examples * weight * share)))


#: Seeds for the ``random.Random`` a property uses to sample (drawn, so they shrink and replay).
seeds: st.SearchStrategy[int] = st.integers(0, 2**32 - 1)
