"""Hadara's moves in their player's words (:func:`hadara_rules._said.move_text`): one wording,
said by a legal move's wire entry (``text``, which the web table lists the move by) and by the
terminal's list of moves beside each move's notation."""

from __future__ import annotations

from collections import Counter

from boardtable.games import game
from hadara_rules import (
    COLORS,
    BuyGold,
    BuySilver,
    CarveStatue,
    ChooseSide,
    Draft,
    FeedWithCoins,
    GameConfig,
    GameState,
    Move,
    Pass,
    Pick,
    RemoveCard,
    SetWheel,
    TakeColony,
    apply_move,
    new_game,
    player_view,
)
from hadara_rules._said import move_text
from hadara_rules.bots import make_bots

HADARA = game("hadara")


def _positions(config: GameConfig) -> list[GameState]:
    """Every position of a game of greedy bots."""
    state = new_game(config)
    bots = make_bots("greedy", config.players, config.seed)
    found = [state]
    while not state.is_over:
        seat = state.to_act[0]
        state = apply_move(state, bots[seat].choose(player_view(state, seat), seat))
        found.append(state)
    return found


def test_a_legal_entry_says_each_move_in_the_terminals_words() -> None:
    """Every legal move of every seat to act, in seeded games basic and advanced, is sent with
    the words the terminal lists it by (made from the seat's view), in one line; a pick names
    the card it takes, the top of its outer pile (PICK-1). Every kind of move is met but the
    rare feeding with coins of PURPLE-6 (worded below)."""
    kinds: Counter[str] = Counter()
    picked = 0
    for config in (GameConfig(2, 3), GameConfig(3, 8, advanced=True), GameConfig(4, 21, advanced=True)):
        for state in _positions(config):
            for seat in state.to_act:
                view = HADARA.view(state, seat)
                for option in HADARA.legal(view, seat):
                    move = option.move
                    entry = HADARA.legal_entry(option)
                    said = move_text(player_view(state, seat), move)
                    assert entry["text"] == said and "\n" not in said, entry
                    kinds[move.type] += 1
                    if isinstance(move, Pick):
                        top = view.outer_piles[COLORS.index(move.color)][-1]
                        assert said.startswith(
                            f"{move.action.value.title()} {top} from the {move.color} pile"
                        )
                        picked += 1
    every = {move.type for move, _ in SAID}
    assert picked and set(kinds) >= every - {FeedWithCoins.type}, kinds  # PURPLE-6's move is rare


#: Moves of P0 and their words.
SAID: tuple[tuple[Move, str], ...] = (
    (ChooseSide(0, "B"), "Play side B of your start card"),
    (SetWheel(0, 3), "Set the wheel to rotation 3"),
    (Draft(0, "I-purple-02", "buy", "food"), "Buy I-purple-02, taking the free food tile"),
    (Draft(0, "I-red-04", "sell"), "Sell I-red-04"),
    (Pick(0, "blue", "sell"), "Sell the top blue card from the blue pile"),
    (TakeColony(0, 9, True), "Ally with the tier 9 colony"),
    (TakeColony(0, 15, False, 3), "Plunder the tier 15 colony, paying 3 coins to lower the requirement"),
    (CarveStatue(0, 2, "culture", False), "Carve statue 2, culture tile face down"),
    (Pass(0), "Pass"),
    (RemoveCard(0, "I-green-01"), "Remove I-green-01"),
    (FeedWithCoins(0), "Pay 2 coins instead of removing a card"),
    (BuySilver(0, "military"), "Buy a silver medal with the military tile"),
    (BuyGold(0), "Buy a gold medal"),
)


def test_each_kind_of_move_has_its_words() -> None:
    """What the notation leaves to the reader: a purple card's free tile (PURPLE-2), the coins
    paid to lower a requirement (PURPLE-15), a statue's tile and its face (STATUE-3), a
    medal's tile (MEDAL-3); a pick from an empty pile (none is legal) says its colour."""
    view = _empty_piles()
    assert [move_text(view, move) for move, _ in SAID] == [said for _, said in SAID]


def _empty_piles() -> GameState:
    """A new game's position, its outer piles empty (SETUP-3)."""
    state = new_game(GameConfig(2, 1))
    assert not any(state.outer_piles)
    return state
