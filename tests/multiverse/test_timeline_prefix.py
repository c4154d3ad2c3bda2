"""A timeline written in front of an order (``bravo: A mun - tyr``, ``T3: A mun H``,
``2: F lon - nth``), as players of 5D Diplomacy write the board an order is on: the
timelines of the reference game are labelled T1, T2 (research: 5d-rules), 5dplomacy's
alfa, bravo (its README's notation), and either may be written as a number.  Every place
of the order that names no board of its own is on that timeline at its current turn."""

from __future__ import annotations

from dataclasses import replace

import pytest

from judge.rules.multiverse.json_io import write_world
from judge.rules.multiverse.order_text import parse_order
from judge.rules.multiverse.world import FIVED
from judge.rules.registry import ruleset_for

from .helpers import BASE, board, world


def three_timelines(fived: bool = False):
    """Timeline 1 at Spring 1902; timelines 2 and 3 at Fall 1901; Germany in Munich
    and France in London on each."""
    w = world(
        board(1, "S1901", "france A par"),
        board(1, "F1901", "france A par"),
        board(1, "W1901", "france A par"),
        board(1, "S1902", "france F lon, A par; germany A mun"),
        board(2, "F1901", "france F lon; germany A mun"),
        board(3, "F1901", "france F lon; germany A mun"),
    )
    return replace(w, rules=FIVED) if fived else w


def canonical(text: str, power: str = "germany", fived: bool = False) -> str:
    parsed = parse_order(three_timelines(fived), BASE, power, text)
    assert parsed.ok, parsed.message
    return str(parsed.canonical)


def test_the_three_orders_refused_as_missing_a_province_are_read_on_their_timeline() -> None:
    """The helper's mails: each was refused with 'a province is missing'."""
    assert canonical("bravo: A mun - tyr") == "A 2:mun:F1901 - 2:tyr:F1901"
    assert canonical("T3: A mun H") == "A 3:mun:F1901 H"
    assert canonical("2: F lon - nth", "france") == "F 2:lon:F1901 - 2:nth:F1901"


@pytest.mark.parametrize(
    "prefix",
    [
        "3:",
        "3 :",
        "T3:",
        "T3",
        "t3:",
        "charlie:",
        "Charlie",
        "c:",
        "Timeline 3:",
        "Timeline 3",
        "timeline charlie:",
        "Timeline C:",
    ],
)
def test_a_timeline_in_front_of_an_order_as_players_write_it(prefix: str) -> None:
    """Numbers, the reference game's T labels, NATO words and initials, ``Timeline``
    before any of them; a number or an initial is a timeline with its colon only."""
    assert canonical(f"{prefix} A mun - boh") == "A 3:mun:F1901 - 3:boh:F1901"


def test_a_colon_against_the_order_is_read_too() -> None:
    assert canonical("charlie:A mun H") == "A 3:mun:F1901 H"


@pytest.mark.parametrize("prefix", ["bravo:", "b:", "2:", "bravo", "Timeline bravo:"])
def test_5dplomacy_games_read_their_timeline_names_in_front(prefix: str) -> None:
    assert canonical(f"{prefix} A mun - tyr", fived=True) == "A 2:mun:F1901 - 2:tyr:F1901"


def test_a_place_that_names_its_own_board_keeps_it() -> None:
    """A support of a unit on another timeline, a move into the past: the places
    written with a board keep it; the others are on the timeline in front."""
    assert canonical("2: A mun S A 1:mun") == "A 2:mun:F1901 S A 1:mun:S1902"
    assert canonical("2: A mun S A 1:mun - tyr") == "A 2:mun:F1901 S A 1:mun:S1902 - 2:tyr:F1901"
    assert canonical("bravo: A mun - tyr:S1901") == "A 2:mun:F1901 - 2:tyr:S1901"
    assert canonical("bravo: A 3:mun - tyr") == "A 3:mun:F1901 - 2:tyr:F1901"


NO_BOARD = "in front of the order names no active board: there is no timeline"


