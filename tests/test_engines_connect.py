"""``hadara connect``: a seat of a match on a real ``hadara serve`` played by a local engine."""

from __future__ import annotations

import contextlib
import json
import subprocess
import sys
import textwrap
import threading
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest
from server import serving
from server.serving import ServerProcess, served, stored_moves

from boardtable.games import names
from hadara_rules.cli import main

#: The built-in greedy bot as an engine, started as ``hadara engine greedy`` would be.
GREEDY = f"{sys.executable} -m hadara_rules.cli engine greedy"
#: An engine that thinks a tenth of a second, then plays its first legal move.
SLOW = [
    sys.executable,
    "-c",
    textwrap.dedent(
        """
        import json, sys, time
        for line in sys.stdin:
            m = json.loads(line)
            if m["type"] == "hello":
                print(json.dumps({"type": "ready", "name": "slow"}), flush=True)
            elif m["type"] == "turn":
                time.sleep(0.1)
                print(json.dumps({"type": "move", "move": m["legal"][0]["notation"]}), flush=True)
        """
    ),
]


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[ServerProcess]:
    """One server process for the tests of this file (each makes a match of its own)."""
    with served(tmp_path_factory.mktemp("connect")) as process:
        yield process


def _match(server: ServerProcess, game: str = "hadara") -> tuple[str, str]:
    """A 2-player match of ``game``: seat 0 for the engine to connect to, seat 1 the greedy bot's."""
    answer = httpx.post(
        f"{server.base}/api/matches",
        json={"game": game, "players": 2, "seats": ["human", "greedy"], "seed": 2},
    )
    assert answer.status_code == 201, answer.text
    created: dict[str, Any] = answer.json()
    return created["match"], created["seats"][0]["token"]


def _connect(server: ServerProcess, match: str, token: str, engine: str | list[str]) -> subprocess.Popen[str]:
    command = engine if isinstance(engine, str) else subprocess.list2cmdline(engine)
    argv = [sys.executable, "-m", "hadara_rules.cli", "connect", server.base, f"--match={match}"]
    return subprocess.Popen(  # ids and tokens may begin with "-": given as --match=ID, --token=TOKEN
        [*argv, f"--token={token}", "--engine", command],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )


def _over(server: ServerProcess, match: str) -> dict[str, Any]:
    summary: dict[str, Any] = httpx.get(f"{server.base}/api/matches/{match}").json()
    return summary


@pytest.mark.slow  # a whole game against a server process: seconds
@pytest.mark.parametrize("game", names())
def test_a_seat_is_played_to_the_end_by_a_local_engine_and_the_result_printed(
    server: ServerProcess, game: str
) -> None:
    match, token = _match(server, game)
    connected = _connect(server, match, token, GREEDY)
    out, err = connected.communicate(timeout=120)
    assert connected.returncode == 0, err
    summary = _over(server, match)
    assert summary["over"]
    lines = out.splitlines()
    assert lines[0].startswith(f"match {match}: over after ") and lines[0].endswith(" moves")
    assert lines[1].startswith("player 0 Player 0 (you): ")
    assert lines[2].startswith("player 1 greedy bot 1: ")
    winners = [line for line in lines[1:] if line.endswith(" points, winner")]
    assert [int(line.split()[1]) for line in winners] == summary["winners"]
    result = httpx.get(f"{server.base}/api/matches/{match}/record").json()["data"]["result"]
    totals = [f"{sheet['total']} points" for sheet in result["scores"]]
    assert [line.split(": ")[1].removesuffix(", winner") for line in lines[1:3]] == totals
    assert "stand-in" not in err  # the engine made every decision


def _end(server: ServerProcess, match: str, seat: int, token: str, how: str) -> None:
    """``seat`` ends the match (``how``: resign, abort) at its seq (again, if a move came between)."""
    path = f"{server.base}/api/matches/{match}"
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline:
        summary = _over(server, match)
        answer = httpx.post(
            f"{path}/seats/{seat}/{how}", json={"seq": summary["seq"]}, headers=serving.bearer(token)
        )
        if answer.status_code == 200:
            return
        assert answer.json()["error"] == "stale", answer.text
    raise AssertionError("the match was not ended")


@pytest.mark.parametrize(
    ("how", "said"), [("resign", "player 1 resigned"), ("abort", "aborted, with no result")]
)
def test_a_match_another_seat_ends_stops_the_engine_and_says_how(
    server: ServerProcess, how: str, said: str
) -> None:
    """Another seat resigns, or aborts the match before it moved: the engine's seat stops and
    says so (after a resignation, the result replayed from the record: the engine won)."""
    answer = httpx.post(
        f"{server.base}/api/matches", json={"players": 2, "seats": ["human", "human"], "seed": 2}
    )
    created = answer.json()
    match, tokens = created["match"], [seat["token"] for seat in created["seats"]]
    connected = _connect(server, match, tokens[0], SLOW)
    try:
        _end(server, match, 1, tokens[1], how)
        out, err = connected.communicate(timeout=60)
    finally:
        if connected.poll() is None:
            connected.kill()
    assert connected.returncode == 0, err
    lines = out.splitlines()
    assert lines[0].startswith(f"match {match}: ") and lines[0].endswith(said), out
    if how == "resign":
        assert lines[1].endswith(" points, winner") and not lines[2].endswith("winner"), out


def test_a_bad_token_is_one_line_and_exit_2(server: ServerProcess) -> None:
    match, _ = _match(server)
    connected = _connect(server, match, "not-the-token", GREEDY)
    out, err = connected.communicate(timeout=60)
    assert connected.returncode == 2 and out == ""
    assert err == "hadara: the server refused: this token opens no seat of the match\n"


