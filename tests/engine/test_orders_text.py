"""The order parser: the forms players write, and the reasons given for refusals."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from judge.engine import orders as engine_orders
from judge.engine.orders import Build, Convoy, Disband, Hold, Move, Retreat, SupportMove, Waive
from judge.engine.units import UnitType
from judge.game.games import starting_position
from judge.orders.text import OrderSyntaxError, check_orders, parse_order, split_orders
from judge.variant.data import load_variant

START = starting_position("standard")


def one(text: str, power: str = "france", position: dict | None = None):
    checks = check_orders(position or START, power, [text])
    assert len(checks) == 1
    return checks[0]


@pytest.mark.parametrize(
    "text",
    [
        "A Par - Bur",
        "a par -> bur",
        "Paris to Burgundy",
        "A Par move Bur",
        "army paris - burgundy",
        "A PAR-BUR",
        "A Par – Bur",
    ],
)
def test_move_spellings(text: str) -> None:
    check = one(text)
    assert check.ok, check.message
    assert check.order == Move("par", "bur")
    assert check.canonical == "A par - bur"


@pytest.mark.parametrize("text", ["A Par H", "A Par hold", "A Par holds", "Par stand", "A Par"])
def test_hold_spellings(text: str) -> None:
    assert one(text).order == Hold("par")


def test_support_and_convoy() -> None:
    assert one("A Mar S A Par - Bur").order == SupportMove("mar", "par", "bur")
    assert one("A Mar supports Par - Bur").order == SupportMove("mar", "par", "bur")
    position = dict(
        START, units=START["units"] + [{"power": "england", "type": "F", "province": "nth"}]
    )
    check = one("F Nth C A Lvp - Bel", "england", position)
    assert not check.ok and "not" in check.message  # Liverpool is not on the North Sea
    position["units"].append({"power": "england", "type": "A", "province": "yor"})
    check = one("F North Sea convoys A Yorkshire - Belgium", "england", position)
    assert check.order == Convoy("nth", "yor", "bel")


def test_coasts_in_every_spelling() -> None:
    position = dict(START, units=[{"power": "france", "type": "F", "province": "mao"}])
    for text in [
        "F Mao - Spa/nc",
        "F Mao - Spa(nc)",
        "F Mao - Spa nc",
        "F Mao - Spain north coast",
    ]:
        assert one(text, position=position).order == Move("mao", "spa/nc"), text


def test_missing_coast_is_inferred_when_only_one_is_reachable() -> None:
    position = dict(START, units=[{"power": "france", "type": "F", "province": "gas"}])
    assert one("F Gas - Spa", position=position).order == Move("gas", "spa/nc")


def test_missing_coast_is_refused_with_the_choices() -> None:
    position = dict(START, units=[{"power": "france", "type": "F", "province": "mao"}])
    check = one("F Mao - Spa", position=position)
    assert not check.ok
    assert "North Coast" in check.message and "South Coast" in check.message


def test_a_fleets_move_to_a_sea_or_coast_it_does_not_border_says_they_are_no_neighbours() -> None:
    """``F Bre - Lyo`` was refused "a fleet cannot go there", as if no fleet could
    stand in the Gulf of Lyon; it says the two places are no neighbours, as an
    army's move does.  A fleet's move inland (``F Bre - Par``) keeps its reason."""
    assert one("F Bre - Lyo").message == "F Bre - Lyo: Brest and Gulf of Lyon are not neighbours"
    assert one("F Bre - Bel").message == "F Bre - Bel: Brest and Belgium are not neighbours"
    assert one("F Bre - Par").message == "F Bre - Par: a fleet cannot go there"
    assert one("A Par - Par").message == "A Par - Par: a unit cannot move to where it is"


def test_refusals_name_the_order_and_the_reason() -> None:
    assert one("A Par - Mos").message == (
        "A Par - Mos: Paris and Moscow are not neighbours, and an army cannot go there, "
        "even by convoy"
    )
    assert "there is no unit in Picardy" in one("A Pic - Bur").message
    assert "is not yours (it is German)" in one("A Mun - Bur").message
    assert "'Atlantis' is not a province" in one("A Par - Atlantis").message
    assert one("F Bre - Par").message.endswith("a fleet cannot go there")


def test_several_orders_on_a_line() -> None:
    assert split_orders("A Par - Bur, A Mar - Spa; F Bre - Mao") == [
        "A Par - Bur",
        "A Mar - Spa",
        "F Bre - Mao",
    ]
    checks = check_orders(START, "france", ["A Par - Bur, A Mar - Spa; F Bre - Mao"])
    assert [c.ok for c in checks] == [True, True, True]


def test_a_courtesy_after_a_comma_is_no_order_of_its_own() -> None:
    """By mail, "Hold Rome, please" was read as A rom H and 'please' refused as a
    province, flagging a mail of good orders; "A Par-Bur please" was read already."""
    assert split_orders("A Rom H, please") == ["A Rom H"]
    assert split_orders("A Par - Bur, A Mar - Spa; thank you!") == ["A Par - Bur", "A Mar - Spa"]
    assert split_orders("A Par - Bur, thanks, A Mar - Spa") == ["A Par - Bur", "A Mar - Spa"]
    checks = check_orders(START, "france", ["A Par - Bur, please", "A Mar H; cheers"])
    assert [(c.ok, c.canonical) for c in checks] == [(True, "A par - bur"), (True, "A mar H")]
    # a part of other words is still read (and refused) as an order
    assert split_orders("A Par - Bur, please Spa") == ["A Par - Bur", "please Spa"]


def test_retreat_forms() -> None:
    position = {
        "phase": "S1901R",
        "units": [{"power": "germany", "type": "A", "province": "tyr"}],
        "dislodged": [
            {
                "power": "germany",
                "type": "A",
                "province": "mun",
                "attacker_from": "bur",
                "retreat_options": ["boh", "sil"],
            }
        ],
    }
    assert one("A Mun - Boh", "germany", position).order == Retreat("mun", "boh")
    assert one("A Mun R Boh", "germany", position).order == Retreat("mun", "boh")
    assert one("A Mun disband", "germany", position).order == Disband("mun")
    refused = one("A Mun - Ruh", "germany", position)
    assert "it may retreat to Bohemia, Silesia" in refused.message


def test_adjustment_forms() -> None:
    position = {
        "phase": "W1901A",
        "units": [{"power": "france", "type": "F", "province": "nth"}],
        "supply_centers": {"france": ["par", "bre", "mar", "spa"]},
    }
    assert one("Build A Par", position=position).order == Build("par", "A", "france")
    assert one("A Par B", position=position).order == Build("par", "A", "france")
    short = dict(position, supply_centers={"france": []})  # one removal due
    assert one("Remove F Nth", position=short).order == Disband("nth")
    assert one("Disband F Nth", position=short).order == Disband("nth")
    assert one("Waive", position=position).order == Waive("france")
    assert "not one of your home centres" in one("Build A Spa", position=position).message
    assert "army or a fleet" in one("Build Bre", position=position).message
    assert "inland" in one("Build F Par", position=position).message


def test_fleet_build_in_st_petersburg_needs_a_coast() -> None:
    position = {"phase": "W1901A", "units": [], "supply_centers": {"russia": ["stp", "mos"]}}
    assert "which coast" in one("Build F Stp", "russia", position).message
    assert one("Build F Stp/nc", "russia", position).order == Build("stp/nc", "F", "russia")


def test_syntax_errors_are_exceptions_with_reasons() -> None:
    variant = load_variant("standard")
    with pytest.raises(OrderSyntaxError):
        parse_order(variant, "")
    with pytest.raises(OrderSyntaxError, match="did not understand"):
        parse_order(variant, "A Par flies to Bur")


@settings(max_examples=300, deadline=None)
@given(st.text(max_size=80))
def test_checking_never_raises_on_arbitrary_text(text: str) -> None:
    for check in check_orders(START, "france", [text]):
        assert check.ok or check.message


def test_a_spaced_dash_never_joins_two_names() -> None:
    position = dict(START, units=[{"power": "russia", "type": "A", "province": "swe"}])
    assert one("A Swe - Den", "russia", position).order == Move("swe", "den")
    assert one("A Swe-Den", "russia", position).order == Move("swe", "den")
    fleet = dict(START, units=[{"power": "france", "type": "F", "province": "nao"}])
    assert one("F North Atlantic Ocean - Mid-Atlantic Ocean", position=fleet).order == Move(
        "nao", "mao"
    )


@pytest.mark.parametrize(
    ("text", "order"),
    [
        ("A Par->Bur", Move("par", "bur")),
        ("a par=>bur", Move("par", "bur")),
        ("A Par\t-\tBur", Move("par", "bur")),
        ("F Mao\u2192Spa/sc", Move("mao", "spa/sc")),
        ("F Mao-Spa(nc)", Move("mao", "spa/nc")),
        ("F Mao - Spa (north coast)", Move("mao", "spa/nc")),
        ("F Mid-Atlantic Ocean - Spain (South Coast)", Move("mao", "spa/sc")),
        ("F Mao - Spa/north coast", Move("mao", "spa/nc")),
    ],
)
def test_arrows_and_coasts_written_without_spaces_or_in_words(text: str, order: Move) -> None:
    units = [
        {"power": "france", "type": "F", "province": "mao"},
        {"power": "france", "type": "A", "province": "par"},
    ]
    check = one(text, position=dict(START, units=units))
    assert check.ok, check.message
    assert check.order == order


def test_a_coast_does_not_swallow_the_next_keyword() -> None:
    # "nc s" could be read as the coast alias "ncs"; the order is a support.
    fleet = {"power": "france", "type": "F", "province": "spa/nc"}
    position = dict(START, units=START["units"] + [fleet])
    check = one("F Spa/nc S A Par - Gas", position=position)
    assert check.order == SupportMove("spa/nc", "par", "gas")


def test_a_mistyped_order_word_is_refused_with_the_word_meant() -> None:
    # refused, as njudge refuses it, but no longer without a hint
    assert one("A Mar suport A Par - Bur").message.endswith(
        "did not understand 'suport' (did you mean 'support'?)"
    )
    assert one("A Par mve Bur").message.endswith("(did you mean 'move'?)")
    assert one("F Bre conovy A Par - Lon", "france").message.endswith("(did you mean 'convoy'?)")
    assert one("A Par xyzzy Bur").message.endswith("did not understand 'xyzzy'")


def test_a_lone_sign_is_named_in_the_refusal() -> None:
    assert one("A Par = Bur").message == "A Par = Bur: did not understand '='"


@pytest.mark.parametrize(
    "text",
    [
        "Army Paris move to Burgundy",
        "A Par moves to Bur",
        "A Par retreats to Bur",
        "A Par m to Bur",
    ],
)
def test_move_to_is_a_move(text: str) -> None:
    # njudge's MOVE is "-", "->", "m", "move(s)" or "move(s) to".
    position = START
    if "retreat" in text:
        position = {
            "phase": "S1901R",
            "units": [],
            "dislodged": [
                {"power": "france", "type": "A", "province": "par", "retreat_options": ["bur"]}
            ],
        }
        assert one(text, position=position).order == Retreat("par", "bur")
        return
    check = one(text, position=position)
    assert check.ok, check.message
    assert check.order == Move("par", "bur")


def test_support_of_a_move_to() -> None:
    assert one("A Mar supports A Par moves to Bur").order == SupportMove("mar", "par", "bur")


def test_a_move_to_nowhere_names_what_follows() -> None:
    assert one("A Par move to").message == (
        "A Par move to: expected a destination, found 'the end of the order'"
    )


def test_an_unknown_province_is_named_as_written() -> None:
    assert one("A Pari - Burgandy").message == (
        "A Pari - Burgandy: 'Pari' is not a province (did you mean Paris (Par)?)"
    )
    assert one("F Brestt H").message == (
        "F Brestt H: 'Brestt' is not a province (did you mean Brest (Bre)?)"
    )
    assert one("A Paris - Burgonia").message.startswith(
        "A Paris - Burgonia: 'Burgonia' is not a province (did you mean "
    )
    assert "Burgundy (Bur)" in one("A Paris - Burgonia").message
    # A word that is neither a unit type nor a place is named itself; nothing is close.
    assert one("Xyz - Bur").message == "Xyz - Bur: 'Xyz' is not a province"


@pytest.mark.parametrize(
    "text",
    [
        "A Par goes to Bur",
        "A Par go Bur",
        "A Par attacks Bur",
        "A Par moves into Bur",
        "A Par into Bur",
        "A Par > Bur",
        "A Par >> Bur",
        "A Par -- Bur",
        "A Par-->Bur",
        "A Par \u2013> Bur",  # "->" as a mail client's autocorrection writes it
        "A Par\u2010Bur",  # the hyphens and minus signs of phones and word processors
        "A Par\u2011Bur",
        "A Par \u2212 Bur",
        "A Par \u21d2 Bur",  # arrows
        "A Par \u2794 Bur",
        "A Par\u27f6Bur",
        "A Par-Bur!",  # as players end a sentence
    ],
)
def test_moves_in_the_words_players_write(text: str) -> None:
    assert one(text).order == Move("par", "bur")


def test_a_unit_written_in_prose() -> None:
    # "the army in Paris", "a fleet at Brest", as players write in prose
    assert one("Army in Paris moves to Burgundy").order == Move("par", "bur")
    assert one("The army in Paris moves to Burgundy").order == Move("par", "bur")
    assert one("Fleet at Brest - English Channel").order == Move("bre", "eng")
    assert one("A Mar supports the army in Paris to Burgundy").order == SupportMove(
        "mar", "par", "bur"
    )
    assert one("Build a fleet at Brest", position=WINTER).canonical == "Build F bre"


def test_a_written_convoy_route_goes_via_convoy() -> None:
    # njudge's rules XII: an army names the seas of its convoy (A Lon-Nth-Nwy); XII.6:
    # "convoys between adjacent provinces are permitted if explicitly ordered".
    assert one("A Bre-Eng-Pic", position=_BRE_AND_ENG).order == Move("bre", "pic", True)
    assert one("A Bre - English Channel - Picardy", position=_BRE_AND_ENG).order == Move(
        "bre", "pic", True
    )
    assert one("A Bre - Pic", position=_BRE_AND_ENG).order == Move("bre", "pic")
    assert one("A Bre-Eng-Pic", position=_BRE_AND_ENG).canonical == "A bre - pic via convoy"
    # a convoy or a support naming that route: its last step
    assert one("F Eng C A Bre-Eng-Pic", "england", _BRE_AND_ENG).order == Convoy(
        "eng", "bre", "pic"
    )
    # the route named after "via", as some players write it
    for text in ("A Bre - Pic via Eng", "A Bre to Pic via the English Channel"):
        assert one(text, position=_BRE_AND_ENG).order == Move("bre", "pic", True)
    # and in brackets
    for text in ("A Bre-Pic (via convoy)", "A Bre - Pic (by convoy)", "A Bre - Pic (via Eng)"):
        assert one(text, position=_BRE_AND_ENG).order == Move("bre", "pic", True)
    assert one("A Bre - Pic via Xyz", position=_BRE_AND_ENG).message == (
        "A Bre - Pic via Xyz: expected 'convoy' after 'via'"
    )
    # the word as the player wrote it ("by", read as "via")
    assert one("A Bre - Pic by boat", position=_BRE_AND_ENG).message == (
        "A Bre - Pic by boat: expected 'convoy' after 'by'"
    )


@pytest.mark.parametrize(
    "text", ["A Bre-Pic (convoy)", "A Bre - Pic by sea", "A Bre-Pic (by sea)", "A Bre-Pic BY SEA"]
)
def test_a_convoy_asked_in_players_words(text: str) -> None:
    """Players from njudge write a move by convoy as "(convoy)" or "by sea"; both were
    refused ("did not understand '( convoy )'", "expected 'convoy' after 'via'")."""
    assert one(text, position=_BRE_AND_ENG).order == Move("bre", "pic", True)


_BRE_AND_ENG = {
    "phase": "S1901M",
    "units": [
        {"power": "france", "type": "A", "province": "bre"},
        {"power": "england", "type": "F", "province": "eng"},
    ],
}


def test_a_name_may_follow_the_article() -> None:
    # "Fleet Brest to the English Channel", as players write in prose
    assert one("F Brest to the English Channel").order == Move("bre", "eng")
    assert one("F Bre - The English Channel").order == Move("bre", "eng")
    assert one("F Bre-the Channel").order == Move("bre", "eng")
    assert one("A Mar S A Par to the Burgundy").order == SupportMove("mar", "par", "bur")
    # the article alone is no place, and is named so
    assert one("A Par - the").message.startswith("A Par - the: 'the' is not a province")


def test_the_verb_may_come_first() -> None:
    assert one("Move A Par to Bur").order == Move("par", "bur")
    assert one("Move Par - Bur").order == Move("par", "bur")
    assert one("Hold A Par").order == Hold("par")
    retreat = {
        "phase": "F1901R",
        "units": [{"power": "germany", "type": "A", "province": "bur"}],
        "dislodged": [
            {"power": "france", "type": "A", "province": "bur", "retreat_options": ["gas"]}
        ],
    }
    assert one("Retreat A Bur to Gas", position=retreat).order == Retreat("bur", "gas")
    # njudge's R before the unit; without the place to go, refused (never a disband)
    assert one("R A Bur - Gas", position=retreat).order == Retreat("bur", "gas")
    assert one("R A Bur", position=retreat).message == (
        "R A Bur: expected a destination after R (<unit> <province> R <province>; D disbands)"
    )
    assert one("A Bur R", position=retreat).message.startswith("A Bur R: expected a destination")
    # without a unit after it, the word is named as before
    assert one("moves to Venice").message == (
        "moves to Venice: expected a unit's province, found 'moves'"
    )


def test_supports_in_the_words_players_write() -> None:
    assert one("A Mar supports A Par into Bur").order == SupportMove("mar", "par", "bur")
    assert one("A Mar supp A Par-Bur").order == SupportMove("mar", "par", "bur")
    # a supported hold said in words or in brackets
    for text in ("A Par S F Bre holding", "A Par S F Bre (hold)", "A Par S F Bre (H)"):
        assert one(text).order == engine_orders.SupportHold("par", "bre"), text


def test_webdiplomacys_wording() -> None:
    """The order texts webDiplomacy shows its players ("The army at Marseilles support
    move to Burgundy from Paris"), the move before the unit that makes it."""
    assert one("The army at Paris move to Burgundy.").order == Move("par", "bur")
    assert one("The army at Marseilles support move to Burgundy from Paris").order == (
        SupportMove("mar", "par", "bur")
    )
    assert one("The army at Paris support hold to Brest").order == engine_orders.SupportHold(
        "par", "bre"
    )
    england = {
        "phase": "S1901M",
        "units": [
            {"power": "england", "type": "F", "province": "nth"},
            {"power": "england", "type": "A", "province": "lon"},
        ],
    }
    assert one("The fleet at North Sea convoy to Norway from London", "england", england).order == (
        Convoy("nth", "lon", "nwy")
    )
    assert one("Destroy the army at Ruhr", "germany", WINTER).order == Disband("ruh")
    # a broken support is named as before
    assert one("A Mar S - Bur").message == "A Mar S - Bur: expected the supported unit, found '-'"


def test_njudge_convoy_words() -> None:
    # njudge's po_get.c reads "transports" and "transport" as "convoys" (and "t", which
    # is left to unit types here: a variant may have one written T)
    position = {
        "phase": "S1901M",
        "units": [
            {"power": "england", "type": "F", "province": "eng"},
            {"power": "england", "type": "A", "province": "lon"},
        ],
    }
    for text in ("F Eng transports A Lon - Bre", "F Eng transport A Lon - Bre"):
        assert one(text, "england", position).order == Convoy("eng", "lon", "bre"), text


def test_a_typo_after_a_hyphen_names_the_wrong_word() -> None:
    # "Bud-Srb" is Budapest, a move, and a word that is no province: name that word
    assert one("A Bud-Srb", "austria").message == (
        "A Bud-Srb: 'Srb' is not a province (did you mean Serbia (Ser)?)"
    )
    assert one("A Bud-Ser", "austria").ok  # both names: a move, as before
    # njudge's compact form with the typo first: the word before the province is named,
    # and two letters swapped find the name they stand for (not Smyrna, which holds them)
    assert one("A Mra-Spa", "france").message == (
        "A Mra-Spa: 'Mra' is not a province (did you mean Marseilles (Mar)?)"
    )
    assert one("F Mdi-Atlantic - Bre", "france").message == (
        "F Mdi-Atlantic - Bre: 'Mdi-Atlantic' is not a province "
        "(did you mean Mid-Atlantic Ocean (Mao)?)"
    )
    # a hyphenated name mistyped in its second part, whose first part is a name of
    # its own ("mid"): the whole word and the name meant, not "'Atlantsc' is not a
    # province (did you mean Albania (Alb)?)"
    assert one("F Mid-Atlantsc - Bre", "france").message == (
        "F Mid-Atlantsc - Bre: 'Mid-Atlantsc' is not a province "
        "(did you mean Mid-Atlantic Ocean (Mao)?)"
    )
    assert one("F Tri - mid-atlantic", "austria").message == (
        "F Tri - mid-atlantic: Trieste and Mid-Atlantic Ocean are not neighbours"
    )
    # a hyphenated name after a hyphen is one name; two names joined are two
    assert one("F Bre-Mid-Atlantic").order == Move("bre", "mao")


# Winter 1901: France has two builds (six centres, four units), Germany one removal
# (three centres, four units), Italy neither (three and three).
WINTER = {
    "phase": "W1901A",
    "units": [
        {"power": "france", "type": "A", "province": "bel"},
        {"power": "france", "type": "A", "province": "por"},
        {"power": "france", "type": "F", "province": "mao"},
        {"power": "france", "type": "A", "province": "spa"},
        {"power": "germany", "type": "A", "province": "ber"},
        {"power": "germany", "type": "A", "province": "mun"},
        {"power": "germany", "type": "F", "province": "kie"},
        {"power": "germany", "type": "A", "province": "ruh"},
        {"power": "italy", "type": "A", "province": "ven"},
        {"power": "italy", "type": "A", "province": "rom"},
        {"power": "italy", "type": "F", "province": "nap"},
    ],
    "supply_centers": {
        "france": ["bel", "bre", "mar", "por", "par", "spa"],
        "germany": ["ber", "kie", "mun"],
        "italy": ["ven", "rom", "nap"],
    },
}


def test_a_removal_is_refused_when_a_build_is_owed() -> None:
    check = one("Remove A Bel", position=WINTER)
    assert not check.ok
    assert check.message == (
        "Remove A Bel: you have more supply centres than units: "
        "you may build 2 units (or waive), not remove one"
    )
    assert not one("A Bel D", position=WINTER).ok


def test_a_build_is_refused_when_removals_are_owed() -> None:
    fewer = [u for u in WINTER["units"] if u["province"] not in ("ber", "ruh")]
    check = one("Build A Ber", "germany", position=dict(WINTER, units=fewer))
    assert check.ok, check.message  # with two units Germany may build one
    check = one("Build A Ber", "germany", position=WINTER)
    assert check.message == (
        "Build A Ber: you have more units than supply centres: you must remove 1 unit, not build"
    )
    assert one("Waive", "germany", position=WINTER).message == (
        "Waive: you have more units than supply centres: you must remove 1 unit, not build"
    )


def test_a_unit_alone_is_a_build_or_a_removal_in_winter() -> None:
    """njudge's adjustment grammar (``st_build.c``: ``{<order>} <type> <province>``):
    without its order word, a unit is a build when the power may build, a removal
    when it must remove."""
    assert one("A Par", position=WINTER).order == Build("par", UnitType.ARMY, "france")
    assert one("F Bre", position=WINTER).canonical == "Build F bre"
    assert one("A Ruh", "germany", position=WINTER).order == Disband("ruh")
    assert one("A Ven", "italy", position=WINTER).message == (
        "A Ven: you have as many units as supply centres: no builds or removals"
    )
    # a written hold is no adjustment: refused as before
    assert one("A Ruh H", "germany", position=WINTER).message == (
        "A Ruh H: only builds, removals and waives are possible in an adjustment phase"
    )
    checks = check_orders(WINTER, "france", ["Builds: A Par, F Bre"])
    assert [c.canonical for c in checks] == ["Build A par", "Build F bre"]
    # njudge's own word for a removal (po_get.c: "debuild")
    assert one("Debuild A Ruh", "germany", position=WINTER).order == Disband("ruh")


def test_njudges_r_before_a_unit_is_a_removal_in_winter() -> None:
    """njudge's adjustment words (po_get.c ``get_order``: ``r#`` is a removal): ``R A
    Ruh`` was read as a retreat without its destination, and ``R Ruh`` passed over as
    a greeting ("ignored: not an order")."""
    assert one("R A Ruh", "germany", position=WINTER).order == Disband("ruh")
    assert one("R Ruhr", "germany", position=WINTER).order == Disband("ruh")
    assert one("r ruh", "germany", position=WINTER).canonical == "Remove A ruh"
    assert one("R A Bel", position=WINTER).message == (
        "R A Bel: you have more supply centres than units: "
        "you may build 2 units (or waive), not remove one"
    )
    # in a movement phase R is a retreat's word, and wants a destination
    assert one("R Par").message.startswith("R Par: expected a destination after R")


def test_a_waive_of_one_build_in_words() -> None:
    for text in ("Waive", "waive build", "Waive 1", "Waive a build", "waive one build"):
        assert one(text, position=WINTER).order == Waive("france"), text
    assert one("Waive 2", position=WINTER).message == (
        "Waive 2: a 'waive' waives one build: write WAIVE on 2 lines, one for each build"
    )
    for text in ("No builds", "NO BUILD"):  # njudge has no such order either
        assert one(text, position=WINTER).message == (
            f"{text}: not an order: write WAIVE on a line of its own for each build you do "
            "not make (builds not ordered by the deadline are waived too)"
        )
    assert one("Waive builds", position=WINTER).message == (
        "Waive builds: 'waive' takes nothing after it"
    )


@pytest.mark.parametrize("text", ["Build waive", "BUILD WAIVE", "B WAIVE", "build waived"])
def test_a_build_waive_is_refused_with_the_form_njudge_reads(text) -> None:
    """njudge reads a waive as WAIVE alone (data/syntax: <waive> = "w", "waive"; its
    build word takes a unit type and a province), so "Build waive" is not read; it
    was refused "expected a unit's province, found 'waive'", now with the form."""
    assert one(text, position=WINTER).message == (
        f"{text}: a build is waived by WAIVE alone: write WAIVE (once per build)"
    )


@pytest.mark.parametrize(
    "text",
    [
        "I want my army in Paris to go to Burgundy",
        "my army in Paris moves to Burgundy",
        "Please move the fleet in Brest to the English Channel",
    ],
)
def test_prose_is_refused_with_the_forms_to_write(text) -> None:
    """A sentence is no order and none is guessed from it; the refusal was "'I' is not
    a province (did you mean Ionian Sea ...)", now it shows the forms."""
    check = one(text)
    assert not check.ok and check.order is None
    assert check.message == (
        f"{text}: not read as an order: an order begins with the unit (A for an army, F"
        " for a fleet) and its province, then what it does: <unit> <province> -"
        " <province> (move); <unit> <province> H (hold); HELP lists your game's orders"
        " with examples"
    )


@pytest.mark.parametrize(("text", "unit"), [("+ A War", "A War"), ("-F Bre", "F Bre")])
def test_a_signed_build_or_removal_is_refused_with_the_words_to_write(text, unit) -> None:
    """DPjudge's ``+``/``-`` for a build or a removal is not read here (docs/mail.md:
    "read as written, and refused with its reason"); the reason was "expected a
    unit's province, found '+'", now it gives the words njudge reads."""
    sign = text[0]
    assert one(text, position=WINTER).message == (
        f"{text}: '{sign}' is not read as a build or a removal: write Build {unit} or Remove {unit}"
    )


def test_a_typo_in_the_first_province_keeps_its_hint() -> None:
    assert (
        one("Pari - Bur").message
        == "Pari - Bur: 'Pari' is not a province (did you mean Paris (Par)?)"
    )
    assert one("the army in Paris moves to Burgundy").order == Move("par", "bur")


def test_no_adjustment_when_units_match_centres() -> None:
    assert one("Remove A Ven", "italy", position=WINTER).message == (
        "Remove A Ven: you have as many units as supply centres: no builds or removals"
    )
    assert one("Waive", "italy", position=WINTER).message == (
        "Waive: you have as many units as supply centres: no builds or removals"
    )


def test_a_comma_inside_a_place_s_brackets_separates_no_orders():
    """``Munich (timeline 1, Spring 1901)`` (a place as multiverse reports write it)
    stays one place; commas between orders, and inside brackets around a whole part,
    still separate."""
    from judge.orders.text import split_orders

    assert split_orders("A Mun (timeline 1, Spring 1901) - Tyr, A Ber H") == [
        "A Mun (timeline 1, Spring 1901) - Tyr",
        "A Ber H",
    ]
    assert split_orders("F Spa(nc), A Par H; A Mar H") == ["F Spa(nc)", "A Par H", "A Mar H"]
    assert split_orders("(A Par-Bur, A Mar-Spa)") == ["(A Par-Bur", "A Mar-Spa)"]


def test_a_semicolon_inside_a_heading_s_brackets_separates_nothing():
    """The multiverse reports' board heading, copied back, stays one line to refuse."""
    from judge.orders.text import split_orders

    heading = "Board 2:F1901 (Timeline 2, Fall of 1901; active):"
    assert split_orders(heading) == [heading]
    assert split_orders("A Par H; A Mar H") == ["A Par H", "A Mar H"]


def test_a_support_or_convoy_first_names_its_unit_after_with() -> None:
    """ "support Paris into Burgundy with Marseilles", as a newcomer writes it: the verb
    first, the unit that gives it last. It was refused ("expected a unit's province,
    found 'support'"); it is Marseilles's support, never a misread."""
    assert one("support Paris into Burgundy with Marseilles").order == SupportMove(
        "mar", "par", "bur"
    )
    assert one("Support A Par - Bur with A Mar").order == SupportMove("mar", "par", "bur")
    fleet = {
        "phase": "S1901M",
        "units": [
            {"power": "france", "type": "F", "province": "eng"},
            {"power": "france", "type": "A", "province": "pic"},
        ],
    }
    assert one("convoy Picardy to London with the English Channel", position=fleet).order == (
        Convoy("eng", "pic", "lon")
    )
    assert "with" in one("support Paris into Burgundy with").message


def test_a_unit_that_stays_holds() -> None:
    """ "Marseilles stays" (a newcomer's hold) was passed over as a greeting and
    "A Mar stay" refused ("did not understand 'stay'"): both are holds, as "stands"."""
    assert one("Marseilles stays").order == Hold("mar")
    assert one("A Mar stay").order == Hold("mar")


@pytest.mark.parametrize(
    ("text", "place", "dest"),
    [
        ("Fleet Mid-Atlantic Ocean-North Atlantic Ocean", "mao", "nao"),
        ("F Irish Sea-English Channel", "iri", "eng"),
        ("F irish sea\u2013ENGLISH CHANNEL", "iri", "eng"),
        ("F North Sea-Norwegian Sea", "nth", "nwg"),
    ],
)
def test_a_dash_without_spaces_between_names_of_several_words(text, place, dest) -> None:
    """``Irish Sea-English Channel``: 'sea-english' was one word and the order was
    refused ("did not understand 'sea-english CHANNEL'"); a text refused as written is
    read again with its hyphenated words that are no names taken apart."""
    parsed = parse_order(load_variant("standard"), text)
    assert (parsed.action, parsed.place.province, parsed.dest.province) == ("move", place, dest)


@pytest.mark.parametrize(
    ("text", "fix"), [("A-Par-Bur", "A Par"), ("F-Bre - Mid", "F Bre"), ("A-Par H", "A Par")]
)
def test_a_unit_letter_joined_to_its_place_is_named(text: str, fix: str) -> None:
    """ "A-Par-Bur" (the space after the unit's letter typed as a hyphen) was refused
    "expected a unit's province, found 'A'": the reason now says what to write."""
    check = one(text)
    assert not check.ok
    assert check.message == (
        f"{text}: write a space, not '-', between the unit and its place: {fix}"
    )
