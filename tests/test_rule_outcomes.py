"""Outcomes of single rules that no scenario's expectations pin: the reason a refusal
gives, the events a step tells, the moves a rule leaves, the counters a new epoch
starts from. Each was a change to the rules that the tests did not notice."""

from __future__ import annotations

import random
from pathlib import Path

import pytest
from helpers import scenario_position

from hadara_rules import (
    CarveStatue,
    FeedWithCoins,
    GameConfig,
    GameState,
    IllegalMove,
    apply_move,
    legal_moves,
    new_game,
)
from hadara_rules._effects import takes_per_section
from hadara_rules._vocabulary import Section
from hadara_rules.events import CoinReason, CoinsChanged, Passed
from hadara_rules.scenario import load_scenario_document, position_of, run_scenario

SCENARIOS = Path(__file__).parents[1] / "spec" / "scenarios"


def _given(name: str, **players: dict[str, object]) -> GameState:
    """The position a scenario of the spec begins with (its moves not played), with the
    given players' entries changed."""
    document = load_scenario_document(SCENARIOS / name)
    given = document["given"]
    assert isinstance(given, dict)
    for seat, changes in players.items():
        given["players"][int(seat.removeprefix("p"))].update(changes)
    return position_of({k: v for k, v in document.items() if k not in ("moves", "expect")}, name)


def _refusal(state: GameState, move: object) -> IllegalMove:
    with pytest.raises(IllegalMove) as refused:
        apply_move(state, move)  # type: ignore[arg-type]
    return refused.value


def test_feeding_with_coins_without_the_card_says_the_card_is_needed() -> None:
    """PURPLE-6: without the card, feeding with coins is refused, and the reason says why."""
    state = _given("refusals/purple6-without-card.yaml")
    assert _refusal(state, FeedWithCoins(player=0)) == IllegalMove(
        "PURPLE-6", "only a PURPLE-6 card lets a player feed with coins"
    )


def test_a_second_statue_in_a_section_is_refused_as_one_too_many() -> None:
    """STATUE-1: after carving one statue, a second in the same section is refused, and the
    reason says the player has carved as many as allowed."""
    state = _given("refusals/statue-second-in-section.yaml")
    state = apply_move(state, CarveStatue(player=0, statue=0, tile="food", face_up=False))
    assert _refusal(state, CarveStatue(player=0, statue=1, tile="culture", face_up=True)) == IllegalMove(
        "STATUE-1", "the player has carved as many statues as allowed this section"
    )


def test_a_carved_statue_leaves_the_others_to_carve() -> None:
    """STATUE-2: each statue is carved once; with statue 0 carved in an earlier epoch, the
    player may still carve every other statue their culture reaches."""
    state = _given(
        "refusals/statue-second-in-section.yaml",
        p0={"statues": [{"statue": 0, "tile": "food", "face_up": True}]},
    )
    reached = {
        index
        for index, statue in state.catalogue.statues.items()
        if index != 0 and statue.requirement <= state.players[0].tracks.culture
    }
    assert reached
    assert {m.statue for m in legal_moves(state, 0) if isinstance(m, CarveStatue)} == reached


def test_a_move_of_a_kind_the_section_does_not_take_is_named_by_its_type() -> None:
    """FLOW-2: the refusal names the move by its type, as a record writes it."""
    state = _given("refusals/statue-second-in-section.yaml")
    assert _refusal(state, FeedWithCoins(player=0)) == IllegalMove(
        "FLOW-2", "a feed_with_coins move is not accepted in the statue section"
    )


def test_a_player_passed_over_at_feeding_is_told_with_the_purple_7_coins() -> None:
    """FEED-1, PURPLE-7: a player whose food suffices is passed over, and the coins for
    the surplus food are theirs (rulebook p. 12: 2 surplus food, 6 coins)."""
    result = run_scenario(SCENARIOS / "purple/p7-example-p12.yaml")
    heading, events = result.log[0]
    assert heading == "given"
    passed = events.index(Passed(rule="FEED-1", player=0, automatic=True))
    assert events[passed + 1] == CoinsChanged(rule="PURPLE-7", player=0, amount=6, reason=CoinReason.BONUS)


