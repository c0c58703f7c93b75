"""The strict reader: bounded files, strict YAML and JSON, the converter's types and the renderer.

Every document the library accepts comes through :mod:`boardtable.reader`; these
tests give it what a careless or hostile user would and check that each answer
is the caller's own error with a short, one-line message.
"""

from __future__ import annotations

import json
import os
import time
from pathlib import Path

import pytest
import yaml
from attrs import frozen

from boardtable.reader import (
    MAX_BYTES,
    MAX_DEPTH,
    clip,
    converter,
    label,
    parse_json,
    parse_yaml,
    read_text,
    shown,
    structure,
)
from hadara_rules import Color, Track
from hadara_rules._errors import RecordError


def yaml_refused(text: str | bytes, *needles: str) -> str:
    with pytest.raises(RecordError) as info:
        parse_yaml(text, RecordError)
    message = str(info.value)
    assert message.startswith("malformed YAML: ")
    for needle in needles:
        assert needle in message, message
    assert "\n" not in message and len(message) < 200
    return message


def json_refused(text: str | bytes, *needles: str) -> str:
    with pytest.raises(RecordError) as info:
        parse_json(text, RecordError)
    message = str(info.value)
    assert message.startswith("malformed JSON: ")
    for needle in needles:
        assert needle in message, message
    assert "\n" not in message and len(message) < 200
    return message


# --------------------------------------------------------------------------- YAML


def test_plain_yaml_is_read_as_plain_data() -> None:
    text = "a: [1, -2, 0x10, true, null, 1.5, text]\n3: {b: c}\nwhen: 2025-03-14\n"
    assert parse_yaml(text, RecordError) == {
        "a": [1, -2, 16, True, None, 1.5, "text"],
        3: {"b": "c"},
        "when": "2025-03-14",
    }


def test_the_c_parser_is_used_where_it_is_installed() -> None:
    from boardtable import reader as _reader

    if yaml.__with_libyaml__:
        assert issubclass(_reader._Loader, yaml.CSafeLoader)
    else:
        assert issubclass(_reader._Loader, yaml.SafeLoader)


def test_an_alias_bomb_is_refused_at_once() -> None:
    levels = ['a: &a ["x","x","x","x","x","x","x","x","x"]']
    for i, name in enumerate("bcdefghi"):
        previous = "abcdefghi"[i]
        levels.append(f"{name}: &{name} [{', '.join([f'*{previous}'] * 9)}]")
    bomb = "\n".join(levels) + "\n"
    assert len(bomb) < 500
    started = time.process_time()
    yaml_refused(bomb, "line 1", "aliases are not read")
    assert time.process_time() - started < 0.5


@pytest.mark.parametrize(
    ("text", "needle"),
    [
        ("base: &b {x: 1}\nmore:\n  <<: *b\n", "merge keys (<<) are not read"),
        ("base: &b {x: 1}\nmore: *b\n", "aliases are not read"),
        ("more:\n  <<: {x: 1}\n", "merge keys (<<) are not read"),
        ("a: !!binary aGVsbG8=\n", "values tagged '!!binary' are not read"),
        ("a: !!set {x, y}\n", "values tagged '!!set' are not read"),
        ("a: !!timestamp 2025-03-14\n", "values tagged '!!timestamp' are not read"),
        ("!!python/object/apply:os.system ['echo hi']\n", "'!!python/object/apply:os.system'"),
        ("a: !" + "t" * 5000 + " 1\n", "values tagged '!ttttt"),
    ],
)
def test_aliases_merge_keys_and_tags_are_refused(text: str, needle: str) -> None:
    yaml_refused(text, needle)


@pytest.mark.parametrize(
    ("text", "needle"),
    [
        ("expect: {a: 1}\nexpect: {a: 2}\n", "line 2: the key 'expect' appears twice"),
        ("m: {1: a, 1: b}\n", "the key 1 appears twice"),
        ("yes: 1\n", "a key is a name or a whole number, not true"),
        ("null: 1\n", "not null"),
        ("1.5: x\n", "not 1.5"),
        ("[1, 2]: x\n", "not [1, 2]"),
        ("{a: 1}: x\n", "not {a: 1}"),
    ],
)
def test_duplicate_keys_and_keys_other_than_names_and_numbers_are_refused(text: str, needle: str) -> None:
    yaml_refused(text, needle)


@pytest.mark.parametrize(
    "number",
    ["9" * 4301, "9" * 30, "0x" + "f" * 40, "0x" + "f" * 16, "-9223372036854775809", "0b" + "1" * 200],
)
def test_numbers_beyond_64_bits_are_refused(number: str) -> None:
    yaml_refused(f"seed: {number}\n", "too large")
    if number.isdigit() or number.startswith("-"):
        json_refused(f'{{"seed": {number}}}', "too large")


