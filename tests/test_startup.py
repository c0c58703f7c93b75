"""What starting the command and importing a game load: a command loads the game it plays
and what it runs, no more (docs/architecture.md "Starting fast"; the times are measured by
``benchmarks/startup.py``, never asserted)."""

from __future__ import annotations

import json
import subprocess
import sys

import pytest

#: Modules of the server (and the web framework it runs on).
SERVER = ("starlette", "uvicorn", "boardtable.server")


def loaded(code: str) -> set[str]:
    """The modules a fresh interpreter has imported after running ``code``."""
    script = f"{code}\nimport json, sys\nprint(json.dumps(sorted(sys.modules)))"
    out = subprocess.run([sys.executable, "-c", script], check=True, capture_output=True, text=True).stdout
    return set(json.loads(out.splitlines()[-1]))


def command(*argv: str) -> str:
    """Python that runs the ``hadara`` command with ``argv``, its output and exit swallowed."""
    return (
        "import contextlib, io\nfrom boardtable.cli import main\n"
        "with contextlib.redirect_stdout(io.StringIO()):\n"
        f"    try:\n        main({list(argv)!r})\n    except SystemExit:\n        pass"
    )


def under(modules: set[str], *packages: str) -> set[str]:
    return {name for name in modules if name.split(".")[0] in packages or name.startswith(packages)}


def test_importing_stone_age_loads_no_server_no_command_and_nothing_of_hadara() -> None:
    modules = loaded("import stone_age_rules")
    assert not under(modules, *SERVER, "boardtable.cli", "boardtable.arena", "hadara_rules")


@pytest.mark.parametrize("argv", [["--help"], ["rules", "--help"], ["play", "--help"], ["--version"]])
def test_the_command_s_help_loads_no_server(argv: list[str]) -> None:
    assert not under(loaded(command(*argv)), *SERVER)


def test_a_command_loads_only_the_game_it_plays() -> None:
    """``hadara rules --game stone-age`` imports Stone Age, nothing of Hadara, no server."""
    modules = loaded(command("rules", "--game", "stone-age"))
    assert "stone_age_rules" in modules
    assert not under(modules, *SERVER, "hadara_rules", "boardtable.arena")


@pytest.mark.parametrize("argv", [["--help"], ["--version"]])
def test_the_command_s_own_help_loads_no_game_and_no_reader(argv: list[str]) -> None:
    """``hadara --help`` names the games without importing one, and loads neither the strict
    reader nor what it stands on (YAML, attrs, cattrs): only the standard library."""
    modules = loaded(command(*argv))
    assert not under(modules, "hadara_rules", "stone_age_rules", "yaml", "attr", "attrs", "cattrs")
    assert "boardtable.reader" not in modules and "boardtable.games" not in modules
