"""A game at the terminal: the log of ``hadara play``, and people playing seats."""

from __future__ import annotations

import importlib.util
import io
import itertools
import os
import random
import re
import runpy
import shutil
import subprocess
import sys
import time
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any, TypeVar

import attrs
import pytest
from attrs import AttrsInstance
from helpers import play_typed

from boardtable.cli import main
from boardtable.games import game
from boardtable.screen import Screen
from hadara_rules import (
    GameConfig,
    GameRecord,
    GameState,
    Move,
    apply_move,
    check_move,
    legal_moves,
    load_catalogue,
    new_game,
    parse_move,
    player_view,
    preview,
    replay,
    rules,
)
from hadara_rules._components import Catalogue
from hadara_rules._said import move_text
from hadara_rules._text import player_name
from hadara_rules.bots import make_bots
from hadara_rules.events import apply_move_with_events
from hadara_rules.records import load_record
from hadara_rules.terminal import (
    CLEAR,
    HELP,
    GameLog,
    TerminalGame,
    next_to_choose,
    play_at_terminal,
    provisional_note,
)

K = TypeVar("K")
R = TypeVar("R", bound=AttrsInstance)
ROOT = Path(__file__).resolve().parent.parent
GAME = game("hadara")
SETTINGS = [(players, advanced) for players in range(2, 6) for advanced in (False, True)]
HEADER = re.compile(r"== Epoch (I|II|III), phase ([AB]): (\w+)$")
#: Which section's header a line citing a rule stands under.
SECTION_OF_RULE = {
    "WHEEL-1": "wheel",
    "DRAFT-1": "draft",
    "PICK-1": "pick",
    "INCOME-1": "income",
    "COLONY-4": "colony",
    "STATUE-3": "statue",
    "FEED-2": "feeding",
    "MEDAL-1": "medals",
    "SETUP-6": "setup",
}


def play_log(capsys: pytest.CaptureFixture[str], *argv: str) -> list[str]:
    assert main(["play", *argv]) == 0
    return capsys.readouterr().out.splitlines()


@pytest.mark.parametrize(("players", "advanced"), [(2, True), (5, False)])
def test_each_line_stands_under_the_header_of_its_section(
    capsys: pytest.CaptureFixture[str], players: int, advanced: bool
) -> None:
    """Income is told under "income", not under the draft before it, and so on (EPOCH-1)."""
    lines = play_log(capsys, "--players", str(players), "--seed", "4", *(["--advanced"] * advanced))
    section = None
    seen = set()
    for line in lines:
        header = HEADER.match(line)
        if header:
            section = header.group(3)
        for rule, where in SECTION_OF_RULE.items():
            if f"({rule}" in line or f", {rule}" in line:
                assert section == where, f"{line!r} under {section}"
                seen.add(rule)
    assert seen >= {"WHEEL-1", "DRAFT-1", "INCOME-1", "MEDAL-1"} | ({"SETUP-6"} if advanced else set())


def test_every_section_ends_with_the_players_coins(capsys: pytest.CaptureFixture[str]) -> None:
    lines = play_log(capsys, "--players", "3", "--seed", "2", "--advanced")
    headers = [i for i, line in enumerate(lines) if HEADER.match(line)]
    for start, end in zip(headers, [*headers[1:], len(lines)], strict=True):
        coin_lines = [line for line in lines[start:end] if line.startswith("  coins: ")]
        assert len(coin_lines) == 1, lines[start]


@pytest.mark.parametrize(("players", "advanced"), SETTINGS)
def test_the_coins_the_log_tells_are_the_players_coins(players: int, advanced: bool) -> None:
    """After every move of a random game, the log's coins are the position's."""
    rng = random.Random(players * 2 + advanced)
    state = new_game(GameConfig(players=players, seed=rng.randrange(100), advanced=advanced))
    log = GameLog(state)
    while not state.is_over:
        state, events = apply_move_with_events(state, rng.choice(legal_moves(state)))
        log.lines(events)
        expected = ", ".join(f"P{s} ({p.crest}) {p.coins}" for s, p in enumerate(state.players))
        assert log.coins() == f"coins: {expected}", state.ply


