"""Imperial Settlers at the terminal, on a screen of 80x24: every turn's screen and every
command's answer over whole seeded games of 2 to 4 players, the table on the first page of
``board`` with every empire in full behind ``more``, and a whole game played by ``hadara
play --human 0`` from typed input."""

from __future__ import annotations

import random
import re

import attrs
import pytest
from helpers import play_typed

from boardtable.games import game as registered
from boardtable.prompt import FOOTER
from boardtable.screen import Screen
from boardtable.terminal import play_interface_at_terminal
from imperial_settlers_rules import components, player_view
from imperial_settlers_rules._model import Deal
from imperial_settlers_rules.board import ROWS, board_lines, own_lines, shortened
from imperial_settlers_rules.text import card_name

from .tables import acting, card, supply

#: The prompt, and the note under a page that does not hold everything.
PROMPT = re.compile(r"^P\d > ", re.M)
PAGED = re.compile(r"^\(\d+ more lines?: type 'more'\)$")


class Typist:
    """Types a random listed move's number at every prompt (a count in range where one is
    asked), now and then ``board``, ``more`` or ``moves`` first; keeps what was written
    between two prompts, and each answer to ``board``."""

    def __init__(self, seed: int) -> None:
        self.rng = random.Random(seed)
        self.stretches: list[list[str]] = [[]]
        self.boards: list[list[str]] = []
        self.moves = 1
        self.typed = ""

    def write(self, text: str) -> None:
        self.stretches[-1].append(text)
        if self.typed == "board":
            self.boards.append(text.split("\n"))
        listed = re.findall(r"^\s+(\d+)\. ", text, re.M)
        if listed and "your turn:" in text:
            self.moves = max(map(int, listed))

    def read(self, prompt: str) -> str | None:
        self.stretches.append([])
        if prompt.startswith("How many, "):
            low, high = map(int, re.findall(r"\d+", prompt))
            self.typed = str(self.rng.randint(low, high))
        elif self.rng.random() < 0.08:
            self.typed = self.rng.choice(["board", "more", "moves"])
        else:
            self.typed = str(self.rng.randint(1, self.moves))
        return self.typed

    def screens(self) -> list[list[str]]:
        return ["\n".join(stretch).split("\n") for stretch in self.stretches[:-1] if stretch]


@pytest.mark.parametrize(("players", "seed"), [(2, 3), (3, 4), (4, 5)])
def test_every_turn_and_every_command_fits_80_by_24(players: int, seed: int) -> None:
    """Every seat played by a person, a whole game: whatever is written before a prompt takes
    at most 23 rows of 80 columns (the prompt is the 24th); each turn shows the heading, the
    seat's own board, the totals if the game ended now, at least one move and the footer; each
    answer to ``board`` shows every player on its first page."""
    played = registered("imperial-settlers")
    typist = Typist(seed)
    words = played.commands().words
    outcome = play_interface_at_terminal(
        played,
        played.new(played.read_options({}, players, seed)),
        range(players),
        {},
        typist.read,
        typist.write,
        words,
        screen=Screen(80, 24),
    )
    assert outcome.finished
    screens = typist.screens()
    too_big = [rows for rows in screens if len(rows) > 23 or max(map(len, rows)) > 80]
    assert not too_big, "\n".join(too_big[0])
    turns = [rows for rows in screens if rows[-1] == FOOTER]
    assert len(turns) > 60
    for rows in turns:
        said = "\n".join(rows)
        assert re.search(r"^--- P\d, your turn: ", said, re.M) and re.search(r"^\s+1\. ", said, re.M)
        assert re.search(r"^You \(.*\n(.*\n)*VP if the game ended now: ", said, re.M), said
    assert typist.boards
    for rows in typist.boards:
        heads = [row for row in rows if re.match(r"(You|P\d) \(", row)]
        assert len(heads) == players, "\n".join(rows)


