"""Checks of standard movement orders kept for reuse (judge.orders.text): a check is
reused only for the same text, power and units in the provinces the order names (of
the unit it supports or convoys, whoever owns it: the check never looks), and
when its legality asked for convoy routes (which depend on the whole board), only on
a board that answers those searches as before."""

from __future__ import annotations

from typing import Any

from judge.engine.orders import Move
from judge.engine.position import Position
from judge.orders.text import OrderCheck, check_position_orders, clear_read_cache
from judge.rules.documents import read_position
from judge.variant.data import load_variant

VARIANT = load_variant("standard")


def position(*units: tuple[str, str, str]) -> Position:
    """A spring movement position with these (power, type, province) units."""
    doc = {
        "phase": "S1901M",
        "units": [{"power": p, "type": t, "province": loc} for p, t, loc in units],
    }
    return read_position(VARIANT, doc)


def check(where: Position, power: str, text: str) -> OrderCheck:
    found = check_position_orders(VARIANT, where, power, [text])
    assert len(found) == 1
    return found[0]


def fresh(where: Position, power: str, text: str) -> OrderCheck:
    """The check with nothing kept from earlier checks."""
    clear_read_cache()
    return check(where, power, text)


def answers(checks: list[OrderCheck]) -> list[tuple[Any, ...]]:
    return [(c.ok, c.canonical, c.message, c.order) for c in checks]


def test_an_army_that_needs_a_convoy_is_judged_on_each_board() -> None:
    # Same text, power and army in London: only the fleets elsewhere differ.
    with_fleet = position(("england", "A", "lon"), ("england", "F", "nth"))
    without = position(("england", "A", "lon"), ("england", "F", "iri"))
    clear_read_cache()
    first = check(with_fleet, "england", "A Lon - Bel")
    second = check(without, "england", "A Lon - Bel")
    assert first.ok and first.order == Move("lon", "bel")
    assert not second.ok and "no fleets are placed to convoy it" in (second.message or "")
    assert answers([second]) == answers([fresh(without, "england", "A Lon - Bel")])
    # and the other way round
    clear_read_cache()
    assert not check(without, "england", "A Lon - Bel").ok
    assert check(with_fleet, "england", "A Lon - Bel").ok


def test_the_owner_and_type_of_a_named_unit_count() -> None:
    french = position(("france", "A", "par"), ("france", "A", "mar"))
    german = position(("germany", "A", "par"), ("france", "A", "mar"))
    fleet = position(("france", "F", "bre"), ("france", "A", "mar"))
    clear_read_cache()
    seen = [check(p, "france", "A Par - Bur") for p in (french, german, french)]
    assert [c.ok for c in seen] == [True, False, True]
    assert "not yours" in (seen[1].message or "")
    supports = [check(p, "france", "A Mar S A Par - Bur") for p in (french, german, fleet)]
    assert [c.ok for c in supports] == [True, True, False]
    for where, got in zip((french, german, fleet), supports, strict=True):
        assert answers([got]) == answers([fresh(where, "france", "A Mar S A Par - Bur")])


def test_a_coast_is_part_of_where_the_unit_stands() -> None:
    north = position(("russia", "F", "stp/nc"))
    south = position(("russia", "F", "stp/sc"))
    clear_read_cache()
    assert check(north, "russia", "F Stp H").canonical == "F stp/nc H"
    assert check(south, "russia", "F Stp H").canonical == "F stp/sc H"
    assert check(south, "russia", "F Stp - Bot").ok
    assert not check(north, "russia", "F Stp - Bot").ok


