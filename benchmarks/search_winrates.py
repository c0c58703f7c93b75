"""Win rates of the search bot against the greedy bot, with Wilson 95% intervals.

    python benchmarks/search_winrates.py [--games G] [--workers W] [--seed S] [--out DIR]

Plays two arena tournaments with the bots' default settings: ``ismcts`` against
``greedy`` in 2-player games, and ``ismcts`` against three ``greedy`` bots in
4-player games (seats rotate, so the search bot plays every seat equally
often). Prints each summary as ``hadara arena`` does; ``--out DIR`` also writes
each tournament's games as JSON (``2p.json``, ``4p.json``). The figures in the
bots guide come from ``--games 100 --workers 1 --seed 1``. Expect several CPU
seconds per game: the search bot runs 32 rollouts per decision.
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from pathlib import Path

from boardtable.arena import Progress, Tournament, format_summary, results_json, run_tournament, summarize

# The search module is imported by the bot registry on first use; importing it here,
# before the worker processes start, makes every worker run the same code.
from hadara_rules.search import ISMCTSBot

TABLES = {"2p": (("ismcts", "greedy"), 2), "4p": (("ismcts", "greedy", "greedy", "greedy"), 4)}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=200, help="games per table size (default 200)")
    parser.add_argument("--workers", type=int, default=2, help="processes (default 2)")
    parser.add_argument("--seed", type=int, default=1, help="the tournaments' seed (default 1)")
    parser.add_argument("--out", type=Path, help="a directory for each tournament's JSON results")
    args = parser.parse_args()
    defaults = ISMCTSBot(random.Random(0))  # the settings the figures are for
    print(f"ismcts: {defaults.iterations} iterations, horizon {defaults.horizon}, scale {defaults.scale}")
    for name, (bots, players) in TABLES.items():
        tournament = Tournament(bots, players, args.games, args.seed)
        start = time.monotonic()
        results = run_tournament(tournament, args.workers, "local", None, Progress(args.games, sys.stderr))
        summaries = summarize(results)
        print(format_summary(tournament, summaries, time.monotonic() - start), flush=True)
        if args.out is not None:
            args.out.mkdir(parents=True, exist_ok=True)
            (args.out / f"{name}.json").write_text(
                results_json(tournament, summaries, results), encoding="utf-8"
            )


if __name__ == "__main__":
    main()
