"""A person's turn at the terminal: one screen of 80x24 at most, wrapped at word boundaries,
in colour only on a terminal, what the player watches, and why a seat was passed over."""

from __future__ import annotations

import io
import random
import re

import pytest

from boardtable.games import game
from boardtable.screen import Pager, Screen, wrap
from boardtable.terminal import TableWords, play_interface_at_terminal
from hadara_rules import GameConfig, apply_move, legal_moves, new_game, parse_move, player_view
from hadara_rules._passed import why_passed_over
from hadara_rules._previews import food_shortfall, gold_price, silver_price, statue_yield
from hadara_rules._rules.scoring import score
from hadara_rules._vocabulary import Section
from hadara_rules._watch import watched, wheel_lines
from hadara_rules.bots import make_bots
from hadara_rules.events import Passed, move_steps
from hadara_rules.terminal import play_at_terminal
from stone_age_rules.text import board_lines, move_text, own_lines, where_text

#: An ANSI escape sequence (a colour, a clear).
ESCAPE = re.compile(r"\x1b\[[0-9;]*[A-Za-z]")
SMALL = Screen(80, 24)


class Typist:
    """Types the number of a random listed move at every prompt, now and then a command
    first; keeps each stretch of output written between two prompts."""

    def __init__(self, seed: int, commands: bool = True) -> None:
        self.rng = random.Random(seed)
        self.commands = commands
        self.stretches: list[list[str]] = [[]]
        self.moves = 1

    def write(self, text: str) -> None:
        self.stretches[-1].append(text)
        listed = re.findall(r"^\s+(\d+)\. ", ESCAPE.sub("", text), re.M)
        if listed and "your turn:" in ESCAPE.sub("", text):
            self.moves = max(map(int, listed))

    def read(self, prompt: str) -> str | None:
        self.stretches.append([])
        if self.commands and self.rng.random() < 0.1:
            return self.rng.choice(["board", "moves", "more", "help", "explain PURPLE-6"])
        return str(self.rng.randint(1, self.moves))

    def screens(self) -> list[list[str]]:
        """The rows written before each prompt, escapes removed."""
        return [ESCAPE.sub("", "\n".join(stretch)).split("\n") for stretch in self.stretches[:-1] if stretch]


def _play(players: int, advanced: bool, seed: int, humans: tuple[int, ...], screen: Screen) -> Typist:
    typist = Typist(seed)
    bots = [None if seat in humans else bot for seat, bot in enumerate(make_bots("random", players, seed))]
    config = GameConfig(players=players, seed=seed, advanced=advanced)
    game = play_at_terminal(config, humans, bots, typist.read, typist.write, screen=screen)
    assert game.finished
    return typist


def _play_stone_age(players: int, seed: int, humans: tuple[int, ...], screen: Screen) -> Typist:
    """Stone Age through the game interface, to the end, on ``screen``."""
    typist = Typist(seed)
    played = game("stone-age")
    options = played.read_options({}, players, seed)
    bots = {
        seat: played.bot("random", f"{seed}:{seat}", 1.0) for seat in range(players) if seat not in humans
    }
    words = TableWords(where_text, own_lines, board_lines, said=move_text)
    start = played.new(options)
    outcome = play_interface_at_terminal(
        played, start, humans, bots, typist.read, typist.write, words, screen=screen
    )
    assert outcome.finished
    return typist


