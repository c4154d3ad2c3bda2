"""Issue 25.1: which lines of a mail the order reader of each ruleset takes for an
attempt at an order (read, and refused with a reason when wrong) and which it
passes over as greetings and sign-offs."""

from __future__ import annotations

import pytest

from judge.rules.registry import ruleset_for
from tests.commands.helpers import reply_to_orders

SIGN_OFFS = [
    "Thanks!",
    "Cheers, Alice",
    "Thanks, Bob",
    "Hi all",
    "Best regards,",
    "Bob",
    "-Bob",
    "Bob (France)",
    "Sent from my iPhone",
    "Get Outlook for Android",
    "Envoyé de mon iPhone",
    "Greetings from Bob",
    "Thanks a lot",
    "Have a nice day",
    "Per",
    "Sin",
    "Vienna, Austria",
    "See you at 12:30",
    # a sign between names (was refused: "Cheers - Alice" was taken for a garbled
    # move, flagging a mail of good orders)
    "Thanks, Ann",
    "See you",
    "Cheers - Tom",
    "Cheers - Alice",
    "Sent from Mail for Windows",  # Colonial: "Mail" is a letter off "rail", "For" a place
    "Best wishes",
    "Kind regards",
    "Merci beaucoup",
    "Talk soon, Mike",
    "Best - Tom",  # "Best" is "Brest" without its r: a dropped letter, beside a name
    # a name and an initial: a letter changed in a word of four letters makes names
    # (Rome's "Rose") and words too often to be taken for a slip
    "Rose H",
    "Eats shoots and leaves",  # Colonial: "east" with two letters swapped
    "Cheers, Jean-Luc",  # Colonial: a hyphenated name, "Luc" a province: no move
    # a sign-off opened by "A" (French, Italian), the words after it in lower case and
    # none part of an order: the article, not an army (each was refused)
    "A bientot",
    "A bient\u00f4t",
    "A demain",
    "A plus",
    "A presto",
    "A domani",
    "A la prochaine",
]
# A name and an initial: Bob is no place but on Colonial's map (Bobruisk), where
# "Bob H" is an order.
SIGN_OFFS_OFF_COLONIAL = ["Bob H", "Bob - Ann", "Ned H", "Tom H"]
ATTEMPTS = {
    ("standard", "standard"): [
        "A Vie-Gal",
        "a vie-gal",
        "A Bud-Srb",
        "A Veinna-Galizia",
        "Amry Vienna - Galicia",
        "Vienna Galicia",
        "Vie H",
        "A Bud S A Vie-Gal",
        "F Tri-Alb, thanks",
        "Build A Vie",
        "Waive",
        "Fleet North Sea convoys Army London to Belgium",
        "Xyz - Gal",  # a sign before a place
        "A pari",  # an army, then a place cut short
        "A Xyzzy",  # an army, then a word with a capital as a place is written
        "a brs",  # an army, then a code with a letter changed
        # an order read whole, with an order's word after a place and its coast
        # (passed over before: a build, a disband or a hold lost)
        "Spain south coast B",
        "stp/sc H",
        "Spa (sc) D",
        "R F Bre",  # an order's letter and a unit
        # an order's first word with two letters swapped (passed over: orders lost)
        "Pra H",
        "Pra-Bru",
        "Pra - Bru",
        "Buidl A Par",
        "wiave",
        "Prais S A Mar - Bur",
    ],
    ("colonial", "standard"): ["A Mos-TSR-Vla", "A Mos via TSR to Oms", "Bob - Mos"],
    ("rootz", "standard"): ["A Mar1 - Pie2", "Mar1 to Pie2", "A Marseilles 1 - Piedmont 1"],
    ("outerspace", "standard"): ["A ORB H", "ORB H", "F ORB - Lon", "A Par COL", "Orbit holds"],
    ("standard", "multiverse"): ["1:mun:S1901 H", "alfa:MUN:Spring01 H", "2:par", "A Ber-Kie"],
}


@pytest.mark.parametrize("rules", sorted(ATTEMPTS))
def test_greetings_and_sign_offs_are_no_order_attempt(rules: tuple[str, str]) -> None:
    variant, layer = rules
    ruleset = ruleset_for(variant, layer)
    lines = SIGN_OFFS + (SIGN_OFFS_OFF_COLONIAL if variant != "colonial" else [])
    taken = [line for line in lines if ruleset.order_attempt(variant, line)]
    assert taken == []


@pytest.mark.parametrize("rules", sorted(ATTEMPTS))
def test_each_rulesets_own_order_forms_are_attempts(rules: tuple[str, str]) -> None:
    variant, layer = rules
    ruleset = ruleset_for(variant, layer)
    missed = [line for line in ATTEMPTS[rules] if not ruleset.order_attempt(variant, line)]
    assert missed == []