@pytest.mark.parametrize("players", [2, 3, 4])
def test_a_crowded_table_fits_one_screen_and_every_name_is_behind_more(players: int) -> None:
    """A table as full as a game makes it (each player with 14 locations, 9 cards in hand, a
    foundation, 6 deals and two-figure amounts of every good; a lookout of 5 cards): the
    table's part of ``board`` (all before "Every empire in full:") takes at most 22 rows of 80
    columns, each player shown; the full part names every location of every empire in full;
    the turn's own board takes at most 8 rows."""
    factions = ("romans", "barbarians", "egyptians", "japanese")[:players]
    common = list(components().deck_ids("common"))
    given: dict[str, dict[str, object]] = {}
    for seat, faction in enumerate(factions):
        own = [c for c in components().deck_ids(faction) if components().copies[c].deal is not None]
        deals = tuple(Deal(c, deal) for c in own[5:11] if (deal := components().copies[c].deal) is not None)
        given[f"p{seat}"] = {
            "empire": (*common[:9], *own[:5]),
            "hand": tuple(common[9:18]),
            "foundations": tuple(common[18:19]),
            "deals": deals,
            "supply": supply(worker=14, wood=10, stone=12, food=11, gold=10, raze=13, defense=10),
            "vp": 48,
        }
        common = common[19:]
    state = attrs.evolve(acting(factions, **given), offer=tuple(common[:5]))  # type: ignore[arg-type]
    for seat in (*range(players), None):
        lines = board_lines(player_view(state, seat), seat)
        table = lines[: lines.index("Every empire in full:")]
        assert len(table) <= ROWS and all(len(line) <= 80 for line in lines), "\n".join(table)
        assert sum(bool(re.match(r"(You|P\d) \(", row)) for row in table) == players
        assert table[1].startswith(f"lookout: {card_name(state.offer[0])}, ")
        full = " ".join(" ".join(lines[len(table) :]).split())
        for player in state.players:
            assert all(card_name(location) in full for location in player.empire)
    own = own_lines(player_view(state, 0), 0)
    assert len(own) <= 8 and own[0].startswith("You (Romans") and own[-1].startswith("VP if")


def test_a_long_name_is_shortened_to_its_first_word_and_initials() -> None:
    assert shortened("Primeval Forest*") == "Primeval F.*"
    assert shortened("Avenue of Sphinxes") == "Avenue S."
    assert shortened("School of Diplomacy* (samurai, 2 on)") == "School D.* (samurai, 2 on)"
    assert shortened("Tavern (defended)") == "Tavern (defended)"
    assert shortened("Quarry") == "Quarry"
    assert card_name(card("com-quarry")) == "Quarry"


def test_a_whole_game_is_played_at_the_terminal(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """``hadara play --game imperial-settlers --human 0``, P1 a bot: the board and the rest of
    it, then the second listed move and the first by turns (a move that is not listed told), to
    the end and its score sheet; every stretch between two prompts fits 80x24."""
    typed = "board\nmore\nmoves\n" + "2\n1\n" * 400
    code, out, _ = play_typed(
        monkeypatch,
        capsys,
        typed,
        "--game",
        "imperial-settlers",
        "--players",
        "2",
        "--seed",
        "3",
        "--human",
        "0",
    )
    assert code == 0, out[-2000:]
    assert "--- P0, your turn: Round 5 of 5: actions ---" in out
    assert "Every empire in full:" in out and "Your empire: " in out
    assert "The game ends (END-1)" in out and "tie-break: goods left" in out and "Winner: P" in out
    turns = PROMPT.split(out.split("== Final score")[0])
    assert len(turns) > 20 and "P0 builds " in out
    for stretch in turns[1:-1]:  # the last: the game's end, the log since the last turn
        rows = stretch.rstrip("\n").split("\n")[1:]  # the line typed, echoed after the prompt, first
        assert len(rows) <= 23 and all(len(row) <= 80 for row in rows), stretch
