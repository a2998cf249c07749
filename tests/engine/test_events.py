"""The records base: JSON form and `apply_told`'s listening window."""

from dataclasses import dataclass

from engine.events import Event
from engine.registry import get_game


@dataclass(frozen=True, slots=True)
class _Part:
    what: str
    strength: int


@dataclass(frozen=True, slots=True)
class _Told(Event):
    kind = "told"
    province: str
    parts: tuple[_Part, ...]


def test_a_record_is_plain_json_with_its_kind_first() -> None:
    # Given a record with nested parts
    ev = _Told(round=2, province="Otosan Uchi", parts=(_Part("Army", 4), _Part("Blessing", 2)))
    # When it is written as JSON data
    data = ev.to_json()
    # Then kind leads and nested parts are objects in a list
    assert list(data)[0] == "kind"
    assert data == {
        "kind": "told",
        "round": 2,
        "province": "Otosan Uchi",
        "parts": [{"what": "Army", "strength": 4}, {"what": "Blessing", "strength": 2}],
    }


def test_apply_told_listens_only_while_it_applies() -> None:
    # Given a fresh Shinobi game (no map needed)
    state = get_game("shinobi").new_game(3, seed=1)
    # When an action is applied with its records asked for
    told = state.apply_told(state.legal_actions()[0])
    # Then a tuple comes back and nobody listens afterwards
    assert isinstance(told, tuple)
    assert state.events is None
