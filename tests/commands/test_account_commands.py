"""REGISTER, SET PASSWORD and SET ADDRESS."""

from __future__ import annotations

from sqlmodel import select

from judge.commands.register import read_fields, zone_problem
from judge.store.models import Account, Player
from judge.store.passwords import password_problem, verify_password
from tests.commands.helpers import outcomes


def test_read_fields():
    lines = ["Name: Ada", "Time zone: UTC", "new password: x1", "Hello", "Phone: 555", "Pet: cat"]
    fields, unused, bad = read_fields(lines)
    assert fields == {"name": "Ada", "zone": "UTC", "new_password": "x1"}
    assert unused == ["Phone", "Pet"]
    assert bad == ["Hello"]


def test_zone_and_password_rules():
    assert zone_problem("Europe/Paris") is None and zone_problem("Mars/Olympus")
    assert password_problem("abcd") is None
    assert password_problem("abc") and password_problem("has space") and password_problem("x" * 65)


def test_register_new_and_update(run, session):
    ctx = run("REGISTER\nName: Ada\nTimezone: Europe/Paris\nPassword: first1\nEND", "ada@x.test")
    assert outcomes(ctx)[0][1] == "ok"
    account = session.exec(select(Account).where(Account.address == "ada@x.test")).one()
    assert verify_password(account.password_hash, "first1")
    # Wrong password: nothing changes.
    ctx = run("REGISTER\nName: Eve\nPassword: nope\nEND", "ada@x.test")
    assert outcomes(ctx)[-1][1] == "refused" and account.name == "Ada"
    ctx = run("REGISTER\nName: Ada L\nPassword: first1\nNew password: second2\nEND", "ada@x.test")
    assert account.name == "Ada L" and verify_password(account.password_hash, "second2")
    assert all("first1" not in x and "second2" not in x for e in ctx.transcript.entries
               for x in e.extra)  # fmt: skip


def test_register_refusals(run):
    for body, reason in [
        ("REGISTER\nPassword: abcd\nEND", "needs a Name line"),
        ("REGISTER\nName: A\nPassword: abcd\nTimezone: Nowhere\nEND", "unknown time zone"),
        ("REGISTER\nName: A\nPasword: abcd\nEND", "not a registration field: 'Pasword'"),
    ]:
        ctx = run(body, "new@x.test")
        assert any(reason in m for _, s, m in outcomes(ctx) if s == "refused"), body
        assert "abcd" not in str(outcomes(ctx)) + str(ctx.transcript.entries[0].extra)


def test_set_password(run, session):
    ctx = run("SIGNON Fgame1 paris11\nSET PASSWORD newpass1")
    assert outcomes(ctx)[1] == ("SET PASSWORD ********", "ok", "Password changed.")
    player = session.exec(select(Player).where(Player.power == "france")).one()
    assert verify_password(player.password_hash, "newpass1")
    ctx = run("SIGNON Fgame1 newpass1\nSET PASSWORD ab")
    assert outcomes(ctx)[1][1] == "refused"
    assert run("SET PASSWORD whatever").transcript.refusals == 1
    # with a colon or a slip: an unknown command, quoted back with the new password
    for n, line in enumerate(("SET PASSWORD: newpass2", "SET PASWORD newpass3"), 1):
        ctx = run(f"SIGNON Fgame1 newpass{n}\n{line}")
        assert outcomes(ctx)[1] == ("SET PASSWORD ********", "ok", "Password changed."), line


def test_set_address(run, session):
    ctx = run("SIGNON Fgame1 paris11\nSET ADDRESS other@x.test", "mine@x.test")
    assert "not trusted" in outcomes(ctx)[1][2]
    ctx = run("SIGNON Fgame1 paris11\nSET ADDRESS", "mine@x.test")
    assert outcomes(ctx)[1] == ("SET ADDRESS", "ok", "This power's address is now mine@x.test.")
    player = session.exec(select(Player).where(Player.power == "france")).one()
    account = session.get(Account, player.account_id)
    assert account.address == "mine@x.test" and account.name == "France Player"


