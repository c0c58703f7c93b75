"""The rules section: ``hadara-rules AREA`` (the page of one rule area) and ``hadara-rule-index``."""

from __future__ import annotations

from docutils import nodes
from sphinx import addnodes
from sphinx.util import logging
from sphinx.util.docutils import SphinxDirective

from hadara_rules._rulebook import Rule

from . import _sphinx
from .code import CodeTarget, code_ref, resolve_code
from .domain import HadaraDomain, hadara_domain
from .examples import example_box, examples_of_page, wheel_figure
from .render import comma_list, field, inline, paragraph, rule_xref, table
from .rulings import ruling_admonition
from .spec import AREA_TITLES, AREAS, all_rules, area_rules, index_areas, pages, rules_file
from .tested import tested_links

logger = logging.getLogger(__name__)


class RulesDirective(SphinxDirective):
    """``hadara-rules AREA``: the page of one rule area, generated from ``spec/rules.yaml``."""

    required_arguments = 1
    has_content = False

    def run(self) -> list[nodes.Node]:
        area = self.arguments[0].strip()
        self.env.note_dependency(str(rules_file()))
        docname = _sphinx.docname(self.env)
        domain = hadara_domain(self.env)
        rules = area_rules(area)
        if area not in AREA_TITLES and not rules:
            logger.warning(
                "no rule area %r in %s",
                area,
                rules_file(),
                location=self.get_location(),
                type="hadara",
                subtype="area",
            )
            return []
        domain.note_area(area, docname, self.get_location())
        title = AREA_TITLES.get(area, area.capitalize())
        page = nodes.section(ids=[nodes.make_id(f"rules {area}")], names=[nodes.fully_normalize_name(title)])
        page += nodes.title(title, title)
        count = f"{len(rules)} rule{'s' if len(rules) != 1 else ''}"
        page += paragraph(
            nodes.Text(f"Rulebook {pages(rules)} (German edition) · {count} · generated from "),
            nodes.literal("spec/rules.yaml", "spec/rules.yaml"),
            nodes.Text("."),
            classes=["hadara-area-meta"],
        )
        if not rules:
            return [page]
        known = all_rules()
        rows: list[list[list[nodes.Node]]] = []
        for rule in rules:
            link = nodes.reference("", "", nodes.strong(rule.id, rule.id), internal=True, refid=rule.anchor)
            summary = inline(rule.summary, known, docname, skip=rule.id)
            if rule.ruling:
                summary.append(nodes.Text(" "))
                summary.append(nodes.inline("ruling", "ruling", classes=["hadara-badge"]))
            rows.append([[link], summary, [nodes.Text(str(rule.page))]])
        page += table(["Rule", "Summary", "Page"], rows, [12, 76, 8], classes=["hadara-overview"])
        if area == "wheel":
            page += wheel_figure(docname)
        examples = examples_of_page([rule.id for rule in rules])
        for rule in rules:
            section = self.render_rule(rule, docname, domain)
            for example in examples[rule.id]:
                self.env.note_dependency(str(example.path))
                section += example_box(example, docname)
            page += section
        return [page]

    def render_rule(self, rule: Rule, docname: str, domain: HadaraDomain) -> nodes.section:
        domain.note_rule(rule, docname, self.get_location())
        section = nodes.section(ids=[rule.anchor], names=[rule.anchor], classes=["hadara-rule-entry"])
        section += nodes.title(rule.id, rule.id)
        entries: list[tuple[str, str, str, str, str | None]] = [
            ("single", f"{rule.id} (rule)", rule.anchor, "", None)
        ]
        if rule.ruling:
            entries.append(("pair", f"ruling; {rule.id}", rule.anchor, "", None))
        section += addnodes.index(entries=entries)
        section += paragraph(
            *inline(rule.text, all_rules(), docname, skip=rule.id), classes=["hadara-rule-text"]
        )
        if rule.ruling:
            section += ruling_admonition(rule, docname)
        fields = nodes.field_list(classes=["hadara-rule-fields"])
        fields += field("Rulebook", paragraph(nodes.Text(f"p. {rule.page} (German edition)")))
        if rule.implemented_in:
            fields += field("Enforced in", comma_list(self.cite(rule, docname)))
        if rule.tested_by:
            fields += field("Tested in", comma_list(tested_links(rule.id, rule.tested_by)))
        section += fields
        return section

    def cite(self, rule: Rule, docname: str) -> list[nodes.Node]:
        """The source files of ``implemented_in``, each once, linked to the code (an entry that
        cannot be found is shown as plain code text, with a warning)."""
        files: dict[str, list[CodeTarget]] = {}
        out: list[nodes.Node] = []
        public_modules = list(self.env.config.hadara_rules_api_coverage)
        for entry in rule.implemented_in:
            target = resolve_code(entry, public_modules)
            if isinstance(target, str):
                logger.warning(
                    "%s: implemented_in %r: %s",
                    rule.id,
                    entry,
                    target,
                    location=str(rules_file()),
                    type="hadara",
                    subtype="code",
                )
                out.append(nodes.literal(entry, entry))
                continue
            hadara_domain(self.env).note_code(docname, target.modname, target.qualname)
            files.setdefault(target.path, []).append(target)
        return [code_ref(targets) for targets in files.values()] + out


class RuleIndexDirective(SphinxDirective):
    """``hadara-rule-index``: the rule areas in the order of play with their pages and rule IDs."""

    has_content = False

    def run(self) -> list[nodes.Node]:
        self.env.note_dependency(str(rules_file()))
        docname = _sphinx.docname(self.env)
        known = all_rules()
        areas = [area for area, _title in AREAS if area_rules(area)]
        areas += [area for area in index_areas() if area not in AREA_TITLES]
        rows: list[list[list[nodes.Node]]] = []
        for area in areas:
            rules = area_rules(area)
            ids: list[nodes.Node] = []
            for rule in rules:
                if ids:
                    ids.append(nodes.Text(" "))
                ids.append(rule_xref(rule.id, rule.id, docname))
            title = AREA_TITLES.get(area, area)
            ref = addnodes.pending_xref(
                "",
                refdomain="std",
                reftype="doc",
                reftarget=f"/rules/{area}",
                refexplicit=True,
                refwarn=True,
                refdoc=docname,
            )
            ref += nodes.inline(title, title)
            rows.append([[ref], [nodes.Text(pages(rules))], ids])
        rulings = sum(rule.ruling for rule in known.values())
        return [
            paragraph(nodes.Text(f"{len(known)} rules in {len(areas)} areas, {rulings} of them rulings.")),
            table(["Area", "Rulebook", "Rules"], rows, [24, 14, 62], classes=["hadara-index"]),
        ]
