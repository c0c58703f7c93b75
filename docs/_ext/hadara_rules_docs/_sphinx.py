"""Every use of Sphinx's private or internal API, in one place.

The rest of the extension uses Sphinx's and docutils' public API only; what it
needs beyond that goes through these functions, so that a change in Sphinx
touches this module alone:

- the application and the current page of a :class:`BuildEnvironment` (the
  environment's private ``_app`` since Sphinx 8.2; ``current_document``, or
  ``temp_data`` and ``docname`` before it);
- the table of highlighted modules that ``sphinx.ext.viewcode`` keeps in the
  environment's private ``_viewcode_modules``, its rule for which builders get
  source pages, and the folder of those pages;
- :func:`sphinx.directives.code.container_wrapper` (a captioned code block) and
  :class:`sphinx.pycode.ModuleAnalyzer` (a module's source and the line ranges of
  its definitions), neither part of the documented extension API.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from docutils import nodes
from sphinx.application import Sphinx
from sphinx.directives.code import container_wrapper
from sphinx.environment import BuildEnvironment
from sphinx.pycode import ModuleAnalyzer
from sphinx.util.docutils import SphinxDirective

#: Where viewcode writes the highlighted source of a module (``_modules/package/module``).
_VIEWCODE_PAGES = "_modules"


def app_of(env: BuildEnvironment) -> Sphinx:
    """The application of an environment (``env._app`` since Sphinx 8.2, ``env.app`` before)."""
    app = env.__dict__.get("_app")
    return app if isinstance(app, Sphinx) else env.app


def docname(env: BuildEnvironment) -> str:
    """The page being read or written."""
    current = getattr(env, "current_document", None)
    return str(current.docname if current is not None else env.docname)


def page_data(env: BuildEnvironment) -> Any:
    """The data kept while one page is read (``env.current_document``, ``env.temp_data`` before 8.2)."""
    current = getattr(env, "current_document", None)
    return current if current is not None else env.temp_data


def captioned(directive: SphinxDirective, block: nodes.literal_block, caption: str) -> nodes.container:
    """A code block with a caption, as ``code-block`` makes it."""
    return container_wrapper(directive, block, caption)


def module_source(modname: str) -> str:
    """The source text of an importable module."""
    return ModuleAnalyzer.for_module(modname).code


# --------------------------------------------------------------------------- viewcode


def viewcode_enabled(app: Sphinx) -> bool:
    """True when viewcode makes source pages for this builder (its own rule, restated)."""
    if "sphinx.ext.viewcode" not in app.extensions:
        return False
    builder = app.builder
    return (
        builder.format == "html"
        and builder.name != "singlehtml"
        and (not builder.name.startswith("epub") or bool(app.config.viewcode_enable_epub))
    )


def _viewcode_modules(env: BuildEnvironment) -> dict[str, Any]:
    """viewcode's table: module name → ``(code, tags, {qualname: docname}, refname)``, or False."""
    modules: dict[str, Any] = env.__dict__.setdefault("_viewcode_modules", {})
    return modules


def highlight_in_viewcode(app: Sphinx, modname: str, qualname: str, docname: str) -> None:
    """Make viewcode write the source page of ``modname``, with ``qualname`` linked back to ``docname``."""
    modules = _viewcode_modules(app.env)
    entry = modules.get(modname)
    if entry is False:
        return
    found = app.events.emit_firstresult("viewcode-find-source", modname)
    if found is None:
        try:
            analyzer = ModuleAnalyzer.for_module(modname)
            analyzer.find_tags()
        except Exception:
            modules[modname] = False
            return
        code, tags = analyzer.code, analyzer.tags
    else:
        code, tags = found
    if entry is None or entry[0] != code:
        entry = (code, tags, {}, modname)
        modules[modname] = entry
    used: dict[str, str] = entry[2]
    if qualname in entry[1] and qualname not in used:
        used[qualname] = docname


@dataclass(frozen=True)
class SourceLink:
    """Where a cited name's highlighted source is: the page, the anchor on it, and the back link.

    ``backlink`` is the id viewcode's *[docs]* link on the source page points to;
    ``back_here`` is true when that link leads to the page being written.
    """

    page: str
    anchor: str
    backlink: str
    back_here: bool


def source_link(env: BuildEnvironment, modname: str, qualname: str, docname: str) -> SourceLink | None:
    """The viewcode page of a cited name, or None when viewcode has no page for its module."""
    entry = _viewcode_modules(env).get(modname)
    if not entry:
        return None
    _code, tags, used, refname = entry
    return SourceLink(
        page=f"{_VIEWCODE_PAGES}/{modname.replace('.', '/')}",
        anchor=qualname if qualname in tags else "",
        backlink=f"{refname}.{qualname}",
        back_here=used.get(qualname) == docname,
    )
