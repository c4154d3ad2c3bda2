"""What players read in replies, through process_inbound on a real SQLite file with
the real order checker: sign-offs after the orders are ignored without an error flag,
and reply subjects do not pile up the judge's own tags."""

from __future__ import annotations

import pytest
from sqlmodel import Session

from tests.commands.helpers import (
    PASSWORDS,
    add_game,
    address,
    body_of,
    deliver,
    make_mail,
    migrated_engine,
    outbox,
)

FRANCE = f"SIGNON Fgame1 {PASSWORDS['france']}\nA Par - Bur\nA Mar - Spa\nF Bre - Mao\n"


@pytest.fixture
def engine(tmp_path):
    engine = migrated_engine(tmp_path)
    with Session(engine) as session:
        add_game(session)
    yield engine
    engine.dispose()


def _reply(engine, body: str, subject: str = "orders"):
    deliver(engine, make_mail(address("france"), body, subject))
    reply = outbox(engine)[-1]
    return reply["Subject"], body_of(reply)


@pytest.mark.parametrize(
    "tail",
    [
        "Thanks!",
        "Cheers, Alice",
        "Sent from my iPhone",
        "Alice",
        "Best regards,\nBob",
        "Thanks!\n\nSent from my iPhone",
        "Going into the weekend now, cheers",
        "Let's go!",
        "Attack is the best defence",
        "Holding off on press this turn",
        "Note: see you at the weekend",
        "Looking forward to a well-deserved rest",  # a hyphenated word is no move sign
        "Best, Jean-Pierre",
        # names and initials (a dash between names was refused as a garbled move)
        "Cheers - Alice",
        "Cheers - Tom",
        "Bob H",
        "Thanks, Ann\nSee you",
    ],
)
def test_a_sign_off_after_the_orders_is_ignored_without_an_error_flag(engine, tail: str) -> None:
    subject, text = _reply(engine, FRANCE + "\n" + tail + "\n")
    assert "[Error Flag]" not in subject
    assert "*** Refused" not in text
    for line in tail.splitlines():
        if line.strip():
            assert f"> {line.strip()}\n  ignored: not an order" in text.replace("\r\n", "\n")
    assert "Every unit has an order." in text


@pytest.mark.parametrize(
    "tail",
    [
        "A Par - Pic, thanks Mun",  # a courtesy alone after a comma is passed over
        # an order's first word with two letters swapped: was passed over as a greeting
        "Pra H",
        "Buidl A Par",
        "wiave",
        "Pra-Bru",
        "F Bre - Nowhere",
        # a build or a removal as some write them: never passed over as a greeting
        "+ A Par",
        "+A Par",
        "-F Bre",
        "- F Bre - Nowhere",  # a list's dash, then an order with a wrong name
        "R F Bre",  # an order's letter and a unit (njudge's removal, read in a winter)
        "R Bre",  # an order's letter and a place: was passed over as a greeting
        "north sea-ENGLISH CHANNEL",  # a move once its dash is a sign: was passed over
    ],
)
def test_anything_like_an_order_still_gets_a_reason(engine, tail: str) -> None:
    subject, text = _reply(engine, FRANCE + tail + "\n")
    assert subject.startswith("Re: [Error Flag]")
    assert "*** Refused" in text


def test_a_line_that_is_no_order_is_ignored_wherever_it_stands(engine) -> None:
    """Issue 25.1: a line is a greeting or sign-off only when it cannot be an order,
    whatever its place; the orders around it are read."""
    body = f"SIGNON Fgame1 {PASSWORDS['france']}\nA Par - Bur\nThanks!\nA Mar - Spa\n"
    subject, text = _reply(engine, body)
    assert "[Error Flag]" not in subject
    assert "> Thanks!\n  ignored: not an order" in text.replace("\r\n", "\n")
    assert text.count("Accepted") == 2