def test_njudge_time_zone_names_are_read():
    """njudge's form writes ``Timezone: Eastern`` (data/form 23): free text."""
    from judge.clock.zone_names import read_zone

    assert read_zone("Eastern") == "America/New_York"
    assert read_zone("Pacific Standard Time") == "America/Los_Angeles"
    assert read_zone("europe/paris") == "Europe/Paris"
    assert read_zone("GMT+1") == "Etc/GMT-1" and read_zone("central") == "America/Chicago"
    assert read_zone("Mars/Olympus") is None


def test_a_zone_word_that_names_a_tzdata_directory_is_read_not_a_crash():
    """``Timezone: Pacific`` (data/form 23 says ``Eastern``; the other US regions are
    written the same way) and ``Atlantic`` are directories of the tz database, where
    ZoneInfo raises IsADirectoryError; ``Europe`` names no zone at all."""
    from judge.clock.zone_names import read_zone

    assert read_zone("Pacific") == "America/Los_Angeles"
    assert read_zone("Atlantic") == "America/Halifax"
    assert read_zone("Europe") is None


def test_njudge_registration_form_needs_no_password(run, session):
    body = "REGISTER\nName: Aretha Holly\nPhone: (505) 555-5555\nTimezone: Eastern\nEND"
    ctx = run(body, "aretha@x.test")
    assert outcomes(ctx)[0][1] == "ok", outcomes(ctx)
    account = session.exec(select(Account).where(Account.address == "aretha@x.test")).one()
    assert (account.name, account.time_zone, account.password_hash) == (
        "Aretha Holly", "America/New_York", None,
    )  # fmt: skip


def test_whois_several_addresses_and_angle_brackets(run):
    """njudge's ``WHO IS user [user ...]`` (data/index 1024-1030) was answered "nobody
    is registered as 'france@players.test italy@players.test'", which was false, and
    ``INFO PLAYER <italy@players.test>`` likewise."""
    ctx = run("WHO IS france@players.test, <italy@players.test> nobody@x.test", "x@x.test")
    [entry] = ctx.transcript.entries
    text = "\n".join(entry.extra)
    assert outcomes(ctx)[0][1] == "ok"
    assert "<france@players.test>" in text and "<italy@players.test>" in text
    assert entry.extra[-1] == "Not registered on this judge: nobody@x.test."
    ctx = run("INFO PLAYER <italy@players.test>", "x@x.test")
    assert outcomes(ctx)[0][1:] == ("ok", "The record of italy@players.test:")


def test_us_abbreviations_keep_summer_time_and_a_city_names_its_zone():
    """``Timezone: EST`` (njudge's data/form: free text) means the US East coast, whose
    clocks change in summer; tzdata's own ``EST`` is a fixed UTC-5, an hour off from
    March to November. A city (``Paris``, ``new york``) names its tzdata zone."""
    from judge.clock.zone_names import read_zone

    assert read_zone("EST") == "America/New_York"
    assert read_zone("MST") == "America/Denver"
    assert read_zone("Paris") == "Europe/Paris"
    assert read_zone("new york") == "America/New_York"
    assert read_zone("London") == "Europe/London"
    assert read_zone("Nowhere") is None


def test_a_sentence_in_the_register_form_is_quoted_where_a_one_word_line_is_not(run):
    """A newcomer writes a sentence into the form (njudge's data/form is filled by
    hand): the refusal quotes it, so that the player knows which line to take out.
    A line of one word is not quoted (it might be a password, which has no spaces)."""
    body = "REGISTER\nName: Ada\nI am new to this\nsecret99\nEND"
    reasons = [message for _, status, message in outcomes(run(body, "ada@x.test"))]
    assert "not a registration field: 'I am new to this'" in reasons[0], reasons
    assert "secret99" not in " ".join(reasons), reasons
    assert any("Field: value" in reason for reason in reasons), reasons
