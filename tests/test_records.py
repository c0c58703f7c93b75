"""Serialization round trips, game records and replay, and every way a document can be wrong."""

from __future__ import annotations

import gc
import hashlib
import itertools
import json
import os
import random
import shutil
import subprocess
import sys
import weakref
from pathlib import Path

import cattrs
import pytest
from attrs import evolve

from hadara_rules import (
    BuySilver,
    ConfigError,
    Draft,
    GameConfig,
    GameState,
    Pass,
    RecordError,
    SetWheel,
    TakeColony,
    Track,
    Variants,
    apply_move,
    legal_moves,
    new_game,
    position_digest,
    score,
    winners,
)
from hadara_rules._config import saved_seeds
from hadara_rules._kept import forget
from hadara_rules._resources import components_dir
from hadara_rules._rules.scoring import ScoreSheet
from hadara_rules.catalogue import Catalogue, load_catalogue
from hadara_rules.records import (
    SCHEMA_VERSION,
    GameInfo,
    GameRecord,
    from_json,
    from_yaml,
    game_result,
    record_digest,
    replay,
    to_json,
    to_yaml,
)
from hadara_rules.scenario import run_document


def random_game(players: int, seed: int, advanced: bool) -> tuple[GameRecord, list[GameState]]:
    rng = random.Random(seed)
    config = GameConfig(players=players, seed=seed, advanced=advanced)
    state, moves, states = new_game(config), [], []
    states.append(state)
    while not state.is_over:
        move = rng.choice(legal_moves(state))
        moves.append(move)
        state = apply_move(state, move)
        states.append(state)
    return GameRecord(config, tuple(moves)), states


@pytest.mark.parametrize(("players", "advanced"), [(2, False), (3, True), (4, False), (5, True)])
def test_every_position_round_trips_through_json_and_yaml(players: int, advanced: bool) -> None:
    _record, states = random_game(players, seed=players * 7, advanced=advanced)
    for state in states:
        assert from_json(to_json(state), GameState) == state
    for state in states[::9]:
        assert from_yaml(to_yaml(state), GameState) == state
    assert any(s.pending and any(p is not None for p in s.pending) for s in states), "mid-draft positions"


def test_moves_configs_records_and_score_sheets_round_trip() -> None:
    record, states = random_game(3, seed=4, advanced=True)
    for move in set(record.moves):
        assert from_json(to_json(move), type(move)) == move
        assert from_yaml(to_yaml(move), type(move)) == move
    assert {type(m) for m in record.moves} >= {SetWheel, Draft, Pass}
    assert from_json(to_json(record), GameRecord) == record
    assert from_yaml(to_yaml(record), GameRecord) == record
    config = GameConfig(players=4, seed=9, board_order=None, variants=Variants(tie_break_all_coins=True))
    assert from_json(to_json(config), GameConfig) == config
    for sheet in score(states[-1]):
        assert from_json(to_json(sheet), ScoreSheet) == sheet


def test_documents_carry_schema_version_and_kind_and_name_the_catalogue() -> None:
    state = new_game(GameConfig(players=2, seed=0))
    document = json.loads(to_json(state))
    assert document["schema_version"] == SCHEMA_VERSION
    assert document["kind"] == "game_state"
    assert document["data"]["catalogue"] == {"source": "bundled", "digest": state.catalogue.digest}
    assert "cards" not in json.dumps(document["data"]["catalogue"])
    move = json.loads(to_json(TakeColony(1, 9, True, 3)))
    assert move["data"] == {"type": "take_colony", "player": 1, "tier": 9, "ally": True, "pay": 3}


def test_replay_reproduces_the_final_state() -> None:
    record, states = random_game(4, seed=12, advanced=False)
    assert replay(record) == states[-1]
    assert replay(from_json(to_json(record), GameRecord)) == states[-1]


@pytest.mark.parametrize("how", ["swap", "drop", "duplicate", "truncate-config"])
def test_tampered_records_are_refused_with_the_move_and_rule(how: str) -> None:
    record, _ = random_game(3, seed=5, advanced=False)
    moves = list(record.moves)
    if how == "swap":
        moves[2], moves[30] = moves[30], moves[2]
    elif how == "drop":
        del moves[0]
    elif how == "duplicate":
        moves.insert(1, moves[1])
    else:
        record = GameRecord(GameConfig(players=4, seed=5), tuple(moves))
    tampered = GameRecord(record.config, tuple(moves)) if how != "truncate-config" else record
    with pytest.raises(RecordError, match=r"move \d+ .*is illegal: [A-Z]+-\d+"):
        replay(tampered)


