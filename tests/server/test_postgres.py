"""The PostgreSQL store's own behaviour: its refusals, its announcements of moves, its claims of bots.

(The contract every store keeps is in ``test_store_suite.py``.)
"""

from __future__ import annotations

import asyncio
import sys

import pytest

from hadara_rules.cli import main

from .test_store_suite import MATCH, _match, _move, run

psycopg = pytest.importorskip("psycopg", reason="psycopg is not installed (the postgres extra)")

from boardtable.server.driver import Driver  # noqa: E402
from boardtable.server.postgres import PostgresStore  # noqa: E402
from boardtable.server.referee import NewMatch, Referee  # noqa: E402
from boardtable.server.registry import Registry  # noqa: E402
from boardtable.server.store import Entry, Store, StoredMatch, StoreError, seats_text  # noqa: E402
from hadara_rules import GameConfig  # noqa: E402
from hadara_rules.game import HADARA  # noqa: E402


def test_a_database_of_another_version_is_refused(postgres_url: str) -> None:
    PostgresStore(postgres_url)
    with psycopg.connect(postgres_url, autocommit=True) as db:
        db.execute("UPDATE hadara_store SET version = 7")
    with pytest.raises(StoreError, match=r"another version \(7, not 3\)"):
        PostgresStore(postgres_url)


def test_a_database_whose_tables_are_missing_is_refused_not_made_anew(postgres_url: str) -> None:
    run(lambda: PostgresStore(postgres_url), lambda store: store.create(MATCH, listed=False, driven=True))
    with psycopg.connect(postgres_url, autocommit=True) as db:
        db.execute("DROP TABLE entries")
    with pytest.raises(StoreError, match="its table entries is missing"):
        PostgresStore(postgres_url)
    with psycopg.connect(postgres_url, autocommit=True) as db:
        assert db.execute("SELECT to_regclass('entries')").fetchone() == (None,)


def test_stored_seats_that_no_server_wrote_are_a_store_error(postgres_url: str) -> None:
    run(lambda: PostgresStore(postgres_url), lambda store: store.create(MATCH, listed=False, driven=True))
    with psycopg.connect(postgres_url, autocommit=True) as db:
        db.execute("UPDATE matches SET seats = '[[0]]'")
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
    monkeypatch.delitem(sys.modules, "boardtable.server.postgres", raising=False)
    assert main(["serve", "--port", "0", "--db", "postgresql://127.0.0.1/hadara"]) == 2
    err = capsys.readouterr().err
    assert "pip install 'hadara-rules[postgres]'" in err and err.count("\n") == 1


def test_every_store_on_the_database_hears_each_committed_entry(postgres_url: str) -> None:
    async def work() -> list[tuple[str, int, Entry | None]]:
        writer, reader = PostgresStore(postgres_url), PostgresStore(postgres_url)
        heard: list[tuple[str, int, Entry | None]] = []
        reader.notifier.listen(lambda match, seq, entry: heard.append((match, seq, entry)))
        try:
            await reader.driven()  # opens the reader, which starts listening
            await asyncio.wait_for(reader.notifier.listening.wait(), 10)
            await writer.create(MATCH, listed=False, driven=True)
            assert await writer.append("m1", _move(0), over=False)
            assert not await writer.append("m1", _move(0), over=False)  # refused: not told
            assert await writer.append("m1", _move(1), over=False)
            for _ in range(200):
                if len(heard) >= 2:
                    break
                await asyncio.sleep(0.01)
            await asyncio.sleep(0.1)  # a refused move would be heard by now
            return heard
        finally:
            await writer.close()
            await reader.close()

    assert asyncio.run(work()) == [("m1", 1, _move(0)), ("m1", 2, _move(1))]  # each carried whole


def test_an_entry_committed_while_the_listener_was_down_is_told_once_it_listens_again(
    postgres_url: str,
) -> None:
    async def work() -> list[tuple[str, int, Entry | None]]:
        writer, reader = PostgresStore(postgres_url), PostgresStore(postgres_url)
        heard: list[tuple[str, int, Entry | None]] = []
        reader.notifier.listen(lambda match, seq, entry: heard.append((match, seq, entry)))
        try:
            await writer.create(MATCH, listed=False, driven=True)
            await reader.driven()
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
            assert await writer.append("m1", _move(0), over=False)  # no one hears it
            await asyncio.wait_for(listening.wait(), 10)
            return heard
        finally:
            await writer.close()
            await reader.close()

    assert ("m1", 1, None) in asyncio.run(work())  # told from the table: no entry carried


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


