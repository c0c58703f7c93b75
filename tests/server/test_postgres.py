"""The PostgreSQL store's own behaviour: its refusals, its announcements of moves, its claims of bots.

(The contract every store keeps is in ``test_store_suite.py``.)
"""

from __future__ import annotations

import asyncio
import sys
from collections.abc import Callable

import pytest

from hadara_rules.cli import main

from .test_store_suite import MATCH, run

psycopg = pytest.importorskip("psycopg", reason="psycopg is not installed (the postgres extra)")

from hadara_rules import GameConfig, Pass  # noqa: E402
from hadara_rules.server.matches import MatchService, NewMatch  # noqa: E402
from hadara_rules.server.postgres import PostgresStore  # noqa: E402
from hadara_rules.server.store import StoredMove, StoreError  # noqa: E402


def test_a_database_of_another_version_is_refused(postgres_url: str) -> None:
    PostgresStore(postgres_url)
    with psycopg.connect(postgres_url, autocommit=True) as db:
        db.execute("UPDATE hadara_store SET version = 7")
    with pytest.raises(StoreError, match=r"another version \(7, not 1\)"):
        PostgresStore(postgres_url)


def test_a_stored_match_that_does_not_load_is_a_store_error(postgres_url: str) -> None:
    run(lambda: PostgresStore(postgres_url), lambda store: store.create(MATCH))
    with psycopg.connect(postgres_url, autocommit=True) as db:
        db.execute('UPDATE matches SET config = \'{"kind": "nonsense"}\'')
    with pytest.raises(StoreError, match="match m1"):
        run(lambda: PostgresStore(postgres_url), lambda store: store.load("m1"))


def test_an_unreachable_database_is_named_without_its_password(
    capsys: pytest.CaptureFixture[str], postgres_url: str
) -> None:
    port = postgres_url.split(":")[2].split("/")[0]
    url = f"postgresql://ann:secret-word@127.0.0.1:{port}/no_such_database"
    with pytest.raises(StoreError) as refused:
        PostgresStore(url)
    message = str(refused.value)
    assert message.startswith(f"postgresql://127.0.0.1:{port}/no_such_database: not a match store")
    assert "secret-word" not in message and "ann" not in message.split(":")[0]
    assert main(["serve", "--port", "0", "--db", url]) == 2
    err = capsys.readouterr().err
    assert err.startswith("hadara: postgresql://127.0.0.1:") and err.count("\n") == 1
    assert "secret-word" not in err


