"""A game configuration keeps nothing the caller can change afterwards, always hashes, and
refuses fields of the wrong type naming them."""

from __future__ import annotations

import json

import pytest
from helpers import refused_in_one_line

from hadara_rules import (
    Color,
    ConfigError,
    Crest,
    GameConfig,
    GameRecord,
    Move,
    Variants,
    apply_move,
    from_json,
    legal_moves,
    new_game,
    replay,
    to_json,
)
from hadara_rules._config import MAX_SEED, saved_seeds
from hadara_rules.cli import main
from hadara_rules.records import game_result

ORDER = [Color.RED, Color.BLUE, Color.GREEN, Color.YELLOW, Color.PURPLE]


def test_a_board_order_list_is_kept_as_a_tuple_of_its_own() -> None:
    """SETUP-2: changing the caller's list afterwards changes neither the configuration
    nor the game set up from it."""
    order = list(ORDER)
    config = GameConfig(players=3, seed=2, board_order=order)
    before = new_game(config)
    order.reverse()
    assert config.board_order == tuple(ORDER)
    assert new_game(config) == before
    assert before.board_order == tuple(ORDER)


def test_a_configuration_hashes_and_equals_one_made_from_a_tuple() -> None:
    from_list = GameConfig(players=3, board_order=list(ORDER))
    from_tuple = GameConfig(players=3, board_order=tuple(ORDER))
    assert from_list == from_tuple
    assert hash(from_list) == hash(from_tuple)
    assert len({from_list, from_tuple, GameConfig(players=3)}) == 2


def test_colour_names_become_colours() -> None:
    config = GameConfig(players=2, board_order=["red", "blue", "green", "yellow", "purple"])
    assert config.board_order == tuple(ORDER)
    assert all(type(color) is Color for color in config.board_order)


@pytest.mark.parametrize(
    ("fields", "message"),
    [
        ({"players": True}, r"^players must be a whole number \(SETUP-1\), not bool"),
        ({"players": "3"}, r"^players must be a whole number"),
        ({"players": 3, "seed": 1.5}, r"^seed must be a whole number, not float"),
        ({"players": 3, "seed": [1]}, r"^seed must be a whole number, not list"),
        ({"players": 3, "advanced": "yes"}, r"^advanced must be true or false, not str"),
        ({"players": 3, "catalogue": "bundled"}, r"^catalogue must be a Catalogue or None"),
        ({"players": 3, "variants": {}}, r"^variants must be a Variants"),
        ({"players": 3, "board_order": [["red"]]}, r"^SETUP-2: board_order must list colours"),
        ({"players": 3, "board_order": ["red", "pink"]}, r"^SETUP-2: board_order must list colours"),
        ({"players": 3, "board_order": 5}, r"^SETUP-2: board_order must list colours"),
        ({"players": 2, "crests": 5}, r"^WHEEL-3: crests must list crest animals \(monkey, dragon"),
        ({"players": 2, "crests": "monkey"}, r"^WHEEL-3: crests must list crest animals"),
        ({"players": 2, "crests": ["monkey", "unicorn"]}, r"^WHEEL-3: crests must list crest animals"),
        (
            {"players": 2, "crests": ["lion", "lion"]},
            r"^WHEEL-3: crests must name a crest of its own .* lion",
        ),
        ({"players": 3, "crests": ["lion", "monkey"]}, r"^WHEEL-3: crests must name one crest per seat: 3"),
    ],
)
def test_a_field_of_the_wrong_type_is_a_config_error_naming_it(
    fields: dict[str, object], message: str
) -> None:
    with pytest.raises(ConfigError, match=message):
        GameConfig(**fields)  # type: ignore[arg-type]


def test_a_variant_switch_is_true_or_false() -> None:
    with pytest.raises(ConfigError, match=r"^tie_break_all_coins must be true or false, not int"):
        Variants(tie_break_all_coins=1)  # type: ignore[arg-type]


def test_a_board_order_of_colours_not_each_named_once_is_refused_at_setup() -> None:
    """SETUP-2 is checked where the game is set up: colours, but one of them twice."""
    config = GameConfig(players=3, board_order=[Color.RED] * 5)
    with pytest.raises(ConfigError, match="SETUP-2"):
        new_game(config)


