"""The order of play: phases, turns, the end of a round and of the game (FLOW-5, FLOW-6, END-1 to END-5)."""

from __future__ import annotations

from operator import itemgetter

from .._config import Claim
from .._goods import Kind, Resources
from .._model import ACTING, FEEDING, OVER, PLACING, Phase
from .._table import Table, copy_player
from .cards import CLAIM, take_resources
from .feeding import feed_player
from .placement import pass_turn
from .scoring import end_lines

#: CIV-12's variant of choosing the resources at purchase, read on every move as a module
#: constant (see :data:`~stone_age_rules._model.PLACING`).
IMMEDIATE = Claim.IMMEDIATE


def settle(table: Table) -> None:
    """Play the automatic steps until someone must decide or the game is over (FLOW-5).

    PLACE-1/2: the turn goes to the next player clockwise who can place; when nobody can,
    actions begin with the start player. ACT-1: a player's turn ends when none of their
    people is on the board. FEED-1: players are fed in turn order.
    """
    while True:
        state = table.state
        phase = state.phase
        if phase is OVER or state.roll is not None or state.choice is not None or state.short is not None:
            return
        players = state.config.players
        if phase is PLACING:
            if pass_turn(table):
                return
            table.update(phase=ACTING, turn=state.start, done=0)
            table.note("FLOW-5", "actions begin")
        elif phase is ACTING:
            turn = state.turn
            if state.players[turn].claims and state.config.any_two_resources is IMMEDIATE:
                return  # CIV-12, variant: the resources are chosen at purchase
            if any(map(itemgetter(turn), state.placed)):
                return
            next_turn(table, FEEDING)
        elif state.done == players:
            end_round(table)
        elif feed_player(table, state.turn):
            next_turn(table, None)
        else:
            return


def next_turn(table: Table, then: Phase | None) -> None:
    """The next player clockwise; after the last, phase ``then`` (None: the round ends)."""
    state = table.state
    done = state.done + 1
    if done < state.config.players or then is None:
        table.update(turn=(state.turn + 1) % state.config.players, done=done)
    else:
        table.update(phase=then, turn=state.start, done=0)
        table.note("FLOW-5", "feeding begins")


def end_round(table: Table) -> None:
    """END-1: the game ends (END-3, END-4, FLOW-6) or the next round is prepared (END-2)."""
    state = table.state
    left = tuple(card for card in state.display if card is not None)
    needed = len(state.display) - len(left)
    if any(not stack for stack in state.stacks):
        _game_over(table, "END-3")
    elif len(state.pile) < needed:
        _game_over(table, "END-4")
    elif state.config.max_rounds is not None and state.round >= state.config.max_rounds:
        _game_over(table, "FLOW-6")
    else:
        start = (state.start + 1) % state.config.players
        fresh = tuple(copy_player(p, {"used": (False,) * len(p.tools)}) for p in state.players)
        table.update(
            display=left + state.pile[:needed],
            pile=state.pile[needed:],
            players=fresh,
            round=state.round + 1,
            phase=Phase.PLACE,
            start=start,
            turn=start,
            done=0,
        )
        table.note("END-2", f"round {state.round + 1} begins", start)


def _game_over(table: Table, rule: str) -> None:
    """The game is over (``rule``: END-3, END-4 or FLOW-6). END-5: unclaimed CIV-12 pairs are
    taken (as wood: SCORE-7 counts every kind alike); then final scoring adds each player's
    end-of-game lines (SCORE-2 to SCORE-7) to their score, which is then their total (SCORE-8)."""
    table.note(rule, "game over")
    for seat, player in enumerate(table.state.players):
        for _ in range(player.claims):
            take_resources(table, seat, Resources.of(Kind.WOOD, CLAIM), "took two resources at the end")
    for seat, player in enumerate(table.state.players):
        table.change(seat, "END-5", "scored at the end", score=player.score + sum(end_lines(player).values()))
    table.update(phase=Phase.OVER)
