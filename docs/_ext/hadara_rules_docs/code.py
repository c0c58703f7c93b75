"""Links from a rule to the code that applies it (``implemented_in``), on viewcode's source pages.

A rule page names the source files, not the private functions inside them: one
item per file (``hadara_rules/_rules/colony.py``) linked to viewcode's page at
the first definition cited in it. A cited definition that is a public name of the
documented modules is named too, linked to its API documentation (for example
``legal_moves``); private names are never shown.
"""

from __future__ import annotations

import importlib
import sys
import types
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from docutils import nodes
from sphinx.application import Sphinx
from sphinx.domains.python import PythonDomain
from sphinx.environment import BuildEnvironment
from sphinx.transforms.post_transforms import SphinxPostTransform
from sphinx.util.nodes import make_refnode

from . import _sphinx
from .domain import hadara_domain


class rule_code_ref(nodes.Inline, nodes.Element):
    """A citation of implementing code, resolved to a viewcode link when the builder has them."""


@dataclass(frozen=True)
class CodeTarget:
    """Where a ``module:qualname`` entry of ``implemented_in`` is defined, and its public name
    (``""`` when it has none)."""

    entry: str
    modname: str
    qualname: str
    public: str = ""

    @property
    def path(self) -> str:
        """The source file of the defining module, from the package's folder
        (``hadara_rules/_rules/colony.py``)."""
        module = sys.modules[self.modname]
        top = sys.modules[self.modname.split(".")[0]]
        root = Path(str(top.__file__)).parent.parent
        return Path(str(module.__file__)).relative_to(root).as_posix()


def public_name(obj: object, qualname: str, modules: Iterable[str]) -> str:
    """The public dotted name of ``obj`` (found as ``qualname``'s first part) in the first of
    ``modules`` that exports it, or ``""``."""
    _head, dot, rest = qualname.partition(".")
    for modname in modules:
        module = importlib.import_module(modname)
        names = getattr(module, "__all__", [n for n in vars(module) if not n.startswith("_")])
        for name in names:
            if getattr(module, name, None) is obj:
                return f"{modname}.{name}{dot}{rest}"
    return ""


def resolve_code(entry: str, public_modules: Sequence[str] = ()) -> CodeTarget | str:
    """Import an ``implemented_in`` entry; the place it is defined (and its public name in
    ``public_modules``), or why it cannot be found."""
    modname, colon, qualname = entry.partition(":")
    if not colon:
        modname, _, qualname = entry.rpartition(".")
    if not modname or not qualname:
        return "expected module:qualname"
    try:
        obj: object = importlib.import_module(modname)
    except Exception as exc:
        return f"the module does not import ({type(exc).__name__}: {exc})"
    head: object = None
    for index, part in enumerate(qualname.split(".")):
        try:
            obj = getattr(obj, part)
        except AttributeError:
            return f"{modname} has no {qualname}"
        if index == 0:
            head = obj
    if isinstance(obj, types.ModuleType):
        return CodeTarget(entry, obj.__name__, "")
    public = public_name(head, qualname, public_modules)
    defining = getattr(obj, "__module__", None)
    defined_as = getattr(obj, "__qualname__", None)
    if (
        isinstance(defining, str)
        and isinstance(defined_as, str)
        and "<" not in defined_as
        and defining.split(".")[0] == modname.split(".")[0]
    ):
        return CodeTarget(entry, defining, defined_as, public)
    return CodeTarget(entry, modname, qualname, public)


def code_ref(targets: Sequence[CodeTarget]) -> rule_code_ref:
    """The citation of one source file: its path (linked to the first target's definition),
    every target cited in it (for viewcode's links back), and the public names among them."""
    first = targets[0]
    return rule_code_ref(
        "",
        nodes.literal(first.path, first.path),
        cited=[(target.modname, target.qualname) for target in targets],
        publics=list(dict.fromkeys(target.public for target in targets if target.public)),
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
        self.placed: set[str] = set(self.document.ids)
        for node in list(self.document.findall(rule_code_ref)):
            node.replace_self([self.source(node), *self.api_names(node)])

    def source(self, node: rule_code_ref) -> nodes.Node:
        """The file's path, linked to the first cited definition, and anchored where viewcode's
        links back from the cited definitions lead."""
        app = _sphinx.app_of(self.env)
        content = node.children[0].deepcopy()
        if not _sphinx.viewcode_enabled(app):
            return content
        docname = _sphinx.docname(self.env)
        links = [
            _sphinx.source_link(self.env, modname, qualname, docname) for modname, qualname in node["cited"]
        ]
        first = links[0]
        if first is None:
            return content
        ref = make_refnode(app.builder, docname, first.page, first.anchor, content, "the source")
        ids = [
            link.backlink for link in links if link and link.back_here and link.backlink not in self.placed
        ]
        self.placed.update(ids)
        return nodes.inline("", "", ref, ids=ids) if ids else ref

    def api_names(self, node: rule_code_ref) -> list[nodes.Node]:
        """`` (name, name)``: the public names cited, each linked to its API documentation."""
        app = _sphinx.app_of(self.env)
        docname = _sphinx.docname(self.env)
        domain = self.env.get_domain("py")
        documented = domain.objects if isinstance(domain, PythonDomain) else {}
        out: list[nodes.Node] = []
        for name in (name for name in node["publics"] if name in documented):
            shown = name.removeprefix("hadara_rules.")
            found = documented[name]
            literal = nodes.literal(shown, shown, classes=["xref", "py"])
            out.append(nodes.Text(", " if out else " ("))
            out.append(make_refnode(app.builder, docname, found.docname, found.node_id, literal, name))
        return [*out, nodes.Text(")")] if out else []
