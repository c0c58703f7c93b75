"""Positions checked for what the game could be in (``stone_age_rules.wellformed``): every
position and view of random games passes; a real position changed in one field is refused
with a message naming that field; any integer changed gives a pass or a RecordError."""

from __future__ import annotations

import copy
import functools
import json
import random
import re
from collections.abc import Callable
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

from boardtable.errors import Inconsistent, RecordError
from stone_age_rules import (
    Claim,
    GameConfig,
    GameState,
    Location,
    Phase,
    apply_move,
    components,
    legal_moves,
    new_game,
    player_view,
    rules,
)
from stone_age_rules._components import Effect
from stone_age_rules._model import AREAS, SLOTS
from stone_age_rules.records import from_json, to_data, to_json
from stone_age_rules.wellformed import check_position

Document = dict[str, Any]

#: Seeded games played to their end (2, 3 and 4 players) and short ones of the immediate
#: CIV-12 variant; the 4-player game has a card drawn by CIV-13.
GAMES = (
    GameConfig(2, 21, start_player="random"),
    GameConfig(3, 5),
    GameConfig(4, 559, start_player=2),
    GameConfig(2, 8, max_rounds=4, any_two_resources=Claim.IMMEDIATE),
    GameConfig(3, 36, max_rounds=4, any_two_resources=Claim.IMMEDIATE),
    GameConfig(4, 10, max_rounds=4, any_two_resources=Claim.IMMEDIATE),
)


@functools.cache
def game(config: GameConfig) -> tuple[GameState, ...]:
    """Every position of a game of random legal moves (drawn from the seed)."""
    rng = random.Random(config.seed)
    state = new_game(config)
    states = [state]
    while not state.is_over:
        moves = legal_moves(state)
        state = apply_move(state, moves[rng.randrange(len(moves))])
        states.append(state)
    return tuple(states)


def _holds(state: GameState, effect: Effect) -> bool:
    return any(components().card[c].effect is effect for p in state.players for c in p.cards)


#: What each kind of position is: the first one of the games that is so.
SITUATIONS: dict[str, Callable[[GameState], bool]] = {
    "place": lambda s: s.phase is Phase.PLACE and s.config.players == 3 and s.ply == 0,
    "placed": lambda s: s.phase is Phase.PLACE and s.config.players == 3 and s.ply == 3,
    "act": lambda s: s.phase is Phase.ACT and s.roll is None and s.choice is None and s.done == 1,
    "roll": lambda s: s.roll is not None and (s.roll.location in AREAS),
    "card roll": lambda s: s.roll is not None and s.roll.location in SLOTS,
    "choice": lambda s: s.choice is not None and len(s.choice.choosers) > 1,
    "short": lambda s: s.short is not None,
    "over": lambda s: s.is_over and s.config.players == 2,
    "drawn": lambda s: any(p.drawn for p in s.players) and not s.is_over,
    "immediate": lambda s: (
        s.config.any_two_resources is Claim.IMMEDIATE
        and s.phase is Phase.PLACE
        and _holds(s, Effect.ANY_RESOURCES)
    ),
}


@functools.cache
def situation(name: str) -> GameState:
    """The first position of :data:`GAMES` that is a ``name`` one."""
    return next(s for config in GAMES for s in game(config) if SITUATIONS[name](s))


def document(state: GameState) -> Document:
    """``state`` as a fresh document (envelope and data) to change."""
    found: Document = json.loads(json.dumps(to_data(state)))
    return found


def load_checked(data: Document) -> GameState:
    """A position document read as a reader reads it: ``from_json``, which checks it."""
    return from_json(json.dumps(data), GameState)


@pytest.mark.parametrize("config", GAMES, ids=repr)
def test_every_position_and_view_of_a_game_passes(config: GameConfig) -> None:
    seats: list[int | None] = [None, *range(config.players)]
    for ply, state in enumerate(game(config)):
        check_position(state)
        check_position(player_view(state, seats[ply % len(seats)]))


