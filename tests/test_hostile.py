"""A hostile corpus through every command: one short line, exit status 2, never a traceback.

The corpus is generated here: an alias bomb, devices, a pipe, a folder, deep
nesting, huge numbers and strings, duplicate and non-string keys, binary data,
wrong encodings, oversized files and lists of a million items, in game records
and scenarios. Each file is given to ``hadara check`` and ``hadara replay`` (and
hostile arguments to ``play`` and ``explain``) in a child process whose memory
is capped: each must end within a few seconds of CPU time (its own, so that a
busy machine does not fail the test) with exit status 2, one line on standard
error and at most a few kB of output in all.
"""

from __future__ import annotations

import itertools
import json
import os
import random
import resource
import subprocess
import sys
from collections.abc import Callable
from pathlib import Path

import pytest

from boardtable.reader import MAX_BYTES
from hadara_rules import GameConfig, apply_move, legal_moves, new_game
from hadara_rules.records import GameRecord, game_result, to_json

ROOT = Path(__file__).resolve().parent.parent
SCENARIO = (ROOT / "spec" / "scenarios" / "rulebook" / "colony-ally-p7.yaml").read_text(encoding="utf-8")
#: The memory a command may use (address space): far below what an alias bomb or a huge read needs.
MEMORY = 512 * 1024 * 1024
#: Seconds of CPU time a command may take (user and system).
SECONDS = 5.0
#: Bytes of output (both streams) a refusal may print.
OUTPUT = 4096


def a_record() -> dict[str, object]:
    """A short, valid game record with its result block, as plain data."""
    config = GameConfig(players=2, seed=3)
    state = new_game(config)
    moves = []
    for _ in range(12):
        move = legal_moves(state)[0]
        moves.append(move)
        state = apply_move(state, move)
    document = json.loads(to_json(GameRecord(config, tuple(moves), result=game_result(state))))
    assert isinstance(document, dict)
    return document


def alias_bomb() -> str:
    """Nine levels of nine aliases: 432 bytes that a plain loader expands to 9**9 strings."""
    lines = ['a: &a ["lol","lol","lol","lol","lol","lol","lol","lol","lol"]']
    names = "abcdefghi"
    for previous, name in itertools.pairwise(names):
        lines.append(f"{name}: &{name} [{','.join([f'*{previous}'] * 9)}]")
    return "\n".join(lines) + "\n"


def with_moves(record: dict[str, object], moves: object) -> str:
    data = record["data"]
    assert isinstance(data, dict)
    return json.dumps({**record, "data": {**data, "moves": moves}})


