"""The quick way of reading a position gives what the careful way gives, or declines.

:func:`~imperial_settlers_rules.from_json` reads a position as
:func:`~imperial_settlers_rules.to_json` writes it by the quick reader of
:mod:`boardtable.quick`, and anything else by the strict reader and the converter; the
consistency check (:func:`~imperial_settlers_rules.wellformed.check_position`) follows
either way. These tests hold the two ways to the same answers: every position of seeded
random games and every seat's view of it is read the quick way to an equal position (so it
is the way taken), each kind of document the quick way does not read is declined, and on
documents tampered with, by hand or at random, the position read or the error's message
is the one the careful way gives (a position no game could be in: the same
:class:`~boardtable.errors.Inconsistent`, its field and rule).
"""

from __future__ import annotations

import functools
import json
import math
import random
from collections.abc import Callable

import attrs
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from tampering import outcome, tampered, values

from boardtable.errors import Inconsistent, RecordError
from boardtable.reader import parse_json
from imperial_settlers_rules import GameConfig, GameState, apply_move, legal_moves, new_game
from imperial_settlers_rules import _model as model
from imperial_settlers_rules._goods import Goods
from imperial_settlers_rules.records import DOCUMENTS, STEP_TAGS, from_json, to_json
from imperial_settlers_rules.view import player_view


@functools.cache
def positions() -> tuple[GameState, ...]:
    """Every 7th position of a seeded random game of 2, 3 and 4 players, and the last."""
    found: list[GameState] = []
    for players in (2, 3, 4):
        rng = random.Random(players)
        state = new_game(GameConfig(players=players, seed=players))
        while not state.is_over:
            if state.ply % 7 == 0:
                found.append(state)
            moves = legal_moves(state)
            state = apply_move(state, moves[rng.randrange(len(moves))], check=False)
        found.append(state)
    return tuple(found)


@functools.cache
def views() -> tuple[GameState, ...]:
    """Every seat's view, and the spectator's, of every 3rd position."""
    return tuple(
        player_view(state, seat) for state in positions()[::3] for seat in (*range(len(state.players)), None)
    )


def _carefully(text: str | bytes) -> object:
    """What the careful way makes of ``text``: the position, or the error's message."""
    return outcome(lambda: DOCUMENTS.read(parse_json(text, RecordError), GameState), RecordError)


def _loaded(text: str | bytes) -> object:
    """What :func:`from_json` makes of ``text``: the position, or the error's message."""
    return outcome(lambda: from_json(text, GameState), RecordError)


def _quickly(text: str | bytes) -> GameState | None:
    assert DOCUMENTS.quick is not None
    return DOCUMENTS.quick(text)


def test_positions_of_games_and_their_views_are_read_the_quick_way() -> None:
    for state in (*positions(), *views()):
        text = to_json(state)
        read = _quickly(text)
        assert read == state
        assert read is not None and hash(read) == hash(state)
        assert _carefully(text) == read == _loaded(text)


@functools.cache
def busy() -> GameState:
    """The first position of a seeded random game with steps on its agenda and locations used."""
    rng = random.Random(3)
    state = new_game(GameConfig(players=3, seed=3))
    while not (state.agenda and state.uses):
        moves = legal_moves(state)
        state = apply_move(state, moves[rng.randrange(len(moves))], check=False)
    return state


def _edit(change: Callable[[dict[str, object]], object]) -> str:
    """The document of :func:`busy`, changed in place by ``change``."""
    document = json.loads(to_json(busy()))
    change(document)
    return json.dumps(document, separators=(",", ":"))


def _player(data: dict[str, object]) -> dict[str, object]:
    players = data["players"]
    assert isinstance(players, list)
    first: dict[str, object] = players[0]
    return first


