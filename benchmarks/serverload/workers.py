"""The client processes: the benchmark's clients spread over K processes, each with its own event
loop, so that one core's worth of clients is not what limits the servers.

The processes are forked once, before any server starts, and play every round
they are sent; each plays its share of the round's pairs and sends back its
:class:`~.clients.Tally`, which are added up here. Both seats of a match play in
one process, so that the other seat's delay is read on one clock. The processes
ignore Ctrl-C (the parent stops the run) and are ended with it (``SIGTERM``), however it ends.
"""

from __future__ import annotations

import multiprocessing
import os
import signal
import time
from multiprocessing.connection import Connection
from types import TracebackType

import uvloop

from .clients import Plan, Tally, play
from .lifetime import end_with_parent

#: Seconds from sending a round's plan until its play begins, so that every process starts at once.
_LEAD = 0.2


def _serve(link: Connection, parents: list[Connection], parent: int) -> None:
    """A client process: play each plan received, answer its tally (or None and the error, in one
    line). It closes its copies of the parent's ends of the links (``parents``), so that its own
    link tells it when the parent has ended."""
    for end in parents:
        end.close()
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    signal.signal(signal.SIGTERM, signal.SIG_DFL)  # not the parent's handler
    end_with_parent(parent)
    while True:
        try:
            plan: Plan = link.recv()
        except EOFError:  # the parent has ended
            return
        try:
            answer: tuple[Tally | None, str] = (uvloop.run(play(plan)), "")
        except Exception as error:  # told to the parent, which stops the run
            answer = (None, f"{type(error).__name__}: {error}")
        try:
            link.send(answer)
        except OSError:  # the parent has ended
            return


class ClientProcesses:
    """``count`` client processes, forked when entered, ended when left."""

    def __init__(self, count: int) -> None:
        self.count = count
        self._links: list[Connection] = []
        self._processes: list[multiprocessing.process.BaseProcess] = []

    def __enter__(self) -> ClientProcesses:
        context = multiprocessing.get_context("fork")
        for _ in range(self.count):
            mine, theirs = context.Pipe()
            process = context.Process(
                target=_serve, args=(theirs, [*self._links, mine], os.getpid()), daemon=True
            )
            process.start()
            theirs.close()
            self._links.append(mine)
            self._processes.append(process)
        return self

    def __exit__(
        self, kind: type[BaseException] | None, error: BaseException | None, trace: TracebackType | None
    ) -> None:
        for process in self._processes:
            process.terminate()
        for process in self._processes:
            process.join()
        for link in self._links:
            link.close()

    def play(self, ports: list[int], pairs: int, seconds: float, seed: int, split: bool) -> Tally:
        """One round of ``pairs`` pairs of clients on the servers at ``ports``, the pairs dealt to
        the processes in turn; what they all measured."""
        start = time.monotonic() + _LEAD
        for number, link in enumerate(self._links):
            mine = tuple(range(number, pairs, self.count))
            link.send(Plan(tuple(ports), mine, start, seconds, seed, split))
        total = Tally()
        for link in self._links:
            try:
                tally, failure = link.recv()
            except EOFError:
                tally, failure = None, "it ended"
            if tally is None:
                raise RuntimeError(f"a client process failed: {failure}")
            total.add(tally)
        return total
