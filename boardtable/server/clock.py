"""Chess clocks for a match's seats (Fischer): a bank each, running only while its seat is to act.

A match made with a clock gives each person's seat ``bank`` seconds (a bot's
seat has no clock). A seat's clock runs while that seat is to act and a person
plays it (in a simultaneous round every
such seat runs its own); ``increment`` seconds are added after each of its moves
(and taken off again when the move is taken back). When a bank runs out, the
seat is away and the stand-in bot plays it (:mod:`~boardtable.server.driver`
enforces the deadline; no client is trusted with it).

Clocks are never stored as such: they are worked out from the match's entries
and the time each was stored, so a match loaded anywhere has the same clocks.
The time no server was running is not charged: the store records those
pauses (from the last sign of life of any server to the next start), and
:func:`charged` leaves them out.
"""

from __future__ import annotations

from collections.abc import Collection, Iterable, Sequence

from attrs import define, frozen

__all__ = ["MOST_BANK", "MOST_INCREMENT", "RETURN_BANK", "Clock", "Clocks", "charged"]

#: The largest bank a match may give, in seconds (a day).
MOST_BANK = 86_400.0
#: The largest increment, in seconds (an hour).
MOST_INCREMENT = 3_600.0
#: The least a seat has when its person returns (a seat that ran out would be out at once).
RETURN_BANK = 30.0

#: An interval of time no server ran: (start, end), in seconds since the epoch.
Pause = tuple[float, float]


@frozen
class Clock:
    """A match's time control: each seat's ``bank`` and the ``increment`` per move, in seconds."""

    bank: float
    increment: float

    def data(self) -> dict[str, float]:
        """As JSON data."""
        return {"bank": self.bank, "increment": self.increment}


def charged(start: float, end: float, pauses: Iterable[Pause]) -> float:
    """The seconds from ``start`` to ``end`` during which a server ran (``pauses`` left out)."""
    total = max(end - start, 0.0)
    for low, high in pauses:
        total -= max(min(end, high) - max(start, low), 0.0)
    return max(total, 0.0)


@define
class Clocks:
    """The seats' banks at ``since``, and whose clocks run from then on."""

    clock: Clock
    #: Each seat's seconds left at ``since``.
    banks: list[float]
    #: When the banks were last worked out (the time of the match's last entry).
    since: float
    #: The seats whose clocks run from ``since`` on.
    running: tuple[int, ...] = ()

    @classmethod
    def start(cls, clock: Clock, seats: int, at: float) -> Clocks:
        """Every seat with a full bank at ``at`` (none running yet)."""
        return cls(clock, [clock.bank] * seats, at)

    def charge(self, at: float, pauses: Sequence[Pause]) -> None:
        """Take the time from ``since`` to ``at`` off the running seats' banks."""
        spent = charged(self.since, at, pauses)
        for seat in self.running:
            self.banks[seat] -= spent
        self.since = max(self.since, at)

    def moved(self, seat: int) -> None:
        """``seat`` made a move: its increment."""
        self.banks[seat] += self.clock.increment

    def taken_back(self, seat: int) -> None:
        """``seat`` took back a move: the increment it got for it is gone."""
        self.banks[seat] -= self.clock.increment

    def timed_out(self, seat: int) -> None:
        """``seat`` ran out of time."""
        self.banks[seat] = 0.0

    def returned(self, seat: int) -> None:
        """``seat``'s person came back: at least :data:`RETURN_BANK` seconds, whatever the bank
        (a person who returns to a seat that ran out must have the time to move)."""
        self.banks[seat] = max(self.banks[seat], RETURN_BANK)

    def left(self, now: float, pauses: Sequence[Pause]) -> list[float]:
        """Each seat's seconds left at ``now`` (never below zero)."""
        spent = charged(self.since, now, pauses)
        return [
            max(bank - spent, 0.0) if seat in self.running else max(bank, 0.0)
            for seat, bank in enumerate(self.banks)
        ]

    def first_out(self, pauses: Sequence[Pause]) -> tuple[int, float] | None:
        """The running seat whose bank runs out first, and when (ignoring pauses yet to come)."""
        if not self.running:
            return None
        seat = min(self.running, key=lambda s: self.banks[s])
        return seat, self.since + max(self.banks[seat], 0.0) + _paused_since(self.since, pauses)

    def data(self, now: float, pauses: Sequence[Pause], persons: Collection[int]) -> dict[str, object]:
        """The clocks as a view gives them: the time control, each seat's time left and whose
        clocks run at ``now`` (the server's time, in seconds since the epoch). Only the
        ``persons``' seats have a clock: a bot's time left is None."""
        return {
            **self.clock.data(),
            "left": [
                round(left, 3) if seat in persons else None
                for seat, left in enumerate(self.left(now, pauses))
            ],
            "running": list(self.running),
            "now": round(now, 3),
        }


def _paused_since(since: float, pauses: Sequence[Pause]) -> float:
    """The seconds of pauses after ``since`` (a deadline moves on by them)."""
    return sum(max(high - max(low, since), 0.0) for low, high in pauses if high > since)
