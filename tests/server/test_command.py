"""``hadara serve`` on the command line: bad options and stores end with one line and status 2."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

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