def test_the_orphans_are_the_driven_matches_whose_claim_nobody_holds(postgres_url: str) -> None:
    async def work() -> tuple[tuple[str, ...], ...]:
        first, second = PostgresStore(postgres_url), PostgresStore(postgres_url)
        try:
            for name in ("a", "b", "c"):
                await first.create(_match(name), listed=False, driven=True)
            await first.create(_match("d"), listed=True, driven=False)
            await first.append("c", _move(0), over=True)
            before = await second.claims.orphans()
            assert await first.claims.claim("a")
            return before, await second.claims.orphans()
        finally:
            await first.close()
            await second.close()

    assert asyncio.run(work()) == (("a", "b"), ("b",))


def test_tables_of_the_first_version_are_brought_to_the_third(postgres_url: str) -> None:
    with psycopg.connect(postgres_url, autocommit=True) as db:
        db.execute(
            """
            CREATE TABLE hadara_store (version integer NOT NULL);
            INSERT INTO hadara_store VALUES (1);
            CREATE TABLE matches (id text PRIMARY KEY, created bigint GENERATED ALWAYS AS IDENTITY,
                config text NOT NULL, seats text NOT NULL, over boolean NOT NULL DEFAULT false);
            CREATE TABLE moves (match text NOT NULL REFERENCES matches (id), ply integer NOT NULL,
                move text NOT NULL, digest text NOT NULL, PRIMARY KEY (match, ply));
            CREATE INDEX matches_unfinished ON matches (created) WHERE NOT over;
            """
        )
        db.execute(
            "INSERT INTO matches (id, config, seats) VALUES ('m1', %s, %s)",
            (MATCH.options, '[[0, "human", "A", "aa"], [1, "greedy", "B", null]]'),
        )
        db.execute("INSERT INTO moves VALUES ('m1', 0, %s, 'd0')", (_move(0).data,))

    async def work(store: PostgresStore) -> tuple[object, ...]:
        return await store.load("m1"), await store.driven()

    loaded, driven = run(lambda: PostgresStore(postgres_url), work)  # type: ignore[arg-type]
    assert isinstance(loaded, StoredMatch) and loaded.game == "hadara" and driven == ("m1",)
    assert [(e.seq, e.data, e.digest) for e in loaded.entries] == [(0, _move(0).data, "d0")]
    assert loaded.settings == "{}" and _version(postgres_url) == 3


def test_tables_of_the_second_version_are_brought_to_the_third(postgres_url: str) -> None:
    """The bots flag becomes the driven flag; the matches keep their order, get no settings
    and are not listed; a match created after comes after them."""
    with psycopg.connect(postgres_url, autocommit=True) as db:
        db.execute(
            """
            CREATE TABLE hadara_store (version integer NOT NULL);
            INSERT INTO hadara_store VALUES (2);
            CREATE TABLE matches (id text PRIMARY KEY, created bigint GENERATED ALWAYS AS IDENTITY,
                game text NOT NULL, config text NOT NULL, seats text NOT NULL, bots boolean NOT NULL,
                over boolean NOT NULL DEFAULT false);
            CREATE TABLE entries (match text NOT NULL REFERENCES matches (id), seq integer NOT NULL,
                kind text NOT NULL, data text NOT NULL, digest text NOT NULL, at double precision NOT NULL,
                PRIMARY KEY (match, seq));
            CREATE INDEX matches_with_bots ON matches (created) WHERE bots AND NOT over;
            """
        )
        for name, bots, over in (
            ("z", True, False),
            ("y", False, False),
            ("x", True, True),
            ("w", True, False),
        ):
            db.execute(
                "INSERT INTO matches (id, game, config, seats, bots, over) VALUES (%s, 'hadara', %s, %s, %s, %s)",
                (name, MATCH.options, seats_text(MATCH.seats), bots, over),
            )
        entry = _move(0)
        db.execute(
            "INSERT INTO entries VALUES ('z', 0, %s, %s, %s, %s)",
            (entry.kind, entry.data, entry.digest, entry.at),
        )

    async def work(store: Store) -> tuple[object, ...]:
        loaded = await store.load("z")
        before = await store.driven(), await store.listed(10)
        await store.create(_match("v"), listed=True, driven=True)
        return loaded, before, await store.driven(), await store.listed(10)

    loaded, before, driven, listed = run(lambda: PostgresStore(postgres_url), work)
    assert loaded == StoredMatch("z", "hadara", MATCH.options, MATCH.seats, (_move(0),), "{}")
    assert before == (("z", "w"), ()) and driven == ("z", "w", "v") and listed == ("v",)
    assert _version(postgres_url) == 3
    with psycopg.connect(postgres_url, autocommit=True) as db:
        indexes = {
            row[0] for row in db.execute("SELECT indexname FROM pg_indexes WHERE tablename = 'matches'")
        }
    assert {"matches_driven", "matches_listed"} <= indexes and "matches_with_bots" not in indexes


