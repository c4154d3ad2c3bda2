"""The text notation: locations, defaults, messages and canonical output."""

from __future__ import annotations

import pytest

from judge.engine.orders import Build, Convoy, Disband, Hold, Move, SupportHold, SupportMove
from judge.rules.multiverse.json_io import write_world
from judge.rules.multiverse.notation import parse_timeline, parse_turn, timeline_name
from judge.rules.multiverse.order_text import parse_order
from judge.rules.multiverse.world import FIVED

from .helpers import BASE, board, loc, world


@pytest.mark.parametrize(
    ("text", "number"),
    [("1", 1), ("2", 2), ("a", 1), ("alfa", 1), ("Alpha", 1), ("B", 2), ("bravo", 2), ("z", 26)],
)
def test_timelines_as_numbers_words_or_initials(text, number):
    assert parse_timeline(text) == number


def test_t1_is_timeline_1_in_the_reference_rules_and_tangoprime_in_5dplomacys() -> None:
    """The reference game labels its timelines T1, T2 (research: 5d-rules); 5dplomacy's
    grammar reads a letter and digits as a NATO name and its suffix (t1: tangoprime)."""
    from dataclasses import replace

    w = world(board(1, "S1901", "france A par"), board(2, "S1901", "france A par"))
    assert order(w, "A T2:par - bur").canonical == "A 2:par:S1901 - 2:bur:S1901"
    assert order(w, "A t1:par:S1901 H").order == Hold(loc("1:par:S1901"))
    fived = replace(w, rules=FIVED)
    refused = parse_order(fived, BASE, "france", "A T1:par - bur")
    assert not refused.ok and "timeline tangoprime" in refused.message


def test_timeline_names():
    assert timeline_name(3) == "charlie"
    assert parse_timeline("nonsense") is None and parse_timeline("0") is None


@pytest.mark.parametrize(
    ("text", "turn"),
    [
        ("S1902", (1902, 0)),
        ("F02", (1902, 1)),
        ("Spring 1902", (1902, 0)),
        ("fall 1902", (1902, 1)),
        ("FALL02", (1902, 1)),
        ("w1901", (1901, 2)),
    ],
)
def test_turns(text, turn):
    assert parse_turn(text) == turn


def staggered():
    """Timeline 1 at Spring 1902, timeline 2 at Fall 1901 (forked), France in Paris on both."""
    return world(
        board(1, "S1901", "france A par"),
        board(1, "F1901", "france A par"),
        board(1, "W1901", "france A par"),
        board(1, "S1902", "france A par, F bre; germany A mun"),
        board(2, "F1901", "france A par, A gas"),
    )


def order(w, text, power="france"):
    parsed = parse_order(w, BASE, power, text)
    assert parsed.ok, parsed.message
    return parsed


def test_full_triples():
    parsed = order(staggered(), "A 2:par:F1901 - 1:par:F1901")
    assert parsed.order == Move(loc("2:par:F1901"), loc("1:par:F1901"))
    assert parsed.canonical == "A 2:par:F1901 - 1:par:F1901"


def test_words_names_and_long_turns():
    parsed = order(staggered(), "Army bravo:Paris:Fall 1901 - alfa:Paris:fall 1901")
    assert parsed.canonical == "A 2:par:F1901 - 1:par:F1901"


def test_a_unique_unit_needs_no_timeline_or_turn():
    parsed = order(staggered(), "A gas - bur")
    assert parsed.order == Move(loc("2:gas:F1901"), loc("2:bur:F1901"))


def test_an_ambiguous_unit_is_refused_with_the_candidate_boards():
    parsed = parse_order(staggered(), BASE, "france", "A par - bur")
    assert not parsed.ok
    assert "1:par:S1902" in parsed.message and "2:par:F1901" in parsed.message


def test_a_target_with_timeline_only_is_the_active_board_of_that_timeline():
    parsed = order(staggered(), "A 2:par - 1:par")
    assert parsed.order == Move(loc("2:par:F1901"), loc("1:par:S1902"))


