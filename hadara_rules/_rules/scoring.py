"""Final scoring (SCORE-1…7, MEDAL-3/4) with PURPLE-4, -10, -11 and -12."""

from __future__ import annotations

from collections.abc import Collection

from attrs import fields, frozen

from .. import _effects as effects
from .._components import Catalogue
from .._model import GameState, PlayerState
from .._tableau import card_points, color_counts


@frozen
class ScoreSheet:
    """One column of the score pad."""

    #: The seat.
    player: int
    #: SCORE-1.
    colonies: int
    #: SCORE-2, with PURPLE-4's points.
    statues: int
    #: SCORE-3 (MEDAL-3), with PURPLE-10.
    silver: int
    #: SCORE-4 (MEDAL-4), with PURPLE-11 and PURPLE-12.
    gold: int
    #: SCORE-5.
    cards: int
    #: SCORE-6: 1 point per 5 coins.
    coins: int
    #: The sum of the categories.
    total: int


#: The rows of the score pad, in its order, with the total last.
CATEGORIES: tuple[str, ...] = tuple(f.name for f in fields(ScoreSheet) if f.name != "player")


def complete_sets(counts: tuple[int, ...]) -> int:
    """Sets of 5 differently coloured cards (MEDAL-4, PURPLE-11)."""
    return min(counts)


def gold_sets(counts: tuple[int, ...], wildcard: bool) -> int:
    """MEDAL-4 sets; with PURPLE-12 exactly one set may lack one colour."""
    sets = min(counts)
    if wildcard and counts.count(sets) == 1:
        sets += 1
    return sets


def silver_points(player: PlayerState, catalogue: Catalogue) -> int:
    """MEDAL-3: half the tile's track, rounded up per medal; PURPLE-10 medals score in full,
    given to the medals where full value adds most."""
    return _silver(player, effects.full_silver_medals(player, catalogue))


def _silver(player: PlayerState, full: int) -> int:
    values = sorted((player.tracks.get(t) for t in player.silver), reverse=True)
    return sum(v if i < full else (v + 1) // 2 for i, v in enumerate(values))


def score_player(state: GameState, seat: int) -> ScoreSheet:
    """SCORE-1…6 for one player, as if the game ended now."""
    return sheet_of(state.players[seat], seat, state.catalogue)


def sheet_of(player: PlayerState, seat: int, catalogue: Catalogue) -> ScoreSheet:
    """SCORE-1…6 for ``player`` at ``seat``, as if the game ended now: a player's score
    depends on their own board and the catalogue only (so a preview scores the mover as a
    move leaves them without making the whole position)."""
    colonies = sum(
        catalogue.colonies[c.id].turned_up()[1] if c.allied else catalogue.colonies[c.id].points
        for c in player.colonies
    )
    totals = effects.effect_totals(player.cards, catalogue)  # PURPLE-4, -10, -11, -12
    statues = sum(
        catalogue.statues[s.statue].points
        + (0 if s.face_up else catalogue.statues[s.statue].reward + totals.statue_steps)
        for s in player.statues
    )
    counts = color_counts(player.cards, catalogue)
    gold = player.gold * catalogue.reference.gold_set_points * gold_sets(
        counts, totals.gold_wildcard
    ) + totals.set_points * complete_sets(counts)
    cards = card_points(player.cards, catalogue)
    coins = player.coins // catalogue.reference.coins_per_point
    silver = _silver(player, totals.full_silver_medals)
    return ScoreSheet(
        player=seat,
        colonies=colonies,
        statues=statues,
        silver=silver,
        gold=gold,
        cards=cards,
        coins=coins,
        total=colonies + statues + silver + gold + cards + coins,
    )


def score(state: GameState) -> tuple[ScoreSheet, ...]:
    """The score pad: one sheet per player in seat order."""
    return tuple(score_player(state, seat) for seat in range(len(state.players)))


def tie_break_coins(state: GameState, seat: int) -> int:
    """SCORE-7 (ruling): the coins left after SCORE-6; the variant compares all coins."""
    coins = state.players[seat].coins
    return coins if state.tie_break_all_coins else coins % state.catalogue.reference.coins_per_point


def winners(state: GameState, among: Collection[int] | None = None) -> tuple[int, ...]:
    """SCORE-7: most points; then more coins left; still tied, a shared victory. ``among``: of
    those seats only (after a resignation, the others rank as the position stands)."""
    sheets = [s for s in score(state) if among is None or s.player in among]
    if not sheets:
        return ()
    best = max((s.total, tie_break_coins(state, s.player)) for s in sheets)
    return tuple(s.player for s in sheets if (s.total, tie_break_coins(state, s.player)) == best)
