"""Text for people: moves, positions and the score pad as the ``hadara`` command prints them."""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence

from attrs import frozen

from boardtable.screen import counted, score_table

from ._components import Card, Colony
from ._engine import legal_moves
from ._model import SHOWN_AS, SPECTATOR, GameState, PlayerState
from ._moves import KIND_OF, Action
from ._rules.acquire import owned_colors, price, sell_value
from ._rules.scoring import CATEGORIES, score
from ._vocabulary import COLORS, ROMAN, TIERS, TRACKS, Color, Section, Tracks
from .events import (
    CoinsChanged,
    DraftChosen,
    EpochStarted,
    Event,
    GameOver,
    Passed,
    SectionStarted,
    TrackMoved,
)

#: How a hidden card or draft choice is shown in a view (:data:`hadara_rules.view.HIDDEN`).
HIDDEN = Action.HIDDEN.value


def player_name(state: GameState, seat: int) -> str:
    """How a seat is shown: its number and the crest of its board (SETUP-1, WHEEL-3)."""
    return f"P{seat} ({state.players[seat].crest})"


def seen_by(state: GameState) -> str:
    """Whose view a position is, for a heading: ``as P1 (camel) sees it``, ``as a spectator
    sees it``; empty for the whole position (INFO-1)."""
    if state.viewer is None:
        return ""
    if state.viewer == SPECTATOR:
        return "as a spectator sees it"
    return f"as {player_name(state, state.viewer)} sees it"


def format_score_sheet(state: GameState) -> str:
    """The score pad of ``state`` as a table: one row per category, one column per player."""
    sheets = score(state)
    return score_table(
        [player_name(state, sheet.player) for sheet in sheets],
        [(category, [getattr(sheet, category) for sheet in sheets]) for category in CATEGORIES],
    )


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
        f"{player_name(state, seat)}: {counted(player.coins, 'coin')}; income {t.income}, military {t.military}, "
        f"culture {t.culture}, food {t.food}; {counted(len(player.cards), 'card')}"
    )


#: How many legal moves a position's text lists; beyond it, it counts them by kind.
_MOVES_LISTED = 8


def _points(points: int) -> str:
    return f"{points} pt{'' if points == 1 else 's'}"


def _signed_values(values: Tracks) -> list[str]:
    return [f"{t.value} {values.get(t):+d}" for t in TRACKS if values.get(t)]


#: A purple card's ability in a few words, by its rule ID (the rule's text: ``explain ID``).
ABILITIES = {
    "PURPLE-1": "sells for 1 coin more",
    "PURPLE-2": "its track +2 by a free bonus tile",
    "PURPLE-3": "+1 step per {color} card",
    "PURPLE-4": "each statue gives 2 more",
    "PURPLE-5": "cheaper medals",
    "PURPLE-6": "at feeding, 2 coins instead of a card",
    "PURPLE-7": "at feeding, 3 coins per spare food",
    "PURPLE-8": "at income, 2 coins per track above income",
    "PURPLE-9": "4 coins per colony taken",
    "PURPLE-10": "one silver medal scores in full",
    "PURPLE-11": "4 points per set of 5 colours",
    "PURPLE-12": "gold medals: one set may miss a colour",
    "PURPLE-13": "2 colonies and 2 statues per section",
    "PURPLE-14": "requirements 4 lower",
    "PURPLE-15": "3 coins per missing requirement point",
    "PURPLE-16": "copies of purple abilities count",
}


def ability(effect: str, color: Color | None = None) -> str:
    """A purple card's ability in words with its rule ID beside: ``sells for 1 coin more
    (PURPLE-1)``, ``+1 step per red card (PURPLE-3)``; an ability without words here, by its ID."""
    words = ABILITIES.get(effect)
    if words is None:
        return f"{effect} {color}" if color else effect
    return f"{words.format(color=color or 'matching')} ({effect})"


def card_text(card: Card) -> str:
    """A card as a player reads it: ``I-blue-03 (blue, cost 3: culture +2, food +1, 2 pts)``,
    a purple card's ability in words (:func:`ability`)."""
    effect = [ability(card.effect, card.effect_color)] if card.effect else []
    printed = [*_signed_values(card.values), *effect, *(["star"] if card.star else []), _points(card.points)]
    return f"{card.id} ({card.color}, cost {card.cost}: {', '.join(printed)})"


def _offer(state: GameState, player: PlayerState, card_id: str) -> str:
    """A drawn card with what it costs and gives the player (BUY-1, SELL-1)."""
    card = state.catalogue.cards[card_id]
    cost = price(card, owned_colors(state, player))
    return f"{card_text(card)}: buy for {cost}, or sell for {sell_value(state, player, card)}"


def _colony_text(colony: Colony, allied: bool) -> str:
    if allied:
        back, points = colony.turned_up()
        return f"{colony.id} allied ({', '.join(_signed_values(back)) or 'no steps'}, {_points(points)})"
    return f"tier-{colony.tier} colony plundered ({_points(colony.points)})"


