"""Nothing a seat may not see reaches it (INFO-1): not through the events it is shown, the
picture of its view, the text of its view or its RL observation.

"Names a hidden component" is exact here: the ids a seat's view hides are every card and
colony id of the whole position's catalogue less the ids its views show (before and after
the move, for the events of the move); an output names one when the id occurs in it as a
whole word (ids are words of letters, digits and hyphens: ``I-red-01`` is not a word of
``II-red-01``).
"""

from __future__ import annotations

import random
import re

import attrs
import pytest
from hypothesis import given
from hypothesis import strategies as st

from hadara_rules import (
    SPECTATOR,
    GameConfig,
    GameState,
    apply_move_with_events,
    new_game,
    parse_move,
    player_view,
    render_svg,
)
from hadara_rules._text import event_lines
from hadara_rules._vocabulary import MAX_PLAYERS, MIN_PLAYERS
from hadara_rules.events import CardRemoved, CardSold, ColonyTaken, Event, back_id, events_seen_by
from hadara_rules.records import to_json
from hadara_rules.scenario import position_of
from hadara_rules.view import HIDDEN, front_id, sample_world
from hadara_rules.wellformed import check_position

from .strategies import PlayedGame, game_configs, played_games, sampled, seeds, suite_settings

#: Positions of a game whose picture, text and observation are checked (drawing is dear).
PICTURES_PER_GAME = 6

_WORD = re.compile(r"[A-Za-z0-9][A-Za-z0-9_-]*")


def words(text: str) -> set[str]:
    """Every word of ``text`` that could be an id."""
    return set(_WORD.findall(text))


def shown_ids(view: GameState) -> set[str]:
    """Every card or colony id a player view shows, wherever it shows it."""
    shown = {c for deck in view.decks for c in deck}
    shown.update(c for epoch in view.later_decks for deck in epoch for c in deck)
    shown.update(c for pile in (*view.outer_piles, *view.colony_stacks) for c in pile)
    shown.update((*view.sold, *view.removed, *view.box))
    for player in view.players:
        shown.update((*player.cards, *player.drawn, *(h.id for h in player.colonies)))
        shown.update(t.card for t in player.tiles_on_cards)
    shown.update(choice.card for choice in view.pending if choice is not None)
    shown.discard(HIDDEN)
    return shown


def hidden_ids(state: GameState, *views: GameState) -> set[str]:
    """The ids of ``state`` that none of ``views`` shows."""
    catalogue = state.catalogue
    every = {*catalogue.cards, *catalogue.colonies}
    for view in views:
        every -= shown_ids(view)
    return every


def event_words(events: tuple[Event, ...]) -> set[str]:
    """Every word the events say: their fields, and the lines ``hadara play`` prints for them."""
    said: set[str] = set()
    for event in events:
        for value in attrs.asdict(event).values():
            for item in value if isinstance(value, tuple) else (value,):
                if isinstance(item, str):
                    said |= words(item)
    for line in event_lines(events):
        said |= words(str(line))
    return said


SETTINGS = [
    (players, advanced) for players in range(MIN_PLAYERS, MAX_PLAYERS + 1) for advanced in (False, True)
]


@pytest.mark.parametrize(("players", "advanced"), SETTINGS)
def test_the_events_a_seat_is_shown_name_only_what_its_views_show(players: int, advanced: bool) -> None:
    """INFO-1: every event of every move, as ``events_seen_by`` shows it to a seat, names only
    ids that the seat's view before or after the move shows (a plundered colony by its front,
    as the view shows it), in games of every number of players, basic and advanced."""

    @suite_settings(weight=1 / len(SETTINGS), dear=True)
    @given(played_games(configs=game_configs(st.just(players), st.just(advanced))))
    def check(game: PlayedGame) -> None:
        catalogue = game.final.catalogue
        told = [apply_move_with_events(before, move, check=False)[1] for before, move, _ in game.steps()]
        for seat in range(players):
            views = [player_view(state, seat) for state in game.states]
            for i, (before, move, _) in enumerate(game.steps()):
                seen = events_seen_by(told[i], seat, catalogue)
                leaked = sorted(event_words(seen) & hidden_ids(before, views[i], views[i + 1]))
                assert not leaked, (i, str(move), seat, leaked[:5])

    check()


@pytest.mark.parametrize(("players", "advanced"), SETTINGS)
def test_a_seats_discards_are_what_its_events_told_it(players: int, advanced: bool) -> None:
    """INFO-1/2, SELL-1, FEED-3: at every position of games of every number of players, basic
    and advanced, a seat's view shows of the sold and removed cards exactly what the events
    ``events_seen_by`` showed it so far, no more and no less: each sale in order with its
    seller (the card where the event named it, hidden where it did not: the seat's own sales
    and every card picked from a pile named, the others' draft sales not), each removal
    named; the spectator likewise."""

    @suite_settings(weight=0.5 / len(SETTINGS), dear=True)
    @given(played_games(configs=game_configs(st.just(players), st.just(advanced))))
    def check(game: PlayedGame) -> None:
        told = [apply_move_with_events(before, move, check=False)[1] for before, move, _ in game.steps()]
        for seat in (*range(players), SPECTATOR):
            sold: list[str] = []
            sellers: list[int] = []
            removed: list[str] = []
            for i, state in enumerate(game.states):
                view = player_view(state, None if seat == SPECTATOR else seat)
                assert (view.sold, view.sellers, view.removed) == (
                    tuple(sold),
                    tuple(sellers),
                    tuple(removed),
                ), (
                    i,
                    seat,
                )
                for event in events_seen_by(told[i], seat, state.catalogue) if i < len(told) else ():
                    if isinstance(event, CardSold):
                        assert event.player is not None
                        sold.append(event.card)
                        sellers.append(event.player)
                    elif isinstance(event, CardRemoved):
                        removed.append(event.card)

    check()


