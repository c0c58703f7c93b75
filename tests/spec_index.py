"""Reading a game's formal specification (``spec/…/rules.yaml``) in the tests: the checks each
game's ``test_spec.py`` makes of its entries, its code references and its test references."""

from __future__ import annotations

import ast
import functools
import importlib
from pathlib import Path
from typing import Any

from hadara_rules._errors import CatalogueError
from hadara_rules._reader import parse_yaml, read_text


@functools.cache
def spec_entries(spec: Path) -> list[dict[str, Any]]:
    """The entries of the specification file ``spec`` (one key, ``rules``, holding a list)."""
    data = parse_yaml(read_text(spec, CatalogueError), CatalogueError)
    assert isinstance(data, dict) and set(data) == {"rules"}, "the file holds one key, 'rules'"
    assert isinstance(data["rules"], list)
    return data["rules"]


@functools.cache
def defined_tests(path: Path) -> frozenset[str]:
    """``name`` and ``Class::name`` of every function defined at top level or in a class of ``path``."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    names: set[str] = set()
    for node in tree.body:
        if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef):
            names.add(node.name)
        elif isinstance(node, ast.ClassDef):
            for item in node.body:
                if isinstance(item, ast.FunctionDef | ast.AsyncFunctionDef):
                    names.add(item.name)
                    names.add(f"{node.name}::{item.name}")
    return frozenset(names)


def resolve(entry: str) -> object:
    """Import ``module:qualname`` and follow the qualname with getattr."""
    modname, _, qualname = entry.partition(":")
    obj: object = importlib.import_module(modname)
    for part in qualname.split("."):
        obj = getattr(obj, part)
    return obj
