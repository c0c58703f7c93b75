"""The leak property: nothing sent to a seat names a component that seat has not seen (INFO-1).

Random matches are played through the API. After every move, everything a seat
(or the spectator) can be sent is collected from the wire: the answer to the
move and its WebSocket messages; and, for the mover, the spectator and one other
seat drawn at random (every seat after the game ends), its view since the first
ply, the match summary, its picture, its replays and the pictures of their points (of the last entry and an
earlier one, as the spectator and as itself; the whole position and another seat's view are
refused until the game is decided). A picture names its components in ``data-id``. None of them may name a card or colony id that lies in the
whole position but that the seat has not seen in any of its views so far (a
card seen once, on an outer pile or in its own hand, may be named later; a card
in a deck, in another's hand or face down never).
"""

from __future__ import annotations

import contextlib
import random
import re
from collections.abc import Collection
from pathlib import Path

import httpx
import pytest
from hypothesis import Phase, given, settings
from hypothesis import strategies as st
from starlette.testclient import TestClient, WebSocketTestSession

from boardtable.server.app import create_app
from boardtable.server.limits import Bounds
from boardtable.server.sqlite import SQLiteStore
from hadara_rules import (
    GameConfig,
    GameState,
    apply_move,
    apply_move_with_events,
    legal_moves,
    load_catalogue,
    new_game,
    player_view,
)
from hadara_rules.records import to_data, to_json

from .serving import bearer, create, token

#: What looks like a component id in any text sent: ``I-red-04``, ``col-09-a`` (from the start
#: of a run of letters and digits only: a match never starts inside one, and a try there would
#: only fail again at the run's end, which made the search quadratic in a word's length).
_ID = re.compile(r"(?<![A-Za-z0-9])[A-Za-z0-9]+(?:-[A-Za-z0-9]+)+")
#: Moves played per match at most (a 2-player game has about 95).
_PLIES = 60


def _named(text: str) -> set[str]:
    return set(_ID.findall(text))


_CATALOGUE = load_catalogue()
#: Every card and colony id of the bundled components.
_COMPONENTS = frozenset(_CATALOGUE.cards) | frozenset(_CATALOGUE.colonies)


def component_ids(state: GameState) -> set[str]:
    """The card and colony ids a position (or a view) names anywhere."""
    return _named(to_json(state)) & _COMPONENTS


def _receive_until(socket: WebSocketTestSession, seq: int) -> list[str]:
    """The socket's messages (as sent, in text) until the one that reaches entry ``seq``."""
    texts = []
    while True:
        text = socket.receive_text()
        texts.append(text)
        if text.startswith('{"seat":') and f',"seq":{seq},"ply":' in text.partition('"position"')[0]:
            return texts


def _replays(seq: int, viewer: int | None, rng: random.Random) -> list[str]:
    """The replays and their pictures a viewer may ask for after entry ``seq``: the last entry
    and (see :data:`_EVERY_EARLIER`) an earlier one, as the spectator and, for a seat, as itself
    (a picture without ``seat``: as the token's seat)."""
    paths = ["/replay", f"/picture?at={seq - 1}"]
    if viewer is not None:
        paths.append(f"/replay?seat={viewer}")
    if seq > _EVERY_EARLIER and seq % _EVERY_EARLIER:
        return paths  # an earlier point replays the match from its start: not after every entry
    earlier = rng.randrange(seq)
    paths += [f"/replay?at={earlier}", f"/picture?at={earlier}"]
    if viewer is not None:
        paths += [f"/replay?at={earlier}&seat={viewer}", f"/picture?at={earlier}&seat={viewer}"]
    return paths


#: After this many entries, an earlier point is asked for after every this-many-th entry only
#: (each replays the match from its start: after every entry of a long match, the property's
#: cost would grow with the square of its length).
_EVERY_EARLIER = 40
#: Another seat's replay and picture, refused until the game is decided, are asked for after
#: the first entries, after every this-many-th and once it is decided (their answer changes
#: only then; asked by every viewer after every entry, they were most of the property's cost).
_EVERY_REFUSAL = 10


