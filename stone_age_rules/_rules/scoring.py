"""Final scoring and the winners (SCORE-1 to SCORE-8)."""

from __future__ import annotations

from collections import Counter
from collections.abc import Collection

from attrs import frozen

from .._components import Card, components
from .._model import HIDDEN, GameState, Player


@frozen
class ScoreSheet:
    """One player's final score, line by line."""

    #: SCORE-1: points scored during the game (buildings, points cards, hunger).
    during_game: int
    #: SCORE-2: culture sets.
    culture: int
    #: SCORE-3: the farmers on the player's cards times the agriculture level.
    farmers: int
    #: SCORE-4: the tool makers times the tool value (TOOL-6).
    tool_makers: int
    #: SCORE-5: the hut builders times the buildings owned.
    hut_builders: int
    #: SCORE-6: the shamans times the people owned.
    shamans: int
    #: SCORE-7: one point per resource.
    resources: int
    #: SCORE-8: the final score, the sum of the lines above.
    total: int
    #: SCORE-8: the tie-break, agriculture + tool value + people.
    tie_break: int


def culture_points(symbols: list[str]) -> int:
    """SCORE-2: each set of different symbols scores its size squared; a repeated symbol starts another set."""
    counts = Counter(symbols)
    return sum(
        sum(1 for n in counts.values() if n >= k) ** 2 for k in range(1, max(counts.values(), default=0) + 1)
    )


def known_cards(player: Player) -> list[Card]:
    """The player's cards, those drawn face down with them (CIV-13); in another seat's view
    a card drawn face down shows as ``"?"`` (INFO-2) and is left out: it scores for nothing."""
    found = components().card
    return [found[card] for card in player.all_cards if card != HIDDEN]


def multipliers(player: Player) -> Counter[str]:
    """SCORE-3 to SCORE-6: how many of each multiplier kind the player's cards show."""
    found: Counter[str] = Counter()
    for card in known_cards(player):
        if card.multiplier is not None:
            found[card.multiplier] += card.count
    return found


def end_lines(player: Player) -> dict[str, int]:
    """SCORE-2 to SCORE-7: the lines final scoring adds, by the score sheet's names (drawn
    cards count too, CIV-13; in a view, those it does not show count for nothing, INFO-2)."""
    cards = known_cards(player)
    counts = multipliers(player)
    return {
        "culture": culture_points([c.culture for c in cards if c.culture is not None]),
        "farmers": counts["farmer"] * player.agriculture,
        "tool_makers": counts["tool_maker"] * player.tool_value,
        "hut_builders": counts["hut_builder"] * len(player.buildings),
        "shamans": counts["shaman"] * player.people,
        "resources": player.resources.total,
    }


def score_sheet(player: Player, over: bool = False) -> ScoreSheet:
    """SCORE-1 to SCORE-8 for one player, of a game ``over`` (its score is then the final
    total, END-5) or not (the score if the game ended now)."""
    lines = end_lines(player)
    during = player.score - sum(lines.values()) if over else player.score
    return ScoreSheet(
        during_game=during,
        **lines,
        total=during + sum(lines.values()),
        tie_break=player.agriculture + player.tool_value + player.people,
    )


def score(state: GameState) -> tuple[ScoreSheet, ...]:
    """Every player's score sheet: final once the game is over (each player's score is then
    its total, END-5), before it the score if the game ended now. Of a seat's view, a card
    drawn face down that it does not see counts for nothing (INFO-2)."""
    over = state.is_over
    return tuple(score_sheet(player, over) for player in state.players)


def winners(state: GameState, among: Collection[int] | None = None) -> tuple[int, ...]:
    """SCORE-8: the highest total wins; ties go to the highest tie-break; still tied, they share.
    ``among``: of those seats only (after a resignation, the others rank as the position stands)."""
    sheets = {seat: s for seat, s in enumerate(score(state)) if among is None or seat in among}
    if not sheets:
        return ()
    best = max((s.total, s.tie_break) for s in sheets.values())
    return tuple(seat for seat, s in sheets.items() if (s.total, s.tie_break) == best)
