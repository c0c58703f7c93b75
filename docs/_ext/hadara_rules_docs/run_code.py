"""Code run at build time: ``hadara-example`` (Python) and ``hadara-command`` (a ``hadara`` command line).

Both run in a scratch folder of the build where ``spec/`` and ``examples/`` of the
project are at hand, show what was printed, and warn when the code fails.
"""

from __future__ import annotations

import contextlib
import importlib.util
import io
import os
import shlex
import shutil
import sys
import traceback
from collections.abc import Iterator
from pathlib import Path
from typing import Any, ClassVar

from docutils import nodes
from docutils.parsers.rst import directives
from sphinx.environment import BuildEnvironment
from sphinx.util import logging
from sphinx.util.docutils import SphinxDirective

from . import _sphinx

logger = logging.getLogger(__name__)

#: The terminal width the code sees (``COLUMNS``), so that its output fits the page.
_COLUMNS = 88


def _note_package(env: BuildEnvironment) -> None:
    """Re-read a page that shows output of the package whenever the package's code changes."""
    spec = importlib.util.find_spec("hadara_rules")
    if spec is None or spec.origin is None:
        return
    for path in sorted(Path(spec.origin).parent.rglob("*.py")):
        env.note_dependency(str(path))


def _scratch(env: BuildEnvironment) -> Path:
    """The working folder of examples and commands: ``spec`` and ``examples`` of the project are in it."""
    folder = Path(env.doctreedir) / "hadara-scratch"
    folder.mkdir(parents=True, exist_ok=True)
    root = Path(env.config.hadara_rules_root)
    for name in ("spec", "examples"):
        link = folder / name
        if link.exists() or not (root / name).exists():
            continue
        try:
            link.symlink_to(root / name, target_is_directory=True)
        except OSError:
            shutil.copytree(root / name, link)
    return folder


@contextlib.contextmanager
def _captured(env: BuildEnvironment, into: io.StringIO) -> Iterator[None]:
    """Run in the scratch folder, with a terminal of :data:`_COLUMNS`, printing into ``into``."""
    saved_dir, saved_columns = Path.cwd(), os.environ.get("COLUMNS")
    os.chdir(_scratch(env))
    os.environ["COLUMNS"] = str(_COLUMNS)
    try:
        with contextlib.redirect_stdout(into), contextlib.redirect_stderr(into):
            yield
    finally:
        os.chdir(saved_dir)
        if saved_columns is None:
            os.environ.pop("COLUMNS", None)
        else:
            os.environ["COLUMNS"] = saved_columns


def _elide(text: str, head: int | None, tail: int | None) -> str:
    """The first ``head`` and last ``tail`` lines of ``text``, and how many lines were left out."""
    lines = text.rstrip("\n").split("\n")
    if head is None and tail is None:
        return "\n".join(lines)
    keep_head = lines[: head or 0]
    keep_tail = lines[len(lines) - tail :] if tail else []
    if (head or 0) + (tail or 0) >= len(lines):
        return "\n".join(lines)
    skipped = len(lines) - len(keep_head) - len(keep_tail)
    return "\n".join([*keep_head, f"… ({skipped} more lines) …", *keep_tail])


class ExampleDirective(SphinxDirective):
    """``hadara-example``: run Python code at build time; show the code and what it printed.

    The examples of one page share a namespace, like the cells of a notebook
    (``:reset:`` starts a new one). An exception is a build warning.
    """

    has_content = True
    option_spec: ClassVar[dict[str, Any]] = {
        "hide-code": directives.flag,
        "hide-output": directives.flag,
        "reset": directives.flag,
        "output": directives.unchanged,
        "caption": directives.unchanged,
        "head": directives.nonnegative_int,
        "tail": directives.nonnegative_int,
    }

    def run(self) -> list[nodes.Node]:
        _note_package(self.env)
        code = "\n".join(self.content)
        page = _sphinx.page_data(self.env)
        namespace: dict[str, Any] | None = page.get("hadara_namespace")
        if "reset" in self.options or namespace is None:
            namespace = {"__name__": "__hadara_docs__"}
            page["hadara_namespace"] = namespace
        captured = io.StringIO()
        source, line = self.get_source_info()
        with _captured(self.env, captured):
            try:
                exec(compile(code, f"{source}:{line}", "exec"), namespace)
            except BaseException as exc:
                lines = traceback.format_exception_only(type(exc), exc)
                logger.warning(
                    "the example raised %s",
                    "".join(lines).strip(),
                    location=self.get_location(),
                    type="hadara",
                    subtype="example",
                )
        out: list[nodes.Node] = []
        if "hide-code" not in self.options:
            block = nodes.literal_block(code, code, language="python", classes=["hadara-example"])
            self.set_source_info(block)
            out.append(block)
        printed = _elide(captured.getvalue(), self.options.get("head"), self.options.get("tail"))
        if printed.strip() and "hide-output" not in self.options:
            output = nodes.literal_block(
                printed, printed, language=self.options.get("output", "text"), classes=["hadara-output"]
            )
            self.set_source_info(output)
            caption = self.options.get("caption", "Output")
            out.append(_sphinx.captioned(self, output, caption) if caption else output)
        return out


class CommandDirective(SphinxDirective):
    """``hadara-command hadara ARGS``: run the ``hadara`` command in-process and show its output.

    An exit status other than ``:status:`` (default 0) is a build warning. ``:input:``
    gives the lines typed at standard input, separated by ``|`` (``1 | help | quit``);
    without it the input is empty, so no command waits for a person.
    """

    required_arguments = 1
    final_argument_whitespace = True
    has_content = False
    option_spec: ClassVar[dict[str, Any]] = {
        "status": directives.nonnegative_int,
        "head": directives.nonnegative_int,
        "tail": directives.nonnegative_int,
        "input": directives.unchanged,
    }

    def run(self) -> list[nodes.Node]:
        _note_package(self.env)
        line = self.arguments[0]
        typed = self.options.get("input")
        stdin = io.StringIO(
            "" if typed is None else "".join(f"{part.strip()}\n" for part in typed.split("|"))
        )
        argv = shlex.split(line)
        if not argv or argv[0] != "hadara":
            logger.warning(
                "hadara-command runs 'hadara ...' command lines only, not %r",
                line,
                location=self.get_location(),
                type="hadara",
                subtype="command",
            )
            return []
        from boardtable.cli import main

        captured = io.StringIO()
        status: int
        saved_stdin, sys.stdin = sys.stdin, stdin
        with _captured(self.env, captured):
            try:
                status = main(argv[1:])
            except SystemExit as exc:
                status = exc.code if isinstance(exc.code, int) else 1
            except BaseException as exc:
                status = -1
                captured.write("".join(traceback.format_exception_only(type(exc), exc)))
            finally:
                sys.stdin = saved_stdin
        expected = self.options.get("status", 0)
        if status != expected:
            logger.warning(
                "%r exited with status %s (expected %s): %s",
                line,
                status,
                expected,
                captured.getvalue().strip()[-300:],
                location=self.get_location(),
                type="hadara",
                subtype="command",
            )
        text = f"$ {line}\n" + _elide(captured.getvalue(), self.options.get("head"), self.options.get("tail"))
        if status:
            text += f"\n$ echo $?\n{status}"
        block = nodes.literal_block(text, text, language="console", classes=["hadara-command"])
        self.set_source_info(block)
        return [block]
