"""What a player watches, in a few lines: the score if the game ended now, the culture each
statue needs, every player's cards by colour, food against cards, and the wheel.

Every number comes from the library's own rules and previews (scoring, BUY-1's colour
counts, :func:`~hadara_rules.statue_yield`, :func:`~hadara_rules.food_shortfall`, WHEEL-3's
decks), asked of the position a player sees; nothing here decides a rule.
"""

from __future__ import annotations

from boardtable.screen import counted

from ._copy import replace
from ._model import GameState
from ._previews import food_shortfall, statue_yield
from ._rules.acquire import owned_colors
from ._rules.scoring import score
from ._rules.wheel import ROTATIONS, deck_color
from ._vocabulary import COLORS, Section


def score_now(state: GameState) -> str:
    """SCORE-1…7: every player's total if the game ended now."""
    totals = ", ".join(f"P{sheet.player} {sheet.total}" for sheet in score(state))
    return f"Score if the game ended now: {totals}"


def statues_needed(state: GameState, seat: int) -> str:
    """STATUE-2: the culture each statue ``seat`` has not carved needs, and the seat's culture."""
    carved = {statue.statue for statue in state.players[seat].statues}
    needs = []
    for index in state.catalogue.statues:
        if index not in carved:
            found = statue_yield(state, seat, index)
            pay = f" (pay {counted(found.pay, 'coin')})" if found.pay else ""
            needs.append(f"statue {index} needs {found.requirement}{pay}")
    culture = state.players[seat].tracks.culture
    return f"Culture {culture}: {'; '.join(needs) or 'every statue carved'}"


def colours_held(state: GameState) -> str:
    """BUY-1: how many cards of each colour every player holds (each lowers that colour's prices)."""
    held = []
    for seat, player in enumerate(state.players):
        counts = zip(COLORS, owned_colors(state, player), strict=True)
        held.append(f"P{seat} " + (", ".join(f"{color} {n}" for color, n in counts if n) or "none"))
    return "Cards by colour: " + "; ".join(held)


def food_against_cards(state: GameState, seat: int) -> str:
    """FEED-1/2: ``seat``'s food against its cards, and how many cards the next feeding takes."""
    player = state.players[seat]
    short = food_shortfall(state, seat)
    fed = "enough" if not short else f"{counted(short, 'card')} to feed or remove"
    return f"Food {player.tracks.food} for {counted(len(player.cards), 'card')}: {fed}"


def wheel_lines(state: GameState) -> list[str]:
    """WHEEL-1/3: in the wheel section, the colour each seat would draw first under each
    rotation; once the wheel is set, the colour each seat draws this round."""
    seats = range(len(state.players))
    if state.section is Section.WHEEL:
        lines = []
        for rotation in ROTATIONS:
            turned = replace(state, wheel=rotation, round=0)
            firsts = ", ".join(f"P{seat} {deck_color(turned, seat)}" for seat in seats)
            lines.append(f"Wheel {rotation}, first draws: {firsts}")
        return lines
    if state.section is Section.DRAFT:
        return [
            f"Wheel {state.wheel}, round {state.round + 1} draws: "
            + ", ".join(f"P{seat} {deck_color(state, seat)}" for seat in seats)
        ]
    return []


def watched(state: GameState, seat: int) -> list[str]:
    """What ``seat``'s player watches, line by line (``state`` is what they may see: INFO-1)."""
    if state.is_over:
        return [score_now(state)]
    return [
        score_now(state),
        statues_needed(state, seat),
        food_against_cards(state, seat),
        colours_held(state),
        *wheel_lines(state),
    ]
