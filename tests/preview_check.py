"""The check that a move's preview agrees with what the move then does (shared by the
quick test and the slow property over many games)."""

from __future__ import annotations

from itertools import takewhile

import attrs

from hadara_rules import (
    Draft,
    GameState,
    Move,
    Preview,
    TakeColony,
    Tracks,
    legal_moves,
    player_view,
    preview,
    previews,
)
from hadara_rules._copy import replace
from hadara_rules._engine import played
from hadara_rules._flow import automatic_step
from hadara_rules._rules.scoring import CATEGORIES, score_player
from hadara_rules._vocabulary import TIER_INDEX, TRACKS
from hadara_rules.events import (
    CardsDrawn,
    ColonyTaken,
    DraftChosen,
    EpochStarted,
    Event,
    Passed,
    SectionStarted,
    TrackMoved,
    apply_move_with_events,
)
from hadara_rules.view import front_id


def _difference(before: GameState, after: GameState, seat: int) -> tuple[int, Tracks, tuple[int, ...]]:
    """Coins, track steps and score-sheet rows gained by ``seat`` from ``before`` to ``after``."""
    old, new = before.players[seat], after.players[seat]
    tracks = Tracks(*(new.tracks.get(t) - old.tracks.get(t) for t in TRACKS))
    was, now = score_player(before, seat), score_player(after, seat)
    return new.coins - old.coins, tracks, tuple(getattr(now, c) - getattr(was, c) for c in CATEGORIES)


def _resolved(state: GameState, move: Draft) -> tuple[GameState, tuple[Event, ...]]:
    """The round resolved with ``move`` and every other seat's first legal choice, and the
    events of the last choice (the resolution among them)."""
    after, events = apply_move_with_events(state, move)
    position = played(state, move)
    while after.pending and after.pending[move.player] is not None and after.to_act:
        other = legal_moves(after, after.to_act[0])[0]
        position = played(after, other)
        after, events = apply_move_with_events(after, other)
    changes = automatic_step(position)
    assert changes is not None and "round" in changes, "the last choice resolves the round"
    return replace(position, **changes), events


def _of_a_step(event: Event) -> bool:
    """Whether the event is one of an automatic step's (which follow the move's own)."""
    return isinstance(event, SectionStarted | EpochStarted | CardsDrawn) or (
        isinstance(event, Passed) and event.automatic
    )


def _as_known(event: Event, state: GameState) -> Event:
    """An event as the table knew it before the move: a colony by its front."""
    if isinstance(event, ColonyTaken):
        return attrs.evolve(event, colony=front_id(state.catalogue.colonies[event.colony]))
    return event


def check_preview(state: GameState, move: Move, view: GameState) -> Preview:
    """``preview(state, move)`` equals the preview on the mover's view, and agrees with the
    events ``apply_move_with_events`` reports for the mover and with the positions (coins,
    track steps, score sheet); returns it."""
    seat = move.player
    shown = preview(state, move)
    assert preview(view, move) == shown, move
    assert shown.move == move and shown.player == seat
    if isinstance(move, Draft):
        after, events = _resolved(state, move)
        resolution = takewhile(lambda e: not isinstance(e, SectionStarted), events)
        told = tuple(
            e for e in resolution if e.player == seat and not isinstance(e, DraftChosen | CardsDrawn)
        )
    else:
        after = played(state, move)
        events = apply_move_with_events(state, move)[1]
        mine = takewhile(lambda e: e.player == seat and not _of_a_step(e), events)
        told = tuple(_as_known(e, state) for e in mine)
    coins, tracks, rows = _difference(state, after, seat)
    assert shown.coins == coins, (move, shown, coins)
    assert shown.rules == tuple(dict.fromkeys(e.rule for e in told))
    if isinstance(move, TakeColony) and move.ally:  # the back turns up: only the position knows it
        back = state.catalogue.colonies[state.colony_stacks[TIER_INDEX[move.tier]][-1]].back
        assert shown.tracks is None and shown.points is None
        steps = tuple(e for e in told if isinstance(e, TrackMoved) and e.rule == "COLONY-4")
        assert tracks == back == Tracks(*(sum(e.steps for e in steps if e.track is t) for t in TRACKS))
        told = tuple(e for e in told if e not in steps)
    else:
        assert shown.tracks == tracks, (move, shown.tracks, tracks)
        assert shown.points is not None
        assert tuple(getattr(shown.points, c) for c in CATEGORIES) == rows, (move, shown.points, rows)
    assert shown.events == told, (move, shown.events, told)
    return shown


def check_every_move(state: GameState) -> int:
    """:func:`check_preview` for every legal move of every seat to act, and :func:`previews`
    the same previews in one pass (on the whole position and each seat's view); how many
    moves were checked."""
    checked = 0
    assert previews(state) == tuple(preview(state, move) for move in legal_moves(state))
    for seat in state.to_act:
        view = player_view(state, seat)
        for move in legal_moves(state, seat):
            check_preview(state, move, view)
            checked += 1
        assert legal_moves(view, seat) == legal_moves(state, seat)
        assert previews(view, seat) == tuple(preview(view, move) for move in legal_moves(view, seat))
    return checked
