"""``hadara serve`` on the command line: bad options and stores, and a second server on a
file served already (by any of its names), end with one line and status 2."""

from __future__ import annotations

import asyncio
import os
import subprocess
import sys
from pathlib import Path

import pytest

from boardtable.server.sqlite import SQLiteStore
from boardtable.server.store import StoreError
from hadara_rules.cli import main


def test_a_port_out_of_range_is_refused(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as exit_:
        main(["serve", "--port", "70000"])
    assert exit_.value.code == 2
    assert (
        capsys.readouterr()
        .err.strip()
        .endswith("a port is 0 to 65535, not 70000 (see 'hadara serve --help')")
    )


def test_a_file_that_is_no_match_store_is_refused(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    notes = tmp_path / "notes.sqlite"
    notes.write_text("these are notes, not a database; " * 40)
    assert main(["serve", "--port", "0", "--db", str(notes)]) == 2
    err = capsys.readouterr().err
    assert err.startswith(f"hadara: {notes}: not a match store") and err.count("\n") == 1


def test_without_the_server_extra_the_command_says_how_to_install_it(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setitem(sys.modules, "boardtable.server.command", None)  # as if uvicorn were missing
    assert main(["serve"]) == 2
    err = capsys.readouterr().err
    assert "pip install 'hadara-rules[server]'" in err and err.count("\n") == 1


def _names(tmp_path: Path, served: Path) -> dict[str, str]:
    """Other names of the file ``served`` (in a folder of ``tmp_path``): a symbolic link, a
    hard link, a path relative to the working folder through ``..``."""
    (tmp_path / "elsewhere").mkdir()
    symlink = tmp_path / "elsewhere" / "symlink.sqlite"
    symlink.symlink_to(served)
    hard = tmp_path / "elsewhere" / "hard.sqlite"
    os.link(served, hard)
    return {
        "symlink": str(symlink),
        "hard link": str(hard),
        "relative": str(Path(os.path.relpath(tmp_path / "elsewhere"), "..", served.parent.name, served.name)),
    }


@pytest.mark.parametrize("name", ["symlink", "hard link", "relative"])
def test_a_second_server_on_the_same_file_by_another_name_is_refused_in_one_line(
    name: str, tmp_path: Path
) -> None:
    """The lock is on the file itself, whatever names it: a second server would write a
    log of its own beside its name, and the two would diverge."""
    served = tmp_path / "club" / "matches.sqlite"
    served.parent.mkdir()
    store = SQLiteStore(served)
    try:
        other = _names(tmp_path, served)[name]
        done = subprocess.run(
            [sys.executable, "-m", "hadara_rules.cli", "serve", "--port", "0", "--db", other],
            capture_output=True,
            text=True,
            timeout=30,
        )
        assert done.returncode == 2, done.stderr
        assert (
            done.stderr
            == f"hadara: {other}: another server is serving this match store (one server a file)\n"
        )
        assert not list(tmp_path.glob("elsewhere/*-wal"))  # nothing was written beside the other name
    finally:
        asyncio.run(store.close())


def test_a_second_store_of_one_process_on_another_name_is_refused(tmp_path: Path) -> None:
    served = tmp_path / "club" / "matches.sqlite"
    served.parent.mkdir()
    store = SQLiteStore(served)
    try:
        for other in _names(tmp_path, served).values():
            with pytest.raises(StoreError, match="another server is serving this match store"):
                SQLiteStore(other)
        assert asyncio.run(store.driven()) == ()  # its own locks are intact: it still reads
    finally:
        asyncio.run(store.close())
    second = SQLiteStore(tmp_path / "elsewhere" / "hard.sqlite")  # the first closed: free again
    asyncio.run(second.close())
