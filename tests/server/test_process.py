"""``hadara serve`` as a real process on a loopback port: updates, concurrent posts, ``kill -9``."""

from __future__ import annotations

import contextlib
import json
import random
import threading
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest
from websockets.exceptions import ConnectionClosed
from websockets.sync.client import connect

from hadara_rules import GameRecord, from_json, parse_move, replay
from hadara_rules.cli import main

from .serving import ServerProcess, bearer, served


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[ServerProcess]:
    """One server process for the tests of this module that need no restart."""
    with served(tmp_path_factory.mktemp("server")) as process:
        yield process


def _create(http: httpx.Client, seats: list[str], seed: int) -> tuple[str, list[str | None]]:
    answer = http.post("/api/matches", json={"players": len(seats), "seats": seats, "seed": seed})
    assert answer.status_code == 201, answer.text
    body = answer.json()
    return body["match"], [seat.get("token") for seat in body["seats"]]


def _legal(http: httpx.Client, match: str, seat_token: str) -> tuple[int, list[dict[str, Any]]]:
    view = http.get(f"/api/matches/{match}/view", headers=bearer(seat_token)).json()
    return view["ply"], view["legal"]


class _Player(threading.Thread):
    """Plays every human seat of a match with random legal moves; keeps each acknowledged move."""

    def __init__(self, base: str, match: str, tokens: list[str | None], seed: int, moves: int) -> None:
        super().__init__(daemon=True)
        self.base, self.match, self.moves = base, match, moves
        self.humans = [t for t in tokens if t is not None]
        self.rng = random.Random(seed)
        self.acknowledged: list[tuple[int, str]] = []  # (ply, notation) of each 200
        self.failure: str | None = None

    def run(self) -> None:
        try:
            with httpx.Client(base_url=self.base, timeout=10) as http:
                while len(self.acknowledged) < self.moves:
                    summary = http.get(f"/api/matches/{self.match}").json()
                    if summary["over"]:
                        return
                    for seat_token in self.humans:
                        ply, legal = _legal(http, self.match, seat_token)
                        if not legal:
                            continue
                        notation = self.rng.choice(legal)["notation"]
                        answer = http.post(
                            f"/api/matches/{self.match}/moves",
                            headers=bearer(seat_token),
                            json={"seq": ply, "move": notation},
                        )
                        if answer.status_code == 200:
                            self.acknowledged.append((ply, notation))
                            if len(self.acknowledged) == self.moves:
                                return
                        elif answer.status_code != 409:
                            self.failure = answer.text
                            return
        except httpx.TransportError:
            return  # the server was killed


def test_every_seat_gets_every_event_it_may_see_over_its_websocket(server: ServerProcess) -> None:
    with httpx.Client(base_url=server.base, timeout=10) as http:
        match, tokens = _create(http, ["human", "human", "greedy"], seed=4)
        viewers: list[str | None] = [tokens[0], tokens[1], None]
        # since=0: a bot may have moved before the sockets connect
        url = f"ws://127.0.0.1:{server.port}/api/matches/{match}/updates?since=0"
        with contextlib.ExitStack() as stack:
            sockets = [
                stack.enter_context(connect(url + ("" if t is None else f"&token={t}"))) for t in viewers
            ]
            player = _Player(server.base, match, tokens, seed=1, moves=25)
            player.run()
            assert player.failure is None and len(player.acknowledged) == 25
            summary = http.get(f"/api/matches/{match}").json()
            while 2 in summary["to_act"]:  # the bot's move, if it is to act, comes at once
                summary = http.get(f"/api/matches/{match}").json()
            final = summary["ply"]
            for viewer, socket in zip(viewers, sockets, strict=True):
                received: list[dict[str, Any]] = []
                ply = 0
                while ply < final:
                    message = json.loads(socket.recv(timeout=10))
                    assert message["ply"] >= ply and isinstance(message["to_act"], list)  # the first: at once
                    received.extend(message["events"])
                    ply = message["ply"]
                headers = {} if viewer is None else bearer(viewer)
                since_start = http.get(f"/api/matches/{match}/view?since=0", headers=headers).json()
                assert received == since_start["events"]  # nothing missed, nothing twice


def _race(
    clients: list[httpx.Client], match: str, seat_token: str, ply: int, notations: list[str]
) -> list[int]:
    """The statuses of posts of ``notations`` at ``ply``, sent at the same moment from threads."""
    start = threading.Barrier(len(notations))
    statuses: list[int] = []

    def post(client: httpx.Client, notation: str) -> None:
        start.wait()
        answer = client.post(
            f"/api/matches/{match}/moves", headers=bearer(seat_token), json={"seq": ply, "move": notation}
        )
        statuses.append(answer.status_code)

    posts = [threading.Thread(target=post, args=pair) for pair in zip(clients, notations, strict=True)]
    for thread in posts:
        thread.start()
    for thread in posts:
        thread.join()
    return statuses


