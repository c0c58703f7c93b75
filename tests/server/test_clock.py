"""The clocks' arithmetic: banks, increments, pauses no server ran in, the first to run out."""

from __future__ import annotations

import pytest

from boardtable.server.clock import RETURN_BANK, Clock, Clocks, charged


def test_charged_time_leaves_out_the_pauses() -> None:
    assert charged(10, 20, ()) == 10
    assert charged(10, 20, [(12, 15)]) == 7
    assert charged(10, 20, [(0, 11), (19, 30)]) == 8
    assert charged(10, 20, [(0, 30)]) == 0
    assert charged(20, 10, ()) == 0


def test_only_the_running_seats_are_charged_and_a_move_earns_the_increment() -> None:
    clocks = Clocks.start(Clock(60, 5), 3, at=100)
    clocks.running = (0, 2)
    clocks.charge(110, ())
    assert clocks.banks == [50, 60, 50]
    clocks.moved(0)
    assert clocks.banks[0] == 55
    clocks.taken_back(0)
    assert clocks.banks[0] == 50
    assert clocks.left(115, ()) == [45, 60, 45]
    assert clocks.left(1000, ()) == [0, 60, 0]


def test_the_first_to_run_out_and_when_with_a_pause_since() -> None:
    clocks = Clocks.start(Clock(60, 0), 2, at=100)
    assert clocks.first_out(()) is None
    clocks.running = (0, 1)
    clocks.banks = [30, 20]
    assert clocks.first_out(()) == (1, 120)
    assert clocks.first_out([(105, 115)]) == (1, 130)


def test_a_returning_seat_gets_a_little_time_and_a_timeout_empties_the_bank() -> None:
    clocks = Clocks.start(Clock(600, 0), 2, at=0)
    clocks.timed_out(1)
    assert clocks.banks[1] == 0
    clocks.returned(1)
    assert clocks.banks[1] == RETURN_BANK
    clocks.banks[0] = 400
    clocks.returned(0)
    assert clocks.banks[0] == 400


@pytest.mark.parametrize("now", [100.0, 130.5])
def test_the_data_a_view_gives(now: float) -> None:
    clocks = Clocks.start(Clock(60, 2), 2, at=100)
    clocks.running = (1,)
    data = clocks.data(now, (), persons=(0, 1))
    assert data == {"bank": 60, "increment": 2, "left": [60, 60 - (now - 100)], "running": [1], "now": now}
