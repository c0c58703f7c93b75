"""The WebSocket sender alone: coalesced messages, and a client too slow to take one is closed."""

from __future__ import annotations

import asyncio
import json
from typing import Any, cast

import pytest
from starlette.websockets import WebSocket

from hadara_rules import GameConfig, legal_moves, new_game
from hadara_rules.events import apply_move_with_events
from hadara_rules.server import app
from hadara_rules.server.hub import Hub
from hadara_rules.server.matches import Match
from hadara_rules.server.store import SeatEntry


class _Socket:
    """A WebSocket whose client takes each message after ``delay`` seconds."""

    def __init__(self, delay: float) -> None:
        self.delay = delay
        self.sent: list[dict[str, Any]] = []
        self.closed: tuple[int, str] | None = None

    async def send_text(self, message: str) -> None:
        await asyncio.sleep(self.delay)
        self.sent.append(json.loads(message))

    async def close(self, code: int, reason: str) -> None:
        self.closed = (code, reason)


def _match(moves: int) -> Match:
    config = GameConfig(players=2, seed=2)
    match = Match("m", config, (SeatEntry(0, "human", "A"), SeatEntry(1, "human", "B")), new_game(config))
    for _ in range(moves):
        state = match.state
        move = legal_moves(state)[0]
        match.advance(move, *apply_move_with_events(state, move))
    return match


async def _push(socket: _Socket, match: Match, sent: int, moved: asyncio.Event) -> None:
    closed: asyncio.Future[None] = asyncio.get_running_loop().create_future()
    task = asyncio.ensure_future(app._Api._push(cast(WebSocket, socket), match, 0, sent, moved, closed))
    await asyncio.sleep(0.05)
    closed.set_result(None)  # the client goes away
    moved.set()
    await asyncio.wait_for(task, 1)


def test_the_moves_made_meanwhile_come_in_one_message() -> None:
    socket = _Socket(delay=0)
    asyncio.run(_push(socket, _match(3), 0, asyncio.Event()))
    assert [m["ply"] for m in socket.sent] == [3]
    kinds = [e["type"] for e in socket.sent[0]["events"]]
    assert kinds[0] == "wheel_set" and kinds.count("draft_chosen") == 2


def test_a_client_too_slow_to_take_a_message_is_closed(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(app, "SEND_SECONDS", 0.01)
    socket = _Socket(delay=10)
    asyncio.run(_push(socket, _match(1), 0, asyncio.Event()))
    assert socket.sent == [] and socket.closed is not None and socket.closed[0] == 4408


def test_a_client_up_to_date_is_sent_nothing_until_the_match_moves() -> None:
    socket = _Socket(delay=0)
    asyncio.run(_push(socket, _match(2), 2, asyncio.Event()))
    assert socket.sent == []


def test_the_hub_wakes_a_match_s_websockets_once_per_ply() -> None:
    """Told twice of one ply (by the store's commit, then by the notifier), the hub wakes the
    senders once; a later ply wakes them again; a match nobody follows wakes nothing."""
    hub = Hub()
    hub.moved("m", 3)  # nobody follows m yet
    with hub.subscribe("m") as subscription:
        hub.moved("m", 4)
        assert subscription.moved.is_set()
        subscription.moved.clear()
        hub.moved("m", 4)
        hub.moved("m", 2)
        assert not subscription.moved.is_set()
        hub.moved("m", 5)
        assert subscription.moved.is_set()
    with hub.subscribe("m") as again:  # followed anew: its plies are forgotten with its last follower
        hub.moved("m", 5)
        assert again.moved.is_set()