# Orders with one letter slipped, from whole games played by mail with typos (each
# was passed over as a greeting, the unit left without its order and no reason given).
SLIPPED = {
    ("standard", "standard"): [
        "buigundy h",
        "St Petursburg H",
        "liverporl m Iri",
        "kiel strnds",
        "Paris hodl",
        "Disoand MAO",
        "remote a RUM",
        "EDINBURtH\u2013NORTH SEA",  # a dash between names, no spaces, one slipped
        # a slip in a line of three words or more (passed over as greetings)
        "Kiel hodl please",
        "Please Kiel hodl",
        "Ankara hodl please thanks",
        # two slips in a long name
        "Brugnudy H",
        "Burgnduy H",
        # a build or removal whose word is one letter off, then a unit and a place
        # (a letter dropped from a word of five: passed over, the build lost)
        "buil A Lon",
        "Buld F Kie",
        "Remoe A Mun",
    ],
    ("standard", "multiverse"): [
        "buil A 6:lon:W1901",
        "1: buld A rom",  # after the timeline in front
        "buil A 6 : lon : Winter 1901",  # a location written with spaces
        "A 1 : pra : Spring 1901 H",
        "wiave 1:W1901",  # a waive naming its board
        "waiv alfa:Spring02",
    ],
    ("rootz", "standard"): [
        "Smylna 1 h",
        "remoee PIE1",
        "KIEL 1-BERiIN 1",
        "rome 2\u2013asulia 2",
        # a name written with hyphens, one letter slipped; a courtesy after a slip
        "Mid-Atlantsc-Ocean 1 H",
        "F Bre1 - Mid-Atlantic-Ocaen-1",
        "Kiel 1 hodl please",
    ],
    ("colonial", "standard"): ["knushu-East China Sea", "PORT ARTHUR\u2013munchuria"],
}


@pytest.mark.parametrize("rules", sorted(SLIPPED))
def test_an_order_with_one_letter_slipped_is_an_attempt(rules: tuple[str, str]) -> None:
    variant, layer = rules
    ruleset = ruleset_for(variant, layer)
    missed = [line for line in SLIPPED[rules] if not ruleset.order_attempt(variant, line)]
    assert missed == []


def test_a_slipped_order_in_a_mail_is_refused_with_the_name_meant(tmp_path) -> None:
    _subject, reply = reply_to_orders(tmp_path, "Burgundi H\nParis hodl\nThanks!")
    assert "Refused: Burgundi H: 'Burgundi' is not a province (did you mean Burgundy" in reply
    assert "Refused: Paris hodl: did not understand 'hodl' (did you mean 'hold'?)" in reply
    assert "> Thanks!\n  ignored: not an order" in reply


def test_a_slip_in_a_longer_line_is_refused_and_a_name_with_an_initial_is_not(tmp_path) -> None:
    """By mail: 'Kiel hodl please' and 'Brugnudy H' were passed over as greetings (a
    four-letter slip was looked for only in lines of two words, and two slips in
    none); 'Rose H', a name and an initial, was refused as Rome mistyped."""
    lines = "Kiel hodl please\nBrugnudy H\nRose H\nTalk soon, Mike\nA Par H"
    _subject, reply = reply_to_orders(tmp_path, lines)
    assert "Refused: Kiel hodl please: did not understand 'hodl'" in reply
    assert "Refused: Brugnudy H: 'Brugnudy' is not a province (did you mean Burgundy" in reply
    assert "> Rose H\n  ignored: not an order" in reply
    assert "> Talk soon, Mike\n  ignored: not an order" in reply


def test_a_support_whose_unit_is_one_letter_off_is_refused(tmp_path) -> None:
    """By mail: 'Pari S Mar' and 'Bres S Par' (a letter dropped from Paris, Brest, the
    support's unit) were passed over as greetings, the support lost without a word: a
    support or convoy names a place after its word, so the word before it is a place
    mistyped (while 'Rose H', a name and an initial, stays a greeting)."""
    lines = "Pari S Mar\nBres S Par\nMars S Pari - Bur\nRose H\nCheers, Ann S."
    _subject, reply = reply_to_orders(tmp_path, lines)
    assert "Refused: Pari S Mar: 'Pari' is not a province (did you mean Paris" in reply
    assert "Refused: Bres S Par: 'Bres' is not a province (did you mean Brest" in reply
    assert "Refused: Mars S Pari - Bur: 'Pari' is not a province" in reply
    assert "> Rose H\n  ignored: not an order" in reply
    assert "> Cheers, Ann S.\n  ignored: not an order" in reply


