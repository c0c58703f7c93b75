"""Sphinx configuration of the hadara-rules documentation site.

Build it with ``python -m sphinx -W --keep-going -b html docs docs/_build/html``
or ``make -C docs html``. The rules section is generated from
``spec/rules.yaml`` (as the package reads it) at build time by the site's own
extension (the package ``docs/_ext/hadara_rules_docs``); nothing generated is
written into the source tree.
"""

from __future__ import annotations

import sys
from pathlib import Path

DOCS = Path(__file__).resolve().parent
ROOT = DOCS.parent
# Document the checkout's own package, and load the site's extension.
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(DOCS / "_ext"))

project = "hadara-rules"
author = "the hadara-rules authors"
copyright = "2026, the hadara-rules authors"

extensions = [
    "myst_parser",
    "sphinx.ext.autodoc",
    "sphinx.ext.autosummary",
    "sphinx.ext.viewcode",
    "hadara_rules_docs",
]
source_suffix = {".md": "markdown", ".rst": "restructuredtext"}
exclude_patterns = ["_build", "_ext", "Thumbs.db", ".DS_Store"]
root_doc = "index"

html_theme = "furo"
html_title = "hadara-rules"
html_static_path = ["_static"]
html_css_files = ["hadara.css"]

myst_heading_anchors = 3
myst_enable_extensions = ["colon_fence", "deflist"]

# --- autodoc: the public API, with type hints in the signatures
autodoc_typehints = "signature"
autodoc_member_order = "bysource"
autodoc_class_signature = "mixed"
autodoc_preserve_defaults = False
autodoc_type_aliases = {"Move": "hadara_rules.Move"}
autodoc_default_options: dict[str, object] = {}
autosummary_generate = False
python_maximum_signature_line_length = 90
python_use_unqualified_type_names = True

# --- the site's extension
hadara_rules_root = str(ROOT)
#: Modules whose every public name (``__all__``, or every public name defined
#: in the module) must be documented; the lists name deliberate exceptions.
hadara_rules_api_coverage: dict[str, list[str]] = {
    "hadara_rules": [],
    "hadara_rules.records": [],
    "hadara_rules.view": [],
    "hadara_rules.scenario": [],
    "hadara_rules.bots": [],
    "hadara_rules.catalogue": [],
    "stone_age_rules": [],
    "stone_age_rules.records": [],
    "stone_age_rules.view": [],
    "stone_age_rules.bots": [],
    # documented as imperial_settlers_rules.view.HIDDEN, the same object
    "imperial_settlers_rules": ["HIDDEN"],
    "imperial_settlers_rules.records": [],
    "imperial_settlers_rules.view": [],
    "imperial_settlers_rules.bots": [],
}
