"""Imperial Settlers on the command line: what the ``hadara`` command asks of Imperial
Settlers beside its game interface (:class:`~boardtable.games.commands.Commands`).

Imperial Settlers is played at the platform's terminal (:mod:`boardtable.terminal`) in its own
words (:data:`WORDS`: where the game stands, a seat's empire, the table, what each legal move
does, the score sheet), has no scenario part of its own (its scenarios start from a
``config:`` or a ``position:``), and has its document schemas
(:mod:`imperial_settlers_rules.schema`); ``--factions`` and ``--first-player`` set its options.
"""

from __future__ import annotations

import argparse

from attrs import evolve

from boardtable.games.commands import CommandOption, Commands, TableWords

from ._components import FACTIONS
from ._goods import SUPPLY
from ._model import GameState, Player
from ._rules.scoring import ScoreSheet, score
from ._table import card_of
from .previews import Preview
from .schema import SCHEMAS
from .view import HIDDEN

__all__ = ["OPTIONS", "WORDS", "commands"]


def _names(cards: tuple[str, ...]) -> str:
    return ", ".join("?" if card == HIDDEN else card_of(card).name for card in cards) or "none"


def _supply(player: Player) -> str:
    return " ".join(f"{amount} {name}" for name, amount in zip(SUPPLY, player.supply, strict=True) if amount)


def where_text(view: GameState) -> str:
    """Where the game stands: the round (FLOW-5) and its phase."""
    return f"round {view.round} of 5, {view.phase.value}"


def own_lines(view: GameState, seat: int) -> list[str]:
    """The seat's own empire, supply and hand (GOODS-1, LOOK-6)."""
    player = view.players[seat]
    return [
        f"P{seat} {player.faction}: {player.vp} vp; {_supply(player) or 'an empty supply'}",
        f"  empire: {_names(player.empire)}",
        f"  hand: {_names(player.hand)}",
    ]


def board_lines(view: GameState, seat: int) -> list[str]:
    """The table as the seat sees it: the lookout's cards (LOOK-2), then every player's empire,
    foundations and deals, and the number of cards in their hands."""
    lines = [f"{where_text(view)}; lookout: {_names(view.offer)}"]
    for index, player in enumerate(view.players):
        mark = "*" if index == seat else " "
        lines.append(
            f"{mark}P{index} {player.faction}: {player.vp} vp, {len(player.hand)} in hand, "
            f"{len(player.foundations)} foundations, {len(player.deals)} deals; {_supply(player)}"
        )
        lines.append(f"    {_names(player.empire)}")
    return lines


def option_text(view: GameState, option: Preview) -> str:
    """What an offered move does, in words (its preview's)."""
    return str(option)


def _sheet(seat: int, sheet: ScoreSheet) -> str:
    return (
        f"P{seat}  {sheet.played:>6} {sheet.locations:>9} {sheet.tucked:>6} {sheet.total:>5}"
        f" {sheet.goods_left:>10} {sheet.hand:>4}"
    )


def score_sheet_text(final: GameState) -> str:
    """The score sheets (END-2, END-3) with the tie-breaks (END-4: goods left, then cards in hand)."""
    head = "seat  played locations  gates total goods_left hand"
    return "\n".join([head, *(_sheet(seat, sheet) for seat, sheet in enumerate(score(final)))])


#: What Imperial Settlers' screens say.
WORDS = TableWords(where_text, own_lines, board_lines, option_text, score_sheet_text)


def _factions(text: str) -> list[str]:
    """``--factions romans,japanese``: one faction for each seat (SETUP-1)."""
    names = [name.strip() for name in text.split(",")]
    unknown = [name for name in names if name not in FACTIONS]
    if unknown:
        raise argparse.ArgumentTypeError(f"no faction {unknown[0][:20]!r} (they are {', '.join(FACTIONS)})")
    return names


def _first(text: str) -> int | str:
    """``--first-player 2`` or ``--first-player random`` (SETUP-6)."""
    if text == "random":
        return text
    if text.isdigit() and len(text) == 1:
        return int(text)
    raise argparse.ArgumentTypeError(f"a seat from 0 to 3 or 'random', not {text[:20]!r}")


#: The options of a match on the command line.
OPTIONS = (
    CommandOption(
        "factions", "each seat's faction, in seat order (SETUP-1; default: dealt)", _factions, "A,B,..", True
    ),
    CommandOption("first_player", "the first player of round 1: a seat or random (SETUP-6)", _first, "SEAT"),
)


def commands(base: Commands) -> Commands:
    """Imperial Settlers' commands: ``base`` (the library's: its rule index, its records checked
    by :func:`~imperial_settlers_rules.records.replay`) with its words, schemas and options."""
    return evolve(base, words=WORDS, schemas=SCHEMAS, options=OPTIONS)