def test_the_largest_64_bit_numbers_are_read() -> None:
    for number in (2**63 - 1, -(2**63) + 1):
        assert parse_yaml(f"n: {number}", RecordError) == {"n": number}
        assert parse_json(f'{{"n": {number}}}', RecordError) == {"n": number}


@pytest.mark.parametrize("depth", [MAX_DEPTH + 1, 5_000, 100_000])
def test_deep_nesting_is_refused(depth: int) -> None:
    yaml_refused("[" * depth + "]" * depth, "nest")
    json_refused("[" * depth + "]" * depth, "nested more than")


def test_nesting_up_to_the_limit_is_read() -> None:
    text = "[" * MAX_DEPTH + "]" * MAX_DEPTH
    assert parse_yaml(text, RecordError) is not None
    assert parse_json(text, RecordError) is not None


@pytest.mark.parametrize(
    ("text", "needle"),
    [
        ("", "the document is empty"),
        ("# only a comment\n", "the document is empty"),
        ("a: [\n", "line 2"),
        ("a: 1\n---\nb: 2\n", "expected a single document"),
        ("a: \x00\n", "control characters are not allowed"),
        (b"a: \xff\xfe\n", "not UTF-8 text (byte 0xff at offset 3)"),
        ("x" * (MAX_BYTES + 1), f"larger than {MAX_BYTES // 1024} kB"),
        (b"x" * (MAX_BYTES + 1), f"larger than {MAX_BYTES // 1024} kB"),
    ],
)
def test_malformed_yaml_is_one_short_line(text: str | bytes, needle: str) -> None:
    yaml_refused(text, needle)


@pytest.mark.parametrize(
    ("text", "needle"),
    [
        ("", "the document is empty"),
        ('{"a": 1, "a": 2}', "the key 'a' appears twice"),
        ('{"a": NaN}', "NaN is not a JSON value"),
        ('{"a": -Infinity}', "-Infinity is not a JSON value"),
        ('{"a": 1,', "at line 1"),
        ("\x00", "Expecting value"),
        ("é".encode("latin-1"), "not UTF-8 text"),
        (json.dumps({"a": 1}).encode("utf-16"), "not UTF-8 text"),
    ],
)
def test_malformed_json_is_one_short_line(text: str | bytes, needle: str) -> None:
    json_refused(text, needle)


def test_a_byte_order_mark_is_no_problem() -> None:
    assert parse_yaml("\ufeffa: 1\n".encode(), RecordError) == {"a": 1}
    assert parse_json('\ufeff{"a": 1}'.encode(), RecordError) == {"a": 1}


# --------------------------------------------------------------------------- files


def file_refused(path: object, *needles: str) -> None:
    with pytest.raises(RecordError) as info:
        read_text(path, RecordError)  # type: ignore[arg-type]
    for needle in needles:
        assert needle in str(info.value)


def test_only_regular_files_are_read(tmp_path: Path) -> None:
    pipe = tmp_path / "pipe"
    os.mkfifo(pipe)
    started = time.monotonic()
    file_refused(pipe, str(pipe), "not a regular file")
    assert time.monotonic() - started < 1
    file_refused(tmp_path, str(tmp_path), "a folder, not a file")
    for device in ("/dev/zero", "/dev/urandom", "/dev/null"):
        if Path(device).exists():
            file_refused(device, "not a regular file")
    file_refused(tmp_path / "missing.json", "cannot read the file (No such file or directory)")
    file_refused("bad\x00name", "not a file name")
    file_refused(42, "not a file name")


def test_files_are_read_up_to_the_size_cap(tmp_path: Path) -> None:
    path = tmp_path / "big.json"
    path.write_bytes(b" " * MAX_BYTES)
    assert read_text(path, RecordError) == " " * MAX_BYTES
    path.write_bytes(b" " * (MAX_BYTES + 1))
    file_refused(path, f"the file is larger than {MAX_BYTES // 1024} kB")
    path.write_bytes(b"\xc3\x28")
    file_refused(path, "not UTF-8 text (byte 0xc3 at offset 0)")


# --------------------------------------------------------------------------- the renderer


@pytest.mark.parametrize(
    "value",
    [
        "x" * 1_000_000,
        "\x00" * 1000,
        "é" * 500,
        10**5000,
        -(10**300),
        b"\xff" * 100,
        ["y" * 10_000] * 10_000,
        {"k" * 500: "v" * 500},
        {i: list(range(i)) for i in range(1000)},
        object(),
    ],
    ids=["long", "nul", "accents", "huge", "negative", "bytes", "list", "long-key", "nested", "object"],
)
def test_shown_values_are_a_few_dozen_characters(value: object) -> None:
    text = shown(value)
    assert 0 < len(text) <= 70, text
    assert "\n" not in text


