"""Every scenario in spec/scenarios holds: the rulebook's worked examples and the refusals."""

from __future__ import annotations

import json
import re
from pathlib import Path

import jsonschema
import pytest
from attrs import evolve
from properties.strategies import card_places, colony_places

from hadara_rules import Side, apply_move, legal_moves
from hadara_rules._errors import ScenarioError
from hadara_rules._rulebook import rules
from hadara_rules.events import CoinsChanged
from hadara_rules.game import HADARA
from hadara_rules.scenario import load_scenario_document, position_of, run_document, run_scenario
from hadara_rules.schema import schema_text

SCENARIOS = sorted((Path(__file__).resolve().parent.parent / "spec" / "scenarios").rglob("*.yaml"))


def test_there_are_scenarios() -> None:
    assert len(SCENARIOS) >= 1


@pytest.mark.parametrize("path", SCENARIOS, ids=[p.stem for p in SCENARIOS])
def test_scenario_holds(path: Path) -> None:
    result = run_scenario(path)
    assert result.passed, "\n".join(result.failures)


@pytest.mark.parametrize("path", SCENARIOS, ids=[p.stem for p in SCENARIOS])
def test_scenario_names_its_rules_and_expects_something(path: Path) -> None:
    doc = load_scenario_document(path)
    assert doc.get("rules"), "a scenario names the rule IDs it is about"
    assert doc.get("expect"), "a scenario that expects nothing proves nothing"


def test_scenarios_name_only_known_rules() -> None:
    named: set[str] = set()
    for path in SCENARIOS:
        listed = load_scenario_document(path).get("rules")
        assert isinstance(listed, list)
        named.update(map(str, listed))
    assert named
    assert not named - set(rules())


def scenario(**parts: object) -> dict[str, object]:
    """A small valid scenario: two players at the start, with ``parts`` replacing or adding keys."""
    document: dict[str, object] = {
        "scenario": 1,
        "rules": ["WHEEL-1"],
        "config": {"players": 2, "seed": 0},
        "expect": {"section": "wheel"},
    }
    document.update(parts)
    return document


def refused(document: dict[str, object], *needles: str) -> str:
    with pytest.raises(ScenarioError) as info:
        run_document(document, source="s.yaml")
    message = str(info.value)
    assert message.startswith("s.yaml: ")
    for needle in needles:
        assert needle in message, message
    return message


def test_a_small_scenario_holds() -> None:
    result = run_document(scenario(), source="s.yaml")
    assert result.passed
    assert result.rules == ("WHEEL-1",)


@pytest.mark.parametrize(
    "expect", [None, {}, {"over": None, "players": None}], ids=["missing", "empty", "only-nulls"]
)
def test_a_scenario_that_expects_nothing_is_refused(expect: object) -> None:
    document = scenario(expect=expect)
    if expect is None:
        del document["expect"]
    refused(document, "expect: a scenario states at least one expectation")


def test_unknown_rule_ids_are_refused() -> None:
    refused(scenario(rules=["WHEEL-1", "WHEEL-99"]), "rules[1]: no rule 'WHEEL-99' in the rule index")
    refused(
        scenario(moves=[{"type": "pass", "player": 0}], expect={"illegal": {"move": 0, "rule": "FLOW-9"}}),
        "expect.illegal.rule: no rule 'FLOW-9'",
    )


@pytest.mark.parametrize(
    ("part", "value", "where"),
    [
        ("expect", {"players": {-1: {"coins": 5}}}, "expect.players"),
        ("expect", {"players": {2: {"coins": 5}}}, "expect.players.2: no player 2 in a 2-player game"),
        ("expect", {"score": {"5": {"total": 1}}}, "expect.score.5: no player 5"),
        ("expect", {"legal_count": {3: 1}}, "expect.legal_count.3: no player 3"),
        ("expect", {"to_act": [0, 4]}, "expect.to_act[1]: no player 4"),
        ("expect", {"winners": [-2]}, "expect.winners[0]: seats are numbered from 0"),
        ("expect", {"first_player": 2}, "expect.first_player: no player 2"),
        ("given", {"first_player": 2}, "given.first_player: no player 2"),
        ("given", {"to_act": 7}, "given.to_act: no player 7"),
        ("given", {"players": {"x": {"coins": 1}}}, "given.players.x: expected a seat number, found 'x'"),
    ],
)
def test_every_seat_a_scenario_names_exists(part: str, value: object, where: str) -> None:
    document = scenario(**{part: value})
    if part == "given":
        document["expect"] = {"over": False}
    refused(document, where)


