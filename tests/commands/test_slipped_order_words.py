"""An order line whose first word has two neighbouring letters swapped (the
commonest typing slip: ``Pra H``, ``Buidl A Par``, ``wiave``, ``Pra-Bru``) was passed
over as a greeting, above a ``--`` line and below it: the order was lost without a
flag (docs/mail.md, "Greetings and sign-offs").  Each is now refused with the word
meant, in a standard game, a Colonial game and a multiverse game, while a name with
an initial (``Bob H``), a dash between names (``Cheers - Tom``) and a signature
``Tom - Den`` below ``--`` stay quiet."""

from __future__ import annotations

from sqlmodel import Session

from judge.game.games import Seat, create_game
from tests.commands.helpers import (
    address,
    body_of,
    deliver,
    make_mail,
    migrated_engine,
    multiverse_reply,
    outbox,
    reply_to_orders,
)

SLIPS = "Pra H\nBuidl A Par\nwiave\nPra-Bru\n"
REASONS = (
    "Pra H: 'Pra' is not a province (did you mean Paris (Par)?)",
    "Buidl A Par: 'Buidl' is not an order word (did you mean Build?)",
    "wiave: 'wiave' is not an order word (did you mean Waive?)",
)
QUIET = "Hi all\nBob H\nThanks, Ann\nSee you\nCheers - Tom\n"


def _quiet(text: str, lines: str) -> None:
    for line in lines.splitlines():
        assert f"> {line}\n  ignored: not an order" in text


def test_slipped_orders_above_and_below_a_signature_line_are_refused(tmp_path):
    subject, text = reply_to_orders(tmp_path, f"A Par - Bur\n{QUIET}{SLIPS}--\n{SLIPS}Tom - Den\n")
    assert subject.startswith("Re: [Error Flag]")
    for reason in REASONS:
        assert text.count(reason) == 2
    assert text.count("Pra-Bru: 'Pra' is not a province (did you mean Paris (Par)?)") == 2
    _quiet(text, QUIET + "Tom - Den")


def test_a_name_and_initials_below_a_signature_line_is_its_signature(tmp_path):
    subject, text = reply_to_orders(tmp_path, "A Par - Bur\n--\nTom - Den\n")
    assert "[Error Flag]" not in subject
    assert "Tom - Den" not in text


def test_slipped_orders_in_a_colonial_game(tmp_path):
    engine = migrated_engine(tmp_path)
    powers = ("britain", "china", "france", "holland", "japan", "russia", "turkey")
    with Session(engine) as session:
        seats = [Seat(p, address(p), f"pw-{p}", p.title()) for p in powers]
        create_game(session, "asia", seats, variant="colonial")
        session.commit()
    lines = "A Mos H\nHi all\nMso H\nBuidl A Mos\nwiave\nMso-Irk\nCheers - Tom\n"
    deliver(engine, make_mail(address("russia"), "SIGNON Rasia pw-russia\n" + lines))
    text = body_of(outbox(engine)[-1]).replace("\r\n", "\n")
    engine.dispose()
    assert "Mso H: 'Mso' is not a province (did you mean Moscow (Mos)?)" in text
    assert "Buidl A Mos: 'Buidl' is not an order word (did you mean Build?)" in text
    assert "wiave: 'wiave' is not an order word (did you mean Waive?)" in text
    assert "Mso-Irk: 'Mso' is not a province (did you mean Moscow (Mos)?)" in text
    _quiet(text, "Hi all\nCheers - Tom")


def test_slipped_orders_in_a_multiverse_game(tmp_path):
    text = multiverse_reply(tmp_path, "loose", f"A Par H\n{QUIET}{SLIPS}")
    assert "Pra H: 'pra' is not a province (did you mean Paris (Par)?)" in text
    assert "Buidl A Par: 'Buidl' is not an order word (did you mean Build?)" in text
    assert "wiave: 'wiave' is not an order word (did you mean Waive?)" in text
    # the move written without spaces names its word, not "'pra-bru' ... Prussia"
    assert "Pra-Bru: 'pra' is not a province (did you mean Paris (Par)?)" in text
    _quiet(text, QUIET)
