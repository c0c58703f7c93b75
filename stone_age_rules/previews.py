"""What each legal move will do, as the mover can know it from its own view.

A move that rolls dice (ACT-3, CIV-7, CIV-8) cannot be foreseen (FLOW-4, INFO-3): its
preview gives what is certain (what happens before the roll, such as a card's price)
and, for a roll for food or a resource, the expected yield before tools. A move that
rolls nothing is foreseen whole: the changes to the mover's board. The round's last action
ends with the feeding (FEED-1), which is not the action's: its preview stops there.
"""

from __future__ import annotations

from collections import Counter
from fractions import Fraction
from functools import cache

from attrs import frozen

from ._amounts import amounts_text
from ._components import components
from ._engine import apply_move_with_events, legal_moves
from ._goods import FOOD_VALUE, VALUES, Kind
from ._model import AREAS, SLOTS, GameState, Location
from ._moves import Move


@frozen
class Preview:
    """A legal move and what it will do to its mover's board."""

    #: The legal move previewed.
    move: Move
    #: The changes to the mover's counters that are certain (see the module).
    certain: tuple[tuple[str, int], ...] = ()
    #: How many dice the move rolls (0: none, and ``certain`` is all it does).
    dice: int = 0
    #: The expected yield of the roll before tools, rounded to hundredths (ACT-3, CIV-7).
    expected: tuple[tuple[str, float], ...] = ()

    @property
    def changes_nothing(self) -> bool:
        """Whether the move changes nothing on its mover's board (a placement: PLACE-1)."""
        return not (self.certain or self.dice or self.expected)

    def __str__(self) -> str:
        parts = [amounts_text(self.certain)]
        if self.dice:
            parts.append(f"rolls {self.dice} {'die' if self.dice == 1 else 'dice'}")
        if self.expected:
            parts.append("expected " + amounts_text(self.expected))
        return "; ".join(part for part in parts if part) or "no change to your board"


@cache
def _sums(dice: int) -> Counter[int]:
    """How many ways ``dice`` dice show each total."""
    ways: Counter[int] = Counter({0: 1})
    for _ in range(dice):
        ways = _add_die(ways)
    return ways


def _add_die(ways: Counter[int]) -> Counter[int]:
    found: Counter[int] = Counter()
    for total, n in ways.items():
        for face in range(1, 7):
            found[total + face] += n
    return found


def expected_yield(dice: int, divisor: int) -> float:
    """ACT-3: the expected total of ``dice`` dice divided by ``divisor``, rounded down."""
    ways = _sums(dice)
    mean = Fraction(sum(n * (total // divisor) for total, n in ways.items()), 6**dice)
    return round(float(mean), 2)


def _rolled_for(view: GameState, location: Location) -> tuple[str, int] | None:
    """What a roll at ``location`` yields and its divisor; None for a roll for everyone (CIV-8)."""
    if location is Location.HUNTING:
        return "food", FOOD_VALUE
    kind: Kind | None = AREAS.get(location)
    if kind is None and location in SLOTS:
        card = view.display[SLOTS.index(location)]
        kind = None if card is None else components().card[card].kind
    return None if kind is None else (kind.value, VALUES[kind])


def preview(view: GameState, move: Move) -> Preview:
    """What ``move`` (legal in ``view``) will do to its mover's board, as far as it is certain."""
    events = apply_move_with_events(view, move)[1]
    certain: Counter[str] = Counter()
    for event in events:
        if event.player is None and event.rule == "FLOW-5" and event.what == "feeding begins":
            break  # the feeding that follows the round's last action is no part of it (FEED-1)
        if event.dice:
            if event.player != move.player:
                break
            location = Location(event.item) if event.item is not None else None
            target = None if location is None else _rolled_for(view, location)
            expected = () if target is None else ((target[0], expected_yield(len(event.dice), target[1])),)
            return Preview(move, _listed(certain), len(event.dice), expected)
        if event.player == move.player:
            certain.update(dict(event.amounts))
    return Preview(move, _listed(certain))


def _listed(changes: Counter[str]) -> tuple[tuple[str, int], ...]:
    return tuple((str(name), n) for name, n in changes.items() if n)


def previews(view: GameState, seat: int) -> tuple[Preview, ...]:
    """The preview of every legal move of ``seat`` in its view, in :func:`legal_moves`' order."""
    return tuple(preview(view, move) for move in legal_moves(view, seat))