def test_a_target_with_turn_only_stays_on_the_units_timeline():
    parsed = order(staggered(), "A 1:par - par:F1901")
    assert parsed.order == Move(loc("1:par:S1902"), loc("1:par:F1901"))


def test_timeline_and_province_or_province_and_turn_for_the_unit():
    assert order(staggered(), "A b:par H").order == Hold(loc("2:par:F1901"))
    assert order(staggered(), "A par:S1902 H").order == Hold(loc("1:par:S1902"))


def test_support_defaults_the_supported_destination_to_the_supported_units_board():
    parsed = order(staggered(), "A 1:par S A 2:par:F1901 - bur")
    assert parsed.order == SupportMove(loc("1:par:S1902"), loc("2:par:F1901"), loc("2:bur:F1901"))
    hold = order(staggered(), "A gas S A par")
    assert hold.order == SupportHold(loc("2:gas:F1901"), loc("2:par:F1901"))


def test_convoy_and_fleet_coasts():
    w = world(board(1, "S1901", "france F mao, A gas, F bre"))
    parsed = order(w, "F mao C A gas - por")
    assert parsed.order == Convoy(loc("1:mao:S1901"), loc("1:gas:S1901"), loc("1:por:S1901"))
    coast = order(w, "F Mid-Atlantic Ocean - Spain (nc)")
    assert coast.order == Move(loc("1:mao:S1901"), loc("1:spa/nc:S1901"))
    ambiguous = parse_order(w, BASE, "france", "F mao - spa")
    assert not ambiguous.ok and "coast" in ambiguous.message


def test_standard_orders_work_unchanged_in_a_one_timeline_game():
    w = world(board(1, "S1901", "france A par, F bre; germany A mun"))
    assert order(w, "A Par - Bur").canonical == "A 1:par:S1901 - 1:bur:S1901"
    assert order(w, "F Brest - English Channel").canonical == "F 1:bre:S1901 - 1:eng:S1901"
    assert order(w, "A Paris Supports A Munich - Burgundy").order == SupportMove(
        loc("1:par:S1901"), loc("1:mun:S1901"), loc("1:bur:S1901")
    )


def test_builds_and_removals_on_winter_boards():
    w = world(board(1, "W1901", "france A pic", {"france": ["par", "bre"]}))
    assert order(w, "build A par").order == Build(loc("1:par:W1901"), "A", "france")
    assert order(w, "Build F Brest").canonical == "build F 1:bre:W1901"
    assert order(w, "remove A pic").order == Disband(loc("1:pic:W1901"))


def test_precise_messages():
    w = staggered()
    bad_timeline = parse_order(w, BASE, "france", "A 7:par - bur")
    assert bad_timeline.message == "A 7:par - bur: there is no timeline 7"
    bad_province = parse_order(w, BASE, "france", "A gas - xyz")
    assert "'xyz' is not a province" in bad_province.message
    no_timeline = parse_order(w, BASE, "france", "A gas - 5:bur")
    assert "there is no timeline 5" in no_timeline.message
    no_board = parse_order(w, BASE, "france", "A 2:par:S1905 H")
    assert "timeline 2, S1905 does not exist" in no_board.message
    bad_turn = parse_order(w, BASE, "france", "A 2:par:Summer 1901 H")
    assert "not a turn" in bad_turn.message
    wrong_type = parse_order(w, BASE, "france", "F gas H")
    assert "not a fleet" in wrong_type.message


def test_retreat_turn_reads_moves_as_retreats():
    from judge.engine.orders import Retreat, Unit, UnitType
    from judge.engine.position import DislodgedUnit

    w = world(board(1, "S1901", "italy A tyr"))
    b = w.boards[loc("1:tyr:S1901").board]
    from dataclasses import replace

    w.boards[b.key] = replace(
        b,
        dislodged={
            "vie": DislodgedUnit(Unit("austria", UnitType.ARMY), loc("1:tyr:S1901"), ("boh", "gal"))
        },
    )
    parsed = order(w, "A vie - boh", "austria")
    assert parsed.order == Retreat(loc("1:vie:S1901"), loc("1:boh:S1901"))
    assert order(w, "disband A vie", "austria").order == Disband(loc("1:vie:S1901"))


