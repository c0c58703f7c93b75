"""A seat's view of the table on a screen of 80x24 (the platform's terminal, ``hadara replay``):
each player's supply on a line, their empire by type of location (CARD-1) with its marks
(DEF-2, FAC-JAP-3, CARD-26, FAC-EGY-3) and their hand, foundations and deals, the seat's own in
more detail than the others'; names are shortened (``Primeval F.*``) and the rest counted
(``+3 more``) only where they do not fit, and the board's last part names every location in
full (behind ``more`` at the terminal)."""

from __future__ import annotations

import textwrap
from collections import Counter
from collections.abc import Sequence

from boardtable.screen import counted

from ._components import components
from ._model import GameState, KeepOne
from ._rules.scoring import score
from ._table import controlled
from .text import PROVISIONAL, SUPPLY_WORDS, TYPES, amount_text, card_name, decision_text, where_text
from .view import HIDDEN

__all__ = ["OWN_ROWS", "ROWS", "WIDTH", "board_lines", "fitted", "own_lines", "shortened"]

#: The columns of the smallest screen (:data:`boardtable.screen.SMALLEST`).
WIDTH = 80
#: How later rows of an item are indented.
_INDENT = "      "
#: A name longer than this is shortened where the full names do not fit.
_SHORT = 12


def shortened(name: str) -> str:
    """A card's name shortened to its first word and the initials of the other capitalised
    ones (``Primeval F.*``, ``Avenue S.``), its star and its marks kept (``Sake H.* (samurai)``);
    a short name as it is."""
    bare, paren, marks = name.partition(" (")
    star = "*" if bare.endswith("*") else ""
    bare = bare.removesuffix("*")
    if len(bare) > _SHORT:
        first, *rest = bare.split(" ")
        bare = " ".join([first, *(f"{word[0]}." for word in rest if word[:1].isupper())])
    return bare + star + paren + marks


def fitted(head: str, names: Sequence[str], rows: int) -> list[str]:
    """``head`` and ``names`` (comma-separated) wrapped to at most ``rows`` rows of
    :data:`WIDTH` columns: the names in full, else shortened (:func:`shortened`), else as many
    of them shortened as fit and ``+N more``."""
    for said in (list(names), [shortened(name) for name in names]):
        wrapped = _wrap(head + ", ".join(said))
        if len(wrapped) <= rows:
            return wrapped
    for kept in range(len(names) - 1, -1, -1):
        said = [shortened(name) for name in names[:kept]] + [f"+{len(names) - kept} more"]
        wrapped = _wrap(head + ", ".join(said))
        if len(wrapped) <= rows:
            return wrapped
    return _wrap(head)[:rows]


def _wrap(text: str) -> list[str]:
    return textwrap.wrap(text, WIDTH, subsequent_indent=_INDENT)


def _supply(supply: Sequence[int]) -> str:
    """``6 workers 2 wood 1 raze``; ``no goods``."""
    said = [
        f"{amount} {one if amount == 1 else several}"
        for (one, several), amount in zip(SUPPLY_WORDS, supply, strict=True)
        if amount
    ]
    return " ".join(said) or "no goods"


def _marked(view: GameState, seat: int) -> list[tuple[str, str]]:
    """Each location ``seat`` holds, with its type and its name and marks: defended (DEF-2),
    a samurai (FAC-JAP-3), cards under it or resources on it (CARD-26), taken over (FAC-EGY-3)."""
    player = view.players[seat]
    under, shrine = dict(player.under), dict(player.on_shrine)
    mine = set(controlled(view, seat))
    copies = components().copies
    held = [*player.empire, *(card for card, by in view.taken if by == seat)]
    marked = []
    for card in held:
        marks = [
            mark
            for mark, on in (
                ("defended", card in player.defended),
                ("samurai", card in player.samurai),
                ("taken over", card not in mine or card not in player.empire),
                (f"{len(under.get(card, ()))} under", card in under),
                (f"{shrine.get(card, 0)} on", card in shrine),
            )
            if on
        ]
        name = card_name(card) + (f" ({', '.join(marks)})" if marks else "")
        marked.append((copies[card].card.type, name))
    return marked


def _empire(view: GameState, seat: int, rows: int) -> list[str]:
    """The locations ``seat`` holds by type (CARD-1), in at most ``rows`` rows (at least one):
    each type on a row of its own where there is room, else their counts on one."""
    marked = _marked(view, seat)
    groups = [(kind, [name for type_, name in marked if type_ == kind]) for kind in TYPES]
    groups = [(kind, names) for kind, names in groups if names]
    if not groups:
        return ["  empire: none"]
    if rows < len(groups):
        return [f"  empire {len(marked)}: " + ", ".join(f"{len(names)} {kind}" for kind, names in groups)]
    lines: list[str] = []
    for done, (kind, names) in enumerate(groups):
        room = rows - len(lines) - (len(groups) - done - 1)
        lines += fitted(f"  {kind} {len(names)}: ", names, room)
    return lines


def _deals(view: GameState, seat: int) -> str:
    """``7 deals: 3 food, 1 gold``: what a player's deals produce (DEAL-4)."""
    deals = view.players[seat].deals
    given: Counter[str] = Counter()
    for deal in deals:
        given.update(dict(deal.good.items()))
    goods = ", ".join(amount_text(name, amount) for name, amount in sorted(given.items()))
    return f"{counted(len(deals), 'deal')}: {goods}"


