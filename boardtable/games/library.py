"""What the games' :class:`~boardtable.games.Game` implementations share: a game whose
positions, moves and documents are those of a game package written on the platform, with
the public shape every game here has.

Such a game answers most of the interface with its library's public functions alone:
:class:`Library` names them, and :class:`LibraryGame` puts their answers in the shapes of
the interface (the documents in their envelopes, a move from its notation or its data, the
record of a finished game with its result block and the seats' names; a match's options
read from the fields the game declares, :attr:`LibraryGame.option_fields`; a bot deciding
from its seat's view; the events as a seat sees them and in words, the picture in parts,
the score sheet's lines by their names). Each game adds what is its own: its options, what
a move reveals, its rules and bots, its catalogue. A legal move's wire entry is the same
for every such game: the move, its notation, and the preview document the library writes,
with what the move does in words, and where the game says them, the move's own words
(:meth:`LibraryGame.offered`).
"""

from __future__ import annotations

import datetime
from collections.abc import Callable, Collection, Hashable, Mapping, Sequence
from types import MappingProxyType, ModuleType
from typing import Any, Generic, Protocol, TypeVar, cast

from attrs import evolve, frozen

from ..documents import SCHEMA_VERSION, GameInfo
from ..errors import GameError, IllegalMove
from ..reader import shown
from ..rulebook import RuleEntry
from ..schema import Schema, match_options
from . import Decider, Game
from .commands import Commands

__all__ = ["Library", "LibraryGame", "Offer", "offering"]


class Options(Protocol):
    """What the shared answers read of a game's options."""

    @property
    def seed(self) -> int: ...


class Position(Protocol):
    """What the shared answers read of a position."""

    @property
    def ply(self) -> int: ...
    @property
    def to_act(self) -> tuple[int, ...]: ...
    @property
    def is_over(self) -> bool: ...


class Sheet(Protocol):
    """What the shared answers read of a seat's score sheet."""

    @property
    def total(self) -> int: ...


class Played(Protocol):
    """What the shared answers read of a move."""

    @property
    def player(self) -> int: ...


class Foreseen(Protocol):
    """What the shared answers read of a legal move as a seat is offered it (its preview)."""

    @property
    def move(self) -> object: ...
    def __hash__(self) -> int: ...


C = TypeVar("C", bound=Options)
S = TypeVar("S", bound=Position)
M = TypeVar("M", bound=Played)
E = TypeVar("E", bound=Hashable)
L = TypeVar("L", bound=Foreseen)
P = TypeVar("P", bound=Foreseen)
#: The move a preview holds, as a game's words of moves take it.
MV = TypeVar("MV")


@frozen
class Offer(Generic[P, MV]):
    """A legal move as a seat is offered it: its preview (what the move does to its mover),
    what it does in the seat's words, and the move itself in the seat's words, the words a
    table lists it by, in a browser as at a terminal (:meth:`LibraryGame.legal_entry`)."""

    preview: P
    #: What the move does, in words (the preview's text on the wire).
    does: str
    #: The move in its player's words (the entry's ``text`` on the wire).
    said: str

    @property
    def move(self) -> MV:
        """The move offered (the one its preview holds)."""
        return cast(MV, self.preview.move)

    def __str__(self) -> str:
        return self.does


def offering(
    previews: Callable[[S, int], Sequence[P]],
    said: Callable[[S, MV], str],
    does: Callable[[S, P], str] | None = None,
) -> Callable[[S, int], tuple[Offer[P, MV], ...]]:
    """A game's ``offers(view, seat)``: each legal move of ``previews(view, seat)`` with the
    move in words (``said(view, move)``, the move each preview holds) and what it does in words
    (``does(view, preview)``; by default the preview's own words, ``str(preview)``), both made
    from the seat's view."""

    def offers(view: S, seat: int) -> tuple[Offer[P, MV], ...]:
        return tuple(
            Offer(
                preview,
                str(preview) if does is None else does(view, preview),
                said(view, cast(MV, preview.move)),
            )
            for preview in previews(view, seat)
        )

    return offers


#: A score sheet of its total alone.
_TOTAL: Mapping[str, str] = MappingProxyType({"total": "total"})


