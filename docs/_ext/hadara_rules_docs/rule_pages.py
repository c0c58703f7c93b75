"""Every game's rules section: ``game-rules GAME AREA`` (the page of one rule area) and
``game-rule-index GAME`` (the game's areas with their rules).

Both are made from the game's rules as its interface gives them
(``boardtable.games.game(GAME).commands().rules()``: each a
:class:`boardtable.rulebook.RuleEntry` with its ID, area, texts, citation, ruling and
variant, the code that enforces it and the tests), so any registered game's pages are
one directive each.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Any, ClassVar

from docutils import nodes
from docutils.parsers.rst import directives
from sphinx import addnodes
from sphinx.util import logging

from boardtable.games import DEFAULT
from boardtable.rulebook import RuleEntry

from .code import CodeTarget, code_ref, resolve_code
from .domain import HadaraDomain, hadara_domain
from .examples import example_box, examples_of_page, wheel_figure
from .render import area_xref, comma_list, field, inline, paragraph, rule_xref, table
from .rulings import GameRulesDirective, ruling_admonition
from .spec import AREA_TITLES, area_order, game_rules, pages, rule_heading, rule_key, rule_source
from .tested import tested_links

logger = logging.getLogger(__name__)

#: The game whose rulebook examples (``spec/scenarios/rulebook``) and wheel its pages show.
_EXAMPLES = "hadara"


def area_title(name: str, area: str) -> str:
    """The title of a rule area's page where the site knows it (Hadara's areas in the order of
    play), else the area's name."""
    return (AREA_TITLES.get(area) if name == DEFAULT else None) or area.capitalize()


def cited(rules: Sequence[RuleEntry]) -> str:
    """Where some rules come from: the rulebook's pages (``Rulebook pp. 5–7``) where every rule
    is cited by page, else their sources (``Sources: rules summary, rulebook``)."""
    numbers = [rule.citation().get("page") for rule in rules]
    if all(isinstance(number, int) for number in numbers):
        return f"Rulebook {pages(sorted({number for number in numbers if isinstance(number, int)}))}"
    sources = (str(rule.citation().get("source") or "") for rule in rules)
    words = dict.fromkeys(word.strip() for source in sources for word in source.split(","))
    return "Sources: " + ", ".join(word for word in words if word)


