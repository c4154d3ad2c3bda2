"""Root Z orders written with full names and a dash typed without spaces: the names
end in the board's number (``Moscow 2``), so ``Moscow 2-Sevastopol 2`` held the word
``2-sevastopol``, itself a spelling of ``Sevastopol 2``, and the order was refused
("'moscow' is not a province"), or passed over as a greeting when no unit word
began it (``Prussia 1-Livonia 1``).  Found by a Root Z game played by mail in
random styles."""

from __future__ import annotations

import pytest

from judge.orders.text import attempts_order, parse_order
from judge.variant.data import load_variant


@pytest.mark.parametrize(
    ("text", "place", "dest"),
    [
        ("A moscow 2-sevastopol 2", "mos2", "sev2"),
        ("F SEVASTOPOL 2\u2013ARMENIA 2", "sev2", "arm2"),
        ("PRUSSIA 1-LIVONIA 1", "pru1", "lvn1"),
        ("A Mos2-Sev2", "mos2", "sev2"),  # the usual form, as before
    ],
)
def test_a_dash_between_numbered_names_is_a_move(text: str, place: str, dest: str) -> None:
    variant = load_variant("rootz")
    parsed = parse_order(variant, text)
    assert (parsed.action, parsed.place.province, parsed.dest.province) == ("move", place, dest)
    assert attempts_order(variant, text)


@pytest.mark.parametrize(
    ("text", "place", "dest"),
    [
        ("fleet Gas1-MID-ATLANTIC OCEAN 1", "gas1", "mao1"),
        ("F Mid-Atlantic Ocean 1-Brest 1", "mao1", "bre1"),
        ("F Spa1/SC-MID-ATLANTIC OCEAN 1", "spa1", "mao1"),
    ],
)
def test_a_dash_beside_a_hyphenated_name_is_a_move(text: str, place: str, dest: str) -> None:
    """Found by tests/commands/test_styles_game.py: the move sign is one hyphen of a word
    whose other hyphen belongs to a name of several words."""
    parsed = parse_order(load_variant("rootz"), text)
    assert (parsed.action, parsed.place.province, parsed.dest.province) == ("move", place, dest)


@pytest.mark.parametrize(
    ("text", "why"),
    [
        (
            "A Vie-Gal",
            "'Vie' is on both boards (Vie1 and Vie2): write the board's number,"
            " e.g. A Vie1-Gal1 or A Vie2-Gal2",
        ),
        (
            "A Vie - Gal",
            "'Vie' is on both boards (Vie1 and Vie2): write the board's number,"
            " e.g. A Vie1 - Gal1 or A Vie2 - Gal2",
        ),
        (
            "A Vienna H",
            "'Vienna' is on both boards (Vienna 1 and Vienna 2): write the board's number,"
            " e.g. A Vienna 1 H or A Vienna 2 H",
        ),
        (
            "A Vie1-Gal",
            "'Gal' is on both boards (Gal1 and Gal2): write the board's number,"
            " e.g. A Vie1-Gal1 or A Vie1-Gal2",
        ),
    ],
)
def test_a_province_written_without_its_board_is_refused_as_on_both_boards(
    text: str, why: str
) -> None:
    """``A Vie-Gal`` was refused as "'Vie-Gal' is not a province (did you mean Vienna 1
    (Vie1) or Vienna 2 (Vie2)?)": the hint was right, but the words were taken as one
    place.  Every name is on both boards (info.rootz), so the refusal says so and gives
    the forms to write."""
    from judge.rules.registry import ruleset_for

    rules = ruleset_for("rootz")
    doc = rules.starting_position("rootz")
    (check,) = rules.check_orders(doc, "austria1", [text])
    assert not check.ok
    assert check.message == f"{text}: {why}"


def test_a_word_on_no_board_keeps_its_hint() -> None:
    from judge.rules.registry import ruleset_for

    rules = ruleset_for("rootz")
    (check,) = rules.check_orders(rules.starting_position("rootz"), "austria1", ["A Vie1-Glc1"])
    assert check.message.startswith("A Vie1-Glc1: 'Glc1' is not a province (did you mean")
