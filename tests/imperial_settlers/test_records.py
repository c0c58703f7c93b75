"""Documents: configurations, positions and moves read back equal; junk and positions no game
could be in are refused in one line naming the field."""

from __future__ import annotations

import json

import attrs
import pytest

from boardtable.errors import Inconsistent, RecordError
from imperial_settlers_rules import GameConfig, GameState, Move
from imperial_settlers_rules.records import from_json, position_digest, to_json

from .tables import game, playout


def test_positions_and_moves_read_back_equal_with_equal_digests() -> None:
    for index, (before, move, after) in enumerate(playout(game(4, 8), 8)):
        assert from_json(to_json(move), Move) == move
        if index % 5 == 0:
            back = from_json(to_json(after), GameState)
            assert back == after and position_digest(back) == position_digest(after)
        assert position_digest(before) != position_digest(after)


def test_a_configuration_reads_back() -> None:
    config = GameConfig(
        players=3,
        seed=9,
        factions=("japanese", "romans", "egyptians"),
        first_player="random",
        faction_deck_reshuffle=False,
    )
    assert from_json(to_json(config), GameConfig) == config


@pytest.mark.parametrize(
    ("text", "named"),
    [
        ('{"schema_version": 1, "kind": "move", "data": {"type": "fly", "player": 0}}', "$.data"),
        ('{"schema_version": 1, "kind": "move", "data": {"type": "pass", "player": "0"}}', "$.data.player"),
        (
            '{"schema_version": 1, "kind": "move", "data": {"type": "pass", "player": 0, "x": 1}}',
            "unknown key",
        ),
        ('{"schema_version": 2, "kind": "move", "data": {}}', "$.schema_version"),
        ('{"schema_version": 1, "kind": "game_config", "data": {"players": 7}}', "SETUP-1"),
        ("[1, 2", "malformed"),
    ],
)
def test_junk_is_refused_in_one_line(text: str, named: str) -> None:
    kind = GameConfig if "game_config" in text else Move
    with pytest.raises(RecordError) as caught:
        from_json(text, kind)
    assert named in str(caught.value) and "\n" not in str(caught.value)


def test_a_position_no_game_could_be_in_is_inconsistent() -> None:
    state = game(2, 3)
    document = json.loads(to_json(state))
    document["data"]["players"][0]["hand"].append(document["data"]["players"][1]["hand"][0])
    with pytest.raises(Inconsistent) as caught:
        from_json(json.dumps(document), GameState)
    assert caught.value.rule == "SETUP-4"
    broke = attrs.evolve(state, round=6)
    with pytest.raises(Inconsistent) as raised:
        from_json(to_json(broke), GameState)
    assert raised.value.field == "$.data.round"


def test_a_record_replays_to_its_result_and_a_changed_result_is_refused() -> None:
    from imperial_settlers_rules.records import GameRecord, game_result, replay

    config = GameConfig(players=3, seed=23)
    moves = [move for _, move, _ in playout(game(3, 23), 23)]
    *_, (_, _, end) = playout(game(3, 23), 23)
    result = game_result(end, config, tuple(moves))
    record = GameRecord(config, tuple(moves), result)
    back = from_json(to_json(record), GameRecord)
    assert back == record and replay(back) == end
    assert result.winners and result.scores[result.winners[0]].total == max(s.total for s in result.scores)
    wrong = attrs.evolve(record, result=attrs.evolve(result, winners=(9,)))
    with pytest.raises(RecordError, match="winners"):
        replay(wrong)
    with pytest.raises(RecordError, match="illegal"):
        replay(attrs.evolve(record, moves=(*moves[:5], *moves[6:]), result=None))