@frozen
class Library(Generic[C, S, M, E, L]):
    """A game's own public functions and classes, as :class:`LibraryGame` calls them."""

    #: The class of the game's options (its ``GameConfig``).
    config: type[C]
    #: The union of the move classes, as ``from_data`` and ``from_json`` take it.
    move: object
    #: The class of its positions (``GameState``), as ``from_data`` takes it.
    position: type[S]
    #: ``new_game``, ``legal_moves``, ``check_move``, ``score``, ``winners``, ``parse_move``
    #: and ``apply_move_with_events``.
    new_game: Callable[[C], S]
    legal_moves: Callable[[S, int], Sequence[M]]
    check_move: Callable[[S, M], IllegalMove | None]
    score: Callable[[S], Sequence[Sheet]]
    #: ``winners(state, among)``: the seats ``among`` (None: all) that win as the position stands.
    winners: Callable[[S, Collection[int] | None], tuple[int, ...]]
    parse_move: Callable[[str], M]
    play: Callable[[S, M], tuple[S, tuple[E, ...]]]
    #: ``player_view``, ``previews`` and ``render_svg``.
    player_view: Callable[[S, int | None], S]
    previews: Callable[[S, int], tuple[L, ...]]
    render_svg: Callable[[S], str]
    #: ``rules``: the game's rule index by rule ID.
    rules: Callable[[], Mapping[str, RuleEntry]]
    #: The documents: ``to_data``, ``to_json``, ``from_data``, ``from_json``, ``position_digest``,
    #: ``game_result`` (``game_result(state, config, moves, resigned)``) and the ``GameRecord`` class.
    to_data: Callable[[object], dict[str, object]]
    to_json: Callable[[object], str]
    from_data: Callable[[object, Any], Any]
    from_json: Callable[[str, Any], Any]
    position_digest: Callable[[S], str]
    game_result: Callable[[S, C, tuple[M, ...], int | None], object]
    record: Callable[..., object]
    #: ``replay``: a record's moves played and held to its result block.
    replay: Callable[[Any], S]
    #: ``apply_move``: the position after a move, checked, without its events.
    apply_move: Callable[[S, M], S]
    #: ``events_view(events, seat)``: the events as a seat sees them (None: the spectator). It has
    #: no default: what each seat may see is a game's secret to keep, so a library without it
    #: (None) is refused at its first events rather than shown whole (a game without secrets
    #: names a function that returns them as they are; a game whose view needs the position
    #: answers :meth:`LibraryGame.events_seen` itself).
    events_view: Callable[[tuple[E, ...], int | None], tuple[E, ...]] | None = None
    #: What a table shows beside the documents, given where the package has it (by default
    #: what the game interface answers without it).
    #: ``event_text``: an event in words, the ``text`` of its data; by default ``str(event)``.
    event_text: Callable[[E], str] = str
    #: ``part_names`` and ``render_svg_parts``: the picture of ``render_svg`` in parts and each
    #: part's name (by default the whole picture as one part, ``"table"``).
    part_names: Callable[[S], Sequence[str]] | None = None
    render_svg_parts: Callable[[S], Sequence[str]] | None = None
    #: The score sheet's lines, each field of ``score``'s sheets by the name a player reads it
    #: by (by default the total alone, named ``"total"``).
    score_lines: Mapping[str, str] = _TOTAL

    @classmethod
    def of(cls, package: ModuleType, records: ModuleType) -> Library[Any, Any, Any, Any, Any]:
        """The library of a game's ``package``, which exports each function and class by the
        name the fields give (as every game package here does), with the
        package's ``records`` module; its ``events_view`` where it exports one."""
        return cls(
            package.GameConfig,
            package.Move,
            package.GameState,
            package.new_game,
            package.legal_moves,
            package.check_move,
            package.score,
            package.winners,
            package.parse_move,
            package.apply_move_with_events,
            package.player_view,
            package.previews,
            package.render_svg,
            package.rules,
            records.to_data,
            records.to_json,
            records.from_data,
            records.from_json,
            records.position_digest,
            records.game_result,
            records.GameRecord,
            records.replay,
            package.apply_move,
            getattr(package, "events_view", None),
        )


@frozen
class _FromView(Generic[S, M]):
    """A bot deciding for its seat from the seat's view alone (see :meth:`LibraryGame.from_view`)."""

    bot: Decider[S, M]
    view: Callable[[S, int | None], S]

    def choose(self, state: S, seat: int) -> M:
        return self.bot.choose(self.view(state, seat), seat)


