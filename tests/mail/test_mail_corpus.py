"""The corpus of awkward mails: each file and what parse_incoming must make of it."""

from __future__ import annotations

import base64
from email.message import EmailMessage
from pathlib import Path

import pytest

from judge.mail.parse import parse_incoming

CORPUS = Path(__file__).parent / "corpus"
JUDGE = "judge@example.org"
LIMIT = 2_000_000


def load(name: str, max_bytes: int = LIMIT):
    raw = (CORPUS / name).read_bytes()
    return parse_incoming(raw, JUDGE, max_bytes)


def test_every_corpus_file_has_a_test() -> None:
    names = {p.name for p in CORPUS.glob("*.eml")}
    source = Path(__file__).read_text()
    missing = [n for n in sorted(names) if f'"{n}"' not in source]
    assert not missing, f"corpus files without a test: {missing}"


def test_gmail_multipart_prefers_plain_text() -> None:
    mail = load("gmail_multipart.eml")
    assert mail.body_kind == "plain"
    assert mail.body_text == "SIGNON Fgame1 secret\nA Par - Bur\nF Bre - Mid\nSIGNOFF"
    assert "HTML-ONLY-MARKER" not in mail.full_text
    assert mail.sender == "alice.player@gmail.com"
    assert mail.sender_name == "Alice Player"
    assert mail.message_id == "<CAF3xk+ab12cd34ef56gh78@mail.gmail.com>"
    assert mail.subject == "Orders for spring"
    assert mail.answerable


def test_outlook_html_only_becomes_text_without_the_quoted_report() -> None:
    mail = load("outlook_html_only.eml")
    assert mail.body_kind == "html"
    lines = mail.body_text.split("\n")
    assert lines[:3] == ["SIGNON Ggame2 pw", "A Ber - Kie", "F Kie - Den"]
    assert "Grüße" in mail.body_text  # Latin-1 quoted-printable decoded
    assert "QUOTED-JUDGE-REPORT" not in mail.body_text
    assert "margin" not in mail.body_text  # the style element is dropped
    assert mail.sender == "bob.builder@outlook.com"  # in lower case, as njudge compares them
    assert mail.in_reply_to == "<judge.41.aa11bb22@example.org>"
    assert mail.references == ["<judge.40.ffee0011@example.org>", "<judge.41.aa11bb22@example.org>"]
    assert not mail.is_automatic


def test_quoted_printable_body() -> None:
    mail = load("quoted_printable.eml")
    assert "caffè per tutti, and a long line that must be soft-wrapped" in mail.body_text
    assert "—" in mail.body_text
    assert "=E2" not in mail.body_text
    assert mail.body_text.startswith("SIGNON Igame4 pw\nA Ven - Tyr\nF Nap - Ion\n")


def test_base64_utf8_with_cyrillic_and_cjk() -> None:
    mail = load("utf8_base64.eml")
    assert mail.body_text.split("\n")[0] == "SIGNON Rgame3 пароль"
    assert "Привет, Турция! 你好 ☃" in mail.body_text
    assert mail.sender_name == "Иван Петров"
    assert mail.subject == "Приказы"


def test_latin1_8bit_body_and_encoded_headers() -> None:
    mail = load("latin1_plain.eml")
    assert "Chère Angleterre, à bientôt. Naïve entente." in mail.body_text
    assert mail.sender_name == "François Dupré"
    assert mail.subject == "Ordres pour l'été"


def test_reply_quoting_the_judges_report_keeps_only_the_new_text() -> None:
    mail = load("reply_quoting_report.eml")
    # the signature is kept below its line, for the command reader to pass over
    assert mail.body_text == "SIGNON Agame5 pw\nA Vie - Gal\n\n\n--\nCarol, sent from my phone"
    assert "A Vie - Tyr" in mail.full_text  # still there before stripping
    assert mail.in_reply_to == "<judge.77.0badcafe@example.org>"
    assert mail.references == ["<judge.70.12345678@example.org>", "<judge.77.0badcafe@example.org>"]


def test_forwarded_mail_keeps_the_text_but_not_the_typed_headers() -> None:
    mail = load("forwarded.eml")
    assert mail.sender == "dave@example.com"
    assert "SIGNON Tgame6 pw\nF Ank - Bla" in mail.body_text
    assert "Please take these" in mail.body_text
    assert "dave@work.example" not in mail.body_text
    assert "From:" not in mail.body_text


def test_a_report_of_the_judge_forwarded_under_orders_is_not_read() -> None:
    # Found by whole games played by mail: the forwarded results were read as orders,
    # "France:  Army Paris -> Picardy." replacing the player's own "A Par H".
    mail = load("forwarded_report.eml")
    assert mail.body_text == "SIGNON Fgame1 pw\nA Par H"


def test_empty_body() -> None:
    mail = load("empty_body.eml")
    assert mail.body_text == ""
    assert mail.answerable
    assert not mail.too_large


def test_broken_mime_is_read_as_far_as_possible() -> None:
    mail = load("broken_mime.eml")
    assert mail.sender == "frank@example.com"
    assert mail.body_kind == "plain"
    # Unknown charset and damaged base64 must not raise; the readable start survives.
    assert mail.body_text.startswith("SIGNON Egame7 pw\nA Lon - Yor")
    assert mail.defects  # the missing closing boundary is noted


def test_crlf_in_subject_cannot_inject_headers() -> None:
    mail = load("subject_crlf_injection.eml")
    assert "\r" not in mail.subject and "\n" not in mail.subject
    assert mail.subject == "orders Bcc: victim@example.com hi"
    reply = EmailMessage()
    reply["Subject"] = "Re: " + mail.subject
    assert b"\r\nBcc:" not in reply.as_bytes()


