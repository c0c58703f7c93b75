"""The order of play (FLOW-5): setup, the lookout's two drafts, production, the turns of the
action phase, cleanup, and the end after round 5."""

from __future__ import annotations

from .._components import FACTIONS, components
from .._config import GameConfig
from .._model import Deck, GameState, Phase, Player, Produce
from .._moves import Pick
from .._table import Table, board_of, shuffled
from .actions import free_steps
from .agenda import run

__all__ = ["LAST_ROUND", "advance", "new_game", "next_turn", "pick", "settle", "start_round"]

#: FLOW-5: a game has 5 rounds.
LAST_ROUND = 5


def new_game(config: GameConfig) -> GameState:
    """SETUP-1 to SETUP-8: the factions and the first player (drawn from the seed where the
    configuration says so), the decks shuffled, the starting hands drawn in turn order, and
    round 1's lookout begun."""
    shuffles = 0

    def shuffle(cards: tuple[str, ...]) -> tuple[str, ...]:
        nonlocal shuffles
        shuffles += 1
        return shuffled(config.seed, shuffles - 1, cards)

    factions = config.factions
    if factions is None:
        factions = shuffle(FACTIONS)[: config.players]
    first = config.first_player
    if first == "random":
        first = int(shuffle(tuple(str(seat) for seat in range(config.players)))[0])
    common = shuffle(_DECK_IDS["common"])
    players = tuple(Player(faction, deck=shuffle(_DECK_IDS[faction])) for faction in factions)
    table = Table(GameState(config, players, common, (), first=first, turn=first, shuffles=shuffles))
    for seat in _clockwise(first, config.players):
        for _ in range(2):
            table.draw(seat, Deck.COMMON)
        for _ in range(2):
            table.draw(seat, Deck.FACTION)
    start_round(table)
    return table.state


#: SETUP-2, SETUP-4: the printed ids of every copy of each deck (the common and each faction's), in
#: id order, read once.
_DECK_IDS = {deck: components().deck_ids(deck) for deck in ("common", *FACTIONS)}


def _clockwise(first: int, players: int) -> tuple[int, ...]:
    """Turn order: clockwise from ``first``."""
    return tuple((first + i) % players for i in range(players))


def start_round(table: Table) -> None:
    """LOOK-1: each player draws a faction card; LOOK-2: the first draft's cards are revealed."""
    if table.events is not None:
        table.note("FLOW-5", f"round {table.now.round} begins")
    order = _clockwise(table.now.first, table.now.config.players)
    for seat in order:
        table.draw(seat, Deck.FACTION)
    table.update(phase=Phase.LOOKOUT, second=False)
    _reveal(table, order)


def _reveal(table: Table, order: tuple[int, ...]) -> None:
    """LOOK-2, LOOK-3, LOOK-5: N+1 common cards (as many as there are) revealed, picked in
    ``order`` while any is left."""
    offer = tuple(c for c in (table.take_top(0, Deck.COMMON) for _ in range(len(order) + 1)) if c is not None)
    table.update(offer=offer, order=order[: len(offer)])
    if not offer:
        _end_draft(table, None)


def pick(table: Table, move: Pick) -> None:
    """LOOK-2 to LOOK-4: the card into the picker's hand; the next picker, or the draft's end."""
    table.put_field(move.player, "hand", (*table.players[move.player].hand, move.card))
    offer = tuple([c for c in table.now.offer if c != move.card])
    table.put("offer", offer)
    table.put("order", table.now.order[1:] if offer else ())
    if not table.now.order:
        _end_draft(table, move.player)


def _end_draft(table: Table, last: int | None) -> None:
    """LOOK-2, LOOK-3: the card left over is discarded; the second draft (``last``, who picked
    last, first, then counter-clockwise: the first player last after a whole first draft,
    LOOK-5) or production follows."""
    for card in table.now.offer:
        table.discard(card)
    table.put("offer", ())
    count, first = table.now.config.players, table.now.first
    if not table.now.second:
        table.put("second", True)
        start = (first - 1) % count if last is None else last
        _reveal(table, tuple((start - i) % count for i in range(count)))
        return
    table.note("PROD-1", "production")
    table.update(phase=Phase.PRODUCTION, agenda=tuple(Produce(s) for s in _clockwise(first, count)))
    settle(table)


def settle(table: Table) -> bool:
    """Carry out the agenda; once it is empty, the game goes on: production gives way to the
    action phase (ACT-1). Whether the action phase goes on with nothing waiting."""
    run(table)
    if table.now.agenda:
        return False
    phase = table.now.phase
    if phase is Phase.PRODUCTION:
        table.note("ACT-1", "the action phase begins")
        table.update(phase=Phase.ACTIONS, turn=table.now.first)
        return True
    return phase is Phase.ACTIONS


def advance(table: Table) -> None:
    """ACT-8: after an action (and what it left to decide), its player may still take free
    steps, if any is possible; otherwise the turn ends (:func:`next_turn`)."""
    if not settle(table):
        return
    turn = table.now.turn
    if (
        not table.players[turn].passed
        and next(free_steps(table.players[turn], table.now.taken, turn), None) is not None
    ):
        table.put("acted", True)
        return
    next_turn(table)


def next_turn(table: Table) -> None:
    """ACT-1, ACT-4, ACT-6: the next player clockwise who has not passed; when all have
    passed, the action phase ends."""
    if table.now.acted:
        table.put("acted", False)
    turn, count = table.now.turn, table.now.config.players
    for step in range(1, count + 1):
        seat = (turn + step) % count
        if not table.players[seat].passed:
            table.put("turn", seat)
            return
    _end_actions(table)


def _end_actions(table: Table) -> None:
    """FAC-EGY-3, ENG-4: take-overs end with the action phase; END-1: after round 5 the game
    ends (CLEAN-6: no cleanup); otherwise cleanup (CLEAN-1) and the next round."""
    table.put("taken", ())
    if table.now.round == LAST_ROUND:
        table.note("END-1", "the game ends")
        table.put("phase", Phase.OVER)
        return
    table.note("CLEAN-1", "cleanup")
    _cleanup(table)
    first = (table.now.first + 1) % table.now.config.players
    table.update(round=table.now.round + 1, first=first, uses=(), blocked=(), turn=first)
    start_round(table)


def _cleanup(table: Table) -> None:
    """CLEAN-2 to CLEAN-4, ENG-8, DEF-5: each player keeps the goods their board stores and
    those their storage locations name; everything else in the supply, every defense token
    and every good on a location goes back (locations' goods and marks are not kept)."""
    for seat in range(table.now.config.players):
        kept = {board_of(table.players[seat].faction).stores}
        for card in table.players[seat].empire:
            kinds = _STORING.get(card)
            if kinds is not None:
                kept.update(kinds)
        supply = tuple(n if kind in kept else 0 for kind, n in enumerate(table.players[seat].supply))
        table.set(seat, supply=supply, defended=(), passed=False, oasis=0)


#: CLEAN-3: the storage locations, each with the goods it keeps.
_STORING = {
    printed: storage.kinds
    for printed, copy in components().copies.items()
    if (storage := copy.card.ability.storage) is not None
}
