"""Find the text of a MIME message: text/plain preferred, else HTML turned into text.

Decoding is forgiving: transfer encodings and charsets are decoded with errors replaced,
never raised, and attachments are skipped.
"""

from __future__ import annotations

import base64
import binascii
import codecs
import email
from collections import Counter
from email.message import Message
from email.policy import compat32

from judge.mail.flowed import is_flowed, unflow
from judge.mail.html_text import html_to_text

_MAX_PARTS = 500
_MAX_MENDED = 3  # multiparts split by the boundary their body uses (each read again)
_BASE64 = b"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/"
_NOT_BASE64 = bytes(sorted(set(range(256)) - set(_BASE64)))
_ASCII_TEXT = bytes([9, 10, 13, *range(32, 127)])
_WIDE_CODECS = ("utf_16", "utf_32")  # every line break in them has a NUL byte


def decode_bytes(data: bytes, charset: str | None) -> str:
    """Decode bytes in the declared charset; guess UTF-8 / Windows-1252 when it is
    missing, unknown or plain ASCII."""
    name = (charset or "").strip().strip('"').lower()
    if name in ("", "us-ascii", "ascii", "unknown-8bit", "x-unknown", "unknown"):
        name = ""
    if name:
        try:
            wide = codecs.lookup(name).name.replace("-", "_").startswith(_WIDE_CODECS)
        except LookupError:
            name, wide = "", False
        if wide and b"\0" not in data:  # not UTF-16 or UTF-32, whatever the label says
            name = ""
    if name:
        try:
            return _whole_characters(data.decode(name, errors="replace"))
        except Exception:  # noqa: BLE001 - some codecs raise other errors on odd input
            name = ""
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError:
        return data.decode("cp1252", errors="replace")


def _whole_characters(text: str) -> str:
    """``text`` with any half of a surrogate pair (which UTF-7 can encode, and no
    mail can carry) replaced."""
    try:
        text.encode("utf-8")
    except UnicodeEncodeError:
        return text.encode("utf-8", "replace").decode("utf-8")
    return text


def _is_attachment(part: Message) -> bool:
    disposition = str(part.get("Content-Disposition", "") or "").split(";")[0].strip().lower()
    if disposition == "attachment":
        return True
    try:
        return bool(part.get_filename())
    except Exception:  # noqa: BLE001
        return False


def _payload_bytes(part: Message) -> bytes:
    if _transfer_encoding(part) == "base64":
        return _base64_bytes(part)
    try:
        data = part.get_payload(decode=True)
    except Exception:  # noqa: BLE001 - broken quoted-printable
        data = None
    if isinstance(data, bytes):
        return data
    return _written_bytes(part)


def _written_bytes(part: Message) -> bytes:
    """A part's payload as written, not decoded."""
    raw = part.get_payload()
    if isinstance(raw, str):
        return raw.encode("ascii", "surrogateescape")
    return b""


def _transfer_encoding(part: Message) -> str:
    try:
        return str(part.get("Content-Transfer-Encoding", "")).strip().lower()
    except Exception:  # noqa: BLE001
        return ""


def _base64_bytes(part: Message) -> bytes:
    """A base64 part decoded, as far as it goes when it is cut short (a last
    character short of a group dropped); as written when it holds characters that
    are no base64 and decodes to no text (plain text under a wrong label)."""
    written = _written_bytes(part)
    try:
        data = part.get_payload(decode=True)
    except Exception:  # noqa: BLE001
        data = None
    if not isinstance(data, bytes) or data == b"".join(written.splitlines()):
        data = _cut_base64(written)
    lines = written.splitlines()
    foreign = any(line.strip().rstrip(b"=").translate(None, _BASE64) for line in lines)
    if foreign and not _reads_as_text(data):
        return written
    return data


def _cut_base64(written: bytes) -> bytes:
    """Base64 cut short decoded as far as it goes: characters outside base64 skipped,
    a last character short of a group dropped."""
    letters = written.translate(None, _NOT_BASE64)
    letters = letters[: len(letters) - (len(letters) % 4 == 1)]
    try:
        return base64.b64decode(letters + b"==", validate=False)
    except (binascii.Error, ValueError):
        return written


def _reads_as_text(data: bytes) -> bool:
    """Whether ``data`` is text: UTF-8, or mostly printable ASCII and line breaks."""
    try:
        data.decode("utf-8")
    except UnicodeDecodeError:
        return len(data.translate(None, _ASCII_TEXT)) < 0.4 * len(data)
    return True


