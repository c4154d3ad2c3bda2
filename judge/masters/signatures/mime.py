"""Find the signed material in a raw mail without re-serialising anything.

Two forms are understood:

* PGP/MIME (RFC 3156): a ``multipart/signed`` entity whose first part is the
  signed content and whose second part is an ``application/pgp-signature``.
  The signature covers the first part's exact bytes with CRLF line endings,
  from the end of the opening delimiter line up to (not including) the CRLF
  that precedes the next delimiter.
* Inline clear-signed text (RFC 4880 section 7): a ``text/plain`` body holding a
  ``-----BEGIN PGP SIGNED MESSAGE-----`` block.
"""

from __future__ import annotations

import email
import re
from dataclasses import dataclass
from email import policy
from email.message import EmailMessage, Message

from judge.mail.flowed import is_flowed, unflow
from judge.mail.html_text import html_to_text
from judge.mail.mime_text import decode_part

MAX_DEPTH = 8
CLEARSIGN_BEGIN = b"-----BEGIN PGP SIGNED MESSAGE-----"
SIGNATURE_END = b"-----END PGP SIGNATURE-----"
_BLANK_LINE = b"\r\n\r\n"


@dataclass(frozen=True)
class DetachedSigned:
    """A PGP/MIME signed entity: the exact signed bytes and the signature."""

    content: bytes
    signature: bytes


@dataclass(frozen=True)
class InlineSignedPart:
    """An inline clear-signed block and the charset of the part it came from."""

    block: bytes
    charset: str


def to_crlf(raw: bytes) -> bytes:
    """Give every line a CRLF ending, whatever mix of endings it had."""
    return re.sub(rb"\r?\n|\r", b"\r\n", raw)


def split_entity(entity: bytes) -> tuple[bytes, bytes]:
    """Split a CRLF entity into its header block and its body."""
    if entity.startswith(b"\r\n"):
        return b"", entity[2:]
    cut = entity.find(_BLANK_LINE)
    if cut < 0:
        return entity, b""
    return entity[: cut + 2], entity[cut + 4 :]


def parse_headers(headers: bytes) -> EmailMessage:
    """Parse a header block into a message object with an empty body."""
    return email.message_from_bytes(headers + b"\r\n", policy=policy.default)  # type: ignore[return-value]


def split_multipart(body: bytes, boundary: str) -> list[bytes] | None:
    """Return the exact bytes of each body part of a multipart body, or None if malformed.

    The CRLF before a delimiter belongs to the delimiter, so it is not part of
    the preceding body part.
    """
    marker = b"\r\n--" + boundary.encode("ascii", "replace")
    text = b"\r\n" + body
    parts: list[bytes] = []
    start: int | None = None
    pos = 0
    while True:
        found = text.find(marker, pos)
        if found < 0:
            return None  # no closing delimiter
        after = found + len(marker)
        line_end = text.find(b"\r\n", after)
        rest = text[after : line_end if line_end >= 0 else len(text)]
        if rest.startswith(b"--"):
            if start is not None:
                parts.append(text[start:found])
            return parts
        if rest.strip(b" \t"):
            pos = after  # a longer string that merely starts like the boundary
            continue
        if line_end < 0:
            return None
        if start is not None:
            parts.append(text[start:found])
        start = line_end + 2
        pos = start - 2


def _boundary(headers: Message) -> str | None:
    boundary = headers.get_param("boundary")
    return boundary if isinstance(boundary, str) and boundary else None


def find_detached(raw: bytes) -> DetachedSigned | None:
    """Find the first ``multipart/signed`` entity with an OpenPGP signature in a mail.

    Looks through nested ``multipart/*`` containers (for instance a list footer
    added around the signed part), but not into attached ``message/*`` mails.
    """
    return _find_detached(to_crlf(raw), 0)


def _find_detached(entity: bytes, depth: int) -> DetachedSigned | None:
    if depth > MAX_DEPTH:
        return None
    header_bytes, body = split_entity(entity)
    headers = parse_headers(header_bytes)
    if headers.get_content_maintype() != "multipart":
        return None
    boundary = _boundary(headers)
    if boundary is None:
        return None
    parts = split_multipart(body, boundary)
    if not parts:
        return None
    if headers.get_content_subtype() == "signed":
        protocol = str(headers.get_param("protocol") or "").lower()
        if protocol != "application/pgp-signature" or len(parts) != 2:
            return None
        signature = _decoded_body(parts[1], "application/pgp-signature")
        if signature is None:
            return None
        return DetachedSigned(content=parts[0], signature=signature)
    for part in parts:
        found = _find_detached(part, depth + 1)
        if found is not None:
            return found
    return None