class RulesDirective(GameRulesDirective):
    """``game-rules GAME AREA``: the page of one rule area of a game, titled ``:title:`` (Hadara's
    areas have their titles), with an overview and one section per rule, anchored by the rule's
    anchor: its text, a *Ruling* box, its source, the code that enforces it and the tests. An
    area's name may have spaces (Imperial Settlers' ``lookout phase``): the rest of the line is
    the area."""

    required_arguments = 2
    final_argument_whitespace = True
    option_spec: ClassVar[dict[str, Callable[[str], Any]]] = {"title": directives.unchanged}

    def made(self, name: str, known: Mapping[str, RuleEntry], docname: str) -> list[nodes.Node]:
        area = self.arguments[1].strip()
        domain = hadara_domain(self.env)
        rules = [rule for rule in known.values() if rule.area == area]
        if not rules and not (name == DEFAULT and area in AREA_TITLES):
            logger.warning(
                "no rule area %r in %s",
                area,
                rule_source(name),
                location=self.get_location(),
                type="hadara",
                subtype="area",
            )
            return []
        domain.note_area(f"{name}:{area}", docname, self.get_location())
        title = str(self.options.get("title") or area_title(name, area))
        page = nodes.section(ids=[nodes.make_id(f"rules {area}")], names=[nodes.fully_normalize_name(title)])
        page += nodes.title(title, title)
        count = f"{len(rules)} rule{'s' if len(rules) != 1 else ''}"
        page += paragraph(
            nodes.Text(f"{cited(rules)} · {count} · generated from the rule index."),
            classes=["hadara-area-meta"],
        )
        if not rules:
            return [page]
        by_page = all(isinstance(rule.citation().get("page"), int) for rule in rules)
        rows: list[list[list[nodes.Node]]] = []
        for rule in rules:
            link = nodes.reference("", "", nodes.strong(rule.id, rule.id), internal=True, refid=rule.anchor)
            summary = inline(rule.summary, known, docname, skip=rule.id, game=name)
            if rule.ruling:
                summary.append(nodes.Text(" "))
                summary.append(nodes.inline("ruling", "ruling", classes=["hadara-badge"]))
            where = str(rule.citation().get("page" if by_page else "source"))
            rows.append([[link], summary, [nodes.Text(where)]])
        last = "Page" if by_page else "Source"
        widths = [12, 76, 8] if by_page else [16, 64, 20]
        page += table(["Rule", "Summary", last], rows, widths, classes=["hadara-overview"])
        if name == _EXAMPLES and area == "wheel":
            page += wheel_figure(docname)
        examples = examples_of_page([rule.id for rule in rules]) if name == _EXAMPLES else {}
        for rule in rules:
            section = self.render_rule(name, rule, docname, domain)
            for example in examples.get(rule.id, ()):
                self.env.note_dependency(str(example.path))
                section += example_box(example, docname)
            page += section
        return [page]

    def render_rule(self, name: str, rule: RuleEntry, docname: str, domain: HadaraDomain) -> nodes.section:
        key = rule_key(name, rule.id)
        domain.note_rule(key, rule.anchor, docname, self.get_location())
        title = rule_heading(name, rule)
        section = nodes.section(ids=[rule.anchor], names=[rule.anchor], classes=["hadara-rule-entry"])
        section += nodes.title(title, title)
        # the anchor is a label too: {ref}`stone-age-act-3` links to the rule
        self.state.document.note_explicit_target(section, section)
        entries: list[tuple[str, str, str, str, str | None]] = [
            ("single", f"{title} (rule)", rule.anchor, "", None)
        ]
        if rule.ruling:
            entries.append(("pair", f"ruling; {title}", rule.anchor, "", None))
        section += addnodes.index(entries=entries)
        known = game_rules(name)
        section += paragraph(
            *inline(rule.text, known, docname, skip=rule.id, game=name), classes=["hadara-rule-text"]
        )
        if rule.ruling:
            section += ruling_admonition(name, rule, docname)
        fields = nodes.field_list(classes=["hadara-rule-fields"])
        fields += field("Source", paragraph(nodes.Text(rule.cited())))
        if rule.implemented_in:
            fields += field("Enforced in", comma_list(self.cite(name, rule, docname)))
        if rule.tested_by:
            fields += field("Tested in", comma_list(tested_links(key, rule.tested_by, rule_source(name))))
        section += fields
        return section

    def cite(self, name: str, rule: RuleEntry, docname: str) -> list[nodes.Node]:
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
                    rule.name,
                    entry,
                    target,
                    location=rule_source(name),
                    type="hadara",
                    subtype="code",
                )
                out.append(nodes.literal(entry, entry))
                continue
            hadara_domain(self.env).note_code(docname, target.modname, target.qualname)
            files.setdefault(target.path, []).append(target)
        return [code_ref(targets) for targets in files.values()] + out


class RuleIndexDirective(GameRulesDirective):
    """``game-rule-index GAME``: the game's rule areas (Hadara's in the order of play, another's in
    its index's order) with their pages and rule IDs."""

    def made(self, name: str, known: Mapping[str, RuleEntry], docname: str) -> list[nodes.Node]:
        areas = area_order(name, known)
        rows: list[list[list[nodes.Node]]] = []
        for area in areas:
            rules = [rule for rule in known.values() if rule.area == area]
            ids: list[nodes.Node] = []
            for rule in rules:
                if ids:
                    ids.append(nodes.Text(" "))
                ids.append(rule_xref(rule_key(name, rule.id), rule.id, docname))
            rows.append([[area_xref(name, area, docname)], [nodes.Text(cited(rules))], ids])
        rulings = sum(rule.ruling for rule in known.values())
        return [
            paragraph(nodes.Text(f"{len(known)} rules in {len(areas)} areas, {rulings} of them rulings.")),
            table(["Area", "Source", "Rules"], rows, [24, 14, 62], classes=["hadara-index"]),
        ]
