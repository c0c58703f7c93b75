"""Settle a rules dispute with a scenario: one built in code, one loaded from spec/scenarios.

Usage: python examples/settle_dispute.py

The dispute: Bea has military 8 and 1 coin. She wants to ally with the tier-3
colony on top of its stack, whose ally cost is 2: "I plunder it for 3 coins
and pay the 2 from those". Carl says allying needs the coins first. The
scenario states the position, plays Bea's move and states Carl's reading: the
move is refused under COLONY-4. The script prints the verdict and then runs a
rulebook example from spec/scenarios the same way ``hadara check`` does.
"""

from __future__ import annotations

from pathlib import Path

from hadara_rules import TakeColony, check_move, legal_moves
from hadara_rules.scenario import ScenarioResult, run_document, run_scenario

ROOT = Path(__file__).resolve().parent.parent

DISPUTE = {
    "scenario": 1,
    "title": "Allying needs the ally cost before the colony is taken (COLONY-4)",
    "rules": ["COLONY-4"],
    "config": {"players": 3, "seed": 0, "board_order": ["yellow", "red", "blue", "green", "purple"]},
    "given": {
        "epoch": 1,
        "phase": "A",
        "section": "colony",
        "first_player": 1,
        "colony_stacks": {"3": ["col-03-a", "col-03-b"]},  # top last: col-03-b, ally cost 2
        "players": {1: {"coins": 1, "tracks": {"military": 8}, "colonies": []}},
    },
    "moves": [{"type": "take_colony", "player": 1, "tier": 3, "ally": True}],
    "expect": {
        "illegal": {"move": 0, "rule": "COLONY-4"},
        "to_act": [1],
        "players": {1: {"coins": 1, "colonies": []}},
    },
}


def verdict(result: ScenarioResult) -> str:
    lines = [f"{'HOLDS' if result.passed else 'FAILS'}: {result.title}"]
    lines += [f"  - {failure}" for failure in result.failures]
    return "\n".join(lines)


def main() -> None:
    result = run_document(DISPUTE, source="the dispute")
    print(verdict(result))
    refusal = check_move(result.state, TakeColony(player=1, tier=3, ally=True))
    if refusal is not None:
        print(f"  the engine's reason: {refusal.rule}: {refusal.reason}")
    print(
        "  what Bea may do instead: " + ", ".join(str(move) for move in legal_moves(result.state, 1)) + "\n"
    )

    example = ROOT / "spec" / "scenarios" / "rulebook" / "colony-ally-p7.yaml"
    print(verdict(run_scenario(example)))


if __name__ == "__main__":
    main()