def test_shown_values_read_as_the_document_wrote_them() -> None:
    assert [shown(v) for v in (None, True, False, 7, -3, 1.5, "food")] == [
        "null",
        "true",
        "false",
        "7",
        "-3",
        "1.5",
        "'food'",
    ]
    assert shown(["a", 1, None, [2], {}]) == "['a', 1, null, […], {}]"
    assert shown({"coins": 5, 0: [1]}) == "{coins: 5, 0: […]}"
    assert shown(list(range(100))).endswith(", … 100 in all]")
    assert shown(10**30) == "a number of about 31 digits"
    assert shown(Track.FOOD) == "'food'"
    assert label("I-blue-03") == "I-blue-03"
    assert label("two words") == "'two words'"
    assert label(3) == "3"
    assert clip("a\nb   c") == "a b c"
    assert len(clip("z" * 1000)) == 120


# --------------------------------------------------------------------------- the converter


@frozen
class Seat:
    number: int
    ready: bool
    name: str
    colour: Color
    tiles: tuple[Track, ...] = ()
    marks: dict[str, int] | None = None


def seat_refused(data: object, *needles: str) -> str:
    with pytest.raises(RecordError) as info:
        structure(converter(), data, Seat, RecordError)
    message = str(info.value)
    for needle in needles:
        assert needle in message, message
    assert len(message) < 300
    return message


def test_the_converter_reads_exact_types() -> None:
    data = {"number": 2, "ready": True, "name": "Ada", "colour": "red", "tiles": ["food"], "marks": {"a": 1}}
    assert structure(converter(), data, Seat, RecordError) == Seat(
        2, True, "Ada", Color.RED, (Track.FOOD,), {"a": 1}
    )
    assert converter().unstructure(Seat(1, False, "Bo", Color.BLUE))["colour"] == "blue"


@pytest.mark.parametrize(
    ("change", "needles"),
    [
        ({"number": True}, ("$.number", "expected a whole number, found true")),
        ({"number": 1.0}, ("$.number", "found 1.0")),
        ({"number": "1"}, ("$.number", "found '1'")),
        ({"number": 2**70}, ("$.number", "at most 64 bits", "a number of about 22 digits")),
        ({"ready": "no"}, ("$.ready", "expected true or false, found 'no'")),
        ({"ready": 1}, ("$.ready", "found 1")),
        ({"name": None}, ("$.name", "expected a text, found null")),
        ({"name": ["A", "d", "a"]}, ("$.name", "found ['A', 'd', 'a']")),
        ({"colour": "Red"}, ("$.colour", "expected one of yellow, red, blue, green, purple, found 'Red'")),
        ({"colour": 1}, ("$.colour", "found 1")),
        ({"tiles": "food"}, ("$.tiles", "expected a list, found 'food'")),
        ({"tiles": {"food": 1}}, ("$.tiles", "expected a list")),
        ({"tiles": ["food", "wine"]}, ("$.tiles[1]", "found 'wine'")),
        ({"marks": ["a"]}, ("$.marks", "expected a mapping, found ['a']")),
        ({"marks": {"a": "1"}}, ("$.marks.a", "expected a whole number")),
        ({"marks": {"a b": "1"}}, ("$.marks.'a b'", "expected a whole number")),
        ({"x" * 10_000: 1}, ("$: unknown key 'xxxx", "(expected number, ready, name, colour, tiles, marks)")),
        ({1: 1}, ("$: unknown key 1",)),
    ],
)
def test_the_converter_refuses_wrong_types_naming_the_path(
    change: dict[object, object], needles: tuple[str, ...]
) -> None:
    data: dict[object, object] = {"number": 2, "ready": True, "name": "Ada", "colour": "red"}
    data.update(change)
    seat_refused(data, *needles)


def test_a_missing_field_and_several_problems() -> None:
    message = seat_refused({"number": "x", "ready": True, "name": 3}, "$.number: expected a whole number")
    assert message.endswith("(and 2 more)")
    seat_refused({"ready": True, "name": "A", "colour": "red"}, "$.number: missing")


def test_a_million_bad_items_cost_one_error() -> None:
    started = time.process_time()
    seat_refused(
        {"number": 1, "ready": True, "name": "A", "colour": "red", "tiles": ["wine"] * 1_000_000},
        "$.tiles[0]: expected one of income",
    )
    assert time.process_time() - started < 1.0