@pytest.mark.parametrize("config", GAMES, ids=repr)
def test_positions_and_views_of_a_game_load_back_as_themselves(config: GameConfig) -> None:
    seats: list[int | None] = [None, *range(config.players)]
    for ply, state in enumerate(game(config)[::7]):
        assert from_json(to_json(state), GameState) == state
        view = player_view(state, seats[ply % len(seats)])
        assert from_json(to_json(view), GameState) == view


def _player(seat: int, **changes: object) -> Callable[[Document], None]:
    return lambda d: d["players"][seat].update(changes)


def _placed(location: Location, *people: int) -> Callable[[Document], None]:
    def change(d: Document) -> None:
        d["placed"][location.row] = list(people)

    return change


def set_field(*path: str | int, value: object) -> Callable[[Document], None]:
    """A change that sets the field at ``path`` to ``value``."""

    def change(d: Document) -> None:
        node: Any = d
        for key in path[:-1]:
            node = node[key]
        node[path[-1]] = value

    return change


def _build_top(d: Document) -> None:
    d["players"][0]["buildings"] = [d["stacks"][0][0]]


def _buy_shown(d: Document) -> None:
    d["players"][1]["cards"].append(d["display"][0])


def _tile_from_the_box(d: Document) -> None:
    in_play = {tile for stack in d["stacks"] for tile in stack}
    d["stacks"][0][-1] = next(b.id for b in components().buildings if b.id not in in_play)


def _swap_pile(d: Document) -> None:
    d["pile"][0], d["pile"][1] = d["pile"][1], d["pile"][0]


def _draw_from_pile(d: Document) -> None:
    d["players"][0]["drawn"] = [d["pile"].pop(0)]


def _slot_emptied(d: Document) -> None:
    d["players"][1]["cards"].append(d["display"][0])
    d["display"][0] = None


def _stack_built_out(d: Document) -> None:
    d["players"][1]["buildings"] = d["stacks"][0]
    d["stacks"][0] = []


def _all_at_hunting(d: Document) -> None:
    seat = d["turn"]
    for row in d["placed"]:
        row[seat] = 0
    d["placed"][Location.HUNTING.row][seat] = d["players"][seat]["people"]


def _whole_village(d: Document) -> None:
    for location, people in (
        (Location.TOOL_MAKER, (1, 0, 0)),
        (Location.FIELD, (0, 1, 0)),
        (Location.HUT, (0, 0, 2)),
    ):
        _placed(location, *people)(d)


def _finished_turn_placed(d: Document) -> None:
    d["placed"][Location.HUNTING.row][d["start"]] = 1


def _next_turn(d: Document) -> None:
    d["turn"] = (d["turn"] + 1) % d["config"]["players"]


def _turn_resolved(d: Document) -> None:
    for row in d["placed"]:
        row[d["turn"]] = 0


def _roll_for_next(d: Document) -> None:
    d["roll"]["player"] = (d["roll"]["player"] + 1) % d["config"]["players"]


def _no_tools(d: Document) -> None:
    d["players"][d["roll"]["player"]].update(tools=[], used=[], one_time=[])


def _back_at_the_roll(d: Document) -> None:
    roll = d["roll"]
    d["placed"][Location(roll["location"]).row][roll["player"]] = 1


def _built_from_the_box(d: Document) -> None:
    in_play = {tile for stack in d["stacks"] for tile in stack}
    d["stacks"][0].pop(0)
    d["players"][0]["buildings"] = [next(b.id for b in components().buildings if b.id not in in_play)]


def _short_for_the_next(d: Document) -> None:
    d["short"] = (d["short"] + 1) % d["config"]["players"]


def _rich(d: Document) -> None:
    d["players"][d["short"]]["food"] = 20


def _claim_of_holder(d: Document) -> None:
    holder = next(
        p
        for p in d["players"]
        if any(components().card[c].effect is Effect.ANY_RESOURCES for c in p["cards"])
    )
    holder["claims"] = 1


