"""Serialization (one cattrs converter), game records, replay and position digests.

Every document is an envelope ``{"schema_version": 1, "kind": …, "data": …}``.
Moves are tagged by their ``type`` (DESIGN "Moves"). A position names its
catalogue (source and content digest) instead of embedding it; loading checks
the digest against the bundled catalogue or the one passed in. Documents are
read by the library's strict reader (:mod:`hadara_rules._reader`): loading
forbids unknown keys and unknown tags, and every problem is a
:class:`~hadara_rules._errors.RecordError` naming the path of the bad field
(``$.data.players[0].coins``).

A :class:`GameRecord` may carry a :class:`GameResult` (where its moves lead:
the number of moves, the :func:`position_digest` of the final position, the
score sheets and the winners) and :class:`GameInfo` (who played, when, where),
like the headers of a chess game's PGN. :func:`replay` checks the result, so a
record whose moves or configuration were changed is refused: a result with its
:func:`record_digest` vouches for every move; an older one without it, for where
the moves lead.
"""

from __future__ import annotations

import json
import os
import random
from collections.abc import Callable, Iterable, Mapping
from pathlib import Path
from types import UnionType
from typing import Any, TypeVar, overload

import attrs
import cattrs
import yaml
from attrs import field, frozen
from cattrs.gen import make_dict_unstructure_fn

from boardtable import reader as _reader
from boardtable.documents import (
    SCHEMA_VERSION,
    GameInfo,
    check_info,
    check_resigned,
    check_result,
    digest,
    others,
    replay_moves,
)
from boardtable.reader import Refusal, clip, shown

from ._config import GameConfig, saved_seeds
from ._engine import apply_move, check_move, new_game
from ._errors import RecordError
from ._kept import Part
from ._model import SPECTATOR, GameState
from ._moves import MOVE_TYPES, Draft, Move
from ._previews import Preview
from ._quick import quick_position
from ._rules.scoring import ScoreSheet, score, winners
from .catalogue import Catalogue, load_catalogue
from .events import EVENT_TYPES, Event
from .view import _draw as draw_world  # the draw of sample_world, a well-formed world not insisted on
from .view import base_catalogue, player_view, view_catalogue
from .wellformed import check_position

__all__ = [
    "SCHEMA_VERSION",
    "GameInfo",
    "GameRecord",
    "GameResult",
    "from_data",
    "from_json",
    "from_yaml",
    "game_result",
    "load_record",
    "position_digest",
    "record_digest",
    "replay",
    "to_data",
    "to_json",
    "to_yaml",
]

_T = TypeVar("_T")

# The model names these only for type checkers (they would import it back).
attrs.resolve_types(GameState, localns={"Draft": Draft, "Catalogue": Catalogue})


def _move_tuple(moves: Iterable[Move]) -> tuple[Move, ...]:
    return tuple(moves)


@frozen
class GameResult:
    """Where a record's moves lead, as :func:`game_result` states it; :func:`replay` checks it.

    With ``record`` it vouches for the whole record but its headers: the configuration and
    every move, in order (any edit of a move is caught, also one that leads to the same
    end, such as two of a player's moves in one turn swapped), and where they lead. Without
    it (results written before it was kept) it vouches for where the moves lead only: the
    number of moves, the score sheets, the winners and the final position.
    """

    #: The number of moves played.
    moves: int
    #: The :func:`position_digest` of the position after the last move.
    digest: str
    #: The score sheets of that position, in seat order (SCORE-1…6).
    scores: tuple[ScoreSheet, ...]
    #: The winning seats (SCORE-7); several for a shared victory.
    winners: tuple[int, ...]
    #: The :func:`record_digest` of the configuration and the moves; None in a result
    #: written before it was kept.
    record: str | None = None
    #: The seat that resigned after the last move, ending a game its moves leave unfinished:
    #: the scores are the position's as if the game ended then, and the winners are the
    #: others' (SCORE-7 among them), the resigner never one. Absent (None) when no seat resigned.
    resigned: int | None = None


@frozen
class GameRecord:
    """A game as its configuration and the moves played, in order.

    ``result`` (optional) states where the moves lead; ``info`` (optional)
    names the players, the date and the event.
    """

    config: GameConfig
    moves: tuple[Move, ...] = field(default=(), converter=_move_tuple)
    result: GameResult | None = None
    info: GameInfo | None = None


