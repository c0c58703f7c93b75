"""Every public name of every game's package is documented on its API reference pages.

Read from the pages' text (no Sphinx build): a name counts where it is the target of an
``auto…`` or ``py:…`` directive, an entry of an ``autosummary``, or a member of an
``automodule`` with ``:members:`` (all of the module's ``__all__``, or the names listed);
documented in a module of the package under the same name as the same object
(``stone_age_rules.records.to_json`` for ``stone_age_rules.to_json``) counts too. The site's
build checks the same with Sphinx (``hadara_rules_api_coverage`` in ``docs/conf.py``).

With three games documented, a bare type name in a game's signatures (``config: GameConfig``)
links to that game's class (the site's ``xrefs`` transform).
"""

from __future__ import annotations

import importlib
import re
import sys
from collections.abc import Iterable
from pathlib import Path
from types import ModuleType
from typing import cast

import pytest
from sphinx.addnodes import pending_xref
from sphinx.domains.python import ObjectEntry, PythonDomain

API = Path(__file__).resolve().parents[1] / "docs" / "api"
sys.path.insert(0, str(API.parent / "_ext"))
from hadara_rules_docs import xrefs  # noqa: E402

#: Each game's package and its API pages; Hadara's are every other page of the folder.
OTHER_GAMES = {"stone_age_rules": ("stone_age.rst",), "imperial_settlers_rules": ("imperial_settlers.rst",)}
PAGES = {
    "hadara_rules": tuple(
        sorted(
            path.name
            for path in API.glob("*.rst")
            if path.name not in {page for pages in OTHER_GAMES.values() for page in pages}
        )
    ),
    **OTHER_GAMES,
}

_DIRECTIVE = re.compile(r"^(\s*)\.\. (?:py:)?(auto)?([a-z]+)::\s*(\S*)\s*$")
_OPTION = re.compile(r"^\s*:([a-z-]+):\s*(.*)$")
_NAMED = {"module", "class", "function", "data", "exception", "attribute", "method", "type"}


def _qualified(name: str, module: str) -> str:
    """``name`` as a dotted name: as written where it starts with a module's name, else in ``module``."""
    if "." in name and _module(name.split(".")[0]) is not None:
        return name
    return f"{module}.{name}" if module else name


def _members(module: str, listed: str) -> list[str]:
    """The names an ``automodule``'s ``:members:`` documents: those listed, or its ``__all__``, or
    (as autodoc does for a module without one) the public classes and functions it defines."""
    if listed.strip():
        return [f"{module}.{name.strip()}" for name in listed.split(",") if name.strip()]
    found = importlib.import_module(module)
    names = getattr(found, "__all__", None)
    if names is None:
        names = [
            name
            for name, value in vars(found).items()
            if not name.startswith("_") and getattr(value, "__module__", None) == module
        ]
    return [f"{module}.{name}" for name in names]


def documented(text: str) -> set[str]:
    """The dotted names a page's reStructuredText documents (see the module)."""
    names: set[str] = set()
    module = ""
    lines = text.splitlines()
    index = 0
    while index < len(lines):
        match = _DIRECTIVE.match(lines[index])
        index += 1
        if match is None:
            continue
        indent, auto, kind, target = match.groups()
        # the directive's body: its options, then its content, all indented deeper
        body: list[str] = []
        while index < len(lines) and (
            not lines[index].strip() or len(lines[index]) - len(lines[index].lstrip()) > len(indent)
        ):
            body.append(lines[index])
            index += 1
        if kind == "currentmodule" or (kind == "module" and not auto):
            module = target
            names.add(target)
        elif kind == "autosummary" and auto:
            names.update(
                _qualified(line.strip(), module) for line in body if line.strip() and not _OPTION.match(line)
            )
        elif kind == "module":  # automodule
            module = target
            names.add(target)
            options = _options(body)
            if "members" in options:
                names.update(_members(target, options["members"]))
        elif kind in _NAMED and target:
            names.add(_qualified(target, module))
    return names


def _options(body: Iterable[str]) -> dict[str, str]:
    """A directive's options, a value continued on the lines below it (``:members: a, b,`` ⏎ ``c``)."""
    options: dict[str, str] = {}
    current = ""
    for line in body:
        option = _OPTION.match(line)
        if option is not None:
            current = option.group(1)
            options[current] = option.group(2)
        elif current and line.strip():
            options[current] += " " + line.strip()
        else:
            break
    return options


def _module(name: str) -> ModuleType | None:
    """The module named ``name``, or None where it names no module."""
    try:
        return importlib.import_module(name)
    except ImportError:
        return None


