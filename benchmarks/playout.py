"""Random-playout benchmark: how fast bots can simulate Hadara with this library.

    python benchmarks/playout.py [--seconds S] [--rounds R] [--quick] [--only GAME]

Everything is timed in CPU time (``time.process_time``), against python-chess's
random chess playouts run in the same process, so that the figures mean
something on any machine and a busy machine does not skew them.

- **Random playouts** (``legal_moves`` then ``apply_move(..., check=False)``,
  the loop a bot runs) for 2, 4 and 5 players in the basic and the advanced
  game: moves per CPU-second, games per CPU-second and the ratio to
  python-chess. In each of ``R`` rounds every setting gets a short slice, and
  python-chess a slice of the same length right after it; a round's ratio
  compares the two slices, and the report gives the median of the rounds with
  their range, per setting and overall. A machine whose speed drifts slows
  both sides of a slice alike, instead of only the side that ran at the time.
- **Cost per call** over every position of recorded games of all six settings:
  ``legal_moves``, ``apply_move`` unchecked and checked, a position's
  ``from_json`` and ``new_game``, each also as a multiple of one python-chess
  random move (its cost measured in the same rounds).
- **Reading with a catalogue of one's own**: ``from_json`` of a game record, a
  move and a position that name a catalogue loaded from a folder (a copy of the
  bundled one with one card changed), against the same documents naming the
  bundled catalogue.
- **Stone Age** beside Hadara: random playouts of 2, 3 and 4 players against
  python-chess in the same rounds (moves per CPU-second and the ratio), and
  ``legal_moves`` + ``apply_move(..., check=False)`` per move in microseconds.
- **Imperial Settlers** beside them: random playouts of 2, 3 and 4 players
  against python-chess in the same rounds, ``legal_moves`` and
  ``apply_move(..., check=False)`` per call over the positions of recorded
  games, and ``from_json`` of a position, in microseconds and in python-chess
  random moves.
- **Memory** kept per additional position when every position of a game is
  kept (positions share everything that did not change), and the size and
  cost of pickling a position.

``--only stone-age`` or ``--only imperial-settlers`` runs that game's part alone
(its playouts against python-chess and its costs per call), for a quick look at one
game; ``--seconds`` is then that part's share.

python-chess is in the ``dev`` extra (not a dependency of the package); without
it the ratios are left out.
"""

from __future__ import annotations

import argparse
import gc
import pickle
import random
import shutil
import statistics
import tempfile
import time
import tracemalloc
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import TypeVar

import imperial_settlers_rules as settlers
import stone_age_rules as stone_age
from hadara_rules import (
    Catalogue,
    GameConfig,
    GameRecord,
    GameState,
    Move,
    apply_move,
    from_json,
    legal_moves,
    load_catalogue,
    new_game,
    to_json,
)

T = TypeVar("T")

SETTINGS = [(2, False), (2, True), (4, False), (4, True), (5, False), (5, True)]

clock = time.process_time


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


def hadara_slice(players: int, advanced: bool, seconds: float, seed: int) -> tuple[int, int, float]:
    """Random games of one setting for about ``seconds`` of CPU time, seeds from ``seed`` on:
    moves, games and CPU seconds."""
    moves = games = 0
    start = clock()
    while (elapsed := clock() - start) < seconds:
        moves += playout(
            GameConfig(players=players, seed=seed + games, advanced=advanced), random.Random(games)
        )
        games += 1
    return moves, games, elapsed


def stone_age_playout(players: int, seed: int, rng: random.Random) -> int:
    """One random game of Stone Age to the end, as a bot plays it; the number of moves."""
    state = stone_age.new_game(stone_age.GameConfig(players=players, seed=seed))
    moves = 0
    while not state.is_over:
        options = stone_age.legal_moves(state, state.to_act[0])
        state = stone_age.apply_move(state, options[rng.randrange(len(options))], check=False)
        moves += 1
    return moves