def test_a_mistyped_province_suggests_the_closest_names() -> None:
    from judge.game.processing import starting_document
    from judge.rules.multiverse.mail_orders import check_world_orders

    world = starting_document("standard", "multiverse", "loose", 1)
    for text in ("A Bud-Srb", "A 1:bud:S1901 - 1:srb:S1901"):
        [check] = check_world_orders(world, "austria", [text])
        assert check.message == f"{text}: 'srb' is not a province (did you mean Serbia (Ser)?)"


def test_orders_are_read_by_the_one_order_reader() -> None:
    """Issue 27: one order grammar.  The multiverse reads orders with the order
    reader's kinds (their words and steps), its places in the multiverse's form."""
    from judge.orders.standard import STANDARD_SYNTAX
    from judge.rules.multiverse.notation import BoardLocations, order_syntax, read_words

    syntax = order_syntax(BASE, fived=False)
    assert isinstance(syntax.locations, BoardLocations)
    assert syntax.after_unit == STANDARD_SYNTAX.after_unit
    assert syntax.keywords == STANDARD_SYNTAX.keywords
    words = read_words(BASE, "A 1:Mun:S1901 S A 2 : ber : spring 1901 - kie", fived=False)
    assert (words.action, words.unit_type.value) == ("support", "A")
    assert (words.place.timeline, words.place.province, words.place.turn) == (1, "mun", (1901, 0))
    assert (words.target.timeline, words.target.province) == (2, "ber")
    assert (words.dest.timeline, words.dest.province, words.dest.turn) == (None, "kie", None)


@pytest.mark.parametrize(
    ("text", "usual"),
    [
        ("A par sup A mar", "A par S A mar"),
        ("A par move bur", "A par - bur"),
        ("A par \u2013 bur", "A par - bur"),  # the dashes and arrows of mail programs
        ("A 1:par:S1901 \u2192 1:bur:S1901", "A par - bur"),
        ("A mar - gol - pie", "A mar - pie via convoy"),  # a route by sea: via convoy
    ],
)
def test_the_words_of_every_game_read_in_the_multiverse(text: str, usual: str) -> None:
    w = world(board(1, "S1901", "france A par, A mar"))
    assert order(w, text).order == order(w, usual).order


def test_builds_and_waives_in_the_words_of_every_game() -> None:
    w = world(board(1, "W1901", "france A pic", {"france": ["par", "bre", "pic"]}))
    assert order(w, "A par B").order == Build(loc("1:par:W1901"), "A", "france")
    assert order(w, "waives").canonical == order(w, "w").canonical == "waive"


def test_njudge_forms_and_prose_in_the_multiverse_notation() -> None:
    """The board-qualified form reads what the standard reader reads: njudge's compact
    move with a hyphenated name, arrows, and a typo named as the word it is."""
    from judge.rules.registry import ruleset_for

    rules = ruleset_for("standard", "multiverse")
    doc = rules.starting_position("standard")
    read = {t: c for t, c in zip(TEXTS, rules.check_orders(doc, "france", TEXTS), strict=True)}
    assert read["F Bre-Mid-Atlantic"].canonical == "F 1:bre:S1901 - 1:mao:S1901"
    assert read["A Par >> Bur"].canonical == "A 1:par:S1901 - 1:bur:S1901"
    assert read["A 1:par:S1901>1:bur:S1901"].canonical == "A 1:par:S1901 - 1:bur:S1901"
    assert "'mra' is not a province (did you mean Marseilles (Mar)?)" in (
        read["A Mra-Spa"].message or ""
    )


TEXTS = ["F Bre-Mid-Atlantic", "A Par >> Bur", "A 1:par:S1901>1:bur:S1901", "A Mra-Spa"]


def test_a_unit_named_by_a_past_turn_is_refused_with_that_turn():
    """``A par:S1901`` while S1901 is a past board: the reply names the turn
    written, rather than saying no unit in Paris stands on an active board."""
    w = staggered()
    past = parse_order(w, BASE, "france", "A par:S1901 - bur")
    assert past.message == (
        "A par:S1901 - bur: no unit in Paris on an active board in S1901"
        " (S1901 is not an active board's turn)"
    )


