"""Turn the raw bytes of a received mail into an ``IncomingMail``.

``parse_incoming`` never raises: whatever the bytes, it returns what it could read, and
notes problems in ``defects``.
"""

from __future__ import annotations

import email
import email.header
from dataclasses import dataclass, field, replace
from email.message import Message
from email.policy import compat32

from judge.mail.automatic import automatic_reason, unsolicited_reason
from judge.mail.cleanup import find_clearsigned, strip_quotes
from judge.mail.headers import header_text, msg_id, msg_ids, split_mailbox
from judge.mail.mime_text import body_text

_HEADER_SCAN = 256 * 1024
# Characters that show nothing, which copying from a web page or a word processor
# leaves inside words ('Par\u200b'): the zero-width space, the word joiner, the
# byte-order mark some mailers put first, the soft hyphen.  Read as if absent.  (Not
# the zero-width joiners, which belong to emoji and some scripts in press.)
_INVISIBLE = dict.fromkeys(map(ord, "\u200b\u2060\ufeff\u00ad"))
_MAX_SUBJECT = 300


@dataclass
class IncomingMail:
    """What the judge needs to know about one received mail."""

    raw: bytes
    sender: str = ""  # the From address, lower-cased
    sender_name: str = ""
    message_id: str | None = None
    subject: str = ""  # decoded, control characters (CR, LF, ...) replaced by spaces
    in_reply_to: str | None = None
    references: list[str] = field(default_factory=list)
    body_text: str = ""  # the text to interpret: quotes and signature stripped
    full_text: str = ""  # the decoded text before any stripping
    body_kind: str = "none"  # "plain", "html" or "none"
    # names of unread text files (of every file, when the mail has no text)
    text_attachments: list[str] = field(default_factory=list)
    signed_text: str | None = None  # an OpenPGP clear-signed block, armour included
    pgp_mime: bool = False  # a multipart/signed (PGP/MIME) mail
    is_automatic: bool = False
    automatic_reason: str | None = None
    # why a mail may be a machine's though not automatic (a list's copy, an away
    # message's subject): read, but answered only when it holds a command or an order
    unsolicited_reason: str | None = None
    too_large: bool = False
    unreadable: bool = False  # its structure defeated the MIME parser: headers only read
    size: int = 0
    defects: list[str] = field(default_factory=list)

    @property
    def answerable(self) -> bool:
        """True when the judge may reply to this mail."""
        return not self.is_automatic and bool(self.sender)


def _fix_surrogates(text: str) -> str:
    """Undo the surrogate escapes the email package uses for 8-bit header bytes."""
    try:
        raw = text.encode("utf-8", "surrogateescape")
    except UnicodeEncodeError:
        return text.encode("utf-8", "replace").decode("utf-8")
    try:
        return raw.decode("utf-8")
    except UnicodeDecodeError:
        return raw.decode("cp1252", "replace")


def decode_header(value: object) -> str:
    """Decode an RFC 2047 header value; never raises."""
    text = str(value)
    try:
        parts = email.header.decode_header(text)
        out = []
        for chunk, charset in parts:
            if isinstance(chunk, bytes):
                try:
                    out.append(chunk.decode(charset or "ascii", "replace"))
                except LookupError:
                    out.append(chunk.decode("utf-8", "replace"))
            else:
                out.append(chunk)
        decoded = "".join(out)
    except Exception:  # noqa: BLE001
        decoded = text
    return _fix_surrogates(decoded)


def _one_line(text: str, limit: int = _MAX_SUBJECT) -> str:
    """One safe line of text (see ``judge.mail.headers.header_text``)."""
    return header_text(text, limit)


def _address(raw: str | None) -> tuple[str, str]:
    """(display name, address) of the raw From value: split *before* any decoding, so
    an encoded display name is never read as the address; then only the name is
    decoded.  The address is "" when unusable (``judge.mail.headers.usable_address``)."""
    if not raw:
        return "", ""
    name, addr = split_mailbox(_fix_surrogates(str(raw)))
    return _one_line(decode_header(name), 200), addr


def _header_block(raw: bytes) -> bytes:
    """The header block of a mail (used when the body is too large to read)."""
    head = raw[:_HEADER_SCAN]
    for sep in (b"\r\n\r\n", b"\n\n"):
        pos = head.find(sep)
        if pos >= 0:
            return head[: pos + len(sep)]
    return head + b"\r\n\r\n"