def test_the_advanced_game_s_log_tells_each_side_chosen(capsys: pytest.CaptureFixture[str]) -> None:
    lines = play_log(capsys, "--players", "4", "--seed", "1", "--advanced")
    sides = [line for line in lines if re.match(r"  P\d plays side [AB] of their start card", line)]
    assert [line[2:4] for line in sides] == ["P0", "P1", "P2", "P3"]


def test_the_log_opens_with_the_seed_and_the_provisional_numbers(capsys: pytest.CaptureFixture[str]) -> None:
    seed, first = play_log(capsys, "--players", "2", "--seed", "1")[:2]
    assert seed == "Seed 1 ('hadara play --seed 1' deals this game again)"
    catalogue = load_catalogue()
    assert first == provisional_note(catalogue)
    provisional = sum(card.provenance == "provisional" for card in catalogue.cards.values())
    assert f"{provisional} of {len(catalogue.cards)} cards" in first
    assert "the crest order (reference.yaml)" in first


def verified(records: Mapping[K, R]) -> dict[K, R]:
    # mypy's attrs plugin takes no type variable in evolve, though R is bound to attrs records
    return {key: attrs.evolve(record, provenance="verified") for key, record in records.items()}  # type: ignore[misc]


def test_a_catalogue_verified_throughout_says_so() -> None:
    bundled = load_catalogue()

    exact = Catalogue(
        verified(bundled.cards),
        verified(bundled.colonies),
        verified(bundled.start_cards),
        verified(bundled.statues),
        bundled.reference,
        "an exact copy",
    )
    assert provisional_note(exact) == "Component numbers: all verified against the printed game."
    one = attrs.evolve(bundled.colonies["col-09-a"], provenance="provisional")
    mixed = attrs.evolve(exact, colonies={**exact.colonies, "col-09-a": one})
    assert "for 1 of 25 colonies;" in provisional_note(mixed)


# --------------------------------------------------------------------------- people at the table

#: A screen wide and tall enough that no line is wrapped or paged.
WIDE = Screen(width=1000, height=1000)
MOVE_LINE = re.compile(r"^\s+(\d+)\. ([a-z][^ ]*(?: [^ ]+)*?)  ")


class Person:
    """A scripted person: reads what the table writes and types like someone at the keyboard:
    a move by its number or by its notation (with or without the seat), and now and then a
    command or a mistake. ``typed`` is everything typed, ``shown`` everything written."""

    def __init__(self, seed: int, careless: bool = True, stop_after: int | None = None) -> None:
        self.rng = random.Random(seed)
        self.careless = careless
        self.stop_after = stop_after
        self.shown: list[str] = []
        self.typed: list[str] = []
        self.choices: list[tuple[str, str]] = []  # (number, notation) of the last list shown

    def write(self, text: str) -> None:
        self.shown.append(text)
        listed = [m.groups() for m in map(MOVE_LINE.match, text.splitlines()) if m]
        if listed:
            self.choices = listed  # type: ignore[assignment]

    def read(self, prompt: str) -> str | None:
        self.shown.append(prompt)
        if self.stop_after is not None and len(self.typed) >= self.stop_after:
            return None
        roll = self.rng.random()
        number, notation = self.rng.choice(self.choices)
        if self.careless and roll < 0.05:
            text = self.rng.choice(["help", "moves", "board", "explain FLOW-1", "", "99", "fly away"])
        elif roll < 0.5:
            text = number
        elif roll < 0.75:
            text = f"{prompt.split(' ', 1)[0]} {notation}"  # with the seat
        else:
            text = notation  # the seat left out, as listed
        self.typed.append(text)
        return text

    @property
    def output(self) -> str:
        return "\n".join(self.shown)


def _bots(players: int, humans: tuple[int, ...]) -> list[Any]:
    return [None if seat in humans else bot for seat, bot in enumerate(make_bots("random", players, 1))]


