"""Random-playout benchmark: how fast bots can simulate Hadara with this library.

    python benchmarks/playout.py [--seconds S] [--rounds R] [--quick]

Reports, for 2, 4 and 5 players in the basic and the advanced game: moves per
second and games per second of random playouts (``legal_moves`` then
``apply_move(..., check=False)``, the loop a bot runs); the cost per call of
``legal_moves`` and of ``apply_move`` checked and unchecked, measured over the
positions of recorded games; and the memory kept per additional position when
every position of a game is kept (positions share everything that did not
change). It runs the same random-playout loop on python-chess, when installed
(it is in the ``dev`` extra, not a dependency of the package), and prints the
ratio, so that the figures mean something on any machine.

The two loops take turns in ``R`` rounds (each side gets ``S / R`` seconds per
round), and the ratio is the median of the rounds' ratios: a machine whose
speed drifts during the run (a shared or throttled CPU) slows both sides of a
round alike, instead of only the side that happened to run at the time.
"""

from __future__ import annotations

import argparse
import gc
import pickle
import random
import statistics
import time
import tracemalloc
from collections.abc import Callable

from hadara_rules import (
    GameConfig,
    GameState,
    Move,
    apply_move,
    legal_moves,
    load_catalogue,
    new_game,
)

SETTINGS = [(2, False), (2, True), (4, False), (4, True), (5, False), (5, True)]


def playout(config: GameConfig, rng: random.Random) -> int:
    """One random game to the end, as a bot plays it: the first player to act chooses
    among their legal moves. Returns the number of moves."""
    state = new_game(config)
    moves = 0
    while not state.is_over:
        options = legal_moves(state, state.to_act[0])
        state = apply_move(state, options[rng.randrange(len(options))], check=False)
        moves += 1
    return moves


def recorded(config: GameConfig, seed: int) -> list[tuple[GameState, Move]]:
    """Every position of one random game with the move played there."""
    rng = random.Random(seed)
    state, pairs = new_game(config), []
    while not state.is_over:
        options = legal_moves(state)
        move = options[rng.randrange(len(options))]
        pairs.append((state, move))
        state = apply_move(state, move, check=False)
    return pairs


def per_call(pairs: list[tuple[GameState, Move]], call: Callable[[GameState, Move], object]) -> float:
    """Mean seconds per call of ``call`` over ``pairs`` (best of 3 rounds)."""
    best = float("inf")
    for _ in range(3):
        start = time.perf_counter()
        for state, move in pairs:
            call(state, move)
        best = min(best, time.perf_counter() - start)
    return best / len(pairs)


def memory_per_state(config: GameConfig, seed: int) -> float:
    """Bytes kept per additional position when every position of a game is kept."""
    rng = random.Random(seed)
    new_game(config)  # the catalogue is loaded once and shared: not part of a position
    gc.collect()
    tracemalloc.start()
    base = tracemalloc.get_traced_memory()[0]
    state = new_game(config)
    kept = [state]
    while not state.is_over:
        options = legal_moves(state)
        state = apply_move(state, options[rng.randrange(len(options))], check=False)
        kept.append(state)
    first = kept[0]
    del options
    gc.collect()
    total = tracemalloc.get_traced_memory()[0] - base
    tracemalloc.stop()
    assert first is kept[0]
    return total / len(kept)


def chess_playouts(seconds: float, seed: int = 0) -> tuple[int, float] | None:
    """Moves and seconds of python-chess random playouts for about ``seconds``, or None when
    python-chess is not installed."""
    try:
        import chess
    except ImportError:
        return None
    rng = random.Random(seed)
    moves, start = 0, time.perf_counter()
    while time.perf_counter() - start < seconds:
        board = chess.Board()
        while not board.is_game_over(claim_draw=False) and board.ply() < 400:
            options = list(board.legal_moves)
            board.push(options[rng.randrange(len(options))])
            moves += 1
    return moves, time.perf_counter() - start