#: Document kinds by class (the envelope's ``kind``).
_KINDS: dict[type[object], str] = {
    GameState: "game_state",
    GameConfig: "game_config",
    GameRecord: "game_record",
    ScoreSheet: "score_sheet",
    **dict.fromkeys(MOVE_TYPES, "move"),
    Event: "event",
    **dict.fromkeys(EVENT_TYPES, "event"),
    Preview: "preview",
}
_MOVE_BY_TAG: dict[str, type[Move]] = {kind.type: kind for kind in MOVE_TYPES}
_EVENT_BY_TAG: dict[str, type[Event]] = {kind.type: kind for kind in EVENT_TYPES}


def converter(catalogue: Catalogue | None = None) -> cattrs.Converter:
    """The document converter: the strict reader's, plus catalogues named by digest and tagged moves.

    A catalogue name resolves to the bundled catalogue or to ``catalogue``.
    """
    conv = _reader.converter()

    def unstructure_catalogue(value: Catalogue) -> dict[str, str]:
        return {"source": value.source, "digest": value.digest}

    def structure_catalogue(value: object, _: object) -> Catalogue:
        if not isinstance(value, Mapping) or set(value) != {"source", "digest"}:
            raise Refusal("a catalogue is named by {source, digest}")
        digest = value["digest"]
        known = _catalogue_named(digest, catalogue)
        if known is not None:
            return known
        raise Refusal(
            f"the catalogue {shown(value['source'])} (digest {shown(digest)}) is neither the bundled one "
            "nor the one passed in; load it with load_catalogue() and pass it as catalogue="
        )

    conv.register_unstructure_hook(Catalogue, unstructure_catalogue)
    conv.register_structure_hook(Catalogue, structure_catalogue)

    for tagged in (*MOVE_TYPES, *EVENT_TYPES):
        _reader.register_tagged(conv, tagged, tagged.type, _KINDS[tagged])

    def structure_move(value: object, _: object) -> Move:
        if not isinstance(value, Mapping):
            raise Refusal(f"a move is a mapping with a type, not {shown(value)}")
        tag = value.get("type")
        kind = _MOVE_BY_TAG.get(tag) if type(tag) is str else None
        if kind is None:
            raise Refusal(f"unknown move type {shown(tag)} (known: {', '.join(_MOVE_BY_TAG)})")
        return conv.structure(value, kind)

    def unstructure_move(value: Move) -> object:
        return conv.unstructure(value, type(value))

    conv.register_structure_hook(Move, structure_move)
    conv.register_unstructure_hook(Move, unstructure_move)

    def structure_event(value: object, _: object) -> Event:
        tag = value.get("type") if isinstance(value, Mapping) else None
        kind = _EVENT_BY_TAG.get(tag) if type(tag) is str else None
        if kind is None:
            raise Refusal(f"unknown event type {shown(tag)} (known: {', '.join(_EVENT_BY_TAG)})")
        return conv.structure(value, kind)

    conv.register_structure_hook(Event, structure_event)
    conv.register_unstructure_hook(Event, lambda value: conv.unstructure(value, type(value)))
    for optional in (GameResult, GameRecord, GameInfo):  # a result's first: a record's hook takes it in
        conv.register_unstructure_hook(
            optional, make_dict_unstructure_fn(optional, conv, _cattrs_omit_if_default=True)
        )
    return conv


def _catalogue_named(digest: object, catalogue: Catalogue | None) -> Catalogue | None:
    """The catalogue a document names by ``digest``: the one passed in, or the bundled one,
    or the catalogue of either's player views (a view names it: :func:`_check_loaded`)."""
    for known in (catalogue, load_catalogue()):
        if known is not None and known.digest == digest:
            return known
    for known in (catalogue, load_catalogue()):
        if known is not None and view_catalogue(known).digest == digest:
            return view_catalogue(known)
    return None


_DEFAULT = converter()
#: The converter of documents naming a catalogue, kept by the catalogue (under None).
_CONVERTER: Part[None, cattrs.Converter] = Part("the converter of documents naming the catalogue", bound=1)


def _converter_for(catalogue: Catalogue) -> cattrs.Converter:
    """The converter of documents naming ``catalogue``: made once per catalogue (making one
    costs milliseconds) and kept by it (a server may read with a user's catalogue per request)."""
    return catalogue.kept.made(_CONVERTER, None, lambda: converter(catalogue))


def _kind_of(cls: object) -> str:
    if cls == Move:
        return "move"
    try:
        return _KINDS[cls]  # type: ignore[index]
    except (KeyError, TypeError):
        raise TypeError(f"{cls!r} is not a serializable hadara-rules type") from None