def _whole_game(players: int, advanced: bool, humans: tuple[int, ...]) -> tuple[TerminalGame, Person]:
    person = Person(seed=players * 7 + advanced)
    config = GameConfig(players=players, seed=players + 10 * advanced, advanced=advanced)
    game = play_at_terminal(config, humans, _bots(players, humans), person.read, person.write)
    return game, person


def _check_whole_game(game: TerminalGame, person: Person, humans: tuple[int, ...]) -> None:
    assert game.finished and game.final.is_over
    assert replay(GameRecord(game.config, game.moves)) == game.final
    text = person.output
    assert "Game over: " in text
    for seat in humans:
        assert f"--- {player_name(game.final, seat)}, your turn:" in text
    assert "Traceback" not in text


def test_a_person_plays_a_whole_game_against_the_bots() -> None:
    game, person = _whole_game(2, False, (0,))
    _check_whole_game(game, person, (0,))
    assert "At the prompt, type one of:" in person.output  # help was asked for, and given


@pytest.mark.parametrize(("players", "advanced"), SETTINGS)
def test_whole_games_of_every_setting_with_people_at_some_seats(players: int, advanced: bool) -> None:
    humans = tuple(range(players)) if advanced else (players - 1,)  # hot seat, or one person
    game, person = _whole_game(players, advanced, humans)
    _check_whole_game(game, person, humans)


class Script:
    """Lines typed in a fixed order; None (the end of the input) after the last."""

    def __init__(self, *lines: str) -> None:
        self.lines = list(lines)
        self.shown: list[str] = []

    def read(self, prompt: str) -> str | None:
        self.shown.append(prompt)
        return self.lines.pop(0) if self.lines else None

    def write(self, text: str) -> None:
        self.shown.append(text)

    @property
    def output(self) -> str:
        return "\n".join(self.shown)


def _first_draft_of(config: GameConfig) -> tuple[GameConfig, GameState]:
    """A game at its first draft round (the wheel set by the first legal move)."""
    state = new_game(config)
    return config, apply_move(state, legal_moves(state)[0])


def _first_draft() -> tuple[GameConfig, GameState]:
    return _first_draft_of(GameConfig(players=2, seed=5))


def test_in_a_draft_round_the_people_choose_first_then_the_bots() -> None:
    """DRAFT-3: the seats choose together; at the terminal the people choose first, in seat
    order, then the bots, and the round resolves when the last one has chosen."""
    _, state = _first_draft()
    assert state.to_act == (0, 1)
    assert next_to_choose(state, {1}) == 1
    assert next_to_choose(state, {0, 1}) == 0
    assert next_to_choose(state, set()) == 0
    after = apply_move(state, legal_moves(state, 1)[0])
    assert after.to_act == (0,)
    assert next_to_choose(after, {1}) == 0  # the bot, once the person has chosen


def test_in_hot_seat_each_person_sees_only_their_own_drawn_cards() -> None:
    """INFO-1: at P1's prompt nothing shows the cards P0 drew, and the other way round."""
    config, state = _first_draft()
    script = Script("1", "1", "1")  # the wheel, P0's choice, P1's choice
    play_at_terminal(config, (0, 1), [None, None], script.read, script.write)
    text = script.output
    p0_turn = text.index("--- P0 (monkey), your turn:", text.index("== Epoch I, phase A: draft"))
    p1_turn = text.index("--- P1 (dragon), your turn:")
    p1_sees = text[text.rindex("P0 (monkey) > ", 0, p1_turn) : text.index("P1 (dragon) > ", p1_turn)]
    p0_sees = text[p0_turn : text.index("P0 (monkey) > ", p0_turn)]
    mine, theirs = state.players[0].drawn, state.players[1].drawn
    assert all(card in p0_sees for card in mine)
    assert not any(card in p0_sees for card in theirs)
    assert all(card in p1_sees for card in theirs)
    assert not any(card in p1_sees for card in mine)
    assert "P0 draws 2 hidden cards" in p1_sees


