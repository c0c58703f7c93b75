"""What happened during a move, in order: the move itself, each gain event (ENG-3), each
card drawn, and the turns of the round (FLOW-5). Each event names the rule it follows."""

from __future__ import annotations

from attrs import frozen

__all__ = ["Event"]


@frozen
class Event:
    """One thing that happened: under ``rule``, ``seat`` (None: nobody in particular) did or
    got ``what``, naming a ``card`` and ``goods`` (good names with amounts) where it has them,
    the ``item`` put under or on its card (a card from the hand or a good, CARD-26) and the
    ``opponent`` it was against (the owner of the location razed, RAZE-3)."""

    rule: str
    what: str
    seat: int | None = None
    card: str | None = None
    goods: tuple[tuple[str, int], ...] = ()
    item: str | None = None
    opponent: int | None = None

    def __str__(self) -> str:
        words = [] if self.seat is None else [f"P{self.seat}"]
        words.append(self.what)
        if self.card is not None:
            words.append(self.card)
        if self.goods:
            words.append(",".join(f"{amount}{name}" for name, amount in self.goods))
        if self.item is not None:
            words.append(f"item={self.item}")
        if self.opponent is not None:
            words.append(f"against=P{self.opponent}")
        return f"{' '.join(words)} ({self.rule})"
