"""Analysis at the table: ``POST /api/games/GAME/analysis`` (``docs/server.md``, "Analysis").

A position posted is read by its game (:meth:`Game.read_position
<boardtable.games.Game.read_position>`: the strict reader, then the game's consistency
check); one that fails is :class:`Unreadable`, answered ``422 inconsistent`` with the field
of the position document and the rule it breaks
(:class:`~boardtable.errors.Inconsistent` carries them; ``$`` and None for any other
refusal of the reader). The answer is the legal moves of each seat to act, each with its
notation and preview, and, where a move is posted, that move played (the position after it,
its digest and its events) or refused by the rules (its rule, reason, the rule's text and
citation: :func:`~boardtable.games.refused`). Nothing touches a match: the request is its
own whole world, and costs one position read, its seats' legal moves and at most one move.

A position is whole (as :meth:`Game.position_data <boardtable.games.Game.position_data>`
writes a position) or a seat's view (or the spectator's): a position that is its own view
of some seat is that seat's (``INFO-1``: a seat's own view is what it sees already), one of
which the game makes no view at all (a view of a view) the spectator's. A view shows only
its seat's moves, as the table does: another seat's moves are ``422 hidden``. A position the
spectator sees all of (a view that hides only what no seat sees, such as a deck's order, or
a position that hides nothing) shows every seat's moves. On a view, and on such a position,
a move that the game cannot play without what is hidden (one that would turn up a card or a
roll, :meth:`Game.reveals <boardtable.games.Game.reveals>`, or that the game refuses to play
on a view) is ``422 hidden`` too: such a move is analysed on the whole position.
"""

from __future__ import annotations

from ..errors import IllegalMove, Inconsistent
from ..games import AnyGame, Eye, GameError, refused
from .bodies import Malformed
from .present import Body
from .referee import Refused

__all__ = ["Unreadable", "analyse", "picture"]


class Unreadable(GameError):
    """A position the game's reader or consistency check refuses: ``field``, the path of the
    document that is wrong (``$`` where the game does not say), and ``rule``, the rule ID the
    position breaks (None where it breaks only the document's structure)."""

    def __init__(self, message: str, field: str, rule: str | None) -> None:
        super().__init__(message)
        self.field = field
        self.rule = rule


def _hidden(message: str) -> Refused:
    return Refused(422, "hidden", f"{message}: analyse the whole position")


def _read(played: AnyGame, document: object) -> object:
    """The position of ``document``; :class:`Unreadable` for one the game refuses."""
    try:
        return played.read_position(document)
    except Inconsistent as exc:
        raise Unreadable(f"position: {exc}", exc.field, exc.rule) from None
    except GameError as exc:
        raise Unreadable(f"position: {exc}", "$", None) from None


def _eye(played: AnyGame, state: object, players: int) -> tuple[Eye, bool]:
    """Who sees ``state`` whole, and whether a move tried on it must turn up nothing (see the
    module): the whole table for a position the spectator sees less of; the whole table too,
    guarded, for one the spectator sees all of (nothing is hidden from anyone, or it is a view
    that hides only what no seat sees); the seat whose own view it is, guarded; the spectator,
    guarded, for a view of which the game makes no view (a view's view is not asked of a game)."""
    own: list[int | None] = []
    unviewable = False
    for viewer in [*range(players), None]:
        try:
            if played.view(state, viewer) == state:
                own.append(viewer)
        except (GameError, ValueError):
            unviewable = True
    if None in own:
        return Eye(whole=True), True
    if own:
        return Eye(own[0]), True
    return (Eye(), True) if unviewable else (Eye(whole=True), False)


def _entries(played: AnyGame, state: object, eye: Eye, seat: int) -> list[dict[str, object]]:
    """The wire entries of ``seat``'s legal moves, from its own view."""
    seen = state if not eye.whole else played.view(state, seat)
    return [played.legal_entry(option) for option in played.legal(seen, seat)]


def _seen(played: AnyGame, document: object, seat: int | None, what: str) -> tuple[object, Eye, bool]:
    """The position of ``document``, who sees it whole and whether a move tried on it must turn
    up nothing (:func:`_eye`); ``422 hidden`` where ``seat`` is another seat than the one whose
    view it is (that view shows nothing of ``what``)."""
    state = _read(played, document)
    players = len(played.totals(state))
    if seat is not None and seat >= players:
        raise Malformed(f"seat: expected a seat from 0 to {players - 1} or null, found {seat}")
    eye, guarded = _eye(played, state, players)
    if not (eye.whole or seat in (None, eye.seat)):
        raise _hidden(f"this position is {eye}'s view, which shows no other seat's {what}")
    return state, eye, guarded


def picture(played: AnyGame, document: object, seat: int | None) -> str:
    """The position ``document`` drawn as SVG (:meth:`Game.picture <boardtable.games.Game.picture>`)
    as ``seat`` sees it: a whole position as the seat's view (whole where ``seat`` is None), a
    seat's view (or the spectator's) as it is, its own seat's (``INFO-1``)."""
    state, eye, _ = _seen(played, document, seat, "view")
    return played.picture(played.view(state, seat) if eye.whole and seat is not None else state)


def analyse(played: AnyGame, document: object, seat: int | None, given: object | None) -> Body:
    """The analysis of the position ``document`` (see the module): the legal moves of the seats
    to act (``seat``'s alone where given), and the move ``given`` played or refused."""
    state, eye, guarded = _seen(played, document, seat, "moves")
    over = played.is_over(state)
    to_act = () if over else played.to_act(state)
    legal = {
        str(mover): _entries(played, state, eye, mover)
        for mover in to_act
        if (eye.whole or mover == eye.seat) and seat in (None, mover)
    }
    answer: Body = {
        "game": played.name,
        "position": played.position_data(state),
        "digest": played.digest(state),
        "to_act": list(to_act),
        "over": over,
        "legal": legal,
        "played": None,
        "refusal": None,
    }
    if given is None:
        return answer
    try:
        move = played.read_move(given)
    except GameError as exc:
        raise Malformed(f"move: {exc}") from None
    mover = played.mover(move)
    if not (eye.whole or mover == eye.seat):
        raise _hidden(f"this position is {eye}'s view, which shows no other seat's moves")
    refusal = refused(played, state, move)
    if refusal is not None:
        answer["refusal"] = {
            "rule": refusal.rule,
            "reason": refusal.reason,
            "rule_text": refusal.rule_text,
            "citation": refusal.citation,
        }
        return answer
    try:
        after, events = played.play(state, move)
    except IllegalMove:
        if not guarded:  # refused by no rule, yet not played: the game's failure (logged, 500)
            raise
        raise _hidden("the game does not play this move on a view") from None
    if guarded and played.reveals(state, after):
        raise _hidden("this move would turn up what the view hides")
    data = played.move_data(move)
    offered = legal.get(str(mover)) or _entries(played, state, eye, mover)
    answer["played"] = {
        "position": played.position_data(after),
        "digest": played.digest(after),
        "events": [played.event_data(event) for event in eye.seen(played, events, after)],
        "notation": next((entry["notation"] for entry in offered if entry["move"] == data), None),
    }
    return answer
