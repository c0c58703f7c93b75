"""The API reference pages of the games: each game's page is linked from its own page and
from the API index, and a bare type name in a game's signatures (``config: GameConfig``) links
to that game's class (the site's ``xrefs`` transform). That every public name is documented is
the site's build's own check (``hadara_rules_api_coverage`` in ``docs/conf.py``), run with
warnings as errors.
"""

from __future__ import annotations

import sys
from pathlib import Path
from typing import cast

from sphinx.addnodes import pending_xref
from sphinx.domains.python import ObjectEntry, PythonDomain

API = Path(__file__).resolve().parents[1] / "docs" / "api"
sys.path.insert(0, str(API.parent / "_ext"))
from hadara_rules_docs import xrefs  # noqa: E402


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