#: A roll of one die at the hunting grounds, as a document has it.
_ROLL = {"player": 0, "location": "hunting", "kind": None, "dice": [1]}


#: (what, situation, change, the start of the message): one field changed in a real position.
MUTATIONS: list[tuple[str, str, Callable[[Document], None], str]] = [
    (
        "11 people",
        "place",
        _player(0, people=11),
        "$.data.players[0].people: SETUP-1, ACT-5: must be 5 to 10",
    ),
    ("4 people", "place", _player(1, people=4), "$.data.players[1].people: SETUP-1, ACT-5"),
    ("food below 0", "place", _player(0, food=-1), "$.data.players[0].food: FEED-5: must be 0 or more"),
    ("agriculture 11", "place", _player(2, agriculture=11), "$.data.players[2].agriculture: ACT-4"),
    ("score below hunger", "place", _player(0, score=-11), "$.data.players[0].score: FEED-5"),
    ("a tool of level 5", "place", _player(0, tools=[5], used=[False]), "$.data.players[0].tools[0]: TOOL-1"),
    ("four tools", "place", _player(0, tools=[1] * 4, used=[False] * 4), "$.data.players[0].tools: TOOL-1"),
    (
        "tools 3/1/1",
        "place",
        _player(0, tools=[3, 1, 1], used=[False] * 3),
        "$.data.players[0].tools: TOOL-3",
    ),
    ("tools 2/1", "place", _player(0, tools=[2, 1], used=[False] * 2), "$.data.players[0].tools: TOOL-3"),
    ("used for no tool", "place", _player(0, used=[False]), "$.data.players[0].used: TOOL-2"),
    ("a tool used", "place", _player(0, tools=[1], used=[True]), "$.data.players[0].used: TOOL-2"),
    ("a token from nowhere", "place", _player(1, one_time=[3]), "$.data.players[1].one_time: TOOL-5"),
    ("a claim from nowhere", "place", _player(1, claims=1), "$.data.players[1].claims: CIV-12"),
    ("a draw from nowhere", "place", _draw_from_pile, "$.data.players[0].drawn: CIV-13"),
    ("a claim left over", "immediate", _claim_of_holder, "claims: CIV-12 (immediate)"),
    ("a tile built and on its stack", "place", _build_top, "$.data.players[0].buildings[0]: "),
    ("a card twice", "place", _buy_shown, "$.data.players[1].cards[0]: "),
    (
        "an unknown card",
        "place",
        set_field("pile", 0, value="c99"),
        "$.data.pile[0]: c99 is no civilization card",
    ),
    ("a card lost", "place", lambda d: d["pile"].pop(), "$.data.pile: SETUP-6: the game has 36 cards"),
    ("a tile lost", "place", lambda d: d["stacks"][1].pop(), "$.data.stacks: SETUP-5: 3 stacks of 7"),
    ("a tile from the box", "place", _tile_from_the_box, "$.data.stacks[0]: SETUP-5"),
    ("the pile reordered", "place", _swap_pile, "$.data.pile: SETUP-6"),
    ("another seed", "place", set_field("config", "seed", value=6), "$.data.stacks[0]: SETUP-5"),
    (
        "a hidden card shown",
        "place",
        set_field("display", 0, value="?"),
        "$.data.display[0]: '?' is no civilization",
    ),
    ("a stack too high", "place", lambda d: d["stacks"][0].append("b99"), "$.data.stacks[0]: SETUP-5"),
    ("a slot too many", "place", lambda d: d["display"].append(None), "$.data.display: CIV-1"),
    ("a board too many", "place", lambda d: d["players"].append(d["players"][0]), "$.data.players: SETUP-1"),
    (
        "a row too short",
        "place",
        lambda d: d["placed"][0].pop(),
        "$.data.placed[0]: holds one count per player",
    ),
    ("people below 0", "place", _placed(Location.HUNTING, -1, 0, 0), "$.data.placed[0][0]: PLACE-1"),
    (
        "more people out than owned",
        "place",
        _placed(Location.HUNTING, 6, 0, 0),
        "$.data.players[0].people: PLACE-1",
    ),
    ("two at the tool maker", "place", _placed(Location.TOOL_MAKER, 1, 1, 0), "$.data.placed[5]: SETUP-3"),
    ("one in the hut", "place", _placed(Location.HUT, 1, 0, 0), "$.data.placed[6]: PLACE-4"),
    ("a fourth stack used", "place", _placed(Location.BUILDING_4, 1, 0, 0), "$.data.placed[11]: PLACE-7"),
    ("three in the forest", "place", _placed(Location.FOREST, 1, 1, 1), "$.data.placed[1]: PLACE-6"),
    ("the whole village", "place", _whole_village, "$.data.placed: PLACE-5"),
    (
        "a start player too many",
        "place",
        set_field("start", value=3),
        "$.data.start: SETUP-7: must be 0 to 2",
    ),
    ("a turn too many", "place", set_field("turn", value=3), "$.data.turn: FLOW-1: must be 0 to 2"),
    ("round 0", "place", set_field("round", value=0), "$.data.round: FLOW-6"),
    ("beyond the last round", "over", set_field("config", "max_rounds", value=1), "$.data.round: FLOW-6"),
    ("moves below 0", "place", set_field("ply", value=-1), "$.data.ply: FLOW-1"),
    ("a die of 7 stated", "place", set_field("stated", value=[7]), "$.data.stated[0]: FLOW-4"),
    ("turns taken in placement", "place", set_field("done", value=1), "$.data.done: FLOW-5"),
    ("feeding without a shortfall", "place", set_field("phase", value="feed"), "$.data.short: FEED-4"),
    ("a shortfall in placement", "place", set_field("short", value=0), "$.data.short: FEED-4"),
    ("a slot empty in placement", "place", _slot_emptied, "$.data.display[0]: END-2"),
    ("a stack empty in placement", "place", _stack_built_out, "$.data.stacks[0]: END-3"),
    ("placing with nobody at home", "placed", _all_at_hunting, ": PLACE-1, PLACE-2"),
    ("over with nothing to end it", "place", set_field("phase", value="over"), "$.data.phase: END-1"),
    ("a roll in placement", "place", lambda d: d.update(roll=_ROLL), "$.data.roll: FLOW-5"),
    ("actions out of turn", "act", _next_turn, "$.data.turn: ACT-1, FEED-1"),
    ("actions with nothing to resolve", "act", _turn_resolved, "$.data.turn: ACT-1"),
    ("a finished turn's people", "act", _finished_turn_placed, "ACT-1: a player whose"),
    ("a roll for another player", "roll", _roll_for_next, "$.data.roll.player: ACT-1"),
    ("a die of 7", "roll", set_field("roll", "dice", 0, value=7), "$.data.roll.dice[0]: ACT-3"),
    ("a roll for the wrong kind", "roll", set_field("roll", "kind", value=None), "$.data.roll.kind: ACT-3"),
    (
        "a roll at the tool maker",
        "roll",
        set_field("roll", "location", value="tool_maker"),
        "$.data.roll.location",
    ),
    ("a roll at a slot", "roll", set_field("roll", "location", value="card2"), "$.data.roll.location: CIV-7"),
    ("a card roll of 3 dice", "card roll", lambda d: d["roll"]["dice"].append(1), "$.data.roll: CIV-7"),
    ("a roll with no tool to add", "roll", _no_tools, "$.data.roll: TOOL-2"),
    ("fewer dice rolled than shown", "roll", set_field("rolls", value=0), "$.data.rolls: FLOW-4"),
    (
        "choosers out of order",
        "choice",
        lambda d: d["choice"]["choosers"].reverse(),
        "$.data.choice.choosers",
    ),
    ("a die too many", "choice", lambda d: d["choice"]["dice"].append(1), "$.data.choice.dice: CIV-8"),
    (
        "a die of 0 to choose",
        "choice",
        set_field("choice", "dice", 0, value=0),
        "$.data.choice.dice[0]: CIV-8",
    ),
    (
        "a choice for another buyer",
        "choice",
        set_field("choice", "buyer", value=9),
        "$.data.choice.buyer: CIV-8",
    ),
    ("a built tile from the box", "place", _built_from_the_box, "$.data.players[0].buildings[0]: SETUP-5"),
    ("rolls below 0", "place", set_field("rolls", value=-1), "$.data.rolls: FLOW-4"),
    ("all turns taken in actions", "act", set_field("done", value=2), "$.data.done: FLOW-5: must be 0 to 1"),
    ("people back at their roll", "roll", _back_at_the_roll, "$.data.roll.location: ACT-1"),
    ("a card roll for clay", "card roll", set_field("roll", "kind", value="clay"), "$.data.roll: CIV-7"),
    ("too few dice rolled for a choice", "choice", set_field("rolls", value=1), "$.data.rolls: FLOW-4"),
    ("another player's shortfall", "short", _short_for_the_next, "$.data.short: FEED-4"),
    ("people out after the end", "over", set_field("placed", 0, 1, value=1), "$.data.placed: FEED-1"),
    ("a shortfall with food", "short", _rich, "$.data.short: FEED-4"),
    ("people home-less at feeding", "short", set_field("placed", 0, 0, value=1), "$.data.placed: ACT-1"),
    ("a claim after the end", "over", _player(0, claims=1), "$.data.players[0].claims: CIV-12, END-5"),
]