def test_auto_reply_is_automatic() -> None:
    mail = load("auto_reply.eml")
    assert mail.is_automatic
    assert mail.automatic_reason == "Auto-Submitted: auto-replied"
    assert not mail.answerable


def test_bounce_is_automatic() -> None:
    mail = load("bounce.eml")
    assert mail.is_automatic
    assert mail.sender == "mailer-daemon@mx.example.com"


def test_bounce_without_auto_headers_is_caught_by_the_empty_return_path() -> None:
    mail = load("bounce_plain_no_headers.eml")
    assert mail.is_automatic
    assert mail.automatic_reason == "empty return path (bounce)"


@pytest.mark.parametrize(
    ("headers", "reason"),
    [
        ("From: postmaster@example.com\r\n", "sender is postmaster"),
        ("From: Mailer-Daemon@example.com\r\n", "sender is mailer-daemon"),
        ("From: a@example.com\r\nPrecedence: bulk\r\n", "Precedence: bulk"),
        ("From: a@example.com\r\nPrecedence: junk\r\n", "Precedence: junk"),
        (
            "From: a@example.com\r\nAuto-Submitted: auto-generated\r\n",
            "Auto-Submitted: auto-generated",
        ),
        (
            "From: a@example.com\r\nContent-Type: multipart/report; boundary=x\r\n",
            "multipart/report (delivery or read report)",
        ),
        ("Subject: no sender\r\n", "no sender address"),
    ],
)
def test_other_automatic_signs(headers: str, reason: str) -> None:
    mail = parse_incoming((headers + "\r\nhello\r\n").encode(), JUDGE, LIMIT)
    assert mail.automatic_reason == reason


def test_auto_submitted_no_is_a_person() -> None:
    raw = b"From: a@example.com\r\nAuto-Submitted: no\r\n\r\nLIST\r\n"
    assert not parse_incoming(raw, JUDGE, LIMIT).is_automatic


def test_mail_from_the_judges_own_address_is_automatic() -> None:
    mail = load("own_address.eml")
    assert mail.is_automatic
    assert mail.automatic_reason == "sent from the judge's own address"


def test_list_mail_is_read_but_may_be_a_machines() -> None:
    mail = load("list_mail.eml")
    assert (
        not mail.is_automatic and mail.answerable
    )  # a person's post (tests/mail/test_robot_mail.py)
    assert mail.unsolicited_reason == "a mailing list's copy"


def test_pgp_clearsigned_body_is_unwrapped_and_the_armour_kept() -> None:
    mail = load("pgp_clearsigned.eml")
    assert mail.body_text == "SIGNON Mgame10 pw\n-- dash-escaped line\nPROCESS"
    assert "Unsigned text outside" not in mail.body_text
    assert mail.signed_text is not None
    assert mail.signed_text.startswith("-----BEGIN PGP SIGNED MESSAGE-----")
    assert mail.signed_text.endswith("-----END PGP SIGNATURE-----")


def test_reply_to_is_not_the_sender_and_the_signature_kept_below_its_line() -> None:
    mail = load("reply_to_and_signature.eml")
    assert mail.sender == "ivy@example.com"  # replies go here, never to Reply-To
    assert "ivy.other@example.net" not in vars(mail).values()
    assert mail.body_text == "SIGNON Egame11 pw\nF Lon - Nth\n--\nIvy\nSIGNOFF this-is-signature"


def _with_attachment(size: int) -> bytes:
    msg = EmailMessage()
    msg["From"] = "Kim <kim@example.com>"
    msg["To"] = JUDGE
    msg["Subject"] = "orders and a map"
    msg["Message-ID"] = "<attach-0001@example.com>"
    msg.set_content("SIGNON Agame12 pw\nA Tri - Ven\n")
    msg.add_attachment(
        bytes(range(256)) * (size // 256), maintype="image", subtype="png", filename="map.png"
    )
    return msg.as_bytes()


def test_five_megabyte_attachment_is_ignored_when_within_the_bound() -> None:
    raw = _with_attachment(5 * 1024 * 1024)
    assert len(raw) > 5_000_000
    mail = parse_incoming(raw, JUDGE, 10_000_000)
    assert not mail.too_large
    assert mail.body_text == "SIGNON Agame12 pw\nA Tri - Ven"
    assert base64.b64encode(bytes(range(48))).decode()[:20] not in mail.full_text


def test_five_megabyte_attachment_over_the_default_bound_is_too_large() -> None:
    mail = parse_incoming(_with_attachment(5 * 1024 * 1024), JUDGE, LIMIT)
    assert mail.too_large
    assert mail.body_text == ""
    assert mail.sender == "kim@example.com"  # still known, for the short reply


def test_twenty_megabyte_mail_reads_only_headers() -> None:
    head = (
        b"From: Lee <lee@example.com>\r\nSubject: huge\r\nMessage-ID: <huge-1@example.com>\r\n\r\n"
    )
    raw = head + (b"A Par - Bur\r\n" * (20 * 1024 * 1024 // 13))
    assert len(raw) >= 20 * 1024 * 1024 - 13
    mail = parse_incoming(raw, JUDGE, LIMIT)
    assert mail.too_large
    assert mail.size == len(raw)
    assert mail.sender == "lee@example.com"
    assert mail.message_id == "<huge-1@example.com>"
    assert mail.body_text == ""
    assert mail.answerable