@pytest.mark.parametrize(("players", "advanced"), SETTINGS)
def test_a_seat_is_shown_its_own_sales_and_its_worlds_keep_them(players: int, advanced: bool) -> None:
    """SELL-1, INFO-1: a seat's view names exactly the sold cards it sold itself from its hand
    and those anybody picked from a pile, shows the others by their backs (epoch and colour),
    and every world sampled from it keeps each shown
    sold and removed card where it is, passes ``check_position`` and is the view again for
    the seat, in games of every number of players, basic and advanced."""

    @suite_settings(weight=1 / len(SETTINGS), dear=True)
    @given(played_games(configs=game_configs(st.just(players), st.just(advanced))), seeds)
    def check(game: PlayedGame, seed: int) -> None:
        rng = random.Random(seed)
        for state in sampled(game, 9, rng.randrange(9)):
            seat = rng.randrange(players)
            view = player_view(state, seat)
            mine = [
                seller == seat or openly
                for seller, openly in zip(state.sellers, state.sold_openly, strict=True)
            ]
            assert [not card.startswith(HIDDEN) for card in view.sold] == mine, (state.ply, seat)
            assert [c for c, shown in zip(state.sold, mine, strict=True) if shown] == [
                c for c in view.sold if not c.startswith(HIDDEN)
            ]
            cards = state.catalogue.cards
            assert [c for c in view.sold if c.startswith(HIDDEN)] == [  # the others' sales by their backs
                back_id(cards[c].epoch, cards[c].color)
                for c, shown in zip(state.sold, mine, strict=True)
                if not shown
            ]
            world = sample_world(view, seat, rng)
            check_position(world)
            assert player_view(world, seat) == view, (state.ply, seat)
            assert [c for c, shown in zip(world.sold, mine, strict=True) if shown] == [
                c for c in view.sold if not c.startswith(HIDDEN)
            ]
            assert (world.sellers, world.sold_openly, world.removed) == (
                state.sellers,
                state.sold_openly,
                state.removed,
            )

    check()


@pytest.mark.slow
@suite_settings(weight=0.5)
@given(played_games(), seeds)
def test_a_seats_picture_text_and_observation_show_nothing_hidden(game: PlayedGame, seed: int) -> None:
    """INFO-1: ``render_svg(state, viewer=seat)``, ``render_svg(view)`` and ``str(view)`` name no
    id the view hides, and the RL observation is the same in every world the view allows
    (so it cannot depend on anything hidden)."""
    from hadara_rules.rl.observation import observe

    rng = random.Random(seed)
    every = max(1, len(game.states) // PICTURES_PER_GAME)
    for state in sampled(game, every):
        for seat in range(len(state.players)):
            view = player_view(state, seat)
            hidden = hidden_ids(state, view)
            for name, text in (
                ("render_svg(state, viewer)", render_svg(state, viewer=seat)),
                ("render_svg(view)", render_svg(view)),
                ("str(view)", str(view)),
            ):
                leaked = sorted(words(text) & hidden)
                assert not leaked, (name, state.ply, seat, leaked[:5])
            world = sample_world(view, seat, rng)
            assert (observe(world, seat) == observe(state, seat)).all(), (state.ply, seat)


def test_the_measure_finds_what_the_whole_position_names() -> None:
    """The measure can fail: the whole position's document names ids its seats' views hide."""
    state = new_game(GameConfig(players=3, seed=1))
    hidden = hidden_ids(state, player_view(state, 0))
    assert {c for deck in state.decks for c in deck} <= hidden
    assert words(to_json(state)) & hidden
    assert not words(to_json(player_view(state, 0))) & hidden


def test_a_plundered_colony_is_told_by_its_front_and_an_allied_one_by_its_id() -> None:
    """INFO-1: the plunderer too sees a plundered colony by its front, as its view shows it."""

    for ally in (False, True):
        state = position_of(
            {
                "scenario": 1,
                "config": {"players": 2, "seed": 0},
                "given": {
                    "section": "colony",
                    "first_player": 0,
                    "players": {0: {"tracks": {"military": 9}}},
                },
            }
        )
        move = f"P0 colony 3 {'ally' if ally else 'plunder'}"
        events = apply_move_with_events(state, parse_move(move))[1]
        (taken,) = [e for e in events if isinstance(e, ColonyTaken)]
        colony = state.catalogue.colonies[taken.colony]
        for seat in (0, 1):
            (seen,) = [e for e in events_seen_by(events, seat, state.catalogue) if isinstance(e, ColonyTaken)]
            assert seen.colony == (colony.id if ally else front_id(colony))
        (default,) = [e for e in events_seen_by(events, 1) if isinstance(e, ColonyTaken)]
        assert default.colony == (colony.id if ally else front_id(colony))
