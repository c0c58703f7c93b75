"""Stone Age's scenarios (spec/stone_age/scenarios) hold, are run by ``hadara check`` beside
Hadara's, and a scenario's stated dice are rolled first and never shown to a seat."""

from __future__ import annotations

from pathlib import Path

import attrs
import pytest
import yaml

from boardtable.errors import ScenarioError
from hadara_rules.cli import main
from stone_age_rules import GameConfig, Location, Place, apply_move, new_game, player_view
from stone_age_rules.scenario import run_document, run_scenario

FOLDER = Path(__file__).resolve().parents[2] / "spec" / "stone_age" / "scenarios"
SCENARIOS = sorted(FOLDER.glob("*.yaml"))


def test_there_are_scenarios() -> None:
    assert len(SCENARIOS) >= 4


@pytest.mark.parametrize("path", SCENARIOS, ids=lambda p: p.name)
def test_scenario_holds(path: Path) -> None:
    result = run_scenario(path)
    assert result.passed, result.failures
    assert result.rules and result.log


def _document(path: Path) -> dict[str, object]:
    found: dict[str, object] = yaml.safe_load(path.read_text())
    return found


def test_a_wrong_expectation_fails_and_says_what_was_found() -> None:
    document = _document(FOLDER / "gathering-wood-rounds-down.yaml")
    document["expect"] = {"players": {0: {"wood": 4}}, "to_act": [0]}
    result = run_document(document, "wrong.yaml")
    assert not result.passed
    assert result.failures == ("to_act: expected [0], found [1]", "P0 wood: expected 4, found 5")
    document["dice"] = [6, 6, 6]
    document["expect"] = {"players": {0: {"wood": 6}}}
    assert run_document(document, "dice.yaml").passed  # the stated dice decide the yield


def test_an_expected_refusal_that_does_not_happen_fails() -> None:
    document = _document(FOLDER / "a-player-not-to-act-is-refused.yaml")
    document["moves"] = ["P0 place forest 1"]
    result = run_document(document, "played.yaml")
    assert result.failures[0] == "move 0 was expected to be refused by FLOW-1; it was played"


@pytest.mark.parametrize(
    ("change", "message"),
    [
        ({"extra": 1}, "extra"),
        ({"rules": ["COLONY-1"]}, "rules[0]: no rule 'COLONY-1' in the rule index of Stone Age"),
        ({"dice": [7]}, "a die shows 1 to 6"),
        ({"given": {"players": {5: {"food": 1}}}}, "no player 5 in a 2-player game"),
        ({"moves": ["P0 fly"]}, "moves[0]"),
        ({"config": {"players": 9}}, "config"),
    ],
)
def test_a_malformed_scenario_is_refused_in_one_line(change: dict[str, object], message: str) -> None:
    document = {**_document(FOLDER / "gold-remainder-lost.yaml"), **change}
    with pytest.raises(ScenarioError) as refused:
        run_document(document, "bad.yaml")
    assert message in str(refused.value) and "\n" not in str(refused.value)


def test_info_3_stated_dice_are_never_shown_to_a_seat() -> None:
    state = attrs.evolve(new_game(GameConfig(players=2)), stated=(6, 6))
    assert all(player_view(state, seat).stated == () for seat in (0, 1, None))
    assert apply_move(state, Place(0, Location.FOREST, 1)).stated == (6, 6)


def test_hadara_check_runs_both_games_scenarios(capsys: pytest.CaptureFixture[str]) -> None:
    hadara = next((FOLDER.parents[1] / "scenarios").rglob("*.yaml"))
    assert main(["check", *map(str, SCENARIOS), str(hadara)]) == 0
    out = capsys.readouterr().out
    assert out.count("ok   ") == len(SCENARIOS) + 1 and out.endswith(
        f"{len(SCENARIOS) + 1} passed, 0 failed\n"
    )
