"""Two ``hadara serve`` processes on one PostgreSQL database: any process serves any match.

A match's seats play on different processes; a move posted to one is pushed to the
WebSockets of the other; after ``kill -9`` of one process in the middle of the
games its clients go on with the other, and nothing acknowledged is lost.
"""

from __future__ import annotations

import contextlib
import json
import random
import threading
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest
from websockets.sync.client import connect

from hadara_rules import GameRecord, from_json, parse_move, replay
from hadara_rules.cli import main

from .serving import ServerProcess, bearer

psycopg = pytest.importorskip("psycopg", reason="psycopg is not installed (the postgres extra)")


@pytest.fixture
def servers(postgres_url: str, tmp_path: Path) -> Iterator[list[ServerProcess]]:
    """Two server processes on one fresh database."""
    with contextlib.ExitStack() as stack:
        started = []
        for name in ("a", "b"):
            server = ServerProcess(postgres_url, tmp_path / f"server-{name}.log")
            stack.callback(server.stop)
            started.append(server)
        yield started


def _create(base: str, seats: list[str], seed: int) -> tuple[str, list[str | None]]:
    answer = httpx.post(f"{base}/api/matches", json={"players": len(seats), "seats": seats, "seed": seed})
    assert answer.status_code == 201, answer.text
    body = answer.json()
    return body["match"], [seat.get("token") for seat in body["seats"]]


class _Seats(threading.Thread):
    """Plays the human seats of a match with random legal moves, seat N on the process ``N % 2``
    while it answers, on another once it does not; keeps every acknowledged move."""

    def __init__(
        self, bases: list[str], match: str, tokens: list[str | None], seed: int, moves: int = 10_000
    ) -> None:
        super().__init__(daemon=True)
        self.bases, self.match, self.moves = list(bases), match, moves
        self.clients = {base: httpx.Client(base_url=base, timeout=10) for base in bases}
        self.humans = [(seat, t) for seat, t in enumerate(tokens) if t is not None]
        self.rng = random.Random(seed)
        self.acknowledged: list[tuple[int, str]] = []  # (ply, notation) of each 200
        self.failure: str | None = None
        self.deadline = time.monotonic() + 60

    def _ask(self, seat: int, method: str, path: str, **kwargs: Any) -> httpx.Response:
        """The request to the seat's process; to another one while it does not answer."""
        while True:
            base = self.bases[seat % len(self.bases)]
            try:
                return self.clients[base].request(method, f"/api/matches/{self.match}{path}", **kwargs)
            except httpx.TransportError:
                if len(self.bases) == 1 or time.monotonic() > self.deadline:
                    raise
                self.bases.remove(base)  # that process is gone: reconnect to another

    def run(self) -> None:
        try:
            while time.monotonic() < self.deadline and len(self.acknowledged) < self.moves:
                if self._ask(0, "GET", "").json()["over"]:
                    return
                for seat, seat_token in self.humans:
                    view = self._ask(seat, "GET", "/view", headers=bearer(seat_token)).json()
                    if not view["legal"]:
                        continue
                    notation = self.rng.choice(view["legal"])["notation"]
                    body = {"seq": view["ply"], "move": notation}
                    answer = self._ask(seat, "POST", "/moves", headers=bearer(seat_token), json=body)
                    if answer.status_code == 200:
                        self.acknowledged.append((view["ply"], notation))
                    elif answer.status_code != 409:
                        self.failure = answer.text
                        return
            if len(self.acknowledged) < self.moves:
                self.failure = "the match did not end in time"
        except httpx.TransportError as exc:
            self.failure = f"no process answers: {exc}"
        finally:
            for client in self.clients.values():
                client.close()


def _record(base: str, match: str) -> GameRecord:
    return from_json(httpx.get(f"{base}/api/matches/{match}/record", timeout=10).text, GameRecord)


def _wait_over(base: str, match: str, seconds: float) -> None:
    deadline = time.monotonic() + seconds
    while not httpx.get(f"{base}/api/matches/{match}", timeout=10).json()["over"]:
        assert time.monotonic() < deadline, f"match {match} did not end"
        time.sleep(0.05)


