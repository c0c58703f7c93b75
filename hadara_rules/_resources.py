"""Where Hadara's bundled specification lives: inside the wheel, or beside the source tree."""

from __future__ import annotations

from pathlib import Path

from boardtable import resources


def spec_dir() -> Path:
    """The bundled ``spec/`` folder (``hadara_rules/_spec`` in an installed wheel)."""
    return resources.spec_dir(__file__, "spec")


def components_dir() -> Path:
    """The bundled component catalogue (``spec/components``)."""
    return spec_dir() / "components"
