"""A bare type name in a game's signatures means that game's public name.

Autodoc leaves an annotation it cannot evaluate as written (``config: GameConfig``, an
``attrs`` field's type), and Sphinx looks such a name up in every documented module when
the page's own module does not hold it: with three games, each with its ``GameConfig``,
``GameState``, ``Move`` and ``Event``, that finds three. Before Sphinx resolves a Python
cross-reference, this names the one object the name means:

- a name the page's module (or class) documents itself is left as it is;
- a builtin (``type[Move]``'s ``type``) is looked up exactly, never among the attributes
  of the documented classes (``Card.type``);
- otherwise, where the page's package (``stone_age_rules`` for
  ``stone_age_rules.records``) documents exactly one object of that name, it is that one;
- an ``autodoc_type_aliases`` target of another game (``hadara_rules.Move``, written for
  any annotation ``Move``) in a page of a game that documents that name is that game's.
"""

from __future__ import annotations

import builtins
from typing import Any

from sphinx.addnodes import pending_xref
from sphinx.domains.python import PythonDomain
from sphinx.transforms.post_transforms import SphinxPostTransform


class QualifyGameNames(SphinxPostTransform):
    """Rewrite bare Python type names to the page's game's documented names (see the module)."""

    #: Before Sphinx's references resolver (priority 10).
    default_priority = 5

    def run(self, **kwargs: Any) -> None:
        domain = self.env.get_domain("py")
        assert isinstance(domain, PythonDomain)
        aliases = set(self.config.autodoc_type_aliases.values())
        index: dict[tuple[str, str], list[str]] | None = None
        for node in self.document.findall(pending_xref):
            if node.get("refdomain") == "py" and node.get("py:module"):
                if index is None:
                    index = by_package(domain)
                qualify(node, domain, aliases, index)


def by_package(domain: PythonDomain) -> dict[tuple[str, str], list[str]]:
    """The documented objects (no aliases) by their top package and last name."""
    index: dict[tuple[str, str], list[str]] = {}
    for name, entry in domain.objects.items():
        if "." in name and not entry.aliased:
            index.setdefault((name.split(".")[0], name.rpartition(".")[2]), []).append(name)
    return index


def qualify(
    node: pending_xref, domain: PythonDomain, aliases: set[str], index: dict[tuple[str, str], list[str]]
) -> None:
    """Name ``node``'s target as the page's game documents it, where that is one object."""
    target: str = node["reftarget"]
    module: str = node["py:module"]
    package = module.split(".")[0]
    objects = domain.objects
    if target in aliases and not target.startswith(f"{package}."):
        own = f"{package}.{target.rpartition('.')[2]}"
        if own in objects:
            node["reftarget"] = own
        return
    if "." in target:
        return
    klass = node.get("py:class")
    here = [f"{module}.{klass}.{target}" if klass else "", f"{module}.{target}", target]
    if any(name in objects for name in here):
        return
    if hasattr(builtins, target):
        if node.hasattr("refspecific"):
            del node["refspecific"]
        return
    kinds = set(domain.objtypes_for_role(node["reftype"]) or ())
    found = [name for name in index.get((package, target), []) if objects[name].objtype in kinds]
    if len(found) == 1:
        node["reftarget"] = found[0]
