"""Stone Age in hot seat at a terminal: between two people's turns the screen and the
scrollback are cleared, and what one person's screen shows never names a card another
player drew face down (INFO-2), until the game is over."""

from __future__ import annotations

import random
import re

from boardtable.games import game
from boardtable.prompt import CLEAR
from boardtable.terminal import TableWords, play_interface_at_terminal
from stone_age_rules.text import board_lines, item_text, move_text, own_lines, where_text

#: The seeds of the games played, in order, until one has a card drawn face down (CIV-13) whose
#: owner is shown it before the game ends (the property is held in every game played).
SEEDS = range(2, 12)


class People:
    """Both seats' people: a random listed move at each prompt (a random count where one is
    asked), now and then the board or the list of moves first, Enter at each hand-over."""

    def __init__(self, seed: int) -> None:
        self.rng = random.Random(seed)
        self.written: list[str] = []
        self.listed = 1

    def write(self, text: str) -> None:
        self.written.append(text)
        numbers = re.findall(r"^\s+(\d+)\. ", text, re.M)
        if numbers and "your turn:" in text:
            self.listed = max(map(int, numbers))

    def read(self, prompt: str) -> str | None:
        if prompt == "":
            return ""  # the next person presses Enter
        if prompt.startswith("How many, "):
            low, high = map(int, re.findall(r"\d+", prompt))
            return str(self.rng.randint(low, high))
        if self.rng.random() < 0.1:
            return self.rng.choice(["board", "moves"])
        return str(self.rng.randint(1, self.listed))


def _told_face_down(seed: int) -> set[str]:
    """Two people play the game of ``seed`` in hot seat; no screen of one names a card another
    drew face down. The cards drawn face down that their owners' screens named."""
    played = game("stone-age")
    options = played.read_options({}, 2, seed)
    people = People(seed)
    words = TableWords(where_text, own_lines, board_lines, said=move_text)
    outcome = play_interface_at_terminal(
        played, played.new(options), (0, 1), {}, people.read, people.write, words, hand_over=True
    )
    assert outcome.finished
    # the cards each player drew face down, from the whole game's events
    state, secret = played.new(options), dict[str, int]()
    for move in outcome.moves:
        state, events = played.play(state, move)
        secret.update(
            {e.item: e.player for e in events if e.rule == "CIV-13" and e.item and e.player is not None}
        )
    text = "\n".join(people.written)
    text = text[: text.index("The game is over")]  # final scoring shows every card
    # each stretch of the screen after a hand-over is one person's, until the next hand-over
    parts = re.split(re.escape(CLEAR) + r"Hand the keyboard to P(\d)", text)
    first = int(re.findall(r"--- P(\d), your turn:", parts[0])[0])
    screens = [
        (first, parts[0]),
        *((int(seat), part) for seat, part in zip(parts[1::2], parts[2::2], strict=True)),
    ]
    assert len(screens) > 20
    told = set()
    for seat, screen in screens:
        for card, owner in secret.items():
            drew = f"P{owner} drew a card: {item_text(card)}"  # the log says what it shows
            if re.search(rf"\b{card}\b", screen) or drew in screen:
                assert owner == seat, f"P{seat} was shown {card}, drawn face down by P{owner}"
                told.add(card)
    return told


def test_in_hot_seat_nobody_sees_a_card_another_drew_face_down() -> None:
    # a game's last card drawn face down may come too late for its owner's screen: the games
    # go on until one shows its owner a card (so the scan above is known to find one)
    for seed in SEEDS:
        if _told_face_down(seed):
            return
    raise AssertionError(
        f"no game of seeds {SEEDS.start} to {SEEDS.stop - 1} told an owner its card drawn face down"
    )