@pytest.mark.parametrize(
    ("parts", "needles"),
    [
        ({"config": {"players": 2, "catalogue": {"source": "x", "digest": "y"}}}, ("config.catalogue",)),
        ({"expect": {"score": {0: {"glory": 3}}}}, ("expect.score.0", "expected a score category")),
        ({"expect": {"colony_stacks": {10: []}}}, ("expect.colony_stacks", "expected a tier")),
        ({"expect": {"decks": {"pink": []}}}, ("expect.decks", "expected one of yellow")),
        ({"expect": {"players": {0: {"coins": "5"}}}}, ("expect.players.0.coins", "expected a whole number")),
        ({"expect": {"over": "no"}}, ("expect.over", "expected true or false, found 'no'")),
        ({"moves": [{"type": "set_wheel", "player": 0, "rotation": 1.0}]}, ("moves[0].rotation",)),
        ({"moves": [{"type": "take_colony", "player": 0, "tier": 3, "ally": "no"}]}, ("moves[0].ally",)),
        ({"title": "x" * 5000}, ()),
    ],
)
def test_wrong_types_are_refused_naming_the_field(parts: dict[str, object], needles: tuple[str, ...]) -> None:
    if not needles:  # a long title is a title
        assert run_document(scenario(**parts)).title == "x" * 5000
        return
    message = refused(scenario(**parts), *needles)
    assert len(message) < 400


def test_a_failed_expectation_says_where_the_position_stands() -> None:
    """The automatic steps run past income: the referee sees the colony section, not income."""
    document = scenario(
        rules=["INCOME-1"],
        given={"epoch": 1, "phase": "A", "section": "income", "first_player": 1},
        expect={"section": "income"},
    )
    result = run_document(document, source="s.yaml")
    assert result.failures == ("section: expected 'income', found 'colony'",)
    assert result.rules == ("INCOME-1",)
    assert result.standing.startswith("epoch I, phase A, colony section, ")
    assert result.standing.endswith(" to act")


def test_the_position_of_a_scenario_without_expectations() -> None:
    document: dict[str, object] = {"scenario": 1, "config": {"players": 3, "seed": 2}}
    first = position_of(document).first_player
    document["moves"] = [{"type": "set_wheel", "player": first, "rotation": 2}]
    assert position_of(document).wheel == 2
    document["moves"] = [{"type": "set_wheel", "player": (first + 1) % 3, "rotation": 2}]
    with pytest.raises(ScenarioError, match=r"^<scenario>: moves\[0\]: refused: FLOW-1: "):
        position_of(document)


def test_scenario_files_are_read_by_the_strict_reader(tmp_path: Path) -> None:
    path = tmp_path / "bomb.yaml"
    path.write_text("scenario: 1\nconfig: &c {players: 2}\nnotes: *c\nexpect: {over: false}\n")
    with pytest.raises(
        ScenarioError,
        match=r"bomb\.yaml: malformed YAML: line 2: the value anchored here is used again by an alias",
    ):
        run_scenario(path)
    with pytest.raises(ScenarioError, match="a folder, not a file"):
        run_scenario(tmp_path)


def test_the_documented_check_commands_run_every_scenario() -> None:
    """README.md and the guide show ``hadara check`` with a pattern: it matches every scenario."""
    root = Path(__file__).resolve().parent.parent
    for page in (root / "README.md", root / "docs" / "guides" / "disputes.md"):
        patterns = re.findall(
            r"hadara check (spec/scenarios/\S*\*\S*\.yaml)", page.read_text(encoding="utf-8")
        )
        assert patterns, page.name
        for pattern in patterns:
            assert sorted(root.glob(pattern)) == SCENARIOS, (page.name, pattern)


@pytest.mark.parametrize(
    ("player", "needles"),
    [
        ({"gold": 99}, ("given: players[0].gold: must be 0 to 2, not 99",)),
        ({"coins": -4}, ("given: players[0].coins: must be 0 or more, not -4",)),
        ({"tracks": {"food": -1}}, ("given: players[0].tracks.food: must be 0 or more",)),
        ({"free_tiles": ["food"] * 20}, ("given: players[0].free_tiles", "TILE-1")),
        ({"tiles_on_cards": {"I-red-01": "food"}}, ("given: players[0].tiles_on_cards", "TILE-1")),
        ({"start_card": "start-2"}, ("start_card",)),
    ],
    ids=[
        "gold-99",
        "coins-4",
        "negative-track",
        "20-food-tiles",
        "tile-on-a-card-not-held",
        "same-start-card",
    ],
)
def test_a_given_position_no_game_can_be_in_is_refused(
    player: dict[str, object], needles: tuple[str, ...]
) -> None:
    document = scenario(
        config={"players": 2, "seed": 0},
        given={"epoch": 1, "phase": "A", "section": "colony", "first_player": 0, "players": {0: player}},
        expect={"section": "colony"},
    )
    if "start_card" in player:
        start = run_document(scenario(), source="s.yaml").state.players[1].start_card
        player["start_card"] = start
    refused(document, *needles)


