"""Where the bundled specification lives: inside the wheel, or beside the source tree."""

from __future__ import annotations

from pathlib import Path

_PACKAGE = Path(__file__).resolve().parent


def spec_dir() -> Path:
    """The bundled ``spec/`` folder (``hadara_rules/_spec`` in an installed wheel)."""
    bundled = _PACKAGE / "_spec"
    if bundled.is_dir():
        return bundled
    return _PACKAGE.parent / "spec"


def components_dir() -> Path:
    """The bundled component catalogue (``spec/components``)."""
    return spec_dir() / "components"