def test_a_person_moves_only_for_the_seat_at_the_prompt() -> None:
    """Both seats choose in a draft round, but at P0's prompt a move of P1 is refused."""
    config, state = _first_draft()
    theirs = str(legal_moves(state, 1)[0])
    script = Script("1", theirs)
    game = play_at_terminal(config, (0, 1), [None, None], script.read, script.write)
    assert "At this prompt only P0 (monkey) moves; that move is P1's." in script.output
    assert game.moves == (legal_moves(new_game(config))[0],)
    assert not game.finished


def test_a_refused_move_is_told_with_the_rule_s_text() -> None:
    config, state = _first_draft()
    elsewhere = next(card for card in state.decks[0] if card not in state.players[0].drawn)
    script = Script("1", f"draft {elsewhere} buy", "2")
    game = play_at_terminal(config, (0,), _bots(2, (0,)), script.read, script.write, screen=WIDE)
    refusal = check_move(state, parse_move(f"P0 draft {elsewhere} buy"))
    assert refusal is not None
    assert f"Refused by {refusal.rule}: {refusal.reason}" in script.output
    assert rules()[refusal.rule].text in script.output
    assert game.moves[1] == legal_moves(state, 0)[1]  # then the move typed next was made


def test_help_moves_board_and_explain() -> None:
    config, state = _first_draft()
    script = Script("1", "help", "moves", "board", "explain colony-3", "explain NO-1", "", "9", "quit")
    play_at_terminal(config, (0,), _bots(2, (0,)), script.read, script.write, screen=WIDE)
    text = script.output
    assert HELP in text
    listing = [line for line in text.splitlines() if MOVE_LINE.match(line)]
    wheel = len(legal_moves(new_game(config)))
    assert len(listing) == wheel + 2 * len(legal_moves(state, 0))  # the wheel's list, the draft's twice
    assert str(player_view(state, 0)).split("\n", 1)[0][:60] in text  # the board's first line
    assert rules()["COLONY-3"].text in text
    assert "No rule 'NO-1'" in text
    assert f"No move 9: the moves are numbered 1 to {len(legal_moves(state, 0))}" in text


def test_every_listed_move_shows_its_words_and_its_preview() -> None:
    """Each move is listed by its notation, its words (as its legal entry says it to the web
    table, made from the seat's view) and its preview."""
    config, state = _first_draft()
    script = Script("1")
    play_at_terminal(config, (0,), _bots(2, (0,)), script.read, script.write, screen=WIDE)
    view = player_view(state, 0)
    for option in GAME.legal(view, 0):
        move, said = option.move, GAME.legal_entry(option)["text"]
        notation = str(move).removeprefix("P0 ")
        assert isinstance(said, str) and said == move_text(view, move)
        assert re.search(
            rf"\d\. {re.escape(notation)} +{re.escape(said)}: {re.escape(str(preview(state, move)))}$",
            script.output,
            re.M,
        )


@pytest.mark.parametrize("last", ["quit", None])
def test_quit_or_the_end_of_the_input_leaves_the_game(last: str | None) -> None:
    config, _ = _first_draft()
    script = Script("1", *([last] if last else []))
    game = play_at_terminal(config, (0,), _bots(2, (0,)), script.read, script.write)
    assert not game.finished
    assert len(game.moves) == 1


# --------------------------------------------------------------------------- hadara play --human