def _refusals_asked(seq: int, decided: bool) -> bool:
    """Whether another seat's replay and picture are asked for after entry ``seq``."""
    return decided or seq <= 2 or seq % _EVERY_REFUSAL == 0


def _gets(client: TestClient, requests: list[tuple[str, dict[str, str]]]) -> list[httpx.Response]:
    """The answers to GET ``requests`` (each a path and its headers), asked in turn on the test
    client's own event loop, where its app and WebSockets run: one trip to that loop's thread
    for them all, where the test client's own ``get`` takes several trips for each (most of
    the property's time went in those trips)."""

    async def asking() -> list[httpx.Response]:
        transport = httpx.ASGITransport(app=client.app)
        async with httpx.AsyncClient(transport=transport, base_url=str(client.base_url)) as inner:
            return [await inner.get(path, headers=headers) for path, headers in requests]

    assert client.portal is not None, "the test client is not started"
    return client.portal.call(asking)


def _play_and_check(db: Path, players: int, advanced: bool, rng: random.Random, plies: int) -> None:
    """Play ``plies`` random moves of a match of human seats (some taken back), then a seat
    resigns if the game goes on, checking everything sent after each: no hidden component, and
    no token of another seat."""
    # take-backs and replays as often as the property draws them: their pace is another test's
    with TestClient(
        create_app(
            SQLiteStore(db), bounds=Bounds(changes_per_minute=1_000_000, analysis_per_minute=1_000_000)
        )
    ) as client:
        created = create(
            client, players=players, advanced=advanced, seed=rng.randrange(1 << 32), takeback=True
        )
        match = created["match"]
        tokens = [token(created, seat) for seat in range(players)]
        viewers: list[int | None] = [*range(players), None]
        live = client.app.state.registry.followed(match)  # type: ignore[attr-defined]
        seen: dict[int | None, set[str]] = {viewer: set() for viewer in viewers}

        def headers(viewer: int | None) -> dict[str, str]:
            return {} if viewer is None else bearer(tokens[viewer])

        def look(state: GameState) -> None:  # what each viewer has seen so far
            for viewer in viewers:
                seen[viewer] |= component_ids(state if viewer is None else player_view(state, viewer))

        def check(since: int, sent: dict[int | None, list[str]], asking: Collection[int | None]) -> None:
            """Everything each viewer is sent after entry ``since`` (beside ``sent``, the answers
            it had): no hidden component, no token of another seat. Every viewer's WebSocket
            messages; what the viewers of ``asking`` may ask for over HTTP."""
            after: GameState = live.state
            look(after)
            hidden = {viewer: component_ids(after) - seen[viewer] for viewer in viewers}
            decided = client.get(f"/api/matches/{match}").json()["state"] == "over"
            asked: list[tuple[int | None, str, int | None]] = []  # viewer, path, status required
            for viewer, socket in zip(viewers, sockets, strict=True):
                sent[viewer].extend(_receive_until(socket, live.seq))
                if viewer not in asking:
                    continue
                paths = (f"/view?since={since}", "", "/picture", "/log", *_replays(live.seq, viewer, rng))
                asked += [(viewer, path, None) for path in paths]
                if _refusals_asked(live.seq, decided):
                    required = 200 if decided else 403  # refused until the game is decided
                    for other in ("all", *(seat for seat in range(players) if seat != viewer)):
                        asked += [
                            (viewer, f"/replay?seat={other}", required),
                            (viewer, f"/picture?at=0&seat={other}", required),
                        ]
            answers = _gets(
                client, [(f"/api/matches/{match}{path}", headers(viewer)) for viewer, path, _ in asked]
            )
            for (viewer, _, status), answer in zip(asked, answers, strict=True):
                if status is not None:
                    assert answer.status_code == status, answer.text
                if status != 200:
                    sent[viewer].append(answer.text)
            for viewer in viewers:
                others = [t for s, t in enumerate(tokens) if s != viewer]
                for text in sent[viewer]:
                    leaked = _named(text) & hidden[viewer]
                    assert not leaked, f"viewer {viewer} was sent {sorted(leaked)} at ply {after.ply}"
                    assert not any(t in text for t in others), f"viewer {viewer} was sent a token"

        with contextlib.ExitStack() as stack:
            sockets = [
                stack.enter_context(
                    client.websocket_connect(
                        f"/api/matches/{match}/updates"
                        + ("" if viewer is None else f"?token={tokens[viewer]}")
                    )
                )
                for viewer in viewers
            ]
            for _ in range(plies):
                state: GameState = live.state
                if state.is_over:
                    break
                look(state)
                seat = rng.choice(state.to_act)
                view = client.get(f"/api/matches/{match}/view", headers=headers(seat)).json()
                choice = rng.choice(view["legal"])
                move = rng.choice([choice["notation"], choice["move"]])
                since = live.seq
                answer = client.post(
                    f"/api/matches/{match}/moves",
                    headers=headers(seat),
                    json={"seq": since, "move": move},
                )
                assert answer.status_code == 200, answer.text
                sent: dict[int | None, list[str]] = {viewer: [] for viewer in viewers}
                sent[seat].append(answer.text)
                if answer.json()["takeback"] and rng.random() < 0.3:
                    answer = client.post(
                        f"/api/matches/{match}/takeback", headers=headers(seat), json={"seq": live.seq}
                    )
                    assert answer.status_code == 200, answer.text
                    sent[seat].append(answer.text)
                    # every seat's view (and the spectator's) is exactly as before the move
                    assert live.state == state
                    for viewer in viewers:
                        again = client.get(f"/api/matches/{match}/view", headers=headers(viewer)).json()
                        assert again["position"] == to_data(player_view(state, viewer))
                # what may be asked over HTTP: by the mover, the spectator and one other seat
                others = [viewer for viewer in viewers if viewer not in (seat, None)]
                check(since, sent, {seat, None, rng.choice(others)})
            state = live.state
            if not state.is_over:  # a seat resigns: what it ends shows nobody more than before
                look(state)
                seat = rng.randrange(players)
                since = live.seq
                answer = client.post(
                    f"/api/matches/{match}/seats/{seat}/resign", headers=headers(seat), json={"seq": since}
                )
                assert answer.status_code == 200, answer.text
                check(since, {viewer: [answer.text] if viewer == seat else [] for viewer in viewers}, viewers)