def undocumented(package: str, text: str) -> list[str]:
    """The names of ``package.__all__`` that ``text`` documents under no name."""
    top = importlib.import_module(package)
    names = documented(text)
    # the package's modules documented, and the names each documents
    in_modules: dict[str, list[str]] = {}
    for name in names:
        modname, _, attribute = name.rpartition(".")
        if modname.startswith(f"{package}."):
            in_modules.setdefault(modname, []).append(attribute)
    same = {
        attribute
        for modname, attributes in in_modules.items()
        if (module := _module(modname)) is not None
        for attribute in attributes
        if attribute in top.__all__ and getattr(module, attribute, None) is getattr(top, attribute)
    }
    return [name for name in top.__all__ if f"{package}.{name}" not in names and name not in same]


def _text(package: str) -> str:
    return "\n".join((API / page).read_text(encoding="utf-8") for page in PAGES[package])


@pytest.mark.parametrize("package", sorted(PAGES))
def test_every_public_name_of_a_game_is_on_its_api_pages(package: str) -> None:
    assert undocumented(package, _text(package)) == []


def test_a_name_left_off_a_page_is_found() -> None:
    text = _text("stone_age_rules")
    assert ".. autofunction:: render_svg\n" in text
    left_off = text.replace(".. autofunction:: render_svg\n", "")
    assert undocumented("stone_age_rules", left_off) == ["render_svg"]
    # a module's members stand for the package's names only where they are listed
    records = text.replace(
        "stone_age_rules.records\n   :members:\n", "stone_age_rules.records\n   :members: replay\n"
    )
    assert undocumented("stone_age_rules", records) == [
        "GameRecord",
        "from_json",
        "from_yaml",
        "position_digest",
        "to_json",
        "to_yaml",
    ]


def test_each_game_links_to_its_api_page() -> None:
    docs = API.parent
    for folder, page in (("stone_age", "stone_age"), ("imperial_settlers", "imperial_settlers")):
        assert f"{{doc}}`../api/{page}`" in (docs / folder / "index.md").read_text(encoding="utf-8")
        assert f":doc:`{page}`" in (API / "index.rst").read_text(encoding="utf-8")


class _Domain:
    """The part of Sphinx's Python domain that the site's cross-reference rewriting reads."""

    def __init__(self, *names: str, aliased: tuple[str, ...] = ()) -> None:
        kinds = {"Move": "type", "type": "attribute"}
        self.objects = {
            name: ObjectEntry("api/page", name, kinds.get(name.rpartition(".")[2], "class"), name in aliased)
            for name in (*names, *aliased)
        }

    def objtypes_for_role(self, role: str) -> list[str]:
        return ["class", "exception", "type"] if role == "class" else []


#: Three games' classes of the same names, as the site documents them.
DOMAIN = _Domain(
    "hadara_rules.GameConfig",
    "hadara_rules.Move",
    "hadara_rules.records.GameRecord",
    "stone_age_rules.GameConfig",
    "stone_age_rules.Move",
    "stone_age_rules.Event.type",
    "imperial_settlers_rules.GameConfig",
    "imperial_settlers_rules.Card.type",
    aliased=("stone_age_rules._config.GameConfig", "hadara_rules._config.GameConfig"),
)


def _resolved(target: str, module: str, klass: str | None = None) -> tuple[str, bool]:
    """Where a reference to ``target`` from ``module`` (and ``klass``) points, and whether Sphinx
    would still look it up among every module's names."""
    node = pending_xref("", refdomain="py", reftype="class", reftarget=target, refspecific=False)
    node["py:module"], node["py:class"] = module, klass
    domain = cast(PythonDomain, DOMAIN)
    xrefs.qualify(node, domain, {"hadara_rules.Move"}, xrefs.by_package(domain))
    return node["reftarget"], node.hasattr("refspecific")


def test_a_bare_name_in_a_game_s_signature_is_that_game_s() -> None:
    assert _resolved("GameConfig", "stone_age_rules.records", "GameRecord") == (
        "stone_age_rules.GameConfig",
        True,
    )
    assert _resolved("GameConfig", "hadara_rules.records") == ("hadara_rules.GameConfig", True)
    # the alias written for every annotation "Move" means Move of the page's own game
    assert _resolved("hadara_rules.Move", "stone_age_rules.records") == ("stone_age_rules.Move", True)
    assert _resolved("hadara_rules.Move", "hadara_rules.bots") == ("hadara_rules.Move", True)
    # a builtin is looked up exactly, not among the classes' attributes named so
    assert _resolved("type", "imperial_settlers_rules.records") == ("type", False)
    # what the module documents itself, or a package documenting no such name: left to Sphinx
    assert _resolved("GameRecord", "hadara_rules.records") == ("GameRecord", True)
    assert _resolved("GameConfig", "boardtable.records") == ("GameConfig", True)
