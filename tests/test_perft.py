"""Legal-move counts at fixed positions (python-chess's "perft"): ``spec/perft.yaml``.

Each position is built like a scenario (``config``, ``components``, ``given``,
``moves``) with :func:`hadara_rules.scenario.position_of`; the number of legal
moves of every seat is counted per move kind and compared with the counts the
file derives from the rules. A mismatch fails with a per-kind table. Positions
with a ``perft`` entry also count the move sequences of that depth and the
distinct positions they reach.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping
from pathlib import Path
from typing import Any

import pytest
import yaml

from hadara_rules import GameState, apply_move, legal_moves
from hadara_rules._moves import MOVE_TYPES
from hadara_rules._rulebook import rules
from hadara_rules.scenario import position_of

PERFT_FILE = Path(__file__).resolve().parent.parent / "spec" / "perft.yaml"
KINDS: tuple[str, ...] = tuple(kind.type for kind in MOVE_TYPES)
_SCENARIO_KEYS = ("config", "components", "given", "moves")
_ENTRY_KEYS = {"name", "rules", "expected", "perft", *_SCENARIO_KEYS}


def _load() -> list[dict[str, Any]]:
    document = yaml.safe_load(PERFT_FILE.read_text(encoding="utf-8"))
    assert isinstance(document, dict) and document.get("perft") == 1, (
        f"{PERFT_FILE}: format version 1 expected"
    )
    positions = document["positions"]
    assert isinstance(positions, list)
    return positions


POSITIONS = _load()
NAMES = [str(p.get("name")) for p in POSITIONS]


def build(entry: Mapping[str, Any]) -> GameState:
    """The position of one entry: the scenario's state after its moves (all must be legal)."""
    document: dict[str, Any] = {"scenario": 1, "title": entry["name"]}
    document.update({key: entry[key] for key in _SCENARIO_KEYS if key in entry})
    return position_of(document, source=f"{PERFT_FILE.name}:{entry['name']}")


def counts(state: GameState) -> dict[int, Counter[str]]:
    """Legal moves of every seat, per kind."""
    return {seat: Counter(m.type for m in legal_moves(state, seat)) for seat in range(len(state.players))}


def breakdown(name: str, expected: Mapping[int, Mapping[str, int]], found: Mapping[int, Counter[str]]) -> str:
    """The expected and found counts per seat and kind, mismatches marked."""
    lines = [
        f"perft position {name!r} ({PERFT_FILE.name}): legal move counts differ",
        f"{'player':>6}  {'kind':<16}{'expected':>9}{'found':>7}",
    ]
    for seat in sorted(set(expected) | set(found)):
        want, got = expected.get(seat, {}), found.get(seat, Counter())
        kinds = [k for k in KINDS if k in want or k in got] or ["(none)"]
        for kind in kinds:
            e, f = want.get(kind, 0), got.get(kind, 0)
            lines.append(f"{seat:>6}  {kind:<16}{e:>9}{f:>7}{'   <-- differs' if e != f else ''}")
    return "\n".join(lines)


def perft(state: GameState, depth: int) -> tuple[int, set[GameState]]:
    """Move sequences of length ``depth`` from ``state``, and the distinct positions they reach."""
    frontier: list[GameState] = [state]
    for _ in range(depth):
        frontier = [apply_move(s, m, check=False) for s in frontier for m in legal_moves(s)]
    return len(frontier), set(frontier)


def test_the_perft_file_is_well_formed() -> None:
    known_rules = set(rules())
    assert len(set(NAMES)) == len(NAMES), "position names must be unique"
    for entry in POSITIONS:
        name = entry.get("name")
        assert set(entry) <= _ENTRY_KEYS, (name, sorted(set(entry) - _ENTRY_KEYS))
        assert set(entry.get("rules", ())) <= known_rules, (name, entry.get("rules"))
        players = entry["config"]["players"]
        expected = entry["expected"]
        assert sorted(expected) == list(range(players)), f"{name}: list every seat in expected"
        for seat, kinds in expected.items():
            assert set(kinds) <= set(KINDS), (name, seat, sorted(set(kinds) - set(KINDS)))
    sections = {build(entry).section.value for entry in POSITIONS}
    assert sections >= {"setup", "wheel", "draft", "pick", "colony", "statue", "feeding", "medals"}, sections


@pytest.mark.parametrize("entry", POSITIONS, ids=NAMES)
def test_legal_move_counts(entry: dict[str, Any]) -> None:
    state = build(entry)
    expected = {
        int(seat): {str(k): int(n) for k, n in kinds.items()} for seat, kinds in entry["expected"].items()
    }
    found = counts(state)
    if any(Counter(expected.get(seat, {})) != found[seat] for seat in found):
        pytest.fail(breakdown(str(entry["name"]), expected, found), pytrace=False)
    assert sum(sum(c.values()) for c in found.values()) == len(legal_moves(state))
    assert {seat for seat, c in found.items() if c} == set(state.to_act)


PERFT_POSITIONS = [p for p in POSITIONS if "perft" in p]


@pytest.mark.parametrize("entry", PERFT_POSITIONS, ids=[str(p["name"]) for p in PERFT_POSITIONS])
def test_move_sequences_and_positions_at_depth(entry: dict[str, Any]) -> None:
    spec = entry["perft"]
    sequences, reached = perft(build(entry), int(spec["depth"]))
    found = {"sequences": sequences, "positions": len(reached)}
    wanted = {"sequences": int(spec["sequences"]), "positions": int(spec["positions"])}
    assert found == wanted, (
        f"perft depth {spec['depth']} of {entry['name']!r}: expected {wanted}, found {found}"
    )
