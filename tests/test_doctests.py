"""The examples in the docstrings of the platform and of every game run as written."""

from __future__ import annotations

import doctest
import importlib
import pkgutil

import pytest
from helpers import missing_module

#: The platform and the games, each a top-level package.
PACKAGES = ("boardtable", "hadara_rules", "stone_age_rules", "imperial_settlers_rules")

#: Every module of every package.
MODULES = sorted(
    {
        name
        for package in PACKAGES
        for name in (
            package,
            *(
                found.name
                for found in pkgutil.walk_packages(importlib.import_module(package).__path__, f"{package}.")
            ),
        )
    }
)


@pytest.mark.parametrize("name", MODULES)
def test_the_examples_of_each_module_run(name: str) -> None:
    try:
        module = importlib.import_module(name)
    except ImportError as refused:  # a module of an optional extra not installed
        missing = missing_module(refused)
        if missing is None:
            raise
        pytest.skip(f"{name} needs {missing}")
    failed, _ = doctest.testmod(module, optionflags=doctest.ELLIPSIS, verbose=False, report=False)
    assert failed == 0, f"{failed} example(s) of {name} failed (run python -m doctest -v on it)"


@pytest.mark.parametrize("package", PACKAGES[1:])
def test_each_game_has_examples_to_run(package: str) -> None:
    assert doctest.testmod(importlib.import_module(package), report=False).attempted > 0
