"""The game loop: who acts, which moves exist, how they apply, and that every game ends."""

from __future__ import annotations

from collections import Counter

from hypothesis import given

from hadara_rules import (
    ChooseSide,
    Draft,
    GameState,
    Move,
    Pass,
    Pick,
    SetWheel,
    apply_move,
    check_move,
    legal_moves,
)
from hadara_rules._effects import takes_per_section
from hadara_rules._engine import move_key
from hadara_rules._vocabulary import EPOCHS, Phase, Section

from .strategies import (
    PlayedGame,
    kind_bounds,
    move_bound,
    played_games,
    suite_settings,
)

#: Sections in the order an epoch visits them (EPOCH-1); income is automatic.
_ORDER: tuple[tuple[Phase, Section], ...] = (
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


def _rank(state: GameState) -> tuple[int, int]:
    """Where a position lies in the flow of the game: setup, (epoch, section), over."""
    if state.section is Section.SETUP:
        return (0, 0)
    if state.section is Section.OVER:
        return (len(EPOCHS) + 1, 0)
    return (state.epoch, _ORDER.index((state.phase, state.section)))


@suite_settings(dear=True)
@given(played_games())
def test_someone_is_to_act_until_the_game_is_over(game: PlayedGame) -> None:
    """FLOW-1/3, EPOCH-3: ``to_act`` is non-empty until ``is_over`` and empty after; every
    player to act has a legal move, and every legal move is a move of a player to act;
    sequential sections wait for one player, a draft round or setup for several."""
    assert not game.stuck, "a player was to act without a legal move"
    last = len(game.states) - 1
    for i, state in enumerate(game.states):
        to_act = state.to_act
        if state.is_over:
            assert i == last
            assert to_act == ()
            assert legal_moves(state) == ()
            continue
        assert to_act, (i, state.section)
        assert len(set(to_act)) == len(to_act)
        assert all(0 <= s < len(state.players) for s in to_act)
        if state.section not in (Section.DRAFT, Section.SETUP):
            assert len(to_act) == 1, (i, state.section, to_act)
        legal = legal_moves(state)
        assert legal, (i, state.section)
        assert {m.player for m in legal} == set(to_act), (i, state.section)


@suite_settings(0.5, dear=True)
@given(played_games())
def test_every_legal_move_applies_checked(game: PlayedGame) -> None:
    """The oracle agrees with the generator: every move of ``legal_moves`` passes
    ``check_move``, applies through the checked path, gives ``ply + 1``, and the checked and
    unchecked paths agree."""
    for i, state in enumerate(game.states):
        for move in legal_moves(state):
            assert check_move(state, move) is None, (i, move)
            after = apply_move(state, move)
            assert after.ply == state.ply + 1, (i, move)
            assert after == apply_move(state, move, check=False), (i, move)


@suite_settings(dear=True)
@given(played_games())
def test_legal_moves_are_sorted_and_stable(game: PlayedGame) -> None:
    """``legal_moves`` is sorted by ``move_key``, has no duplicates, is identical on a second
    call, and ``legal_moves(state, seat)`` is exactly that seat's share."""
    for i, state in enumerate(game.states):
        moves = legal_moves(state)
        assert list(moves) == sorted(moves, key=move_key), i
        assert len(set(moves)) == len(moves), i
        assert legal_moves(state) == moves, i
        for seat in range(len(state.players)):
            assert legal_moves(state, seat) == tuple(m for m in moves if m.player == seat), (i, seat)


@suite_settings(dear=True)
@given(played_games(complete=True))
def test_each_player_drafts_and_picks_five_times_per_epoch(game: PlayedGame) -> None:
    """WHEEL-2, DRAFT-1/2, PICK-1: per epoch every player makes exactly 5 Draft and 5 Pick
    moves; the epoch's first player sets the wheel once (WHEEL-1, START-1/2); in the
    advanced game every player chooses a side once (SETUP-6), in the basic game nobody."""
    assert game.final.is_over
    counts: Counter[tuple[int, int, str]] = Counter()
    wheel_setters: dict[int, list[int]] = {e: [] for e in EPOCHS}
    for before, move, _after in game.steps():
        counts[(before.epoch, move.player, move.type)] += 1
        if isinstance(move, SetWheel):
            assert move.player == before.first_player
            wheel_setters[before.epoch].append(move.player)
    players = game.config.players
    for epoch in EPOCHS:
        for seat in range(players):
            assert counts[(epoch, seat, Draft.type)] == 5, (epoch, seat, counts[(epoch, seat, Draft.type)])
            assert counts[(epoch, seat, Pick.type)] == 5, (epoch, seat, counts[(epoch, seat, Pick.type)])
        assert len(wheel_setters[epoch]) == 1, (epoch, wheel_setters[epoch])
    sides = Counter(m.player for m in game.moves if isinstance(m, ChooseSide))
    assert sides == (Counter(range(players)) if game.config.advanced else Counter())


@suite_settings(dear=True)
@given(played_games(complete=True))
def test_every_game_ends_within_the_move_bound(game: PlayedGame) -> None:
    """EPOCH-1/3: every game ends after epoch III within ``move_bound`` moves (derived in
    :func:`properties.strategies.move_bound`: 106 n + 3, plus n advanced), and each kind of
    move stays within its own share of that bound."""
    bound = move_bound(game.config.players, game.config.advanced)
    assert game.final.is_over, f"not over after {len(game.moves)} moves (bound {bound})"
    assert len(game.moves) <= bound
    assert game.final.epoch == EPOCHS[-1]
    per_kind = Counter(m.type for m in game.moves)
    limits = kind_bounds(game.config.players, game.config.advanced)
    assert sum(limits.values()) == bound
    for kind, n in per_kind.items():
        assert n <= limits[kind], (kind, n, limits[kind])


@suite_settings(dear=True)
@given(played_games())
def test_sections_follow_the_order_of_play(game: PlayedGame) -> None:
    """EPOCH-1/2/3: positions visit setup, then per epoch wheel → draft → colony → statue
    (Phase A) and pick → colony → statue → feeding → medals (Phase B), never going back;
    the move counter ``ply`` counts the moves."""
    for i, (before, after) in enumerate(zip(game.states, game.states[1:], strict=False)):
        assert _rank(before) <= _rank(after), (i, before.epoch, before.section, after.epoch, after.section)
        assert after.epoch - before.epoch in (0, 1)
        assert after.ply == before.ply + 1
    assert game.states[0].ply == 0


def _segments(game: PlayedGame) -> list[list[tuple[GameState, Move]]]:
    """The moves of the game grouped by section occurrence (same epoch, phase and section)."""
    segments: list[list[tuple[GameState, Move]]] = []
    key: tuple[object, ...] | None = None
    for before, move, _after in game.steps():
        here = (before.epoch, before.phase, before.section)
        if here != key:
            segments.append([])
            key = here
        segments[-1].append((before, move))
    return segments


@suite_settings(dear=True)
@given(played_games())
def test_sequential_sections_go_round_in_turn_order(game: PlayedGame) -> None:
    """START-4, PICK-1, COLONY-1, STATUE-1, FEED-1, MEDAL-1: in a picking section the players
    pick in turn order from the first player, round after round; in a colony, statue,
    feeding or medal section each player has one turn, in turn order (a player never acts
    again after the next one), a Pass ends the player's turn, and a turn holds at most as
    many colonies or statues as the player may take per section (PURPLE-13)."""
    for segment in _segments(game):
        first, _ = segment[0]
        n = len(first.players)
        section, order = first.section, [(first.first_player + k) % n for k in range(n)]
        players = [move.player for _, move in segment]
        if section is Section.PICK:
            assert players == [order[i % len(order)] for i in range(len(players))], (first.ply, players)
            continue
        if section in (Section.SETUP, Section.WHEEL, Section.DRAFT):
            continue
        blocks: list[list[tuple[GameState, Move]]] = []
        for before, move in segment:
            if not blocks or blocks[-1][0][1].player != move.player:
                blocks.append([])
            blocks[-1].append((before, move))
        places = [order.index(block[0][1].player) for block in blocks]
        assert places == sorted(set(places)), (first.ply, section, players)
        for block in blocks:
            moves = [move for _, move in block]
            assert not any(isinstance(m, Pass) for m in moves[:-1]), (first.ply, section, moves)
            if section in (Section.COLONY, Section.STATUE):
                start = block[0][0]
                seat = moves[0].player
                allowed = takes_per_section(start.players[seat], start.catalogue)
                assert sum(not isinstance(m, Pass) for m in moves) <= allowed, (first.ply, section, moves)