def _player_lines(state: GameState, seat: int) -> list[str]:
    """One player's board: coins and tracks, tableau, colonies, statues, medals, tiles, drawn cards."""
    player = state.players[seat]
    catalogue = state.catalogue
    you = " (you)" if seat == state.viewer else ""
    held_cards = f"; {counted(len(player.cards), 'card')}"
    lines = [f"{_player_line(state, seat, player).removesuffix(held_cards)}{you}"]
    if player.cards:
        lines.append(f"  tableau: {', '.join(player.cards)}")
    held = [_colony_text(catalogue.colonies[h.id], h.allied) for h in player.colonies]
    statues = [f"{s.statue} ({s.tile} tile face {'up' if s.face_up else 'down'})" for s in player.statues]
    medals = [f"silver medals: {', '.join(map(str, player.silver)) or 'none'}", f"gold medals: {player.gold}"]
    lines.append(
        f"  colonies: {'; '.join(held) or 'none'}; statues: {', '.join(statues) or 'none'}; "
        f"{'; '.join(medals)}; free tiles: {', '.join(map(str, player.free_tiles)) or 'none'}"
    )
    if player.drawn and all(card == HIDDEN for card in player.drawn):
        lines.append(f"  drawn: {counted(len(player.drawn), 'hidden card')}")
    else:
        lines.extend(f"  drawn: {_offer(state, player, card)}" for card in player.drawn)
    if state.pending and player.drawn:
        choice = state.pending[seat]
        lines.append(
            f"  chosen: {'not yet' if choice is None else 'a card, hidden' if choice.card == HIDDEN else choice}"
        )
    return lines


def _options(state: GameState) -> list[str]:
    """What the seats to act may do: each one's legal moves listed, or counted by kind."""
    seats = state.to_act if state.viewer is None else tuple(s for s in state.to_act if s == state.viewer)
    lines = []
    for seat in seats:
        moves = legal_moves(state, seat)
        if len(moves) <= _MOVES_LISTED:
            listed = "; ".join(map(str, moves))
        else:
            kinds = Counter(KIND_OF[type(m)].name for m in moves)
            listed = ", ".join(f"{n} {kind}" for kind, n in kinds.items())
        lines.append(f"{player_name(state, seat)} may: {counted(len(moves), 'move')}: {listed}")
    return lines


def summary(state: GameState) -> str:
    """A position as a player reads it, for ``str(state)``: where the game is and who is to
    act (FLOW-1), what they may do, the outer piles' tops, the colony stacks, and every
    player's board with their drawn cards' prices and sale values. A view shows only what
    its viewer may see (INFO-1)."""
    head = f"{where(state)}; move {state.ply}"
    if not state.is_over:
        acting = ", ".join(player_name(state, seat) for seat in state.to_act)
        head += f"; first player {player_name(state, state.first_player)}; to act: {acting or 'nobody'}"
    if state.viewer is not None:
        head += f" ({seen_by(state)})"
    cards = state.catalogue.cards
    tops = [
        f"{color} {card_text(cards[pile[-1]])}{f' +{len(pile) - 1} below' if len(pile) > 1 else ''}"
        for color, pile in zip(COLORS, state.outer_piles, strict=True)
        if pile
    ]
    stacks = []
    for tier, stack in zip(TIERS, state.colony_stacks, strict=True):
        if stack:
            top = state.catalogue.colonies[stack[-1]]
            front = f"plunder {top.plunder}, ally {top.ally_cost}, {_points(top.points)}"
            stacks.append(f"{tier}: {front} ({len(stack)} left)")
    lines = [head, *_options(state)]
    lines.append(f"Outer piles: {'; '.join(tops) or 'empty'}")
    lines.append(f"Colony stacks: {'; '.join(stacks) or 'empty'}")
    for seat in range(len(state.players)):
        lines.extend(_player_lines(state, seat))
    return "\n".join(lines)


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


# --------------------------------------------------------------------------- events as text

#: Events whose words join the line of the action before them (coins and track steps).
_DETAILS = (CoinsChanged, TrackMoved)
#: Events that end a line: nothing joins them.
_ALONE = (SectionStarted, EpochStarted, GameOver)


@frozen(kw_only=True)
class PassedOver(Passed):
    """A player passed over, with why in words (:func:`~hadara_rules._passed.why_passed_over`):
    the log tells it where a bare :class:`Passed` is left out."""

    why: str

    def _words(self) -> str:
        return f"{Passed._words(self)}: {self.why}"


def _left_out(event: Event) -> bool:
    """A draft choice (its round's resolution tells what it was) and a player passed over
    without a reason to tell (nothing happened) are left out of the log."""
    return isinstance(event, DraftChosen) or (
        isinstance(event, Passed) and event.automatic and not isinstance(event, PassedOver)
    )


@frozen
class EventLine:
    """One line of a game's log: what a player (or the table) did, its coins and track
    steps, and the rules that made it happen."""

    player: int | None
    text: str
    details: tuple[str, ...]
    rules: tuple[str, ...]

    def __str__(self) -> str:
        words = self.text + (": " + ", ".join(self.details) if self.details else "")
        return f"{words} ({', '.join(self.rules)})"


def event_lines(events: Sequence[Event]) -> list[EventLine]:
    """The events as lines for players: a line per action (its words are the event's own,
    see ``str(event)``), its coins and track steps after it, and the rules that made it happen."""
    lines: list[tuple[int | None, str, list[str], list[str]]] = []  # who, text, details, rules
    joinable = False
    for event in events:
        if _left_out(event):
            continue
        joins = joinable and event.player is not None and lines[-1][0] == event.player
        if isinstance(event, _DETAILS) and joins:
            lines[-1][2].append(event._detail())
            if event.rule not in lines[-1][3]:
                lines[-1][3].append(event.rule)
            continue
        lines.append((event.player, event._words(), [], [event.rule]))
        joinable = not isinstance(event, _ALONE)
    return [EventLine(who, text, tuple(details), tuple(rules)) for who, text, details, rules in lines]


SHOWN_AS["text"] = summary
