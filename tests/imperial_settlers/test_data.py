"""The component files and the rule index: read strictly (CatalogueError naming the file and
the field), complete (VAR-4: the decks' structure), and every rule ID tested."""

from __future__ import annotations

import re
import shutil
from collections import Counter
from pathlib import Path

import pytest

from boardtable.errors import CatalogueError
from imperial_settlers_rules import components, load_components
from imperial_settlers_rules._components import FACTIONS, Special
from imperial_settlers_rules.rulebook import RULES_FILE, rules

BUNDLED = Path(__file__).resolve().parents[2] / "imperial_settlers_rules" / "components"
HERE = Path(__file__).resolve().parent
#: Rules of variants and of the solo game this package does not play yet (RULES.md: optional).
NOT_PLAYED = {"VAR-1", "VAR-2", "VAR-3", "SOLO-1"}


def test_the_components_have_every_card() -> None:
    cards = components()
    assert len(cards.copies) == 84 + 4 * 30
    assert len(cards.decks["common"]) == 58
    assert {f.id for f in cards.factions} == set(FACTIONS)
    used = {
        effect.do
        for card in (c.card for c in cards.copies.values())
        for effect in (
            card.bonus,
            card.ability.production,
            *(m.effect for m in (card.ability.action.modes if card.ability.action else ())),
            card.ability.on_event.effect if card.ability.on_event else None,
        )
        if effect is not None and effect.do is not None
    }
    assert used == set(Special)


def test_var_4_each_faction_deck_has_3_cards_of_3_copies_6_of_2_and_9_single() -> None:
    for faction in FACTIONS:
        copies = Counter(
            len([c for c in components().copies.values() if c.card.key == card.key])
            for card in components().decks[faction]
        )
        assert copies == Counter({3: 3, 2: 6, 1: 9}), faction


def test_provisional_names_are_marked() -> None:
    provisional = [c for deck in FACTIONS for c in components().decks[deck] if c.name_provisional]
    assert len(provisional) == 46 and all(
        c.provenance == "provisional" and "name" in c.provisional_fields for c in provisional
    )


@pytest.mark.parametrize(
    ("file", "old", "new", "named"),
    [
        (
            "common.yaml",
            "cost: {wood: 1, stone: 2}",
            "cost: {wood: 1, marble: 2}",
            "com-statue: cost: unknown key",
        ),
        ("romans.yaml", "per_round: 1", "per_round: 3", "per_round"),
        ("japanese.yaml", "type: production", "type: building", "type"),
        ("factions.yaml", "stores: raze", "stores: sand", "romans: stores"),
        ("barbarians.yaml", "do: steal_resource", "do: steal_everything", "do"),
    ],
)
def test_a_bad_file_is_a_catalogue_error_naming_the_file_and_the_field(
    tmp_path: Path, file: str, old: str, new: str, named: str
) -> None:
    folder = tmp_path / "components"
    shutil.copytree(BUNDLED, folder)
    text = (folder / file).read_text(encoding="utf-8")
    assert old in text
    (folder / file).write_text(text.replace(old, new, 1), encoding="utf-8")
    with pytest.raises(CatalogueError) as caught:
        load_components(folder)
    assert file in str(caught.value) and named in str(caught.value)


def test_the_rule_index_has_every_rule_of_the_digest_with_its_rulings() -> None:
    index = rules()
    assert len(index) == 152 and next(iter(index)) == "FLOW-1"
    assert index["GOODS-8"].variant == "faction_deck_reshuffle" and index["SETUP-6"].variant == "first_player"
    assert all(rule.why for rule in index.values() if rule.ruling)
    assert index["ENG-1"].ruling and index["LOOK-5"].ruling and not index["LOOK-2"].ruling
    assert index["FLOW-1"].name == "Imperial Settlers FLOW-1"
    assert RULES_FILE.is_file()


def _tested(rule_id: str, names: str) -> bool:
    """Whether a test's name names ``rule_id`` (``test_raze_4_…``, ``…_and_raze_4_…``, or a
    span ``act_1_to_act_3``)."""
    area, number = rule_id.lower().replace("-", "_").rsplit("_", 1)
    if re.search(rf"(?:test|and)_{area}_{number}_", names):
        return True
    return any(
        int(a) <= int(number) <= int(b) for a, b in re.findall(rf"{area}_(\d+)_to_{area}_(\d+)_", names)
    )


def test_every_rule_id_is_held_by_a_test_named_for_it() -> None:
    names = " ".join(
        re.findall(r"def (test_\w+)", " ".join(p.read_text(encoding="utf-8") for p in HERE.glob("test_*.py")))
    )
    untested = {rule for rule in rules() if not _tested(rule, names + " ")}
    assert untested == NOT_PLAYED
