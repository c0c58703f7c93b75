"""Save a game record as JSON, load it, replay it to move N and show that position as a frontend would.

Usage: python examples/frontend_replay.py [--seed S] [--at N] [--record FILE]

1. Plays a short two-player game with the random bots.
2. Saves its record (configuration + moves) as a JSON document, to FILE or to a
   temporary folder.
3. Loads the record back and replays the first N moves, every move checked.
4. For each player to act, builds that player's view (hidden cards redacted)
   and prints what a frontend shows: the position as that player sees it, and
   the legal moves as the JSON move documents a client would send back,
   together with the ``ply`` a server uses to detect stale moves.
"""

from __future__ import annotations

import argparse
import json
import tempfile
from pathlib import Path

from hadara_rules import Color, GameConfig, GameState, legal_moves
from hadara_rules.bots import make_bots, play_game
from hadara_rules.records import GameRecord, from_json, replay, to_data, to_json
from hadara_rules.view import HIDDEN, player_view

TIERS = (3, 9, 15, 21, 30)


def _count(n: int, what: str) -> str:
    return f"{n} {what}{'' if n == 1 else 's'}"


def describe(view: GameState) -> list[str]:
    """The position as the viewer sees it, in a few lines."""
    seat = view.viewer
    assert seat is not None
    cards = view.catalogue.cards
    me = view.players[seat]
    t = me.tracks
    lines = [
        f"epoch {view.epoch}, phase {view.phase}, section {view.section}, ply {view.ply}",
        (
            f"you (seat {seat}): {me.coins} coins; income {t.income}, military {t.military}, "
            f"culture {t.culture}, food {t.food}; cards: {', '.join(me.cards) or '-'}"
        ),
    ]
    if me.drawn:
        lines.append(f"  you drew: {', '.join(me.drawn)}")
    for other, player in enumerate(view.players):
        if other != seat:
            hidden = sum(card == HIDDEN for card in player.drawn)
            drew = f"; drew {hidden} cards you cannot see" if hidden else ""
            lines.append(f"seat {other}: {player.coins} coins; {_count(len(player.cards), 'card')}{drew}")
    for color, pile in zip(Color, view.outer_piles, strict=True):
        if pile:
            top = cards[pile[-1]]
            lines.append(
                f"{color} pile: {_count(len(pile), 'card')}, top {top.id} "
                f"(price {top.cost}, {_count(top.points, 'point')})"
            )
    stacks = [
        f"tier {tier}: {stack[-1]} (+{len(stack) - 1} hidden)"
        for tier, stack in zip(TIERS, view.colony_stacks, strict=True)
        if stack
    ]
    lines.append("colony stacks: " + ("; ".join(stacks) or "empty"))
    hidden_deck_cards = sum(card == HIDDEN for deck in view.decks for card in deck)
    lines.append(f"inner decks: {hidden_deck_cards} cards, all hidden")
    return lines


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seed", type=int, default=5, help="the game's seed (default 5)")
    parser.add_argument(
        "--at", type=int, default=3, metavar="N", help="replay the first N moves (default 3: a draft round)"
    )
    parser.add_argument(
        "--record", metavar="FILE", help="where to save the record (default: a temporary file)"
    )
    args = parser.parse_args()

    config = GameConfig(players=2, seed=args.seed)
    game = play_game(config, make_bots("random", 2, args.seed))
    with tempfile.TemporaryDirectory() as scratch:
        path = Path(args.record) if args.record else Path(scratch) / "game.json"
        path.write_text(to_json(GameRecord(config, game.moves)), encoding="utf-8")
        print(f"played {len(game.moves)} moves; record saved as JSON ({path.stat().st_size} bytes)")
        record = from_json(path.read_text(encoding="utf-8"), GameRecord)

    at = max(0, min(args.at, len(record.moves)))
    state = replay(GameRecord(record.config, record.moves[:at]))
    print(f"loaded {len(record.moves)} moves; replayed to move {at} of {len(record.moves)}")
    if state.is_over:
        print("the game is over")
        return
    for seat in state.to_act:
        view = player_view(state, seat)
        moves = legal_moves(view)
        print(f"\n== what seat {seat}'s screen shows")
        for line in describe(view):
            print("  " + line)
        print(f"  legal moves ({len(moves)}), sent with ply {view.ply}:")
        for move in moves:
            print("    " + json.dumps(to_data(move)["data"]))
        print(f"  the whole view as a document: {len(to_json(view))} characters of JSON")


if __name__ == "__main__":
    main()
