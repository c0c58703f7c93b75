"""Links from a rule to the code that applies it (``implemented_in``), on viewcode's source pages."""

from __future__ import annotations

import importlib
import types
from dataclasses import dataclass
from typing import Any

from docutils import nodes
from sphinx.application import Sphinx
from sphinx.environment import BuildEnvironment
from sphinx.transforms.post_transforms import SphinxPostTransform
from sphinx.util.nodes import make_refnode

from . import _sphinx
from .domain import hadara_domain


class rule_code_ref(nodes.Inline, nodes.Element):
    """A citation of implementing code, resolved to a viewcode link when the builder has them."""


@dataclass(frozen=True)
class CodeTarget:
    """Where a ``module:qualname`` entry of ``implemented_in`` is defined."""

    entry: str
    modname: str
    qualname: str


def resolve_code(entry: str) -> CodeTarget | str:
    """Import an ``implemented_in`` entry; the place it is defined, or why it cannot be found."""
    modname, colon, qualname = entry.partition(":")
    if not colon:
        modname, _, qualname = entry.rpartition(".")
    if not modname or not qualname:
        return "expected module:qualname"
    try:
        obj: object = importlib.import_module(modname)
    except Exception as exc:
        return f"the module does not import ({type(exc).__name__}: {exc})"
    for part in qualname.split("."):
        try:
            obj = getattr(obj, part)
        except AttributeError:
            return f"{modname} has no {qualname}"
    if isinstance(obj, types.ModuleType):
        return CodeTarget(entry, obj.__name__, "")
    defining = getattr(obj, "__module__", None)
    defined_as = getattr(obj, "__qualname__", None)
    if (
        isinstance(defining, str)
        and isinstance(defined_as, str)
        and "<" not in defined_as
        and defining.split(".")[0] == modname.split(".")[0]
    ):
        return CodeTarget(entry, defining, defined_as)
    return CodeTarget(entry, modname, qualname)


def code_ref(target: CodeTarget) -> rule_code_ref:
    """The citation node of an entry (shown as the entry, in code type)."""
    return rule_code_ref(
        "", nodes.literal(target.entry, target.entry), modname=target.modname, qualname=target.qualname
    )


def register_viewcode_pages(app: Sphinx, env: BuildEnvironment) -> list[str]:
    """Make viewcode highlight every module cited by ``implemented_in`` (and anchor the cited names)."""
    if "sphinx.ext.viewcode" not in app.extensions:
        return []
    for docname, refs in sorted(hadara_domain(env).code.items()):
        for modname, qualname in refs:
            _sphinx.highlight_in_viewcode(app, modname, qualname, docname)
    return []


class ResolveCodeRefs(SphinxPostTransform):
    """``rule_code_ref`` → a link to the highlighted source, or plain code text for other builders."""

    default_priority = 90

    def run(self, **kwargs: Any) -> None:
        app = _sphinx.app_of(self.env)
        linked = _sphinx.viewcode_enabled(app)
        docname = _sphinx.docname(self.env)
        placed: set[str] = set(self.document.ids)
        for node in list(self.document.findall(rule_code_ref)):
            content = node.children[0].deepcopy()
            modname, qualname = node["modname"], node["qualname"]
            link = _sphinx.source_link(self.env, modname, qualname, docname) if linked else None
            if link is None:
                node.replace_self(content)
                continue
            ref: nodes.Element = make_refnode(
                app.builder, docname, link.page, link.anchor, content, f"source of {modname}"
            )
            if link.back_here and link.backlink not in placed:
                placed.add(link.backlink)
                ref = nodes.inline("", "", ref, ids=[link.backlink])
            node.replace_self(ref)