def test_an_order_word_one_letter_off_is_refused_with_the_word_meant(tmp_path) -> None:
    """By mail (slips49's probe of every order shape, a word mistyped once): 'Wive',
    'Waie', 'Wuive' (Waive with a letter dropped or changed) and 'Bild A Par', 'uild
    A Par' (Build) were passed over as greetings, the waive or build lost without a
    word; only two letters swapped ('wiave', 'Buidl') were refused.  A letter off an
    order word of its own kind is refused with the word meant before a unit and a
    place, and alone when a letter is dropped, or changed or added within the word
    ('Waived', 'Built' alone are words)."""
    lines = "Wive\nWaie\nWuive\nBild A Par\nuild F Bre\nRose H\nCheers - Tom\nWaived\nBuilt"
    _subject, reply = reply_to_orders(tmp_path, lines)
    assert "> Waived\n  ignored: not an order" in reply
    assert "> Built\n  ignored: not an order" in reply
    for word, meant in (("Wive", "Waive"), ("Waie", "Waive"), ("Wuive", "Waive")):
        assert f"Refused: {word}: '{word}' is not an order word (did you mean {meant}?)" in reply
    assert "Refused: Bild A Par: 'Bild' is not an order word (did you mean Build?)" in reply
    assert "Refused: uild F Bre: 'uild' is not an order word (did you mean Build?)" in reply
    assert "> Rose H\n  ignored: not an order" in reply
    assert "> Cheers - Tom\n  ignored: not an order" in reply


# Orders with one letter off in one word, from slips49's probe of every order shape
# sent by mail: each was passed over as a greeting, the unit's order lost.
OFF_BY_A_LETTER = {
    ("standard", "standard"): [
        "Bild A Par",  # an order word of its own kind, a letter dropped
        "Wive",
        "Waie",
        "Marseilles hld",  # a place, then an order word a letter off
        "Marseilles hjold",
        "Paris suport",
        "Pay R Gas",  # a retreat's unit a letter off, a place after its word
        "Pa R Gas",
    ],
    ("colonial", "standard"): [
        "Hong Kng H",  # a name of two words, one a letter off
        "Bong Kong H",
        "Hogn Kong H",
        "gMos R Prm",
    ],
    ("rootz", "standard"): [
        "Paris 1 hols",
        "uild A Par1",
        "Waie",
        "1A(Par) H",  # a unit's label (rule 2.1) mistyped
        "1qFA(Par) H",
        "1FA(ar) S 1FA(Par)",
        "Pat1 H",  # a code and a board's digit, a letter off (read below '--' only)
        "Pr1 H",
    ],
    ("outerspace", "standard"): ["Buld A Par", "Waiv"],
}

# Words a letter off an order word of their own kind, alone on a line: words.
WORDS_NEAR_ORDER_WORDS = ["Waived", "Waiver", "Built", "Guild", "Rebuild", "Removed"]


def test_a_word_near_an_order_word_alone_is_no_order() -> None:
    ruleset = ruleset_for("standard")
    taken = [w for w in WORDS_NEAR_ORDER_WORDS if ruleset.order_attempt("standard", w)]
    assert taken == []


@pytest.mark.parametrize("rules", sorted(OFF_BY_A_LETTER))
def test_an_order_with_a_word_a_letter_off_is_an_attempt_above_and_below_a_signature(
    rules: tuple[str, str],
) -> None:
    variant, layer = rules
    ruleset = ruleset_for(variant, layer)
    lines = OFF_BY_A_LETTER[rules]
    assert [line for line in lines if not ruleset.order_attempt(variant, line)] == []
    assert [line for line in lines if not ruleset.order_shaped(variant, line)] == []


@pytest.mark.parametrize("variant", ["standard", "colonial", "rootz", "outerspace"])
def test_names_and_words_near_orders_stay_sign_offs(variant: str) -> None:
    """Signatures beside the slips above: a letter changed in a word of four letters
    ('Paris love', 'move'), a name and an initial, a numbered aside."""
    ruleset = ruleset_for(variant)
    lines = ["Paris love", "Rose H", "Bob R Smith", "Cheers - Tom", "1st (ok)"]
    assert [line for line in lines if not ruleset.order_shaped(variant, line)] == lines