@pytest.mark.parametrize(
    ("game_name", "players", "advanced", "seed", "humans"),
    [
        ("hadara", 2, False, 3, (0, 1)),
        ("hadara", 3, True, 4, (1,)),
        ("hadara", 4, False, 5, (0, 3)),
        ("hadara", 5, True, 6, (0, 1, 2, 3, 4)),
        ("stone-age", 2, False, 3, (0, 1)),
        ("stone-age", 4, False, 5, (0, 2)),
    ],
)
def test_every_turn_and_every_command_fits_80_by_24(
    game_name: str, players: int, advanced: bool, seed: int, humans: tuple[int, ...]
) -> None:
    """Item 2 of the play-test, in each game: whatever is written before a prompt, a turn's
    screen or a command's answer, takes at most 23 rows of 80 columns (the prompt is the 24th)."""
    if game_name == "hadara":
        typist = _play(players, advanced, seed, humans, SMALL)
    else:
        typist = _play_stone_age(players, seed, humans, SMALL)
    screens = typist.screens()
    turns = [rows for rows in screens if any(row.startswith("--- P") for row in rows)]
    assert len(turns) > 40
    for rows in screens:
        assert len(rows) <= 23, "\n".join(rows)
        assert all(len(row) <= 80 for row in rows), "\n".join(rows)
    for rows in turns:
        assert any(row.startswith("You: ") for row in rows)
        assert any(row.startswith("Score if the game ended now: ") for row in rows)
        assert rows[-1] == "Type a number or a move; or board, moves, more, help, quit."


def test_a_long_list_of_moves_waits_behind_moves_and_the_log_behind_more() -> None:
    """On a screen of 12 rows, the moves that do not fit are counted, 'moves' lists them
    all a page at a time, and 'more' shows the rest."""
    typist = _play(3, False, 8, (0, 1, 2), Screen(80, 12))
    text = "\n".join("\n".join(stretch) for stretch in typist.stretches)
    assert re.search(r"  \.\.\. and \d+ more: type 'moves'", text)
    assert re.search(r"\(\d+ earlier lines? of the log: type 'more'\)", text)
    for rows in typist.screens():
        assert len(rows) <= 11


@pytest.mark.parametrize("game_name", ["hadara", "stone-age"])
def test_colour_only_where_the_screen_shows_it(game_name: str) -> None:
    if game_name == "hadara":
        coloured = _play(2, False, 9, (0,), Screen(80, 24, colour=True))
        plain = _play(2, False, 9, (0,), Screen(80, 24, colour=False))
    else:
        coloured = _play_stone_age(2, 9, (0,), Screen(80, 24, colour=True))
        plain = _play_stone_age(2, 9, (0,), Screen(80, 24, colour=False))
    coloured_text = "\n".join("\n".join(s) for s in coloured.stretches)
    plain_text = "\n".join("\n".join(s) for s in plain.stretches)
    assert re.search(r"\x1b\[1;36m--- P0( \(monkey\))?, your turn:", coloured_text)
    assert "\x1b[" not in plain_text
    assert ESCAPE.sub("", coloured_text) == plain_text  # the same words either way


class Stream(io.StringIO):
    def __init__(self, tty: bool) -> None:
        super().__init__()
        self.tty = tty

    def isatty(self) -> bool:
        return self.tty


