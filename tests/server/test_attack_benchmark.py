"""The attack benchmark (benchmarks/attack.py): its options, the long matches it stores, and a
whole short run that reports every scenario, each attack beside a quiet round (the figures
themselves are not checked here)."""

from __future__ import annotations

import asyncio
import re
import subprocess
import sys
from pathlib import Path

import pytest

from boardtable.server.registry import Registry
from boardtable.server.sqlite import SQLiteStore

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))
from benchmarks.serverload.attacks import LONG, store_long_matches  # noqa: E402
from benchmarks.serverload.options import attack_parser, parse_attack  # noqa: E402

SCRIPT = ROOT / "benchmarks" / "attack.py"
SCENARIOS = ("quiet", "log", "seats", "reload", "engine", "messages", "search")


def test_the_scenarios_are_every_one_by_default_or_those_named() -> None:
    assert parse_attack(attack_parser("", SCENARIOS), SCENARIOS, []).attack == list(SCENARIOS)
    named = parse_attack(attack_parser("", SCENARIOS), SCENARIOS, ["--attack", "log", "--attack", "log"])
    assert named.attack == ["log"]


@pytest.mark.parametrize(
    ("argv", "said"),
    [
        (["--attack", "flood"], "invalid choice: 'flood'"),
        (["--seconds", "30"], "--seconds must be more than 0 and at most 20"),
        (["--clients", "1"], "--clients must be at least 2"),
        (["--rounds", "0"], "--rounds must be at least 1"),
    ],
)
def test_a_wrong_option_is_told_in_one_line(
    argv: list[str], said: str, capsys: pytest.CaptureFixture[str]
) -> None:
    with pytest.raises(SystemExit) as stopped:
        parse_attack(attack_parser("", SCENARIOS), SCENARIOS, argv)
    assert stopped.value.code == 2
    err = capsys.readouterr().err
    assert said in err and err.count("\n") == 1, err


def test_the_long_matches_replay_to_their_digests(tmp_path: Path) -> None:
    """Stored as a server stores them: a server loads each, every entry reaching its digest."""
    ids = store_long_matches(tmp_path / "long.sqlite", 2)

    async def load() -> list[int]:
        store = SQLiteStore(tmp_path / "long.sqlite")
        try:
            seqs = []
            for match in ids:
                async with Registry(store).using(match) as found:
                    seqs.append(found.seq)
            return seqs
        finally:
            await store.close()

    assert asyncio.run(load()) == [LONG, LONG]


@pytest.mark.slow
def test_a_short_run_reports_every_scenario() -> None:
    done = subprocess.run(
        [sys.executable, str(SCRIPT), "--rounds", "1", "--seconds", "1", "--clients", "2"],
        capture_output=True,
        text=True,
        timeout=300,
        check=False,
    )
    assert done.returncode == 0, done.stderr
    for scenario in SCENARIOS:
        assert re.search(rf"^{scenario}, this build, round 1: \d+ moves", done.stdout, re.MULTILINE), (
            done.stdout
        )
        assert f"\n{scenario}, this build:\n  acknowledged moves per second: median" in done.stdout
    assert re.search(r"the attacker \(seats\) was answered, over the rounds: .*\d+ × 429", done.stdout)
    # each attacked round beside a quiet one: its p99 over that one's
    assert done.stdout.count("move p99 over the quiet round's next to it: median") == len(SCENARIOS) - 1