@pytest.mark.parametrize(("what", "where", "change", "message"), MUTATIONS, ids=[m[0] for m in MUTATIONS])
def test_a_position_changed_in_one_field_is_refused_naming_it(
    what: str, where: str, change: Callable[[Document], None], message: str
) -> None:
    state = situation(where)
    data = document(state)
    assert load_checked(document(state)) == state
    change(data["data"])
    kept = copy.deepcopy(data)
    with pytest.raises(Inconsistent) as refused:
        load_checked(data)
    assert message in str(refused.value), what
    assert str(refused.value).startswith("$.data") and "\n" not in str(refused.value)
    _names_its_field_and_rule(refused.value)
    assert data == kept and load_checked(document(state)) == state


#: The rules a message cites first, after its field's path (``SETUP-1, ACT-5: …``).
_CITED = re.compile(r"([A-Z]+-[0-9]+)(?:, [A-Z]+-[0-9]+)*(?: \([a-z]+\))?: ")


def _names_its_field_and_rule(found: Inconsistent) -> None:
    """The message starts with the path of the problem's field; its rule is the first the
    message cites after it (and one of the rule index's), or one of the rule index's where
    the message cites none first."""
    assert str(found).startswith(f"{found.field}: ") and found.field.startswith("$.data.")
    cited = _CITED.match(str(found).removeprefix(f"{found.field}: "))
    if cited is not None:
        assert found.rule == cited.group(1)
    assert found.rule is None or found.rule in rules()


