"""Reports count Colonial's centres as its rules do: Hong Kong held by China is
listed as China's but counts for nothing (HK-1), in the builds table, the builds
left unused and victory."""

from __future__ import annotations

from typing import Any

from judge.reports.centres import centre_lines, winner_of
from judge.reports.names import Names
from judge.reports.orders import builds_owed
from judge.variant.data import load_variant

CHINA_UNITS = ["pek", "mac", "sik", "sha", "hk"]


def _answer(counts: dict[str, int] | None) -> dict[str, Any]:
    answer: dict[str, Any] = {
        "phase": "F1870M",
        "next_phase": "W1870A",
        "supply_centers": {"china": ["can", "hk", "mac", "pek", "sha", "sik"]},
        "units": [{"power": "china", "type": "A", "province": p} for p in CHINA_UNITS],
    }
    if counts is not None:
        answer["center_counts"] = counts
    return answer


def test_china_gets_no_build_for_hong_kong_in_the_table() -> None:
    names = Names(load_variant("colonial"))
    lines, _, _ = centre_lines(_answer({"china": 5}), names)
    (china,) = lines
    assert "Hong Kong" in china.centres  # still China's
    assert (china.centre_count, china.adjustment) == (5, 0)
    assert china.count_text.startswith(" 5 Supply centers,  5 Units:  Builds   0 units")


def test_without_counts_every_owned_centre_counts() -> None:
    names = Names(load_variant("colonial"))
    lines, _, _ = centre_lines(_answer(None), names)
    assert (lines[0].centre_count, lines[0].adjustment) == (6, 1)


def test_no_build_owed_for_hong_kong() -> None:
    names = Names(load_variant("colonial"))
    before = _answer(None)
    assert builds_owed(before, names) == {"china": 1}  # Canton free, six owned
    assert builds_owed(before, names, {"china": 5}) == {}


def test_victory_by_counted_centres() -> None:
    variant = load_variant("colonial")
    names = Names(variant)
    many = [f"c{i}" for i in range(variant.victory_centers)]
    answer = {"supply_centers": {"china": many}, "center_counts": {"china": len(many) - 1}}
    assert winner_of(answer, names) is None
    answer["center_counts"] = {"china": len(many)}
    assert winner_of(answer, names) == "china"