def test_a_bad_address_or_no_websockets_is_one_line(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    argv = ["connect", "ftp://example", "--match", "m", "--token", "t", "--engine", GREEDY]
    assert main(argv) == 2
    assert (
        capsys.readouterr().err
        == "hadara: expected the server's address, http://HOST:PORT, found 'ftp://example'\n"
    )
    monkeypatch.delitem(sys.modules, "boardtable.engines.connect")
    monkeypatch.setitem(sys.modules, "websockets.sync.client", None)
    assert main(argv) == 2
    assert "hadara connect needs the server extra" in capsys.readouterr().err


@pytest.mark.slow
def test_connect_catches_up_after_the_server_restarts_and_finishes(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    db = tmp_path / "matches.sqlite"
    server = ServerProcess(db, tmp_path / "server.log")
    match, token = _match(server)
    connected = _connect(server, match, token, SLOW)
    try:
        deadline = time.monotonic() + 60
        while stored_moves(db) < 6 and time.monotonic() < deadline:
            time.sleep(0.05)
        assert not _over(server, match)["over"]
        server.kill()
        time.sleep(1.0)
        monkeypatch.setattr(serving, "free_port", lambda: server.port)  # the same address again
        server = ServerProcess(db, tmp_path / "server.log")
        out, err = connected.communicate(timeout=240)
        assert connected.returncode == 0, err
        assert _over(server, match)["over"] and "over after" in out
    finally:
        if connected.poll() is None:
            connected.kill()
        server.stop()


def test_an_update_that_carries_the_whole_view_is_used_as_it_is() -> None:
    """A WebSocket message with the seat's position and legal moves needs no GET of the view
    (the HTTP side of this table answers nothing: a GET would fail); one without, and the
    address asked, name the last seq seen."""
    from websockets.sync.server import ServerConnection, serve

    from boardtable.engines.connect import _Table, _Updates

    asked: list[str] = []
    whole = {"seat": 0, "seq": 4, "to_act": [0], "position": {}, "legal": []}

    def send(socket: ServerConnection) -> None:
        asked.append(socket.request.path if socket.request is not None else "")
        socket.send(json.dumps(whole))
        socket.recv()

    with serve(send, "127.0.0.1", 0) as fake:
        threading.Thread(target=fake.serve_forever, daemon=True).start()
        updates = _Updates(_Table(f"http://127.0.0.1:{fake.socket.getsockname()[1]}", "m-1", "secret"))
        assert updates.after(3) == whole
        updates.close()
        fake.shutdown()
    assert asked == ["/api/matches/m-1/updates?token=secret&since=3"]


def test_an_answer_of_more_than_its_bound_is_refused_unread(monkeypatch: pytest.MonkeyPatch) -> None:
    """A server whose answer is longer than ``MOST_BYTES`` (here lowered to 1 KiB) is refused
    in one line, at once (it is not read whole, nor taken for a lost connection)."""
    from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

    from boardtable.engines import connect

    monkeypatch.setattr(connect, "MOST_BYTES", 1024)

    class Endless(BaseHTTPRequestHandler):
        def do_GET(self) -> None:
            self.send_response(200)
            self.send_header("Content-Type", "application/json")
            self.end_headers()
            with contextlib.suppress(OSError):  # the client stops reading
                for _ in range(1024):
                    self.wfile.write(b" " * 1024)

        def log_message(self, *_: object) -> None:
            pass

    with ThreadingHTTPServer(("127.0.0.1", 0), Endless) as fake:
        threading.Thread(target=fake.serve_forever, daemon=True).start()
        table = connect._Table(f"http://127.0.0.1:{fake.server_address[1]}", "m-1", "secret")
        with pytest.raises(connect.ConnectError, match="the server answered more than 1024 bytes"):
            table.view()
        fake.shutdown()


def test_an_engine_needs_some_time_to_answer(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as stopped:
        main(["connect", "http://127.0.0.1:1", "--match=m", "--token=t", "--engine", GREEDY, "--ms", "0"])
    assert stopped.value.code == 2
    assert "argument --ms: expected a whole number ≥ 1, found 0" in capsys.readouterr().err


@pytest.mark.parametrize(
    ("command", "said"),
    [
        ("no-such-engine-program --fast", "hadara: --engine: no program 'no-such-engine-program' found\n"),
        ("", "hadara: --engine: the command names no program\n"),
        ('python3 "unclosed', "hadara: --engine: No closing quotation\n"),
    ],
)
def test_an_engine_that_cannot_be_run_is_one_line(
    command: str, said: str, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["connect", "http://127.0.0.1:1", "--match=m", "--token=t", "--engine", command]) == 2
    assert capsys.readouterr().err == said


def test_an_unknown_match_or_a_server_gone_for_good_is_one_line(
    server: ServerProcess, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    from boardtable.engines import connect

    assert main(["connect", server.base, "--match=nope", "--token=t", "--engine", GREEDY]) == 2
    assert capsys.readouterr().err == "hadara: the server refused: there is no match nope\n"
    monkeypatch.setattr(connect, "RETRY_SECONDS", (0.01, 0.02))
    gone = f"http://127.0.0.1:{serving.free_port()}"
    assert main(["connect", gone, "--match=m", "--token=t", "--engine", GREEDY]) == 2
    said = capsys.readouterr().err
    assert said.startswith("hadara: the server cannot be reached (")
    assert said.endswith(f"; gave up after {connect.RETRIES} tries\n")
    assert said.count("\n") == 1
