"""``WHO IS`` prose ("Who is attacking Munich?") and njudge's ``WHO IS user``.

WHOIS and WHO IS are one keyword, and it claimed any words: "Who is attacking
Munich?" in a player's mail was refused as "nobody is registered as 'attacking
Munich?'".  njudge's ``WHO IS user [user ...]`` (data/index 1024-1030) takes
addresses or the starts of them, answering "No matching Email addresses found"
when none (or more than one) matches (users.c whois).  Now a line with a question mark,
or of more than three words that are not all addresses, is prose,
passed over as "Who attacks Munich?" is; an address, a name or the start of an
address is still looked up, the start of one as njudge's: when one address alone
begins so."""

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

PASSED_OVER = "ignored: not an order (a greeting or signature?)"


def _said(tmp_path, body: str) -> str:
    engine = migrated_engine(tmp_path)
    with Session(engine) as session:
        add_game(session)
    deliver(engine, make_mail(address("england"), body))
    text = body_of(outbox(engine)[-1]).replace("\r\n", "\n")
    engine.dispose()
    return text


def _answer(text: str, line: str) -> str:
    return text.split(f"> {line}\n", 1)[1].split("\n", 1)[0].strip()


@pytest.mark.parametrize(
    "line",
    [
        "Who is attacking Munich?",
        "who is england?",
        "Who is in charge here, do you know",
        "Who is going to take Munich this year",
    ],
)
def test_who_is_prose_is_passed_over_as_other_prose(tmp_path, line) -> None:
    signon = f"SIGNON Egame1 {PASSWORDS['england']}\n"
    text = _said(tmp_path, f"{signon}{line}\nA LVP-YOR\n")
    assert _answer(text, line) == PASSED_OVER, text
    assert "Accepted: A lvp - yor" in _answer(text, "A LVP-YOR"), text
    assert "Refused" not in text, text


@pytest.mark.parametrize(
    ("line", "first"),
    [
        ("WHOIS france@players.test", "Registered as france@players.test:"),
        ("WHO IS France Player", "Registered as France Player:"),
        ("WHO IS fran", "Registered as fran:"),
        ("WHOIS Fran", "Registered as Fran:"),
    ],
)
def test_an_address_a_name_or_the_start_of_an_address_is_looked_up(tmp_path, line, first):
    text = _said(tmp_path, f"{line}\n")
    assert _answer(text, line) == first, text
    assert "France Player <france@players.test>" in text, text


@pytest.mark.parametrize("line", ["WHO IS nobody", "WHOIS players"])
def test_no_address_or_several_begin_so_as_njudges_no_match(tmp_path, line) -> None:
    """njudge answers "No matching Email addresses found" when no address, or more
    than one, begins with the word: no record is given."""
    text = _said(tmp_path, f"{line}\n")
    word = line.split()[-1]
    assert _answer(text, line) == f"*** Refused: nobody is registered as {word!r} on this judge"
