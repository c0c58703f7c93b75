"""The ``hadara`` domain (where each rule and rule area of every game is rendered, what code
the pages cite) and the ``{rule}`` role that links to a rule's anchor.

A rule is known by its key (:func:`.spec.rule_key`: ``COLONY-3`` for the default game,
``stone-age:FLOW-1`` for another), a rule area by ``GAME:AREA``."""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from typing import Any, ClassVar

from docutils import nodes
from sphinx import addnodes
from sphinx.builders import Builder
from sphinx.domains import Domain, ObjType
from sphinx.environment import BuildEnvironment
from sphinx.util import logging
from sphinx.util.docutils import ReferenceRole
from sphinx.util.nodes import make_refnode

from . import _sphinx
from .render import rule_xref
from .spec import keyed_rule, rule_key, rules_file

logger = logging.getLogger(__name__)


class HadaraDomain(Domain):
    """Where rules are rendered (``hadara:rule`` objects) and what code they cite."""

    name = "hadara"
    label = "Hadara rules"
    object_types: ClassVar[dict[str, ObjType]] = {"rule": ObjType("rule", "rule")}
    initial_data: ClassVar[dict[str, Any]] = {
        "rules": {},  # rule key -> (docname, anchor)
        "areas": {},  # GAME:AREA -> docname
        "code": {},  # docname -> [(module, qualname), ...] cited by implemented_in
    }
    dangling_warnings: ClassVar[dict[str, str]] = {
        "rule": "rule %(target)s is not rendered on any page",
        "area": "rule area %(target)s has no page",
    }

    @property
    def rules(self) -> dict[str, tuple[str, str]]:
        found: dict[str, tuple[str, str]] = self.data.setdefault("rules", {})
        return found

    @property
    def areas(self) -> dict[str, str]:
        found: dict[str, str] = self.data.setdefault("areas", {})
        return found

    @property
    def code(self) -> dict[str, list[tuple[str, str]]]:
        found: dict[str, list[tuple[str, str]]] = self.data.setdefault("code", {})
        return found

    def note_rule(self, key: str, anchor: str, docname: str, location: Any) -> None:
        if key in self.rules and self.rules[key][0] != docname:
            logger.warning(
                "rule %s is rendered twice (also in %s)",
                key,
                self.rules[key][0],
                location=location,
                type="hadara",
                subtype="duplicate",
            )
        self.rules[key] = (docname, anchor)

    def note_area(self, area: str, docname: str, location: Any) -> None:
        if area in self.areas and self.areas[area] != docname:
            logger.warning(
                "rule area %r is rendered twice (also in %s)",
                area,
                self.areas[area],
                location=location,
                type="hadara",
                subtype="duplicate",
            )
        self.areas[area] = docname

    def note_code(self, docname: str, modname: str, qualname: str) -> None:
        self.code.setdefault(docname, []).append((modname, qualname))

    def clear_doc(self, docname: str) -> None:
        for key, (doc, _anchor) in list(self.rules.items()):
            if doc == docname:
                del self.rules[key]
        for key, doc in list(self.areas.items()):
            if doc == docname:
                del self.areas[key]
        self.code.pop(docname, None)

    def merge_domaindata(self, docnames: Iterable[str], otherdata: dict[str, Any]) -> None:
        wanted = set(docnames)
        for key, value in otherdata.get("rules", {}).items():
            if value[0] in wanted:
                self.rules[key] = value
        for key, doc in otherdata.get("areas", {}).items():
            if doc in wanted:
                self.areas[key] = doc
        for doc, refs in otherdata.get("code", {}).items():
            if doc in wanted:
                self.code[doc] = refs

    def resolve_xref(
        self,
        env: BuildEnvironment,
        fromdocname: str,
        builder: Builder,
        typ: str,
        target: str,
        node: addnodes.pending_xref,
        contnode: nodes.Element,
    ) -> nodes.reference | None:
        if typ == "area":
            page = self.areas.get(target)
            if page is None:
                return None
            title = env.titles[page].astext() if page in env.titles else target
            shown = contnode if node.get("refexplicit") else nodes.inline(title, title)
            return make_refnode(builder, fromdocname, page, "", shown, title)
        keyed = keyed_rule(target)
        if keyed is None:
            return None
        name, rule = keyed
        found = self.rules.get(rule_key(name, rule.id))
        if found is None:
            return None
        docname, anchor = found
        return make_refnode(builder, fromdocname, docname, anchor, contnode, rule.summary)

    def resolve_any_xref(
        self,
        env: BuildEnvironment,
        fromdocname: str,
        builder: Builder,
        target: str,
        node: addnodes.pending_xref,
        contnode: nodes.Element,
    ) -> list[tuple[str, nodes.reference]]:
        ref = self.resolve_xref(env, fromdocname, builder, "rule", target, node, contnode)
        return [] if ref is None else [("hadara:rule", ref)]

    def get_objects(self) -> Iterator[tuple[str, str, str, str, str, int]]:
        for rule_id, (docname, anchor) in sorted(self.rules.items()):
            yield rule_id, rule_id, "rule", docname, anchor, 1


def hadara_domain(env: BuildEnvironment) -> HadaraDomain:
    """The environment's ``hadara`` domain."""
    domain = env.get_domain("hadara")
    assert isinstance(domain, HadaraDomain)
    return domain


class RuleRole(ReferenceRole):
    """``{rule}`COLONY-3```, ``{rule}`text <COLONY-3>``` and another game's
    ``{rule}`stone-age:FLOW-1```: a link to a rule's anchor."""

    def run(self) -> tuple[list[nodes.Node], list[nodes.system_message]]:
        self.env.note_dependency(str(rules_file()))
        keyed = keyed_rule(self.target.strip())
        if keyed is None:
            logger.warning(
                "unknown rule ID %r in the rule role (see spec/rules.yaml)",
                self.target,
                location=self.get_location(),
                type="hadara",
                subtype="rule",
            )
            return [nodes.literal(self.rawtext, self.title, classes=["hadara-rule", "unknown"])], []
        name, rule = keyed
        text = self.title if self.has_explicit_title else rule.id
        key = rule_key(name, rule.id)
        return [rule_xref(key, text, _sphinx.docname(self.env), self.has_explicit_title)], []
