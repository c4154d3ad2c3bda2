"""Clean a plain-text mail body: unwrap OpenPGP clear-signing, drop quoted replies,
forwarded-header blocks and signatures."""

from __future__ import annotations

import re
from dataclasses import dataclass

_PGP_BEGIN = "-----BEGIN PGP SIGNED MESSAGE-----"
_PGP_SIG = "-----BEGIN PGP SIGNATURE-----"
_PGP_END = "-----END PGP SIGNATURE-----"

# Attribution lines that introduce a quoted earlier mail ("On <date>, X wrote:").
_ATTRIBUTION_START = re.compile(r"^\s*(on|am|le|el|il|op|em|den)\s", re.IGNORECASE)
_ATTRIBUTION_END = re.compile(
    r"(wrote|writes|schrieb|a écrit|escribió|ha scritto|schreef|escreveu|skrev)\s*:\s*$",
    re.IGNORECASE,
)
# Lines after which everything is the earlier mail (Outlook and friends): a marker,
# or Outlook's line of underscores.
_ORIGINAL_MESSAGE = re.compile(r"^\s*-{2,}\s*original message\s*-{2,}\s*$", re.IGNORECASE)
_UNDERSCORES = re.compile(r"^\s*_{10,}\s*$")
_FORWARD_MARKER = re.compile(
    r"^\s*(-{2,}\s*forwarded message\s*-{2,}|begin forwarded message:"
    r"|-{2,}\s*weitergeleitete nachricht\s*-{2,})\s*$",
    re.IGNORECASE,
)
# A forward's marker without "message", as some programs write it.
_SHORT_FORWARD_MARKER = re.compile(r"^\s*-{2,}\s*forwarded\s*-{2,}\s*$", re.IGNORECASE)
_HEADER_LINE = re.compile(r"^\s*\*?(from|sent|date|to|cc|subject|reply-to)\*?\s*:", re.IGNORECASE)


@dataclass(frozen=True)
class ClearSigned:
    """An OpenPGP clear-signed block found in a body."""

    armoured: str  # the block from BEGIN PGP SIGNED MESSAGE to END PGP SIGNATURE
    text: str  # the signed text, dash-escaping undone


def find_clearsigned(text: str) -> ClearSigned | None:
    """Find the first clear-signed block in ``text``, or None.  Its armour lines are
    lines of their own (RFC 4880 section 7, as the signature check reads them): a
    block quoted in a reply (``> -----BEGIN PGP SIGNED MESSAGE-----``) is quoted
    text, not the mail's signed block."""
    lines = text.split("\n")
    start = _armour_line(lines, _PGP_BEGIN, 0)
    sig = _armour_line(lines, _PGP_SIG, start + 1) if start is not None else None
    end = _armour_line(lines, _PGP_END, sig + 1) if sig is not None else None
    if start is None or sig is None or end is None:
        return None
    armoured = "\n".join(line.rstrip() for line in lines[start : end + 1])
    signed = lines[start + 1 : sig]
    # Skip the armour headers ("Hash: SHA256") up to the first empty line.
    while signed and signed[0].strip():
        signed.pop(0)
    if signed:
        signed.pop(0)
    signed = [line[2:] if line.startswith("- ") else line for line in signed]
    return ClearSigned(armoured=armoured, text="\n".join(signed).rstrip("\n"))


_QUOTE_MARKS = re.compile(r"^[>\s]*")


def without_earlier_signed(text: str) -> tuple[str, bool]:
    """A mail's signed text without the earlier clear-signed mails it holds, forwarded
    (their armour lines as lines of their own) or quoted (``> -----BEGIN ...``), and
    whether it held one: each signed command runs once, in the mail it was signed for."""
    kept: list[str] = []
    inside = found = False
    for line in text.split("\n"):
        bare = _QUOTE_MARKS.sub("", line).rstrip()
        if inside:
            inside = bare != _PGP_END
        elif bare == _PGP_BEGIN:
            inside = found = True
        else:
            kept.append(line)
    return "\n".join(kept), found


@dataclass(frozen=True)
class OwnLines:
    """A game master's signed text as it is run: the master's own lines, the line
    above a mail forwarded in it (None: none), and whether an earlier signed mail
    was left out."""

    text: str
    forwarded: str | None
    earlier_signed: bool


def is_forward_line(line: str) -> bool:
    """Whether ``line`` is one a mail program writes above a mail forwarded (or
    copied) into a new one: ``---------- Forwarded message ---------``, ``Begin
    forwarded message:``, ``---- Forwarded ----``, ``-------- Original Message
    --------``; not quoted."""
    markers = (_FORWARD_MARKER, _SHORT_FORWARD_MARKER, _ORIGINAL_MESSAGE)
    return any(marker.match(line) for marker in markers)


