"""Each game's move notation reads back as the move it writes: over a few seeded games, every
legal move's notation, as the seat is offered it, reads back as that move, and no two moves
of a seat share a text."""

from __future__ import annotations

from boardtable.games import AnyGame

from .support import as_sent, walk

#: The seeds of the games walked.
SEEDS = (41, 42, 43)


def test_every_legal_move_s_notation_reads_back_as_the_move(played: AnyGame) -> None:
    for seed in SEEDS:
        game = walk(played, played.seats[seed % len(played.seats)], seed)
        for state in game.states[::4]:
            for seat in played.to_act(state):
                texts: dict[str, object] = {}
                for option in played.legal(played.view(state, seat), seat):
                    entry = played.legal_entry(option)
                    text = entry["notation"]
                    assert isinstance(text, str) and text == " ".join(text.split()), text
                    move = played.read_move(text)
                    assert move == played.read_move(as_sent(entry["move"])), text
                    assert played.mover(move) == seat
                    assert texts.setdefault(text, move) == move, text
