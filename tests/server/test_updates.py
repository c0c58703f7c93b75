"""The WebSocket sender alone: coalesced messages, and a client too slow to take one is closed."""

from __future__ import annotations

import asyncio
import json
from typing import Any, cast

import pytest
from starlette.websockets import WebSocket

from boardtable.server import updates
from boardtable.server.entries import Played
from boardtable.server.hub import Hub
from boardtable.server.match import Match
from boardtable.server.present import Presenter
from boardtable.server.settings import Settings
from boardtable.server.store import SeatEntry
from hadara_rules import GameConfig, legal_moves
from hadara_rules.game import HADARA


class _Socket:
    """A WebSocket whose client takes each message after ``delay`` seconds, and goes away when told."""

    def __init__(self, delay: float) -> None:
        self.delay = delay
        self.sent: list[dict[str, Any]] = []
        self.closed: tuple[int, str] | None = None
        self.gone = asyncio.Event()

    async def send_text(self, message: str) -> None:
        await asyncio.sleep(self.delay)
        self.sent.append(json.loads(message))

    async def receive(self) -> dict[str, object]:
        await self.gone.wait()
        return {"type": "websocket.disconnect", "code": 1000}

    async def close(self, code: int, reason: str) -> None:
        self.closed = (code, reason)


def _match(moves: int) -> Match:
    config = GameConfig(players=2, seed=2)
    seats = (SeatEntry(0, "human", "A", "hash"), SeatEntry(1, "human", "B", "hash"))
    match = Match("m", HADARA, config, Settings(), seats, HADARA.new(config))
    for _ in range(moves):
        move = legal_moves(match.state)[0]
        match.apply(Played(move, *HADARA.play(match.state, move)), 0.0)
    return match


async def _no_rematch() -> None:
    return None


def _send(delay: float, match: Match, since: int) -> _Socket:
    """What a client of seat 0 is sent from ``since`` on, until it goes away after 50 ms."""

    async def run() -> _Socket:
        socket = _Socket(delay)
        sending = asyncio.ensure_future(
            updates.send_updates(cast(WebSocket, socket), Hub(), Presenter(), match, 0, since, _no_rematch)
        )
        await asyncio.sleep(0.05)
        socket.gone.set()
        await asyncio.wait_for(sending, 1)
        return socket

    return asyncio.run(run())


def test_the_moves_made_meanwhile_come_in_one_message() -> None:
    socket = _send(0, _match(3), 0)
    assert [(m["seq"], m["ply"]) for m in socket.sent] == [(3, 3)]
    events = socket.sent[0]["events"]
    assert events[0]["type"] == "wheel_set" and [e["type"] for e in events].count("draft_chosen") == 2
    assert [e["seq"] for e in events] == sorted(e["seq"] for e in events) and events[-1]["seq"] == 2


def test_a_client_too_slow_to_take_a_message_is_closed(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(updates, "SEND_SECONDS", 0.01)
    socket = _send(10, _match(1), 0)
    assert socket.sent == [] and socket.closed is not None and socket.closed[0] == 4408


def test_a_client_up_to_date_is_sent_one_first_message_and_nothing_until_the_match_moves() -> None:
    socket = _send(0, _match(2), 2)
    assert [(m["seq"], m["events"]) for m in socket.sent] == [(2, [])]


def test_the_hub_wakes_the_websockets_of_the_match_that_moved_only() -> None:
    hub = Hub()
    moved, other = _match(1), Match("n", HADARA, GameConfig(players=2, seed=3), Settings(), (), None)
    hub.moved(moved)  # nobody follows it yet: nothing to wake
    with hub.subscribe("m") as subscription:
        hub.moved(other)
        assert not subscription.moved.is_set()
        hub.moved(moved)
        assert subscription.moved.is_set()