def test_an_order_or_a_command_after_signoff_is_not_read_and_the_reply_says_so(engine) -> None:
    """SIGNOFF ends the mail (njudge): what is below it is not read.  An order or a
    command there was left unread without a word (``A Par-Bur`` after it, or a second
    SIGNON for another game); the SIGNOFF line is refused saying so, the password of
    a SIGNON below it hidden."""
    body = (
        f"SIGNON Fgame1 {PASSWORDS['france']}\nA Mar - Spa\nSIGNOFF\n"
        f"A Par - Bur\nSIGNON Ggame1 {PASSWORDS['germany']}\nA Ber - Kie\n"
    )
    subject, text = _reply(engine, body)
    text = text.replace("\r\n", "\n")
    assert subject.startswith("Re: [Error Flag]")
    assert (
        "> SIGNOFF\n  *** Refused: nothing after SIGNOFF is read, so 'A Par - Bur' and 1 more"
        " line below it were not"  # the SIGNON; Germany's order is no order of France's
    ) in text
    assert PASSWORDS["germany"] not in text
    assert "Accepted: A mar - spa" in text and "A par - bur" not in text.lower()


@pytest.mark.parametrize(
    "below",
    [
        "Cheers,\nAlice\nSent from my iPhone",
        "Please contact our support team about the army of lawyers",  # a footer
        "A Xyz - Bur",  # no order of France's: not read, and no harm
        "Hello again,\nBob",  # HELLO with no game after it: a greeting
    ],
)
def test_a_signature_after_signoff_is_still_left_unread_without_a_word(engine, below) -> None:
    subject, text = _reply(engine, FRANCE + "SIGNOFF\n" + below + "\n")
    assert "[Error Flag]" not in subject
    assert "SIGNOFF" not in text.split("Your mail was read as follows:")[1]


def test_hello_opens_a_mail_as_a_greeting_and_still_signs_on_as_njudge_reads_it(engine):
    """njudge reads HELLO and LOGIN as SIGNON (``mail.c``).  Here "Hello", "Hello
    all" opened many mails as a SIGNON that was refused ("expected: SIGNON ...", or
    "only one SIGNON is allowed per mail"), with an error flag; they are greetings
    unless the words after them name a game."""
    subject, text = _reply(engine, "Hello,\n\n" + FRANCE + "Hello again Bob\n")
    text = text.replace("\r\n", "\n")
    assert "[Error Flag]" not in subject
    assert "> Hello,\n  ignored: not an order" in text
    assert "Every unit has an order." in text
    subject, text = _reply(engine, f"HELLO Fgame1 {PASSWORDS['france']}\nA Par - Pic\n")
    assert "Signed on as France" in text and "Accepted: A par - pic" in text
    assert PASSWORDS["france"] not in text


@pytest.mark.parametrize("dashes", ["--", "-- "])
def test_orders_below_a_separator_line_of_two_dashes_are_read(engine, dashes: str) -> None:
    """A ``--`` line starts a signature (RFC 3676), so the judge read nothing below it;
    but players also write it as a separator above their orders, and njudge, which
    knows no signature line, reads those orders.  Here a whole order mail written
    below one was lost without a word or an error flag.  Now what is below the line is
    read when it holds an order the player could give or a command."""
    body = (
        f"SIGNON Fgame1 {PASSWORDS['france']}\nHi, my orders this turn:\n{dashes}\n"
        "A Par-Bur\nF Bre-Mao\nA Mar-Gas\nthanks\n"
    )
    subject, text = _reply(engine, body)
    text = text.replace("\r\n", "\n")
    assert "[Error Flag]" not in subject
    assert "> --\n  a signature line, but orders or commands follow it" in text
    for order in ("A par - bur", "F bre - mao", "A mar - gas"):
        assert f"Accepted: {order}" in text
    assert "> thanks\n  ignored: not an order" in text


def test_a_wrong_order_below_a_separator_is_refused_with_the_good_ones_read(engine) -> None:
    body = f"SIGNON Fgame1 {PASSWORDS['france']}\n--\nA Par-Bur\nA Mar-Mun\n"
    subject, text = _reply(engine, body)
    assert subject.startswith("Re: [Error Flag]")
    assert "Accepted: A par - bur" in text
    assert "*** Refused: A Mar-Mun" in text


@pytest.mark.parametrize(
    "signature",
    [
        "John Smith\nDiplomacy fan since 1985",
        'F. Scott Fitzgerald\n"A man\'s reach should exceed his grasp" - R. Browning',
        "Army of One\nPhone: +1 555-123-4567",
        "Jean Dupont\nSent from my iPhone",
        "Jean Dupont\n+33 6 12 34 56 78\nhttps://example.org",
        '"The only way to win is to play" - Anon',
        "Regards,\nJD",
        "Alan Smith\nSenior Engineer - Acme Corp\nLondon - Berlin - Vienna",
        "A. Smith\nDiplomacy club of Munich - since 1999",
        "A. Smith - CEO\nAcme Corp",
    ],
)
def test_a_signature_below_the_line_is_still_not_read(engine, signature: str) -> None:
    subject, text = _reply(engine, FRANCE + "-- \n" + signature + "\n")
    read = text.replace("\r\n", "\n").split("Your mail was read as follows:")[1]
    assert "[Error Flag]" not in subject
    assert "> --" not in read
    assert signature.splitlines()[0] not in read