def stone_age_slice(players: int, seconds: float, seed: int) -> tuple[int, int, float]:
    """Random Stone Age games for about ``seconds`` of CPU time: moves, games and CPU seconds."""
    moves = games = 0
    start = clock()
    while (elapsed := clock() - start) < seconds:
        moves += stone_age_playout(players, seed + games, random.Random(games))
        games += 1
    return moves, games, elapsed


def stone_age_report(seconds: float, rounds: int, chess_rng: random.Random) -> None:
    """Stone Age's random playouts against python-chess in the same rounds, and the cost of
    ``legal_moves`` + ``apply_move`` per move (see the module)."""
    settings = (2, 3, 4)
    piece = seconds / (rounds * len(settings))
    tally = {players: [0.0, 0.0, 0.0] for players in settings}
    ratios: dict[int, list[float]] = {players: [] for players in settings}
    for r in range(rounds):
        for players in settings:
            moves, games, took = stone_age_slice(players, piece, 100_000 * r + 1000 * players)
            for i, value in enumerate((moves, games, took)):
                tally[players][i] += value
            reference = chess_slice(piece, chess_rng)
            if reference is not None:
                ratios[players].append((moves / took) / (reference[0] / reference[1]))
    print("\nStone Age random playouts, CPU time (legal_moves then apply_move, unchecked)")
    print(f"{'players':>7} {'moves/s':>9} {'games/s':>8} {'moves/game':>10}  ratio to python-chess")
    for players, (made, finished, took) in tally.items():
        against = spread(ratios[players]) if ratios[players] else "-"
        print(f"{players:>7} {made / took:>9.0f} {finished / took:>8.1f} {made / finished:>10.0f}  {against}")
        print(f"{'':>7} legal_moves + apply_move per move: {took / made * 1e6:.1f} us")


def settlers_playout(
    players: int, seed: int, rng: random.Random
) -> list[tuple[settlers.GameState, settlers.Move]]:
    """One random game of Imperial Settlers to the end, as a bot plays it: each position with
    the move played there."""
    state = settlers.new_game(settlers.GameConfig(players=players, seed=seed))
    pairs: list[tuple[settlers.GameState, settlers.Move]] = []
    while not state.is_over:
        options = settlers.legal_moves(state)
        move = options[rng.randrange(len(options))]
        pairs.append((state, move))
        state = settlers.apply_move(state, move, check=False)
    return pairs


def settlers_slice(players: int, seconds: float, seed: int) -> tuple[int, int, float]:
    """Random Imperial Settlers games for about ``seconds`` of CPU time: moves, games and CPU
    seconds."""
    moves = games = 0
    start = clock()
    while (elapsed := clock() - start) < seconds:
        state = settlers.new_game(settlers.GameConfig(players=players, seed=seed + games))
        rng = random.Random(games)
        while not state.is_over:
            options = settlers.legal_moves(state)
            state = settlers.apply_move(state, options[rng.randrange(len(options))], check=False)
            moves += 1
        games += 1
    return moves, games, elapsed