@pytest.mark.parametrize(
    ("text", "fived", "why"),
    [
        ("7: A mun H", False, f"'7' {NO_BOARD} 7"),
        ("golf: A mun H", False, f"'golf' {NO_BOARD} 7"),
        ("golf: A mun H", True, f"'golf' {NO_BOARD} golf"),
    ],
)
def test_a_timeline_in_front_that_names_no_active_board_is_refused_so(text, fived, why) -> None:
    parsed = parse_order(three_timelines(fived), BASE, "germany", text)
    assert not parsed.ok
    assert parsed.message == f"{text}: {why}"


def test_what_follows_the_timeline_is_refused_with_its_own_reason() -> None:
    parsed = parse_order(three_timelines(), BASE, "germany", "bravo: A mnu - tyr")
    assert not parsed.ok
    assert parsed.message.startswith("bravo: A mnu - tyr: 'mnu' is not a province")


def test_by_mail_each_order_is_read_on_the_timeline_written_in_front() -> None:
    """Through the rules' mail check, as the helper wrote them."""
    rules = ruleset_for("standard", "multiverse")
    doc = {"variant": "standard", **write_world(BASE, three_timelines())}
    lines = ["bravo: A mun - tyr", "T3: A mun H"]
    checks = rules.check_orders(doc, "germany", lines)
    assert [(c.ok, c.canonical) for c in checks] == [
        (True, "A 2:mun:F1901 - 2:tyr:F1901"),
        (True, "A 3:mun:F1901 H"),
    ]
    (fleet,) = rules.check_orders(doc, "france", ["2: F lon - nth"])
    assert (fleet.ok, fleet.canonical) == (True, "F 2:lon:F1901 - 2:nth:F1901")


def test_an_order_of_the_board_rules_is_read_on_the_timeline_in_front() -> None:
    """Colonial's rail move acts within its board: the timeline in front chooses it."""
    rules = ruleset_for("colonial", "multiverse")
    doc = rules.starting_position("colonial")
    lines = ["alfa: A Mos - TSR - Irk", "2: A Mos - TSR - Irk"]
    read, refused = rules.check_orders(doc, "russia", lines)
    assert (read.ok, read.canonical) == (True, "A 1:mos:S1870 - TSR - irk")
    assert refused.message == (
        "2: A Mos - TSR - Irk: '2' in front of the order names no active board:"
        " there is no timeline 2"
    )


def test_a_build_word_and_the_timeline_in_front_carry_to_the_units_after_it() -> None:
    """``2: Build A Kie, F Ber``: the build word carries to the unit written alone after
    it (njudge's ``Build A Ber, F Kie``), and so does the timeline in front: the line is
    on timeline 2, where ``F Ber`` was refused as 'several winter boards are active'."""
    w = world(
        board(1, "W1901", "germany A mun", {"germany": ["ber", "kie", "mun"]}),
        board(2, "W1901", "germany A mun", {"germany": ["ber", "kie", "mun"]}),
    )
    rules = ruleset_for("standard", "multiverse")
    doc = {"variant": "standard", **write_world(BASE, w)}
    first, second = rules.check_orders(doc, "germany", ["2: Build A Kie, F Ber"])
    assert (first.ok, first.canonical) == (True, "build A 2:kie:W1901")
    assert (second.text, second.ok) == ("2: Build F Ber", True)
    assert second.canonical == "build F 2:ber:W1901"


def two_armies() -> dict:
    """Timelines 1 and 2 at Fall 1901, German armies in Munich and Berlin on each."""
    w = world(
        board(1, "F1901", "germany A mun, A ber"),
        board(2, "F1901", "germany A mun, A ber"),
    )
    return {"variant": "standard", **write_world(BASE, w)}


@pytest.mark.parametrize("separator", [", ", "; ", " "])
def test_the_timeline_in_front_holds_for_every_order_of_its_line(separator: str) -> None:
    """``bravo: A mun - tyr, A ber - kie``: the player means the line on bravo; the
    second order was read on its own, a unit of timeline 1 moved (or, where no such
    unit stood, refused), silently on another board than the one written."""
    rules = ruleset_for("standard", "multiverse")
    line = f"bravo: A mun - tyr{separator}A ber - kie"
    checks = rules.check_orders(two_armies(), "germany", [line])
    assert [(c.ok, c.canonical) for c in checks] == [
        (True, "A 2:mun:F1901 - 2:tyr:F1901"),
        (True, "A 2:ber:F1901 - 2:kie:F1901"),
    ]


