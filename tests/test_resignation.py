"""A game a seat resigned, in every game's record (DESIGN "Ending a match"): the result block
says who resigned, its winners are the others' ranked by the game's rules as the position
stood (the resigner never one), the record's check takes moves that stop before the game's
end, and a record that says no resignation is written and read as before."""

from __future__ import annotations

import json
import random
from pathlib import Path
from types import ModuleType
from typing import Any

import pytest

import hadara_rules.records
import stone_age_rules.records
from boardtable.errors import RecordError
from boardtable.games import AnyGame, Game, game
from hadara_rules.cli import main

#: Each game's records module: the check ``hadara replay`` makes of a record.
RECORDS: dict[str, ModuleType] = {"hadara": hadara_rules.records, "stone-age": stone_age_rules.records}
NAMES = ["Ann", "Ben", "Cy"]


def _played(played: AnyGame, plies: int, seed: int, players: int = 3) -> tuple[Any, list[Any], Any]:
    """The options, moves and position of ``plies`` random moves of a new game."""
    options = played.read_options({}, players, seed)
    state, moves, rng = played.new(options), [], random.Random(seed)
    for _ in range(plies):
        seat = rng.choice(played.to_act(state))
        move = rng.choice(played.moves(state, seat))
        state = played.play(state, move)[0]
        moves.append(move)
    return options, moves, state


def _checked(name: str, text: str) -> Any:
    """The record in ``text``, checked as ``hadara replay`` checks it."""
    records = RECORDS[name]
    record = records.from_json(text, records.GameRecord)
    records.replay(record)
    return record


@pytest.mark.parametrize("name", ["hadara", "stone-age"])
@pytest.mark.parametrize("resigned", [0, 1, 2])
def test_a_resigned_record_names_the_resigner_and_the_others_win(name: str, resigned: int) -> None:
    played = game(name)
    options, moves, state = _played(played, 25, seed=11)
    assert not played.is_over(state)
    text = played.record(options, moves, state, NAMES, "a test", resigned=resigned)
    record = _checked(name, text)
    result = record.result
    assert result.resigned == resigned and played.record_resigned(text) == resigned
    assert result.moves == len(moves) == len(record.moves)
    others = [seat for seat in range(3) if seat != resigned]
    assert result.winners == played.winners_among(state, others) and resigned not in result.winners
    assert [sheet.total for sheet in result.scores] == list(played.totals(state))


@pytest.mark.parametrize("name", ["hadara", "stone-age"])
def test_the_others_rank_by_the_game_s_tie_break_when_the_leader_resigns(name: str) -> None:
    """Of the positions of random games where the one leader resigns, the winners are the
    best of the others by the game's own winners among them (its tie-break included)."""
    played = game(name)
    library = RECORDS[name]
    found = 0
    for seed in range(40):
        options, moves, state = _played(played, 30, seed)
        leaders = played.winners_among(state, range(3))
        if len(leaders) != 1:
            continue
        leader = leaders[0]
        others = [seat for seat in range(3) if seat != leader]
        result = library.game_result(state, options, moves, leader)
        assert result.winners == played.winners_among(state, others)
        assert leader not in result.winners and result.winners
        found += 1
    assert found >= 5


def test_the_default_ranks_the_others_by_their_totals() -> None:
    """A game with no tie-break of its own ranks the others by their totals, sharing a tie."""
    played = game("hadara")
    _, _, state = _played(played, 30, seed=3)
    totals = played.totals(state)
    others = (1, 2)
    best = max(totals[seat] for seat in others)
    assert Game.winners_among(played, state, others) == tuple(s for s in others if totals[s] == best)


@pytest.mark.parametrize("name", ["hadara", "stone-age"])
def test_a_record_that_says_no_resignation_is_as_before(name: str) -> None:
    """A record of a game left before its end has no result block; a result with no
    resignation writes no ``resigned`` key (a record written before it loads the same)."""
    played = game(name)
    options, moves, state = _played(played, 25, seed=5)
    left = played.record(options, moves, state, NAMES, "a test")
    assert json.loads(left)["data"].get("result") is None and played.record_resigned(left) is None
    records = RECORDS[name]
    result = records.game_result(state, options, moves)
    text = records.to_json(records.GameRecord(options, tuple(moves), result))
    assert "resigned" not in text
    assert _checked(name, text).result.resigned is None


def _edited(text: str, **result: object) -> str:
    document = json.loads(text)
    document["data"]["result"].update(result)
    return json.dumps(document)


@pytest.mark.parametrize("name", ["hadara", "stone-age"])
def test_a_record_that_lies_about_a_resignation_is_refused(name: str) -> None:
    """The resigner among the winners, another seat said to resign, a seat the game has not,
    or a resignation after the moves' own end: each refused, naming what is wrong."""
    played = game(name)
    options, moves, state = _played(played, 25, seed=11)
    text = played.record(options, moves, state, NAMES, "a test", resigned=0)
    winners = json.loads(text)["data"]["result"]["winners"]
    for edit, words in (
        ({"winners": sorted({0, *winners})}, "winners"),
        ({"resigned": 3}, "is no seat of the game"),
        ({"resigned": -1}, "is no seat of the game"),
    ):
        with pytest.raises(RecordError, match=words):
            _checked(name, _edited(text, **edit))
    finished = _finished(played)
    with pytest.raises(RecordError, match="the moves end the game"):
        _checked(name, _edited(finished, resigned=1))


def _finished(played: AnyGame) -> str:
    """The record of a whole game of greedy bots (Stone Age's of two rounds)."""
    options = played.read_options({"max_rounds": 2} if played.name == "stone-age" else {}, 3, 2)
    state, moves = played.new(options), []
    bots = [played.bot("greedy", str(seat), 0.1) for seat in range(3)]
    while not played.is_over(state):
        seat = played.to_act(state)[0]
        move = bots[seat].choose(state, seat)
        state = played.play(state, move)[0]
        moves.append(move)
    return played.record(options, moves, state, NAMES, "a test")


@pytest.mark.parametrize("name", ["hadara", "stone-age"])
def test_hadara_replay_says_who_resigned_and_who_won(
    name: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """At the end of a resigned record, ``hadara replay`` shows the score as the position stood
    and says who resigned and who won, with no legal moves; earlier (``--at``) it shows the
    moves to come. ``hadara play --resume`` does not go on with it."""
    played = game(name)
    options, moves, state = _played(played, 25, seed=11)
    path = tmp_path / "resigned.json"
    path.write_text(played.record(options, moves, state, NAMES, "a test", resigned=1))
    chosen = ["--game", name] if name != "hadara" else []
    assert main(["replay", *chosen, str(path)]) == 0
    said = capsys.readouterr().out
    told = {0: "P0 (Ann)", 2: "P2 (Cy)"}
    won = ", ".join(told[seat] for seat in played.winners_among(state, (0, 2)))
    assert said.rstrip().endswith(f"P1 (Ben) resigned: {won} {'wins' if ',' not in won else 'win'}.")
    assert "legal moves" not in said
    assert main(["replay", *chosen, str(path), "--at", "24"]) == 0
    assert "resigned" not in capsys.readouterr().out
    assert main(["play", *chosen, "--resume", str(path)]) == 2
    assert "the game is over" in capsys.readouterr().err