def decode_part(part: Message) -> str:
    """A part's payload in its declared charset (see :func:`decode_bytes`), undecodable
    bytes replaced; never raises."""
    try:
        charset = part.get_content_charset()
    except Exception:  # noqa: BLE001
        charset = None
    return decode_bytes(_payload_bytes(part), charset)


def _text_of(part: Message) -> str:
    text = decode_part(part)
    flowed, delsp = is_flowed(part)
    if flowed and _content_type(part) == "text/plain":
        text = unflow(text.replace("\r\n", "\n").replace("\r", "\n"), delsp)
    return text


def _leaves(msg: Message) -> list[tuple[Message, bool]]:
    """The non-multipart parts, in order, not descending into attachments; each with
    whether it is inside a mail carried in the mail (a forwarded ``message/rfc822``)."""
    leaves: list[tuple[Message, bool]] = []
    stack: list[tuple[Message, int, bool]] = [(msg, 0, False)]
    visited = mended = 0
    while stack and visited < _MAX_PARTS:
        part, depth, carried = stack.pop()
        visited += 1
        if not part.is_multipart() and mended < _MAX_MENDED:
            whole = _mended(part)
            mended += whole is not part
            part = whole
        if part.is_multipart():
            if depth and _is_attachment(part):
                continue
            children = part.get_payload()
            inner = carried or (depth > 0 and _content_type(part).startswith("message/"))
            if isinstance(children, list):
                stack.extend(
                    (c, depth + 1, inner) for c in reversed(children) if isinstance(c, Message)
                )
            continue
        leaves.append((part, carried))
    return leaves


def _mended(part: Message) -> Message:
    """A multipart the parser could not split (its boundary missing, or not the one its
    body uses) split by the boundary its body does use: the first ``--`` line that
    comes again.  Any other part as it is."""
    ctype = _content_type(part)
    body = part.get_payload()
    if not ctype.startswith("multipart/") or not isinstance(body, str):
        return part
    lines = [line.rstrip() for line in body.splitlines()]
    marks = [line for line in lines if line.startswith("--") and len(line) > 2]
    seen = Counter(marks)
    for mark in marks:
        if seen[mark] + seen[mark + "--"] > 1:
            boundary = mark[2:].replace('"', "")
            head = f'Content-Type: {ctype}; boundary="{boundary}"\n\n'
            try:
                return email.message_from_string(head + body, policy=compat32)
            except Exception:  # noqa: BLE001
                return part
    return part


def body_text(msg: Message) -> tuple[str, str, list[str]]:
    """Return (text, kind, attached) where kind is "plain", "html" or "none" and
    ``attached`` names the text files attached to the mail (``orders.txt``), which
    are not read: the reply says so, since a player may have put orders there (every
    file, when the mail has no text at all).

    Every plain text part that is not an attachment is read, in order: a mail program
    that writes plain text around a picture put in its middle sends the text in two
    parts, and the orders after the picture are the player's too (the text of a mail
    forwarded inside the mail is read only when there is no other).  HTML is read only
    when there is no plain text (it is then the first HTML part: the others are
    alternatives of it or of each other)."""
    own: list[Message] = []
    carried_plain: list[Message] = []
    html: Message | None = None
    attached: list[str] = []
    leaves = _leaves(msg)
    for part, carried in leaves:
        ctype = _content_type(part)
        if ctype.startswith("multipart/"):  # one that could not be split: its text
            ctype = "text/plain"
        if ctype not in ("text/plain", "text/html"):
            continue
        if _is_attachment(part):
            attached.append(_file_name(part))
        elif ctype == "text/plain":
            (carried_plain if carried else own).append(part)
        elif html is None:
            html = part
    plain = own or carried_plain[:1]
    if plain:
        return "\n".join(_text_of(part) for part in plain), "plain", attached
    if html is not None:
        return html_to_text(_text_of(html)), "html", attached
    # No text at all (Outlook's winmail.dat, say): every file is named as not read.
    files = [_file_name(part, f"(a part of type {_content_type(part)})") for part, _ in leaves]
    return "", "none", attached + [name for name in files if name not in attached]


def _file_name(part: Message, unnamed: str = "(a text file)") -> str:
    """An attached file's name as a reply shows it (one line, at most 80 characters)."""
    try:
        name = part.get_filename()
    except Exception:  # noqa: BLE001
        name = None
    return " ".join(str(name or "").split())[:80] or unnamed


def _content_type(part: Message) -> str:
    try:
        return part.get_content_type()
    except Exception:  # noqa: BLE001
        return ""