def test_a_truncated_record_replays_to_an_earlier_position() -> None:
    record, states = random_game(2, seed=1, advanced=True)
    assert replay(GameRecord(record.config, record.moves[:40])) == states[40]


def test_a_bad_config_in_a_record_is_a_record_error() -> None:
    with pytest.raises(RecordError, match="SETUP-1"):
        replay(GameRecord(GameConfig(players=7, seed=1), ()))
    with pytest.raises(ConfigError):
        new_game(GameConfig(players=7, seed=1))


def text_of(state: GameState) -> str:
    return to_json(state)


@pytest.mark.parametrize(
    ("edit", "message"),
    [
        (lambda d: d.update(schema_version=2), r"\$\.schema_version"),
        (lambda d: d.update(kind="game_record"), r"\$\.kind"),
        (lambda d: d.update(extra=1), "unknown key"),
        (lambda d: d.pop("data"), r"\$\.data: missing"),
        (lambda d: d["data"]["players"][0].update(coins="7"), r"\$\.data\.players\[0\]\.coins"),
        (lambda d: d["data"]["players"][0].update(coins=True), r"\$\.data\.players\[0\]\.coins"),
        (
            lambda d: d["data"]["players"][0].update(nickname="x"),
            r"unknown key nickname \(expected start_card",
        ),
        (lambda d: d["data"].update(section="lunch"), r"\$\.data\.section"),
        (
            lambda d: d["data"]["players"][1]["tracks"].update(food=None),
            r"\$\.data\.players\[1\]\.tracks\.food",
        ),
        (lambda d: d["data"]["catalogue"].update(digest="0" * 64), "neither the bundled one"),
        (lambda d: d["data"]["decks"][0].__setitem__(0, "no-such-card"), "unknown id 'no-such-card'"),
        (lambda d: d["data"]["decks"][1].__setitem__(0, d["data"]["decks"][0][0]), "is also in"),
        (lambda d: d["data"].update(players=d["data"]["players"][:1]), "2 to 5 players"),
    ],
)
def test_bad_state_documents_are_refused_naming_the_path(edit: object, message: str) -> None:
    document = json.loads(text_of(new_game(GameConfig(players=3, seed=2))))
    edit(document)  # type: ignore[operator]
    with pytest.raises(RecordError, match=message):
        from_json(json.dumps(document), GameState)


@pytest.mark.parametrize(
    ("data", "message"),
    [
        ({"type": "fly", "player": 0}, "unknown move type 'fly'"),
        ({"player": 0}, "unknown move type null"),
        ({"type": "pass", "player": 0, "why": "tired"}, r"unknown key why \(expected type, player\)"),
        ({"type": "take_colony", "player": 0, "tier": 9, "ally": "yes"}, r"\.ally"),
        ({"type": "buy_silver", "player": 0, "tile": "gold"}, r"expected one of income"),
        ({"type": "draft", "player": 0, "card": 3, "action": "buy", "tile": None}, r"\.card"),
    ],
)
def test_bad_moves_in_a_record_are_refused_naming_the_path(data: dict[str, object], message: str) -> None:
    document = json.loads(to_json(GameRecord(GameConfig(players=2, seed=0), ())))
    document["data"]["moves"] = [data]
    with pytest.raises(RecordError, match=message) as refused:
        from_json(json.dumps(document), GameRecord)
    assert "$.data.moves[0]" in str(refused.value)


@pytest.mark.parametrize("text", ["", "{", "[1, 2", "null", "42", '"text"', "[]", "\x00"])
def test_malformed_json_is_a_record_error(text: str) -> None:
    with pytest.raises(RecordError):
        from_json(text, GameState)


@pytest.mark.parametrize("text", ["a: [", "!!python/object/apply:os.system ['echo hi']", "- - -", "{a: 1}"])
def test_malformed_or_unsafe_yaml_is_a_record_error(text: str) -> None:
    with pytest.raises(RecordError):
        from_yaml(text, GameRecord)