class LibraryGame(Game[C, S, M, E, L]):
    """A :class:`~boardtable.games.Game` answered by a :class:`Library`'s functions wherever
    the answer is the same for every such game (see the module)."""

    #: The game's library.
    library: Library[C, S, M, E, L]
    #: The options a match may give beside its seats and seed, each by the field of the game's
    #: options it sets, with its schema (:meth:`options_schema`, :meth:`read_options`).
    option_fields: Mapping[str, Schema] = {}

    def data(self, thing: object) -> dict[str, object]:
        """The data of a document, without its envelope."""
        data = self.library.to_data(thing)["data"]
        assert isinstance(data, dict)
        return data

    def reseeded(self, options: C, seed: int) -> C:
        return evolve(options, seed=seed)  # type: ignore[misc]  # every game's options are attrs records

    def seed(self, options: C) -> int:
        return options.seed

    def options_text(self, options: C) -> str:
        return self.library.to_json(options)

    def read_stored_options(self, text: str) -> C:
        config: C = self.library.from_json(text, self.library.config)
        return config

    def options_schema(self) -> Mapping[str, object]:
        """The schema of :attr:`option_fields` (:func:`boardtable.schema.match_options`)."""
        return match_options(self.option_fields)

    def read_options(self, document: Mapping[str, object], players: int, seed: int) -> C:
        """The game's options (``Library.config``) of ``players`` seats and ``seed``, with the
        fields ``document`` gives of :attr:`option_fields`, each checked by the options; a
        :class:`~boardtable.errors.GameError` naming the first field that is none of them."""
        fields = self.option_fields
        unknown = [key for key in document if key not in fields]
        if unknown:
            raise GameError(f"{shown(unknown[0])} is no {self.title} option (they are {', '.join(fields)})")
        settings = {key: document[key] for key in fields if key in document}
        return self.library.config(players, seed, **settings)  # type: ignore[call-arg]  # every game's options take these

    def new(self, options: C) -> S:
        return self.library.new_game(options)

    def ply(self, state: S) -> int:
        return state.ply

    def to_act(self, state: S) -> tuple[int, ...]:
        return state.to_act

    def is_over(self, state: S) -> bool:
        return state.is_over

    def winners(self, state: S) -> tuple[int, ...]:
        return tuple(self.library.winners(state, None))

    def winners_among(self, state: S, seats: Collection[int]) -> tuple[int, ...]:
        """The library's winners of ``state`` among ``seats``, by its rules' tie-breaks."""
        return tuple(self.library.winners(state, seats))

    def digest(self, state: S) -> str:
        return self.library.position_digest(state)

    def read_move(self, given: object) -> M:
        if isinstance(given, str):
            return self.library.parse_move(given)
        if isinstance(given, dict) and "kind" not in given:  # the move's data, without its envelope
            given = {"schema_version": SCHEMA_VERSION, "kind": "move", "data": given}
        move: M = self.library.from_data(given, self.library.move)
        return move

    def move_data(self, move: M) -> dict[str, object]:
        return self.data(move)

    def moves(self, view: S, seat: int) -> tuple[M, ...]:
        return tuple(self.library.legal_moves(view, seat))

    def refusal(self, view: S, move: M) -> IllegalMove | None:
        return self.library.check_move(view, move)

    def mover(self, move: M) -> int:
        return move.player

    def move_text(self, move: M) -> str:
        return self.library.to_json(move)

    def read_stored_move(self, text: str) -> M:
        move: M = self.library.from_json(text, self.library.move)
        return move

    def play(self, state: S, move: M) -> tuple[S, tuple[E, ...]]:
        return self.library.play(state, move)

    def view(self, state: S, seat: int | None) -> S:
        return self.library.player_view(state, seat)

    def position_data(self, view: S) -> dict[str, object]:
        return self.library.to_data(view)

    def read_position(self, document: object) -> S:
        position: S = self.library.from_data(document, self.library.position)
        return position

    def legal(self, view: S, seat: int) -> tuple[L, ...]:
        return self.library.previews(view, seat)

    def legal_entry(self, option: L) -> dict[str, object]:
        """The move's data, its notation, and its preview document's data with its text; with
        the move in its player's words where it is offered with them (an :class:`Offer`)
        (:meth:`offered`)."""
        if isinstance(option, Offer):
            return self.offered(option.preview, option.does, option.said)
        return self.offered(option, str(option))

    def offered(self, preview: Foreseen, does: str, said: str | None = None) -> dict[str, object]:
        """A legal move's wire entry from its preview document: the move's data, its notation,
        and the preview's data with ``does``, what the move does in words, as its ``text`` (the
        move is written once: the entry's ``move`` is the one the preview holds); with
        ``said``, the move in its player's words, as the entry's ``text``."""
        data = self.data(preview)
        entry = {"move": data.pop("move"), "notation": str(preview.move), "preview": {**data, "text": does}}
        return entry if said is None else {**entry, "text": said}

    def from_view(self, bot: Decider[S, M]) -> Decider[S, M]:
        """``bot`` deciding for its seat from the seat's view of the position alone (the
        library's ``player_view``), whether it is handed the whole position or that view."""
        return _FromView(bot, self.library.player_view)

    def picture(self, view: S) -> str:
        return self.library.render_svg(view)

    def events_seen(self, events: tuple[E, ...], seat: int | None, state: S) -> tuple[E, ...]:
        """The library's ``events_view`` of ``events`` for ``seat``; :class:`NotImplementedError`
        where the library names none (see :attr:`Library.events_view`)."""
        seen = self.library.events_view
        if seen is None:
            raise NotImplementedError(f"{self.title}'s library names no events_view: what may each seat see?")
        return seen(events, seat)

    def event_data(self, event: E) -> dict[str, object]:
        """The event's data with its words, the library's ``event_text``."""
        return {**self.data(event), "text": self.library.event_text(event)}

    def picture_parts(self, view: S) -> tuple[tuple[str, str], ...]:
        """The library's parts of the picture (``render_svg_parts``) by their ``part_names``."""
        names, parts = self.library.part_names, self.library.render_svg_parts
        if names is None or parts is None:
            return super().picture_parts(view)
        return tuple(zip(names(view), parts(view), strict=True))

    def score_sheet(self) -> tuple[tuple[str, str], ...]:
        """The lines the library's ``score_lines`` names, in its order."""
        return tuple(self.library.score_lines.items())

    def score_lines(self, state: S) -> tuple[tuple[str, tuple[int, ...]], ...]:
        """The lines of :meth:`score_sheet` by their names, each with its field of every seat's
        sheet (``score``)."""
        sheets = self.library.score(state)
        return tuple(
            (name, tuple(getattr(sheet, line) for sheet in sheets)) for line, name in self.score_sheet()
        )

    def rule(self, rule_id: str) -> dict[str, object] | None:
        found = self.library.rules().get(rule_id.upper())
        return None if found is None else found.data()

    def rule_text(self, rule_id: str) -> str:
        """The rule's text headed by its name (``"TITLE FLOW-1: …"``, a rule ID meaning something
        only within its game); "" for an unknown ID."""
        found = self.library.rules().get(rule_id)
        return "" if found is None else f"{found.name}: {found.text}"

    def record(
        self,
        options: C,
        moves: Sequence[M],
        state: S,
        names: Sequence[str],
        notes: str,
        resigned: int | None = None,
    ) -> str:
        """The record with its result block once the game is over (or a seat resigned), and its
        headers: the seats' names, today's date, ``notes`` and the game's name."""
        today = datetime.date.today().isoformat()
        info = GameInfo(players=tuple(names), date=today, notes=notes, game=self.name)
        played = tuple(moves)
        ended = state.is_over or resigned is not None
        result = self.library.game_result(state, options, played, resigned) if ended else None
        return self.library.to_json(self.library.record(options, played, result=result, info=info))

    def record_resigned(self, text: str) -> int | None:
        record = self.library.from_json(text, self.library.record)
        return None if record.result is None else record.result.resigned

    def totals(self, state: S) -> tuple[int, ...]:
        return tuple(sheet.total for sheet in self.library.score(state))

    def read_record(self, text: str) -> tuple[C, tuple[M, ...], tuple[str, ...]]:
        record = self.library.from_json(text, self.library.record)
        names = () if record.info is None else tuple(record.info.players)
        return record.config, tuple(record.moves), names

    def commands(self) -> Commands:
        """The game's rule index, its records checked by its own ``replay`` (every move legal,
        the result block held to the moves), and its moves played without their events."""
        return Commands(rules=self.library.rules, checked=self.check_record, after=self.library.apply_move)

    def check_record(self, text: str) -> str | None:
        """A record checked whole by the game's ``replay``; what its result block vouches for,
        in words (None without one)."""
        record = self.library.from_json(text, self.library.record)
        self.library.replay(record)
        result = record.result
        if result is None:
            return None
        vouched = "" if result.record is None else "its moves and "
        return f"{vouched}position digest {result.digest[:16]}…"