@pytest.mark.parametrize(
    ("given", "needle"),
    [
        ({"wheel": 10**18}, "given.wheel: must be 0 to 4, not 1000000000000000000"),
        ({"round": 5}, "given.round: must be 0 to 4, not 5"),
        ({"epoch": 3, "section": "medals"}, "given.section: phase A has no medals section (EPOCH-1)"),
        ({"section": "setup"}, "sides are chosen in setup of an advanced game only"),
        ({"section": "over"}, "given.section: a scenario cannot start after the game"),
        ({"epoch": 4}, "given.epoch: an epoch is 1, 2 or 3, not 4"),
    ],
)
def test_a_given_table_out_of_range_is_refused(given: dict[str, object], needle: str) -> None:
    refused(scenario(given=given, expect={"over": False}), needle)


def test_hand_set_tracks_are_taken_as_given() -> None:
    """The board's markers may be corrected by hand: tracks need not add up to the components."""
    result = run_document(
        scenario(
            given={
                "epoch": 1,
                "phase": "A",
                "section": "colony",
                "first_player": 0,
                "players": {0: {"tracks": {"military": 12, "culture": 0}, "coins": 40}},
            },
            expect={"players": {0: {"tracks": {"military": 12, "culture": 0}, "coins": 40}}},
        )
    )
    assert result.passed, result.failures


# --------------------------------------------------------------------------- a referee's shorthand


def test_a_move_for_a_seat_the_game_lacks_is_refused_as_malformed() -> None:
    """A move of a seat the game does not have is no verdict (FLOW-1) but a malformed file."""
    refused(
        scenario(config={"players": 3, "seed": 0}, moves=["P5 wheel 2"]),
        "moves[0].player: no player 5 in a 3-player game (seats are 0 to 2)",
    )
    refused(scenario(moves=[{"type": "pass", "player": -1}]), "moves[0].player: no player -1")


@pytest.mark.parametrize("section", ["colony", "statue", "feeding", "medals"])
def test_a_side_left_out_after_setup_is_side_a(section: str) -> None:
    """SETUP-6: in the advanced game after setup, a side left out is side A with its coins and
    track values; the coins and tracks ``given`` states are kept as stated."""
    document = scenario(
        config={"players": 3, "seed": 4, "advanced": True},
        given={
            "phase": "B",
            "section": section,
            "players": {0: {"coins": 7, "tracks": {"military": 4}}, 1: {"cards": []}},
        },
        expect={"over": False},
    )
    fresh = position_of(scenario(config={"players": 3, "seed": 4, "advanced": True}))
    state = position_of(document)
    for seat, player in enumerate(state.players):
        assert player.side is Side.A
        side = state.catalogue.start_cards[player.start_card].side(Side.A)
        if seat == 0:
            assert player.coins == 7
            assert player.tracks == evolve(side.values, military=4)
        else:  # as the setup would have it: the compensation coin (START-3) and side A's coins
            assert player.coins == fresh.players[seat].coins + side.coins
            assert player.tracks == side.values
    assert run_document(document).passed


def test_a_side_is_still_chosen_in_setup() -> None:
    """SETUP-6: the setup section itself still waits for every side."""
    state = position_of(scenario(config={"players": 2, "advanced": True}, given={"section": "setup"}))
    assert [p.side for p in state.players] == [None, None]
    assert state.to_act == (0, 1)


DRAFTED = [
    (epoch, phase, section)
    for epoch in (1, 2, 3)
    for phase, section in (("A", "colony"), ("A", "statue"), ("B", "pick"), ("B", "feeding"), ("B", "medals"))
]


