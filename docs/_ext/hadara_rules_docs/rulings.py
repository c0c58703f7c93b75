"""Rulings: the *Ruling* box of a rule, and the ``game-rulings GAME`` page of every ruling of a game."""

from __future__ import annotations

from abc import abstractmethod
from collections.abc import Mapping

from docutils import nodes
from sphinx.util import logging
from sphinx.util.docutils import SphinxDirective

from boardtable.games import DEFAULT
from boardtable.rulebook import RuleEntry

from . import _sphinx
from .render import area_xref, inline, paragraph, rule_xref, table
from .spec import area_order, game_rules, games, rule_heading, rule_key, rules_file

logger = logging.getLogger(__name__)


def ruling_admonition(name: str, rule: RuleEntry, docname: str) -> nodes.admonition:
    """The *Ruling* box of a rule of the game ``name``: why the project decided so, and the
    variant switch if any."""
    title = "Ruling (variant)" if rule.variant else "Ruling"
    box = nodes.admonition(classes=["hadara-ruling", "important"])
    box += nodes.title(title, title)
    if rule.why:
        box += paragraph(
            nodes.strong("Why:", "Why:"),
            nodes.Text(" "),
            *inline(rule.why, game_rules(name), docname, skip=rule.id, game=name),
        )
    if rule.variant:
        box += paragraph(
            nodes.strong("Variant:", "Variant:"),
            nodes.Text(" the other reading is switched on with "),
            nodes.literal(rule.variant, rule.variant),
            nodes.Text("."),
        )
    return box


class GameRulesDirective(SphinxDirective):
    """A directive whose first argument names a registered game with rules, and whose nodes are
    made of the game's rules (:meth:`made`)."""

    required_arguments = 1
    has_content = False

    def run(self) -> list[nodes.Node]:
        name = self.arguments[0].strip()
        if name not in games():
            logger.warning(
                "no registered game %r has rules (games with rules: %s)",
                name,
                ", ".join(games()),
                location=self.get_location(),
                type="hadara",
                subtype="game",
            )
            return []
        if name == DEFAULT:
            self.env.note_dependency(str(rules_file()))
        return self.made(name, game_rules(name), _sphinx.docname(self.env))

    @abstractmethod
    def made(self, name: str, known: Mapping[str, RuleEntry], docname: str) -> list[nodes.Node]:
        """The nodes of the directive on the page ``docname``, from the rules of the game ``name``."""


class RulingsDirective(GameRulesDirective):
    """``game-rulings GAME``: every ruling of a game's rule index in one place (Hadara's in the
    order of play, another game's in its index's order)."""

    def made(self, name: str, known: Mapping[str, RuleEntry], docname: str) -> list[nodes.Node]:
        rulings = [
            rule
            for area in area_order(name, known)
            for rule in known.values()
            if rule.area == area and rule.ruling
        ]
        if not rulings:
            return [paragraph(nodes.Text("The rule index has no rulings."))]
        rows = [
            [
                [rule_xref(rule_key(name, rule.id), rule.id, docname)],
                [area_xref(name, rule.area, docname)],
                inline(rule.summary, known, docname, skip=rule.id, game=name),
                [nodes.literal(rule.variant, rule.variant)] if rule.variant else [nodes.Text("—")],
            ]
            for rule in rulings
        ]
        out: list[nodes.Node] = [table(["Rule", "Area", "Summary", "Variant switch"], rows, [12, 16, 48, 24])]
        for rule in rulings:
            anchor = f"ruling-{rule.anchor}"
            heading = rule_heading(name, rule)
            section = nodes.section(ids=[anchor], names=[anchor])
            section += nodes.title(heading, heading)
            section += paragraph(
                nodes.Text(f"{rule.cited()} · "),
                area_xref(name, rule.area, docname),
                nodes.Text(" · the rule on its page: "),
                rule_xref(rule_key(name, rule.id), rule.id, docname),
                classes=["hadara-area-meta"],
            )
            section += paragraph(
                *inline(rule.text, known, docname, skip=rule.id, game=name), classes=["hadara-rule-text"]
            )
            section += ruling_admonition(name, rule, docname)
            out.append(section)
        return out