class _Reader:
    def __init__(self, msg: Message) -> None:
        self.msg = msg

    def raw(self, name: str) -> str | None:
        """The header's value as received (never decoded; 8-bit bytes as surrogates)."""
        wanted = name.lower()
        try:
            for key, value in self.msg.raw_items():
                if key.lower() == wanted:
                    return str(value)
        except Exception:  # noqa: BLE001
            return None
        return None

    def header(self, name: str) -> str | None:
        try:
            value = self.msg.get(name)
        except Exception:  # noqa: BLE001
            return None
        if value is None:
            return None
        return decode_header(value)


def _fill_headers(mail: IncomingMail, msg: Message, judge_address: str) -> None:
    reader = _Reader(msg)
    mail.sender_name, mail.sender = _address(reader.raw("From"))
    mail.message_id = msg_id(reader.raw("Message-ID"))
    mail.subject = _one_line(reader.header("Subject") or "")
    mail.in_reply_to = msg_id(reader.raw("In-Reply-To"))
    mail.references = msg_ids(reader.raw("References"))
    try:
        ctype = msg.get_content_type()
    except Exception:  # noqa: BLE001
        ctype = "text/plain"
    mail.pgp_mime = ctype == "multipart/signed"
    mail.automatic_reason = automatic_reason(reader.header, mail.sender, judge_address, ctype)
    mail.is_automatic = mail.automatic_reason is not None
    mail.unsolicited_reason = unsolicited_reason(reader.header, mail.subject)


def _fill_body(mail: IncomingMail, msg: Message, judge_address: str) -> None:
    text, mail.body_kind, mail.text_attachments = body_text(msg)
    text = text.replace("\r\n", "\n").replace("\r", "\n")
    mail.full_text = text
    signed = find_clearsigned(text)
    if signed is not None:
        mail.signed_text = signed.armoured
        text = signed.text
    mail.body_text = strip_quotes(text, judge_address).translate(_INVISIBLE)


def copy_mail(mail: IncomingMail) -> IncomingMail:
    """A copy of ``mail`` that shares no list with it (for a second reader that must
    see it as parsed, whatever the first one changed)."""
    return replace(
        mail,
        references=list(mail.references),
        defects=list(mail.defects),
        text_attachments=list(mail.text_attachments),
    )


def parse_incoming(raw: bytes, judge_address: str, max_bytes: int) -> IncomingMail:
    """Parse a received mail.  Over ``max_bytes`` only the headers are read and
    ``too_large`` is set.  Never raises."""
    if not isinstance(raw, bytes | bytearray | memoryview):
        raw = b""
    return _parse(bytes(raw), judge_address, max_bytes)


def _headers_only(mail: IncomingMail, judge_address: str) -> IncomingMail:
    """``mail`` marked unreadable, with what its header block tells (who wrote it)."""
    mail.unreadable = True
    try:
        head = email.message_from_bytes(_header_block(mail.raw), policy=compat32)
        _fill_headers(mail, head, judge_address)
    except Exception as exc:  # noqa: BLE001
        mail.defects.append(f"headers: {exc!r}")
    return mail


def _parse(raw: bytes, judge_address: str, max_bytes: int) -> IncomingMail:
    mail = IncomingMail(raw=raw, size=len(raw))
    mail.too_large = len(raw) > max_bytes
    source = _header_block(raw) if mail.too_large else raw
    try:
        msg = email.message_from_bytes(source, policy=compat32)
    except Exception as exc:  # noqa: BLE001 - RecursionError for parts nested very deep
        mail.defects.append(f"unparsable: {exc!r}")
        return _headers_only(mail, judge_address)
    mail.defects.extend(type(d).__name__ for d in getattr(msg, "defects", [])[:20])
    try:
        _fill_headers(mail, msg, judge_address)
    except Exception as exc:  # noqa: BLE001
        mail.defects.append(f"headers: {exc!r}")
    if not mail.too_large:
        try:
            _fill_body(mail, msg, judge_address)
        except Exception as exc:  # noqa: BLE001
            mail.defects.append(f"body: {exc!r}")
            mail.unreadable = True
    return mail