@pytest.mark.parametrize(
    ("tty", "environ", "colour"),
    [(True, {}, True), (False, {}, False), (True, {"NO_COLOR": "1"}, False), (True, {"NO_COLOR": ""}, True)],
)
def test_colour_on_a_terminal_only_and_never_with_no_color(
    tty: bool, environ: dict[str, str], colour: bool, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("COLUMNS", "100")
    monkeypatch.setenv("LINES", "30")
    screen = Screen.of(Stream(tty), environ)
    assert screen == Screen(100, 30, colour)
    assert (screen.paint("x", "heading") != "x") is colour


def test_lines_are_wrapped_at_word_boundaries_under_their_indent() -> None:
    line = "  drawn: I-blue-01 (blue, cost 3: culture +2, food +1, 2 pts): buy for 3, or sell for 2"
    rows = wrap(line, 40)
    assert rows == [
        "  drawn: I-blue-01 (blue, cost 3:",
        "    culture +2, food +1, 2 pts): buy for",
        "    3, or sell for 2",
    ]
    assert " ".join(row.strip() for row in rows) == line.strip()
    assert wrap("a\n\nb", 10) == ["a", "", "b"]


def test_a_pager_shows_a_screen_at_a_time() -> None:
    pager = Pager()
    rows = [str(n) for n in range(25)]
    assert pager.page(rows, 10) == [*map(str, range(9)), "(16 more lines: type 'more')"]
    assert pager.more(10) == [*map(str, range(9, 18)), "(7 more lines: type 'more')"]
    assert pager.more(10) == list(map(str, range(18, 25)))
    assert pager.more(10) == ["Nothing more to show."]


def test_what_a_player_watches_comes_from_the_library_s_own_numbers() -> None:
    """Item 3: the score now, each statue's culture, food against cards, cards by colour,
    and the wheel (what each rotation gives each seat first, then this round's decks)."""
    state = new_game(GameConfig(players=3, seed=4))
    view = player_view(state, 1)
    lines = watched(view, 1)
    totals = ", ".join(f"P{sheet.player} {sheet.total}" for sheet in score(view))
    assert lines[0] == f"Score if the game ended now: {totals}"
    needs = "; ".join(f"statue {i} needs {statue_yield(view, 1, i).requirement}" for i in range(4))
    assert lines[1] == f"Culture {view.players[1].tracks.culture}: {needs}"
    assert lines[2].startswith(f"Food {view.players[1].tracks.food} for 0 cards: enough")
    assert food_shortfall(view, 1) == 0
    assert lines[3] == "Cards by colour: P0 none; P1 none; P2 none"
    assert state.section is Section.WHEEL and len(wheel_lines(view)) == 5
    for rotation in range(5):  # the rotation set, the first draws are the ones it promised
        new_state = apply_move(state, parse_move(f"P{state.first_player} wheel {rotation}"))
        drawn = ", ".join(
            f"P{seat} {new_state.catalogue.cards[new_state.players[seat].drawn[0]].color}"
            for seat in range(3)
        )
        assert wheel_lines(view)[rotation] == f"Wheel {rotation}, first draws: {drawn}"


@pytest.mark.parametrize(("players", "advanced", "seed"), [(3, False, 31), (4, True, 32), (5, False, 33)])
def test_a_seat_passed_over_is_told_why_with_the_numbers_the_rules_compare(
    players: int, advanced: bool, seed: int
) -> None:
    """Item 4: every seat the engine passes over has a reason, and a medal's reason names
    prices the seat cannot pay."""
    rng = random.Random(seed)
    state = new_game(GameConfig(players=players, seed=seed, advanced=advanced))
    told = 0
    while not state.is_over:
        move = rng.choice(legal_moves(state, state.to_act[0]))
        for step in list(move_steps(state, move)):
            before, state, events = step
            for event in events:
                if not (isinstance(event, Passed) and event.automatic and event.player is not None):
                    continue
                seat = event.player
                why = why_passed_over(before, seat, seat)
                told += 1
                if before.section is Section.MEDALS and "within reach" in why:
                    coins = before.players[seat].coins
                    assert why.endswith(f"you have {coins} coin{'' if coins == 1 else 's'}")
                    for kind, price in (("silver", silver_price), ("gold", gold_price)):
                        if f"{kind} costs" in why:
                            assert f"{kind} costs {price(before, seat)}" in why
                            assert price(before, seat) > coins
                assert why_passed_over(before, seat, None).count("you") == 0
    assert told > 3


def test_the_log_of_a_person_tells_why_a_seat_was_passed_over() -> None:
    typist = _play(4, False, 12, (0, 1, 2, 3), Screen(200, 1000))
    text = "\n".join("\n".join(s) for s in typist.stretches)
    reasons = re.findall(r"P\d is passed over: (.*) \((MEDAL|COLONY|STATUE|FEED)-\d[^)]*\)", text)
    assert {rule for _, rule in reasons} == {"MEDAL", "COLONY", "STATUE", "FEED"}
    for why, rule in reasons:
        expected = {
            "MEDAL": "no medal within reach|every medal on",
            "COLONY": "no colony within reach|no more colony|no colony left",
            "STATUE": "no statue within reach|no more statue|every statue",
            "FEED": r"fed: food \d+ for \d+ cards?",
        }[rule]
        assert re.match(expected, why), (rule, why)
    assert all(not re.search(r"\([A-Z]+-\d+\)", why) for why, _ in reasons)  # the rule is told once, after
