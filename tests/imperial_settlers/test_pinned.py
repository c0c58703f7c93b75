"""Seeded random games pinned to digests of everything the library says of them: no
optimisation may change a result (FLOW-1 to FLOW-4, ENG-9).

Each game is fingerprinted by its length, the digests of its final position and of its
record, and four digests of what was said along the way: the listing of every position (each
legal move, in order), the events of every move played, the refusal (rule and words) of each
move of the previous position tried in every seventh position, and, every eleventh position,
each seat's view and the previews of the seat to act. A failure says which changed.

The pins were made by the code of every speed-up of issue 51 alike, and by the code before
the first of them but for the events of two games: a razed location's wood (RAZE-6) and
Oasis's workers (CARD-19) became events between the two.
"""

from __future__ import annotations

import hashlib
import random

import pytest

from imperial_settlers_rules import (
    GameConfig,
    GameState,
    Move,
    apply_move,
    apply_move_with_events,
    check_move,
    legal_moves,
    new_game,
    player_view,
    position_digest,
    previews,
)
from imperial_settlers_rules.bots import GreedyBot, RandomBot
from imperial_settlers_rules.records import record_digest

#: A game's length, the digests of its final position and of its record, and those of its
#: listings, events, refusals and views.
Fingerprint = tuple[int, str, str, str, str, str, str]

#: players, seed, options, and the fingerprint of a random game chosen by
#: ``random.Random(seed)`` (see the module): its length, the digests of the final position
#: and of the record, and those of the listings, events, refusals and views.
PINNED: list[tuple[int, int, dict[str, object], Fingerprint]] = [
    (
        2,
        1,
        {},
        (
            102,
            "20463c5b56f25a50ccc86646c36e03a617db88c35611fe2a3679ed3a95a9a983",
            "fbf0c8432e044864d09630421d5f588b84c4e8cfaea27e0e566463caf22be4af",
            "732f019daf3485025460deeeb5029ad3337ab89f5f84da14583a2e9a9358d4b7",
            "4a9a2f4433f101f6018d59d36a7761d0572fd3dbe00d350df86464183597d84e",
            "473d2adda249b27a3f6df33d5ee926f675f94aa93203f30dcfd21c355079220e",
            "43232b55b49557942a9c00d04a86cd2c9da9976a6fd5a71bc84ce0a97b88d558",
        ),
    ),
    (
        3,
        2,
        {},
        (
            149,
            "f542b181ca9c7c643dbbe3199cf479360d54a270bae6b7dc49ed0f0b5b4339b9",
            "e277de640b1ef8124814c3ba0ff89eae614a3acb116d1ca9625fde5340103489",
            "2b30675910a746800237024662a197a628a068957026b7018400b4f766339615",
            "f14a08695bcbdd14fc8de5905c610357bc27145118361f46cf5bbc09d5136973",
            "b6a36d90570dbebe4a629feb2299fb38e083f959fb166fa116fa27941cd48df0",
            "7f484f357c82290e3e032ddfdbe6d1c057f797f92b6fc4bdde22b5200d0cf3ce",
        ),
    ),
    (
        4,
        3,
        {},
        (
            222,
            "1097b74886d28c31964a2594b135dea5284a1cc0bd0d83e91aa38001fc84d36c",
            "a31ea6866785c639ffb103b4bca37cd0fc563deef10b9c742b13a1ee019ae39f",
            "29755499a781f8fd44ba51c163d9bd31231387bf25684872ddb244dc1d028c8f",
            "f5443d855770b0850e1ac05778cc6a5a4507a4faad42c7a48f90f80933752d3a",
            "6c230a9e0bde73bf88b5894fbd50916e9002d64d920f8e41534e32c179adcff2",
            "d115bae50e93ab79414e190302c459a07ffc20e7f6b794901098a268ae6be781",
        ),
    ),
    (
        2,
        4,
        {"factions": ("japanese", "egyptians")},
        (
            108,
            "fb2ae757da20c8e419c8203444ccea1d6b30426f3321046830b1803a83b3516a",
            "19f30257e145a8231f93cbc621a507a4e5cf9a8af5690f1d1c83209df433544c",
            "1198c80dacaacf15b344c9ffde57a3da5790f98c11cbc5afbf81183af385c8bf",
            "058a8bc88ae7a067624dc766a538ceffd7589b31a5b28ccc9baf666e80e4734d",
            "98da2f6321e22e5b37522efd0f1205c1514777b76ab66d9d4e06eb62857a779a",
            "4bad9462562cecf165e336406a9bdb3d54c78578f20d5c1adbc800c5039cacaf",
        ),
    ),
    (
        4,
        5,
        {"first_player": "random"},
        (
            208,
            "a1c7e3e1a2761088e94036cea0e1d1dd9824be35811e3c232f91d40ada27a7b7",
            "56987b40a20c7bcabab25e575480f3242f40fdd9141a4400d70cd7979fcdca0b",
            "712c56798bbca566f8fa99ab98bb7d3bf5cb6da748523a28a9a35eceb9878bf4",
            "adae3b8ddd9d4182ccc4a6f3d43f47afc2e06ae66c9e50850a8841f3aa282ab6",
            "1c5628f66a8f5a2bce005340f1b89cb42978fa3284925640c03cce998c9d2dbf",
            "5263b5c95cfacd243ba44b3bf6af15182fb22d42bd96710100099fb80a056e4e",
        ),
    ),
    (
        3,
        6,
        {"faction_deck_reshuffle": False},
        (
            156,
            "1f7150650a19fe854838cfc0fecbe7b5b0fe1362643adb9718d54530e930943b",
            "5427f3caca9acf82e3d840827adc2897bc6db4cb63a8105252c2c34f2dfc8d7f",
            "613ac1db863ef801b9dcdbc02bcb86b744744243911682e506a856b0cba895a6",
            "3f1ef0592f956bd595e00827cb7d4ce6920759f8d024ec79878cbf628f30cf44",
            "c9dd4476b7359da2c2a93f6e21c906cb8b314a66986a0018265ca3ea9e382e10",
            "a1a03ce42477fbe162348ea0c758496a83974aaa217f826a5cc61b76ee33a21d",
        ),
    ),
]