def test_the_coins_paid_towards_a_statue_are_told_under_purple_15() -> None:
    """PURPLE-15: the coins paid to lower a statue's requirement are told under PURPLE-15
    (rulebook p. 12: 2 × 3 = 6 coins)."""
    result = run_scenario(SCENARIOS / "purple/p15-statue.yaml")
    _heading, events = result.log[1]
    paid = [e for e in events if isinstance(e, CoinsChanged) and e.reason is CoinReason.REQUIREMENT]
    assert paid == [CoinsChanged(rule="PURPLE-15", player=0, amount=-6, reason=CoinReason.REQUIREMENT)]


def test_the_purple_13_card_gives_two_takes_per_section() -> None:
    """COLONY-1, STATUE-1: one take per section; PURPLE-13: two."""
    state = _given("purple/p13-two-statues.yaml")
    assert [takes_per_section(p, state.catalogue) for p in state.players] == [2, 1]


@pytest.mark.parametrize("players", [2, 5])
def test_every_epoch_begins_with_the_wheel_unset(players: int) -> None:
    """EPOCH-2: every epoch begins as the first does, with the wheel at rotation 0 and no
    draft round dealt, until its first player sets the wheel (WHEEL-1)."""
    rng = random.Random(players)
    state = new_game(GameConfig(players=players, seed=players))
    begun = []
    while not state.is_over:
        if state.section is Section.WHEEL:
            begun.append((state.epoch, state.wheel, state.round, state.turn))
        moves = legal_moves(state)
        state = apply_move(state, moves[rng.randrange(len(moves))])
    assert begun == [(1, 0, 0, 0), (2, 0, 0, 0), (3, 0, 0, 0)]


def _holding(effect: str) -> GameState:
    """A position whose catalogue has a card ``x-purple-t`` with ``effect``, held by player 0."""
    card = {"id": "x-purple-t", "epoch": 3, "color": "purple", "cost": 9, "points": 2, "effect": effect}
    return scenario_position(
        {
            "title": "a purple card of one's own",
            "rules": [effect],
            "config": {"players": 2, "advanced": True, "seed": 0},
            "components": {"cards": [{**card, "star": True}]},
            "given": {
                "epoch": 3,
                "phase": "A",
                "section": "statue",
                "first_player": 0,
                "players": {0: {"side": "A", "cards": ["x-purple-t"]}},
            },
        }
    )


def test_a_tableau_has_the_effects_of_its_own_catalogue() -> None:
    """PURPLE-13 gives two takes per section, PURPLE-14 leaves one (COLONY-1, STATUE-1): the
    same card ids in two catalogues, whose card has one effect or the other, give each
    catalogue's takes, asked in turn."""
    thirteen, fourteen = _holding("PURPLE-13"), _holding("PURPLE-14")
    assert thirteen.catalogue.digest != fourteen.catalogue.digest
    asked = [takes_per_section(s.players[0], s.catalogue) for s in (thirteen, fourteen, thirteen, fourteen)]
    assert asked == [2, 1, 2, 1]


def test_every_statue_the_culture_reaches_may_be_carved() -> None:
    """STATUE-2: each statue whose requirement the player's culture meets may be carved,
    whichever statue comes before it: with a player board of one's own whose first statue
    asks more than the second, culture 10 reaches the second only."""
    statues = [
        {"statue": 0, "requirement": 20, "points": 4, "reward": 2},
        {"statue": 1, "requirement": 6, "points": 8, "reward": 3},
        {"statue": 2, "requirement": 21, "points": 14, "reward": 4},
        {"statue": 3, "requirement": 30, "points": 20, "reward": 5},
    ]
    state = scenario_position(
        {
            "title": "a player board of one's own",
            "rules": ["STATUE-2"],
            "config": {"players": 2, "seed": 0},
            "components": {"statues": statues},
            "given": {
                "epoch": 1,
                "phase": "A",
                "section": "statue",
                "first_player": 0,
                "players": {0: {"tracks": {"culture": 10}}},
            },
        }
    )
    assert {m.statue for m in legal_moves(state, 0) if isinstance(m, CarveStatue)} == {1}