def test_a_support_or_convoy_whose_letter_is_a_units_is_refused_not_split(tmp_path) -> None:
    """By mail (slips49's probe): 'F Bre A Par - Pic' (the convoy's C typed as A) and
    'Mar F Par - Bur' (the support's S as F) were accepted as two orders, a hold and a
    move, the convoy and the support lost without a word.  A unit alone is no order
    of a line taken apart; orders written one after another still are."""
    lines = "F Bre A Par - Pic\nMar F Par - Bur\nA Par-Bur A Mar-Spa"
    _subject, reply = reply_to_orders(tmp_path, lines)
    assert "Refused: F Bre A Par - Pic: did not understand 'A'" in reply
    assert "Refused: Mar F Par - Bur: did not understand 'F'" in reply
    assert "Accepted: F bre H" not in reply
    assert "> A Par-Bur A Mar-Spa\n  Accepted: A par - bur\n  Accepted: A mar - spa" in reply


def test_a_route_through_a_land_province_is_refused(tmp_path) -> None:
    """By mail: 'A Mar M Par - Bur' ('M' is a move's word: Marseilles to Paris, then
    to Burgundy) was accepted as 'A mar - bur via convoy', a route of convoys through
    inland Paris.  A route names the seas an army is carried over; a place of it that
    no fleet can convoy from is refused, named.  njudge's 'A Lon-Nth-Nwy' still reads."""
    lines = "A Mar M Par - Bur\nMar M Par - Bur\nA Mar - Gol - Pie\nF Bre - Mao - Pic"
    _subject, reply = reply_to_orders(tmp_path, lines)
    for line in ("A Mar M Par - Bur", "Mar M Par - Bur"):
        assert f"Refused: {line}: Paris is no sea: a convoy's route goes by sea only" in reply
    assert "Accepted: A mar - bur" not in reply
    assert "Accepted: A mar - pie via convoy" in reply


def test_a_route_of_seas_still_reads(tmp_path) -> None:
    """njudge's form of a convoyed move, the army naming the seas it crosses."""
    units = [("A", "lon"), ("F", "nth")]
    position = {
        "variant": "standard",
        "phase": "S1901M",
        "units": [{"power": "france", "type": t, "province": p} for t, p in units],
    }
    _subject, reply = reply_to_orders(tmp_path, "A Lon-Nth-Nwy\nF Nth C A Lon-Nth-Nwy", position)
    assert "Accepted: A lon - nwy via convoy" in reply
    assert "Refused" not in reply


def test_a_place_alone_after_a_separator_is_refused_with_the_line(tmp_path) -> None:
    """By mail: 'A Mar, Par' was read as two holds, though 'Par' alone on its line is
    no order (passed over) and the player may have meant 'A Mar - Par'; the line is
    refused whole, naming both readings.  Orders with their words still part."""
    lines = "A Mar, Par\nA Mar H; A Par H\nF Bre H, thanks"
    _subject, reply = reply_to_orders(tmp_path, lines)
    assert (
        "Refused: A Mar, Par: 'Par' alone is no order: write its order (Par H),"
        " or '-' for a move (A Mar - Par)" in reply
    )
    assert "> A Mar H; A Par H\n  Accepted: A mar H\n  Accepted: A par H" in reply
    assert "> F Bre H, thanks\n  Accepted: F bre H" in reply


def test_a_line_near_an_order_among_orders_is_refused_with_the_word_meant(tmp_path) -> None:
    """By mail: 'Pari H', 'Roma H', 'Bres H' (a place cut short or a letter off),
    'Kiel holt', 'Pr H', 'Mgs H' (a code a letter off), 'Jaive', 'Waivz' and 'Par N'
    were passed over as greetings, the unit holding without a word.  Standing among
    orders, such a line is an order mistyped; the same shapes after the last order
    ('Rose H', 'Tom H') are a signature's, and stay so."""
    slips = ["Pari H", "Roma H", "Bres H", "Kiel holt", "Pr H", "Mgs H", "Jaive", "Waivz", "Par N"]
    lines = "\n".join(["Hi all", "A Mar H", *slips, "F Bre H", "Rose H", "Tom H", "Jo - Ann"])
    _subject, reply = reply_to_orders(tmp_path, lines)
    for slip in slips:
        assert f"> {slip}\n  *** Refused: {slip}: " in reply
    for meant in ("Paris (Par)", "Rome (Rom)", "Brest (Bre)", "Prussia (Pru)", "Moscow (Mos)"):
        assert f"(did you mean {meant}" in reply or f"or {meant}" in reply
    assert "Refused: Kiel holt: did not understand 'holt' (did you mean 'hold'?)" in reply
    assert "Refused: Jaive: 'Jaive' is not an order word (did you mean Waive?)" in reply
    assert (
        "Refused: Par N: did not understand 'N' (an order's letter after a unit is one of" in reply
    )
    for line in ("Hi all", "Rose H", "Tom H", "Jo - Ann"):
        assert f"> {line}\n  ignored: not an order" in reply