@pytest.mark.parametrize(
    ("below", "reason"),
    [
        ("A Pra - Bru", "'Pra' is not a province (did you mean Paris (Par)?)"),
        ("A Mun - Xyz", "'Xyz' is not a province"),
        ("A Xyz - Bur", "'Xyz' is not a province"),
        ("A Pra - Bru\nF Bre - Xyz\nJean", "'Pra' is not a province"),
        # a slipped word beside a place or an order word (orders.text._slipped_order):
        # dropped below the line without a word, though read above it
        ("Burgundi H", "'Burgundi' is not a province (did you mean Burgundy (Bur)?)"),
        ("Paris hodl pls", "did not understand 'hodl' (did you mean 'hold'?)"),
        ("Brugnudy H", "'Brugnudy' is not a province (did you mean Burgundy (Bur)?)"),
        ("Please Paris hodl", "'Please' is not a province"),
    ],
)
def test_wrong_orders_alone_below_a_separator_are_refused_with_their_reason(
    engine, below: str, reason: str
) -> None:
    """Lines below a ``--`` line were read only when one was a good order: when
    every order there was wrong (``A Pra - Bru`` for ``A Par - Bur``), they were
    taken for a signature and dropped without a word.  A line with an order's shape
    (a unit type then a place, or a unit type, a word and an order word) is read
    there too, and refused with its reason, as above the line."""
    subject, text = _reply(
        engine, f"SIGNON Fgame1 {PASSWORDS['france']}\nA Mar - Spa\n--\n{below}\n"
    )
    text = text.replace("\r\n", "\n")
    assert subject.startswith("Re: [Error Flag]")
    assert "> --\n  a signature line, but orders or commands follow it" in text
    assert f"*** Refused: {below.splitlines()[0]}: {reason}" in text
    assert "Accepted: A mar - spa" in text


def test_a_whole_mail_below_a_separator_line_is_read(engine) -> None:
    body = (
        f"Hello,\n--\nSIGNON Fgame1 {PASSWORDS['france']}\nA Par-Bur\n"
        "PRESS TO G\nWatch Munich.\nENDPRESS\n"
    )
    subject, text = _reply(engine, body)
    assert "[Error Flag]" not in subject
    assert "Signed on as France" in text and "Accepted: A par - bur" in text
    assert "Press" in text and PASSWORDS["france"] not in text


@pytest.mark.parametrize(
    "signature",
    [
        "Bob\nHelp desk: 555-1234\nList of my games: game1\nJoin us at diplomacy club",
        "Ivy\nSIGNOFF this-is-signature",
        "Hello again,\nBob",
    ],
)
def test_command_words_in_a_signature_do_not_make_it_read(engine, signature: str) -> None:
    subject, text = _reply(engine, FRANCE + "-- \n" + signature + "\n")
    assert "[Error Flag]" not in subject
    assert "> --" not in text.replace("\r\n", "\n")


RETREAT = {
    "variant": "standard",
    "phase": "F1901R",
    "units": [{"power": "germany", "type": "A", "province": "bur"}],
    "dislodged": [
        {"power": "france", "type": "A", "province": "bur", "retreat_options": ["gas", "pic"]}
    ],
    "contested": [],
    "supply_centers": {"france": ["par", "bre", "mar"]},
}