def test_a_position_with_a_scenario_catalogue_needs_that_catalogue(catalogue: Catalogue) -> None:
    result = run_document(
        {
            "scenario": 1,
            "config": {"players": 2, "seed": 0},
            "components": {
                "cards": [{"id": "x-card", "epoch": 1, "color": "red", "cost": 1, "points": 0, "military": 1}]
            },
            "expect": {"section": "wheel"},
        }
    )
    text = to_json(result.state)
    with pytest.raises(RecordError, match="pass it as catalogue="):
        from_json(text, GameState)
    assert from_json(text, GameState, catalogue=result.state.catalogue) == result.state


def test_tiles_given_by_name_are_tracks() -> None:
    assert Draft(0, "I-red-01", "buy", "food").tile is Track.FOOD
    with pytest.raises(ValueError):
        Draft(0, "I-red-01", "buy", "gold")


# --------------------------------------------------------------------------- digests and result blocks


def test_the_position_digest_is_the_sha256_of_the_canonical_document() -> None:
    state = new_game(GameConfig(players=3, seed=4))
    document = json.loads(to_json(state))
    document["data"]["catalogue"] = state.catalogue.digest
    canonical = json.dumps(document, sort_keys=True, separators=(",", ":"), ensure_ascii=True)
    assert position_digest(state) == hashlib.sha256(canonical.encode("ascii")).hexdigest()
    after = apply_move(state, legal_moves(state)[0])
    assert position_digest(after) != position_digest(state)
    assert position_digest(from_json(to_json(after), GameState)) == position_digest(after)


def test_the_position_digest_ignores_where_the_catalogue_was_loaded_from(tmp_path: Path) -> None:
    folder = tmp_path / "components"
    shutil.copytree(components_dir(), folder)
    copy = load_catalogue(folder)
    assert copy.source != load_catalogue().source
    mine = new_game(GameConfig(players=2, seed=8, catalogue=copy))
    assert position_digest(mine) == position_digest(new_game(GameConfig(players=2, seed=8)))


def test_the_position_digest_is_the_same_in_every_process_and_hash_seed() -> None:
    script = (
        "from hadara_rules import GameConfig, new_game, position_digest;"
        "print(position_digest(new_game(GameConfig(players=4, seed=11, advanced=True))))"
    )
    digests = {
        subprocess.run(
            [sys.executable, "-c", script],
            env={**os.environ, "PYTHONHASHSEED": seed},
            capture_output=True,
            text=True,
            check=True,
        ).stdout.strip()
        for seed in ("0", "1", "12345")
    }
    assert digests == {position_digest(new_game(GameConfig(players=4, seed=11, advanced=True)))}


def finished(players: int, seed: int, **config: object) -> GameRecord:
    record, states = random_game(players, seed=seed, advanced=False)
    if config:
        record = GameRecord(GameConfig(players=players, seed=seed, **config), record.moves)  # type: ignore[arg-type]
        states = [replay(record)]
    return GameRecord(record.config, record.moves, result=game_result(states[-1]))


def test_a_record_with_its_result_replays_and_round_trips() -> None:
    record = finished(3, seed=6)
    info = GameInfo(players=("Ada", "Bo", "Cy"), date="2025-03-14", event="club night", notes="a close one")
    record = GameRecord(record.config, record.moves, record.result, info)
    assert record.result is not None
    final = replay(record)
    assert record.result.digest == position_digest(final)
    assert record.result.moves == len(record.moves) == final.ply
    assert record.result.winners == winners(final)
    for text, loader in ((to_json(record), from_json), (to_yaml(record), from_yaml)):
        assert loader(text, GameRecord) == record
    assert "date: '2025-03-14'" in to_yaml(record)


def test_a_record_without_a_result_writes_no_result_keys() -> None:
    record, _ = random_game(2, seed=2, advanced=False)
    data = json.loads(to_json(record))["data"]
    assert set(data) == {"config", "moves"}
    assert from_json(to_json(record), GameRecord).result is None


def test_a_record_missing_its_last_move_is_refused_naming_the_move_count() -> None:
    record = finished(2, seed=9)
    shortened = GameRecord(record.config, record.moves[:-1], record.result)
    with pytest.raises(RecordError, match=rf"the record has {len(record.moves) - 1} moves, its result"):
        replay(shortened)


