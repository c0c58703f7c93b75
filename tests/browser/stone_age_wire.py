"""What a Stone Age table is sent, checked against the published schemas.

The table's wire schemas (``hadara schema seat_view``, ``match_summary``, ``match_list``)
describe Hadara's documents only: a Stone Age seat's position, legal moves and events, and
its match's options in a summary, fit none of them. So each answer is checked in two parts:
everything but those parts against the table's published schema, and those parts against
Stone Age's own published schemas (``stone_age_rules/schemas``: its position, moves and
events; an event as the server sends it carries its entry's ``seq``, ``ply`` and ``text``
besides) and against the options schema ``GET /api/games`` publishes for the game. A
preview is held only to what the page reads of it, its words (no schema describes the
server's Stone Age preview). A summary is checked by its own game, since the lobby's lists
mix the games' matches.
"""

from __future__ import annotations

import copy
import functools
import json
from collections.abc import Callable
from typing import Any

import jsonschema
from server.serving import fits

from hadara_rules.games import game
from hadara_rules.schema import schema_text
from stone_age_rules.schema import schema_text as stone_age_schema_text

#: The parts of a seat's view that are the game's own documents.
_GAME_PARTS = ("position", "legal", "events")
#: What the server adds to a Stone Age event: its entry and its words.
_TOLD = ("seq", "ply", "text")


@functools.cache
def _validator(schema_json: str) -> jsonschema.Draft202012Validator:
    return jsonschema.Draft202012Validator(json.loads(schema_json))


def _summary_schema(summary: dict[str, Any]) -> dict[str, Any]:
    """A published summary's schema with Stone Age's options (as ``GET /api/games`` gives them) in it."""
    widened = copy.deepcopy(summary)
    widened["properties"].update(game("stone-age").options_schema()["properties"])
    return widened


@functools.cache
def _shell(kind: str) -> str:
    """The published schema of ``kind``, its game's own parts opened to the game's schemas."""
    schema: dict[str, Any] = json.loads(schema_text(kind))
    if kind == "seat_view":
        for part in _GAME_PARTS:
            schema["properties"][part] = True
    elif kind == "match_summary":
        schema = _summary_schema(schema)
    return json.dumps(schema)


def _summary_fits(summary: dict[str, Any]) -> None:
    """A match's summary fits the published schema, with its game's options if it is Stone Age's."""
    kind = "match_summary"
    schema = _shell(kind) if summary.get("game") == "stone-age" else schema_text(kind)
    errors = list(_validator(schema).iter_errors(summary))
    assert not errors, f"{kind}: {errors[0].json_path}: {errors[0].message[:300]}"


def fits_published(game_name: str) -> Callable[[str, str | bytes], None]:
    """The check of what a page of a match of ``game_name`` (or the lobby) is sent: a summary
    by its own game, a list of them each by its own, a seat's view by the page's game."""

    def check(kind: str, text: str | bytes) -> None:
        if kind == "match_summary":
            _summary_fits(json.loads(text))
        elif kind == "match_list":
            body = json.loads(text)
            fits(kind, json.dumps({**body, "matches": []}))
            for summary in body["matches"]:
                _summary_fits(summary)
        elif kind == "seat_view" and game_name == "stone-age":
            _view_fits(text)
        else:
            fits(kind, text)

    return check


@functools.cache
def _notice() -> str:
    """The published schema of an event of a seat's view (a notice of the table among them)."""
    schema: dict[str, Any] = json.loads(schema_text("seat_view"))
    return json.dumps({"$defs": schema["$defs"], **schema["properties"]["events"]["items"]})


def _fits(kind: str, document: object) -> None:
    """``document`` (its ``data``) fits Stone Age's published schema of ``kind``."""
    wrapped = {"schema_version": 1, "kind": kind, "data": document}
    errors = list(_validator(stone_age_schema_text(kind)).iter_errors(wrapped))
    assert not errors, f"Stone Age {kind}: {errors[0].json_path}: {errors[0].message[:300]}"


def _view_fits(text: str | bytes) -> None:
    """A Stone Age seat's view (an answer or a WebSocket message) fits the published schemas."""
    body = json.loads(text)
    errors = list(_validator(_shell("seat_view")).iter_errors(body))
    assert not errors, f"seat_view: {errors[0].json_path}: {errors[0].message[:300]}"
    position = body["position"]
    assert position["schema_version"] == 1 and position["kind"] == "game_state"
    _fits("game_state", position["data"])
    for entry in body["legal"]:
        assert set(entry) == {"move", "notation", "preview"} and isinstance(entry["notation"], str)
        _fits("move", entry["move"])
        assert isinstance(entry["preview"]["text"], str) and entry["preview"]["text"]
    for event in body["events"]:
        if "what" not in event:  # the table's own notices (joined, left…) are the contract's
            errors = list(_validator(_notice()).iter_errors(event))
            assert not errors, f"notice: {errors[0].message[:300]}"
            continue
        assert (
            isinstance(event["seq"], int) and isinstance(event["ply"], int) and isinstance(event["text"], str)
        )
        _fits("event", {key: value for key, value in event.items() if key not in _TOLD})