def test_crest_names_become_crests_kept_as_a_tuple_of_its_own() -> None:
    """WHEEL-3: one crest per seat, by name or as a Crest; the caller's list may change later."""
    crests: list[Crest | str] = ["lion", Crest.MONKEY]
    config = GameConfig(players=2, crests=crests)
    crests.reverse()
    assert config.crests == (Crest.LION, Crest.MONKEY)
    assert all(type(crest) is Crest for crest in config.crests)
    assert config == GameConfig(players=2, crests=(Crest.LION, Crest.MONKEY))
    assert hash(config) == hash(GameConfig(players=2, crests=(Crest.LION, Crest.MONKEY)))
    assert [p.crest for p in new_game(config).players] == [Crest.LION, Crest.MONKEY]


def test_a_seed_and_its_negation_deal_different_games() -> None:
    """Seeds ``s`` and ``-s`` of saved documents deal games of their own (``random.Random``
    drops the sign)."""
    for seed in (1, 2, 7, 12345, 2**62, 2**63 - 1):
        with saved_seeds():
            configs = {
                sign * seed: GameConfig(players=4, seed=sign * seed, advanced=True) for sign in (1, -1)
            }
        dealt = {signed: new_game(config) for signed, config in configs.items()}
        assert dealt[seed].decks != dealt[-seed].decks or dealt[seed].players != dealt[-seed].players


def test_a_negative_seed_deals_as_its_64_bit_twos_complement() -> None:
    from hadara_rules._rules.setup import deal_seed

    assert [deal_seed(s) for s in (0, 5, 2**63 - 1, -1, -5, -(2**63) + 1)] == [
        0,
        5,
        2**63 - 1,
        2**64 - 1,
        2**64 - 5,
        2**63 + 1,
    ]
    # a non-negative seed deals as it always has: the shuffles of random.Random(seed)
    assert new_game(GameConfig(players=3, seed=9)) == new_game(GameConfig(players=3, seed=9))


@pytest.mark.parametrize("seed", [2**63, -(2**63), 10**30])
def test_a_saved_seed_beyond_64_bits_is_refused(seed: int) -> None:
    with saved_seeds(), pytest.raises(ConfigError, match=r"seed must be a whole number of at most 64 bits"):
        GameConfig(players=2, seed=seed)


def test_a_new_games_seed_is_any_whole_number_from_0_to_2_53_minus_1() -> None:
    """Every JavaScript page reads such a seed exactly, so a record it saves again replays."""
    assert MAX_SEED == 2**53 - 1
    assert new_game(GameConfig(players=2, seed=MAX_SEED)) != new_game(GameConfig(players=2, seed=0))


@pytest.mark.parametrize("seed", [2**53, -1, 2**63 - 1, -(2**62)])
def test_a_new_games_seed_out_of_range_is_refused_in_one_line_naming_the_range(seed: int) -> None:
    with pytest.raises(ConfigError) as refused:
        GameConfig(players=2, seed=seed)
    assert (
        str(refused.value)
        == f"seed must be a whole number from 0 to 2**53 - 1 (9007199254740991), not {seed}"
    )


def test_a_record_saved_with_a_64_bit_seed_still_loads_and_replays() -> None:
    """A record written before seeds were bounded, with its result block, loads from its JSON
    and replays to the position it was played to, outside :func:`saved_seeds` too."""
    with saved_seeds():
        config = GameConfig(players=3, seed=2**63 - 5, advanced=True)
    state = new_game(config)
    moves: list[Move] = []
    while not state.is_over:
        options = legal_moves(state)
        move = options[len(moves) % len(options)]
        moves.append(move)
        state = apply_move(state, move)
    text = to_json(GameRecord(config, tuple(moves), result=game_result(state, config, moves)))
    loaded = from_json(text, GameRecord)
    assert loaded.config.seed == 2**63 - 5
    assert replay(loaded) == state
    assert json.loads(to_json(loaded))["data"]["config"]["seed"] == 2**63 - 5


def test_hadara_play_refuses_a_seed_past_2_53_in_one_line(capsys: pytest.CaptureFixture[str]) -> None:
    refused_in_one_line(main, ["play", "--players", "2", "--seed", str(2**53)], "0 to 2**53 - 1", capsys)