def test_a_line_near_an_order_apart_from_orders_stays_a_sign_off(tmp_path) -> None:
    """Under the last order, above the first or with a blank line between, a name
    and an initial is a signature's or a greeting's ('Rob H' below '--' too)."""
    lines = "Rose H\nA Mar H\n\nTom H\nF Bre H\nRob H\n--\nRob H\nEd H"
    _subject, reply = reply_to_orders(tmp_path, lines)
    assert "Refused" not in reply
    assert reply.count("ignored: not an order") == 3


def test_a_fleets_move_by_convoy_is_refused(tmp_path) -> None:
    """By mail: 'F Bre - Mao - Pic' (a route written for a fleet) was accepted as
    'F bre - pic via convoy', and the fleet sailed from Brest to Picardy: no fleet is
    carried by convoy, so a route or 'via convoy' for one is refused, saying so."""
    lines = "F Bre - Mao - Pic\nF Bre - Pic via convoy\nF Bre - Pic"
    _subject, reply = reply_to_orders(tmp_path, lines)
    for line in ("F Bre - Mao - Pic", "F Bre - Pic via convoy"):
        assert f"Refused: {line}: a fleet is not carried by convoy" in reply
    assert "> F Bre - Pic\n  Accepted: F bre - pic\n" in reply


# Prose that opens with an order's word: nothing after the word could be part of an
# order (no place or place mistyped, unit, coast, number, location).  Each was taken
# for an attempt and refused, flagging a mail of good orders with an error.
PROSE_OPENED_BY_ORDER_WORDS = [
    "Hold on, orders below.",
    "Hold tight everyone",
    "Support me and I will support you",
    "Move fast!",
    "Build trust first",
    "Convoy rules are confusing",
    "Retreat is not an option",
    "Disband the alliance? never",
    "Hold on, I forgot:",
    "Hold your horses",  # "your": York's code with a letter added, a word
    "Remove me from the list after this game",  # "from": Rome's code and a letter
    "Stay safe",
    "Build a bridge",  # "a" before a long word that is no place: an article
    "Transport me to the weekend",
    # a letter changed in a word of four letters makes words, not places
    "Support from you would help",
    "Build it and they will come",  # "come" beside Rome
    # a word one slip off a place where no place stands: York's "yor" before prose,
    # Wales after "not" (each was refused, naming the place)
    "Support you all the way",
    "Support You All The Way",
    "Build bridges not walls",
    "Support our troops",
    "Retreat and regroup",
]
# Lines opened by an order's word that stay attempts (read, or refused with a reason):
# a place, a place mistyped or cut short, a unit, a coast, or the word alone ("Hold",
# an order without its unit: refused, so the player hears what is missing).
ORDER_WORD_FIRST = {
    ("standard", "standard"): [
        "Hold Paris",
        "Hold A Par",
        "Hold Pari",
        "Support A Par - Bur",
        "Build army Paris",
        "Build A Pari",
        "Build F Stp/sc",
        "Disband F Bre",
        "Disband Bres",
        "Remove A War",
        "Remove Warsw",
        "Retreat A Bur - Gas",
        "Move A Par to Bur",
        "Move Pqr - Xyz",  # a move sign between words written as codes
        "Hold Xyz",  # a word written as a code is
        "Build A Xyzzy",  # a unit's letter as a capital
        "Build a xyz",  # a unit's letter before a code
        "Hold Brugnudy H",
        "Support Pari - Bur",
        "Hold Pari please",
        "Support you - Bur",
        # a place of several words, cut short, or off the map (each word judged
        # among the words of the name it stands in)
        "Hold gulf of lyo",
        "Hold eastern mediterranea",
        "Hold Andaman Sea",
        "Hold Hong Kng",
        "Hold Nrth Sea",
        "Build Pra-Bru",
        "Waive",
        "Waive please",
        "Build",
        "Hold",
        "Hold please",
    ],
    ("colonial", "standard"): ["Hold Moskow", "Build TSR", "Hold Hong Kng", "Hold Bob"],
    ("rootz", "standard"): [
        "Hold Paris",
        "Hold Paris 1",
        "Hold Pat1",
        "Remove A Par1",
        "Hold North Sea",
    ],
    ("outerspace", "standard"): ["Hold orbit", "Hold ROB", "Move A Orbit -> Bur"],
    ("standard", "multiverse"): [
        "Hold 1:mun:S1901",
        "Build A 1:ber:W1901",
        "Waive 1:W1901",
        "Hold alfa:MUN:Spring01",
        "Move A alfa:MUN:Spring01 - alfa:RUH:Spring01",
    ],
}


