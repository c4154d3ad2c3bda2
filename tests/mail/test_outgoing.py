"""The one builder of outgoing mail (judge.mail.outgoing): headers, threading, parts."""

from __future__ import annotations

from dataclasses import dataclass
from email import message_from_bytes, policy

from judge.config import Config, JudgeSection
from judge.mail.outgoing import (
    AUTO_GENERATED,
    AUTO_REPLIED,
    Author,
    answer,
    credit_line,
    judge_mail,
    re_subject,
    reply_mail,
)
from judge.mail.parse import parse_incoming

AUTHOR = Author("The Judge", "judge@example.org", "USIN")


@dataclass(frozen=True)
class FakePicture:
    png: bytes
    filename: str
    alt: str
    credit: str

    @property
    def cid(self) -> str:
        return f"{self.filename}@test"


PICTURE = FakePicture(b"\x89PNG fake", "alpha-s1901m.png", "the map", "drawn by <us>")


def _reparsed(msg):  # noqa: ANN001, ANN202
    return message_from_bytes(msg.as_bytes(), policy=policy.default)


def test_a_reply_is_threaded_and_marked_auto_replied() -> None:
    earlier = [f"<m{i}@x>" for i in range(30)]
    msg = reply_mail(
        AUTHOR, "ada@players.test", "Re: hi", "text\n", in_reply_to="<m5@x>", references=earlier
    )
    assert msg["Auto-Submitted"] == AUTO_REPLIED
    assert msg["In-Reply-To"] == "<m5@x>"
    refs = str(msg["References"]).split()
    assert refs[-1] == "<m5@x>" and refs.count("<m5@x>") == 1
    assert refs[:-1] == [r for r in earlier if r != "<m5@x>"][-20:]
    assert msg["From"] == "The Judge <judge@example.org>"
    assert msg["To"] == "ada@players.test"
    assert msg["Date"] is not None
    assert msg.get_content() == "text\n"


def test_a_reply_to_nothing_has_no_thread() -> None:
    msg = reply_mail(AUTHOR, "ada@players.test", "Password", "text\n")
    assert msg["In-Reply-To"] is None and msg["References"] is None
    assert msg["Auto-Submitted"] == AUTO_REPLIED


def test_answer_goes_to_the_sender_under_the_mail() -> None:
    raw = (
        b"From: Ada <ada@players.test>\r\nTo: judge@example.org\r\nSubject: orders\r\n"
        b"Message-ID: <one@players.test>\r\nReferences: <zero@players.test>\r\n\r\nhello\r\n"
    )
    mail = parse_incoming(raw, "judge@example.org", 10_000)
    msg = answer(AUTHOR, mail, re_subject(mail.subject), "ok\n")
    assert msg["To"] == "ada@players.test"
    assert msg["Subject"] == "Re: orders"
    assert msg["In-Reply-To"] == "<one@players.test>"
    assert str(msg["References"]) == "<zero@players.test> <one@players.test>"


def test_re_subject_does_not_pile_up() -> None:
    assert re_subject("Re: x") == "Re: x"
    assert re_subject("x") == "Re: x"
    assert re_subject(None) == "Re: (no subject)"


def test_the_subject_becomes_one_safe_line() -> None:
    msg = judge_mail(AUTHOR, "a@example.org", "two\nlines =?utf-8?q?x?=", "t\n")
    assert msg["Subject"] == "two lines = ?utf-8?q?x?="


def test_a_judge_mail_with_html_is_multipart_alternative() -> None:
    msg = _reparsed(
        judge_mail(
            AUTHOR,
            ["a@example.org", "b@example.org"],
            "USIN:alpha - S1901M Results",
            "text\n",
            html="<html><body><p>html</p></body></html>\n",
            headers={"Reply-To": "gm@example.org"},
        )
    )
    assert msg["Auto-Submitted"] == AUTO_GENERATED
    assert msg["To"] == "a@example.org, b@example.org"
    assert msg["Reply-To"] == "gm@example.org"
    assert msg.get_content_type() == "multipart/alternative"
    assert [p.get_content_type() for p in msg.iter_parts()] == ["text/plain", "text/html"]


def test_a_picture_goes_inline_and_attached_with_its_credit() -> None:
    msg = _reparsed(judge_mail(AUTHOR, "a@example.org", "S", "the text\n", picture=PICTURE))
    assert msg.get_content_type() == "multipart/mixed"
    alternative, attachment = list(msg.iter_parts())
    assert alternative.get_content_type() == "multipart/alternative"
    plain, related = list(alternative.iter_parts())
    assert plain.get_content() == "the text\n\n" + credit_line(PICTURE) + "\n"
    html, inline = list(related.iter_parts())
    # no HTML was given: it is made from the text, with the picture and its credit
    assert "<pre>the text\n</pre>" in html.get_content()
    assert f'src="cid:{PICTURE.cid}"' in html.get_content()
    assert "drawn by &lt;us&gt;" in html.get_content()
    assert inline["Content-ID"] == f"<{PICTURE.cid}>"
    assert inline.get_content() == PICTURE.png == attachment.get_content()
    assert attachment.get_filename() == PICTURE.filename


def test_a_text_without_a_final_line_break_gets_its_picture_alike() -> None:
    """The parts are written once, as they are read back: the text made into HTML ends
    with its line break, and a picture after an HTML without a body tag comes after it."""
    made = _reparsed(judge_mail(AUTHOR, "a@example.org", "S", "no break", picture=PICTURE))
    html = [p for p in made.walk() if p.get_content_type() == "text/html"][0].get_content()
    assert "<pre>no break\n</pre>" in html
    given = _reparsed(
        judge_mail(AUTHOR, "a@example.org", "S", "t\n", html="<p>no body</p>", picture=PICTURE)
    )
    html = [p for p in given.walk() if p.get_content_type() == "text/html"][0].get_content()
    assert html.startswith("<p>no body</p>\n<figure")


def test_every_multipart_part_has_its_own_boundary_which_no_encoded_text_holds() -> None:
    """A big game's results are megabytes: the boundaries are chosen, not searched for
    in the text.  They begin with "=_", which quoted-printable and base64 never write."""
    text = "--=_ a line of the results that looks like one\n" + "Wärme\n" * 50
    msg = judge_mail(AUTHOR, "a@example.org", "S", text, picture=PICTURE)
    boundaries = [p.get_boundary() for p in msg.walk() if p.is_multipart()]
    assert len(boundaries) == 3 and len(set(boundaries)) == 3
    assert all(b.startswith("=_") and len(b) > 30 for b in boundaries)
    plain = [p for p in _reparsed(msg).walk() if p.get_content_type() == "text/plain"][0]
    assert plain.get_content() == text + "\n" + credit_line(PICTURE) + "\n"


def test_the_author_of_a_configuration() -> None:
    config = Config(judge=JudgeSection(address="usin@example.org", name="Judge, Inc."))
    author = Author.of(config)
    assert (author.address, author.code) == ("usin@example.org", "USIN")
    # a name with a comma is quoted, so that it cannot read as two addresses
    msg = judge_mail(author, "a@example.org", "s", "t\n")
    assert [a.addr_spec for a in msg["From"].addresses] == ["usin@example.org"]
