"""Amounts in words, for the previews and the rest of the table's words (:mod:`.text`)."""

from __future__ import annotations

from collections.abc import Iterable, Mapping

#: A counter's name for one and for several (``score``: points; ``tools``: the tool value).
NOUNS: Mapping[str, tuple[str, str]] = {
    "score": ("point", "points"),
    "agriculture": ("step of agriculture", "steps of agriculture"),
    "people": ("person", "people"),
    "tools": ("tool", "tools"),
    "one_time": ("one-time tool", "one-time tools"),
    "claims": ("claim", "claims"),
    "cards": ("card", "cards"),
    "buildings": ("building", "buildings"),
}
#: A counter's name in a change of it (``+1 tool level``: the tool value; ``+3 one-time tool
#: value``: a one-time tool of 3).
_CHANGED: Mapping[str, tuple[str, str]] = {
    **NOUNS,
    "tools": ("tool level", "tool levels"),
    "one_time": ("one-time tool value", "one-time tool value"),
    "claims": ("pair of resources to choose", "pairs of resources to choose"),
}


def amounts_text(amounts: Iterable[tuple[str, int | float]]) -> str:
    """Changes of a board's counters, each with its noun: ``+3 food, −2 wood, +12 points``
    (tools: the tool value; one-time tools: their value)."""
    parts = []
    for name, amount in amounts:
        one, several = _CHANGED.get(name, (name, name))
        parts.append(f"{'+' if amount > 0 else '−'}{abs(amount):g} {one if abs(amount) == 1 else several}")
    return ", ".join(parts)
