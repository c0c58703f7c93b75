"""``str(event)``: one line per event with its rule, the one text the game log is made of."""

from __future__ import annotations

import random
import re

import pytest

from boardtable.screen import counted
from hadara_rules import GameConfig, Track, legal_moves, load_catalogue, new_game
from hadara_rules._text import event_lines
from hadara_rules.events import (
    EVENT_TYPES,
    UNSEEN,
    CardBought,
    CardsDrawn,
    CardSold,
    CoinReason,
    CoinsChanged,
    ColonyTaken,
    DraftChosen,
    Event,
    GameOver,
    Passed,
    SideChosen,
    TrackMoved,
    apply_move_with_events,
    events_seen_by,
)


def _events(players: int, advanced: bool, seed: int) -> list[tuple[Event, ...]]:
    rng = random.Random(seed)
    state = new_game(GameConfig(players=players, seed=seed, advanced=advanced))
    told = []
    while not state.is_over:
        options = legal_moves(state, state.to_act[0])
        state, events = apply_move_with_events(state, rng.choice(options))
        told.append(events)
    return told


def test_the_lines_of_a_purchase() -> None:
    bought = CardBought(rule="BUY-3", player=1, card="I-blue-03", tile=Track.FOOD)
    assert str(bought) == "P1 buys I-blue-03 with a food tile on it (BUY-3)"
    paid = CoinsChanged(rule="BUY-1", player=1, amount=-3, reason=CoinReason.PRICE)
    assert str(paid) == "P1: -3 coins (price) (BUY-1)"
    assert str(CoinsChanged(rule="SELL-1", player=0, amount=1, reason=CoinReason.SALE)) == (
        "P0: +1 coin (sale) (SELL-1)"
    )
    assert str(TrackMoved(rule="BUY-3", player=2, track=Track.CULTURE, steps=-1)) == (
        "P2: culture -1 step (BUY-3)"
    )
    assert str(Passed(rule="COLONY-1", player=3, automatic=True)) == "P3 is passed over (COLONY-1)"


def test_hidden_cards_are_told_as_hidden() -> None:
    assert str(CardsDrawn(rule="DRAFT-1", player=0, cards=(UNSEEN, UNSEEN))) == (
        "P0 draws 2 hidden cards (DRAFT-1)"
    )
    assert str(CardSold(rule="DRAFT-2", player=0, card=UNSEEN)) == "P0 sells a hidden card (DRAFT-2)"


@pytest.mark.parametrize(("players", "advanced", "seed"), [(2, True, 11), (5, False, 12)])
def test_every_event_of_a_game_is_one_line_naming_its_player_and_rule(
    players: int, advanced: bool, seed: int
) -> None:
    kinds = set()
    for events in _events(players, advanced, seed):
        for event in (*events, *events_seen_by(events, 0)):
            kinds.add(type(event))
            line = str(event)
            assert "\n" not in line and line.endswith(f" ({event.rule})"), line
            if event.player is not None:
                assert line.startswith(f"P{event.player}") or f" P{event.player} " in line, line
            assert "None" not in line and "<" not in line, line
    # every kind of event is told: a side is chosen in the advanced game only
    assert kinds == set(EVENT_TYPES) - (set() if advanced else {SideChosen})


def _words(event: Event) -> str:
    return str(event).removesuffix(f" ({event.rule})")


def test_the_log_is_made_of_the_events_own_words() -> None:
    for events in _events(3, True, 5):
        told = [
            e
            for e in events
            if not isinstance(e, DraftChosen) and not (isinstance(e, Passed) and e.automatic)
        ]
        lines = iter(event_lines(events))
        line = None
        for event in told:  # each event starts the next line, or is a detail joining the current one
            if (
                isinstance(event, CoinsChanged | TrackMoved)
                and line is not None
                and line.player == event.player
            ):
                detail = _words(event).removeprefix(f"P{event.player}: ")
                if detail in line.details and event.rule in line.rules:
                    continue
            line = next(lines)
            assert line.text == _words(event) and event.rule in line.rules
        assert next(lines, None) is None


def test_one_of_a_thing_is_said_in_the_singular() -> None:
    """Item 11 of the play-test: "1 coins", "-1 coins", "1 points" are gone."""
    assert str(CoinsChanged(rule="BUY-1", player=0, amount=-1, reason=CoinReason.PRICE)) == (
        "P0: -1 coin (price) (BUY-1)"
    )
    assert str(CardsDrawn(rule="DRAFT-1", player=0, cards=(UNSEEN,))) == "P0 draws 1 hidden card (DRAFT-1)"
    over = GameOver(rule="SCORE-7", player=None, totals=(1, 12), winners=(1,))
    assert str(over) == "Game over: P0 1 point, P1 12 points; P1 wins (SCORE-7)"
    assert [counted(n, "coin") for n in (-2, -1, 0, 1, 2)] == [
        "-2 coins",
        "-1 coin",
        "0 coins",
        "1 coin",
        "2 coins",
    ]


def test_a_plundered_colony_is_named_as_a_player_names_it() -> None:
    """A front seen without its back is told by its tier and points, never by ``front-…``."""
    catalogue = load_catalogue()
    colony = catalogue.colonies["col-03-a"]
    taken = ColonyTaken(rule="COLONY-4", player=2, colony="col-03-a", allied=False)
    (seen,) = events_seen_by((taken,), 0, catalogue)
    points = "1 point" if colony.points == 1 else f"{colony.points} points"
    assert str(seen) == f"P2 plunders a tier-3 colony ({points}) (COLONY-4)"
    assert str(ColonyTaken(rule="COLONY-4", player=2, colony=UNSEEN, allied=False)) == (
        "P2 plunders a hidden colony (COLONY-4)"
    )
    assert str(ColonyTaken(rule="COLONY-4", player=1, colony="col-03-a", allied=True)) == (
        "P1 allies with colony col-03-a (COLONY-4)"
    )


@pytest.mark.parametrize(("players", "advanced", "seed"), [(3, True, 21), (4, False, 22)])
def test_no_line_of_a_game_says_one_in_the_plural_or_an_internal_colony_id(
    players: int, advanced: bool, seed: int
) -> None:
    for events in _events(players, advanced, seed):
        for seat in range(players):
            for line in event_lines(events_seen_by(events, seat)):
                text = str(line)
                assert not re.search(r"(?<![\d.])[-+]?1 (coins|points|cards|steps|moves)\b", text), text
                assert "front-" not in text, text
