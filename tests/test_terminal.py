"""A game at the terminal: the log of ``hadara play``, and people playing seats."""

from __future__ import annotations

import random
import re
from collections.abc import Mapping
from typing import TypeVar

import attrs
import pytest
from attrs import AttrsInstance

from hadara_rules import GameConfig, legal_moves, load_catalogue, new_game
from hadara_rules._components import Catalogue
from hadara_rules.cli import main
from hadara_rules.events import apply_move_with_events
from hadara_rules.terminal import GameLog, provisional_note

K = TypeVar("K")
R = TypeVar("R", bound=AttrsInstance)
SETTINGS = [(players, advanced) for players in range(2, 6) for advanced in (False, True)]
HEADER = re.compile(r"== Epoch (I|II|III), phase ([AB]): (\w+)$")
#: Which section's header a line citing a rule stands under.
SECTION_OF_RULE = {
    "WHEEL-1": "wheel",
    "DRAFT-1": "draft",
    "PICK-1": "pick",
    "INCOME-1": "income",
    "COLONY-4": "colony",
    "STATUE-3": "statue",
    "FEED-2": "feeding",
    "MEDAL-1": "medals",
    "SETUP-6": "setup",
}


def play_log(capsys: pytest.CaptureFixture[str], *argv: str) -> list[str]:
    assert main(["play", *argv]) == 0
    return capsys.readouterr().out.splitlines()


@pytest.mark.parametrize(("players", "advanced"), [(2, True), (5, False)])
def test_each_line_stands_under_the_header_of_its_section(
    capsys: pytest.CaptureFixture[str], players: int, advanced: bool
) -> None:
    """Income is told under "income", not under the draft before it, and so on (EPOCH-1)."""
    lines = play_log(capsys, "--players", str(players), "--seed", "4", *(["--advanced"] * advanced))
    section = None
    seen = set()
    for line in lines:
        header = HEADER.match(line)
        if header:
            section = header.group(3)
        for rule, where in SECTION_OF_RULE.items():
            if f"({rule}" in line or f", {rule}" in line:
                assert section == where, f"{line!r} under {section}"
                seen.add(rule)
    assert seen >= set(SECTION_OF_RULE) - {"SETUP-6"} - ({"FEED-2"} if players == 2 else set())


def test_every_section_ends_with_the_players_coins(capsys: pytest.CaptureFixture[str]) -> None:
    lines = play_log(capsys, "--players", "3", "--seed", "2", "--advanced")
    headers = [i for i, line in enumerate(lines) if HEADER.match(line)]
    for start, end in zip(headers, [*headers[1:], len(lines)], strict=True):
        coin_lines = [line for line in lines[start:end] if line.startswith("  coins: ")]
        assert len(coin_lines) == 1, lines[start]


@pytest.mark.parametrize(("players", "advanced"), SETTINGS)
def test_the_coins_the_log_tells_are_the_players_coins(players: int, advanced: bool) -> None:
    """After every move of a random game, the log's coins are the position's."""
    rng = random.Random(players * 2 + advanced)
    state = new_game(GameConfig(players=players, seed=rng.randrange(100), advanced=advanced))
    log = GameLog(state)
    while not state.is_over:
        state, events = apply_move_with_events(state, rng.choice(legal_moves(state)))
        log.lines(events)
        expected = ", ".join(f"P{s} ({p.crest}) {p.coins}" for s, p in enumerate(state.players))
        assert log.coins() == f"coins: {expected}", state.ply


def test_the_advanced_game_s_log_tells_each_side_chosen(capsys: pytest.CaptureFixture[str]) -> None:
    lines = play_log(capsys, "--players", "4", "--seed", "1", "--advanced")
    sides = [line for line in lines if re.match(r"  P\d plays side [AB] of their start card", line)]
    assert [line[2:4] for line in sides] == ["P0", "P1", "P2", "P3"]


def test_the_log_opens_with_the_provisional_numbers(capsys: pytest.CaptureFixture[str]) -> None:
    first = play_log(capsys, "--players", "2", "--seed", "1")[0]
    catalogue = load_catalogue()
    assert first == provisional_note(catalogue)
    provisional = sum(card.provenance == "provisional" for card in catalogue.cards.values())
    assert f"{provisional} of 162 cards" in first
    assert "the crest order (reference.yaml)" in first


def verified(records: Mapping[K, R]) -> dict[K, R]:
    # mypy's attrs plugin takes no type variable in evolve, though R is bound to attrs records
    return {key: attrs.evolve(record, provenance="verified") for key, record in records.items()}  # type: ignore[misc]


def test_a_catalogue_verified_throughout_says_so() -> None:
    bundled = load_catalogue()

    exact = Catalogue(
        verified(bundled.cards),
        verified(bundled.colonies),
        verified(bundled.start_cards),
        verified(bundled.statues),
        bundled.reference,
        "an exact copy",
    )
    assert provisional_note(exact) == "Component numbers: all verified against the printed game."
    one = attrs.evolve(bundled.colonies["col-09-a"], provenance="provisional")
    mixed = attrs.evolve(exact, colonies={**exact.colonies, "col-09-a": one})
    assert "for 1 of 25 colonies;" in provisional_note(mixed)