def _played_on_both(servers: list[ServerProcess], moves: int) -> tuple[str, _Seats]:
    """A 2-human match created on the first process, seat 0 playing on it and seat 1 on the
    other, ``moves`` moves long (or to its end); every WebSocket, on either process, has been
    sent every event it may see."""
    a, b = servers
    match, tokens = _create(a.base, ["human", "human"], seed=3)
    # the spectator and seat 1 listen on b, seat 0 on a
    listeners: list[tuple[ServerProcess, str | None]] = [(b, None), (b, tokens[1]), (a, tokens[0])]
    with contextlib.ExitStack() as stack:
        sockets = [
            stack.enter_context(
                connect(
                    f"ws://127.0.0.1:{s.port}/api/matches/{match}/updates?since=0"
                    + (f"&token={t}" if t else "")
                )
            )
            for s, t in listeners
        ]
        player = _Seats([a.base, b.base], match, tokens, seed=5, moves=moves)
        player.run()
        assert player.failure is None, player.failure
        final = httpx.get(f"{a.base}/api/matches/{match}").json()["ply"]
        assert httpx.get(f"{b.base}/api/matches/{match}").json()["ply"] == final
        for (server, viewer), socket in zip(listeners, sockets, strict=True):
            received: list[dict[str, Any]] = []
            ply = 0
            while ply < final:
                message = json.loads(socket.recv(timeout=10))
                assert message["ply"] >= ply  # the first, sent at once, may bring nothing
                received.extend(message["events"])
                ply = message["ply"]
            headers = {} if viewer is None else bearer(viewer)
            other = a if server is b else b  # what the other process says the seat has seen
            since_start = httpx.get(f"{other.base}/api/matches/{match}/view?since=0", headers=headers).json()
            assert received == since_start["events"]  # nothing missed, nothing twice
    return match, player


@pytest.mark.slow  # two server processes started: seconds
def test_a_move_posted_to_one_process_is_pushed_to_the_websockets_of_the_other(
    servers: list[ServerProcess],
) -> None:
    _played_on_both(servers, moves=16)


@pytest.mark.slow
def test_a_whole_match_played_on_two_processes_replays_as_acknowledged(servers: list[ServerProcess]) -> None:
    match, player = _played_on_both(servers, moves=10_000)
    record = _record(servers[1].base, match)
    assert replay(record).is_over
    assert [record.moves[ply] for ply, _ in player.acknowledged] == [
        parse_move(notation) for _, notation in player.acknowledged
    ]


@pytest.mark.slow
def test_after_kill_9_of_one_process_the_other_finishes_every_match_losing_nothing(
    servers: list[ServerProcess], postgres_url: str, tmp_path: Path
) -> None:
    a, b = servers
    bases = [a.base, b.base]
    humans = [_create(bases[i % 2], ["human", "human"], seed=i) for i in range(4)]
    against_bot = [_create(bases[i % 2], ["human", "greedy"], seed=10 + i) for i in range(2)]
    bots = [_create(bases[i % 2], ["greedy", "random", "greedy"], seed=20 + i) for i in range(2)]
    players = [
        _Seats(bases, match, tokens, seed=i) for i, (match, tokens) in enumerate([*humans, *against_bot])
    ]
    for player in players:
        player.start()
    while min(len(p.acknowledged) for p in players) < 10:
        time.sleep(0.01)
    a.kill()  # in the middle of the games, posts under way
    for player in players:
        player.join()
    assert all(player.failure is None for player in players), [p.failure for p in players]
    for match, _ in bots:  # the bots a moved are picked up by b
        _wait_over(b.base, match, 120)
    for player, (match, _) in zip(players, [*humans, *against_bot], strict=True):
        text = httpx.get(f"{b.base}/api/matches/{match}/record", timeout=10).text
        record = from_json(text, GameRecord)
        assert replay(record).is_over
        plies = [ply for ply, _ in player.acknowledged]
        assert len(plies) == len(set(plies))  # no ply acknowledged twice
        for ply, notation in player.acknowledged:  # no acknowledged move lost
            assert record.moves[ply] == parse_move(notation)
        path = tmp_path / f"{match}.json"
        path.write_text(text)
        assert main(["replay", str(path)]) == 0
    with psycopg.connect(postgres_url) as db:  # every match's plies 0, 1, … once each
        rows = db.execute("SELECT match, count(*), count(DISTINCT seq), max(seq) FROM entries GROUP BY match")
        for match, count, distinct, last in rows:
            assert count == distinct == last + 1, match
