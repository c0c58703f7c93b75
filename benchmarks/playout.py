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
from collections.abc import Callable, Hashable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Generic, Protocol, TypeVar

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


class Position(Protocol):
    @property
    def is_over(self) -> bool: ...


S = TypeVar("S", bound=Position)
K = TypeVar("K", bound=Hashable)


@dataclass(frozen=True)
class Rules(Generic[K, S, T]):
    """What a random playout calls of a game: a new game of a setting (its players, and any
    option the figures are given by) and a seed, the legal moves of the seat to act, and a
    move played unchecked."""

    new_game: Callable[[K, int], S]
    legal_moves: Callable[[S], Sequence[T]]
    apply_move: Callable[[S, T], S]


HADARA: Rules[tuple[int, bool], GameState, Move] = Rules(
    lambda setting, seed: new_game(GameConfig(players=setting[0], seed=seed, advanced=setting[1])),
    legal_moves,
    lambda state, move: apply_move(state, move, check=False),
)
STONE_AGE: Rules[int, stone_age.GameState, stone_age.Move] = Rules(
    lambda players, seed: stone_age.new_game(stone_age.GameConfig(players=players, seed=seed)),
    stone_age.legal_moves,
    lambda state, move: stone_age.apply_move(state, move, check=False),
)
SETTLERS: Rules[int, settlers.GameState, settlers.Move] = Rules(
    lambda players, seed: settlers.new_game(settlers.GameConfig(players=players, seed=seed)),
    settlers.legal_moves,
    lambda state, move: settlers.apply_move(state, move, check=False),
)


def playout(rules: Rules[K, S, T], setting: K, seed: int, rng: random.Random) -> int:
    """One random game to the end, as a bot plays it: the seat to act chooses among its legal
    moves. Returns the number of moves."""
    state = rules.new_game(setting, seed)
    moves = 0
    while not state.is_over:
        options = rules.legal_moves(state)
        state = rules.apply_move(state, options[rng.randrange(len(options))])
        moves += 1
    return moves


def recorded(rules: Rules[K, S, T], state: S, seed: int) -> list[tuple[S, T]]:
    """Every position of one random game from ``state`` with the move played there."""
    rng = random.Random(seed)
    pairs: list[tuple[S, T]] = []
    while not state.is_over:
        options = rules.legal_moves(state)
        move = options[rng.randrange(len(options))]
        pairs.append((state, move))
        state = rules.apply_move(state, move)
    return pairs


def game_slice(rules: Rules[K, S, T], setting: K, seconds: float, seed: int) -> tuple[int, int, float]:
    """Random games of one setting for about ``seconds`` of CPU time, seeds from ``seed`` on:
    moves, games and CPU seconds."""
    moves = games = 0
    start = clock()
    while (elapsed := clock() - start) < seconds:
        moves += playout(rules, setting, seed + games, random.Random(games))
        games += 1
    return moves, games, elapsed


@dataclass
class Playouts(Generic[K]):
    """Random playouts of each setting against python-chess's in the same rounds: per setting
    the moves, games and CPU seconds, the ratios of the rounds (None: all settings of a
    round together), and what a python-chess move cost in each round."""

    tally: dict[K, list[float]]
    ratios: dict[K | None, list[float]]
    chess_move: list[float]


def against_chess(
    rules: Rules[K, S, T], settings: Sequence[K], seconds: float, rounds: int, chess_rng: random.Random
) -> Playouts[K]:
    """In each of ``rounds`` rounds, every setting gets a slice of the CPU ``seconds`` and
    python-chess a slice of the same length right after it (see the module)."""
    piece = seconds / (rounds * len(settings))
    found = Playouts[K]({s: [0.0, 0.0, 0.0] for s in settings}, {s: [] for s in [*settings, None]}, [])
    for r in range(rounds):
        mine, theirs = [0.0, 0.0], [0.0, 0.0]
        for number, setting in enumerate(settings):
            moves, games, took = game_slice(rules, setting, piece, 100_000 * r + 1000 * number)
            for i, value in enumerate((moves, games, took)):
                found.tally[setting][i] += value
            mine[0] += moves
            mine[1] += took
            reference = chess_slice(piece, chess_rng)
            if reference is not None:
                theirs[0] += reference[0]
                theirs[1] += reference[1]
                found.ratios[setting].append((moves / took) / (reference[0] / reference[1]))
        if theirs[0]:
            found.ratios[None].append((mine[0] / mine[1]) / (theirs[0] / theirs[1]))
            found.chess_move.append(theirs[1] / theirs[0])
    return found


