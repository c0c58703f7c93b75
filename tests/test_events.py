"""The event log: what a move and its automatic steps did, adding up to the positions."""

from __future__ import annotations

import random
from collections import Counter
from pathlib import Path

import pytest

from hadara_rules import (
    GameConfig,
    GameState,
    Move,
    apply_move,
    from_json,
    from_yaml,
    legal_moves,
    load_catalogue,
    new_game,
    to_json,
    to_yaml,
)
from hadara_rules._errors import ScenarioError
from hadara_rules._rules.scoring import score, winners
from hadara_rules._vocabulary import ROMAN, TRACKS
from hadara_rules.events import (
    UNSEEN,
    CardBought,
    CardPassedOn,
    CardsDrawn,
    CardSold,
    CoinsChanged,
    EpochStarted,
    Event,
    GameOver,
    SectionStarted,
    TrackMoved,
    apply_move_with_events,
    events_seen_by,
)
from hadara_rules.scenario import load_scenario_document, position_of


def _games(players: int, advanced: bool, seed: int) -> list[tuple[GameState, GameState, tuple[Event, ...]]]:
    """Every step of one random game: before, after and the events between."""
    rng = random.Random(seed)
    state = new_game(GameConfig(players=players, seed=seed, advanced=advanced))
    steps = []
    while not state.is_over:
        options = legal_moves(state, state.to_act[0])
        after, events = apply_move_with_events(state, options[rng.randrange(len(options))])
        steps.append((state, after, events))
        state = after
    return steps


SETTINGS = [(2, False, 1), (3, True, 2), (4, False, 3), (5, True, 4)]


def _assert_events_add_up(before: GameState, after: GameState, events: tuple[Event, ...]) -> None:
    coins: Counter[int] = Counter()
    steps: Counter[tuple[int, str]] = Counter()
    for event in events:
        if isinstance(event, CoinsChanged):
            assert event.player is not None
            coins[event.player] += event.amount
        elif isinstance(event, TrackMoved):
            assert event.player is not None
            steps[event.player, event.track] += event.steps
    for seat, (old, new) in enumerate(zip(before.players, after.players, strict=True)):
        assert coins[seat] == new.coins - old.coins, (seat, events)
        for track in TRACKS:
            assert steps[seat, track] == new.tracks.get(track) - old.tracks.get(track), (seat, track, events)


@pytest.mark.parametrize(("players", "advanced", "seed"), SETTINGS)
def test_events_add_up_to_the_difference_of_the_positions(players: int, advanced: bool, seed: int) -> None:
    """Every legal move at every other position of a random game, not only the one played."""
    for i, (before, after, events) in enumerate(_games(players, advanced, seed)):
        _assert_events_add_up(before, after, events)
        if i % 2 == 0:
            for move in legal_moves(before):
                _assert_events_add_up(before, *apply_move_with_events(before, move, check=False))


@pytest.mark.parametrize(("players", "advanced", "seed"), SETTINGS[:2])
def test_events_apply_the_same_move_as_apply_move(players: int, advanced: bool, seed: int) -> None:
    for before, after, _events in _games(players, advanced, seed):
        assert after.ply == before.ply + 1
        assert apply_move(before, _move_between(before, after)) == after


def _move_between(before: GameState, after: GameState) -> Move:
    return next(m for m in legal_moves(before) if apply_move(before, m, check=False) == after)


def test_a_game_tells_its_sections_epochs_and_end() -> None:
    events = [e for _b, _a, es in _games(3, False, 5) for e in es]
    kinds = Counter(type(e) for e in events)
    assert kinds[EpochStarted] == 2  # epochs II and III (EPOCH-2)
    assert kinds[GameOver] == 1
    final = _games(3, False, 5)[-1][1]
    over = next(e for e in events if isinstance(e, GameOver))
    assert over.totals == tuple(s.total for s in score(final))
    assert over.winners == winners(final)
    sections = [e.section for e in events if isinstance(e, SectionStarted)]
    assert sections[:5] == ["draft", "income", "colony", "statue", "pick"]