@pytest.mark.parametrize("rules", sorted(ORDER_WORD_FIRST))
def test_prose_opened_by_an_order_word_is_no_order_attempt(rules: tuple[str, str]) -> None:
    variant, layer = rules
    ruleset = ruleset_for(variant, layer)
    taken = [line for line in PROSE_OPENED_BY_ORDER_WORDS if ruleset.order_attempt(variant, line)]
    # Colonial's map names the Andaman Sea "And": a place, read as one wherever it stands
    with_and = [line for line in PROSE_OPENED_BY_ORDER_WORDS if " and " in line]
    assert taken == (with_and if variant == "colonial" else [])


@pytest.mark.parametrize("rules", sorted(ORDER_WORD_FIRST))
def test_an_order_word_before_part_of_an_order_is_an_attempt(rules: tuple[str, str]) -> None:
    variant, layer = rules
    ruleset = ruleset_for(variant, layer)
    missed = [line for line in ORDER_WORD_FIRST[rules] if not ruleset.order_attempt(variant, line)]
    assert missed == []


def test_prose_opened_by_an_order_word_raises_no_error_flag(tmp_path) -> None:
    """Issue 49: a friendly line in an order mail was refused and flagged the mail."""
    lines = "Hold on, orders below.\nA Par - Bur\nF Bre - Mao\nHold tight everyone\n"
    subject, text = reply_to_orders(tmp_path, lines + "Build trust first\n")
    assert "[Error Flag]" not in subject
    for line in ("Hold on, orders below.", "Hold tight everyone", "Build trust first"):
        assert f"> {line}\n  ignored: not an order" in text
    assert text.count("Accepted") == 2


def test_an_order_word_before_a_place_mistyped_is_still_refused(tmp_path) -> None:
    subject, text = reply_to_orders(tmp_path, "Hold Pari\nBuild A Pari\nHold\n")
    assert subject.startswith("Re: [Error Flag]")
    assert text.count("*** Refused") == 3
    assert "ignored" not in text


def test_an_order_word_before_a_code_with_a_letter_changed_is_still_an_attempt(tmp_path) -> None:
    """Issue 49, after prose49: "hold brs" (Brest's code, a letter changed, in lower
    case) was passed over as prose once an order word followed by no place counted as
    a sentence, so the fleet's hold was lost without a word (it was refused before).
    A word of three letters one letter off a code, right after the order word or a
    unit's type, could be part of an order; prose's short words after them stay prose."""
    ruleset = ruleset_for("standard", "standard")
    for line in ("hold brs", "move brs - pic", "build a brs", "support mar - brx"):
        assert ruleset.order_attempt("standard", line), line
    for line in ("Hold on, orders below", "Move now", "Hold off a while", "Move out"):
        assert not ruleset.order_attempt("standard", line), line
    subject, text = reply_to_orders(tmp_path, "A Par - Bur\nhold brs\n")
    assert subject.startswith("Re: [Error Flag]") and "> hold brs\n  *** Refused" in text


def test_an_order_mistyped_next_to_the_first_or_last_order_is_refused(tmp_path) -> None:
    """By mail: 'Par holt' above the first order and 'Kiel holt' under the last were
    passed over as a greeting and a signature, the units holding without a word
    (only lines among orders were refused).  A place as written, then an order word
    with one slip that keeps its first letter and is not written as a name is
    ('Per Holt'), is an order mistyped next to the orders too; a name and an initial
    there ('Rose H', 'Tom H') stays a signature or a greeting."""
    lines = "Hi all\nPar holt\nA Mar H\nF Bre H\nKiel holt\nRose H\nTom H"
    subject, reply = reply_to_orders(tmp_path, lines)
    assert subject.startswith("Re: [Error Flag]")
    assert "Refused: Par holt: did not understand 'holt' (did you mean 'hold'?)" in reply
    assert "Refused: Kiel holt: did not understand 'holt' (did you mean 'hold'?)" in reply
    for line in ("Hi all", "Rose H", "Tom H"):
        assert f"> {line}\n  ignored: not an order" in reply


# Lines next to the orders that are a name or a sign-off, each near an order.
NAMES_NEXT_TO_ORDERS = ["Rose H", "Tom H", "Rob H", "Anna H", "Per Holt", "Bud Holt", "Jo - Ann"]
# Orders with an order word a letter off, next to the orders, in each game's rules.
SLIPPED_NEXT_TO_ORDERS = {
    ("standard", "standard"): ["Kiel holt", "Bud holt", "Vienna hodl", "North Sea holt"],
    ("colonial", "standard"): ["Ode holt", "Moscow hpld"],
    ("rootz", "standard"): ["Mar1 holt", "Kiel 1 holt"],
    ("outerspace", "standard"): ["Orbit holt", "ORB holt"],
    ("standard", "multiverse"): ["Kiel holt", "1:kie:S1901 holt"],
}