def test_nothing_sent_to_a_seat_names_what_its_view_hides(tmp_path: Path) -> None:
    """A seeded 2-player match, its first epoch: a few seconds."""
    _play_and_check(tmp_path / "matches.sqlite", 2, False, random.Random(7), plies=30)


@pytest.mark.slow
# Not shrunk: a failure names the ids, the viewer and the ply, and one example plays a whole match.
@settings(max_examples=4, phases=[Phase.explicit, Phase.reuse, Phase.generate])
@given(players=st.integers(2, 5), rng=st.randoms(use_true_random=False), advanced=st.booleans())
def test_nothing_sent_to_a_seat_in_whole_random_matches_names_what_its_view_hides(
    tmp_path_factory: pytest.TempPathFactory, players: int, rng: random.Random, advanced: bool
) -> None:
    db = tmp_path_factory.mktemp("leak") / "matches.sqlite"
    _play_and_check(db, players, advanced, rng, plies=1000)


def test_the_property_sees_a_leak() -> None:
    """The check itself: another seat's drawn cards are hidden ids the seat has not seen, and
    found in any text naming them."""
    state = new_game(GameConfig(players=2, seed=3))
    state = apply_move(state, legal_moves(state)[0])
    theirs = set(state.players[1].drawn)
    assert len(theirs) == 2
    assert theirs <= component_ids(state) - component_ids(player_view(state, 0))
    assert theirs <= _named(
        to_json(
            apply_move_with_events(
                new_game(GameConfig(players=2, seed=3)),
                legal_moves(new_game(GameConfig(players=2, seed=3)))[0],
            )[1][-1]
        )
    )
