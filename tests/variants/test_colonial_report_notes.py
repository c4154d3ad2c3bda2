"""Issue 26 item 7: a Colonial results report says where its special rules acted
(docs/variants.md readings HK-1, TSR-6, SUEZ-6), from the ruleset's report notes."""

from __future__ import annotations

from typing import Any

from judge.reports import ReportSettings
from judge.rules.registry import ruleset_for
from judge.variant.data import load_variant

VARIANT = load_variant("colonial")
RULES = ruleset_for("colonial")


def results_text(units: list[str], orders: dict[str, list[str]], centres=None) -> str:
    doc: dict[str, Any] = {
        "variant": "colonial",
        "phase": "F1870M",
        "units": [dict(zip(("power", "type", "province"), u.split(), strict=True)) for u in units],
        "supply_centers": centres or {},
        "orders": orders,
    }
    _, text, _ = RULES.render_results(RULES.step(doc), VARIANT, ReportSettings(game="asia"))
    return " ".join(text.split())


def test_HK_1_the_report_says_why_chinas_hong_kong_does_not_count():
    text = results_text(["china A hk"], {}, {"china": ["hk", "pek", "can"]})
    assert (
        "China owns 3 supply centres, of which 2 count: Hong Kong counts for no power "
        "while China holds it (Hong Kong rule)." in text
    )


def test_TSR_6_the_report_says_where_a_blocked_train_stopped_and_why():
    text = results_text(["russia A mos", "china A kra"], {"russia": ["A Mos - TSR - Vla"]})
    assert "(*blocked*)" in text
    assert (
        "The Russian train from Moscow to Vladivostok was blocked and stopped at Omsk: a "
        "unit of another power blocked the line at Krasnoyarsk (Trans-Siberian Railroad)." in text
    )


def test_SUEZ_6_the_report_says_why_a_canal_move_was_void():
    text = results_text(["france F reds"], {"france": ["F Reds - Meds"]})
    assert "(*void*)" in text
    assert (
        "Fleet Red Sea -> Mediterranean Sea was void: a fleet passes the Suez Canal only "
        "with the permission" in text
    )


def test_SUEZ_6_the_note_names_the_seas_of_an_order_a_game_stored():
    """A game hands the engine its stored orders, written as the judge writes them
    (``F meds - reds``): the note quoted that text, codes in small letters, where the
    report's lines name the seas."""
    text = results_text(["britain F meds"], {"britain": ["F meds - reds"]})
    assert "Fleet Mediterranean Sea -> Red Sea was void: a fleet passes" in text
    assert "F meds - reds" not in text


def test_a_report_without_special_acts_has_no_notes():
    text = results_text(["russia A mos"], {"russia": ["A Mos - TSR - Vla"]})
    assert "Trans-Siberian Railroad)" not in text and "Hong Kong rule" not in text


def test_TSR_6_the_report_says_where_a_train_refused_at_its_destination_stopped():
    """A train that cannot enter its destination (a Russian army holds there) stops at
    the nearest free station before it (TSR-5, TSR-6): the report said only
    "Army Moscow -> Vladivostok by rail. (*bounce*)", and the army stood in Irkutsk."""
    text = results_text(["russia A mos", "russia A vla"], {"russia": ["A Mos - TSR - Vla"]})
    assert "(*bounce*)" in text
    assert "Russia: Army Irkutsk, Army Vladivostok." in text
    assert (
        "The Russian train from Moscow to Vladivostok could not enter Vladivostok and "
        "stopped at Irkutsk (Trans-Siberian Railroad)." in text
    )


def test_TSR_6_a_blocked_trains_stop_is_not_a_russian_unit_beyond_the_block():
    """The stop was taken as the last station of the route holding a Russian unit:
    with a Russian army holding the destination, the note said the train stopped
    in Vladivostok, though it stood in Omsk."""
    text = results_text(
        ["russia A mos", "russia A vla", "china A kra"], {"russia": ["A Mos - TSR - Vla"]}
    )
    assert "Russia: Army Omsk, Army Vladivostok." in text
    assert "was blocked and stopped at Omsk: a unit of another power blocked the line at" in text


def stored_results_text(units: list[str], written: dict[str, list[str]]) -> str:
    """The results of orders stored as a game stores them (each with its data)."""
    from judge.rules.base import StoredOrder

    doc = RULES.starting_position("colonial")
    doc["units"] = [dict(zip(("power", "type", "province"), u.split(), strict=True)) for u in units]
    orders = {}
    for power, lines in written.items():
        checks = RULES.check_orders(doc, power, lines)
        assert all(c.ok for c in checks), [c.message for c in checks]
        orders[power] = [StoredOrder(c.canonical, c.order) for c in checks]
    step = RULES.step_stored(doc, orders)
    _, text, _ = RULES.render_results(step, VARIANT, ReportSettings(game="asia"))
    return " ".join(text.split())


def test_TSR_6_a_russian_army_holding_on_the_way_is_no_stop_of_the_train():
    """A game's stored orders carry their data: the Russian army that holds in Omsk,
    ordered to, was counted as gone from it, and the note said the train stopped
    there, where the train went to Perm."""
    units = ["russia A mos", "russia A oms", "china A kra"]
    text = stored_results_text(units, {"russia": ["A Mos - TSR - Vla", "A Oms H"]})
    assert "was blocked and stopped at Perm: a unit of another power blocked" in text, text
