"""Rulings: the *Ruling* box of a rule, and the ``hadara-rulings`` page of every ruling."""

from __future__ import annotations

from docutils import nodes
from sphinx.util.docutils import SphinxDirective

from hadara_rules._rulebook import Rule

from . import _sphinx
from .render import inline, paragraph, rule_xref, table
from .spec import AREA_TITLES, AREAS, all_rules, rules_file


def ruling_admonition(rule: Rule, docname: str) -> nodes.admonition:
    """The *Ruling* box of a rule: why the project decided so, and the variant switch if any."""
    title = "Ruling (variant)" if rule.variant else "Ruling"
    box = nodes.admonition(classes=["hadara-ruling", "important"])
    box += nodes.title(title, title)
    if rule.why:
        box += paragraph(
            nodes.strong("Why:", "Why:"),
            nodes.Text(" "),
            *inline(rule.why, all_rules(), docname, skip=rule.id),
        )
    if rule.variant:
        box += paragraph(
            nodes.strong("Variant:", "Variant:"),
            nodes.Text(" the other reading is switched on with "),
            nodes.literal(rule.variant, rule.variant),
            nodes.Text("."),
        )
    return box


class RulingsDirective(SphinxDirective):
    """``hadara-rulings``: every ruling of the rule index in one place, in the order of play."""

    has_content = False

    def run(self) -> list[nodes.Node]:
        self.env.note_dependency(str(rules_file()))
        docname = _sphinx.docname(self.env)
        known = all_rules()
        order = {area: i for i, (area, _title) in enumerate(AREAS)}
        rulings = sorted(
            (rule for rule in known.values() if rule.ruling),
            key=lambda rule: order.get(rule.area, len(order)),
        )
        if not rulings:
            return [paragraph(nodes.Text("The rule index has no rulings."))]
        rows = [
            [
                [rule_xref(rule.id, rule.id, docname)],
                [nodes.Text(AREA_TITLES.get(rule.area, rule.area))],
                inline(rule.summary, known, docname, skip=rule.id),
                [nodes.literal(rule.variant, rule.variant)] if rule.variant else [nodes.Text("—")],
            ]
            for rule in rulings
        ]
        out: list[nodes.Node] = [table(["Rule", "Area", "Summary", "Variant switch"], rows, [12, 16, 48, 24])]
        for rule in rulings:
            anchor = f"ruling-{rule.anchor}"
            heading = f"{rule.id} — {AREA_TITLES.get(rule.area, rule.area)}"
            section = nodes.section(ids=[anchor], names=[anchor])
            section += nodes.title(heading, heading)
            section += paragraph(
                nodes.Text(f"Rulebook p. {rule.page} · the rule on its page: "),
                rule_xref(rule.id, rule.id, docname),
                classes=["hadara-area-meta"],
            )
            section += paragraph(
                *inline(rule.text, known, docname, skip=rule.id), classes=["hadara-rule-text"]
            )
            section += ruling_admonition(rule, docname)
            out.append(section)
        return out
