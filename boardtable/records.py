"""A game's documents and records, written and read as every game here writes and reads them
(DESIGN "Documents").

A game names its document classes and what is its own of them once, in a :class:`Documents`:
its configuration, position, record and result classes, its moves (and any other records
told apart by a ``type`` tag: :class:`Tagged`), its converter (the strict reader's,
:func:`boardtable.reader.converter`, with the game's hooks, the tagged unions' of
:func:`register_tagged` and :func:`omit_defaults`), how its digests name what a document
names by content, and the functions its records are replayed with. The rest is the same for
every game, and done here:

- the envelope ``{"schema_version": 1, "kind": …, "data": …}`` (:meth:`Documents.to_data`,
  :meth:`Documents.to_json` with no spaces, :meth:`Documents.to_yaml` in the fields' order);
- reading one through the strict reader (:meth:`Documents.read`, :meth:`Documents.from_json`,
  :meth:`Documents.from_yaml`, :meth:`Documents.load_record`): unknown keys and tags are
  refused, and every problem is the game's :class:`~boardtable.errors.RecordError` in one
  line naming the path of the bad field (``$.data.moves[3].player``);
- the digests (:meth:`Documents.position_digest`, :meth:`Documents.record_digest`) and a
  record's result block (:meth:`Documents.game_result`: the number of moves, the final
  position's digest, the score sheets, the winners, the digest of the configuration and
  moves it vouches for, the seat that resigned);
- :meth:`Documents.replay`: a record's moves played from its configuration and held to its
  result block (:func:`boardtable.documents.replay_moves`, ``check_result``).

Each game's ``records`` module keeps its own classes and hooks and names these under its
own public names. Its result block may be a :class:`ResultBlock` of its score sheets (the
game's ``GameResult`` a subclass that adds nothing but its rules' words), and a start seat
that may be drawn is read by :func:`seat_or_random`.
"""

from __future__ import annotations

import contextlib
import importlib
import json
import os
from collections.abc import Callable, Collection, Iterable, Mapping, Sequence
from contextlib import AbstractContextManager
from pathlib import Path
from types import UnionType
from typing import Any, Generic, Literal, Protocol, TypeVar, overload

import attrs
import cattrs
import yaml
from attrs import AttrsInstance, field, frozen
from cattrs.gen import make_dict_unstructure_fn

from . import documents, reader
from .documents import (
    SCHEMA_VERSION,
    GameInfo,
    check_info,
    check_resigned,
    check_result,
    digest,
    others,
    replay_moves,
)
from .errors import IllegalMove, RecordError
from .reader import Refusal, shown

__all__ = [
    "Documents",
    "ResultBlock",
    "Tagged",
    "omit_defaults",
    "read_file",
    "register_tagged",
    "seat_or_random",
]

_T = TypeVar("_T")


class Config(Protocol):
    """What the shared answers read of a game's configuration: its number of seats (a record's
    headers name as many players, or none)."""

    @property
    def players(self) -> int: ...


class Position(Protocol):
    """What the shared answers read of a position: the number of moves played to reach it, and
    whether the game is over (a resignation ends only a game that is not)."""

    @property
    def ply(self) -> int: ...
    @property
    def is_over(self) -> bool: ...


class Result(documents.Result, Protocol):
    """A record's result block, as each game's ``GameResult`` holds it: the number of moves
    beside what :class:`boardtable.documents.Result` reads."""

    @property
    def moves(self) -> int: ...


C = TypeVar("C", bound=Config)
S = TypeVar("S", bound=Position)
M = TypeVar("M")
#: A game's result block.
Res = TypeVar("Res", bound=Result)
_C_co = TypeVar("_C_co", bound=Config, covariant=True)
_M_co = TypeVar("_M_co", covariant=True)
_Res_co = TypeVar("_Res_co", bound=Result, covariant=True)


class Record(Protocol[_C_co, _M_co, _Res_co]):
    """A record, as each game's ``GameRecord`` holds it."""

    @property
    def config(self) -> _C_co:
        """The configuration the game was set up from."""
        ...

    @property
    def moves(self) -> tuple[_M_co, ...]:
        """The moves played, in order."""
        ...

    @property
    def result(self) -> _Res_co | None:
        """Where the moves lead; None for none."""
        ...

    @property
    def info(self) -> GameInfo | None:
        """The headers; None for none."""
        ...


#: A game's record class.
R = TypeVar("R", bound=Record[Any, Any, Any])
#: A game's score sheet.
Sheet = TypeVar("Sheet")


