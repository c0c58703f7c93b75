"""Signatures as autodoc shows them: type alias names, and ``<factory>`` for attrs factory defaults."""

from __future__ import annotations

import re
from typing import Any

from sphinx.application import Sphinx

_FORWARD_REF = re.compile(r"TypeAliasForwardRef\('([^']+)'\)")


def _tidy(text: str | None) -> str | None:
    if text is None:
        return None
    return _FORWARD_REF.sub(r"\1", text).replace("= NOTHING", "= <factory>")


def tidy_signature(
    app: Sphinx,
    what: str,
    name: str,
    obj: object,
    options: Any,
    signature: str | None,
    return_annotation: str | None,
) -> tuple[str | None, str | None]:
    """Show ``autodoc_type_aliases`` names inside generics as the alias (not ``TypeAliasForwardRef(...)``)
    and an ``attrs`` factory default as ``<factory>`` (not ``NOTHING``)."""
    return _tidy(signature), _tidy(return_annotation)
