"""A dispute is a scenario every game runs alike: written from a played position as the web
table's "Export as scenario" writes it (JSON, the whole position as ``Game.position_data``
writes it, the moves as data or in the notation), ``hadara check`` runs it unchanged: a move
refused for its rule (and refusing it changes nothing), a legal move with the position's
digest after it; a scenario whose expectation is wrong fails, with status 1."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from boardtable.cli import main
from boardtable.games import AnyGame

from .support import walk

#: The moves played before the disputed position (some way into the game, not at its end).
PLAYED = 12


def _position(played: AnyGame, seed: int) -> tuple[Any, Any, Any]:
    """A position of a game of random moves, a move refused there (one legal elsewhere in the
    game) and a legal move there as its seat is offered it."""
    game = walk(played, played.seats[0], seed, steps=PLAYED)
    state = next(state for state in reversed(game.states) if not played.is_over(state))
    refused = next(move for move in game.moves if played.refusal(state, move) is not None)
    offered = played.legal(state, played.to_act(state)[0])[0]
    return state, refused, offered


def _dispute(
    played: AnyGame, state: Any, moves: list[object], expect: dict[str, object]
) -> dict[str, object]:
    return {
        "scenario": 1,
        "game": played.name,
        "title": "Was that legal?",
        "position": played.position_data(state),
        "moves": moves,
        "expect": expect,
    }


def _written(folder: Path, name: str, document: dict[str, object]) -> str:
    path = folder / f"{name}.json"
    path.write_text(json.dumps(document), encoding="utf-8")
    return str(path)


@pytest.mark.parametrize("seed", [3])
def test_a_dispute_from_a_played_position_is_checked(
    name: str, played: AnyGame, seed: int, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    state, refused, offered = _position(played, seed)
    rule = played.refusal(state, refused)
    assert rule is not None
    entry = played.legal_entry(offered)
    after = played.play(state, played.read_move(entry["move"]))[0]
    illegal = _dispute(
        played,
        state,
        [played.move_data(refused)],
        {"illegal": {"move": 0, "rule": rule.rule}, "to_act": list(played.to_act(state))},
    )
    illegal["rules"] = [rule.rule]
    legal = _dispute(
        played, state, [entry["notation"]], {"digest": played.digest(after), "over": played.is_over(after)}
    )
    files = [_written(tmp_path, "illegal", illegal), _written(tmp_path, "legal", legal)]
    assert main(["check", *files]) == 0
    out = capsys.readouterr().out
    assert out.endswith("2 passed, 0 failed\n"), out

    wrong = _written(tmp_path, "wrong", {**legal, "expect": {"digest": played.digest(state)}})
    assert main(["check", wrong]) == 1
    out = capsys.readouterr().out
    assert f"digest: expected '{played.digest(state)[:20]}" in out
    assert f"found {played.digest(after)}\n" in out
    accepted = {**legal, "expect": {"illegal": {"move": 0, "rule": rule.rule}}}
    assert main(["check", _written(tmp_path, "accepted", accepted)]) == 1
    assert f"move 0 was expected to be refused by {rule.rule}; it was played" in capsys.readouterr().out