@pytest.mark.parametrize(
    ("phase", "below", "reason"),
    [
        ("winter", "Build A Pra", "'Pra' is not a province (did you mean Paris (Par)?)"),
        ("winter", "Remove F Xyz", "'Xyz' is not a province"),
        ("spring", "Par - Bru", "'Bru' is not a province (did you mean Burgundy (Bur)?)"),
        ("spring", "Pra-Bur", "'Pra' is not a province (did you mean Paris (Par)?)"),
        ("spring", "Par S Mar - Bru", "'Bru' is not a province"),
        ("spring", "Waive", "a waive order is not possible in a movement phase"),
        ("retreat", "Bur R Gsa", "'Gsa' is not a province (did you mean Gascony (Gas)?)"),
        ("retreat", "Bur-Gsa", "'Gsa' is not a province"),
        ("retreat", "Disband A Bru", "'Bru' is not a province"),
    ],
)
def test_njudge_forms_alone_below_a_separator_are_refused_with_their_reason(
    tmp_path, phase: str, below: str, reason: str
) -> None:
    """njudge's builds, removals, waives, retreats and moves without a unit type
    (``Par-Bur``, its help file ``syntax``), misspelt below a ``--`` line: they were
    taken for a signature and dropped without a word, as only a unit type then a
    place was an order's shape there."""
    from tests.commands.helpers import reply_to_orders
    from tests.test_owed_in_replies import WINTER

    position = {"winter": WINTER, "spring": None, "retreat": RETREAT}[phase]
    subject, text = reply_to_orders(tmp_path, f"--\n{below}\n", position)
    assert subject.startswith("Re: [Error Flag]")
    assert "> --\n  a signature line, but orders or commands follow it" in text
    assert f"*** Refused: {below}: " in text
    assert reason in text.split(f"*** Refused: {below}: ")[1].splitlines()[0]


SIGNATURES = [
    "Bob",
    "Bob Smith\nParis, France",
    "Sent from my iPhone",
    "+33 6 12 34 56 78",
    "Tel: 555-123-4567\nFax: 555-123-4568",
    "https://www.example.org/~bob",
    '"Veni, vidi, vici" - Julius Caesar',
    "Regards, Bob",
    "Bob (France)",
    "-- Bob - Paris --",
    "--- Bob ---",
    "\u2014 Bob, Paris \u2014",
    "Bob - Paris",
    "Mon - Fri, 9am - 5pm",
    "Away Jan - Mar 2025",
    "Cheers\nB.",
    "Bob H.",
    "Bob\nDiplomacy player since 1987 - join us!",
    "Build a better world",
    "Brest - Marseille - Paris",
    # a word one letter off a name's or an order word beside an order word or a
    # place ("bight", "build"): a slipped order's shape only in a short line opened
    # by a place or the slip
    "Hold tight",
    "Rome wasn't built in a day",
]


@pytest.mark.parametrize("signature", SIGNATURES)
def test_a_signature_alone_below_the_line_stays_quiet(engine, signature: str) -> None:
    subject, text = _reply(engine, FRANCE + "-- \n" + signature + "\n")
    read = text.replace("\r\n", "\n").split("Your mail was read as follows:")[1]
    assert "[Error Flag]" not in subject
    assert "> --" not in read
    assert signature.splitlines()[0] not in read


@pytest.mark.parametrize("signature", SIGNATURES)
def test_a_signature_after_orders_below_the_line_is_passed_over(engine, signature: str) -> None:
    """``--`` written above the orders, the signature after them: the lines after the
    last order are the signature's, passed over as one (``-- Bob - Paris --`` was
    refused as a wrong order, and so were ``Bob - Paris`` and the rest)."""
    body = f"SIGNON Fgame1 {PASSWORDS['france']}\n--\nA Par-Bur\nPar S Mar - Bru\n{signature}\n"
    subject, text = _reply(engine, body)
    text = text.replace("\r\n", "\n")
    assert "Accepted: A par - bur" in text
    assert "*** Refused: Par S Mar - Bru" in text
    assert text.count("*** Refused") == 1, text
    for line in signature.splitlines():
        assert f"> {line}\n  ignored: not an order" in text


def test_orders_after_a_long_dash_bullet_are_read_and_a_framed_name_is_not(engine) -> None:
    """A line opened by a dash line is a signature's (``-- Bob - Paris --``), but one
    long dash alone is a list's bullet: ``– Paris - Burgundy`` is an order."""
    body = (
        f"SIGNON Fgame1 {PASSWORDS['france']}\n\u2013 Paris - Burgundy\n"
        "\u2014 Marseilles - Spain\n\u2014 Bob \u2014\n"
    )
    subject, text = _reply(engine, body)
    text = text.replace("\r\n", "\n")
    assert "[Error Flag]" not in subject
    assert "Accepted: A par - bur" in text and "Accepted: A mar - spa" in text
    assert "> \u2014 Bob \u2014\n  ignored: not an order" in text
