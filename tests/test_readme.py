"""The Python examples of README.md are doctests: the README cannot drift from the library.

Every ```python block of README.md that contains ``>>>`` prompts is run with
:mod:`doctest`, the blocks in order and sharing one namespace (as a reader
would type them into one interpreter session).
"""

from __future__ import annotations

import doctest
import re
from pathlib import Path

import pytest

README = Path(__file__).resolve().parent.parent / "README.md"
FENCE = re.compile(r"^```python[ \t]*\n(.*?)^```[ \t]*$", re.MULTILINE | re.DOTALL)


def python_blocks() -> list[tuple[int, str]]:
    """``(line number, text)`` of each python block with doctest prompts."""
    text = README.read_text(encoding="utf-8")
    return [
        (text.count("\n", 0, match.start(1)) + 1, match.group(1))
        for match in FENCE.finditer(text)
        if ">>>" in match.group(1)
    ]


def test_the_readme_has_doctest_examples() -> None:
    assert python_blocks(), "README.md has no ```python block with >>> examples"


def test_readme_examples_run_as_shown() -> None:
    parser = doctest.DocTestParser()
    runner = doctest.DocTestRunner(optionflags=doctest.ELLIPSIS | doctest.NORMALIZE_WHITESPACE)
    namespace: dict[str, object] = {"__name__": "README"}
    report: list[str] = []
    for line, block in python_blocks():
        test = parser.get_doctest(block, namespace, f"README.md:{line}", str(README), line - 1)
        runner.run(test, out=report.append, clear_globs=False)
        namespace = test.globs
    results = runner.summarize(verbose=False)
    if results.failed:
        pytest.fail("".join(report), pytrace=False)
    assert results.attempted > 0