def print_playouts(title: str, found: Playouts[K], named: Callable[[K], str] = str) -> None:
    """The playouts' table: a line per setting (``named``), then all of them."""
    print(f"\n{title} random playouts, CPU time (legal_moves then apply_move, unchecked; ratio: moves")
    print("per CPU-second against python-chess, median of rounds and range)")
    print(
        f"{'setting':>11} {'moves/s':>9} {'games/s':>8} {'moves/game':>10} {'us/move':>8}  ratio to python-chess"
    )
    for setting, (made, finished, took) in found.tally.items():
        against = spread(found.ratios[setting]) if found.ratios[setting] else "-"
        print(
            f"{named(setting):>11} {made / took:>9.0f} {finished / took:>8.1f} {made / finished:>10.0f}"
            f" {took / made * 1e6:>8.1f}  {against}"
        )
    made = sum(t[0] for t in found.tally.values())
    took = sum(t[2] for t in found.tally.values())
    against = spread(found.ratios[None]) if found.ratios[None] else "-"
    print(f"{'all':>11} {made / took:>9.0f} {'':>8} {'':>10} {took / made * 1e6:>8.1f}  {against}")


def stone_age_report(seconds: float, rounds: int, chess_rng: random.Random) -> None:
    """Stone Age's random playouts against python-chess in the same rounds (see the module)."""
    print_playouts("Stone Age", against_chess(STONE_AGE, (2, 3, 4), seconds, rounds, chess_rng), _players)


def settlers_report(seconds: float, rounds: int, chess_rng: random.Random) -> None:
    """Imperial Settlers' random playouts against python-chess in the same rounds, and the cost
    of ``legal_moves``, ``apply_move`` and ``from_json`` of a position (see the module)."""
    settings = (2, 3, 4)
    found = against_chess(SETTLERS, settings, seconds, rounds, chess_rng)
    print_playouts("Imperial Settlers", found, _players)
    pairs = [
        pair
        for seed, players in enumerate(settings * 2)
        for pair in recorded(SETTLERS, SETTLERS.new_game(players, seed), seed)
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
    chess_move = statistics.median(found.chess_move) if found.chess_move else None
    print(f"cost per call, CPU time, median of rounds, over {len(states)} positions of 2 to 4 players:")
    for name, values in costs.items():
        line = f"{name:>38}: {spread([v * 1e6 for v in values], ' us', 1)}"
        if chess_move is not None:
            line += f"  = {statistics.median(values) / chess_move:.2f} python-chess moves"
        print(line)
    print(
        f"{'legal moves per position':>38}: {statistics.mean(len(settlers.legal_moves(s)) for s in states):.1f}"
    )


def _players(players: int) -> str:
    return f"{players} players"


def _hadara(setting: tuple[int, bool]) -> str:
    return f"{setting[0]} {'advanced' if setting[1] else 'basic'}"


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
    pairs = recorded(HADARA, new_game(config), seed)
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
        playout(HADARA, (4, False), 999, random.Random(0))

    # ------------------------------------------------------------------ random playouts
    chess_rng = random.Random(0)
    found = against_chess(HADARA, SETTINGS, seconds, rounds, chess_rng)
    print_playouts("Hadara", found, _hadara)
    chess_move_cost = found.chess_move

    stone_age_report(seconds, rounds, chess_rng)
    settlers_report(seconds, rounds, chess_rng)

    # ------------------------------------------------------------------ cost per call
    pairs = [
        pair
        for seed, (players, advanced) in enumerate(SETTINGS * (1 if args.quick else 3))
        for pair in recorded(
            HADARA, new_game(GameConfig(players=players, seed=seed, advanced=advanced)), seed
        )
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
    if not found.ratios[None]:
        print("\npython-chess is not installed (pip install chess): no ratios")


if __name__ == "__main__":
    main()