#: Documents the quick way declines, each with how it is made from a position's.
DECLINED: dict[str, Callable[[], str | bytes]] = {
    "bytes": lambda: to_json(positions()[5]).encode(),
    "white space around": lambda: f" {to_json(positions()[5])}\n",
    "text after": lambda: f"{to_json(positions()[5])} {{}}",
    "keys reordered": lambda: _edit(lambda d: d.update(data=dict(reversed(d["data"].items())))),  # type: ignore[attr-defined]
    "key twice": lambda: to_json(positions()[5]).replace('"round":', '"round":2,"round":', 1),
    "float vp": lambda: _edit(lambda d: _player(d["data"]).update(vp=3.0)),  # type: ignore[arg-type]
    "NaN vp": lambda: _edit(lambda d: _player(d["data"]).update(vp=math.nan)),  # type: ignore[arg-type]
    "huge vp": lambda: _edit(lambda d: _player(d["data"]).update(vp=2**63)),  # type: ignore[arg-type]
    "bool vp": lambda: _edit(lambda d: _player(d["data"]).update(vp=True)),  # type: ignore[arg-type]
    "number for a flag": lambda: _edit(lambda d: d["data"].update(second=1)),  # type: ignore[attr-defined]
    "extra key": lambda: _edit(lambda d: _player(d["data"]).update(extra=0)),  # type: ignore[arg-type]
    "missing key": lambda: _edit(lambda d: d["data"].pop("ply")),  # type: ignore[attr-defined]
    "unknown phase": lambda: _edit(lambda d: d["data"].update(phase="cleanup")),  # type: ignore[attr-defined]
    "number for a card": lambda: _edit(lambda d: d["data"]["common"].append(7)),  # type: ignore[index]
    "text for a hand": lambda: _edit(lambda d: _player(d["data"]).update(hand="com001")),  # type: ignore[arg-type]
    "huge in a supply": lambda: _edit(lambda d: _player(d["data"]).update(supply=[2**63, 0, 0, 0, 0, 0, 0])),  # type: ignore[arg-type]
    "float in a supply": lambda: _edit(lambda d: _player(d["data"]).update(supply=[1.0, 0, 0, 0, 0, 0, 0])),  # type: ignore[arg-type]
    "short pair of uses": lambda: _edit(lambda d: d["data"].update(uses=[["com001"]])),  # type: ignore[attr-defined]
    "unknown step": lambda: _edit(lambda d: d["data"]["agenda"][0].update(type="fly")),  # type: ignore[index]
    "step without its tag first": lambda: _edit(
        lambda d: d["data"]["agenda"].__setitem__(0, dict(reversed(d["data"]["agenda"][0].items())))  # type: ignore[index]
    ),
    "text for a first player": lambda: _edit(lambda d: d["data"]["config"].update(first_player="last")),  # type: ignore[index]
    "huge first player": lambda: _edit(lambda d: d["data"]["config"].update(first_player=2**64)),  # type: ignore[index]
    "seven players": lambda: _edit(lambda d: d["data"]["config"].update(players=7)),  # type: ignore[index]
    "unknown deck": lambda: _edit(
        lambda d: d["data"].update(  # type: ignore[attr-defined]
            preset={
                "choice": [],
                "deck": "other",
                "repeat": None,
                "samurai": [],
                "drawn": False,
                "probing": False,
            }
        )
    ),
    "kind": lambda: _edit(lambda d: d.update(kind="game_record")),
    "version": lambda: _edit(lambda d: d.update(schema_version=2)),
}


@pytest.mark.parametrize("change", DECLINED)
def test_the_quick_way_declines_what_it_does_not_read(change: str) -> None:
    text = DECLINED[change]()
    assert _quickly(text) is None
    assert _loaded(text) == _carefully(text)


def test_what_the_careful_way_reads_differently_is_still_read() -> None:
    """Reordered keys and a pretty-printed document: the careful way reads them to the same
    position."""
    for text in (DECLINED["keys reordered"](), json.dumps(json.loads(to_json(busy())), indent=2)):
        assert _loaded(text) == busy()


