"""Find the text of a MIME message: text/plain preferred, else HTML turned into text.

Decoding is forgiving: transfer encodings and charsets are decoded with errors replaced,
never raised, and attachments are skipped.
"""

from __future__ import annotations

import codecs
from email.message import Message

from judge.mail.html_text import html_to_text

_MAX_PARTS = 500


def decode_bytes(data: bytes, charset: str | None) -> str:
    """Decode bytes in the declared charset; guess UTF-8 / Windows-1252 when it is
    missing, unknown or plain ASCII."""
    name = (charset or "").strip().strip('"').lower()
    if name in ("", "us-ascii", "ascii", "unknown-8bit", "x-unknown", "unknown"):
        name = ""
    if name:
        try:
            codecs.lookup(name)
        except LookupError:
            name = ""
    if name:
        try:
            return data.decode(name, errors="replace")
        except Exception:  # noqa: BLE001 - some codecs raise other errors on odd input
            name = ""
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError:
        return data.decode("cp1252", errors="replace")


def _is_attachment(part: Message) -> bool:
    disposition = str(part.get("Content-Disposition", "") or "").split(";")[0].strip().lower()
    if disposition == "attachment":
        return True
    try:
        return bool(part.get_filename())
    except Exception:  # noqa: BLE001
        return False


def _payload_bytes(part: Message) -> bytes:
    try:
        data = part.get_payload(decode=True)
    except Exception:  # noqa: BLE001 - broken base64 or quoted-printable
        data = None
    if isinstance(data, bytes):
        return data
    raw = part.get_payload()
    if isinstance(raw, str):
        return raw.encode("ascii", "surrogateescape")
    return b""


def _text_of(part: Message) -> str:
    try:
        charset = part.get_content_charset()
    except Exception:  # noqa: BLE001
        charset = None
    return decode_bytes(_payload_bytes(part), charset)


def _leaves(msg: Message) -> list[Message]:
    """The non-multipart parts, in order, not descending into attachments."""
    leaves: list[Message] = []
    stack: list[tuple[Message, int]] = [(msg, 0)]
    visited = 0
    while stack and visited < _MAX_PARTS:
        part, depth = stack.pop()
        visited += 1
        if part.is_multipart():
            if depth > 20 or (depth and _is_attachment(part)):
                continue
            children = part.get_payload()
            if isinstance(children, list):
                stack.extend((c, depth + 1) for c in reversed(children) if isinstance(c, Message))
            continue
        leaves.append(part)
    return leaves


def body_text(msg: Message) -> tuple[str, str]:
    """Return (text, kind) where kind is "plain", "html" or "none"."""
    plain: Message | None = None
    html: Message | None = None
    for part in _leaves(msg):
        try:
            ctype = part.get_content_type()
        except Exception:  # noqa: BLE001
            continue
        if ctype not in ("text/plain", "text/html") or _is_attachment(part):
            continue
        if ctype == "text/plain" and plain is None:
            plain = part
        elif ctype == "text/html" and html is None:
            html = part
    if plain is not None:
        return _text_of(plain), "plain"
    if html is not None:
        return html_to_text(_text_of(html)), "html"
    return "", "none"
