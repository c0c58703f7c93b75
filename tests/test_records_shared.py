"""What the games' records share, in the platform (:mod:`boardtable.records`): a result block
of a game's own score sheets is written, read (strictly, naming the path of a bad sheet) and
described by its schema as that game's; a seat that may be drawn is a seat or ``"random"``."""

from __future__ import annotations

from typing import Literal

import pytest
from attrs import frozen

from boardtable import reader
from boardtable.errors import RecordError
from boardtable.records import ResultBlock, seat_or_random
from boardtable.schema import SchemaMaker


@frozen
class Sheet:
    """A seat's score."""

    #: The seat's points.
    total: int


@frozen
class Result(ResultBlock[Sheet]):
    """A toy game's result block."""


def test_a_result_block_is_written_and_read_with_the_game_s_sheets() -> None:
    result = Result(3, "ab", (Sheet(5), Sheet(2)), (0,), "cd")
    conv = reader.converter()
    data = conv.unstructure(result)
    assert data["scores"] == [{"total": 5}, {"total": 2}]
    assert reader.structure(conv, data, Result, RecordError) == result
    with pytest.raises(RecordError, match=r"^\$\.scores\[1\]\.total: "):
        reader.structure(conv, {**data, "scores": [{"total": 5}, {"total": "2"}]}, Result, RecordError)


def test_a_result_block_s_schema_names_the_game_s_sheets_and_the_fields_in_their_order() -> None:
    maker = SchemaMaker({}, {})
    maker.of(Result)
    schema = maker.defs["Result"]
    assert list(schema["properties"]) == ["moves", "digest", "scores", "winners", "record", "resigned"]
    assert schema["properties"]["scores"]["items"] == {"$ref": "#/$defs/Sheet"}
    assert schema["required"] == ["moves", "digest", "scores", "winners", "record"]
    assert maker.defs["Sheet"]["properties"]["total"]["description"] == "The seat's points."


@pytest.mark.parametrize("given", [0, 3, "random"])
def test_a_seat_or_random_reads_either(given: int | Literal["random"]) -> None:
    assert seat_or_random(given, None) == given


@pytest.mark.parametrize("given", [True, 1.0, "Random", None])
def test_anything_else_is_refused_in_one_line(given: object) -> None:
    conv = reader.converter()
    conv.register_structure_hook(int | Literal["random"], seat_or_random)
    with pytest.raises(RecordError, match=r"^top level: expected a seat or 'random', found ") as refused:
        reader.structure(conv, given, int | Literal["random"], RecordError, "")
    assert "\n" not in str(refused.value)
