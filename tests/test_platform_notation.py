"""The platform's declared notation (boardtable.notation): a keyed field without a default is
required, written always by its key, and a text without it is refused naming it."""

from __future__ import annotations

import pytest
from attrs import frozen

from boardtable.errors import NotationError
from boardtable.notation import ID, NUMBER, Form, Notation, Slot, written


@frozen
class _Offer:
    player: int
    card: str
    price: int = 0

    __str__ = written


_NOTATION = Notation(
    (Form("offer", _Offer, (Slot("card", ID, keyed=True), Slot("price", NUMBER, keyed=True)), {"price": 0}),),
    error=NotationError,
    max_length=80,
)


def test_a_required_keyed_field_is_written_always_by_its_key() -> None:
    assert str(_Offer(1, "c7")) == "P1 offer card=c7"
    assert str(_Offer(0, "c7", 3)) == "P0 offer card=c7 price=3"
    for move in (_Offer(1, "c7"), _Offer(0, "c7", 3)):
        assert _NOTATION.read(str(move)) == move
    assert _NOTATION.read("P0  offer price=3  card=c7") == _Offer(0, "c7", 3)
    assert _NOTATION.forms["offer"].usage == "card=CARD [price=PRICE]"


@pytest.mark.parametrize(
    ("text", "says"),
    [
        ("P0 offer", "offer needs card=CARD [price=PRICE]; card=CARD missing"),
        ("P0 offer price=3", "card=CARD missing"),
        ("P0 offer card=c7 card=c8", "one too many"),
    ],
)
def test_a_text_without_a_required_keyed_field_is_refused_naming_it(text: str, says: str) -> None:
    with pytest.raises(NotationError) as caught:
        _NOTATION.read(text)
    assert says in str(caught.value)
