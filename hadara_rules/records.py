"""Serialization (one cattrs converter), game records, replay and position digests: the
platform's documents (:mod:`boardtable.records`) with Hadara's classes and hooks
(:data:`DOCUMENTS`).

Every document is an envelope ``{"schema_version": 1, "kind": …, "data": …}``.
Moves are tagged by their ``type`` (DESIGN "Moves"). A position names its
catalogue (source and content digest) instead of embedding it; loading checks
the digest against the bundled catalogue or the one passed in. Documents are
read by the platform's strict reader (:mod:`boardtable.reader`): loading
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

import os
import random
from collections.abc import Iterable, Mapping
from types import UnionType
from typing import Any, TypeVar, overload

import attrs
import cattrs
from attrs import field, frozen

from boardtable import reader as _reader
from boardtable.documents import SCHEMA_VERSION, GameInfo
from boardtable.reader import Refusal, clip, shown
from boardtable.records import Documents, Tagged, omit_defaults, read_file, register_tagged

from ._config import GameConfig, saved_seeds
from ._engine import apply_move, check_move, new_game
from ._errors import Inconsistent, RecordError
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
    "DOCUMENTS",
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


#: Hadara's moves and events, each told apart by its tag (``Move.type``, ``Event.type``).
MOVES = Tagged("move", Move, {kind.type: kind for kind in MOVE_TYPES})
EVENTS = Tagged("event", Event, {kind.type: kind for kind in EVENT_TYPES})


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
    for tagged in (MOVES, EVENTS):
        register_tagged(conv, tagged)
    omit_defaults(conv, GameResult, GameRecord)
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
    return DOCUMENTS.read(document, cls, None if catalogue is None else _converter_for(catalogue))


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
    except Inconsistent as exc:
        if str(exc).startswith("$."):  # a visible part no position could have: its field, its rule
            raise
        problem = str(exc)
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


def _position_digested(state: GameState, data: dict[str, Any]) -> dict[str, Any]:
    """A position's data as its digest takes it: its catalogue named by content digest only,
    not by where it was loaded from, so that the digest is the same in every process."""
    return {**data, "catalogue": state.catalogue.digest}


def _catalogue_digested(config: GameConfig, data: dict[str, Any]) -> dict[str, Any]:
    """A configuration's data as a record's digest takes it: its catalogue named by content
    digest only (as :func:`_position_digested` names a position's)."""
    return {**data, "catalogue": None if config.catalogue is None else config.catalogue.digest}


#: Hadara's documents: its classes and hooks on the platform's (:class:`~boardtable.records.Documents`).
DOCUMENTS: Documents[GameConfig, GameState, Move, GameRecord, GameResult] = Documents(
    "hadara-rules",
    GameConfig,
    GameState,
    GameRecord,
    GameResult,
    (MOVES, EVENTS),
    {ScoreSheet: "score_sheet", Preview: "preview"},
    _DEFAULT,
    new_game,
    check_move,
    lambda position, move: apply_move(position, move, check=False),  # checked just before
    lambda move: f"{move.type} by player {move.player}",
    score,
    winners,
    _check_loaded,
    position_digested=_position_digested,
    config_digested=_catalogue_digested,
    reading=saved_seeds,  # a document saved with a seed of 64 bits still loads
    error=RecordError,
)

#: The platform's answers with Hadara's documents, under this module's names (reading, with a
#: catalogue of one's own, is this module's: :func:`from_data`, :func:`from_json`, :func:`from_yaml`).
to_data, to_json, to_yaml = DOCUMENTS.to_data, DOCUMENTS.to_json, DOCUMENTS.to_yaml
position_digest, record_digest = DOCUMENTS.position_digest, DOCUMENTS.record_digest
game_result, replay = DOCUMENTS.game_result, DOCUMENTS.replay


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

    def read(text: str, yaml: bool) -> GameRecord:
        return from_yaml(text, GameRecord, catalogue) if yaml else from_json(text, GameRecord, catalogue)

    return read_file(path, read, RecordError)