def test_places_as_the_reports_write_them_are_read():
    """The reference game's results write a location on another board as ``Munich
    (timeline 1, Spring 1901)`` and a board as ``Timeline 1, Fall of 1901``: a player
    who copies a line of them back gets the order the line says (the comma in the
    brackets is no separator between orders)."""
    from judge.rules.registry import ruleset_for

    rules = ruleset_for("standard", "multiverse")
    doc = rules.starting_position("standard", adjacency="loose", seed=0)
    lines = [
        "Army Paris (timeline 1, Spring 1901) -> Burgundy (timeline 1, Spring 1901)",
        "Army Marseilles (timeline 1, Spring of 1901) SUPPORT Army Paris (timeline 1)"
        " -> Burgundy (timeline 1, Spring 1901).",
        "F Brest (timeline 1) - English Channel, A Marseilles H",
    ]
    checks = rules.check_orders(doc, "france", lines)
    assert [(c.ok, c.canonical) for c in checks] == [
        (True, "A 1:par:S1901 - 1:bur:S1901"),
        (True, "A 1:mar:S1901 S A 1:par:S1901 - 1:bur:S1901"),
        (True, "F 1:bre:S1901 - 1:eng:S1901"),
        (True, "A 1:mar:S1901 H"),
    ]


@pytest.mark.parametrize(
    "line",
    [
        "Timeline 2:",
        "Timeline bravo",
        "Board 2:F1901 (Timeline 2, Fall of 1901; active):",
        "bravo:",
        "Germany 1:1",  # MDATC's heading: a power, then the board
    ],
)
def test_a_board_heading_over_orders_is_refused_with_its_reason(line):
    """A heading naming the board of the orders below it is no order and is not read:
    it is refused with that reason (the orders under it are read on their own), not
    passed over as a greeting, so that the player learns the heading did nothing."""
    from judge.rules.registry import ruleset_for

    rules = ruleset_for("standard", "multiverse")
    assert rules.order_attempt("standard", line)
    (check,) = rules.check_orders(staggered_doc(), "germany", [line])
    assert not check.ok
    assert check.message.endswith(
        "a heading for the orders below is not read: write the timeline in front of each"
        " order (2: A mun - tyr, bravo: A mun - tyr) or the board in each place"
        " (A 2:mun - 2:tyr, A bravo:MUN:Fall01 - bravo:TYR:Fall01)"
    )


@pytest.mark.parametrize("line", ["Germany:", "Note: see you", "Timeline looks good", "PS:"])
def test_lines_that_only_look_like_headings_stay_greetings(line):
    from judge.rules.registry import ruleset_for

    assert not ruleset_for("standard", "multiverse").order_attempt("standard", line)


def staggered_doc():
    """The world of :func:`staggered` as a document."""
    return {"variant": "standard", **write_world(BASE, staggered())}


def test_a_unit_alone_on_a_winter_board_is_a_build_or_a_removal_as_in_njudge():
    """njudge reads a unit written alone in an adjustment phase as a build or a
    removal (``st_build.c``: the order word is optional), as standard games here do:
    ``F Kie`` builds on the winter board, ``Build A Ber, F Kie`` makes two builds, and
    ``A mun`` alone on a board that must remove removes it.  A unit alone on a
    movement board still holds."""
    w = world(
        board(1, "W1901", "germany F den", {"germany": ["ber", "kie", "mun", "den"]}),
        board(2, "W1901", "germany A mun, A ruh", {"germany": ["mun"]}),
        board(3, "F1901", "germany A hol"),
    )
    assert order(w, "F 1:Kie", "germany").order == Build(loc("1:kie:W1901"), "F", "germany")
    assert order(w, "A 1:ber", "germany").canonical == "build A 1:ber:W1901"
    assert order(w, "A 2:ruh", "germany").order == Disband(loc("2:ruh:W1901"))
    assert order(w, "A hol", "germany").canonical == "A 3:hol:F1901 H"
    assert order(w, "A hol H", "germany").canonical == "A 3:hol:F1901 H"
    from judge.rules.registry import ruleset_for

    doc = {"variant": "standard", **write_world(BASE, w)}
    checks = ruleset_for("standard", "multiverse").check_orders(
        doc, "germany", ["Build A 1:Ber, F 1:Kie"]
    )
    assert [c.canonical for c in checks] == ["build A 1:ber:W1901", "build F 1:kie:W1901"]