def test_processes_starting_at_once_record_one_pause(postgres_url: str) -> None:
    run(lambda: PostgresStore(postgres_url), lambda store: store.beat("old", 100.0))

    async def work() -> list[tuple[tuple[float, float], ...]]:
        stores = [PostgresStore(postgres_url) for _ in range(4)]
        try:
            return list(
                await asyncio.gather(*(store.resumed(f"p{n}", 500.0, 5.0) for n, store in enumerate(stores)))
            )
        finally:
            for store in stores:
                await store.close()

    assert asyncio.run(work()) == [((100.0, 500.0),)] * 4


def _version(url: str) -> int:
    with psycopg.connect(url, autocommit=True) as db:
        row = db.execute("SELECT version FROM hadara_store").fetchone()
    assert row is not None
    return int(row[0])


class _Counting(PostgresStore):
    """A store counting the appends asked of it (the moves a process tried to store)."""

    appends = 0

    async def append(
        self, match: str, entry: Entry, over: bool, *, listed: bool | None = None, driven: bool | None = None
    ) -> bool:
        self.appends += 1
        return await super().append(match, entry, over, listed=listed, driven=driven)


class _Server:
    """The parts of one server process on ``store`` that move bots and follow matches."""

    def __init__(self, store: PostgresStore) -> None:
        self.store = store
        self.registry = Registry(store)
        self.referee = Referee(store, self.registry)
        self.driver = Driver(self.registry, self.referee, store.claims)
        self.registry.on_moved(self.driver.wake)
        store.notifier.listen(self.registry.heard)

    async def start(self) -> None:
        await self.registry.start()
        self.driver.start()

    async def close(self) -> None:
        await self.driver.close()
        await self.registry.close()
        await self.store.close()


def test_the_bots_of_a_match_move_in_one_process_and_in_another_once_it_is_gone(postgres_url: str) -> None:
    async def work() -> None:
        stores = [_Counting(postgres_url), _Counting(postgres_url)]
        servers = [_Server(store) for store in stores]
        for server in servers:
            await server.start()
        try:
            new = NewMatch(HADARA, GameConfig(players=2, seed=4), ("greedy", "random"), ("A", "B"))
            created, _ = await servers[0].referee.create(new)
            async with servers[1].registry.using(created.id) as there:  # both processes follow it
                while created.seq < 30 or there.seq < 30:
                    await asyncio.sleep(0.01)
                moving = 0 if stores[0].appends else 1  # the process that claimed its bots first
                seq = max(created.seq, there.seq)
                assert stores[1 - moving].appends == 0
                assert stores[moving].appends in (seq, seq + 1)  # none refused (one may be under way)
                await servers[moving].close()  # as if it died: its bots stop, its claims are free
                watched = there if moving == 0 else created
                while not watched.over:
                    await asyncio.sleep(0.05)
                assert stores[1 - moving].appends > 0
        finally:
            for server in servers:
                await server.close()

    asyncio.run(asyncio.wait_for(work(), 60))
