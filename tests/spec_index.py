"""Reading a game's formal specification (``spec/…/rules.yaml``) in the tests: the checks each
game's ``test_spec.py`` makes of its entries, its code references and its test references."""

from __future__ import annotations

import ast
import functools
import importlib
import re
from collections.abc import Iterable
from pathlib import Path
from typing import Any

import pytest

from hadara_rules.foundations import CatalogueError, parse_yaml, read_text

#: A rule ID as the digest marks it: ``**FLOW-1**``.
DIGEST_ID = re.compile(r"\*\*([A-Z]+-\d+)\*\*")
#: The optional fields of an entry, which only a ruling has, and their types.
RULING_FIELDS: dict[str, type] = {"why": str, "variant": str}


def required_fields(citation: str, kind: type) -> dict[str, type]:
    """The fields every entry has, and their types: the game's own citation of its rulebook
    (Hadara's ``page``, Stone Age's ``source``) among them."""
    return {
        "id": str,
        "area": str,
        citation: kind,
        "summary": str,
        "text": str,
        "ruling": bool,
        "implemented_in": list,
        "tested_by": list,
    }


@functools.cache
def spec_entries(spec: Path) -> list[dict[str, Any]]:
    """The entries of the specification file ``spec`` (one key, ``rules``, holding a list)."""
    data = parse_yaml(read_text(spec, CatalogueError), CatalogueError)
    assert isinstance(data, dict) and set(data) == {"rules"}, "the file holds one key, 'rules'"
    assert isinstance(data["rules"], list)
    return data["rules"]


def entries_by_id(spec: Path) -> dict[str, dict[str, Any]]:
    """The entries of ``spec`` by their rule ID."""
    return {str(entry.get("id")): entry for entry in spec_entries(spec)}


def digest_text(digest: Path) -> str:
    """The text of a game's rules digest, which lives beside the repository on developer
    machines; the test is skipped where it is absent (the ID constant is checked instead)."""
    if not digest.is_file():
        pytest.skip(
            f"the rules digest {digest} is not beside the repository; the ID constant is checked instead"
        )
    return digest.read_text(encoding="utf-8")


def check_implemented_in(rule_id: str, names: Iterable[str], package: str) -> None:
    """Every name a rule's ``implemented_in`` lists is ``module:qualname`` of ``package`` and imports."""
    form = re.compile(rf"^{package}(\.[\w.]+)?:[A-Za-z_][\w.]*$")
    for name in names:
        assert form.match(name), f"{rule_id}: {name!r} is not {package} module:qualname"
        try:
            resolve(name)
        except (ImportError, AttributeError) as exc:
            pytest.fail(f"{rule_id}: implemented_in {name!r} does not import ({type(exc).__name__}: {exc})")


def check_fields(rule_id: str, entry: dict[str, Any], required: dict[str, type]) -> None:
    """An entry has the ``required`` fields with their types and no field but those and the
    :data:`RULING_FIELDS`; its summary and text are one line without markdown; a ruling says
    why, and only a ruling has a ``why`` or a ``variant``."""
    unknown = set(entry) - set(required) - set(RULING_FIELDS)
    assert not unknown, f"{rule_id}: unknown fields {sorted(unknown)}"
    for key, kind in required.items():
        value = entry.get(key)
        assert isinstance(value, kind) and not (kind is int and isinstance(value, bool)), (
            f"{rule_id}: '{key}' must be a {kind.__name__}, not {value!r}"
        )
    for key, kind in RULING_FIELDS.items():
        if entry.get(key) is not None:
            assert isinstance(entry[key], kind) and entry[key].strip(), f"{rule_id}: '{key}' must be a text"
    for key in ("summary", "text"):
        value = entry[key]
        assert value.strip() == value and value, f"{rule_id}: '{key}' is empty or padded"
        assert "\n" not in value, f"{rule_id}: '{key}' is one paragraph"
        assert not re.search(r"[*`#]", value), f"{rule_id}: '{key}' has markdown"
    if entry["ruling"]:
        assert isinstance(entry.get("why"), str) and entry["why"].strip(), f"{rule_id}: a ruling needs 'why'"
    else:
        assert entry.get("why") is None, f"{rule_id}: 'why' belongs to rulings only"
        assert entry.get("variant") is None, f"{rule_id}: 'variant' belongs to rulings only"


def check_test(rule_id: str, root: Path, file: str, name: str) -> None:
    """A ``tested_by`` reference ``file::name`` names a test file below ``root`` that defines ``name``."""
    path = root / file
    assert path.is_file(), f"{rule_id}: {file} does not exist"
    assert path.name.startswith("test_"), f"{rule_id}: {file} is not a test file"
    assert name.split("::")[-1].startswith("test"), f"{rule_id}: {file}::{name} does not name a test"
    assert name in defined_tests(path), f"{rule_id}: {file} defines no {name}"


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
