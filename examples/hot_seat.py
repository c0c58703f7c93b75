"""Hot seat: python examples/hot_seat.py PLAYERS SEAT[,SEAT...] [SEED], e.g. 3 0,2 (people at 0 and 2, the
greedy bot at the others). At a person's turn: what happened since that seat's last turn and the position, as
it may see them, and its legal moves, numbered, with what each would do. Type a number or a move in the notation;
a refusal is told with the rule's text. People choose first in a draft round; the end of input leaves the game."""

import random
import sys

import hadara_rules as hr
from hadara_rules.bots import GreedyBot
from hadara_rules.events import Event, events_seen_by


def ask(state: hr.GameState, seat: int) -> hr.Move:
    moves = hr.legal_moves(state, seat)
    numbered = [f"{number:3}. {move}  {hr.preview(state, move)}" for number, move in enumerate(moves, 1)]
    print(f"\n{hr.player_view(state, seat)}", *numbered, sep="\n")
    while True:
        text = input(f"P{seat}> ").strip()
        if text.isdigit() and 1 <= int(text) <= len(moves):
            return moves[int(text) - 1]
        try:
            move = hr.parse_move(text)
            refusal = hr.check_move(state, move) if move.player == seat else f"only P{seat} moves here"
        except hr.NotationError as exc:
            refusal = str(exc)
        if refusal is None:
            return move
        print(refusal if isinstance(refusal, str) else f"{refusal}\n{hr.rules()[refusal.rule].text}")


def main(players: int, people: set[int], seed: int = 1) -> None:
    state, bot = hr.new_game(hr.GameConfig(players=players, seed=seed)), GreedyBot(random.Random(seed))
    news: dict[int, tuple[Event, ...]] = dict.fromkeys(people, ())
    while not state.is_over:
        seat = min(set(state.to_act) & people, default=state.to_act[0])  # people first
        if seat in people:
            print(f"\n--- P{seat}'s turn ---", *news[seat], sep="\n")
            news[seat], move = (), ask(state, seat)
        else:
            move = bot.choose(hr.player_view(state, seat), seat)
        state, events = hr.apply_move_with_events(state, move)
        news = {person: news[person] + events_seen_by(events, person) for person in people}
    print(*events, *(f"P{s.player}: {s.total} points" for s in hr.score(state)), sep="\n")
    print(f"Winners: {', '.join(f'P{seat}' for seat in hr.winners(state))}")


if __name__ == "__main__":
    try:  # PLAYERS (2 to 5), the people's seats among them, and maybe a seed
        players, seats, *seed = int(sys.argv[1]), {*map(int, sys.argv[2].split(","))}, *map(int, sys.argv[3:])
    except (IndexError, ValueError):
        players, seats, seed = 0, set(), []
    if not 2 <= players <= 5 or not seats <= set(range(players)) or len(seed) > 1:
        print("usage: python examples/hot_seat.py PLAYERS SEAT[,SEAT...] [SEED]  e.g. 3 0,2", file=sys.stderr)
        sys.exit(2)
    try:
        main(players, seats, *seed)
    except (EOFError, KeyboardInterrupt):  # the end of input, or Ctrl-C: the game is left
        sys.exit("\nThe game was left.")