def corpus(folder: Path) -> dict[str, Path]:
    """Every hostile file, by name."""
    record = a_record()
    data = record["data"]
    assert isinstance(data, dict)
    compact = json.dumps(record, separators=(",", ":"))
    rng = random.Random(20250314)
    texts: dict[str, str | bytes] = {
        "alias-bomb.yaml": alias_bomb(),
        "alias-bomb-scenario.yaml": SCENARIO + "\n" + alias_bomb().replace("a:", "zz:", 1),
        "deep.json": "[" * 100_000 + "]" * 100_000,
        "deep.yaml": "[" * 100_000 + "]" * 100_000,
        "deep-block.yaml": "- " * 50_000 + "x\n",
        "deep-mapping.yaml": "".join(f"{' ' * i}k{i}:\n" for i in range(600)) + " " * 600 + "x\n",
        "huge-int.yaml": "scenario: " + "9" * 4301 + "\n",
        "huge-int.json": compact.replace('"seed":3', '"seed":' + "9" * 4301),
        "hex-rotation.yaml": SCENARIO.replace(
            "moves:\n", "moves:\n  - {type: set_wheel, player: 0, rotation: 0x" + "f" * 60 + "}\n"
        ),
        "hex-players.yaml": SCENARIO.replace("players: 3,", "players: 0x" + "f" * 40 + ","),
        "hex-seed.yaml": SCENARIO.replace("seed: 0", "seed: 0x" + "f" * 60),
        "huge-string.json": with_moves(record, [{"type": "remove_card", "player": 0, "card": "x" * 900_000}]),
        "huge-key.json": json.dumps({**record, "k" * 900_000: 1}),
        "huge-title.yaml": SCENARIO.replace("title: ", "title: [" + "t" * 900_000 + "] ", 1),
        "huge-start-card.yaml": SCENARIO.replace(
            "0: {coins: 5,", "0: {start_card: " + "s" * 900_000 + ", coins: 5,"
        ),
        "duplicate-key.json": to_dup(compact),
        "duplicate-expect.yaml": SCENARIO + "expect:\n  over: true\n",
        "yes-key.yaml": SCENARIO.replace("{type: take_colony,", "{yes: 1, type: take_colony,"),
        "null-key.yaml": "~: 1\n",
        "list-key.yaml": "? [1, 2]\n: x\n",
        "binary.bin": rng.randbytes(65_536),
        "nul.json": b"\x00" * 1000,
        "utf16.json": compact.encode("utf-16"),
        "latin1.yaml": SCENARIO.replace("Allying", "Alliance é").encode("latin-1"),
        "million-items.json": "[" + ",".join(["0"] * 1_000_000) + "]",
        "many-moves.json": with_moves(record, [0] * 100_000),
        "many-passes.json": with_moves(record, [{"type": "pass", "player": 0}] * 8_000),
        "many-moves.yaml": SCENARIO.replace("moves:\n", "moves:\n" + "  - 0\n" * 40_000),
        "oversized.json": b" " * (MAX_BYTES + 1),
        "empty.json": b"",
        "blank.yaml": "   \n\n",
        "nan.json": compact.replace('"seed":3', '"seed":NaN'),
        "tampered-result.json": json.dumps({**record, "data": {**data, "moves": data["moves"][:-1]}}),
        "python-tag.yaml": "!!python/object/apply:os.system ['echo owned']\n",
    }
    files = {}
    for name, text in texts.items():
        path = folder / name
        if isinstance(text, str):
            path.write_text(text, encoding="utf-8")
        else:
            path.write_bytes(text)
        files[name] = path
    pipe = folder / "pipe.json"
    os.mkfifo(pipe)
    files["pipe.json"] = pipe
    files["folder"] = folder
    for device in ("/dev/zero", "/dev/urandom", "/dev/null"):
        if Path(device).exists():
            files[device] = Path(device)
    return files


def to_dup(text: str) -> str:
    """The same JSON with its first key written twice."""
    return text.replace("{", '{"schema_version":1,', 1)


NAMES = [
    "alias-bomb.yaml",
    "alias-bomb-scenario.yaml",
    "deep.json",
    "deep.yaml",
    "deep-block.yaml",
    "deep-mapping.yaml",
    "huge-int.yaml",
    "huge-int.json",
    "hex-rotation.yaml",
    "hex-players.yaml",
    "hex-seed.yaml",
    "huge-string.json",
    "huge-key.json",
    "huge-title.yaml",
    "huge-start-card.yaml",
    "duplicate-key.json",
    "duplicate-expect.yaml",
    "yes-key.yaml",
    "null-key.yaml",
    "list-key.yaml",
    "binary.bin",
    "nul.json",
    "utf16.json",
    "latin1.yaml",
    "million-items.json",
    "many-moves.json",
    "many-passes.json",
    "many-moves.yaml",
    "oversized.json",
    "empty.json",
    "blank.yaml",
    "nan.json",
    "tampered-result.json",
    "python-tag.yaml",
    "pipe.json",
    "folder",
    "/dev/zero",
    "/dev/urandom",
    "/dev/null",
]


@pytest.fixture(scope="module")
def files(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Path]:
    return corpus(tmp_path_factory.mktemp("hostile"))


def capped() -> None:
    """In the child: hard limits on memory and on CPU time (a little above the test's own)."""
    resource.setrlimit(resource.RLIMIT_AS, (MEMORY, MEMORY))
    resource.setrlimit(resource.RLIMIT_CPU, (int(SECONDS) + 1, int(SECONDS) + 1))


