"""Sphinx configuration of the hadara-rules documentation site."""

project = "hadara-rules"
author = "the hadara-rules authors"
copyright = "2026, the hadara-rules authors"

extensions = ["myst_parser", "sphinx.ext.autodoc", "sphinx.ext.viewcode"]
source_suffix = {".md": "markdown", ".rst": "restructuredtext"}
exclude_patterns = ["_build"]
html_theme = "furo"
html_title = "hadara-rules"
autodoc_typehints = "description"
myst_heading_anchors = 3
