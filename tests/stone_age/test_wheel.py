"""The built wheel carries stone_age_rules and its component data (run with ``-m slow``)."""

from __future__ import annotations

import os
import subprocess
import sys
import zipfile
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
pytestmark = pytest.mark.slow

PROBE = """
import pathlib, sys
import stone_age_rules
from stone_age_rules import GameConfig, components, new_game
here = pathlib.Path(sys.argv[1]).resolve()
assert pathlib.Path(stone_age_rules.__file__).resolve().is_relative_to(here), stone_age_rules.__file__
print(len(components().buildings), len(components().cards), len(new_game(GameConfig(4, 1)).stacks))
"""


def test_the_wheel_ships_stone_age_and_loads_its_components(wheel: Path, tmp_path: Path) -> None:
    names = set(zipfile.ZipFile(wheel).namelist())
    assert {"stone_age_rules/__init__.py", "stone_age_rules/_rules/placement.py"} <= names
    for name in (
        "components/buildings.yaml",
        "components/civilization.yaml",
        "components/README.md",
        "rules.yaml",
    ):
        assert f"stone_age_rules/_spec/{name}" in names
    target = tmp_path / "site"
    zipfile.ZipFile(wheel).extractall(target)
    done = subprocess.run(
        [sys.executable, "-c", PROBE, str(target)],
        env={**os.environ, "PYTHONPATH": str(target)},
        capture_output=True,
        text=True,
        cwd=tmp_path,
    )
    assert done.returncode == 0, done.stderr
    assert done.stdout.split() == ["28", "36", "4"]