def _decoded_body(entity: bytes, expected_type: str) -> bytes | None:
    message = email.message_from_bytes(entity, policy=policy.default)
    if message.get_content_type() != expected_type:
        return None
    payload = message.get_payload(decode=True)
    return payload if isinstance(payload, bytes) else None


SMIME_TYPES = frozenset(
    {
        "application/pkcs7-signature",
        "application/x-pkcs7-signature",
        "application/pkcs7-mime",
        "application/x-pkcs7-mime",
    }
)


def smime_signed(raw: bytes) -> bool:
    """Whether the mail carries an S/MIME signature (an X.509 one, which the judge
    does not check): a ``multipart/signed`` of the PKCS #7 protocol, or a PKCS #7
    part, outside attached mails."""
    if b"pkcs7" not in raw.lower():  # most mails: no need to parse
        return False
    message = email.message_from_bytes(to_crlf(raw), policy=policy.compat32)
    return _has_smime(message, 0)


def _has_smime(message: Message, depth: int) -> bool:
    if depth > MAX_DEPTH or message.get_content_maintype() == "message":
        return False
    protocol = str(message.get_param("protocol") or "").lower()
    if message.get_content_type() in SMIME_TYPES or protocol in SMIME_TYPES:
        return True
    parts = message.get_payload() if message.is_multipart() else []
    return any(isinstance(p, Message) and _has_smime(p, depth + 1) for p in parts)  # type: ignore[union-attr]


def find_inline_signed(raw: bytes) -> InlineSignedPart | None:
    """Find the first clear-signed block in the mail's ``text/plain`` parts."""
    message = email.message_from_bytes(to_crlf(raw), policy=policy.default)
    for part in text_parts(message):
        payload = part.get_payload(decode=True)
        if not isinstance(payload, bytes):
            continue
        block = _clearsigned_block(payload)
        if block is not None:
            return InlineSignedPart(block=block, charset=part.get_content_charset() or "utf-8")
    return None


def find_html_signed(raw: bytes) -> InlineSignedPart | None:
    """The first clear-signed block in the text of the mail's ``text/html`` parts (a
    web mail's composer, Mailvelope's signed text pasted in it), as UTF-8.  The text
    is recovered from the HTML, so it is the signed text only when the signature
    says so: a block whose check fails is no proof of tampering."""
    message = email.message_from_bytes(to_crlf(raw), policy=policy.default)
    for part in text_parts(message, 0, "html"):
        block = _clearsigned_block(html_to_text(decode_text(part)).encode("utf-8"))
        if block is not None:
            return InlineSignedPart(block=block, charset="utf-8")
    return None


def _clearsigned_block(payload: bytes) -> bytes | None:
    lines = payload.splitlines(keepends=True)
    start = next(
        (i for i, line in enumerate(lines) if line.rstrip() == CLEARSIGN_BEGIN),
        None,
    )
    if start is None:
        return None
    for end in range(start + 1, len(lines)):
        if lines[end].rstrip() == SIGNATURE_END:
            return b"".join(lines[start : end + 1])
    return None


def text_parts(message: Message, depth: int = 0, subtype: str = "plain") -> list[Message]:
    """The inline ``text/<subtype>`` parts of a message, in order, skipping attached mails."""
    if depth > MAX_DEPTH:
        return []
    if message.is_multipart():
        if message.get_content_maintype() == "message":
            return []
        found: list[Message] = []
        for sub in message.get_payload():  # type: ignore[union-attr]
            if isinstance(sub, Message):
                found.extend(text_parts(sub, depth + 1, subtype))
        return found
    if message.get_content_type() != f"text/{subtype}":
        return []
    if str(message.get("Content-Disposition", "")).lower().startswith("attachment"):
        return []
    return [message]


def plain_text_of(entity: bytes) -> str:
    """The text of the ``text/plain`` parts of a MIME entity, joined by blank lines.

    An entity with no plain text falls back to the text of its HTML parts.
    """
    message = email.message_from_bytes(to_crlf(entity), policy=policy.default)
    texts = [decode_text(part) for part in text_parts(message)]
    if not texts:
        texts = [html_to_text(decode_text(part)) for part in text_parts(message, 0, "html")]
    return "\n\n".join(text for text in texts if text)


def decode_text(part: Message) -> str:
    """Decode a text part as the text of any mail is (``decode_part``), with its
    line ends made LF and format=flowed lines joined."""
    text = decode_part(part).replace("\r\n", "\n").replace("\r", "\n")
    flowed, delsp = is_flowed(part)
    return unflow(text, delsp) if flowed else text
