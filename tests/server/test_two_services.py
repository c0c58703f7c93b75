"""Two match services on one store, as two server processes would be: the store decides, and a
service behind another one catches up from the store before it tells its WebSockets."""

from __future__ import annotations

import asyncio
from pathlib import Path

import pytest

from hadara_rules import GameConfig, SetWheel
from hadara_rules.server.hub import LocalNotifier
from hadara_rules.server.matches import MatchService, NewMatch, Stale
from hadara_rules.server.store import SQLiteStore

_NEW = NewMatch(GameConfig(players=2, seed=1), ("human", "human"), ("A", "B"))


def test_a_service_hearing_of_a_move_elsewhere_catches_up_before_it_tells(db: Path) -> None:
    async def work() -> list[tuple[str, int]]:
        across = LocalNotifier()  # stands for a notifier across processes
        first, second = MatchService(SQLiteStore(db), across), MatchService(SQLiteStore(db), across)
        told: list[tuple[str, int]] = []
        second.on_moved(lambda match, ply: told.append((match, ply)))
        match, _ = await first.create(_NEW)
        behind = await second.get(match.id)  # followed by the second service at ply 0
        await first.play(match, 0, 0, SetWheel(0, 2))
        for _ in range(100):
            if told:
                break
            await asyncio.sleep(0.01)
        assert behind.state == match.state and behind.moves == match.moves
        await first.close()
        await second.close()
        return told

    told = asyncio.run(work())
    assert [ply for _, ply in told] == [1]


def test_the_store_refuses_a_ply_another_service_took_and_the_cache_catches_up(db: Path) -> None:
    async def work() -> None:
        first = MatchService(SQLiteStore(db), LocalNotifier())
        second = MatchService(SQLiteStore(db), LocalNotifier())  # hears nothing of the first
        match, _ = await first.create(_NEW)
        behind = await second.get(match.id)
        await first.play(match, 0, 0, SetWheel(0, 2))
        assert behind.state.ply == 0
        with pytest.raises(Stale) as stale:
            await second.play(behind, 0, 0, SetWheel(0, 3))
        assert stale.value.ply == 1 and behind.state == match.state
        await first.close()
        await second.close()

    asyncio.run(work())
