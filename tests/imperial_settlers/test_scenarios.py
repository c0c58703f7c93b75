"""Imperial Settlers' scenarios (``imperial_settlers_rules/spec/scenarios``) hold: each settles
a dispute a table has, cites the rules it is about and expects a refusal for its rule or an
outcome; they run through the platform's runner (the game has no scenario part of its own: a
``config`` and the moves in notation) and by ``hadara check`` beside the other games'."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
import yaml

from boardtable import games
from boardtable.errors import ScenarioError
from boardtable.scenario_runner import run_document
from hadara_rules.cli import main
from imperial_settlers_rules.game import GAME

ROOT = Path(__file__).resolve().parents[2]
FOLDER = ROOT / "imperial_settlers_rules" / "spec" / "scenarios"
SCENARIOS = sorted(FOLDER.glob("*.yaml"))

#: The disputes of issue 51 and the scenarios that settle them.
DISPUTES = {
    "who may raze what": (
        "raze-a-non-japanese-faction-location",
        "raze-a-player-who-has-passed",
        "raze-a-japanese-faction-location",
        "raze-a-common-location-leaves-a-foundation",
    ),
    "shields": ("a-shield-takes-a-third-raze-token", "razing-a-shielded-location"),
    "gold for workers": ("gold-never-pays-for-a-worker", "gold-is-not-a-worker-to-spend"),
    "a foundation as the location a faction card asks for": ("a-foundation-pays-for-a-location",),
    "deals": ("only-a-faction-card-becomes-a-deal", "a-deal-paid-with-gold"),
    "the last round": ("the-game-ends-after-round-5-actions",),
    "ties": ("the-game-ends-after-round-5-actions", "a-tie-gold-is-not-counted", "a-tie-shared-victory"),
}


def _document(name: str) -> dict[str, object]:
    found: dict[str, object] = yaml.safe_load((FOLDER / f"{name}.yaml").read_text(encoding="utf-8"))
    return found


def test_every_dispute_has_its_scenarios_and_every_scenario_a_dispute() -> None:
    named = {name for names in DISPUTES.values() for name in names}
    assert named == {path.stem for path in SCENARIOS}


@pytest.mark.parametrize("path", SCENARIOS, ids=lambda p: p.name)
def test_scenario_holds(path: Path) -> None:
    document = yaml.safe_load(path.read_text(encoding="utf-8"))
    assert document["game"] == "imperial-settlers" and set(document) >= {"config", "moves", "notes"}
    expect = document["expect"]
    assert "illegal" in expect or "digest" in expect or "winners" in expect, "a refusal or an outcome"
    result = run_document(GAME, document, str(path))
    assert result.passed, result.failures
    assert result.rules and result.log
    if "illegal" in expect:
        assert expect["illegal"]["rule"] in result.rules and result.refused is not None


def test_a_wrong_expectation_fails_and_says_what_was_found() -> None:
    document = _document("a-tie-shared-victory")
    document["expect"] = {**document["expect"], "winners": [0]}  # type: ignore[dict-item]
    result = run_document(GAME, document, "wrong.yaml")
    assert result.failures == ("winners: expected [0], found [0, 1]",)
    document = _document("a-deal-paid-with-gold")
    document["expect"] = {"digest": "0" * 64}
    (failure,) = run_document(GAME, document, "digest.yaml").failures
    assert failure.startswith("digest: expected '0000") and failure.endswith(
        str(_document("a-deal-paid-with-gold")["expect"]["digest"])  # type: ignore[index]
    )


def test_an_expected_refusal_that_is_played_fails() -> None:
    """The deal of a faction card from the same position is legal: expecting its refusal fails."""
    document, legal = _document("only-a-faction-card-becomes-a-deal"), _document("a-deal-paid-with-gold")
    refused, played = document["moves"], legal["moves"]
    assert isinstance(refused, list) and isinstance(played, list)
    assert document["config"] == legal["config"] and refused[:-1] == played[:-1]
    document["moves"] = played
    result = run_document(GAME, document, "played.yaml")
    assert result.failures[0] == f"move {len(played) - 1} was expected to be refused by DEAL-1; it was played"


@pytest.mark.parametrize(
    ("change", "message"),
    [
        ({"extra": 1}, "top level: unknown key extra"),
        ({"rules": ["COLONY-1"]}, "rules[0]: no rule 'COLONY-1' in the rule index of Imperial Settlers"),
        ({"moves": ["P0 fly"]}, "moves[0]"),
        ({"config": {"players": 9}}, "config"),
        ({"expect": {"winners": [5]}}, "expect.winners[0]"),
    ],
)
def test_a_malformed_scenario_is_refused_in_one_line(change: dict[str, object], message: str) -> None:
    document = {**_document("gold-never-pays-for-a-worker"), **change}
    with pytest.raises(ScenarioError) as refused:
        run_document(GAME, document, "bad.yaml")
    assert message in str(refused.value) and "\n" not in str(refused.value)


@pytest.fixture
def registered() -> Iterator[None]:
    """The game under its name, as its entry point registers it where the package is installed."""
    if "imperial-settlers" in games.names():
        yield
        return
    games.register("imperial-settlers", GAME)
    try:
        yield
    finally:
        games.unregister("imperial-settlers")


@pytest.mark.usefixtures("registered")
def test_hadara_check_runs_them_beside_the_other_games(capsys: pytest.CaptureFixture[str]) -> None:
    hadara = next((ROOT / "spec" / "scenarios").rglob("*.yaml"))
    stone_age = next((ROOT / "spec" / "stone_age" / "scenarios").glob("*.yaml"))
    assert main(["check", *map(str, SCENARIOS), str(hadara), str(stone_age)]) == 0
    out = capsys.readouterr().out
    assert out.count("ok   ") == len(SCENARIOS) + 2
    assert out.endswith(f"{len(SCENARIOS) + 2} passed, 0 failed\n")