def to_data(obj: object) -> dict[str, object]:
    """``obj`` as a plain envelope (``schema_version``, ``kind``, ``data``)."""
    cls = type(obj)
    kind = _kind_of(cls)
    data = _DEFAULT.unstructure(obj, cls)
    return {"schema_version": SCHEMA_VERSION, "kind": kind, "data": data}


@overload
def from_data(document: object, cls: type[_T], catalogue: Catalogue | None = None) -> _T: ...
@overload
def from_data(document: object, cls: UnionType, catalogue: Catalogue | None = None) -> Move: ...
def from_data(document: object, cls: object, catalogue: Catalogue | None = None) -> object:
    """The object of type ``cls`` in an envelope; :class:`RecordError` for anything wrong.

    ``cls`` is a serializable class, or :data:`~hadara_rules._moves.Move` for a move of any type.
    """
    return _load(document, cls, catalogue)


def _load(document: object, cls: object, catalogue: Catalogue | None) -> object:
    kind = _kind_of(cls)
    data = _reader.envelope_data(document, kind, SCHEMA_VERSION, RecordError)
    conv = _DEFAULT if catalogue is None else _converter_for(catalogue)
    target: Any = Move if kind == "move" else Event if kind == "event" else cls
    with saved_seeds():  # a document saved with a seed of 64 bits still loads
        value: object = _reader.structure(conv, data, target, RecordError, "$.data")
    if cls not in (Move, Event) and not isinstance(value, cls):  # type: ignore[arg-type]
        raise RecordError(f"$.data.type: expected a {kind} of type {cls.type}, found {value.type}")  # type: ignore[attr-defined]
    if isinstance(value, GameState):
        _check_loaded(value)
    if isinstance(value, GameRecord):
        check_info(value.info, value.config.players, RecordError)
    return value


def _check_loaded(state: GameState) -> None:
    """A whole position passes :func:`~hadara_rules.wellformed.check_position` and names a
    catalogue of its own; a seat's view passes :func:`_check_view`."""
    if state.viewer is not None:
        _check_view(state)
        return
    if base_catalogue(state.catalogue) is not state.catalogue:
        raise RecordError("$.data.catalogue: a whole position names its own catalogue, not a view's")
    check_position(state)


def _check_view(view: GameState) -> None:
    """A seat's view (INFO-1) loads as what a bot of that seat decides from, when some whole
    position shows the seat exactly this view. One world is drawn (the same one every time):
    its hidden cards and colonies dealt from the pools the view leaves unseen, as
    :func:`~hadara_rules.view.sample_world` deals them, where any deal fits as well as any
    other, and each other seat's hidden draft choice any legal one for the cards dealt it
    (never turned down, as the uniform draw's may be). So a view some position shows
    always draws a well-formed world that shows it; when the world drawn breaks a rule,
    that is what is wrong with the view's visible parts."""
    catalogue = base_catalogue(view.catalogue)
    if catalogue is view.catalogue:  # a whole position's catalogue: a position with a viewer
        check_position(view)  # refused, naming the viewer
    seat = view.viewer
    if seat == SPECTATOR or seat is None or not 0 <= seat < len(view.players):
        what = "the spectator" if seat == SPECTATOR else f"seat {shown(seat)}"
        raise RecordError(f"$.data.viewer: only a seat's own view is loaded, not {what}'s")
    try:
        world = draw_world(view, seat, catalogue, random.Random(0), uniform=False)
        assert world is not None  # a draw that is not uniform turns nothing down
        check_position(world)
    except RecordError as exc:
        problem = str(exc)
    except ValueError as exc:  # hidden places its catalogue cannot fill
        problem = str(exc)
    except LookupError:
        problem = "a colony it shows is none of its catalogue's"
    else:
        if player_view(world, seat) == view:
            return
        problem = "no whole position shows this view"
    if problem.startswith("$."):  # a visible part no position could have
        raise RecordError(problem)
    raise RecordError(f"$.data: not a view of any position: {clip(problem, 200)}")


def _dump(obj: object, dumper: Callable[[object], str]) -> str:
    return dumper(to_data(obj))


def to_json(obj: object) -> str:
    """``obj`` as a JSON document."""
    return _dump(obj, lambda d: json.dumps(d, indent=None, separators=(",", ":")))


def to_yaml(obj: object) -> str:
    """``obj`` as a YAML document."""
    return _dump(obj, lambda d: yaml.safe_dump(d, sort_keys=False))