def test_a_build_word_before_a_list_builds_each_unit_of_it_beside_a_movement_board():
    """njudge's ``Build A Ber, F Kie``: the word before the list names every unit of
    it.  Played by mail with a German fleet in Kiel on a movement board, ``F Kie``
    after the comma was read alone, so as that fleet's hold, and answered "Accepted:
    F 2:kie:F1901 H"; Russia's ``Build A Mos, A StP`` was refused as an order for its
    fleet in St Petersburg."""
    from judge.rules.registry import ruleset_for

    w = world(
        board(1, "W1901", "germany F den", {"germany": ["ber", "kie", "mun", "den"]}),
        board(2, "F1901", "germany F kie, A mun"),
    )
    doc = {"variant": "standard", **write_world(BASE, w)}
    rules = ruleset_for("standard", "multiverse")
    checks = rules.check_orders(doc, "germany", ["Build A Ber, F Kie"])
    assert [c.canonical for c in checks] == ["build A 1:ber:W1901", "build F 1:kie:W1901"]
    checks = rules.check_orders(doc, "germany", ["Build A Ber, A Mun H, F Kie"])
    assert [c.canonical for c in checks] == [
        "build A 1:ber:W1901",
        "A 2:mun:F1901 H",
        "F 2:kie:F1901 H",
    ]


def test_a_hold_with_its_word_first_on_a_winter_board_is_no_build_or_removal():
    """Only a unit with no order word is njudge's build or removal (``st_build.c``):
    ``Hold A 2:ruh`` is a hold, refused on a winter board as ``A 2:ruh H`` is, as
    standard games refuse ``Hold A Ruh``.  It was taken for the unit alone (the text's
    last word was no hold word) and accepted as the removal of the army, and
    ``Hold A 1:ber`` as a build."""
    w = world(
        board(1, "W1901", "germany F den", {"germany": ["ber", "kie", "mun", "den"]}),
        board(2, "W1901", "germany A mun, A ruh", {"germany": ["mun"]}),
    )
    for verb, unit in (("Hold", "A 2:ruh"), ("Hold", "A 1:ber"), ("Stay", "F 1:den")):
        refused = parse_order(w, BASE, "germany", f"{verb} {unit}")
        as_hold = parse_order(w, BASE, "germany", f"{unit} H")
        assert not refused.ok and not as_hold.ok, unit
        assert refused.message.split(": ", 1)[1] == as_hold.message.split(": ", 1)[1]


def test_a_unit_alone_where_no_board_adjusts_is_still_refused_as_missing():
    w = staggered()
    assert parse_order(w, BASE, "france", "A bur").message == (
        "A bur: no unit in Burgundy on an active board"
    )


def test_an_order_for_a_unit_on_a_winter_board_says_why_it_is_refused():
    """``A 2:ruh H`` on a winter board was refused with "no unit in Ruhr on an active
    board of timeline 2", though the army stands there; the reply now says the board
    takes only adjustments (as a standard game says for ``A Ruh H`` in winter)."""
    w = world(
        board(1, "W1901", "germany F den", {"germany": ["ber", "kie", "mun", "den"]}),
        board(2, "W1901", "germany A mun, A ruh", {"germany": ["mun"]}),
    )
    refused = parse_order(w, BASE, "germany", "A 2:ruh H")
    assert refused.message == (
        "A 2:ruh H: the unit in Ruhr stands on a winter board, "
        "where only builds, removals and waives are possible"
    )
    # a unit that is nowhere is still named as missing
    assert parse_order(w, BASE, "germany", "A 2:bur H").message.startswith(
        "A 2:bur H: no unit in Burgundy"
    )