def _head(view: GameState, seat: int, name: str) -> str:
    player = view.players[seat]
    faction = components().faction(player.faction).name
    flags = "".join(
        f", {flag}" for flag, on in (("passed", player.passed), ("first", seat == view.first)) if on
    )
    return f"{name} ({faction}{flags}): {amount_text('vp', player.vp)}; "


def _own(view: GameState, seat: int, name: str, rows: int) -> list[str]:
    """The seat's own board: supply, hand by name (at most 2 rows), foundations and deals,
    and its empire by type on the rows left of ``rows`` (one at least)."""
    player = view.players[seat]
    lines = _wrap(_head(view, seat, name) + _supply(player.supply))
    hand = player.hand
    lines += (
        fitted(f"  hand {len(hand)}: ", [card_name(card) for card in hand], 2) if hand else ["  hand: none"]
    )
    rest = (
        fitted(
            f"  {counted(len(player.foundations), 'foundation')}: ",
            list(map(card_name, player.foundations)),
            1,
        )
        if player.foundations
        else []
    )
    rest += [f"  {_deals(view, seat)}"] if player.deals else []
    return lines + _empire(view, seat, rows - len(lines) - len(rest)) + rest


def _other(view: GameState, seat: int) -> list[str]:
    """Another player's board in 2 or 3 rows: supply and the hand's size; the empire by type,
    names shortened, foundations and deals counted."""
    player = view.players[seat]
    lines = _wrap(f"{_head(view, seat, f'P{seat}')}hand {len(player.hand)}; {_supply(player.supply)}")
    marked = _marked(view, seat)
    groups = [(kind, [name for type_, name in marked if type_ == kind]) for kind in TYPES]
    counts = [counted(len(player.foundations), "foundation")] if player.foundations else []
    counts += [counted(len(player.deals), "deal")] if player.deals else []
    tail = "; " + ", ".join(counts) if counts else ""
    said = "; ".join(f"{kind}: {', '.join(map(shortened, names))}" for kind, names in groups if names)
    wrapped = _wrap(f"  {said}{tail}" if marked else f"  empire: none{tail}")
    if len(wrapped) > 3 - len(lines):
        brief = ", ".join(f"{len(names)} {kind}" for kind, names in groups if names)
        wrapped = _wrap(f"  empire {len(marked)}: {brief}{tail}")
    return lines + wrapped


def _full(view: GameState, seat: int, name: str) -> list[str]:
    """A player's locations, foundations and deals, every name in full, and the hand where
    the view shows it."""
    player = view.players[seat]
    names = [marked for _, marked in _marked(view, seat)]
    lines = _wrap(f"{name} empire: " + (", ".join(names) or "none"))
    if player.hand and HIDDEN not in player.hand:
        lines += _wrap(f"  hand: {', '.join(map(card_name, player.hand))}")
    shown = [card_name(card) for card in player.foundations]
    if shown:
        lines += _wrap(f"  foundations: {', '.join(shown)}")
    if player.deals:
        lines += _wrap(f"  {_deals(view, seat)}")
    return lines


#: The rows of the table the ``board`` command shows on one screen of 24 (the pager's note
#: and the prompt the others).
ROWS = 22
#: The rows of the seat's own board on its turn's screen.
OWN_ROWS = 7


def board_lines(view: GameState, seat: int | None) -> list[str]:
    """A seat's view in rows of at most 80 columns, the table in the first :data:`ROWS` for 2
    to 4 players: where the game stands and who acts, what waits, the lookout and the decks,
    each other player's board in brief and the seat's own in detail on the rows left (first);
    then every empire in full."""
    acting = ", ".join(f"P{s}" for s in view.to_act) or "nobody"
    lines = _wrap(
        f"{where_text(view)}; to act: {acting}; common deck {len(view.common)}, "
        f"discard pile {len(view.common_discard)}"
    )
    if view.agenda and not view.is_over:
        lines.append(f"waiting: {decision_text(view.agenda[0])}")
    if view.offer:
        lines += fitted("lookout: ", [card_name(card) for card in view.offer], 2)
    for step in view.agenda:
        if isinstance(step, KeepOne) and step.seat == seat and HIDDEN not in step.drawn:
            lines += fitted("drawn to keep: ", [card_name(card) for card in step.drawn], 1)
    seats = range(len(view.players))
    others = [row for other in seats if other != seat for row in _other(view, other)]
    own = [] if seat is None else _own(view, seat, "You", max(4, ROWS - 1 - len(lines) - len(others)))
    order = seats if seat is None else (seat, *(s for s in seats if s != seat))
    full = [row for other in order for row in _full(view, other, "Your" if other == seat else f"P{other}'s")]
    table = [*lines, *own, *others]
    note = [PROVISIONAL] if any("*" in line for line in table + full) else []
    return [*table, *note, "Every empire in full:", *full]


def own_lines(view: GameState, seat: int) -> list[str]:
    """The seat's own board, as its turn shows it (``You (Romans): 3 VP; …``, at most
    :data:`OWN_ROWS` rows), and every player's total if the game ended now (END-2 to END-4)."""
    totals = ", ".join(f"P{other} {sheet.total}" for other, sheet in enumerate(score(view)))
    return [*_own(view, seat, "You", OWN_ROWS), f"VP if the game ended now: {totals}"]
