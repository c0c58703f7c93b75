"""The examples in the package's docstrings run as written."""

from __future__ import annotations

import doctest
import importlib
import pkgutil

import pytest
from helpers import missing_module

import hadara_rules

#: Every module of the package.
MODULES = sorted(
    {"hadara_rules", *(m.name for m in pkgutil.walk_packages(hadara_rules.__path__, "hadara_rules."))}
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


def test_the_package_has_examples_to_run() -> None:
    tried = doctest.testmod(hadara_rules, report=False).attempted
    assert tried > 0
