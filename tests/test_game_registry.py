"""Games are found by entry point, by ``register`` and by the environment variable
``BOARDTABLE_GAMES`` (``NAME=MODULE:ATTRIBUTE,…``): a game the tests ship in one file (the toy)
is found in this process and in the processes it starts; a bad value is one line of error."""

from __future__ import annotations

import subprocess
import sys
from collections.abc import Iterator
from importlib.metadata import entry_points
from pathlib import Path

import pytest
import toy_game

from boardtable.errors import GameError
from boardtable.games import ENVIRONMENT, GROUP, UnknownGame, game, names, register, unregister

TESTS = Path(__file__).resolve().parent


def _with(*more: str) -> tuple[str, ...]:
    """The names of the games installed by entry point and ``more``: the default game first,
    the others in order."""
    installed = {point.name for point in entry_points(group=GROUP)}
    return ("hadara", *sorted((installed | set(more)) - {"hadara"}))


@pytest.fixture(autouse=True)
def _forgotten() -> Iterator[None]:
    """Each test leaves no game of its own registered."""
    yield
    unregister("toy")


def test_the_environment_registers_games_beside_the_entry_points(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv(ENVIRONMENT, f" {toy_game.ENVIRONMENT} , also-toy=toy_game:GAME ")
    assert names() == _with("also-toy", "toy")
    assert game("toy") is toy_game.GAME and game("also-toy") is toy_game.GAME
    monkeypatch.delenv(ENVIRONMENT)
    assert "toy" not in names()
    with pytest.raises(UnknownGame, match="there is no game toy"):
        game("toy")


def test_register_replaces_the_environment_s_game(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv(ENVIRONMENT, "toy=toy_game:NAME")
    with toy_game.registered():
        assert game("toy") is toy_game.GAME
    with pytest.raises(GameError, match=r"^the game toy is not a Game but of type str$"):
        game("toy")


@pytest.mark.parametrize(
    "value",
    ["toy", "toy=toy_game", "Toy=toy_game:GAME", "toy=toy_game:GAME,", "=toy_game:GAME", "toy=toy game:GAME"],
)
def test_a_bad_value_is_one_line_naming_the_variable(monkeypatch: pytest.MonkeyPatch, value: str) -> None:
    monkeypatch.setenv(ENVIRONMENT, value)
    with pytest.raises(GameError) as refused:
        names()
    message = str(refused.value)
    assert message.startswith(f"{ENVIRONMENT}: ") and message.endswith(" is not NAME=MODULE:ATTRIBUTE")
    assert "\n" not in message


def test_a_game_that_is_not_where_it_is_said_to_be_is_one_line(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv(ENVIRONMENT, "toy=no_such_module:GAME,also-toy=toy_game:NOTHING")
    assert {"toy", "also-toy"} <= set(names())
    for name, why in (("toy", "No module named 'no_such_module'"), ("also-toy", "NOTHING")):
        with pytest.raises(GameError) as refused:
            game(name)
        assert str(refused.value).startswith(f"the game {name} is not at ") and why in str(refused.value)
        assert "\n" not in str(refused.value)


def test_a_process_of_its_own_finds_the_game(monkeypatch: pytest.MonkeyPatch) -> None:
    """A process started with the variable (and the toy's folder on its path) finds the toy."""
    monkeypatch.setenv(ENVIRONMENT, toy_game.ENVIRONMENT)
    monkeypatch.setenv("PYTHONPATH", str(TESTS))
    code = "from boardtable.games import game, names; print(names(), game('toy').title)"
    ran = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True, timeout=60)
    assert ran.stdout.strip() == f"{_with('toy')} Toy"


def test_registered_games_leave_with_unregister() -> None:
    register("toy", toy_game.GAME)
    assert game("toy") is toy_game.GAME
    unregister("toy")
    assert "toy" not in names()


def test_what_is_registered_must_be_a_game() -> None:
    register("toy", "toy_game:Toy")  # the class, not the game
    with pytest.raises(GameError, match=r"^the game toy is not a Game but of type ABCMeta$"):
        game("toy")


def test_a_bad_environment_is_one_line_of_the_command(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """The command's parser names every game: a bad value stops it in one line, no traceback."""
    from boardtable.cli import main

    monkeypatch.setenv(ENVIRONMENT, "bad")
    assert main(["--help"]) == 2
    err = capsys.readouterr().err
    assert err == f"hadara: {ENVIRONMENT}: bad is not NAME=MODULE:ATTRIBUTE\n"
