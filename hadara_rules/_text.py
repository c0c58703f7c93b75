"""Text for people: moves, positions and the score pad as the ``hadara`` command prints them."""

from __future__ import annotations

from ._model import SHOWN_AS, GameState, PlayerState
from ._moves import (
    SELL,
    BuyGold,
    BuySilver,
    CarveStatue,
    ChooseSide,
    Draft,
    FeedWithCoins,
    Move,
    Pick,
    RemoveCard,
    SetWheel,
    TakeColony,
)
from ._rules.scoring import CATEGORIES, score
from ._vocabulary import COLOR_INDEX, COLORS, ROMAN, TIER_INDEX, TIERS, Section


def player_name(state: GameState, seat: int) -> str:
    """How a seat is shown: its number and the crest of its board (SETUP-1, WHEEL-3)."""
    return f"P{seat} ({state.players[seat].crest})"


def describe(before: GameState, move: Move, after: GameState) -> str | None:
    """One line for a key event, or None for a move not worth a line."""
    who = player_name(before, move.player)
    cards = before.catalogue.cards
    if isinstance(move, ChooseSide):
        return f"{who} plays side {move.side} of {before.players[move.player].start_card}"
    if isinstance(move, SetWheel):
        return f"{who} sets the wheel to rotation {move.rotation}"
    if isinstance(move, Draft | Pick):
        if isinstance(move, Draft):
            card = cards[move.card]
        else:
            card = cards[before.outer_piles[COLOR_INDEX[move.color]][-1]]
        if move.action == SELL:
            return f"{who} sells {card.id}"
        tile = f", placing {_a(move.tile)} tile on it" if move.tile is not None else ""
        return f"{who} buys {card.id} ({card.color}, printed price {card.cost}){tile}"
    if isinstance(move, TakeColony):
        colony = before.catalogue.colonies[before.colony_stacks[TIER_INDEX[move.tier]][-1]]
        how = "allies with" if move.ally else "plunders"
        paid = f", paying {move.pay} to lower the requirement" if move.pay else ""
        return f"{who} {how} tier-{move.tier} colony {colony.id}{paid}"
    if isinstance(move, CarveStatue):
        face = "face up" if move.face_up else "face down"
        return f"{who} carves statue {move.statue} with {_a(move.tile)} tile {face}"
    if isinstance(move, RemoveCard):
        return f"{who} cannot feed everyone and removes {move.card}"
    if isinstance(move, FeedWithCoins):
        return f"{who} pays 2 coins instead of removing a card"
    if isinstance(move, BuySilver):
        return f"{who} buys a silver medal on {move.tile}"
    if isinstance(move, BuyGold):
        return f"{who} buys a gold medal"
    return None


def format_score_sheet(state: GameState) -> str:
    """The score pad of ``state`` as a table: one row per category, one column per player."""
    sheets = score(state)
    width = 14
    head = "".ljust(10) + "".join(player_name(state, s.player).rjust(width) for s in sheets)
    rows = [
        category.ljust(10) + "".join(str(getattr(s, category)).rjust(width) for s in sheets)
        for category in CATEGORIES
    ]
    return "\n".join([head, *rows])


def _a(word: str) -> str:
    """``word`` with its indefinite article: "a food", "an income"."""
    return f"{'an' if word[0] in 'aeiou' else 'a'} {word}"


def where(state: GameState) -> str:
    """Where the game is: ``Epoch II, phase A: draft (round 3 of 5, wheel 2)`` (EPOCH-1, WHEEL-2)."""
    if state.is_over:
        return "The game is over"
    text = f"Epoch {ROMAN[state.epoch]}, phase {state.phase}: {state.section}"
    if state.section is Section.DRAFT:
        text += f" (round {state.round + 1} of 5, wheel {state.wheel})"
    return text


def _player_line(state: GameState, seat: int, player: PlayerState) -> str:
    t = player.tracks
    return (
        f"{player_name(state, seat)}: {player.coins} coins; income {t.income}, military {t.military}, "
        f"culture {t.culture}, food {t.food}; {len(player.cards)} cards"
    )


def summary(state: GameState) -> str:
    """A position in a few lines, for ``str(state)``: where the game is, who is to act
    (FLOW-1), and each player's coins, tracks and number of cards."""
    acting = ", ".join(player_name(state, seat) for seat in state.to_act)
    head = f"{where(state)}; move {state.ply}"
    if not state.is_over:
        head += f"; to act: {acting or 'nobody'}"
    if state.viewer is not None:
        head += f" (as {player_name(state, state.viewer)} sees it)"
    return "\n".join([head, *(_player_line(state, seat, p) for seat, p in enumerate(state.players))])


def format_position(state: GameState) -> str:
    """The public position in a few lines: where the game is, the piles, every player."""
    lines = [f"{where(state)}; first player {player_name(state, state.first_player)}; move {state.ply}"]
    tops = ", ".join(
        f"{c} {pile[-1]} (+{len(pile) - 1})"
        for c, pile in zip(COLORS, state.outer_piles, strict=True)
        if pile
    )
    lines.append(f"outer piles: {tops or 'empty'}")
    stacks = ", ".join(
        f"{t}: {s[-1]} (+{len(s) - 1})" for t, s in zip(TIERS, state.colony_stacks, strict=True) if s
    )
    lines.append(f"colony stacks: {stacks or 'empty'}")
    for seat, p in enumerate(state.players):
        colonies = ", ".join(f"{h.id}{' (allied)' if h.allied else ''}" for h in p.colonies) or "-"
        statues = (
            ", ".join(f"{s.statue}:{s.tile}{'' if s.face_up else ' face down'}" for s in p.statues) or "-"
        )
        lines.append(
            f"{_player_line(state, seat, p)}; colonies {colonies}; "
            f"statues {statues}; silver {', '.join(map(str, p.silver)) or '-'}; gold {p.gold}"
        )
    return "\n".join(lines)


SHOWN_AS["text"] = summary