@overload
def from_json(text: str | bytes, cls: type[_T], catalogue: Catalogue | None = None) -> _T: ...
@overload
def from_json(text: str | bytes, cls: UnionType, catalogue: Catalogue | None = None) -> Move: ...
def from_json(text: str | bytes, cls: object, catalogue: Catalogue | None = None) -> object:
    """Load a JSON document of type ``cls`` (or ``Move``); :class:`RecordError` if it is not one.

    A position as :func:`to_json` writes it is read the quick way (:mod:`hadara_rules._quick`),
    to the same position the careful way gives.
    """
    if cls is GameState:
        state = quick_position(text, _catalogue_named, catalogue)
        if state is not None:
            _check_loaded(state)
            return state
    return _load(_reader.parse_json(text, RecordError), cls, catalogue)


@overload
def from_yaml(text: str | bytes, cls: type[_T], catalogue: Catalogue | None = None) -> _T: ...
@overload
def from_yaml(text: str | bytes, cls: UnionType, catalogue: Catalogue | None = None) -> Move: ...
def from_yaml(text: str | bytes, cls: object, catalogue: Catalogue | None = None) -> object:
    """Load a YAML document of type ``cls`` (or ``Move``; safe loader only)."""
    return _load(_reader.parse_yaml(text, RecordError), cls, catalogue)


def load_record(path: str | os.PathLike[str], catalogue: Catalogue | None = None) -> GameRecord:
    """A game record from a file: YAML for ``.yaml``/``.yml``, JSON otherwise.

    Any problem is a :class:`RecordError` naming the file.
    """
    text = _reader.read_text(path, RecordError)
    name = os.fspath(path)
    try:
        if Path(name).suffix in (".yaml", ".yml"):
            return from_yaml(text, GameRecord, catalogue)
        return from_json(text, GameRecord, catalogue)
    except RecordError as exc:
        raise RecordError(f"{name}: {exc}") from None


def position_digest(state: GameState) -> str:
    """The SHA-256 (hex) of a position's canonical encoding: equal positions, equal digests.

    The encoding is the position's JSON document with sorted keys and no
    spaces, its catalogue named by content digest only (not by where it was
    loaded from), so the digest is the same in every process, with any hash
    seed and on any Python version.
    """
    data = _DEFAULT.unstructure(state, GameState)
    data["catalogue"] = state.catalogue.digest
    return digest(_KINDS[GameState], data)


def record_digest(config: GameConfig, moves: Iterable[Move]) -> str:
    """The SHA-256 (hex) of a record's configuration and moves in their canonical encoding:
    a JSON document of both with sorted keys and no spaces, the catalogue named by content
    digest only (as :func:`position_digest` names it), the same in every process."""
    data = {
        "config": _DEFAULT.unstructure(config, GameConfig),
        "moves": [_DEFAULT.unstructure(move, Move) for move in moves],
    }
    data["config"]["catalogue"] = None if config.catalogue is None else config.catalogue.digest
    return digest("game_record_moves", data)


def game_result(
    state: GameState,
    config: GameConfig | None = None,
    moves: Iterable[Move] | None = None,
    resigned: int | None = None,
) -> GameResult:
    """The result block of a record whose moves lead to ``state`` (scored as if it ended now).

    Given the record's ``config`` and ``moves``, the block vouches for them too
    (:attr:`GameResult.record`), so that any edit of a move is refused; without them, for
    where the moves lead only. ``resigned``: the seat that resigned there, the winners then
    the others' (:attr:`GameResult.resigned`).
    """
    made = None if config is None or moves is None else record_digest(config, moves)
    ranked = winners(state, others(len(state.players), resigned))
    return GameResult(state.ply, position_digest(state), tuple(score(state)), ranked, made, resigned)


def replay(record: GameRecord) -> GameState:
    """The position after playing every move of ``record``.

    An illegal move is a :class:`RecordError` naming the move and the rule it
    breaks. A record with a result block must be exactly the record it vouches
    for and lead exactly to it: otherwise the error names the first difference
    found (the number of moves, an illegal move, the configuration and moves, a
    player's score category, the winners, then the final position). A result that
    says a seat resigned ends a game the moves leave unfinished, its winners the others'.
    """
    result = record.result
    state = replay_moves(
        record.config,
        record.moves,
        None if result is None else result.moves,
        new_game,
        check_move,
        lambda position, move: apply_move(position, move, check=False),  # checked just before
        lambda move: f"{move.type} by player {move.player}",
        RecordError,
    )
    if result is not None:
        check_resigned(result.resigned, record.config.players, state.is_over, RecordError)
        check_result(result, game_result(state, record.config, record.moves, result.resigned), RecordError)
    return state