def settlers_report(seconds: float, rounds: int, chess_rng: random.Random) -> None:
    """Imperial Settlers' random playouts against python-chess in the same rounds, and the cost
    of ``legal_moves``, ``apply_move`` and ``from_json`` of a position (see the module)."""
    settings = (2, 3, 4)
    piece = seconds / (rounds * len(settings))
    tally = {players: [0.0, 0.0, 0.0] for players in settings}
    ratios: dict[int | None, list[float]] = {players: [] for players in [*settings, None]}
    chess_costs: list[float] = []
    for r in range(rounds):
        mine, theirs = [0.0, 0.0], [0.0, 0.0]
        for players in settings:
            moves, games, took = settlers_slice(players, piece, 100_000 * r + 1000 * players)
            for i, value in enumerate((moves, games, took)):
                tally[players][i] += value
            mine[0] += moves
            mine[1] += took
            reference = chess_slice(piece, chess_rng)
            if reference is not None:
                theirs[0] += reference[0]
                theirs[1] += reference[1]
                ratios[players].append((moves / took) / (reference[0] / reference[1]))
        if theirs[0]:
            ratios[None].append((mine[0] / mine[1]) / (theirs[0] / theirs[1]))
            chess_costs.append(theirs[1] / theirs[0])
    print("\nImperial Settlers random playouts, CPU time (legal_moves then apply_move, unchecked)")
    print(f"{'players':>7} {'moves/s':>9} {'games/s':>8} {'moves/game':>10}  ratio to python-chess")
    for players in settings:
        made, finished, took = tally[players]
        against = spread(ratios[players]) if ratios[players] else "-"
        print(f"{players:>7} {made / took:>9.0f} {finished / took:>8.1f} {made / finished:>10.0f}  {against}")
    made = sum(t[0] for t in tally.values())
    took = sum(t[2] for t in tally.values())
    print(f"{'all':>7} {made / took:>9.0f} {'':>8} {'':>10}  {spread(ratios[None]) if ratios[None] else '-'}")

    pairs = [
        pair
        for seed, players in enumerate(settings * 2)
        for pair in settlers_playout(players, seed, random.Random(seed))
    ]
    states = [state for state, _ in pairs]
    documents = [settlers.to_json(state) for state in states[::4]]
    calls: dict[str, Callable[[], float]] = {
        "legal_moves(state)": lambda: cpu_per_call(states, settlers.legal_moves),
        "apply_move(state, move, check=False)": lambda: cpu_per_call(
            pairs,
            lambda p: settlers.apply_move(p[0], p[1], check=False),
        ),
        "apply_move(state, move)": lambda: cpu_per_call(
            pairs,
            lambda p: settlers.apply_move(p[0], p[1]),
        ),
        "from_json(text, GameState)": lambda: cpu_per_call(
            documents, lambda d: settlers.from_json(d, settlers.GameState)
        ),
    }
    costs: dict[str, list[float]] = {name: [] for name in calls}
    for _ in range(rounds):
        for name, measure in calls.items():
            costs[name].append(measure())
    chess_move = statistics.median(chess_costs) if chess_costs else None
    print(f"cost per call, CPU time, median of rounds, over {len(states)} positions of 2 to 4 players:")
    for name, values in costs.items():
        line = f"{name:>38}: {spread([v * 1e6 for v in values], ' us', 1)}"
        if chess_move is not None:
            line += f"  = {statistics.median(values) / chess_move:.2f} python-chess moves"
        print(line)
    print(
        f"{'legal moves per position':>38}: {statistics.mean(len(settlers.legal_moves(s)) for s in states):.1f}"
    )


def chess_slice(seconds: float, rng: random.Random) -> tuple[int, float] | None:
    """python-chess random playouts for about ``seconds`` of CPU time: moves and CPU seconds,
    or None when python-chess is not installed."""
    try:
        import chess
    except ImportError:
        return None
    moves = 0
    start = clock()
    while (elapsed := clock() - start) < seconds:
        board = chess.Board()
        while not board.is_game_over(claim_draw=False) and board.ply() < 400:
            options = list(board.legal_moves)
            board.push(options[rng.randrange(len(options))])
            moves += 1
    return moves, elapsed


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


def cpu_per_call(items: Sequence[T], call: Callable[[T], object]) -> float:
    """CPU seconds per call of ``call`` over ``items`` (one pass)."""
    start = clock()
    for item in items:
        call(item)
    return (clock() - start) / len(items)


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


def own_catalogue(folder: Path) -> Catalogue:
    """A catalogue of one's own: the bundled folder copied to ``folder``, one card changed."""
    from hadara_rules._resources import components_dir

    shutil.copytree(components_dir(), folder)
    cards = folder / "cards.yaml"
    printed = "{id: I-red-01, epoch: 1, color: red, cost: 1, points: 0,"
    cards.write_text(cards.read_text(encoding="utf-8").replace(printed, printed.replace("0,", "1,")))
    catalogue = load_catalogue(folder)
    assert catalogue != load_catalogue()
    return catalogue


