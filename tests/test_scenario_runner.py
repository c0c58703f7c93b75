"""The platform's scenario runner, for a game without a part of its own (the toy): it starts
from ``config:`` or a whole ``position:``, checks the expectations every game shares, refuses a
malformed scenario in one line, and checks that refusing a move changes nothing."""

from __future__ import annotations

from typing import Any

import pytest
from toy_game import GAME, Move, Position, Toy

from boardtable.errors import IllegalMove, ScenarioError
from boardtable.scenario_runner import position_of, run_document


class _Leaky(Toy):
    """A toy whose refused moves leave a trace in the position's digest (a fault)."""

    def __init__(self) -> None:
        self.refused = 0

    def play(self, state: Position, move: Move) -> tuple[Position, tuple[Any, ...]]:
        try:
            return super().play(state, move)
        except IllegalMove:
            self.refused += 1
            raise

    def digest(self, state: Position) -> str:
        return f"{super().digest(state)}/{self.refused}"


def _dispute(**parts: object) -> dict[str, object]:
    start = GAME.new(GAME.read_options({}, 2, 4))
    seat = GAME.to_act(start)[0]
    other = GAME.moves(GAME.play(start, GAME.moves(start, seat)[0])[0], 1 - seat)[0]
    return {
        "scenario": 1,
        "game": "toy",
        "position": GAME.position_data(start),
        "moves": [GAME.move_data(other)],
        "expect": {"illegal": {"move": 0, "rule": GAME.refusal(start, other).rule}},  # type: ignore[union-attr]
        **parts,
    }


def test_a_dispute_holds_from_a_position_and_from_a_config() -> None:
    document = _dispute()
    assert run_document(GAME, document).passed
    config = {key: value for key, value in document.items() if key != "position"}
    assert run_document(GAME, {**config, "config": {"players": 2, "seed": 4}}).passed
    assert position_of(GAME, {**config, "config": {"players": 2, "seed": 4}, "moves": []}) == GAME.new(
        GAME.read_options({}, 2, 4)
    )


def test_refusing_a_move_must_change_nothing() -> None:
    result = run_document(_Leaky(), _dispute())
    assert result.failures == ("refusing move 0 changed the position",)


@pytest.mark.parametrize(
    ("parts", "message"),
    [
        ({"expect": {}}, "expect: a scenario states at least one expectation"),
        ({"expect": {"score": 3}}, "expect: unknown key score (expected illegal, to_act, over"),
        ({"given": {}}, "top level: unknown key given (expected scenario, game, title"),
        (
            {"config": {"players": 2}},
            "position: a scenario starts from its position or from config, not from both",
        ),
        ({"game": "chess"}, "game: a scenario of 'chess', not of toy"),
        ({"rules": ["NOPE-1"]}, "rules[0]: no rule 'NOPE-1' in the rule index of"),
        (
            {"moves": [{"type": "play", "player": 3, "card": 1}]},
            "moves[0].player: no player 3 in a 2-player game",
        ),
        ({"moves": ["P0 fly"]}, "moves[0]: "),
        ({"position": {"kind": "game_state"}}, "position: "),
        ({"expect": {"to_act": [3]}}, "expect.to_act[0]: no player 3"),
        ({"expect": {"over": "no"}}, "expect.over: expected true or false"),
        ({"expect": {"illegal": {"move": 4, "rule": "PLAY-1"}}}, "expect.illegal.move: there is no move 4"),
    ],
)
def test_a_malformed_scenario_is_refused_in_one_line(parts: dict[str, object], message: str) -> None:
    with pytest.raises(ScenarioError) as refused:
        run_document(GAME, _dispute(**parts), "d.json")
    assert str(refused.value).startswith(f"d.json: {message}"), str(refused.value)
    assert "\n" not in str(refused.value)


def test_the_shared_expectations_are_checked() -> None:
    start = GAME.new(GAME.read_options({}, 2, 4))
    expect = {"to_act": [1 - GAME.to_act(start)[0]], "over": True, "winners": [0], "legal_count": {0: 99}}
    result = run_document(GAME, _dispute(moves=[], expect=expect))
    assert [failure.split(":")[0] for failure in result.failures] == [
        "over",
        "to_act",
        "winners",
        "legal moves of player 0",
    ]
    assert result.standing == f"P{GAME.to_act(start)[0]} to act"
