"""Builds, waives and removals beyond what a power owes are named in the reply: the
adjudicator takes them in the order gathered and fails the rest (DATC 6.I.1)."""

from __future__ import annotations

import copy
from typing import Any

import pytest

from judge.orders.keys import OrderKey
from judge.orders.text import check_orders
from judge.rules.documents import adjudicate_document
from judge.rules.multiverse.json_io import adjudicate_world_document, write_world
from judge.rules.multiverse.mail_orders import check_world_orders
from judge.rules.registry import ruleset_for_document
from tests.multiverse.helpers import BASE, board, world
from tests.test_owed_in_replies import WINTER

K = OrderKey.parse


def beyond_owed(position: dict[str, Any], power: str, stored: list[OrderKey], key: OrderKey):
    """Why the order under ``key`` will not count, by the ruleset of the bare document."""
    return ruleset_for_document(position).beyond_allowance(position, power, stored, key)


# France owns five centres with three units (the fleet of Brest is at sea): two builds,
# and three free home centres to place them.
TWO_BUILDS = copy.deepcopy(WINTER)
TWO_BUILDS["supply_centers"]["france"].append("par")
TWO_BUILDS["units"][2] = {"power": "france", "type": "F", "province": "mao"}


def test_a_build_beyond_those_owed() -> None:
    assert beyond_owed(TWO_BUILDS, "france", [K("build:par")], K("build:mar")) is None
    assert beyond_owed(TWO_BUILDS, "france", [K("build:par"), K("build:mar")], K("build:bre")) == (
        "France may build 2: this build is beyond them and will not count"
    )
    # a new order for a stored site replaces it: still two builds
    assert (
        beyond_owed(TWO_BUILDS, "france", [K("build:par"), K("build:mar")], K("build:mar")) is None
    )


def test_waives_count_with_builds() -> None:
    assert beyond_owed(TWO_BUILDS, "france", [K("build:par")], K("waive:1")) is None
    assert beyond_owed(TWO_BUILDS, "france", [K("build:par"), K("waive:1")], K("waive:2")) == (
        "France may build 2: this waive is beyond them and will not count"
    )
    assert beyond_owed(TWO_BUILDS, "france", [K("waive:1"), K("waive:2")], K("waive:1")) is None


def test_a_removal_beyond_those_owed() -> None:
    assert beyond_owed(WINTER, "germany", [], K("ruh")) is None
    assert beyond_owed(WINTER, "germany", [K("ruh")], K("ber")) == (
        "Germany must remove 1: this removal is beyond it and will not count"
    )


def test_nothing_is_counted_outside_adjustments() -> None:
    spring = dict(WINTER, phase="S1902M")
    assert beyond_owed(spring, "germany", [K("ruh"), K("ber"), K("mun")], K("kie")) is None


def _reply_refusals(position: dict[str, Any], power: str, orders: list[str]) -> list[bool]:
    """For each order of one mail: whether the reply says it will not count."""
    check = check_world_orders if "boards" in position else check_orders
    stored: list[OrderKey] = []
    beyond = []
    for text in orders:
        (result,) = check(position, power, [text])
        assert result.ok, result.message
        key = OrderKey.of(result.order)
        if key.is_waive:
            key = key.numbered(sum(1 for k in stored if k.is_waive) + 1)
        why = beyond_owed(position, power, stored, key)
        beyond.append(why is not None)
        if why is None:
            stored.append(key)
    return beyond


@pytest.mark.parametrize(
    "orders",
    [
        ["Build A Par", "Build A Mar", "Build F Bre"],
        ["Build A Par", "Waive", "Waive"],
        ["Waive", "Build F Bre", "Build A Par", "Waive"],
    ],
)
def test_the_reply_refuses_what_the_adjudicator_fails(orders: list[str]) -> None:
    refused = _reply_refusals(TWO_BUILDS, "france", orders)
    answer = adjudicate_document(dict(TWO_BUILDS, orders={"france": orders}))
    failed = [entry["result"] != "succeeds" for entry in answer["orders"]]
    assert refused == failed
    assert refused[-1]


def three_winters() -> dict[str, Any]:
    """France builds one on timelines 1 and 3 and removes one on timeline 2."""
    w = world(
        board(1, "W1901", "france A bur, A gas", {"france": ["par", "bre", "mar"]}),
        board(2, "W1901", "france A bur, A gas, A pic", {"france": ["par", "bre"]}),
        board(3, "W1901", "france A bur, A gas", {"france": ["par", "bre", "mar"]}),
    )
    return dict(write_world(BASE, w), variant="standard")


def test_builds_and_removals_are_counted_per_winter_board() -> None:
    doc = three_winters()
    assert beyond_owed(doc, "france", [K("build:1:par:W1901")], K("build:3:par:W1901")) is None
    assert beyond_owed(doc, "france", [K("build:1:par:W1901")], K("build:1:bre:W1901")) == (
        "France may build 1 on timeline 1, W1901: this build is beyond it and will not count"
    )
    assert beyond_owed(doc, "france", [K("2:pic:W1901")], K("2:gas:W1901")) == (
        "France must remove 1 on timeline 2, W1901: this removal is beyond it and will not count"
    )
    # waives have no effect on any board: as many as the builds owed over all boards
    assert beyond_owed(doc, "france", [K("waive:1")], K("waive:2")) is None
    assert beyond_owed(doc, "france", [K("waive:1"), K("waive:2")], K("waive:3")) == (
        "France may build 2: this waive is beyond them and will not count"
    )


def test_the_reply_refuses_what_the_multiverse_adjudicator_fails() -> None:
    doc = three_winters()
    orders = [
        "Build F 1:bre:W1901",
        "Remove A 2:pic:W1901",
        "Build A 1:par:W1901",
        "Build A 3:par:W1901",
        "Remove A 2:bur:W1901",
    ]
    refused = _reply_refusals(doc, "france", orders)
    answer = adjudicate_world_document(dict(doc, orders={"france": orders}))
    failed = [entry["result"] != "succeeds" for entry in answer["orders"] if entry["text"]]
    assert refused == failed == [False, False, True, False, True]
