"""Every test of the suite that takes ``name`` runs once for each game: the registered games
and the toy, which is registered while the suite runs (and only then)."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from toy_game import NAME, registered

from boardtable.games import AnyGame, game, names

#: Every game the suite runs over: the registered ones, then the toy.
GAMES = names() if NAME in names() else (*names(), NAME)


#: Where a game is known not to conform, by game and test: why (an expected failure, strict:
#: once the game is mended the test passes, and fails the run until its entry here is gone).
KNOWN: dict[tuple[str, str], str] = {}


def pytest_generate_tests(metafunc: pytest.Metafunc) -> None:
    if "name" in metafunc.fixturenames:
        test = metafunc.function.__name__
        metafunc.parametrize(
            "name",
            [
                pytest.param(name, marks=[pytest.mark.xfail(reason=KNOWN[name, test], strict=True)])
                if (name, test) in KNOWN
                else name
                for name in GAMES
            ],
        )


@pytest.fixture(scope="package", autouse=True)
def _toy() -> Iterator[None]:
    """The toy, registered for the suite's tests alone."""
    with registered():
        yield


@pytest.fixture
def played(name: str) -> AnyGame:
    """The game the test runs for."""
    return game(name)