def _view_of(where: str, seat: int | None) -> Callable[[], Document]:
    return lambda: document(player_view(situation(where), seat))


def _drawer() -> int:
    """The seat that drew a card in the ``drawn`` situation."""
    return next(seat for seat, p in enumerate(situation("drawn").players) if p.drawn)


def _drawer_view() -> Document:
    return document(player_view(situation("drawn"), _drawer()))


def _another_draws(d: Document) -> None:
    d["players"][(_drawer() + 1) % len(d["players"])]["drawn"] = ["c01"]


def _half_hidden(d: Document) -> None:
    d["players"][_drawer()]["drawn"].append("?")


#: (what, the view, change, the start of the message): a view changed where it hides things.
VIEW_MUTATIONS: list[tuple[str, Callable[[], Document], Callable[[Document], None], str]] = [
    (
        "the seed shown",
        _view_of("place", 0),
        set_field("config", "seed", value=5),
        "$.data.config.seed: INFO-1",
    ),
    ("dice stated", _view_of("place", 0), set_field("stated", value=[3]), "$.data.stated: INFO-1"),
    ("a pile card shown", _view_of("place", 1), set_field("pile", 3, value="c01"), "$.data.pile[3]: INFO-1"),
    (
        "a tile below shown",
        _view_of("place", 1),
        set_field("stacks", 1, 2, value="b01"),
        "$.data.stacks[1][2]: INFO-1",
    ),
    (
        "a top tile hidden",
        _view_of("place", None),
        set_field("stacks", 0, 0, value="?"),
        "$.data.stacks[0][0]: INFO-3",
    ),
    (
        "a hidden card built",
        _view_of("place", 0),
        _player(0, buildings=["?"]),
        "buildings[0]: '?' is no building",
    ),
    (
        "a drawn card hidden at the end",
        _view_of("over", 0),
        _player(0, drawn=["?"]),
        "players[0].drawn: INFO-2",
    ),
    (
        "a view with a tile missing",
        _view_of("place", 2),
        lambda d: d["stacks"][0].pop(),
        "$.data.stacks: SETUP-5",
    ),
]