def masters_own_lines(signed: str, forwarded: int | None) -> OwnLines:
    """The lines of a master's signed text that are the master's own: quoted replies,
    the mail forwarded from line ``forwarded`` on (an index; None: none) and earlier
    signed mails are another's words, never the master's commands."""
    lines = signed.split("\n")
    cut = len(lines) if forwarded is None else forwarded
    text, earlier = without_earlier_signed(strip_quotes("\n".join(lines[:cut])))
    earlier = earlier or without_earlier_signed("\n".join(lines[cut:]))[1]
    line = lines[cut].strip() if cut < len(lines) else None
    return OwnLines(text, line, earlier)


def _armour_line(lines: list[str], armour: str, start: int) -> int | None:
    """The index of the first line from ``start`` that is ``armour`` (trailing blanks
    aside), or None."""
    return next((i for i in range(start, len(lines)) if lines[i].rstrip() == armour), None)


def _is_attribution(lines: list[str], i: int) -> int:
    """If an attribution starts at line i, return how many lines it spans, else 0."""
    if _ATTRIBUTION_START.match(lines[i]):
        for span in range(1, 4):
            j = i + span - 1
            if j >= len(lines) or not lines[j].strip():
                break
            if _ATTRIBUTION_END.search(lines[j]):
                return span
    return _addressed_attribution(lines, i)


def _addressed_attribution(lines: list[str], i: int) -> int:
    """An attribution in any language or order ("Am ... schrieb X <x@y>:", "X <x@y>
    wrote on ...:", "21.11.2026, 11:00, "X" <x@y>:"): one to three lines naming an
    address, the last ending in ":", with quoted lines (">") right after them; how many
    lines it spans, else 0.  It starts at the line that names the address, or at the
    line before one whose address it breaks (``X <`` / ``x@y>:``): never at a line of
    the player's own just above it (``SIGNON ...`` over ``On ... <x@y> wrote:``)."""
    for span in range(1, 4):
        j = i + span - 1
        if j >= len(lines) or not lines[j].strip():
            return 0
        if lines[j].rstrip().endswith(":"):
            named = _named_from(lines, i, j) == i
            return span if named and _quoted_next(lines, j + 1) else 0
    return 0


def _named_from(lines: list[str], i: int, j: int) -> int | None:
    """The first line of ``lines[i..j]`` that an attribution ending at line ``j``
    needs: the last that holds an ``@``, or the one before it when that one breaks the
    address (ends in ``<`` or ``(``); None when none names an address."""
    start = next((k for k in range(j, i - 1, -1) if "@" in lines[k]), None)
    if start is not None and start > i and lines[start - 1].rstrip().endswith(("<", "(")):
        start -= 1
    return start


def _quoted_next(lines: list[str], i: int) -> bool:
    """Whether the first line with text from line ``i`` on is quoted (``>``)."""
    after = next((line for line in lines[i:] if line.strip()), "")
    return after.lstrip().startswith(">")


def _is_outlook_header(lines: list[str], i: int) -> bool:
    """A "From: ... Sent: ..." block that Outlook puts above the mail it quotes."""
    if not re.match(r"^\s*\*?from\*?\s*:", lines[i], re.IGNORECASE):
        return False
    following = lines[i + 1 : i + 5]
    return any(re.match(r"^\s*\*?(sent|date)\*?\s*:", f, re.IGNORECASE) for f in following)


def _from_judge(headers: list[str], judge_address: str) -> bool:
    """Whether a forwarded mail's header lines say the judge sent it."""
    address = judge_address.strip().lower()
    return bool(address) and any(
        re.match(r"^\s*\*?from\*?\s*:", line, re.IGNORECASE) and address in line.lower()
        for line in headers
    )


def strip_quotes(text: str, judge_address: str = "") -> str:
    """Drop quoted replies, Outlook-style reply headers and forwarded-header blocks;
    a forwarded mail of the judge's own (its header block's ``From:`` names
    ``judge_address``) is dropped whole: a report forwarded back under your orders
    holds no orders of yours.

    A signature separator ("-- ") is kept, as ``--``, with what follows it: the
    command reader decides whether that is a signature or orders written below a
    separator line (:mod:`judge.commands.parser`)."""
    lines = text.split("\n")
    out: list[str] = []
    i = 0
    while i < len(lines):
        line = lines[i]
        if line.rstrip() == "--":
            out.append("--")  # a signature separator, or a player's own separator line
            i += 1
            continue
        if (
            _ORIGINAL_MESSAGE.match(line)
            or _UNDERSCORES.match(line)
            or _is_outlook_header(lines, i)
        ):
            break
        if line.lstrip().startswith(">"):
            i += 1
            continue
        span = _is_attribution(lines, i)
        if span:
            i += span
            if not _quoted_next(lines, i):
                break  # the earlier mail follows unmarked (some phone mail programs)
            continue
        if _FORWARD_MARKER.match(line):
            # Keep the forwarded text but not its header block: headers typed into a
            # body are never trusted.
            i += 1
            start = i
            while i < len(lines) and (_HEADER_LINE.match(lines[i]) or not lines[i].strip()):
                i += 1
            if _from_judge(lines[start:i], judge_address):
                break
            continue
        out.append(line.rstrip())
        i += 1
    while out and not out[-1].strip():
        out.pop()
    while out and not out[0].strip():
        out.pop(0)
    return "\n".join(out)
