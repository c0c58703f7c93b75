"""What only grows: tracks outside feeding (TRACK-2), holdings, and the discard."""

from __future__ import annotations

from hypothesis import given

from hadara_rules import RemoveCard
from hadara_rules._vocabulary import TIERS, TRACKS

from .strategies import PlayedGame, played_games, suite_settings


@suite_settings(dear=True)
@given(played_games())
def test_tracks_go_down_only_when_a_card_is_removed(game: PlayedGame) -> None:
    """TRACK-2, INCOME-1, COLONY-2, STATUE-2: no move but a RemoveCard lowers any player's
    track (income, taking a colony or a statue never lower a track), and a RemoveCard
    lowers only the remover's tracks."""
    for i, (before, move, after) in enumerate(game.steps()):
        for seat, (old, new) in enumerate(zip(before.players, after.players, strict=True)):
            if isinstance(move, RemoveCard) and seat == move.player:
                continue
            lowered = [t for t in TRACKS if new.tracks.get(t) < old.tracks.get(t)]
            assert not lowered, (i, move, seat, lowered)


@suite_settings(dear=True)
@given(played_games())
def test_holdings_are_never_lost_and_stay_within_their_limits(game: PlayedGame) -> None:
    """COLONY-3/5, STATUE-2, MEDAL-2, SELL-1, FEED-3: colonies, carved statues and medals
    are only ever added (never lost or changed), at most one colony per tier, each statue at
    most once, at most 2 silver and 2 gold medals; sold and removed cards only accumulate."""
    for i, (before, after) in enumerate(zip(game.states, game.states[1:], strict=False)):
        assert after.sold[: len(before.sold)] == before.sold, i
        assert after.removed[: len(before.removed)] == before.removed, i
        for seat, (old, new) in enumerate(zip(before.players, after.players, strict=True)):
            assert new.colonies[: len(old.colonies)] == old.colonies, (i, seat)
            assert new.statues[: len(old.statues)] == old.statues, (i, seat)
            assert new.silver[: len(old.silver)] == old.silver, (i, seat)
            assert new.gold >= old.gold, (i, seat)
    catalogue = game.final.catalogue
    for seat, p in enumerate(game.final.players):
        tiers = [catalogue.colonies[h.id].tier for h in p.colonies]
        assert len(set(tiers)) == len(tiers) and set(tiers) <= set(TIERS), (seat, tiers)
        carved = [s.statue for s in p.statues]
        assert len(set(carved)) == len(carved) <= len(catalogue.statues), (seat, carved)
        assert len(p.silver) <= catalogue.reference.max_silver
        assert p.gold <= catalogue.reference.max_gold
