"""Issue 25.1 and 26.5: order mails as players write them, through the real mail
path (the inbox runner and the commands, on a real SQLite file), in a standard,
a Colonial, a Root Z, an Outer Space and a multiverse game.

Each line of a mail below carries what must come of it:

* ``#ok``: read and accepted (and stored for the power);
* ``#no``: read and refused, with a reason;
* ``#read``: read, accepted or refused with a reason;
* ``#ignored``: a greeting or sign-off, listed as ignored (no error flag);
* ``#unread``: quoted text or a signature after ``-- ``, not read at all;
* ``#separator``: a ``--`` line with orders below it, which are read.

Every line the reply quotes is one of these (or a command), and the reply carries
the error flag exactly when a line was refused.  Before issue 25.1 the sign-off
filter took ``A Vie-Gal`` for one word that is no order, and dropped every order
after the last one it recognised as "a greeting or signature".
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterator
from dataclasses import dataclass
from datetime import UTC, datetime, timedelta
from email.message import EmailMessage

import pytest
from sqlalchemy.engine import Engine
from sqlmodel import Session

from judge.commands.trailing import BELOW_SIGNATURE
from judge.game.games import Seat, create_game, current_orders, find_game
from judge.rules.registry import ruleset_for
from judge.runners.inbox import InboxRunner
from judge.store.db import make_engine
from judge.store.mail import store_inbound
from judge.variant.data import load_variant
from judge.variant.empires import Empire
from tests.commands.helpers import JUDGE, PASSWORDS, address, body_of, judge_config, outbox
from tests.migrated import migrated_sqlite_file

pytestmark = pytest.mark.timeout(120)

_MARK = re.compile(r"\s+#(ok|no|read|ignored|unread|separator)$")
_QUOTE = "On Sat, 28 Nov 2026 at 10:00, Test Judge <judge@judge.test> wrote:"


@dataclass(frozen=True)
class Case:
    """One order mail: the game, the power whose orders are checked, the marked body."""

    name: str
    game: str
    power: str
    body: str
    html: bool = False


STD = "SIGNON Astd vienna1"
CASES = [
    Case(
        "njudge compact, as in the issue",
        "std",
        "austria",
        f"{STD}\nA Vie-Gal  #ok\nA Bud-Ser  #ok\nF Tri-Alb  #ok",
    ),
    Case(
        "spaced dashes, a sign-off and a name",
        "std",
        "austria",
        f"{STD}\nA Vie - Gal  #ok\nA Bud - Ser  #ok\nF Tri - Alb  #ok\n\nThanks!  #ignored\n"
        "Bob  #ignored\n",
    ),
    Case(
        "full names and arrows",
        "std",
        "austria",
        f"{STD}\nArmy Vienna -> Galicia  #ok\nArmy Budapest -> Serbia  #ok\n"
        "Fleet Trieste -> Albania  #ok\nCheers, Bob  #ignored\n",
    ),
    Case(
        "full names joined by a dash, several orders a line",
        "std",
        "austria",
        f"{STD}\nA Vienna-Galicia, A Budapest-Serbia;  F Trieste-Albania  #ok\n",
    ),
    Case(
        "lower case and a phone's footer",
        "std",
        "austria",
        f"{STD}\na vie-gal  #ok\na bud-ser  #ok\nf tri-alb  #ok\n\nSent from my iPhone  #ignored\n",
    ),
    Case(
        "a phone's dashes and arrows",
        "std",
        "austria",
        f"{STD}\nA Vie \u2013 Gal  #ok\nA Bud\u2014Ser  #ok\nF Tri \u2192 Alb  #ok\n"
        "Sent from my iPhone  #ignored\n",
    ),
    Case(
        "typos are refused with their reason, the rest accepted",
        "std",
        "austria",
        f"{STD}\nA Bud-Srb  #no\nA Veinna-Galicia  #no\nF Tri-Alb  #ok\nBest regards,  #ignored\n"
        "Alice  #ignored\n",
    ),
    Case(
        "every order refused: the mail is flagged",
        "std",
        "austria",
        f"{STD}\nA Vie-Rom  #no\nA Bud-Srb  #no\nF Tri-Vie  #no\nThanks  #ignored\n",
    ),
    Case(
        "compact supports and convoys",
        "std",
        "italy",
        "SIGNON Istd rome111\nA Ven-Tyr  #ok\nF Nap-Ion  #ok\nA Rom S A Ven-Tyr  #no\n"
        "A Rom S A Ven  #ok\nF Nap C A Rom-Tun  #no\n",
    ),
    Case(
        "a greeting first, the orders last with no sign-off",
        "std",
        "england",
        "Hi all,  #ignored\n\nSIGNON Estd london1\nF Edi-Nth  #ok\nF Lon-Eng  #ok\nA Lvp-Yor  #ok",
    ),
    Case(
        "a reply on top of the judge's mail",
        "std",
        "germany",
        f"SIGNON Gstd berlin1\nA Ber-Kie  #ok\nA Mun-Ruh  #ok\nF Kie-Den  #ok\n\n{_QUOTE}\n"
        "> SIGNON Gstd berlin1  #unread\n> A Ber-Pru  #unread\n",
    ),
    Case(
        "a reply below the judge's mail",
        "std",
        "germany",
        f"{_QUOTE}\n> Your mail was read as follows:  #unread\n> A Ber-Pru  #unread\n\n"
        "SIGNON Gstd berlin1\nA Ber-Sil  #ok\nA Mun-Bur  #ok\nF Kie-Hol  #ok\n",
    ),
    Case(
        "a signature after '-- '",
        "std",
        "russia",
        "SIGNON Rstd moscow1\nA Mos-Ukr  #ok\nA War-Gal  #ok\nF Sev-Bla  #ok\nF StP/sc-Bot  #ok\n"
        "-- \nBoris Ivanov  #unread\nMoscow office, A-Z Trading  #unread\n",
    ),
    Case(
        "a wrong order alone below '-- ' (an order's shape: read and refused)",
        "std",
        "russia",
        "SIGNON Rstd moscow1\nA Mos-Ukr  #ok\n-- #separator\nA Xyz-Stp  #no\n"
        "Boris Ivanov  #ignored\n",
    ),
    Case(
        "orders below '--' written as a separator (njudge reads them)",
        "std",
        "russia",
        "SIGNON Rstd moscow1\nMy orders:  #ignored\n--  #separator\nA Mos-Ukr  #ok\n"
        "A War-Gal  #ok\nF Sev-Bla  #ok\nF StP/sc-Bot  #ok\nBoris  #ignored\n",
    ),
    Case(
        "a signature without '-- ', an address and a town",
        "std",
        "turkey",
        "SIGNON Tstd ankara1\nF Ank-Bla  #ok\nA Con-Bul  #ok\nA Smy-Arm  #ok\n\n"
        "Tara Quinn  #ignored\ntara@example.org  #ignored\nIstanbul, Turkey  #ignored\n",
    ),
    Case(
        "Outlook's phone footer after the orders",
        "std",
        "france",
        "SIGNON Fstd paris11\nF Bre-Mao  #ok\nA Par-Bur  #ok\nA Mar-Spa  #ok\n"
        "Get Outlook for Android  #ignored\n",
    ),
    Case(
        "a line that is no order between the orders",
        "std",
        "france",
        "SIGNON Fstd paris11\nF Bre-Mao  #ok\nThanks for waiting!  #ignored\nA Par-Pic  #ok\n",
    ),
    Case(
        "an HTML-only mail from a phone, with a quoted reply",
        "std",
        "austria",
        f"{STD}\nA Vie-Gal  #ok\nA Bud-Ser  #ok\nF Tri-Alb  #ok\nSent from my iPhone  #ignored\n",
        html=True,
    ),
    Case(
        "Colonial: the railway and a place whose code is a name",
        "col",
        "russia",
        "SIGNON Rcol moscow1\nA Mos-TSR-Vla  #ok\nA Oms via TSR to Mos  #read\nF Ode H  #ok\n"
        "Cheers, Bob  #ignored\n",
    ),
    Case(
        "Root Z: board-suffixed names, across the cut and not",
        "rz",
        "france1",
        "SIGNON france1@rz paris11\nA Mar1 - Pie2  #ok\nA Par1-Bur1  #ok\nF Bre1 - MAO1  #ok\n"
        "A Marseilles 1 - Piedmont 1  #no\nThanks  #ignored\n",
    ),
    Case(
        "Outer Space: A ORB H as the last line",
        "space",
        "zorg",
        "SIGNON Zspace zorgpw1\nA ORB - Par  #ok\nA Orbit -> Bur  #ok\nA ORB H  #ok",
    ),
    Case(
        "Outer Space: A ORB H first and in the middle, a sign-off",
        "space",
        "zorg",
        "SIGNON Zspace zorgpw1\nA ORB H  #ok\nA ORB H  #ok\nA ORB - Par  #ok\nCheers  #ignored\n",
    ),
    Case(
        "Outer Space: a fleet in orbit is refused and takes no army's order",
        "space",
        "zorg",
        "SIGNON Zspace zorgpw1\nA ORB - Par  #ok\nF ORB - Lon  #no\nA ORB - Bre  #ok\n"
        "A ORB H  #ok\n",
    ),
    Case(
        "multiverse: timeline:province:turn and plain orders",
        "mv",
        "germany",
        "SIGNON Gmv berlin1\nA 1:mun:S1901 - 1:ruh:S1901  #ok\n1:kie:S1901 H  #ok\n"
        "a 1:ber:s1901 h  #ok\nA 1:mnu:S1901 - 1:ruh:S1901  #no\nDanke  #ignored\n",
    ),
    # Lines near an order (a place cut short or a letter off, then an order word or
    # one a letter off), passed over as greetings before: among orders they are
    # orders mistyped, refused with the word meant; after the last order the same
    # shapes ("Rose H", "Anna H", "Rob H") are a signature's.
    Case(
        "standard: lines near an order among orders, a signature after them",
        "std",
        "austria",
        f"{STD}\nHi all  #ignored\nA Vie-Gal  #ok\nBu H  #no\nBud holt  #no\nTr H  #no\n"
        "Waivz  #no\nF Tri-Alb  #ok\nRose H  #ignored\nTom H  #ignored\n"
        "Sent from my iPhone  #ignored\n",
    ),
    Case(
        "Colonial: a place cut short among orders, a name after them",
        "col",
        "russia",
        "SIGNON Rcol moscow1\nA Mos H  #ok\nMo - Stp  #no\nF Ode H  #ok\nAnna H  #ignored\n",
    ),
    Case(
        "Root Z: codes a letter off among orders",
        "rz",
        "france1",
        "SIGNON france1@rz paris11\nA Par1 H  #ok\nPr H  #no\nMgs H  #no\nA Mar1 H  #ok\n"
        "Rob H  #ignored\n",
    ),
    Case(
        "Root Z: a province without its board's number, first and last",
        "rz",
        "france1",
        "SIGNON france1@rz paris11\nHello  #ignored\nParis H  #no\nA Mar1 H  #ok\nKiel H  #no\n"
        "Par - Bur  #no\nCheers, Ann  #ignored\n",
    ),
    Case(
        "Outer Space: orbit's code mistyped among orders, a name after them",
        "space",
        "zorg",
        "SIGNON Zspace zorgpw1\nA ORB H  #ok\nROB H  #no\nA ORB - Par  #ok\nRob H  #ignored\n",
    ),
    # After readers49: an order word a letter off after a place as written, next to
    # the first or the last order, was passed over; names and initials there stay.
    Case(
        "standard: an order word slipped above the first order and under the last",
        "std",
        "austria",
        f"{STD}\nHi all  #ignored\nVie holt  #no\nA Bud-Ser  #ok\nF Tri-Alb  #ok\n"
        "Bud holt  #no\nRose H  #ignored\nPer Holt  #ignored\n",
    ),
    Case(
        "multiverse: an order word slipped under the last order",
        "mv",
        "germany",
        "SIGNON Gmv berlin1\nA 1:mun:S1901 H  #ok\nKiel holt  #no\nTschuess, Max  #ignored\n",
    ),
    Case(
        "standard: French and Italian sign-offs opened by 'A' after the orders",
        "std",
        "austria",
        f"{STD}\nA Vie-Gal  #ok\nA pari  #no\nF Tri-Alb  #ok\nA bientot  #ignored\n"
        "A presto  #ignored\n",
    ),
    # Issue 49: prose opened by an order's word, nothing after it part of an order,
    # was refused and flagged the mail; an order's word before a place mistyped is
    # still read and refused.
    Case(
        "standard: prose opened by order words around the orders",
        "std",
        "austria",
        f"{STD}\nHold on, orders below.  #ignored\nA Vie-Gal  #ok\nHold Buda  #no\n"
        "F Tri-Alb  #ok\nSupport me and I will support you  #ignored\n"
        "Retreat is not an option  #ignored\nSent from my iPhone  #ignored\n",
    ),
    Case(
        "Colonial: prose opened by order words, a place mistyped",
        "col",
        "russia",
        "SIGNON Rcol moscow1\nBuild trust first  #ignored\nA Mos H  #ok\nHold Moskow  #no\n"
        "Move fast!  #ignored\n",
    ),
    Case(
        "Root Z: prose opened by an order word, a place without its number",
        "rz",
        "france1",
        "SIGNON france1@rz paris11\nHold tight everyone  #ignored\nA Par1 H  #ok\n"
        "Hold Paris  #no\nConvoy rules are confusing  #ignored\n",
    ),
    Case(
        "Outer Space: prose opened by an order word, orbit mistyped",
        "space",
        "zorg",
        "SIGNON Zspace zorgpw1\nHold on, orders below.  #ignored\nA ORB H  #ok\n"
        "Hold ROB  #no\nStay safe  #ignored\n",
    ),
    Case(
        "multiverse: prose opened by an order word, a location after one",
        "mv",
        "germany",
        "SIGNON Gmv berlin1\nHold on, orders below.  #ignored\nHold 1:kie:S1901  #read\n"
        "Build trust first  #ignored\n",
    ),
    Case(
        "multiverse: lines near an order among orders",
        "mv",
        "germany",
        "SIGNON Gmv berlin1\nA 1:mun:S1901 H  #ok\nKiel holt  #no\nBerl H  #ok\n"
        "1:ber:S1901 H  #ok\nTschuess, Max  #ignored\n",
    ),
    # After readers50: a place mistyped then an order's letter as the first order line
    # (under the SIGNON or a greeting) and a waive slipped as the last were passed
    # over; greetings above and names and initials below stay.
    Case(
        "standard: a place mistyped first, a waive slipped last",
        "std",
        "france",
        "SIGNON Fstd paris11\nHi Tom  #ignored\nPari H  #no\nA Mar-Spa  #ok\nF Bre-Mao  #ok\n"
        "Jaive  #no\nRose H  #ignored\nEnvoyé de mon iPhone  #ignored\n",
    ),
    Case(
        "Colonial: a place cut short as the first order line",
        "col",
        "russia",
        "SIGNON Rcol moscow1\nMosc H  #no\nA Mos H  #ok\nTom H  #ignored\n",
    ),
    Case(
        "Outer Space: orbit's code mistyped as the first order line",
        "space",
        "zorg",
        "SIGNON Zspace zorgpw1\nROB H  #no\nA ORB - Par  #ok\nCheers - Alice  #ignored\n",
    ),
    Case(
        "multiverse: a place mistyped as the first order line",
        "mv",
        "germany",
        "SIGNON Gmv berlin1\nHallo zusammen  #ignored\nMnu H  #no\nA 1:mun:S1901 H  #ok\n"
        "Jaive  #no\nGruss, Jens  #ignored\n",
    ),
    Case(
        "Root Z: an order's word before a name cut short or slipped, without its number",
        "rz",
        "france1",
        "SIGNON france1@rz paris11\nA Par1 H  #ok\nHold Pari  #no\nBuild Lodnon  #no\n"
        "Build bridges not walls  #ignored\n",
    ),
]


def _deadline() -> datetime:
    return datetime.now(UTC) + timedelta(days=2)


def _seats(powers: list[str]) -> list[Seat]:
    """Each power at its own address; the standard powers' passwords for the powers
    named like them (``france1`` plays with France's)."""
    return [
        Seat(power, address(power), PASSWORDS.get(power.rstrip("12"), "pw1234")) for power in powers
    ]


def _games(session: Session) -> None:
    for name, variant in (("std", "standard"), ("col", "colonial"), ("rz", "rootz")):
        seats = _seats(list(load_variant(variant).powers))
        create_game(session, name, seats, variant=variant, deadline=_deadline())
    space = ruleset_for("outerspace")
    empires = [Empire("zorg", "Zorg", "Zorgon", "Z"), Empire("vega", "Vega", "Vegan", "V")]
    create_game(
        session,
        "space",
        [Seat("zorg", address("zorg"), "zorgpw1"), Seat("vega", address("vega"), "vegapw1")],
        variant="outerspace",
        position=space.empire_position(space.starting_position("outerspace"), empires),
        deadline=_deadline(),
    )
    multiverse = ruleset_for("standard", "multiverse")
    world = multiverse.starting_position("standard")
    game = create_game(session, "mv", _seats(list(PASSWORDS)), deadline=_deadline())
    game.rules = "multiverse"
    game.position = json.dumps(world, sort_keys=True)
    game.phase = multiverse.phase_code(world)
    session.add(game)
    session.commit()


@pytest.fixture(scope="module")
def engine(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Engine]:
    engine = make_engine(migrated_sqlite_file(tmp_path_factory.mktemp("corpus") / "judge.db"))
    with Session(engine) as session:
        _games(session)
    yield engine
    engine.dispose()


def _marked(body: str) -> tuple[str, list[tuple[str, str]]]:
    """The body as sent, and each marked line (as the judge quotes it) with its mark."""
    lines, marks = [], []
    for line in body.split("\n"):
        found = _MARK.search(line)
        if found:
            line = line[: found.start()]
            marks.append((line.lstrip("> ").strip(), found.group(1)))
        lines.append(line)
    return "\n".join(lines), marks


def _html(text: str) -> str:
    """The mail as a phone's mail program writes it in HTML only, quoting an earlier
    mail of the judge in a Gmail quote block."""
    divs = "".join(f"<div>{line or '<br>'}</div>" for line in text.split("\n"))
    quote = (
        f'<div class="gmail_quote"><div>{_QUOTE}</div>'
        "<blockquote>A Vie-Tyr<br>A Bud-Rum</blockquote></div>"
    )
    return f"<html><body>{divs}<br>{quote}</body></html>"


def _mail(case: Case, text: str) -> bytes:
    msg = EmailMessage()
    msg["From"] = address(case.power)
    msg["To"] = JUDGE
    msg["Subject"] = "orders"
    if case.html:
        msg.set_content(_html(text), subtype="html")
    else:
        msg.set_content(text)
    return msg.as_bytes()


def _send(engine: Engine, raw: bytes) -> tuple[str, str]:
    """Store the mail as intake does, let the inbox runner apply it; the reply."""
    with Session(engine) as session:
        row = store_inbound(session, raw, "smtp")
        session.commit()
        assert row is not None and row.id is not None
        row_id = row.id
    config = judge_config(replies_per_hour=1000)
    assert InboxRunner(config, engine).handle(row_id) == "processed"
    reply = outbox(engine)[-1]
    return str(reply["Subject"]), body_of(reply).replace("\r\n", "\n")


def _transcript(text: str) -> dict[str, list[str]]:
    """The reply's quoted lines, each with the outcomes written under it."""
    entries: dict[str, list[str]] = {}
    current: list[str] | None = None
    for line in text.split("\n"):
        if line.startswith("> "):
            current = entries.setdefault(line[2:], [])
        elif current is not None and line.startswith("  "):
            current.append(line.strip())
        else:
            current = None
    return entries


def _check_line(line: str, mark: str, outcomes: list[str] | None) -> None:
    if mark == "unread":
        assert outcomes is None, f"{line!r} was read: {outcomes}"
        return
    assert outcomes, f"{line!r} is missing from the reply"
    accepted = all(o.startswith("Accepted: ") for o in outcomes)
    refused = any(o.startswith("*** Refused: ") and len(o) > len("*** Refused: ") for o in outcomes)
    if mark == "ok":
        assert accepted, f"{line!r}: {outcomes}"
    elif mark == "no":
        assert refused, f"{line!r}: {outcomes}"
    elif mark == "read":
        assert accepted or refused, f"{line!r}: {outcomes}"
    elif mark == "separator":
        assert outcomes == [BELOW_SIGNATURE], (line, outcomes)
    else:
        assert outcomes == ["ignored: not an order (a greeting or signature?)"], (line, outcomes)


def _stored(engine: Engine, case: Case) -> set[str]:
    with Session(engine) as session:
        game = find_game(session, case.game)
        assert game is not None and game.id is not None
        rows = current_orders(session, game.id, game.phase, case.power)
        return {row.canonical for row in rows.values()}


@pytest.mark.parametrize("case", CASES, ids=[case.name for case in CASES])
def test_every_order_line_is_read_and_only_sign_offs_are_ignored(engine: Engine, case: Case):
    text, marks = _marked(case.body)
    subject, reply = _send(engine, _mail(case, text))
    entries = _transcript(reply)
    for line, mark in marks:
        _check_line(line, mark, entries.get(line))
    marked = {line for line, _ in marks}
    unmarked = [echo for echo in entries if echo not in marked and not echo.startswith("SIGNON")]
    assert not unmarked, f"lines read that the case does not expect: {unmarked}\n{reply}"
    refused = any(mark == "no" for _, mark in marks)
    assert ("[Error Flag]" in subject) == refused, (subject, reply)
    accepted = [o for line, mark in marks if mark == "ok" for o in entries[line]]
    canonicals = {o.removeprefix("Accepted: ").split(" (")[0] for o in accepted}
    assert canonicals <= _stored(engine, case), reply