def test_without_psycopg_a_postgres_url_says_which_extra_to_install(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setitem(sys.modules, "psycopg", None)  # as if the extra were missing
    monkeypatch.delitem(sys.modules, "hadara_rules.server.postgres", raising=False)
    assert main(["serve", "--port", "0", "--db", "postgresql://127.0.0.1/hadara"]) == 2
    err = capsys.readouterr().err
    assert "pip install 'hadara-rules[postgres]'" in err and err.count("\n") == 1


def test_every_store_on_the_database_hears_each_committed_move(postgres_url: str) -> None:
    async def work() -> list[tuple[str, int]]:
        writer, reader = PostgresStore(postgres_url), PostgresStore(postgres_url)
        heard: list[tuple[str, int]] = []
        reader.notifier.listen(lambda match, ply: heard.append((match, ply)))
        try:
            await reader.unfinished()  # opens the reader, which starts listening
            await asyncio.wait_for(reader.notifier.listening.wait(), 10)
            await writer.create(MATCH)
            assert await writer.append("m1", StoredMove(0, Pass(1), "d0"), over=False)
            assert not await writer.append(
                "m1", StoredMove(0, Pass(1), "d0"), over=False
            )  # refused: not told
            assert await writer.append("m1", StoredMove(1, Pass(1), "d1"), over=False)
            for _ in range(200):
                if len(heard) >= 2:
                    break
                await asyncio.sleep(0.01)
            await asyncio.sleep(0.1)  # a refused move would be heard by now
            return heard
        finally:
            await writer.close()
            await reader.close()

    assert asyncio.run(work()) == [("m1", 1), ("m1", 2)]


def test_a_move_committed_while_the_listener_was_down_is_told_once_it_listens_again(
    postgres_url: str,
) -> None:
    async def work() -> list[tuple[str, int]]:
        writer, reader = PostgresStore(postgres_url), PostgresStore(postgres_url)
        heard: list[tuple[str, int]] = []
        reader.notifier.listen(lambda match, ply: heard.append((match, ply)))
        try:
            await writer.create(MATCH)
            await reader.unfinished()
            listening = reader.notifier.listening
            await asyncio.wait_for(listening.wait(), 10)
            async with await psycopg.AsyncConnection.connect(postgres_url, autocommit=True) as admin:
                await admin.execute(
                    "SELECT pg_terminate_backend(pid) FROM pg_stat_activity "
                    "WHERE query LIKE 'LISTEN %%' AND pid <> pg_backend_pid()"
                )
            for _ in range(500):  # until the reader has noticed that it no longer listens
                if not listening.is_set():
                    break
                await asyncio.sleep(0.01)
            assert not listening.is_set()
            assert await writer.append("m1", StoredMove(0, Pass(1), "d0"), over=False)  # no one hears it
            await asyncio.wait_for(listening.wait(), 10)
            return heard
        finally:
            await writer.close()
            await reader.close()

    assert ("m1", 1) in asyncio.run(work())


def test_one_process_at_a_time_moves_a_matchs_bots_and_a_dead_ones_claims_are_free(postgres_url: str) -> None:
    async def work() -> None:
        first, second, third = (PostgresStore(postgres_url) for _ in range(3))
        try:
            assert await first.claims.claim("m1")
            assert await first.claims.claim("m1")  # held already
            assert not await second.claims.claim("m1")
            assert await second.claims.claim("m2")
            await first.claims.close()  # as a process that died: its connection is gone
            for _ in range(500):  # the database ends the session a moment later
                if await second.claims.claim("m1"):
                    break
                await asyncio.sleep(0.01)
            assert await second.claims.claim("m1")
            assert not await first.claims.claim("m2")  # closed claims claim nothing again
            assert not await third.claims.claim("m1")
            await second.claims.release("m1")
            assert await third.claims.claim("m1")
        finally:
            for store in (first, second, third):
                await store.close()

    asyncio.run(work())


class _Counting(PostgresStore):
    """A store counting the appends asked of it (the moves a process tried to store)."""

    appends = 0

    async def append(
        self, match: str, move: StoredMove, over: bool, committed: Callable[[], None] | None = None
    ) -> bool:
        self.appends += 1
        return await super().append(match, move, over, committed)


def test_the_bots_of_a_match_move_in_one_process_and_in_another_once_it_is_gone(postgres_url: str) -> None:
    async def work() -> None:
        first, second = _Counting(postgres_url), _Counting(postgres_url)
        one = MatchService(first, first.notifier, first.claims)
        other = MatchService(second, second.notifier, second.claims)
        await one.start()
        await other.start()
        try:
            created, _ = await one.create(
                NewMatch(GameConfig(players=2, seed=4), ("greedy", "random"), ("A", "B"))
            )
            there = await other.get(created.id)  # the other process has the match, bots and all
            while created.state.ply < 30:
                await asyncio.sleep(0.01)
            ply = created.state.ply
            assert second.appends == 0
            assert first.appends in (ply, ply + 1)  # none refused (one may be under way)
            await one.close()  # as if the first process died: its bots stop, its claims are free
            while not there.state.is_over:
                await asyncio.sleep(0.05)
            assert second.appends > 0
        finally:
            await one.close()
            await other.close()

    asyncio.run(asyncio.wait_for(work(), 60))