def reading_costs(catalogue: Catalogue | None, seed: int, rounds: int) -> dict[str, list[float]]:
    """CPU seconds of ``from_json`` of a record, its moves and its positions naming ``catalogue``."""
    config = GameConfig(players=4, seed=seed, catalogue=catalogue)
    pairs = recorded(config, seed)
    record = to_json(GameRecord(config, tuple(move for _, move in pairs)))
    moves = [to_json(move) for _, move in pairs[::8]]
    positions = [to_json(state) for state, _ in pairs[::8]]
    costs: dict[str, list[float]] = {"a game record": [], "a move": [], "a position": []}
    for _ in range(rounds):
        costs["a game record"].append(
            cpu_per_call([record] * 5, lambda d: from_json(d, GameRecord, catalogue))
        )
        costs["a move"].append(cpu_per_call(moves, lambda d: from_json(d, Move, catalogue)))
        costs["a position"].append(cpu_per_call(positions, lambda d: from_json(d, GameState, catalogue)))
    return costs


def spread(values: Sequence[float], unit: str = "x", digits: int = 2) -> str:
    """``median (low to high)`` of ``values``."""
    return (
        f"{statistics.median(values):.{digits}f}{unit} "
        f"({min(values):.{digits}f}{unit} to {max(values):.{digits}f}{unit})"
    )


