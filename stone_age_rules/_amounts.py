"""Amounts in words, for the previews and the rest of the table's words (:mod:`.text`)."""

from __future__ import annotations

from collections.abc import Iterable


def amounts_text(amounts: Iterable[tuple[str, int | float]]) -> str:
    """Changes of a board's counters: ``+3 food, -2 wood`` (tools: the tool value)."""
    return ", ".join(f"{amount:+g} {str(name).replace('_', '-')}" for name, amount in amounts)