def _children_cpu() -> float:
    """CPU seconds used by this process's finished children so far."""
    used = resource.getrusage(resource.RUSAGE_CHILDREN)
    return used.ru_utime + used.ru_stime


def hadara(*argv: str) -> tuple[int, str, str, float]:
    """Run the command in a capped child: its exit status, output, errors and CPU seconds."""
    started = _children_cpu()
    done = subprocess.run(
        [sys.executable, "-m", "hadara_rules.cli", *argv],
        capture_output=True,
        text=True,
        errors="replace",
        preexec_fn=capped,
        timeout=30,
        check=False,
    )
    return done.returncode, done.stdout, done.stderr, _children_cpu() - started


def refused_in_one_line(argv: tuple[str, ...], code: int, out: str, err: str, seconds: float) -> None:
    assert "Traceback" not in err, err[-2000:]
    assert code == 2, (argv[:2], code, err[-500:])
    assert err.startswith("hadara: "), err[:200]
    assert err.count("\n") == 1, err[:500]
    assert len(out) + len(err) <= OUTPUT
    assert seconds < SECONDS


def test_the_memory_cap_leaves_room_for_real_work(tmp_path: Path) -> None:
    path = tmp_path / "ok.yaml"
    path.write_text(SCENARIO, encoding="utf-8")
    code, out, err, _ = hadara("check", str(path))
    assert (code, err) == (0, "")
    assert "1 passed, 0 failed" in out


#: The cases of the default test run (read by ``check``); the whole corpus, read by every
#: command, runs with the slow tests (about 30 s).
QUICK = {"alias-bomb.yaml", "deep.json", "huge-int.yaml", "yes-key.yaml", "pipe.json", "/dev/zero"}


@pytest.mark.parametrize(
    "command",
    ["check", pytest.param("replay", marks=pytest.mark.slow), pytest.param("render", marks=pytest.mark.slow)],
)
@pytest.mark.parametrize(
    "name", [pytest.param(name, marks=() if name in QUICK else pytest.mark.slow) for name in NAMES]
)
def test_hostile_files_end_with_one_line_and_status_2(
    files: dict[str, Path], command: str, name: str
) -> None:
    if name not in files:
        pytest.skip(f"{name} does not exist here")
    argv = (command, str(files[name]))
    refused_in_one_line(argv, *hadara(*argv))


HOSTILE_ARGS: list[Callable[[Path], list[str]]] = [
    lambda _: ["explain", "X" * 100_000],
    lambda _: ["explain", "\x01\x02\x7f…"],
    lambda _: ["play", "--seed", "9" * 4301],
    lambda _: ["play", "--players", "0x10"],
    lambda folder: ["play", "--players", "2", "--bot", "random", "--record", str(folder)],
    lambda folder: ["play", "--players", "2", "--bot", "random", "--record", str(folder / "pipe.json")],
    lambda folder: ["replay", str(folder / "many-passes.json"), "--at", "9" * 30],
    lambda folder: ["check", str(folder / "binary.bin"), str(folder / "latin1.yaml")],
    lambda _: ["rules", "--surprise"],
    lambda folder: ["render", str(folder / "many-passes.json"), "--viewer", "9" * 30],
    lambda folder: ["render", str(folder / "many-passes.json"), "-o", str(folder / "pipe.json")],
    lambda _: ["arena", "--bots", "greedy," * 10_000, "--games", "1"],
    lambda _: ["arena", "--bots", "random,greedy", "--games", "9" * 4301],
    lambda _: ["arena", "--bots", "random,greedy", "--games", "2", "--backend", "\x01nowhere"],
]


@pytest.mark.slow
@pytest.mark.parametrize("argv", HOSTILE_ARGS, ids=range(len(HOSTILE_ARGS)))
def test_hostile_arguments_end_with_one_line_and_status_2(
    files: dict[str, Path], argv: Callable[[Path], list[str]]
) -> None:
    args = tuple(argv(files["folder"]))
    refused_in_one_line(args, *hadara(*args))