@pytest.mark.parametrize(("epoch", "phase", "section"), DRAFTED)
@pytest.mark.parametrize("players", [2, 5])
def test_a_position_after_the_draft_has_empty_inner_decks(
    epoch: int, phase: str, section: str, players: int
) -> None:
    """WHEEL-2: once the draft is over the inner decks are empty; the cards the scenario does not
    place are in the box, so no automatic step (EPOCH-2: the next epoch's decks) loses one."""
    document = scenario(
        config={"players": players, "seed": epoch},
        given={"epoch": epoch, "phase": phase, "section": section},
        expect={"over": False} if epoch < 3 else {"epoch": 3},
    )
    result = run_document(document, source="s.yaml")
    assert result.passed, result.failures
    state = position_of(document)
    assert state.decks == ((),) * 5 or state.epoch > epoch
    every = sorted((*state.catalogue.cards, *state.catalogue.colonies))
    assert sorted(card_places(state) + colony_places(state)) == every
    while not state.is_over:  # to the end of the game, with every card kept
        state = apply_move(state, legal_moves(state)[-1])
        assert sorted(card_places(state) + colony_places(state)) == every


def test_the_inner_decks_cannot_be_given_after_the_draft() -> None:
    """The strict reading stays for what no game can reach (WHEEL-2)."""
    refused(
        scenario(
            given={"epoch": 2, "phase": "B", "section": "feeding", "decks": {"red": ["II-red-01"]}},
            expect={"over": False},
        ),
        "given.decks: the inner decks are empty once the draft is over, in the feeding section of phase B",
    )


@pytest.mark.parametrize("path", SCENARIOS, ids=[p.stem for p in SCENARIOS])
def test_a_scenarios_log_adds_up_to_what_its_moves_did(path: Path) -> None:
    """The log holds each move played with the events ``apply_move_with_events`` gives it: their
    coins add up to the coins the moves changed."""
    document = load_scenario_document(path)
    result = run_scenario(path)
    assert result.log[0][0] == "given"
    played = result.log[1:]
    assert [heading.split(":")[0] for heading, _ in played] == [f"move {i}" for i in range(len(played))]
    start = position_of({**document, "moves": []}, source=str(path))
    for seat, player in enumerate(result.state.players):
        paid = sum(
            e.amount
            for _, events in played
            for e in events
            if isinstance(e, CoinsChanged) and e.player == seat
        )
        assert start.players[seat].coins + paid == player.coins, seat


def test_the_log_tells_the_automatic_steps_after_given() -> None:
    """INCOME-1 paid before the first move is in the log, with its rule."""
    result = run_document(
        scenario(
            rules=["INCOME-1"],
            given={"section": "income", "players": {0: {"tracks": {"income": 3}}}},
            expect={"section": "colony"},
        )
    )
    paid = [e for e in result.log[0][1] if isinstance(e, CoinsChanged)]
    assert (paid[0].player, paid[0].amount, paid[0].rule) == (0, 3, "INCOME-1")


# --------------------------------------------------------------------------- a whole position


def from_position(document: dict[str, object]) -> dict[str, object]:
    """``document`` started from the position its ``config`` and ``given`` state, written whole
    as ``Game.position_data`` writes it (what the web table exports)."""
    start = position_of({**document, "moves": [], "expect": None})
    mine = {key: value for key, value in document.items() if key not in ("config", "components", "given")}
    return {**mine, "position": HADARA.position_data(start)}


def test_a_scenario_may_start_from_a_whole_position() -> None:
    """The same moves and expectations from the position document hold as from ``config``,
    and reach the same position."""
    document = scenario(config={"players": 3, "seed": 5})
    first = HADARA.to_act(position_of(document))[0]
    document["moves"] = [f"P{first} wheel 2"]
    document["expect"] = {"section": "draft", "legal_count": {first: 4}, "players": {first: {"coins": 8}}}
    given = run_document(document, source="given.yaml")
    whole = run_document(json.loads(json.dumps(from_position(document))), source="whole.json")
    assert given.passed and whole.passed, (given.failures, whole.failures)
    assert HADARA.digest(whole.state) == HADARA.digest(given.state)
    assert whole.log[0] == ("given", ())
    schema = jsonschema.Draft202012Validator(json.loads(schema_text("scenario")))
    assert schema.is_valid(json.loads(json.dumps(from_position(document))))


def test_a_position_and_given_together_are_refused() -> None:
    document = {**from_position(scenario()), "given": {"round": 1}}
    refused(document, "position: a scenario starts from its position or from given, not from both")


def test_a_position_no_game_can_be_in_is_refused_in_one_line() -> None:
    document = from_position(scenario())
    position = document["position"]
    assert isinstance(position, dict)
    position["data"]["players"][0]["coins"] = -3
    message = refused(document, "position: $.data.players[0].coins")
    assert "\n" not in message