def edited_medal(record: GameRecord) -> GameRecord | None:
    """``record`` with one silver medal's tile changed so that the moves stay legal, if there is one."""
    for index, move in enumerate(record.moves):
        if not isinstance(move, BuySilver):
            continue
        for tile in Track:
            if tile is move.tile:
                continue
            moves = (*record.moves[:index], BuySilver(move.player, tile), *record.moves[index + 1 :])
            try:
                replay(GameRecord(record.config, moves))
            except RecordError:
                continue
            return GameRecord(record.config, moves, record.result)
    return None


def test_a_record_whose_medal_tile_was_edited_is_refused() -> None:
    edited = next(e for e in (edited_medal(finished(2, seed=seed)) for seed in range(40)) if e is not None)
    with pytest.raises(
        RecordError, match=r"^result: (player \d's \w+: the record says|the final position differs)"
    ):
        replay(edited)


def test_a_record_with_the_tie_break_variant_flipped_is_refused() -> None:
    record = finished(2, seed=3)
    flipped = GameRecord(
        evolve(record.config, variants=Variants(tie_break_all_coins=True)), record.moves, record.result
    )
    with pytest.raises(RecordError, match=r"result: (winners|the final position differs)"):
        replay(flipped)


def test_a_result_with_a_changed_score_or_digest_is_refused() -> None:
    record = finished(3, seed=1)
    assert record.result is not None
    sheets = list(record.result.scores)
    sheets[2] = evolve(sheets[2], total=sheets[2].total + 1)
    wrong_score = GameRecord(record.config, record.moves, evolve(record.result, scores=tuple(sheets)))
    with pytest.raises(
        RecordError, match=r"result: player 2's total: the record says \d+, the moves give \d+"
    ):
        replay(wrong_score)
    wrong_digest = GameRecord(record.config, record.moves, evolve(record.result, digest="0" * 64))
    with pytest.raises(RecordError, match="the final position differs from the recorded one"):
        replay(wrong_digest)


def test_record_info_names_as_many_players_as_the_game_has() -> None:
    record = finished(2, seed=5)
    document = json.loads(
        to_json(GameRecord(record.config, record.moves, record.result, GameInfo(("A", "B"))))
    )
    document["data"]["info"]["players"] = ["A", "B", "C"]
    with pytest.raises(RecordError, match=r"\$\.data\.info\.players: names 3 players; the game has 2"):
        from_json(json.dumps(document), GameRecord)
    document["data"]["info"] = {"date": 20250314}
    with pytest.raises(RecordError, match=r"\$\.data\.info\.date: expected a text, found 20250314"):
        from_json(json.dumps(document), GameRecord)


def _catalogues(count: int) -> list[Catalogue]:
    """``count`` catalogues of their own: the bundled one with another number of coins per point."""
    bundled = load_catalogue()
    return [
        Catalogue(
            bundled.cards,
            bundled.colonies,
            bundled.start_cards,
            bundled.statues,
            evolve(bundled.reference, coins_per_point=6 + k),
            f"own {k}",
        )
        for k in range(count)
    ]


