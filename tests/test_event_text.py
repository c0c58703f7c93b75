"""``str(event)``: one line per event with its rule, the one text the game log is made of."""

from __future__ import annotations

import random

import pytest

from hadara_rules import GameConfig, Track, legal_moves, new_game
from hadara_rules._text import event_lines
from hadara_rules.events import (
    EVENT_TYPES,
    UNSEEN,
    CardBought,
    CardsDrawn,
    CardSold,
    CoinReason,
    CoinsChanged,
    DraftChosen,
    Event,
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
