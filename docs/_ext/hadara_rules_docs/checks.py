"""Checks of the whole site: every rule area and rule rendered somewhere, every public name documented."""

from __future__ import annotations

import ast
import importlib
import types
from collections.abc import Mapping, Sequence

from sphinx.application import Sphinx
from sphinx.domains.python import PythonDomain
from sphinx.environment import BuildEnvironment
from sphinx.util import logging

from . import _sphinx
from .domain import hadara_domain
from .spec import AREA_TITLES, game_rules, games, index_areas, rule_key, rule_source, rules_file

logger = logging.getLogger(__name__)


def check_areas(app: Sphinx) -> None:
    """Every area of the rule index is one of the areas in the order of play (each has a title)."""
    for area in index_areas():
        if area not in AREA_TITLES:
            logger.warning(
                "rule area %r is not one of the areas in the order of play (%s)",
                area,
                ", ".join(AREA_TITLES),
                location=str(rules_file()),
                type="hadara",
                subtype="area",
            )


def check_consistency(app: Sphinx, env: BuildEnvironment) -> None:
    """At the end of reading: every area of every game with rules has a page, every rule is
    rendered, the API is documented."""
    domain = hadara_domain(env)
    for name in games():
        rules = game_rules(name)
        for area in dict.fromkeys(rule.area for rule in rules.values()):
            if f"{name}:{area}" not in domain.areas:
                logger.warning(
                    "rule area %r has no page: add one containing a game-rules directive for it (%s %s)",
                    area,
                    name,
                    area,
                    location=rule_source(name),
                    type="hadara",
                    subtype="area",
                )
        missing = [rule.name for rule in rules.values() if rule_key(name, rule.id) not in domain.rules]
        if missing:
            logger.warning(
                "rules not rendered on any page: %s",
                ", ".join(missing),
                location=rule_source(name),
                type="hadara",
                subtype="area",
            )
    _check_api_coverage(app, env)


def _public_names(modname: str) -> list[str]:
    """``__all__``, or else every public name the module's own source defines at top level."""
    module = importlib.import_module(modname)
    names = getattr(module, "__all__", None)
    if names is not None:
        return list(names)
    tree = ast.parse(_sphinx.module_source(modname))
    defined: list[str] = []
    for statement in tree.body:
        if isinstance(statement, ast.FunctionDef | ast.AsyncFunctionDef | ast.ClassDef):
            defined.append(statement.name)
        elif isinstance(statement, ast.Assign):
            defined.extend(t.id for t in statement.targets if isinstance(t, ast.Name))
        elif isinstance(statement, ast.AnnAssign) and isinstance(statement.target, ast.Name):
            defined.append(statement.target.id)
    return sorted({name for name in defined if not name.startswith("_")})


_MISSING = object()


def _lookup(fullname: str) -> object:
    """The object a documented dotted name stands for (module, then attributes); a sentinel if none."""
    parts = fullname.split(".")
    for cut in range(len(parts), 0, -1):
        try:
            obj: object = importlib.import_module(".".join(parts[:cut]))
        except ImportError:  # not a module: try a shorter prefix
            continue
        try:
            for part in parts[cut:]:
                obj = getattr(obj, part)
        except AttributeError:
            return _MISSING
        return obj
    return _MISSING


def _has_identity(obj: object) -> bool:
    """Whether ``obj`` is one object wherever it is named: a class, a function, or a method
    bound once and named as a module's function (``hadara_rules.to_json``, the platform's
    ``Documents.to_json`` bound to Hadara's documents)."""
    return obj is not _MISSING and isinstance(obj, type | types.FunctionType | types.MethodType)


def _check_api_coverage(app: Sphinx, env: BuildEnvironment) -> None:
    """Every public name of ``hadara_rules_api_coverage``'s modules is documented (under any name)."""
    coverage: Mapping[str, Sequence[str]] = app.config.hadara_rules_api_coverage
    if not coverage:
        return
    python = env.get_domain("py")
    assert isinstance(python, PythonDomain)
    documented_names = set(python.objects)
    # a class or function documented under another name (hadara_rules.X for hadara_rules.catalogue.X)
    # counts; data must be documented under its own name (two constants may be the same small int)
    objects = (_lookup(name) for name in documented_names if name.startswith(tuple(coverage)))
    documented = {id(obj) for obj in objects if _has_identity(obj)}
    for modname, excluded in coverage.items():
        try:
            module = importlib.import_module(modname)
            names = _public_names(modname)
        except Exception as exc:
            logger.warning(
                "cannot import %s to check its documentation: %s", modname, exc, type="hadara", subtype="api"
            )
            continue
        missing = [
            name
            for name in names
            if name not in excluded
            and f"{modname}.{name}" not in documented_names
            and not (
                _has_identity(getattr(module, name, _MISSING)) and id(getattr(module, name)) in documented
            )
        ]
        if missing:
            logger.warning(
                "public names of %s without documentation: %s",
                modname,
                ", ".join(missing),
                type="hadara",
                subtype="api",
            )
