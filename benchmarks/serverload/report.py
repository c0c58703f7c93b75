"""The benchmark's figures: each round's, then their median and range over the rounds."""

from __future__ import annotations

import statistics
from pathlib import Path

from .clients import Tally


def quantile(values: list[float], q: float) -> float:
    """The value below which a share ``q`` of ``values`` lie (0 when there are none)."""
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))] if ordered else 0.0


def spread(values: list[float], unit: str, digits: int = 1) -> str:
    """The median and range of ``values``: ``median 1.4 ms (range 1.2–1.5)``."""
    return f"median {statistics.median(values):.{digits}f}{unit} (range {min(values):.{digits}f}–{max(values):.{digits}f})"


class Setup:
    """Server processes over ``dbs`` (one process each), of the benchmark's package or of
    ``build``, with each match's seats on two processes or on one (``split``), and what their
    rounds measured."""

    def __init__(self, name: str, dbs: list[str | None], split: bool, build: Path | None = None) -> None:
        self.name, self.dbs, self.split, self.build = name, dbs, split, build
        self.rates: list[float] = []
        self.figures: list[list[float]] = [[], [], [], []]  # move p50, p99; update p50, p99
        self.costs: list[float] = []
        self.clients: list[float] = []

    def record(self, number: int, tally: Tally, server_cpu: float) -> str:
        """Keep what round ``number`` measured (``server_cpu``: the seconds of CPU all the server
        processes used in it); its line."""
        if tally.acknowledged == 0:
            raise RuntimeError(f"{self.name}, round {number + 1}: no move was acknowledged")
        self.rates.append(tally.acknowledged / tally.elapsed)
        self.costs.append(1000 * server_cpu / tally.acknowledged)
        self.clients.append(1000 * tally.cpu / tally.acknowledged)
        figures = [1000 * quantile(v, q) for v in (tally.latencies, tally.delays) for q in (0.5, 0.99)]
        for kept, value in zip(self.figures, figures, strict=True):
            kept.append(value)
        return (
            f"{self.name}, round {number + 1}: {tally.acknowledged} moves in {tally.elapsed:.1f} s = "
            f"{self.rates[-1]:.0f} moves/s ({tally.stale} stale); move p50 {figures[0]:.1f} ms, p99 {figures[1]:.1f} ms; "
            f"update p50 {figures[2]:.1f} ms, p99 {figures[3]:.1f} ms; "
            f"server CPU {self.costs[-1]:.2f} ms per move, clients' CPU {self.clients[-1]:.2f} ms"
        )

    def _processes(self) -> str:
        count = len(self.dbs)
        return "its 1 server process" if count == 1 else f"all {count} server processes together"

    def summary(self) -> list[str]:
        """The median and range of each figure over the rounds."""
        p50s, p99s, d50s, d99s = self.figures
        return [
            f"{self.name}:",
            f"  acknowledged moves per second: {spread(self.rates, '', 0)}",
            f"  move latency p50: {spread(p50s, ' ms')}; p99: {spread(p99s, ' ms')}",
            f"  other seat's update delay p50: {spread(d50s, ' ms')}; p99: {spread(d99s, ' ms')}",
            f"  server CPU per acknowledged move, {self._processes()} (their requests and "
            f"messages included): {spread(self.costs, ' ms', 2)}, so about "
            f"{1000 / statistics.median(self.costs):.0f} moves/s per core",
            f"  the clients' CPU per acknowledged move (every client process): {spread(self.clients, ' ms', 2)}",
        ]