@pytest.mark.parametrize("rules", sorted(SLIPPED_NEXT_TO_ORDERS))
def test_only_an_order_word_slipped_after_a_place_is_near_an_order_after_them(rules) -> None:
    variant, layer = rules
    ruleset = ruleset_for(variant, layer)
    assert _passed_over(ruleset, variant, SLIPPED_NEXT_TO_ORDERS[rules], "below") == []
    taken = [n for n in NAMES_NEXT_TO_ORDERS if ruleset.order_near(variant, n, where="below")]
    assert taken == []


def _passed_over(ruleset, variant: str, lines: list[str], where: str) -> list[str]:
    """The lines that standing ``where`` they do are neither an attempt at an order
    nor near one in ``ruleset``."""
    return [
        line
        for line in lines
        if not ruleset.order_attempt(variant, line)
        and not ruleset.order_near(variant, line, where=where)
    ]


def test_prose_with_a_word_near_a_place_where_none_stands_raises_no_error_flag(tmp_path) -> None:
    """By mail: "Support you all the way" was refused ("you" one letter off York's
    ``yor``) and "Build bridges not walls" refused naming Wales, flagging a mail of
    good orders.  An order's word before a place mistyped is still refused."""
    lines = "Support you all the way\nA Par - Bur\nSupport Pari - Bur\nBuild bridges not walls\n"
    subject, text = reply_to_orders(tmp_path, lines)
    for line in ("Support you all the way", "Build bridges not walls"):
        assert f"> {line}\n  ignored: not an order" in text
    assert "> Support Pari - Bur\n  *** Refused: Support Pari - Bur: " in text
    assert subject.startswith("Re: [Error Flag]") and text.count("*** Refused") == 1


def test_an_order_mistyped_as_the_first_or_last_line_of_a_mail_is_refused(tmp_path) -> None:
    """By mail: 'Pari H' right under the SIGNON, above the first order, and 'Jaive'
    under the last were passed over as a greeting and a signature (only an order word
    slipped after a place as written, 'Par holt', was read there), the army holding
    and the waive lost without a word.  Above the first order a place mistyped and an
    order's letter is read, as a greeting never is one; under the last, an order of
    one word with a letter changed at an end; names and initials there stay."""
    lines = "Pari H\nA Mar H\nF Bre H\nJaive\nRose H\nTom H"
    subject, reply = reply_to_orders(tmp_path, lines)
    assert subject.startswith("Re: [Error Flag]")
    assert "Refused: Pari H: 'Pari' is not a province (did you mean Paris (Par)?)" in reply
    assert "Refused: Jaive: 'Jaive' is not an order word (did you mean Waive?)" in reply
    for line in ("Rose H", "Tom H"):
        assert f"> {line}\n  ignored: not an order" in reply
    _subject, reply = reply_to_orders(tmp_path / "greeted", "Hi Tom\nMnu - Bur\nA Mar H\n")
    assert "> Hi Tom\n  ignored: not an order" in reply
    assert "*** Refused: Mnu - Bur: 'Mnu' is not a province (did you mean" in reply


# Orders mistyped above the first order, a place slipped or cut short, in each
# game's rules (Outer Space's "ROB", Orbit's code with two letters swapped).
SLIPPED_ABOVE_ORDERS = {
    ("standard", "standard"): ["Pari H", "Vien H", "ROB H", "Mnu - Ber", "Berl S", "Jaive"],
    ("colonial", "standard"): ["Mosc H", "MSO H", "Pek - Shx", "Jaive"],
    ("rootz", "standard"): ["Pari1 H", "Adri 1 H", "Mnu1 - Ber1", "Jaive"],
    ("outerspace", "standard"): ["ROB H", "Orbi H", "Pari H", "Jaive"],
    ("standard", "multiverse"): ["Pari H", "Mnu - Ber", "Jaive"],
}
# Greetings above the first order, in several languages: a word near a place, then
# a name, "GM" or a sign ("Hey GM": Helgoland's "hel"; "Iris -": the Irish Sea).
GREETINGS_ABOVE_ORDERS = [
    "Hi Tom", "Hey GM", "Hey Al", "Hola GM", "Hej Hilding", "Ola Hilding", "Hola Inta",
    "Iris -", "Mara -", "Turn 3", "Dear all", "Hallo zusammen", "Bonjour à tous", "Hola",
    "Moin", "Salut!", "Ciao a tutti", "Szia GM", "Bok GM", "Cara GM", "Hei GM", "Privet",
]  # fmt: skip


