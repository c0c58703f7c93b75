"""Reading YAML text safely: the safe loader only, and one clear message for any failure."""

from __future__ import annotations

import yaml


class MalformedYAML(ValueError):
    """YAML text that cannot be read: a syntax error, an unsafe tag, nesting too deep."""


def load_yaml(text: str | bytes) -> object:
    """The document in ``text`` (``yaml.safe_load``); :class:`MalformedYAML` naming the line."""
    try:
        return yaml.safe_load(text)
    except yaml.MarkedYAMLError as exc:
        mark = exc.problem_mark or exc.context_mark
        where = f" at line {mark.line + 1}" if mark is not None else ""
        problem = " ".join(p for p in (exc.context, exc.problem) if p)
        raise MalformedYAML(f"malformed YAML{where}: {problem}") from None
    except yaml.YAMLError as exc:
        raise MalformedYAML(f"malformed YAML: {exc}") from None
    except RecursionError:
        raise MalformedYAML("malformed YAML: nested too deeply") from None