def test_hadara_play_human_plays_a_whole_game_from_standard_input(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    path = tmp_path / "game.json"
    code, out, err = play_typed(
        monkeypatch,
        capsys,
        "1\n" * 400,
        "--players",
        "3",
        "--seed",
        "4",
        "--human",
        "1",
        "--record",
        str(path),
    )
    assert (code, err) == (0, "")
    assert "--- P1 (dragon), your turn:" in out
    assert "--- P0 (monkey), your turn:" not in out
    assert "\nP1 (dragon) > 1\n" in out  # input not typed at a terminal is echoed after the prompt
    assert "\n== Final score (" in out and "\nWinner: " in out
    record = load_record(path)
    assert record.result is not None and record.info is not None
    assert record.info.players == ("greedy bot", "human", "greedy bot")
    replay(record)


def test_hadara_play_human_left_at_the_end_of_the_input_exits_1(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    """No traceback; the record of the moves made so far is saved without a result."""
    path = tmp_path / "left.yaml"
    code, out, err = play_typed(
        monkeypatch, capsys, "1\n2\n", "--players", "2", "--human", "0,1", "--record", str(path)
    )
    assert (code, err) == (1, "")
    assert "The game was left after 2 moves" in out
    record = load_record(path)
    assert len(record.moves) == 2 and record.result is None
    replay(record)


@pytest.mark.parametrize(
    ("seats", "message"),
    [
        ("x", "expected seat numbers like 0 or 0,2, found 'x'"),
        ("", "expected seat numbers like 0 or 0,2, found ''"),
        ("0,,1", "expected seat numbers like 0 or 0,2"),
        ("-1", "expected seat numbers like 0 or 0,2"),
        ("1,1", "seat 1 is named twice"),
        ("4", "--human: no seat 4 in a 4-player game (seats are 0 to 3)"),
        ("0,7", "--human: no seat 7 in a 4-player game"),
    ],
)
def test_bad_seat_lists_end_with_one_line_and_status_2(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str], seats: str, message: str
) -> None:
    try:
        code, out, err = play_typed(monkeypatch, capsys, "1\n", f"--human={seats}")
    except SystemExit as exc:
        code, (out, err) = int(str(exc.code)), capsys.readouterr()
    assert (code, out) == (2, "")
    assert err.count("\n") == 1 and message in err, err


_SESSIONS = itertools.count()


class Tmux:
    """``hadara ARGS`` in a tmux session of ``size`` (columns, rows), typed at and read as a
    person would, in the folder ``cwd`` (where a game left is saved). Without tmux the test
    is skipped, and fails under CI (``CI`` set), which must run it."""

    def __init__(
        self, *args: str, size: tuple[int, int] = (200, 50), cwd: Path | None = None, env: str = ""
    ) -> None:
        if shutil.which("tmux") is None:
            if os.environ.get("CI"):
                pytest.fail("tmux is not installed, and CI needs it (apt-get install tmux)")
            pytest.skip("tmux is not installed")
        self.session = f"hadara-test-{os.getpid()}-{next(_SESSIONS)}"
        command = f"{env} {sys.executable} -m hadara_rules.cli {' '.join(args)}; echo EXIT=$?; sleep 30"
        subprocess.run(
            [
                "tmux",
                "new-session",
                "-d",
                "-s",
                self.session,
                "-x",
                str(size[0]),
                "-y",
                str(size[1]),
                command,
            ],
            check=True,
            cwd=cwd or ROOT,
        )

    def __enter__(self) -> Tmux:
        return self

    def __exit__(self, *_: object) -> None:
        subprocess.run(["tmux", "kill-session", "-t", self.session], check=False)

    def screen(self) -> str:
        """The pane and its history."""
        return self._capture("-J", "-S", "-2000")

    def visible(self, escapes: bool = False) -> str:
        """The rows on the screen now, without the history; with ``escapes``, with their colours."""
        return self._capture(*(["-e"] if escapes else []))

    def _capture(self, *options: str) -> str:
        return subprocess.run(
            ["tmux", "capture-pane", "-p", *options, "-t", self.session],
            check=True,
            capture_output=True,
            text=True,
        ).stdout

    def wait_for(self, text: str, count: int = 1) -> str:
        deadline = time.monotonic() + 20
        while time.monotonic() < deadline:
            shown = self.screen()
            if shown.count(text) >= count:
                return shown
            time.sleep(0.1)
        raise AssertionError(f"{text!r} never showed:\n{self.screen()}")

    def type_line(self, text: str) -> None:
        subprocess.run(["tmux", "send-keys", "-t", self.session, "-l", text], check=True)
        subprocess.run(["tmux", "send-keys", "-t", self.session, "Enter"], check=True)


def test_a_person_plays_in_a_terminal(tmp_path: Path) -> None:
    """Through tmux, as a person types: the prompt, a move by number, a move in the notation,
    help, a refused move with its rule, then quit."""
    with Tmux("play", "--players", "2", "--seed", "5", "--human", "0", cwd=tmp_path) as tmux:
        # each line is typed once its prompt shows, as a person would (the n-th prompt)
        tmux.wait_for("P0 (monkey) > ")
        tmux.type_line("1")  # the wheel
        tmux.wait_for("P0 (monkey) > ", 2)
        tmux.type_line("help")
        tmux.wait_for("P0 (monkey) > ", 3)
        tmux.type_line("draft NOT-A-CARD buy")
        tmux.wait_for("P0 (monkey) > ", 4)
        _, state = _first_draft_of(GameConfig(players=2, seed=5))
        move = str(legal_moves(state, 0)[0]).removeprefix("P0 ")
        tmux.type_line(move)
        tmux.wait_for("P0 (monkey) > ", 5)
        tmux.type_line("quit")
        shown = tmux.wait_for("EXIT=")
    assert "EXIT=1" in shown
    assert "At the prompt, type one of:" in shown
    assert "Refused by DRAFT-2: " in shown
    assert f"P0 (monkey) > {move}" in shown
    assert shown.count("--- P0 (monkey), your turn:") == 3
    assert "Traceback" not in shown


def test_two_people_take_turns_at_a_terminal(tmp_path: Path) -> None:
    """Hot seat in tmux: the screen is cleared and the keyboard handed over between people."""
    with Tmux("play", "--players", "2", "--seed", "5", "--human", "0,1", cwd=tmp_path) as tmux:
        tmux.wait_for("P0 (monkey) > ")
        tmux.type_line("1")  # the wheel
        tmux.wait_for("P0 (monkey) > ", 2)
        tmux.type_line("1")  # P0's draft choice
        tmux.wait_for("Hand the keyboard to P1 (dragon), who presses Enter.")
        tmux.type_line("")
        tmux.wait_for("P1 (dragon) > ")
        tmux.type_line("quit")
        shown = tmux.wait_for("EXIT=")
    assert "EXIT=1" in shown
    _, state = _first_draft_of(GameConfig(players=2, seed=5))
    p1_screen = shown[shown.rindex("--- P1 (dragon), your turn:") :]
    assert all(card not in p1_screen for card in state.players[0].drawn)


def test_every_turn_fits_a_terminal_of_80_by_24_in_colour(tmp_path: Path) -> None:
    """Through tmux at 80x24: at each of 12 prompts the whole turn, from its heading to what
    may be typed, is on the screen, no row wider than 80 columns; the screen is in colour."""
    with Tmux("play", "--players", "3", "--seed", "7", "--human", "0", size=(80, 24), cwd=tmp_path) as tmux:
        for turn in range(1, 13):
            tmux.wait_for("P0 (monkey) > ", turn)
            rows = tmux.visible().rstrip("\n").split("\n")
            heading = max(i for i, row in enumerate(rows) if row.startswith("--- P0 (monkey), your turn:"))
            assert rows[-2] == "Type a number or a move; or board, moves, more, help, quit.", rows
            assert rows[-1].startswith("P0 (monkey) >")
            assert any(row.startswith("You: ") for row in rows[heading:])
            assert all(len(row) <= 80 for row in rows)
            if turn == 1:
                assert "\x1b[" in tmux.visible(escapes=True)  # colour on a terminal
            tmux.type_line("1")
        tmux.type_line("quit")
        tmux.wait_for("EXIT=1")


@pytest.mark.slow
@pytest.mark.parametrize("command", ["NO_COLOR=1 {hadara}", "{hadara} | cat"])
def test_no_colour_with_no_color_or_when_the_output_is_no_terminal(tmp_path: Path, command: str) -> None:
    argv = ("play", "--players", "2", "--seed", "7", "--human", "0")
    env, _, pipe = command.partition("{hadara}")
    with Tmux(*argv, pipe, size=(80, 24), cwd=tmp_path, env=env) as tmux:
        tmux.wait_for("P0 (monkey) > ")
        tmux.type_line("quit")
        tmux.wait_for("EXIT=")
        assert "--- P0 (monkey), your turn:" in tmux.screen()
        assert "\x1b[" not in tmux.visible(escapes=True).replace("\x1b[39m", "").replace("\x1b[0m", "")


def test_after_the_hand_over_the_scrollback_holds_nothing_of_the_last_hand(tmp_path: Path) -> None:
    """Hot seat in tmux at 80x24: once the keyboard is handed to P1, neither the screen nor
    its history (scrolled back) shows the cards P0 drew, nor P0's turn."""
    _, state = _first_draft_of(GameConfig(players=2, seed=5))
    with Tmux("play", "--players", "2", "--seed", "5", "--human", "0,1", size=(80, 24), cwd=tmp_path) as tmux:
        tmux.wait_for("P0 (monkey) > ")
        tmux.type_line("1")  # the wheel
        tmux.wait_for("P0 (monkey) > ", 2)
        assert all(card in tmux.screen() for card in state.players[0].drawn)
        tmux.type_line("1")  # P0's draft choice
        tmux.wait_for("Hand the keyboard to P1 (dragon), who presses Enter.")
        handed = tmux.screen()
        tmux.type_line("")
        tmux.wait_for("P1 (dragon) > ")
        p1 = tmux.screen()
        tmux.type_line("quit")
        tmux.wait_for("EXIT=")
    for shown in (handed, p1):
        assert not any(card in shown for card in state.players[0].drawn), shown
        assert "P0 (monkey), your turn" not in shown
    assert all(card in p1 for card in state.players[1].drawn)


@pytest.mark.slow
def test_resume_in_a_terminal_ends_as_the_game_played_without_a_break(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """Through tmux: three moves, quit (the game saved), then --resume to the end; the
    record is the one of the same game played in one go."""
    argv = ("--players", "2", "--seed", "11", "--human", "0")
    with Tmux("play", *argv, size=(80, 24), cwd=tmp_path) as tmux:
        for turn in range(1, 4):
            tmux.wait_for("P0 (monkey) > ", turn)
            tmux.type_line("1")
        tmux.wait_for("P0 (monkey) > ", 4)
        tmux.type_line("quit")
        assert "Record saved to hadara-game-11.json" in tmux.wait_for("EXIT=1")
    with Tmux("play", "--resume", "hadara-game-11.json", size=(80, 24), cwd=tmp_path) as tmux:
        while "EXIT=" not in (shown := tmux.screen()):
            if shown.rstrip().endswith("P0 (monkey) >"):
                tmux.type_line("1")
            time.sleep(0.05)
        assert "EXIT=0" in shown
    whole = tmp_path / "whole.json"
    monkeypatch.setattr("sys.stdin", io.StringIO("1\n" * 400))
    assert main(["play", *argv, "--record", str(whole)]) == 0
    resumed = load_record(tmp_path / "hadara-game-11.json")
    assert resumed.moves == load_record(whole).moves and resumed.result == load_record(whole).result


# --------------------------------------------------------------------------- examples/hot_seat.py

HOT_SEAT = ROOT / "examples" / "hot_seat.py"


def _hot_seat() -> Any:
    spec = importlib.util.spec_from_file_location("hot_seat", HOT_SEAT)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_the_hot_seat_example_is_under_60_lines_of_the_public_api() -> None:
    source = HOT_SEAT.read_text(encoding="utf-8")
    assert len(source.splitlines()) < 60
    imported = set(re.findall(r"^(?:from|import) (\S+)", source, re.M))
    assert imported <= {
        "__future__",
        "random",
        "sys",
        "hadara_rules",
        "hadara_rules.bots",
        "hadara_rules.events",
    }
    assert "hr._" not in source and "import _" not in source


def test_the_hot_seat_example_plays_a_whole_game(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """Two people and a bot; the first person types nonsense, another seat's move, an
    illegal move and a number out of range before their first real move."""
    config, state = GameConfig(players=3, seed=2), new_game(GameConfig(players=3, seed=2))
    first = state.first_player
    elsewhere = str(legal_moves(state, first)[0]).replace(f"P{first}", f"P{(first + 1) % 3}")
    illegal = f"P{first} pass"
    typed = ["fly away", elsewhere, illegal, "99", *["1"] * 600]
    monkeypatch.setattr("sys.stdin", io.StringIO("\n".join(typed) + "\n"))
    _hot_seat().main(3, {first, (first + 1) % 3}, config.seed)
    out = capsys.readouterr().out
    refusal = check_move(state, parse_move(illegal))
    assert refusal is not None
    assert rules()[refusal.rule].text in out
    assert f"only P{first} moves here" in out
    assert "'fly away'" in out
    assert "Game over: " in out and "\nWinners: P" in out
    assert f"--- P{(first + 1) % 3}'s turn ---" in out
    assert f"--- P{(first + 2) % 3}'s turn ---" not in out


def test_in_hot_seat_at_a_terminal_the_screen_is_cleared_between_people() -> None:
    """The next person presses Enter once the screen no longer shows the last one's cards."""
    config, state = _first_draft()
    script = Script("1", "1", "", "1", "quit")  # the wheel, P0's choice, Enter, P1's choice
    play_at_terminal(config, (0, 1), [None, None], script.read, script.write, hand_over=True)
    text = script.output
    handing = text.index(f"{CLEAR}Hand the keyboard to P1 (dragon), who presses Enter.")
    assert CLEAR == "\x1b[2J\x1b[3J\x1b[H"  # the screen, the scrollback, the cursor home
    assert text.index("--- P0 (monkey), your turn:") < handing < text.index("--- P1 (dragon), your turn:")
    assert text.count("Hand the keyboard to") == 2  # to P1, then back to P0 for the next round
    p1_screen = text[handing : text.index("P1 (dragon) > ")]
    assert all(card not in p1_screen for card in state.players[0].drawn)


class Watching:
    """A bot that plays the first legal move and notes whose view it was handed."""

    def __init__(self) -> None:
        self.viewers: list[int | None] = []

    def choose(self, state: GameState, seat: int, moves: Sequence[Move] | None = None) -> Move:
        self.viewers.append(state.viewer)
        return (moves or legal_moves(state, seat))[0]


def test_the_bots_are_handed_only_their_seat_s_view() -> None:
    """A bot choosing after a person in a draft round cannot read the person's choice."""
    bot = Watching()
    script = Script(*["1"] * 400)
    config = GameConfig(players=3, seed=8)
    play_at_terminal(config, (1,), [bot, None, bot], script.read, script.write)
    assert bot.viewers and set(bot.viewers) <= {0, 2}
    assert None not in bot.viewers


@pytest.mark.slow
def test_the_hot_seat_example_runs_as_a_script() -> None:
    """``python examples/hot_seat.py 2 0,1 3`` with every move typed as its number 1."""
    done = subprocess.run(
        [sys.executable, str(HOT_SEAT), "2", "0,1", "3"],
        input="1\n" * 600,
        capture_output=True,
        text=True,
        check=True,
        timeout=120,
    )
    assert "--- P0's turn ---" in done.stdout and "--- P1's turn ---" in done.stdout
    assert "\nWinners: P" in done.stdout
    assert done.stderr == ""


def test_the_hot_seat_example_left_at_the_end_of_input_says_so_in_one_line(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setattr(sys, "argv", [str(HOT_SEAT), "2", "0", "3"])
    monkeypatch.setattr(sys, "stdin", io.StringIO("1\n" * 5))  # then the input ends
    with pytest.raises(SystemExit) as left:
        runpy.run_path(str(HOT_SEAT), run_name="__main__")
    assert left.value.code == "\nThe game was left."
    assert "Traceback" not in capsys.readouterr().err


@pytest.mark.parametrize("humans", [(), (2,), (0, -1)])
def test_play_at_terminal_wants_seats_of_the_game(humans: tuple[int, ...]) -> None:
    script = Script()
    with pytest.raises(ValueError, match="humans must name seats of a 2-player game"):
        play_at_terminal(GameConfig(players=2), humans, _bots(2, ()), script.read, script.write)
    assert script.shown == []
