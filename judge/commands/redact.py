"""What the judge keeps of a mail once it is processed: its header and its text, with
every password hidden.

A processed (or ignored) mail is rewritten to its header lines as parsed, followed by
the decoded text of its body as plain UTF-8 text in which every password is replaced
by ``********``: the password argument of each command that has one (the command's own
``echo``, as the reply quotes it: SIGNON, JOIN, RESIGN, SET PASSWORD, REPLACE, ...),
every ``Password:`` or ``New password:`` field, and every value in a REGISTER block,
quoted lines (``> SIGNON ...``) included.  Attachments, HTML and other parts are not
kept.  A signed mail loses the bytes its signature covers: it was verified when it
was processed, and the replay record (``used_signature``) does not need them.
"""

from __future__ import annotations

import re
from email.parser import BytesParser
from email.policy import compat32

import judge.commands  # noqa: F401  (registers every command)
from judge.commands import registry
from judge.commands.base import COMMAND, HIDDEN, Statement
from judge.commands.parser import command_line
from judge.mail.parse import IncomingMail, parse_incoming

_HEADER_SCAN = 256 * 1024
_DROPPED = {"content-type", "content-transfer-encoding", "mime-version"}
_KEPT = (
    b"MIME-Version: 1.0\r\n"
    b'Content-Type: text/plain; charset="utf-8"\r\n'
    b"Content-Transfer-Encoding: 8bit\r\n"
    b"X-Judge-Kept: text only, passwords hidden\r\n"
)
_QUOTE = re.compile(r"^([\s>|]*)(.*)$", re.S)
# A REGISTER field label as read_fields reads it: spaces anywhere, any case.
_FIELD = re.compile(r"(n\s*e\s*w\s*)?p\s*a\s*s\s*s\s*w\s*o\s*r\s*d\s*:.*$", re.I | re.S)


def _command_line(rest: str) -> tuple[str, tuple[str, ...]] | None:
    """(the line as its command echoes it, the end keys of the REGISTER block it
    opens or ()), or None when the line is no command."""
    found = command_line(rest.strip())  # as the parser reads it
    if found is None:
        return None
    text, cls, args, _loosely = found
    try:
        shown = cls().echo(Statement(0, text, COMMAND, cls, args))
    except Exception:  # noqa: BLE001 - cannot tell where the password is: hide it all
        shown = HIDDEN
    return shown, cls.block_ends if cls.keyword == "REGISTER" else ()


def mask_text(text: str) -> str:
    """``text`` with every password hidden (see the module docstring)."""
    out: list[str] = []
    block_ends: set[str] | None = None  # inside a REGISTER block: its end keys
    for line in text.split("\n"):
        match = _QUOTE.match(line)
        prefix, rest = (match.group(1), match.group(2)) if match else ("", line)
        if block_ends is not None:
            if registry.end_key(rest) in block_ends:
                block_ends = None
            elif rest.strip() and not rest.strip().startswith("//"):
                label, sep, _ = rest.partition(":")
                line = prefix + (f"{label}: {HIDDEN}" if sep else HIDDEN)
            out.append(line)
            continue
        command = _command_line(rest)
        if command is not None:
            shown, ends = command
            if ends:
                block_ends = {registry.squash(e.split()) for e in ends}
            if HIDDEN in shown:
                line = prefix + shown
        line = _FIELD.sub(f"password: {HIDDEN}", line)
        out.append(line)
    return "\n".join(out)


def _header_lines(raw: bytes) -> bytes:
    """The header fields of ``raw`` as parsed (a line that is no header field starts
    the body, as for the parser), without its MIME structure fields."""
    try:
        msg = BytesParser(policy=compat32).parsebytes(raw[:_HEADER_SCAN], headersonly=True)
        items = msg.items()
    except Exception:  # noqa: BLE001
        return b""
    out = []
    for name, value in items:
        if name.lower() in _DROPPED:
            continue
        if name.lower() == "subject":  # a SIGNON written in the subject
            value = mask_text(str(value))  # 8-bit bytes make compat32 give a Header
        out.append(f"{name}: {value}".rstrip("\r\n").encode("utf-8", "surrogateescape"))
    return b"\r\n".join(out) + b"\r\n" if out else b""


def redact(
    raw: bytes, judge_address: str, max_bytes: int, mail: IncomingMail | None = None
) -> bytes:
    """The bytes to keep of a processed mail: header fields, then its text (read as
    the processor reads it, up to ``max_bytes``; ``mail`` when it was read already)
    with passwords hidden."""
    if mail is None:
        mail = parse_incoming(raw, judge_address, max_bytes)
    if mail.too_large:
        body = f"[The body of this mail ({mail.size} bytes) was not read and is not kept.]\n"
    else:
        body = mask_text(mail.full_text)
    return _header_lines(raw) + _KEPT + b"\r\n" + body.encode("utf-8", "replace")