def test_every_event_names_a_rule_and_serializes() -> None:
    for _before, _after, events in _games(2, True, 7)[:60]:
        for event in events:
            assert event.rule.split("-")[0] in {
                "EPOCH",
                "SETUP",
                "WHEEL",
                "DRAFT",
                "BUY",
                "SELL",
                "PICK",
                "INCOME",
                "COLONY",
                "STATUE",
                "FEED",
                "MEDAL",
                "PURPLE",
                "FLOW",
                "TRACK",
                "TILE",
            }, event


def test_a_players_events_hide_what_their_view_hides() -> None:
    steps = _games(3, False, 8)
    drawn = [e for _b, _a, es in steps for e in es if isinstance(e, CardsDrawn)]
    seen = events_seen_by(tuple(drawn), 0)
    for original, shown in zip(drawn, seen, strict=True):
        if original.player == 0:
            assert shown == original
        else:
            assert isinstance(shown, CardsDrawn)
            assert set(shown.cards) <= {UNSEEN}
    sold_in_draft = [e for _b, _a, es in steps for e in es if isinstance(e, CardSold) and e.rule == "DRAFT-2"]
    assert sold_in_draft, "random games sell in the draft"
    cards = load_catalogue().cards
    for sale, told in zip(sold_in_draft, events_seen_by(tuple(sold_in_draft), 0), strict=True):
        assert isinstance(sale, CardSold) and isinstance(told, CardSold)
        card = cards[sale.card]
        # another's sale by its back (its epoch and colour), one's own by its face
        back = f"?{ROMAN[card.epoch]}-{card.color.value}"
        assert told.card == (sale.card if told.player == 0 else back)
        if told.player != 0:
            assert f"sells a hidden {card.color.value} card of epoch {ROMAN[card.epoch]}" in str(told)
    # what a player's events show of a drawn card, their view shows too
    for before, _after, events in steps[:40]:
        for event in events_seen_by(events, 1):
            if isinstance(event, CardBought):
                assert event.card in before.catalogue.cards


SCENARIOS = sorted((Path(__file__).resolve().parents[1] / "spec" / "scenarios").rglob("*.yaml"))


@pytest.mark.parametrize("path", SCENARIOS, ids=lambda p: p.stem)
def test_events_add_up_at_every_scenarios_start(path: Path) -> None:
    """The scenarios' positions hold the purple effects that random games rarely reach."""
    document = load_scenario_document(path)
    start = {key: value for key, value in document.items() if key not in ("moves", "illegal")}
    try:
        state = position_of(start, str(path))
    except ScenarioError:
        pytest.skip("a scenario whose position is refused on purpose")
    for move in legal_moves(state):
        _assert_events_add_up(state, *apply_move_with_events(state, move, check=False))


def test_events_round_trip_through_json_and_yaml() -> None:
    seen: set[type[Event]] = set()
    for _before, _after, events in _games(3, True, 9):
        for event in events:
            seen.add(type(event))
            assert from_json(to_json(event), type(event)) == event
            assert from_json(to_json(event), Event) == event
    assert len(seen) >= 12
    event = next(e for _b, _a, es in _games(2, False, 1) for e in es if isinstance(e, CoinsChanged))
    assert from_yaml(to_yaml(event), CoinsChanged) == event
    assert '"type":"coins"' in to_json(event)


@pytest.mark.parametrize(("players", "advanced", "seed"), SETTINGS)
def test_every_deal_and_every_resolution_of_a_round_is_told(players: int, advanced: bool, seed: int) -> None:
    """DRAFT-1…3: 5 rounds an epoch, each dealt to every player and resolved for every
    player, in that order (a round resolves in the same step as the next is dealt)."""
    told = [e for _b, _a, events in _games(players, advanced, seed) for e in events]
    kinds = [type(e) for e in told if isinstance(e, (CardsDrawn, CardPassedOn))]
    assert kinds.count(CardsDrawn) == 3 * 5 * players
    assert kinds.count(CardPassedOn) == 3 * 5 * players
    for round_start in range(0, len(kinds), 2 * players):
        assert kinds[round_start : round_start + players] == [CardsDrawn] * players
        assert kinds[round_start + players : round_start + 2 * players] == [CardPassedOn] * players
