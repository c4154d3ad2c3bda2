"""Safe header values: what the judge reads from a mail's headers and what it writes.

Reading: an address header is split into display name and address *before* anything is
decoded (``split_mailbox``), so an encoded display name can never pose as the address;
Message-IDs are taken from the raw text and kept only when they are plain.

Writing: every header value the judge sets is decoded text made single-line (control
and line-separator characters become spaces), cut to a length, and stripped of the
``=?`` that starts an RFC 2047 encoded-word (``header_text``), so that setting it cannot
decode anything a second time.  ``clean_headers`` applies this to a whole mail and is
called by ``judge.store.mail.enqueue`` for every outgoing mail.
"""

from __future__ import annotations

import re
import unicodedata
from email.headerregistry import Address
from email.message import EmailMessage

MAX_HEADER_TEXT = 200
MAX_ADDRESS = 254
_MAX_LOCAL = 64
_MAX_LABEL = 63
_MAX_MSGID = 250

# atext of RFC 5322 (plus any non-ASCII letter, RFC 6531) for the local part
_LOCAL_ATOM = re.compile(r"^[A-Za-z0-9!#$%&'*+/=?^_`{|}~\-\u0080-\U0010ffff]+$")
_ALNUM = r"A-Za-z0-9\u0080-\U0010ffff"
_LABEL = re.compile(rf"^[{_ALNUM}](?:[{_ALNUM}\-]*[{_ALNUM}])?$")
_MSGID = re.compile(r"<[!-;=?-~]{1,248}>")  # printable ASCII without < > and spaces
_UNSAFE_CATEGORIES = {"Cc", "Cf", "Cs", "Co", "Cn", "Zl", "Zp"}

ADDRESS_HEADERS = ("From", "To", "Cc", "Bcc", "Reply-To", "Sender")
ID_HEADERS = ("Message-ID", "In-Reply-To", "References")
TEXT_HEADERS = ("Subject", "Auto-Submitted", "Precedence", "X-Judge-Notice")


def header_text(value: object, limit: int = MAX_HEADER_TEXT) -> str:
    """``value`` as one safe line of header text: control, format and line-separator
    characters become spaces, runs of spaces collapse, encoded-word openers ``=?``
    lose their ``?``-adjacency (``= ?``), and the result is cut to ``limit``."""
    text = "".join(" " if unicodedata.category(c) in _UNSAFE_CATEGORIES else c for c in str(value))
    text = " ".join(text.split())
    while "=?" in text:
        text = text.replace("=?", "= ?")
    return text[:limit].rstrip()


def usable_address(addr: str) -> str | None:
    """``addr`` if it is a plain ``local@domain`` address the judge can write to, in
    lower case, else None.  Quoted local parts and domain literals are not accepted;
    non-ASCII (RFC 6531) is.  All of it in lower case: the judge compares addresses
    without regard to case, as njudge does (``strcasecmp`` in its ``mail.c``), so a
    mail program that capitalises a player's address changes nothing."""
    addr = addr.strip()
    if not addr or len(addr) > MAX_ADDRESS or "@" not in addr:
        return None
    local, _, domain = addr.rpartition("@")
    if not local or len(local) > _MAX_LOCAL or not domain:
        return None
    if not all(part and _LOCAL_ATOM.match(part) for part in local.split(".")):
        return None
    labels = domain.split(".")
    if not all(len(lb) <= _MAX_LABEL and _LABEL.match(lb) for lb in labels):
        return None
    return f"{local}@{domain}".lower()


def _scan(raw: str) -> tuple[str, list[tuple[int, int]], bool]:
    """Remove comments; find angle brackets and top-level commas outside quotes.
    Returns (text without comments, [(start, end) of each <...>], several?)."""
    out: list[str] = []
    angles: list[tuple[int, int]] = []
    depth = 0
    quoted = escaped = several = False
    opened = -1
    for c in raw:
        if escaped:
            escaped = False
            if depth == 0:
                out.append(c)
            continue
        if c == "\\" and (quoted or depth):
            escaped = True
            if depth == 0:
                out.append(c)
            continue
        if depth:
            depth += {"(": 1, ")": -1}.get(c, 0)
            continue
        if c == '"':
            quoted = not quoted
        elif not quoted:
            if c == "(":
                depth = 1
                out.append(" ")
                continue
            if c == "<":
                opened = len(out)
            elif c == ">" and opened >= 0:
                angles.append((opened, len(out)))
                opened = -1
            elif c == "," and opened < 0:
                several = True
        out.append(c)
    return "".join(out), angles, several


def split_mailbox(raw: str) -> tuple[str, str]:
    """(raw display name, address) of a single-mailbox header value, read before any
    decoding; the address is ``""`` when it is missing, unusable or ambiguous (several
    mailboxes, a group, several ``<...>``).  The caller decodes the display name."""
    text, angles, several = _scan(" ".join(raw.split()))
    if several or len(angles) > 1:
        return "", ""
    if angles:
        start, end = angles[0]
        name = text[:start].strip().strip('"').strip()
        if text[end + 1 :].strip():
            return name, ""
        return name, usable_address(text[start + 1 : end]) or ""
    return "", usable_address(text.replace('"', " ").strip()) or ""


def msg_id(text: str | None) -> str | None:
    """The first plain Message-ID ``<...>`` in the raw text, or None."""
    ids = msg_ids(text, 1)
    return ids[0] if ids else None


def msg_ids(text: str | None, limit: int = 50) -> list[str]:
    """Plain Message-IDs in the raw text (never decoded): printable ASCII, no ``=?``."""
    found = [m for m in _MSGID.findall(text or "") if "=?" not in m and len(m) <= _MAX_MSGID]
    return found[:limit]


def _clean_addresses(msg: EmailMessage, name: str) -> None:
    values = msg.get_all(name) or []
    if not values:
        return
    given: list[Address] = [a for value in values for a in getattr(value, "addresses", ())]
    kept: list[Address] = []
    for a in given:
        addr = usable_address(a.addr_spec)
        if addr:
            local, _, domain = addr.rpartition("@")
            kept.append(Address(header_text(a.display_name, 80), local, domain))
    if len(values) == 1 and kept and kept == given:
        return  # clean as it is (the usual case: the judge wrote it)
    del msg[name]
    if kept:
        msg[name] = kept


def _clean_ids(msg: EmailMessage, name: str) -> None:
    values = msg.get_all(name) or []
    if not values:
        return
    ids = [i for v in values for i in msg_ids(str(v))]
    text = " ".join(ids[-21:]) if name == "References" else (ids[0] if ids else "")
    if len(values) == 1 and text and str(values[0]) == text:
        return  # clean as it is
    del msg[name]
    if text:
        msg[name] = text


def clean_headers(msg: EmailMessage) -> EmailMessage:
    """Rebuild the headers a reply or report carries from safe values (see the module
    docstring): addresses kept only when usable, Message-IDs only when plain, text
    single-line and length-limited.  Returns ``msg``."""
    for name in ADDRESS_HEADERS:
        _clean_addresses(msg, name)
    for name in ID_HEADERS:
        _clean_ids(msg, name)
    for name in TEXT_HEADERS:
        values = msg.get_all(name) or []
        if values:
            text = header_text(str(values[0]))
            if len(values) == 1 and text and str(values[0]) == text:
                continue  # clean as it is
            del msg[name]
            msg[name] = text
    return msg