def hadara_playouts(
    seconds: float, first_seed: int, tally: dict[tuple[int, bool], list[float]]
) -> tuple[int, float]:
    """Random games for about ``seconds``, taking the settings in turn from ``first_seed`` on.

    Adds moves, games and seconds per setting to ``tally``; returns all moves and seconds.
    """
    moves = elapsed = 0.0
    seed = first_seed
    while elapsed < seconds:
        for players, advanced in SETTINGS:
            start = time.perf_counter()
            made = playout(GameConfig(players=players, seed=seed, advanced=advanced), random.Random(seed))
            took = time.perf_counter() - start
            totals = tally[(players, advanced)]
            totals[0] += made
            totals[1] += 1
            totals[2] += took
            moves += made
            elapsed += took
        seed += 1
    return int(moves), elapsed


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument(
        "--seconds", type=float, default=20.0, help="seconds of playouts per side (default 20)"
    )
    parser.add_argument("--rounds", type=int, default=5, help="rounds the two sides take in turn (default 5)")
    parser.add_argument("--quick", action="store_true", help="a few seconds only, for a smoke test")
    args = parser.parse_args()
    seconds = 2.0 if args.quick else args.seconds
    rounds = max(1, args.rounds)
    load_catalogue()
    for _ in range(2):  # warm the caches
        playout(GameConfig(players=4, seed=999), random.Random(0))

    tally: dict[tuple[int, bool], list[float]] = {setting: [0.0, 0.0, 0.0] for setting in SETTINGS}
    hadara_total = [0.0, 0.0]
    chess_total = [0.0, 0.0]
    ratios = []
    for r in range(rounds):
        moves, elapsed = hadara_playouts(seconds / rounds, 1000 * r, tally)
        hadara_total[0] += moves
        hadara_total[1] += elapsed
        reference = chess_playouts(seconds / rounds, seed=r)
        if reference is not None:
            chess_total[0] += reference[0]
            chess_total[1] += reference[1]
            ratios.append((moves / elapsed) / (reference[0] / reference[1]))

    print(f"{'players':>7} {'game':>8} {'moves/s':>9} {'games/s':>8} {'moves/game':>10}")
    for (players, advanced), (made, games, took) in tally.items():
        kind = "advanced" if advanced else "basic"
        print(f"{players:>7} {kind:>8} {made / took:>9.0f} {games / took:>8.1f} {made / games:>10.0f}")
    print(f"{'all':>7} {'':>8} {hadara_total[0] / hadara_total[1]:>9.0f}")

    pairs = [
        p
        for seed in range(3 if args.quick else 12)
        for p in recorded(GameConfig(players=4, seed=seed, advanced=seed % 2 == 1), seed)
    ]
    legal = per_call(pairs, lambda s, m: legal_moves(s))
    unchecked = per_call(pairs, lambda s, m: apply_move(s, m, check=False))
    checked = per_call(pairs, lambda s, m: apply_move(s, m))
    print(
        f"\nper call over {len(pairs)} positions (4 players): legal_moves {legal * 1e6:.1f} us, "
        f"apply_move unchecked {unchecked * 1e6:.1f} us, checked {checked * 1e6:.1f} us "
        f"(checked/unchecked {checked / unchecked:.2f}x)"
    )

    memory = memory_per_state(GameConfig(players=4, seed=5, advanced=True), 5)
    print(f"memory kept per additional position (every position of a 4-player game kept): {memory:.0f} bytes")
    pickled = per_call(pairs, lambda s, m: pickle.loads(pickle.dumps(s)))
    size = statistics.median(len(pickle.dumps(s)) for s, _m in pairs)
    print(
        f"pickle round trip of a position (the catalogue travels by digest): {pickled * 1e6:.0f} us, {size:.0f} bytes"
    )

    if not ratios:
        print("\npython-chess is not installed (pip install chess) - no reference ratio")
    else:
        print(
            f"\npython-chess random playouts: {chess_total[0] / chess_total[1]:.0f} moves/s; "
            f"hadara-rules / python-chess = {statistics.median(ratios):.2f}x "
            f"(median of {len(ratios)} rounds; {min(ratios):.2f}x to {max(ratios):.2f}x)"
        )


if __name__ == "__main__":
    main()