def test_reused_checks_answer_as_fresh_ones_over_many_positions() -> None:
    # Every army of a small board, each ordered in every position: the kept checks
    # must give what checking afresh gives.
    boards = [
        position(("france", "A", "par"), ("germany", "A", "bur"), ("france", "F", "bre")),
        position(("germany", "A", "par"), ("france", "A", "bur"), ("france", "F", "eng")),
        position(("france", "A", "pic"), ("france", "A", "bur"), ("england", "F", "eng")),
    ]
    texts = [
        ("france", "A Par - Bur"),
        ("france", "A Bur - Par"),
        ("france", "F Bre - Eng"),
        ("france", "A Bur S A Par - Pic"),
        ("france", "F Eng C A Pic - Lon"),
        ("germany", "A Par H"),
        ("germany", "A Bur S A Par"),
    ]
    clear_read_cache()
    kept = [answers([check(b, power, text)]) for b in boards * 2 for power, text in texts]
    afresh = [answers([fresh(b, power, text)]) for b in boards * 2 for power, text in texts]
    assert kept == afresh


def test_a_check_that_asked_for_routes_is_reused_where_the_routes_are_the_same() -> None:
    # The same fleets at sea (one more unit far away): the same routes, the same check.
    board = position(("england", "A", "lon"), ("england", "F", "nth"))
    same_routes = position(("england", "A", "lon"), ("england", "F", "nth"), ("italy", "A", "rom"))
    clear_read_cache()
    texts = ["A Lon - Bel", "A Lon - Nwy via convoy"]
    first = check_position_orders(VARIANT, board, "england", texts)
    again = check_position_orders(VARIANT, same_routes, "england", texts)
    assert [c.ok for c in first] == [True, True]
    assert all(a is b for a, b in zip(first, again, strict=True))  # kept and reused
    fleet = check(board, "england", "F Nth C A Lon - Bel")
    assert fleet.ok and check(same_routes, "england", "F Nth C A Lon - Bel") is fleet


def test_a_check_that_asked_for_routes_is_made_again_where_they_differ() -> None:
    # The North Sea fleet carries in one position; in the other a second chain
    # (English Channel) makes it needless for Belgium: the convoy of the North Sea
    # stays legal (it lies on a route), but the routes asked differ.
    one_chain = position(("england", "A", "lon"), ("england", "F", "nth"))
    two_chains = position(("england", "A", "lon"), ("england", "F", "nth"), ("england", "F", "eng"))
    no_chain = position(("england", "A", "lon"), ("england", "F", "nwg"))
    texts = [
        ("england", "A Lon - Bel"),
        ("england", "F Nth C A Lon - Bel"),
        ("england", "F Eng C A Lon - Bel"),
        ("england", "F Nwg C A Lon - Bel"),
        ("england", "A Lon - Nwy via convoy"),
        ("england", "F Nth S A Lon - Bel"),
    ]
    boards = [one_chain, two_chains, no_chain, one_chain]
    clear_read_cache()
    kept = [answers([check(b, power, text)]) for b in boards * 2 for power, text in texts]
    afresh = [answers([fresh(b, power, text)]) for b in boards * 2 for power, text in texts]
    assert kept == afresh
    assert not check(no_chain, "england", "A Lon - Bel").ok
    assert check(one_chain, "england", "A Lon - Bel").ok


def test_a_support_is_judged_alike_whoever_owns_the_supported_unit() -> None:
    french = position(("france", "A", "par"), ("france", "A", "mar"))
    german = position(("germany", "A", "par"), ("france", "A", "mar"))
    italian_fleet = position(("italy", "F", "lyo"), ("france", "A", "mar"))
    clear_read_cache()
    texts = ["A Mar S A Par - Bur", "A Mar S A Par", "A Mar S F Lyo - Spa"]
    first = [check(french, "france", text) for text in texts]
    again = [check(german, "france", text) for text in texts]
    assert first[0] is again[0] and first[1] is again[1]  # reused
    for where in (french, german, italian_fleet):
        kept = [check(where, "france", text) for text in texts]
        assert answers(kept) == answers([fresh(where, "france", text) for text in texts])
        clear_read_cache()
        check(french, "france", texts[0])  # keep one for the next position
