"""njudge's rules XII and XII.6: an army names the seas of its convoy in its move
(``A Lon-Nth-Nwy``), and "convoys between adjacent provinces are permitted if
explicitly ordered": a route written through a sea to a neighbouring province is a
move via convoy, not by land (the DATC's 4.A.3, as docs/rules.md states it: the
convoy route is used when the army says so)."""

from __future__ import annotations

from typing import Any

from judge.rules.documents import adjudicate_document


def _brest_to_picardy(move: str) -> dict[str, Any]:
    """England's fleet in the Channel convoys the French army, and is dislodged."""
    units = [
        ("france", "A", "bre"),
        ("england", "F", "eng"),
        ("germany", "F", "nth"),
        ("germany", "F", "bel"),
    ]
    return adjudicate_document(
        {
            "variant": "standard",
            "phase": "S1901M",
            "units": [{"power": p, "type": t, "province": at} for p, t, at in units],
            "orders": {
                "france": [move],
                "england": ["F Eng C A Bre - Pic"],
                "germany": ["F Nth - Eng", "F Bel S F Nth - Eng"],
            },
        }
    )


def _result(answer: dict[str, Any], power: str) -> tuple[str, str]:
    (order,) = [o for o in answer["orders"] if o["power"] == power]
    return order["text"], order["result"]


def test_a_route_through_the_channel_goes_by_convoy_and_fails_with_it() -> None:
    answer = _brest_to_picardy("A Bre-Eng-Pic")
    assert _result(answer, "france") == ("A Bre-Eng-Pic", "fails")
    assert {"power": "france", "type": "A", "province": "bre"} in answer["units"]


def test_the_same_move_without_a_route_goes_by_land() -> None:
    answer = _brest_to_picardy("A Bre-Pic")
    assert _result(answer, "france") == ("A Bre-Pic", "succeeds")
    assert {"power": "france", "type": "A", "province": "pic"} in answer["units"]