def test_every_kind_of_step_and_a_preset_are_read_alike() -> None:
    """Steps and presets seldom seen at rest in a random game: each kind on the agenda, with
    and without a preset, is read the quick way to what the converter makes of it."""
    state = busy()
    seat, card = state.agenda[0].seat, state.common[-1]
    steps = (
        model.Produce(seat),
        model.Apply(seat, card, model.Part.ON_BUILD),
        model.Gain(seat, Goods((0, 1, 0, 0, 0, 0, 0), vp=2), "PROD-3"),
        model.Owed(seat, pool=True),
        model.Choice(seat, (Goods(vp=1), Goods(card=1)), card),
        model.RepeatFor(seat, card),
        model.KeepOne(seat, (card,), 1, shuffle_back=True),
        model.Convert(seat, ("wood", "food")),
        model.DiscardFor(seat),
        model.Guard(seat, 2),
        model.FollowUp(seat, "build_from_hand", card),
    )
    assert {type(step) for step in steps} == set(STEP_TAGS.values())
    for step in steps:
        for preset in (None, model.Preset((1, 0), model.Deck.COMMON, card, (card,), drawn=True)):
            text = to_json(attrs.evolve(state, agenda=(step, *state.agenda), preset=preset))
            read = _quickly(text)
            assert read is not None and read.agenda[0] == step and read.preset == preset
            assert read == DOCUMENTS.converter.structure(json.loads(text)["data"], GameState)
            assert _loaded(text) == _carefully(text)


#: Positions the quick way reads that no game could be in: the field and rule each breaks.
INCONSISTENT: dict[str, tuple[Callable[[dict[str, object]], object], str, str]] = {
    "a card twice": (
        lambda d: _player(d)["hand"].append(d["common"][0]),  # type: ignore[attr-defined,index]
        "$.data.players",
        "SETUP-4",
    ),
    "a card missing": (lambda d: d["common"].pop(), "$.data.players", "SETUP-4"),  # type: ignore[attr-defined]
    "a card of another faction": (
        lambda d: _player(d)["hand"].append("jap001" if _player(d)["faction"] != "japanese" else "rom001"),  # type: ignore[attr-defined]
        "$.data.players",
        "SETUP-4",
    ),
    "a negative supply": (
        lambda d: _player(d).update(supply=[0, -1, 0, 0, 0, 0, 0]),
        "$.data.players[0].supply[1]",
        "GOODS-1",
    ),
    "round six": (lambda d: d.update(round=6), "$.data.round", "FLOW-5"),
    "a seat too many": (lambda d: d.update(turn=5), "$.data.turn", "SETUP-1"),
    "an unbuilt block": (lambda d: d.update(blocked=["com001"]), "$.data.blocked", "CARD-22"),
}


@pytest.mark.parametrize("change", INCONSISTENT)
def test_a_position_no_game_could_be_in_is_refused_alike(change: str) -> None:
    edit, field, rule = INCONSISTENT[change]
    text = _edit(lambda d: edit(d["data"]))  # type: ignore[arg-type]
    assert _quickly(text) is not None  # read the quick way, then held to the check
    with pytest.raises(Inconsistent) as caught:
        from_json(text, GameState)
    assert (caught.value.field, caught.value.rule) == (field, rule)
    assert str(caught.value) == _carefully(text)


#: JSON values put in place of another.
VALUES = values(
    ["", "?", "random", "romans", "lookout", "faction", "owed", "produce", "com001", "jap017", "rom003"],
    ["com001", "com002", "?", 0],
)


@settings(max_examples=300, deadline=None)
@given(
    st.integers(0, len(positions()) + len(views()) - 1),
    st.randoms(use_true_random=False),
    VALUES,
    st.integers(0, 5),
)
def test_tampered_documents_are_read_as_the_careful_way_reads_them(
    index: int, rng: random.Random, value: object, how: int
) -> None:
    document = json.loads(to_json((*positions(), *views())[index]))
    text = tampered(document, rng, value, how)
    assert _loaded(text) == _carefully(text)