def test_reading_with_a_catalogue_of_ones_own_makes_its_converter_once(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """A server reading every request with a user's catalogue pays for the converter once."""
    from hadara_rules import records

    own = _catalogues(1)[0]
    made: list[Catalogue | None] = []
    original = records.converter

    def counted(catalogue: Catalogue | None = None) -> cattrs.Converter:
        made.append(catalogue)
        return original(catalogue)

    monkeypatch.setattr(records, "converter", counted)
    record = GameRecord(GameConfig(players=2, seed=4, catalogue=own))
    for _ in range(5):
        assert from_json(to_json(record), GameRecord, own) == record
        assert from_json(to_json(Pass(1)), Pass, own) == Pass(1)
    assert made == [own]


def test_a_converter_is_kept_by_its_catalogue_and_goes_with_it() -> None:
    """Converters are kept per catalogue, not per process: a catalogue nobody uses any more
    takes its converter (and everything else it keeps) with it."""
    from hadara_rules import records

    own = _catalogues(1)[0]
    assert from_json(to_json(Pass(0)), Pass, own) == Pass(0)
    kept = own.kept.table(records._CONVERTER)
    assert list(kept) == [None]
    assert records._converter_for(own) is kept[None]
    forget()
    assert not kept  # the one call the tests start from empties it
    made = _catalogues(3)
    for catalogue in made:
        assert from_json(to_json(Pass(0)), Pass, catalogue) == Pass(0)
        assert catalogue.kept.table(records._CONVERTER)
    gone = [weakref.ref(catalogue) for catalogue in made]
    del made, catalogue
    gc.collect()
    assert [ref() for ref in gone] == [None, None, None]


def vouched(players: int, seed: int) -> GameRecord:
    """A finished game with a result block that vouches for its moves too."""
    record, states = random_game(players, seed=seed, advanced=False)
    return GameRecord(record.config, record.moves, game_result(states[-1], record.config, record.moves))


def swapped_in_a_turn(record: GameRecord) -> GameRecord | None:
    """``record`` with two consecutive moves of one player swapped (a silver and a gold
    medal bought in one turn, say) so that the moves stay legal and lead to the same final
    position, if there are such moves."""
    final = position_digest(replay(GameRecord(record.config, record.moves)))
    for index, (first, second) in enumerate(itertools.pairwise(record.moves)):
        if first.player != second.player or type(first) is type(second):
            continue
        moves = (*record.moves[:index], second, first, *record.moves[index + 2 :])
        try:
            reached = replay(GameRecord(record.config, moves))
        except RecordError:
            continue
        if position_digest(reached) == final:
            return GameRecord(record.config, moves, record.result)
    return None


def test_the_result_vouches_for_every_move_not_only_the_end() -> None:
    """Two moves of a player's turn swapped lead to the same end: a result block with the
    moves' digest refuses the record; one written without it (before it was kept) cannot
    tell, and vouches for where the moves lead only."""
    swapped = next(
        s for s in (swapped_in_a_turn(vouched(2, seed=seed)) for seed in range(60)) if s is not None
    )
    assert swapped.result is not None and swapped.result.record is not None
    with pytest.raises(RecordError, match=r"^result: the configuration or the moves differ from those"):
        replay(swapped)
    without = GameRecord(swapped.config, swapped.moves, evolve(swapped.result, record=None))
    assert replay(without).is_over


def test_a_result_vouching_for_the_moves_round_trips_and_older_results_still_load() -> None:
    record = vouched(3, seed=4)
    assert record.result is not None
    assert record.result.record == record_digest(record.config, record.moves)
    text = to_json(record)
    assert json.loads(text)["data"]["result"]["record"] == record.result.record
    assert from_json(text, GameRecord) == record
    assert from_yaml(to_yaml(record), GameRecord) == record
    older = json.loads(text)
    del older["data"]["result"]["record"]
    loaded = from_json(json.dumps(older), GameRecord)
    assert loaded.result is not None and loaded.result.record is None
    assert replay(loaded) == replay(record)


@pytest.mark.parametrize("edit", ["seed negated", "a move changed", "variant flipped", "a move dropped"])
def test_any_edit_of_the_configuration_or_a_move_is_refused(edit: str) -> None:
    record = vouched(2, seed=8)
    assert record.result is not None
    config, moves = record.config, list(record.moves)
    if edit == "seed negated":
        with saved_seeds():  # a seed only a saved document holds
            config = evolve(config, seed=-config.seed)
    elif edit == "variant flipped":
        config = evolve(config, variants=Variants(tie_break_all_coins=True))
    elif edit == "a move changed":
        moves[-1] = Pass(moves[-1].player)
    else:
        moves.pop()
        record = GameRecord(config, moves, evolve(record.result, moves=len(moves)))
    with pytest.raises(RecordError, match=r"^(result: the configuration or the moves differ|move \d+ )"):
        replay(GameRecord(config, moves, record.result))


def test_the_record_digest_names_the_catalogue_by_its_contents(tmp_path: Path) -> None:
    """Where a catalogue was loaded from does not count, what it holds and the seed do."""
    folder = tmp_path / "copy"
    shutil.copytree(components_dir(), folder)
    copy = load_catalogue(folder)
    moves = (SetWheel(0, 1),)
    bundled = record_digest(GameConfig(players=2, catalogue=load_catalogue()), moves)
    assert record_digest(GameConfig(players=2, catalogue=copy), moves) == bundled
    assert record_digest(GameConfig(players=2, seed=1, catalogue=copy), moves) != bundled
    assert record_digest(GameConfig(players=2, catalogue=copy), ()) != bundled
