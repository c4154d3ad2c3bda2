"""A mail that orders one unit twice: the later order stands (the last order for a
unit wins, docs/mail.md) and the reply says which earlier order of the mail it
replaced, with the error flag, so that an order hidden on a line of several
(``A Par H A Mar``, read as two holds) never silently replaces the unit's real
order given above it.  njudge reads one order per line and refuses the ``A Mar``
left after a hold (``st_porder.c`` reads on after an order; ``movein`` in
``st_movement.c`` calls a unit with no action word an invalid order), so the
earlier order there stands: here the player is told, and can send it again."""

from __future__ import annotations

from tests.commands.helpers import reply_to_orders


def test_a_hold_hidden_on_a_line_of_several_says_it_replaced_an_order(tmp_path) -> None:
    subject, text = reply_to_orders(tmp_path, "A Mar - Spa\nA Par H A Mar\n")
    assert "[Error Flag]" in subject
    assert (
        "  Accepted: A mar H\n"
        "  *** Note: this replaces A mar - spa, given earlier in this mail for the same unit"
    ) in text, text


def test_a_unit_ordered_twice_on_two_lines_is_noted_too(tmp_path) -> None:
    subject, text = reply_to_orders(tmp_path, "A Mar - Spa\nA Mar - Bur\n")
    assert "[Error Flag]" in subject
    assert "*** Note: this replaces A mar - spa, given earlier in this mail" in text
    assert "Orders for France in game game1, S1901M:\n  A mar - bur\n" in text


def test_the_same_order_twice_and_an_order_after_clear_are_not_noted(tmp_path) -> None:
    subject, text = reply_to_orders(tmp_path, "A Mar - Spa\nA Mar - Spa\nCLEAR\nA Mar - Bur\n")
    assert "[Error Flag]" not in subject
    assert "replaces" not in text


def test_a_multiverse_unit_ordered_twice_is_noted(tmp_path) -> None:
    from tests.commands.helpers import multiverse_reply

    text = multiverse_reply(tmp_path, "loose", "A Mar - Spa\nA Par H A Mar\n")
    assert "*** Note: this replaces A 1:mar:S1901 - 1:spa:S1901, given earlier in this mail" in text


def test_a_build_site_ordered_twice_is_named_as_such(tmp_path) -> None:
    position = {
        "variant": "standard",
        "phase": "W1901A",
        "units": [{"power": "france", "type": "A", "province": "bur"}],
        "dislodged": [],
        "contested": [],
        "supply_centers": {"france": ["par", "bre", "mar"]},
    }
    _, text = reply_to_orders(tmp_path, "Build A Bre\nBuild F Bre\n", position)
    assert (
        "*** Note: this replaces Build A bre, given earlier in this mail for the same build site"
    ) in text, text