def fingerprint(players: int, seed: int, options: dict[str, object]) -> Fingerprint:
    """A random game's fingerprint (see the module)."""
    config = GameConfig(players=players, seed=seed, **options)  # type: ignore[arg-type]
    state, rng = new_game(config), random.Random(seed)
    said = {part: hashlib.sha256() for part in ("listings", "events", "refusals", "views")}
    moves: list[Move] = []
    listed: tuple[Move, ...] = ()
    while not state.is_over:
        if len(moves) % 7 == 0:
            for move in listed:
                refusal = check_move(state, move)
                said["refusals"].update(
                    ("-" if refusal is None else f"{refusal.rule} {refusal}").encode() + b"\n"
                )
        if len(moves) % 11 == 0:
            for seat in range(players):
                said["views"].update(position_digest(player_view(state, seat)).encode())
            seat = state.to_act[0]
            said["views"].update(repr(previews(player_view(state, seat), seat)).encode())
        listed = legal_moves(state)
        said["listings"].update("|".join(map(str, listed)).encode() + b"\n")
        moves.append(listed[rng.randrange(len(listed))])
        after, events = apply_move_with_events(state, moves[-1])
        assert apply_move(state, moves[-1], check=False) == after  # the fast path is the same
        said["events"].update(repr(events).encode() + b"\n")
        state = after
    listings, events_said, refusals, views = (digest.hexdigest() for digest in said.values())
    return (
        len(moves),
        position_digest(state),
        record_digest(config, moves),
        listings,
        events_said,
        refusals,
        views,
    )


def bots_fingerprint() -> str:
    """Greedy and random bots seated alternately in three games (2 to 4 players): the digest
    of their choices."""
    seen = hashlib.sha256()
    for game in range(3):
        players = 2 + game
        state: GameState = new_game(GameConfig(players=players, seed=game))
        bots = [
            GreedyBot(seed=game * 10 + seat) if seat % 2 == 0 else RandomBot(seed=game * 10 + seat)
            for seat in range(players)
        ]
        while not state.is_over:
            seat = state.to_act[0]
            move = bots[seat].choose(state, seat)
            seen.update(str(move).encode())
            state = apply_move(state, move)
    return seen.hexdigest()


@pytest.mark.parametrize(("players", "seed", "options", "pinned"), PINNED)
def test_seeded_random_games_keep_everything_said_of_them(
    players: int, seed: int, options: dict[str, object], pinned: Fingerprint
) -> None:
    found = fingerprint(players, seed, options)
    parts = ("length", "final position", "record", "listings", "events", "refusals", "views")
    assert [part for part, was, now in zip(parts, pinned, found, strict=True) if was != now] == []


def test_the_bots_keep_their_choices() -> None:
    assert bots_fingerprint() == "4c7758c8fa34a86a2a38b508cc47c83cace5460fc9307be0063a059ae8ce9519"
