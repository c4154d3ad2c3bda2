"""PHASE."""

from __future__ import annotations

from judge.commands.phase import parse_phase, same_phase
from tests.commands.helpers import outcomes


def test_parse_phase_forms():
    assert parse_phase("s1901m") == "S1901M"
    assert parse_phase("Fall 1901 Retreats") == "F1901R"
    assert parse_phase("winter 1901 builds") == "W1901A"
    assert parse_phase("tomorrow") is None and parse_phase("") is None


def test_same_phase_treats_winter_builds_alike():
    assert same_phase("F1901B", "W1901A") and same_phase("s1901m", "S1901M")
    assert not same_phase("S1901M", "F1901M")


def test_phase_guard(run):
    ctx = run("SIGNON Fgame1 paris11\nPHASE Spring 1901 Movement\nA Par H")
    assert [s for _, s, _ in outcomes(ctx)] == ["ok", "ok", "ok"]
    ctx = run("SIGNON Fgame1 paris11\nPHASE S1902M\nA Par H")
    assert [s for _, s, _ in outcomes(ctx)] == ["ok", "refused", "refused"]
    assert "these orders are for S1902M" in outcomes(ctx)[2][2]
    ctx = run("PHASE S1901M")
    assert outcomes(ctx) == [("PHASE S1901M", "refused", "this needs a SIGNON first")]


def test_a_season_and_year_name_the_current_phase_of_that_turn(tmp_path):
    """``PHASE Fall 1901`` (without Movement or Retreat) was refused, and the orders
    after it went to the current phase unguarded.  It names the game's current phase
    when that is of the season and year, else the season's first phase (refused as
    any other that is not the current one)."""
    from tests.commands.helpers import reply_to_orders

    _, text = reply_to_orders(tmp_path / "a", "PHASE Spring 1901\nA Par-Bur\n")
    assert "> PHASE Spring 1901\n  Orders that follow are for S1901M." in text
    assert "Accepted: A par - bur" in text
    _, text = reply_to_orders(tmp_path / "b", "PHASE F1901\nA Par-Bur\n")
    assert "game game1 is in S1901M, not F1901M: the orders that follow will be refused" in text
    retreat = {
        "variant": "standard",
        "phase": "F1901R",
        "units": [{"power": "germany", "type": "A", "province": "bur"}],
        "dislodged": [
            {"power": "france", "type": "A", "province": "bur", "retreat_options": ["gas"]}
        ],
        "contested": [],
        "supply_centers": {"france": ["par", "bre", "mar"]},
    }
    _, text = reply_to_orders(tmp_path / "c", "PHASE Fall 1901\nA Bur-Gas\n", retreat)
    assert "Orders that follow are for F1901R." in text and "Accepted: A bur R gas" in text


def test_a_5dplomacy_game_writes_the_phase_as_its_turn_label_in_phases_refusal(tmp_path):
    """The SIGNON line of a 5dplomacy game says "(Spring01, active)", but PHASE's
    refusal and the orders after it named the phases by their codes ("is in S1901M,
    not F1901M"): the ruleset's turn label (judge.rules.multiverse.fived_ruleset)
    writes them in both."""
    from tests.commands.helpers import multiverse_reply

    text = multiverse_reply(tmp_path, "5dplomacy", "PHASE F1901M\nA Par H")
    assert "(Spring01, active)" in text
    assert "game game1 is in Spring01, not Fall01: the orders that follow" in text
    assert "these orders are for Fall01, but game game1 is in Spring01" in text
    assert "S1901M" not in text and "F1901M" not in text.replace("PHASE F1901M", "")


def test_a_5dplomacy_phase_is_named_as_the_game_labels_it(tmp_path):
    """'PHASE Fall01', the form the game's own replies write, was refused as no phase
    ("expected: PHASE <phase> ...") unless it was the current one: any phase of the
    years around the current one is named by its label."""
    from tests.commands.helpers import multiverse_reply

    text = multiverse_reply(tmp_path, "5dplomacy", "PHASE Fall01\nA Par H")
    assert "game game1 is in Spring01, not Fall01: the orders that follow" in text
    assert "expected: PHASE" not in text


def test_orders_after_a_phase_line_that_names_no_phase_are_refused(tmp_path):
    """``PHASE Fal 1901 Movement`` was refused, but the orders after it were taken for
    the current phase (S1901M), though their writer meant them for another: a spring
    move stored from orders written for the fall.  They are refused now, saying why
    and what to write."""
    from tests.commands.helpers import reply_to_orders

    _, text = reply_to_orders(tmp_path / "a", "PHASE Fal 1901 Movement\nA Par-Bur\n")
    assert "the orders that follow will be refused" in text
    assert "Accepted" not in text
    assert (
        "the PHASE line above names no phase, so these orders may not be meant for S1901M: "
        "none is taken (write PHASE S1901M, or no PHASE line)"
    ) in text
    # A later PHASE line that names the current phase takes the orders after it.
    _, text = reply_to_orders(
        tmp_path / "b", "PHASE Fal 1901\nA Par-Bur\nPHASE S1901M\nA Mar-Spa\n"
    )
    assert "Accepted: A mar - spa" in text and "Accepted: A par - bur" not in text