@frozen
class ResultBlock(Generic[Sheet]):
    """Where a record's moves lead, as :meth:`Documents.game_result` states it:
    :meth:`Documents.replay` checks it. A game's ``GameResult`` is a subclass of its score
    sheets (``class GameResult(ResultBlock[ScoreSheet])``), its fields these, in this order."""

    #: The number of moves played.
    moves: int
    #: The :meth:`~Documents.position_digest` of the position after the last move.
    digest: str
    #: The score sheets of that position, in seat order.
    scores: tuple[Sheet, ...]
    #: The winning seats, by the game's rules.
    winners: tuple[int, ...]
    #: The :meth:`~Documents.record_digest` of the configuration and the moves.
    record: str
    #: The seat that resigned after the last move, ending a game its moves leave unfinished:
    #: the scores are the position's as if the game ended then, and the winners are the
    #: others' (ranked by the game's rules), the resigner never one. Absent (None) when no
    #: seat resigned.
    resigned: int | None = None


attrs.resolve_types(ResultBlock)


def seat_or_random(value: object, _: object) -> int | Literal["random"]:
    """A structure hook (for ``int | Literal["random"]``): a seat, or ``"random"`` for one the
    game draws from its seed (a start player, say)."""
    if value == "random":
        return "random"
    if type(value) is int:
        return value
    raise Refusal(f"expected a seat or 'random', found {shown(value)}")


@frozen
class Tagged:
    """Records of one kind told apart by their ``type`` tag (a game's moves, its events)."""

    #: The kind of document each is (the envelope's ``kind``: ``"move"``), and the word
    #: messages use for one.
    kind: str
    #: The type that stands for any of them (the union of the classes, or their base class).
    union: object
    #: Each class by its tag.
    classes: Mapping[str, type[Any]]


def register_tagged(conv: cattrs.Converter, tagged: Tagged) -> None:
    """Each class of ``tagged`` written with its ``type`` tag and read only with it, and the
    union read as the class its tag names (:func:`boardtable.reader.register_tagged`)."""
    for tag, kind in tagged.classes.items():
        reader.register_tagged(conv, kind, tag, tagged.kind)

    def structure(value: object, _: object) -> object:
        if not isinstance(value, Mapping):
            raise Refusal(f"a {tagged.kind} is a mapping with a type, not {shown(value)}")
        tag = value.get("type")
        kind = tagged.classes.get(tag) if type(tag) is str else None
        if kind is None:
            raise Refusal(f"unknown {tagged.kind} type {shown(tag)} (known: {', '.join(tagged.classes)})")
        return conv.structure(value, kind)

    conv.register_structure_hook(tagged.union, structure)
    conv.register_unstructure_hook(tagged.union, lambda value: conv.unstructure(value, type(value)))


def omit_defaults(conv: cattrs.Converter, result: type[Any], record: type[Any]) -> None:
    """A result block, a record and its headers written without the fields they leave at their
    defaults (a record without a result block or headers, a result nobody resigned). Register
    it last: a record's hook takes in its result's and its headers'."""
    for optional in (result, record, GameInfo):  # a result's first: a record's hook takes it in
        conv.register_unstructure_hook(
            optional, make_dict_unstructure_fn(optional, conv, _cattrs_omit_if_default=True)
        )


def read_file(path: str | os.PathLike[str], read: Callable[[str, bool], _T], error: type[RecordError]) -> _T:
    """What ``read`` reads of the file at ``path`` (``read(text, yaml)``: ``yaml`` for a
    ``.yaml`` or ``.yml`` file, JSON otherwise); any problem is ``error`` naming the file."""
    text = reader.read_text(path, error)
    name = os.fspath(path)
    try:
        return read(text, Path(name).suffix in (".yaml", ".yml"))
    except RecordError as exc:
        raise error(f"{name}: {exc}") from None


def _documents_of(module: str) -> object:
    """The ``DOCUMENTS`` of ``module`` (:meth:`Documents.__reduce__`)."""
    return importlib.import_module(module).DOCUMENTS


def _as_is(_: object, data: dict[str, Any]) -> dict[str, Any]:
    return data