@pytest.mark.parametrize(
    ("what", "view", "change", "message"), VIEW_MUTATIONS, ids=[m[0] for m in VIEW_MUTATIONS]
)
def test_a_view_changed_where_it_hides_is_refused_naming_the_field(
    what: str, view: Callable[[], Document], change: Callable[[Document], None], message: str
) -> None:
    data = view()
    load_checked(view())
    change(data["data"])
    with pytest.raises(RecordError) as refused:
        load_checked(data)
    assert message in str(refused.value), what


def test_a_drawn_card_is_hidden_from_the_others_and_shown_to_its_owner() -> None:
    state = situation("drawn")
    owner = next(seat for seat, p in enumerate(state.players) if p.drawn)
    for seat in (None, *range(state.config.players)):
        view = player_view(state, seat)
        assert (view.players[owner].drawn == ("?",)) is (seat != owner)
        assert load_checked(document(view)) == view


def samples() -> list[GameState]:
    """Positions to change at random: each situation and a seat's view of it."""
    return [s for name in SITUATIONS for s in (situation(name), player_view(situation(name), 0))]


def integer_paths(node: object, path: tuple[str | int, ...] = ()) -> list[tuple[str | int, ...]]:
    """The path of every whole number in a document's data (true and false are not)."""
    if isinstance(node, bool):
        return []
    if isinstance(node, int):
        return [path]
    items: list[tuple[str | int, object]] = []
    if isinstance(node, dict):
        items = list(node.items())
    elif isinstance(node, list):
        items = list(enumerate(node))
    return [found for key, value in items for found in integer_paths(value, (*path, key))]


@given(st.data())
def test_any_integer_changed_loads_or_is_a_record_error(data: st.DataObject) -> None:
    """Whatever whole number of a position or view is changed, ``from_json`` reads a position
    that round-trips, or refuses it in one line: a number over 64 bits as malformed JSON,
    anything else naming the field of the data."""
    changed = document(data.draw(st.sampled_from(samples())))
    path = data.draw(st.sampled_from(integer_paths(changed["data"])))
    value = data.draw(st.integers(-12, 12) | st.integers(-(2**63), 2**63 - 1))
    set_field("data", *path, value=value)(changed)
    try:
        loaded = load_checked(changed)
    except RecordError as exc:
        refusal = str(exc)
    else:
        assert from_json(to_json(loaded), GameState) == loaded
        return
    assert refusal.startswith(("$.data", "malformed JSON: ")) and "\n" not in refusal
