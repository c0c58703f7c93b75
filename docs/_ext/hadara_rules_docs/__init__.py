"""Sphinx extension of the hadara-rules documentation site.

It turns every registered game's rules (its interface's rule index,
``boardtable.games.game(NAME).commands().rules()``) into the site's rules sections at
build time, so the pages can never drift from the rule indexes:

``game-rules`` (directive, arguments: a game and a rule area, option ``:title:``; :mod:`.rule_pages`)
    The whole page of one rule area of a game: a title, an overview table, and one
    section per rule anchored by the rule's anchor (``id="colony-3"``, another game's
    named with it: ``id="stone-age-flow-1"``, a label too) with its text, a *Ruling*
    admonition (``why`` and ``variant``) where ``ruling: true``, its source (the rule's
    citation), the source files that enforce it
    (``implemented_in``, linked to the viewcode pages, with the public names
    among them linked to the API pages; :mod:`.code`) and the test files and
    scenarios that test it (``tested_by``; :mod:`.tested`). Hadara's pages also show the
    rulebook examples of their rules.
``game-rulings`` (directive, argument: a game; :mod:`.rulings`)
    Every ruling of a game's rule index in one place.
``game-rule-index`` (directive, argument: a game; :mod:`.rule_pages`)
    A game's rule areas (Hadara's in the order of play), with their sources and rule IDs.
``rule`` (role; :mod:`.domain`)
    ``{rule}`COLONY-3``` (MyST) or ``:rule:`COLONY-3``` (reStructuredText)
    links to a rule's anchor, ``{rule}`stone-age:FLOW-1``` to another game's;
    ``{rule}`the tier rule <COLONY-3>``` sets the text. An unknown rule ID is a build
    warning.

Two directives keep the guides honest by running code at build time
(:mod:`.run_code`):

``hadara-example``
    Runs its Python content (one namespace per page, like a notebook) and shows
    the code and what it printed. An exception is a build warning.
``hadara-command``
    Runs a ``hadara ...`` command line in-process and shows its output; an
    unexpected exit status is a build warning.

Pictures of positions (:mod:`.pictures`, drawn in parts with ``render_svg_parts`` at build time,
laid out to the width of the page):

``game-play`` and ``game-position`` (directives; :mod:`.game_pictures`)
    A seeded game of any registered game played by its bots, and the picture of one of
    its positions with what happened just before it, through the game interface alone
    (the home page and every game's *How to play*).
Rulebook examples (:mod:`.examples`)
    Each scenario of ``spec/scenarios/rulebook/`` is shown, with a picture of its
    position, on the page of the rules it names; the wheel page shows the wheel
    of a seeded game.

``tested_by`` entries link to source pages of the tests and scenarios that the
HTML builder writes under ``_tests/`` (:mod:`.tested`).

At the end of reading, :mod:`.checks` makes sure that every rule area and every
rule of every game's index is rendered on some page, and that every public name of the
modules listed in ``hadara_rules_api_coverage`` is documented.

A bare type name in a game's signatures links to that game's public name, not to another
game's of the same name (:mod:`.xrefs`).

Every use of Sphinx's private or internal API is in :mod:`._sphinx`. Nothing is
written into the source tree: every node is generated in memory.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from sphinx.application import Sphinx

from .checks import check_areas, check_consistency
from .code import ResolveCodeRefs, register_viewcode_pages, rule_code_ref
from .domain import HadaraDomain, RuleRole
from .game_pictures import GamePlayDirective, GamePositionDirective
from .pictures import setup_pictures
from .rule_pages import RuleIndexDirective, RulesDirective
from .rulings import RulingsDirective
from .run_code import CommandDirective, ExampleDirective
from .signatures import tidy_signature
from .tested import setup_tested
from .xrefs import QualifyGameNames


def setup(app: Sphinx) -> dict[str, Any]:
    """Register the directives, the role, the domain and the checks."""
    app.add_config_value("hadara_rules_root", str(Path(app.confdir).parent), "env", types=frozenset({str}))
    app.add_config_value("hadara_rules_api_coverage", {}, "env", types=frozenset({dict}))
    app.setup_extension("sphinx.ext.autodoc")
    app.connect("autodoc-process-signature", tidy_signature)
    app.add_domain(HadaraDomain)
    app.add_role("rule", RuleRole())
    app.add_directive("game-rules", RulesDirective)
    app.add_directive("game-rulings", RulingsDirective)
    app.add_directive("game-rule-index", RuleIndexDirective)
    app.add_directive("hadara-example", ExampleDirective)
    app.add_directive("hadara-command", CommandDirective)
    app.add_directive("game-play", GamePlayDirective)
    app.add_directive("game-position", GamePositionDirective)
    setup_pictures(app)
    setup_tested(app)
    app.add_node(rule_code_ref)
    app.add_post_transform(ResolveCodeRefs)
    app.add_post_transform(QualifyGameNames)
    app.connect("builder-inited", check_areas)
    app.connect("env-updated", register_viewcode_pages)
    app.connect("env-check-consistency", check_consistency)
    return {"version": "1", "env_version": 4, "parallel_read_safe": True, "parallel_write_safe": True}
