"""The order of play (EPOCH-1…3, FLOW, START-4) in one place, as data.

:data:`ORDER_OF_PLAY` lists the sections of an epoch with their phase; what
follows each is read from it. :data:`SECTIONS` gives each section's rules (a
:class:`~hadara_rules._rules.section.SectionRules`), which answer questions about
the section only. Everything else about the order of play is here: who acts
(:func:`to_act`), the seat in turn (:func:`seat_in_turn`), how a section begins
(:func:`section_start`), what follows a finished section or epoch (:func:`advance`)
and the automatic steps between decisions (:func:`settle`), told by
:func:`narrate_step` (a new section or epoch here, every other step by its section),
and what a move does to its mover before them (:func:`player_after`).
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Mapping
from types import MappingProxyType

from ._copy import amend, replace
from ._errors import IllegalMove
from ._events import EpochStarted, Event, GameOver, SectionStarted
from ._model import WHO_ACTS, Changes, GameState, PlayerState
from ._moves import Draft, Move
from ._rules import colony, draft, feeding, income, medals, pick, setup, statue, wheel
from ._rules.scoring import score, winners
from ._rules.section import SectionRules, no_moves, nobody, seat_in_turn
from ._vocabulary import EPOCHS, Phase, Section

#: The sections of an epoch in the order they are played, with their phase (EPOCH-1).
#: Setup (the advanced game's choice of sides) begins the game only; every epoch
#: begins at the wheel (EPOCH-2); after the medals the next epoch begins, or the game
#: ends after epoch III (EPOCH-3).
ORDER_OF_PLAY: tuple[tuple[Phase, Section], ...] = (
    (Phase.A, Section.SETUP),
    (Phase.A, Section.WHEEL),
    (Phase.A, Section.DRAFT),
    (Phase.A, Section.INCOME),
    (Phase.A, Section.COLONY),
    (Phase.A, Section.STATUE),
    (Phase.B, Section.PICK),
    (Phase.B, Section.INCOME),
    (Phase.B, Section.COLONY),
    (Phase.B, Section.STATUE),
    (Phase.B, Section.FEEDING),
    (Phase.B, Section.MEDALS),
)

#: What follows each section of :data:`ORDER_OF_PLAY`; None where the epoch ends.
FOLLOWS: Mapping[tuple[Phase, Section], tuple[Phase, Section] | None] = MappingProxyType(
    dict(zip(ORDER_OF_PLAY, (*ORDER_OF_PLAY[1:], None), strict=True))
)

#: The first section of every epoch (EPOCH-2).
EPOCH_START = (Phase.A, Section.WHEEL)


def _game_over(state: GameState, move: object) -> IllegalMove:
    """FLOW-3: no move at all is accepted after final scoring."""
    return IllegalMove("FLOW-3", "the game is over; no move is accepted after final scoring")


#: The end of the game (EPOCH-3): no move is accepted (FLOW-3).
GAME_OVER = SectionRules(moves={}, legal=no_moves, deciding=nobody, refuse=_game_over)

#: The rules of each section, found by the section the position waits in (a plain
#: dictionary, typed read-only: it is looked up several times per move).
SECTIONS: Mapping[Section, SectionRules] = {
    Section.SETUP: setup.SETUP,
    Section.WHEEL: wheel.WHEEL,
    Section.DRAFT: draft.DRAFT,
    Section.PICK: pick.PICK,
    Section.INCOME: income.INCOME,
    Section.COLONY: colony.COLONY,
    Section.STATUE: statue.STATUE,
    Section.FEEDING: feeding.FEEDING,
    Section.MEDALS: medals.MEDALS,
    Section.OVER: GAME_OVER,
}


# --------------------------------------------------------------------------- who acts


def _in_turn(state: GameState) -> tuple[int, ...]:
    return (seat_in_turn(state),)


def _who_acts(rules: SectionRules) -> Callable[[GameState], tuple[int, ...]]:
    """Who acts in a section: the seat in turn, or every seat its ``deciding`` names."""
    deciding = rules.deciding
    if deciding is None:
        return _in_turn

    def together(state: GameState) -> tuple[int, ...]:
        return tuple([seat for seat in range(len(state.players)) if deciding(state, seat)])

    return together


# A position's ``to_act`` asks this table (FLOW-1).
WHO_ACTS.update({section: _who_acts(rules) for section, rules in SECTIONS.items()})


def to_act(state: GameState) -> tuple[int, ...]:
    """FLOW-1: the players who must decide now: those deciding together (setup, a draft
    round), the seat in turn in every other section, nobody after final scoring."""
    return WHO_ACTS[state.section](state)


# --------------------------------------------------------------------------- between sections


def section_start(players: tuple[PlayerState, ...], section: Section) -> Changes:
    """A section begins with the first player in turn; the per-section counters reset."""
    return {
        "section": section,
        "turn": 0,
        "players": tuple(
            p if p.section_takes == p.section_paid == 0 else replace(p, section_takes=0, section_paid=0)
            for p in players
        ),
    }


def advance(state: GameState) -> Changes:
    """What follows a finished section: the next one of :data:`ORDER_OF_PLAY`, the next
    epoch (EPOCH-2), or the end of the game after epoch III (EPOCH-3)."""
    following = FOLLOWS[state.phase, state.section]
    if following is None:
        return _next_epoch(state)
    phase, section = following
    changes = section_start(state.players, section)
    if phase is not state.phase:
        changes["phase"] = phase
    return changes


def _next_epoch(state: GameState) -> Changes:
    """EPOCH-2: the next epoch's decks are laid and its first player sets the wheel;
    EPOCH-3: after epoch III the game is over."""
    if state.epoch >= EPOCHS[-1]:
        return {"section": Section.OVER, "turn": 0}
    epoch = state.epoch + 1
    phase, section = EPOCH_START
    return {
        **section_start(state.players, section),
        "epoch": epoch,
        "phase": phase,
        "first_player": setup.first_player(setup.initiative_order(state), epoch),
        "decks": state.later_decks[0],
        "later_decks": state.later_decks[1:],
        "wheel": 0,
        "round": 0,
    }


def automatic_step(state: GameState) -> Changes | None:
    """The next step that needs no decision, or None when a player must decide (FLOW):
    a finished section gives way to the next; a section's own step (dealing, resolving
    a draft round, income) happens; the player in turn is skipped when they have
    nothing to decide."""
    rules = SECTIONS[state.section]
    if rules.finished(state):
        return advance(state)
    if rules.skip is not None:
        return rules.skip(state, seat_in_turn(state))
    return None if rules.automatic is None else rules.automatic(state)


def settle(state: GameState) -> GameState:
    """Run the automatic steps until a player must decide or the game is over."""
    changes = automatic_step(state)
    return state if changes is None else settle_in_place(replace(state, **changes))


def settle_in_place(fresh: GameState) -> GameState:
    """:func:`settle` for a position the current call has just made and not handed out:
    the steps change it in place (:func:`~hadara_rules._copy.amend`) instead of copying it."""
    while (changes := automatic_step(fresh)) is not None:
        amend(fresh, changes)
    return fresh


def player_after(state: GameState, move: Move) -> PlayerState:
    """The mover as ``move`` leaves them, before any automatic step: played by the handler
    of the section the position waits in; a draft choice, which waits for the round
    (DRAFT-3), as the round's resolution will leave them (DRAFT-2)."""
    if isinstance(move, Draft):
        return draft.chooser_resolved(state, move)
    changes = SECTIONS[state.section].moves[type(move)].play(state, move)
    return changes.get("players", state.players)[move.player]


# --------------------------------------------------------------------------- what the steps did


def narrate_step(before: GameState, after: GameState) -> Iterator[Event]:
    """The events of one automatic step (:func:`automatic_step`) from ``before`` to ``after``:
    a new section or epoch, or the end of the game; any other step its section tells."""
    if (before.section, before.epoch) != (after.section, after.epoch):
        return _advanced(after)
    return SECTIONS[before.section].narrate_step(before, after)


def _advanced(state: GameState) -> Iterator[Event]:
    """A new section, epoch, or the end of the game (EPOCH-1…3)."""
    if state.is_over:
        sheets = score(state)
        yield GameOver(
            rule="EPOCH-3", player=None, totals=tuple(s.total for s in sheets), winners=winners(state)
        )
        return
    if (state.phase, state.section) == EPOCH_START and state.epoch > 1:
        yield EpochStarted(rule="EPOCH-2", player=state.first_player, epoch=state.epoch)
    yield SectionStarted(
        rule="EPOCH-1", player=None, epoch=state.epoch, phase=state.phase, section=state.section
    )