def test_two_posts_of_one_ply_give_one_200_and_one_409(server: ServerProcess) -> None:
    with contextlib.ExitStack() as stack:
        http, *racers = (
            stack.enter_context(httpx.Client(base_url=server.base, timeout=10)) for _ in range(3)
        )
        match, tokens = _create(http, ["human", "human"], seed=8)
        first, second = tokens
        assert first is not None and second is not None
        for _ in range(8):
            ply, legal = _legal(http, match, first)
            if not legal:
                ply, legal = _legal(http, match, second)
            seat_token = first if legal[0]["move"]["player"] == 0 else second
            notations = [legal[0]["notation"], legal[-1]["notation"]]
            statuses = _race(racers, match, seat_token, ply, notations)
            assert sorted(statuses) == [200, 409]


@pytest.mark.slow
def test_after_kill_9_every_match_resumes_at_its_last_acknowledged_move(tmp_path: Path) -> None:
    db, log = tmp_path / "matches.sqlite", tmp_path / "server.log"
    server = ServerProcess(db, log)
    with httpx.Client(base_url=server.base, timeout=10) as http:
        humans = [_create(http, ["human", "human"], seed=seed) for seed in (1, 2, 3)]
        against_bot = _create(http, ["human", "greedy"], seed=4)
        bots = _create(http, ["greedy", "random", "greedy"], seed=5)
    players = [
        _Player(server.base, match, tokens, seed=i, moves=1000) for i, (match, tokens) in enumerate(humans)
    ]
    players.append(_Player(server.base, *against_bot, seed=9, moves=1000))
    for player in players:
        player.start()
    while min(len(p.acknowledged) for p in players) < 15:
        threading.Event().wait(0.01)
    server.kill()  # in the middle of the games, posts under way
    for player in players:
        player.join()
    assert all(player.failure is None for player in players)

    server = ServerProcess(db, log)
    try:
        with httpx.Client(base_url=server.base, timeout=10) as http:
            for player, (match, _) in zip(players, [*humans, against_bot], strict=True):
                ply = http.get(f"/api/matches/{match}").json()["ply"]
                last = player.acknowledged[-1][0] + 1  # the ply after the last acknowledged move
                assert last <= ply
                if match != against_bot[0]:  # only the client moves: at most the one in flight more
                    assert ply <= len(player.acknowledged) + 1
            for player, (match, tokens) in zip(players, [*humans, against_bot], strict=True):
                finish = _Player(server.base, match, tokens, seed=99, moves=10_000)
                finish.run()
                assert finish.failure is None
                record_text = http.get(f"/api/matches/{match}/record").text
                record = from_json(record_text, GameRecord)
                assert replay(record).is_over
                for ply, notation in player.acknowledged:
                    assert record.moves[ply] == parse_move(notation)
                path = tmp_path / f"{match}.json"
                path.write_text(record_text)
                assert main(["replay", str(path)]) == 0
            # the bots' match resumed by itself
            deadline = 600
            while not http.get(f"/api/matches/{bots[0]}").json()["over"] and deadline:
                threading.Event().wait(0.05)
                deadline -= 1
            assert replay(from_json(http.get(f"/api/matches/{bots[0]}/record").text, GameRecord)).is_over
    finally:
        server.stop()


def test_no_token_reaches_the_server_s_log(tmp_path: Path) -> None:
    """uvicorn logs each WebSocket's path with its query string, where the contract puts the
    seat's token: the log shows the path with the token left out, and never the token."""
    log = tmp_path / "server.log"
    process = ServerProcess(tmp_path / "matches.sqlite", log)
    try:
        with httpx.Client(base_url=process.base, timeout=10) as http:
            match, tokens = _create(http, ["human", "human"], seed=3)
            seat = tokens[0]
            assert seat is not None
            url = f"ws://127.0.0.1:{process.port}/api/matches/{match}/updates?token={seat}&since=0"
            with connect(url) as socket:
                ply, legal = _legal(http, match, seat)
                posted = http.post(
                    f"/api/matches/{match}/moves",
                    headers=bearer(seat),
                    json={"seq": ply, "move": legal[0]["notation"]},
                )
                assert posted.status_code == 200
                while json.loads(socket.recv(timeout=10))["seq"] < ply + 1:
                    pass  # the first message, sent at once
            # a wrong token is refused, and not logged either
            with (
                connect(url.replace(seat, "not-a-token")) as refused,
                pytest.raises(ConnectionClosed) as closed,
            ):
                refused.recv(timeout=10)
            assert closed.value.rcvd is not None and closed.value.rcvd.code == 4403
    finally:
        process.stop()
    text = log.read_text()
    assert f"/api/matches/{match}/updates?token=…&since=0" in text  # the path is still logged
    assert all(token not in text for token in tokens if token is not None)
    assert "not-a-token" not in text
