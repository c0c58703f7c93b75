"""Tools: gaining them and adding them to rolls (TOOL-1 to TOOL-6)."""

from __future__ import annotations

from collections import Counter

from boardtable.errors import IllegalMove

from .._model import MAX_TOOL_LEVEL, MAX_TOOLS, GameState
from .._moves import UseTools
from .._table import Table


def gain_tool(table: Table, seat: int, rule: str) -> None:
    """TOOL-3: a new tool of level 1 while the player has fewer than 3 (TOOL-1); else one of
    the lowest level rises by one, an unused one first; at 4/4/4 nothing happens."""
    player = table.player(seat)
    tools, used = list(player.tools), list(player.used)
    if len(tools) < MAX_TOOLS:
        tools.append(1)
        used.append(False)
    elif min(tools) < MAX_TOOL_LEVEL:
        lowest = [i for i, level in enumerate(tools) if level == min(tools)]
        raised = next((i for i in lowest if not used[i]), lowest[0])
        tools[raised] += 1
    table.change(seat, rule, "gained a tool", tools=tuple(tools), used=tuple(used))


def can_use_tools(state: GameState, seat: int) -> bool:
    """Whether ``seat`` has an unused tool or a one-time tool to add to a roll (TOOL-2, TOOL-5)."""
    player = state.players[seat]
    return bool(player.one_time) or not all(player.used)


def check_tools(state: GameState, move: UseTools) -> IllegalMove | None:
    """TOOL-2: each tool named once, unused this round; TOOL-5: one-time tools the player holds."""
    player = state.players[move.player]
    if len(set(move.tools)) != len(move.tools) or not all(0 <= i < len(player.tools) for i in move.tools):
        return IllegalMove("TOOL-2", f"name each of your {len(player.tools)} tools at most once, by place")
    if any(player.used[i] for i in move.tools):
        return IllegalMove("TOOL-2", "each tool can be used once per round")
    if Counter(move.one_time) - Counter(player.one_time):
        return IllegalMove("TOOL-5", "you do not hold those one-time tools")
    return None


#: Every way to add tools, by seat, the tools' use this round and the one-time tools held:
#: kept, as a player's tools take few states (at most :data:`_BOUND` kept, then made anew).
_CHOICES: dict[tuple[int, tuple[bool, ...], tuple[int, ...]], tuple[UseTools, ...]] = {}
_BOUND = 4096


def tool_choices(state: GameState, seat: int) -> tuple[UseTools, ...]:
    """Every way to add tools to the waiting roll: any set of unused tools and of one-time tools."""
    player = state.players[seat]
    key = (seat, player.used, player.one_time)
    found = _CHOICES.get(key)
    if found is None:
        if len(_CHOICES) >= _BOUND:
            _CHOICES.clear()
        found = _CHOICES[key] = _made_choices(*key)
    return found


def _made_choices(seat: int, used: tuple[bool, ...], one_time: tuple[int, ...]) -> tuple[UseTools, ...]:
    unused = [i for i, taken in enumerate(used) if not taken]
    tool_sets: list[tuple[int, ...]] = [()]
    for i in unused:
        tool_sets += [(*chosen, i) for chosen in tool_sets]
    token_sets: set[tuple[int, ...]] = {()}
    for value in one_time:
        token_sets |= {tuple(sorted((*chosen, value))) for chosen in token_sets}
    return tuple(UseTools(seat, tools, tokens) for tools in tool_sets for tokens in sorted(token_sets))


def use_tools(table: Table, move: UseTools) -> int:
    """Mark the permanent tools used and give up the one-time tools (TOOL-2, TOOL-5); their sum."""
    player = table.player(move.player)
    used = tuple(u or i in move.tools for i, u in enumerate(player.used))
    left = list(player.one_time)
    for value in move.one_time:
        left.remove(value)
    if move.tools or move.one_time:
        table.change(move.player, "TOOL-2", "used tools", used=used, one_time=tuple(left))
    return sum(player.tools[i] for i in move.tools) + sum(move.one_time)