def test_an_order_after_it_keeps_its_own_timeline_and_boards() -> None:
    rules = ruleset_for("standard", "multiverse")
    line = "bravo: A mun H, alfa: A mun - tyr, A ber - kie, A 2:ber S A 2:mun"
    checks = rules.check_orders(two_armies(), "germany", [line])
    assert [c.canonical for c in checks] == [
        "A 2:mun:F1901 H",
        "A 1:mun:F1901 - 1:tyr:F1901",
        "A 1:ber:F1901 - 1:kie:F1901",
        "A 2:ber:F1901 S A 2:mun:F1901",
    ]


@pytest.mark.parametrize(
    ("text", "canonical"),
    [
        ("bravo: A mun S A ber - kie", "A 2:mun:F1901 S A 2:ber:F1901 - 2:kie:F1901"),
        ("bravo: A mun S A ber", "A 2:mun:F1901 S A 2:ber:F1901"),
        ("bravo: A mun S A alfa:ber - kie", "A 2:mun:F1901 S A 1:ber:F1901 - 2:kie:F1901"),
    ],
)
def test_every_place_of_a_support_is_on_the_timeline_in_front_unless_it_names_its_own(
    text: str, canonical: str
) -> None:
    (check,) = ruleset_for("standard", "multiverse").check_orders(two_armies(), "germany", [text])
    assert (check.ok, check.canonical) == (True, canonical)


def test_a_timeline_in_front_naming_no_board_refuses_the_rest_of_its_line() -> None:
    rules = ruleset_for("standard", "multiverse")
    checks = rules.check_orders(two_armies(), "germany", ["golf: A mun - tyr, A ber - kie"])
    assert [c.ok for c in checks] == [False, False]
    assert checks[1].message == (
        "golf: A ber - kie: 'golf' in front of the order names no active board:"
        " there is no timeline 7"
    )


@pytest.mark.parametrize(
    ("setting", "line"),
    [("loose", "2 A mun H"), ("loose", "1 A mun - tyr"), ("5dplomacy", "2 A mun H")],
)
def test_a_number_in_front_without_its_colon_is_refused_showing_the_form(
    tmp_path, setting: str, line: str
) -> None:
    """``2 A mun H`` was refused with ''2' is not a province', no word of the form to
    write.  A bare number in front is a timeline only with its colon (docs/multiverse.md:
    a list's ``1 A mun H`` must not land on timeline 1), so the refusal shows it."""
    from tests.commands.helpers import multiverse_reply

    number, rest = line.split(" ", 1)
    text = multiverse_reply(tmp_path, setting, line + "\n", "germany")
    assert (
        f"*** Refused: {line}: '{number}' in front of the order is a timeline only with its"
        f" colon: write {number}: {rest} for timeline {number}, or the order alone"
    ) in text


@pytest.mark.parametrize(
    ("below", "reason"),
    [
        ("bravo: A mnu - tyr", "'mnu' is not a province (did you mean Munich (Mun)?)"),
        ("2 A mun H", "'2' in front of the order is a timeline only with its colon"),
        ("T1: Mnu - Tyr", "'mnu' is not a province"),
    ],
)
def test_an_order_after_a_timeline_in_front_below_a_separator_is_refused(
    tmp_path, below: str, reason: str
) -> None:
    """Below a ``--`` line only the words as written were asked for an order's shape,
    so ``bravo: A mnu - tyr`` was taken for a signature and dropped without a word."""
    from tests.commands.helpers import multiverse_reply

    text = multiverse_reply(tmp_path, "loose", f"--\n{below}\n", "germany")
    assert "> --\n  a signature line, but orders or commands follow it" in text
    assert f"*** Refused: {below}: {reason}" in text


@pytest.mark.parametrize(
    "signature",
    ["Alfa Romeo - Milano", "bravo company", "2 kids, 1 dog", "Charlie: Sent from my iPhone"],
)
def test_a_signature_with_a_timeline_word_in_front_stays_quiet(tmp_path, signature) -> None:
    from tests.commands.helpers import multiverse_reply

    text = multiverse_reply(tmp_path, "loose", f"A mun H\n--\n{signature}\n", "germany")
    assert "> --" not in text and signature not in text
