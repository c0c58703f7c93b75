"""The built wheel carries the package, its type marker and the whole spec/ folder."""

from __future__ import annotations

import os
import subprocess
import sys
import zipfile
from pathlib import Path

import pytest

from boardtable.games import game, names
from boardtable.server.app import STATIC
from hadara_rules import load_catalogue, rules
from hadara_rules.schema import KINDS

ROOT = Path(__file__).resolve().parent.parent
#: Building the wheel takes seconds (run with ``-m slow``).
pytestmark = pytest.mark.slow

PROBE = """
import hadara_rules, pathlib, sys
from hadara_rules import GameConfig, load_catalogue, new_game
from hadara_rules._resources import spec_dir
from hadara_rules.scenario import run_scenario
here = pathlib.Path(sys.argv[1]).resolve()
assert pathlib.Path(hadara_rules.__file__).resolve().is_relative_to(here), hadara_rules.__file__
assert spec_dir().resolve().is_relative_to(here), spec_dir()
catalogue = load_catalogue()
new_game(GameConfig(players=5, seed=1, advanced=True))
from hadara_rules._rulebook import rules
assert rules()["COLONY-3"].implemented_in and rules()["COLONY-3"].tested_by
print(len(catalogue.cards), len(catalogue.colonies), len(rules()))
for path in sorted((spec_dir() / "scenarios").rglob("*.yaml"))[:5]:
    assert run_scenario(path).passed, path
print("ok")
"""


def test_wheel_ships_the_spec_and_the_type_marker(wheel: Path) -> None:
    names = set(zipfile.ZipFile(wheel).namelist())
    assert "hadara_rules/py.typed" in names
    for kind in ("cards", "colonies", "start_cards", "player_board", "reference"):
        assert f"hadara_rules/_spec/components/{kind}.yaml" in names
    assert "hadara_rules/_spec/rules.yaml" in names
    assert any(n.startswith("hadara_rules/_spec/scenarios/") for n in names)


def test_the_installed_wheel_loads_its_own_catalogue(wheel: Path, tmp_path: Path) -> None:
    target = tmp_path / "site"
    zipfile.ZipFile(wheel).extractall(target)
    env = {**os.environ, "PYTHONPATH": str(target)}
    done = subprocess.run(
        [sys.executable, "-c", PROBE, str(target)], env=env, capture_output=True, text=True, cwd=tmp_path
    )
    assert done.returncode == 0, done.stderr
    # the wheel holds what the source does: every card, colony and rule
    counts = f"{len(load_catalogue().cards)} {len(load_catalogue().colonies)} {len(rules())}"
    assert done.stdout.splitlines() == [counts, "ok"]


def test_wheel_ships_the_json_schemas(wheel: Path) -> None:
    """``hadara schema`` prints them from the package; frontends take them from the wheel."""
    names = set(zipfile.ZipFile(wheel).namelist())
    assert {f"hadara_rules/schemas/{kind}.schema.json" for kind in KINDS} <= names


def test_wheel_ships_the_web_table_and_each_games_part_of_it(wheel: Path) -> None:
    """The shell's files and every file of each game's folder (``Game.web_folder``: its module,
    the modules it loads, its style sheet), at the places the server serves them from."""
    shipped = set(zipfile.ZipFile(wheel).namelist())
    wanted = {path for path in STATIC.rglob("*") if path.is_file()}
    for name in names():
        folder = game(name).web_folder()
        assert folder is not None, name
        wanted |= {path for path in folder.rglob("*") if path.is_file()}
    paths = {path.relative_to(ROOT).as_posix() for path in wanted}
    assert {"hadara_rules/web/game.js", "hadara_rules/web/game.css", "stone_age_rules/web/game.js"} <= paths
    assert paths <= shipped, sorted(paths - shipped)