@pytest.mark.parametrize("rules", sorted(SLIPPED_ABOVE_ORDERS))
def test_a_place_mistyped_then_an_orders_letter_is_near_an_order_above_them(rules) -> None:
    variant, layer = rules
    ruleset = ruleset_for(variant, layer)
    assert _passed_over(ruleset, variant, SLIPPED_ABOVE_ORDERS[rules], "above") == []
    taken = [g for g in GREETINGS_ABOVE_ORDERS if ruleset.order_near(variant, g, where="above")]
    assert taken == []
    names = ["Rose H", "Tom H", "Rob H", "Ed H", "Per Holt", "Jo - Ann", "Cheers - Alice"]
    assert [n for n in names if ruleset.order_near(variant, n, where="above")] == []
    assert ruleset.order_near(variant, "Jaive", where="below")
    words = ["Waite", "Wave", "Waived", "Built", "Guild", "Remote"]
    assert [w for w in words if ruleset.order_near(variant, w, where="below")] == []


# The rule for an order's word and one word a letter off a place's name, nothing
# else ("Build walls"): an order mistyped on a map with that place, refused naming
# it (a build phase's "Build A Wal"); prose where the map has none (Colonial), or
# where the line holds words no order has ("Build bridges not walls").
WITH_WALES = [("standard", "standard"), ("rootz", "standard"), ("outerspace", "standard")]


@pytest.mark.parametrize("rules", [*WITH_WALES, ("standard", "multiverse")])
def test_an_orders_word_and_a_place_a_letter_off_is_an_attempt_where_the_map_has_it(rules):
    """Root Z passed over 'Hold Pari', 'Build Lodnon' and 'Build walls' (its names
    carry a board's number, and a name cut short or slipped without one was not
    looked for), where the standard rules refuse them naming the place."""
    variant, layer = rules
    ruleset = ruleset_for(variant, layer)
    for line in ("Build walls", "Hold Pari", "Build Lodnon", "Support Moskow"):
        assert ruleset.order_attempt(variant, line), line
    for line in ("Build bridges not walls", "Build walls now", "Hold tight everyone"):
        assert not ruleset.order_attempt(variant, line), line
    assert not ruleset_for("colonial").order_attempt("colonial", "Build walls")


def test_an_orders_word_first_and_a_place_mistyped_is_refused_naming_the_place(tmp_path):
    """By mail: 'Hold Pari', 'Hold brs' and 'Retreat Pari - Gas' were refused with
    "expected a unit's province, found 'Hold'", naming no word meant; 'Build walls'
    is refused naming Wales, 'Build bridges not walls' passed over."""
    lines = "A Par H\nHold Pari\nHold brs\nRetreat Pari - Gas\nBuild walls\nBuild bridges not walls"
    _subject, reply = reply_to_orders(tmp_path, lines)
    assert "Refused: Hold Pari: 'Pari' is not a province (did you mean Paris (Par)?)" in reply
    assert "Refused: Hold brs: 'brs' is not a province (did you mean Brest (Bre)?)" in reply
    assert "Refused: Retreat Pari - Gas: 'Pari' is not a province (did you mean Paris" in reply
    assert "Refused: Build walls: 'walls' is not a province (did you mean Wales (Wal)?)" in reply
    assert "> Build bridges not walls\n  ignored: not an order" in reply
    assert "expected a unit's province" not in reply


def test_a_heading_above_orders_is_passed_over(tmp_path) -> None:
    """By mail (readers51's probe): 'Builds:', 'Retreats:', 'Moves:' and 'My moves
    for 1901:' above orders were refused ("expected a unit's province, found
    'Retreats'"), flagging a mail of good orders.  A line ending with a colon whose
    words name no place and no unit and hold no order's letter is a heading; an
    order of one word ('Waive:') and a unit ('A Bud:') are still read."""
    lines = "Moves:\nA Par-Bur\nRetreats:\nMy moves for 1901:\nBuilds:\nWaive:\nA Mar:"
    subject, reply = reply_to_orders(tmp_path, lines)
    for line in ("Moves:", "Retreats:", "My moves for 1901:", "Builds:"):
        assert f"> {line}\n  ignored: not an order" in reply
    assert "> Waive:\n  *** Refused: Waive:: a waive order is not possible" in reply
    assert "> A Mar:\n  Accepted: A mar H" in reply
    assert reply.count("*** Refused") == 1