#: The parts ``--only`` runs alone.
PARTS: dict[str, Callable[[float, int, random.Random], None]] = {
    "stone-age": stone_age_report,
    "imperial-settlers": settlers_report,
}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument(
        "--seconds", type=float, default=30.0, help="CPU seconds of playouts per side (default 30)"
    )
    parser.add_argument("--rounds", type=int, default=7, help="rounds the two sides take in turn (default 7)")
    parser.add_argument("--quick", action="store_true", help="a few seconds only, for a smoke test")
    parser.add_argument(
        "--only", choices=sorted(PARTS), help="run only this game's part (playouts and costs per call)"
    )
    args = parser.parse_args()
    seconds = 3.0 if args.quick else args.seconds
    rounds = max(1, args.rounds)
    if args.only is not None:
        PARTS[args.only](seconds, rounds, random.Random(0))
        return
    load_catalogue()
    for _ in range(2):  # warm the caches
        playout(GameConfig(players=4, seed=999), random.Random(0))

    # ------------------------------------------------------------------ random playouts
    piece = seconds / (rounds * len(SETTINGS))
    chess_rng = random.Random(0)
    tally = {setting: [0.0, 0.0, 0.0] for setting in SETTINGS}
    ratios: dict[tuple[int, bool] | None, list[float]] = {setting: [] for setting in [*SETTINGS, None]}
    chess_move_cost: list[float] = []
    for r in range(rounds):
        round_hadara = [0.0, 0.0]
        round_chess = [0.0, 0.0]
        for players, advanced in SETTINGS:
            moves, games, took = hadara_slice(players, advanced, piece, 100_000 * r + 1000 * players)
            totals = tally[(players, advanced)]
            totals[0] += moves
            totals[1] += games
            totals[2] += took
            round_hadara[0] += moves
            round_hadara[1] += took
            reference = chess_slice(piece, chess_rng)
            if reference is not None:
                round_chess[0] += reference[0]
                round_chess[1] += reference[1]
                ratios[(players, advanced)].append((moves / took) / (reference[0] / reference[1]))
        if round_chess[0]:
            ratios[None].append((round_hadara[0] / round_hadara[1]) / (round_chess[0] / round_chess[1]))
            chess_move_cost.append(round_chess[1] / round_chess[0])

    print("random playouts, CPU time (ratio: moves per CPU-second against python-chess, median of rounds)")
    print(
        f"{'players':>7} {'game':>8} {'moves/s':>9} {'games/s':>8} {'moves/game':>10}  ratio to python-chess"
    )
    for (players, advanced), (made, finished, took) in tally.items():
        kind = "advanced" if advanced else "basic"
        against = spread(ratios[(players, advanced)]) if ratios[(players, advanced)] else "-"
        print(
            f"{players:>7} {kind:>8} {made / took:>9.0f} {finished / took:>8.1f} {made / finished:>10.0f}  {against}"
        )
    all_moves = sum(t[0] for t in tally.values())
    all_took = sum(t[2] for t in tally.values())
    against = spread(ratios[None]) if ratios[None] else "-"
    print(f"{'all':>7} {'':>8} {all_moves / all_took:>9.0f} {'':>8} {'':>10}  {against}")

    stone_age_report(seconds, rounds, chess_rng)
    settlers_report(seconds, rounds, chess_rng)

    # ------------------------------------------------------------------ cost per call
    pairs = [
        pair
        for seed, (players, advanced) in enumerate(SETTINGS * (1 if args.quick else 3))
        for pair in recorded(GameConfig(players=players, seed=seed, advanced=advanced), seed)
    ]
    states = [state for state, _move in pairs]
    documents = [to_json(state) for state in states[:: 4 if args.quick else 1]]
    configs = [GameConfig(players=p, seed=s, advanced=a) for s, (p, a) in enumerate(SETTINGS * 20)]
    calls: dict[str, Callable[[], float]] = {
        "legal_moves(state)": lambda: cpu_per_call(states, legal_moves),
        "apply_move(state, move, check=False)": lambda: cpu_per_call(
            pairs, lambda p: apply_move(p[0], p[1], check=False)
        ),
        "apply_move(state, move)": lambda: cpu_per_call(pairs, lambda p: apply_move(p[0], p[1])),
        "from_json(text, GameState)": lambda: cpu_per_call(documents, lambda d: from_json(d, GameState)),
        "new_game(config)": lambda: cpu_per_call(configs, new_game),
    }
    costs: dict[str, list[float]] = {name: [] for name in calls}
    reference_costs: list[float] = []
    for _ in range(3 if args.quick else rounds):
        for name, measure in calls.items():
            costs[name].append(measure())
        reference = chess_slice(0.2, chess_rng)
        if reference is not None:
            reference_costs.append(reference[1] / reference[0])
    chess_move = statistics.median(reference_costs + chess_move_cost) if reference_costs else None
    print(f"\ncost per call, CPU time, median of rounds, over {len(states)} positions of all six settings:")
    for name, values in costs.items():
        line = f"{name:>38}: {spread([v * 1e6 for v in values], ' us', 1)}"
        if chess_move is not None:
            line += f"  = {statistics.median(values) / chess_move:.2f} python-chess moves"
        print(line)
    checked, unchecked = costs["apply_move(state, move)"], costs["apply_move(state, move, check=False)"]
    ratio = [c / u for c, u in zip(checked, unchecked, strict=True)]
    print(f"{'checked / unchecked':>38}: {spread(ratio)}")
    if chess_move is not None:
        print(f"{'one python-chess random move':>38}: {chess_move * 1e6:.1f} us")

    # ------------------------------------------------------------------ a catalogue of one's own
    with tempfile.TemporaryDirectory() as scratch:
        own = own_catalogue(Path(scratch) / "components")
        times = 3 if args.quick else rounds
        bundled, custom = reading_costs(None, 7, times), reading_costs(own, 7, times)
    print("\nfrom_json with a catalogue of one's own (load_catalogue(folder)), CPU time, median of rounds:")
    for name in bundled:
        multiple = statistics.median(custom[name]) / statistics.median(bundled[name])
        print(
            f"{name:>38}: {spread([v * 1e6 for v in custom[name]], ' us', 1)}"
            f"  = {multiple:.2f}x the bundled catalogue's {statistics.median(bundled[name]) * 1e6:.1f} us"
        )

    # ------------------------------------------------------------------ memory
    memory = memory_per_state(GameConfig(players=4, seed=5, advanced=True), 5)
    print(
        f"\nmemory kept per additional position (every position of a 4-player game kept): {memory:.0f} bytes"
    )
    pickled = cpu_per_call(states[:500], lambda s: pickle.loads(pickle.dumps(s)))
    size = statistics.median(len(pickle.dumps(s)) for s in states)
    print(
        f"pickle round trip of a position (the catalogue travels by digest): {pickled * 1e6:.0f} us, {size:.0f} bytes"
    )
    if not ratios[None]:
        print("\npython-chess is not installed (pip install chess): no ratios")


if __name__ == "__main__":
    main()