@frozen
class Documents(Generic[C, S, M, R, Res]):
    """One game's documents and records (see the module): its classes and hooks, and what every
    game does with them."""

    #: What messages call the game's types ("… is not a serializable TITLE type").
    title: str
    #: The classes of the configuration, the position, the record and the result block.
    config: type[C]
    position: type[S]
    record: type[R]
    result: Callable[..., Res]
    #: The moves (the first), and any other records told apart by their tags.
    tagged: tuple[Tagged, ...]
    #: The kind of every other document, by its class (``ScoreSheet: "score_sheet"``).
    kinds: Mapping[type[Any], str]
    #: The converter of the documents (see the module).
    converter: cattrs.Converter = field(repr=False)
    #: A new game of a configuration; why the rules refuse a move (None for a legal one); the
    #: position after a move the replay has checked; a move as a refusal names it.
    new_game: Callable[[C], S] = field(repr=False)
    check_move: Callable[[S, M], IllegalMove | None] = field(repr=False)
    apply_move: Callable[[S, M], S] = field(repr=False)
    said: Callable[[M], str] = field(repr=False)
    #: The score sheets of a position, and the seats of ``among`` (None: all) that win it.
    score: Callable[[S], Sequence[AttrsInstance]] = field(repr=False)
    winners: Callable[[S, Collection[int] | None], tuple[int, ...]] = field(repr=False)
    #: What a position read checks it is (a well-formed position, a seat's view of one).
    check_position: Callable[[S], None] = field(repr=False)
    #: A position's and a configuration's data as their digests take them (what they name by
    #: content named by its digest); as they are written, by default.
    position_digested: Callable[[S, dict[str, Any]], object] = field(default=_as_is, repr=False)
    config_digested: Callable[[C, dict[str, Any]], object] = field(default=_as_is, repr=False)
    #: What a document is read inside (a game's leniency for documents it wrote before), nothing by default.
    reading: Callable[[], AbstractContextManager[None]] = field(default=contextlib.nullcontext, repr=False)
    #: The game's :class:`~boardtable.errors.RecordError`.
    error: type[RecordError] = RecordError
    #: A quicker reader of a position's JSON document as the game writes it, which answers
    #: only what the strict reader would (None where that must read it: :mod:`boardtable.quick`).
    quick: Callable[[object], S | None] | None = field(default=None, repr=False)

    #: The kind of every document class and tagged union; the tag of every tagged class.
    _kinds: Mapping[object, str] = field(init=False, repr=False)
    _tags: Mapping[object, str] = field(init=False, repr=False)

    @_kinds.default
    def _every_kind(self) -> Mapping[object, str]:
        found: dict[object, str] = {self.position: "game_state", self.config: "game_config"}
        found[self.record] = "game_record"
        found.update(self.kinds.items())
        found.update({cls: each.kind for each in self.tagged for cls in (each.union, *each.classes.values())})
        return found

    @_tags.default
    def _every_tag(self) -> Mapping[object, str]:
        return {cls: tag for each in self.tagged for tag, cls in each.classes.items()}

    def __reduce__(self) -> tuple[Callable[[str], object], tuple[str]]:
        """Pickled by reference, as a module's functions are (its hooks and converter are not
        data): the ``DOCUMENTS`` of the module that defines its record class, where every game
        keeps its own. So the functions a game's records module binds to it pickle too."""
        return _documents_of, (self.record.__module__,)

    # ------------------------------------------------------------------ kinds

    def kind_of(self, cls: object) -> str:
        """The envelope's ``kind`` of a document of class ``cls`` (or of a tagged union);
        TypeError for a class that is no document of the game."""
        try:
            return self._kinds[cls]
        except (KeyError, TypeError):
            raise TypeError(f"{cls!r} is not a serializable {self.title} type") from None

    def _union_of(self, kind: str) -> object | None:
        return next((tagged.union for tagged in self.tagged if tagged.kind == kind), None)

    # ------------------------------------------------------------------ writing

    def to_data(self, obj: object) -> dict[str, object]:
        """``obj`` as a plain envelope (``schema_version``, ``kind``, ``data``)."""
        cls = type(obj)
        return {
            "schema_version": SCHEMA_VERSION,
            "kind": self.kind_of(cls),
            "data": self.converter.unstructure(obj, cls),
        }

    def to_json(self, obj: object) -> str:
        """``obj`` as a JSON document (no spaces)."""
        return json.dumps(self.to_data(obj), separators=(",", ":"))

    def to_yaml(self, obj: object) -> str:
        """``obj`` as a YAML document (the same envelope and data as :meth:`to_json`)."""
        return yaml.safe_dump(self.to_data(obj), sort_keys=False)

    # ------------------------------------------------------------------ reading

    def read(self, document: object, cls: object, conv: cattrs.Converter | None = None) -> object:
        """The object of type ``cls`` (or of a tagged union) in an envelope, read with ``conv``
        (the game's converter by default) and checked: a position as the game checks it, a
        record's headers against its players, a tagged class's tag; the game's
        :class:`~boardtable.errors.RecordError` naming the path of the first thing wrong."""
        kind = self.kind_of(cls)
        data = reader.envelope_data(document, kind, SCHEMA_VERSION, self.error)
        union = self._union_of(kind)
        target: Any = cls if union is None else union
        with self.reading():
            value: object = reader.structure(conv or self.converter, data, target, self.error, "$.data")
        wanted = self._tags.get(cls)
        if wanted is not None and type(value) is not cls:
            raise self.error(
                f"$.data.type: expected a {kind} of type {wanted}, found {self._tags[type(value)]}"
            )
        if isinstance(value, self.position):
            self.check_position(value)
        if isinstance(value, self.record):
            check_info(value.info, value.config.players, self.error)
        return value

    @overload
    def from_data(self, document: object, cls: type[_T]) -> _T: ...
    @overload
    def from_data(self, document: object, cls: UnionType) -> M: ...
    def from_data(self, document: object, cls: object) -> object:
        """The object of type ``cls`` (or any move) in an envelope; the game's
        :class:`~boardtable.errors.RecordError` naming the path of the first thing wrong."""
        return self.read(document, cls)

    @overload
    def from_json(self, text: str | bytes, cls: type[_T]) -> _T: ...
    @overload
    def from_json(self, text: str | bytes, cls: UnionType) -> M: ...
    def from_json(self, text: str | bytes, cls: object) -> object:
        """A JSON document of type ``cls`` (or any move); the game's
        :class:`~boardtable.errors.RecordError` if it is not one. A position is read by
        :attr:`quick` first, where the game has it, and checked as the game checks it."""
        if cls is self.position and self.quick is not None:
            state = self.quick(text)
            if state is not None:
                self.check_position(state)
                return state
        return self.read(reader.parse_json(text, self.error), cls)

    @overload
    def from_yaml(self, text: str | bytes, cls: type[_T]) -> _T: ...
    @overload
    def from_yaml(self, text: str | bytes, cls: UnionType) -> M: ...
    def from_yaml(self, text: str | bytes, cls: object) -> object:
        """A YAML document of type ``cls`` (or any move; safe loader only, plain data only); the
        game's :class:`~boardtable.errors.RecordError` if it is not one."""
        return self.read(reader.parse_yaml(text, self.error), cls)

    def load_record(self, path: str | os.PathLike[str]) -> R:
        """A record from a file: YAML for ``.yaml``/``.yml``, JSON otherwise; any problem is the
        game's :class:`~boardtable.errors.RecordError` naming the file."""
        return read_file(path, lambda text, yaml: self._record_of(text, yaml), self.error)

    def _record_of(self, text: str, yaml: bool) -> R:
        return self.from_yaml(text, self.record) if yaml else self.from_json(text, self.record)

    # ------------------------------------------------------------------ digests and results

    def position_digest(self, state: S) -> str:
        """The SHA-256 (hex) of a position's canonical encoding: equal positions, equal digests,
        in every process, with any hash seed and on any Python version (the document with
        sorted keys and no spaces, as :attr:`position_digested` gives it)."""
        data = self.converter.unstructure(state, self.position)
        return digest("game_state", self.position_digested(state, data))

    def record_digest(self, config: C, moves: Iterable[M]) -> str:
        """The SHA-256 (hex) of a record's configuration and moves in their canonical encoding:
        a JSON document of both with sorted keys and no spaces, the configuration as
        :attr:`config_digested` gives it, the same in every process."""
        move = self.tagged[0].union
        data = {
            "config": self.config_digested(config, self.converter.unstructure(config, self.config)),
            "moves": [self.converter.unstructure(played, move) for played in moves],
        }
        return digest("game_record_moves", data)

    def game_result(
        self,
        state: S,
        config: C | None = None,
        moves: Iterable[M] | None = None,
        resigned: int | None = None,
    ) -> Res:
        """The result block of a record whose moves lead to ``state`` (scored as if it ended
        now). Given the record's ``config`` and ``moves``, it vouches for them too, so that any
        edit of a move is refused; ``resigned``: the seat that resigned there, the winners then
        the others'."""
        made = None if config is None or moves is None else self.record_digest(config, moves)
        scores = tuple(self.score(state))  # a sheet for every seat
        ranked = self.winners(state, others(len(scores), resigned))
        return self.result(state.ply, self.position_digest(state), scores, ranked, made, resigned)

    def replay(self, record: R) -> S:
        """The position after every move of ``record``: the game's
        :class:`~boardtable.errors.RecordError` for an illegal move (naming it and the rule it
        breaks), and for a record with a result block that is not exactly the record it vouches
        for or leads elsewhere (naming the first difference found: the number of moves, an
        illegal move, the configuration and moves, a player's score category, the winners, then
        the final position). A result that says a seat resigned ends a game the moves leave
        unfinished, its winners the others'."""
        result = record.result
        state = replay_moves(
            record.config,
            record.moves,
            None if result is None else result.moves,
            self.new_game,
            self.check_move,
            self.apply_move,
            self.said,
            self.error,
        )
        if result is not None:
            check_resigned(result.resigned, record.config.players, state.is_over, self.error)
            check_result(
                result, self.game_result(state, record.config, record.moves, result.resigned), self.error
            )
        return state
