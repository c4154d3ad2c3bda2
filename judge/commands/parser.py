"""Split the text of a mail into statements.

The parser only finds where commands, blocks and orders are; it does not decide
whether they are allowed.  It never raises, whatever the text.

* Blank lines (direction marks alone count as blank) and lines starting with ``//``
  are skipped.
* A command that stops (SIGNOFF) ends the mail; what follows is not read.
* A line that is only ``--`` (a signature delimiter) ends the statements of the mail;
  what follows is split into statements of its own (:attr:`ParsedMail.below_signature`;
  a further ``--`` line there is passed over), which the reader of the mail takes only
  when they hold orders or commands (a player who wrote ``--`` above them as a
  separator), never when they are a signature.
* A command with a block (PRESS, BROADCAST, REGISTER) takes the following lines
  verbatim up to its end keyword (alone on its line), SIGNOFF, a ``--`` line with no
  end keyword after it (a ``--`` above the end keyword signs the message), or the end
  of the mail;
  one whose block needs its end (njudge's ``IF`` ... ``ENDIF``) is a command only when
  that end follows.  Written as a heading, with a colon after its keyword
  (``BROADCAST:``), a block command is one only when its end line follows.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import NamedTuple

from judge.commands import registry
from judge.commands.base import COMMAND, OTHER, UNKNOWN, Command, Statement
from judge.mail.cleanup import is_forward_line
from judge.orders.text import unmarked

MAX_LINE = 1000  # a command or order line is read so far, its rest refused
MAX_STATEMENTS = 500
_STOP_MARKS = ".!"  # may end a command's line ("signoff.", "SET NOLIST.")
# The full-width forms of ASCII an East Asian input method types ('Ａ Ｐａｒ－Ｂｕｒ') and
# its ideographic space, as ASCII; the invisible marks that set writing direction
# (left-to-right and right-to-left marks, embeddings, overrides, isolates) left out.
_PLAIN_WIDTH = str.maketrans(
    {
        **{0xFF01 + i: 0x21 + i for i in range(94)},
        0x3000: " ",
        **dict.fromkeys([0x061C, 0x200E, 0x200F, *range(0x202A, 0x202F), *range(0x2066, 0x206A)]),
    }
)


@dataclass
class ParsedMail:
    """The statements of a mail and how reading ended."""

    statements: list[Statement] = field(default_factory=list)
    ignored_after: int = 0  # lines left unread after SIGNOFF or a signature
    after_stop: list[str] = field(default_factory=list)  # those after SIGNOFF
    truncated: bool = False  # more than MAX_STATEMENTS statements
    unread: tuple[str, int] | None = None  # the first line past MAX_STATEMENTS, and how many
    below_signature: ParsedMail | None = None  # what follows a ``--`` line

    @property
    def every_statement(self) -> list[Statement]:
        """The statements, and those below a signature line (``--``) as well."""
        below = self.below_signature
        return self.statements + (below.every_statement if below is not None else [])


def _is_signature(line: str) -> bool:
    return line.rstrip() == "--"


class CommandLine(NamedTuple):
    """A line read as a command: the line as read (without a list mark), its command,
    its arguments, and whether it was read only without a list mark or a final mark."""

    text: str
    command: type[Command]
    args: str
    loosely: bool


def command_line(text: str) -> CommandLine | None:
    """The command a line gives, or None: the line as written, else without a full
    stop or "!" after it ("Signoff.", "SET NOLIST."), else the same without the mark
    of a list item before it ("1. PAUSE", "- SET NOLIST").  The parser and the
    masking of passwords read a line so."""
    for written in dict.fromkeys((text, unmarked(text))):  # each once
        for form in dict.fromkeys((written, written.rstrip(_STOP_MARKS))):
            found = registry.match(form)
            if found is not None:
                return CommandLine(written, *found, loosely=form != text)
    return None


def setting_list(text: str, whole: CommandLine | None) -> list[tuple[str, CommandLine | None]]:
    """njudge's several settings on one SET line, split at its commas, each as a SET
    line of its own with the command it reads as (``SET GREY, PARTIAL FAKES
    BROADCAST``: njudge's ml_set.c reads them one after another); [] when the line is
    no such list: not SET, no commas, or one command (``whole``, what the line reads
    as), none of whose parts is another (``SET ABSENCE Nov 23, 2026``), or one whose
    words hold commas (the timing rules' ``REMIND 24h,1h``).  A part of one letter is
    no setting (``SET CONCEDE F, P``: a power, not njudge's short ``SET P`` for SET
    PASSWORD)."""
    first, _, rest = text.partition(" ")
    if first.upper() != "SET" or "," not in rest:
        return []
    parts = [part.strip() for part in rest.split(",") if part.strip()]
    lines = [part if part.upper().startswith("SET ") else f"SET {part}" for part in parts]
    read = [(line, command_line(line)) for line in lines]
    found = [len(line.split()[1]) > 1 and command is not None for line, command in read]
    if whole is None:
        return read if any(found) else []
    return read if all(found) and not whole.command.commas_in_args else []


def _statement(line_no: int, text: str, found: CommandLine | None) -> Statement:
    """The statement of line ``text``, read as the command ``found`` (None: no command)."""
    if found is not None:
        loosely = text if found.loosely else ""
        return Statement(line_no, found.text, COMMAND, found.command, found.args, loosely=loosely)
    first = text.split(None, 1)[0].upper() if text.split() else ""
    if first in registry.COMMAND_FAMILIES or registry.colon_keyword(text):
        return Statement(line_no, text, UNKNOWN)  # "SET WATI", "CLEAR:"
    return Statement(line_no, _plain_width(text), OTHER)


def _plain_width(text: str) -> str:
    """A line that is no command (an order) as it shows: full-width letters and signs
    as ASCII, direction marks left out (see ``_PLAIN_WIDTH``)."""
    return text if text.isascii() else text.translate(_PLAIN_WIDTH).strip()


def _headed_block(line_no: int, text: str, lines: list[str]) -> Statement | None:
    """A block command written as a heading, with a colon after its keyword
    (``BROADCAST:``), when its end line follows; None otherwise (``Broadcast: we
    agree`` is prose)."""
    word, _, rest = text.partition(" ")
    found = registry.match(f"{word[:-1]} {rest}") if word.endswith(":") else None
    if found is None or not found[0].block_ends or found[0].block_needs_end:
        return None
    stmt = Statement(line_no, text, COMMAND, found[0], found[1])
    return stmt if _end_follows(stmt, lines, line_no) else None


def _collect_block(stmt: Statement, lines: list[str], start: int) -> tuple[int, bool]:
    """Fill ``stmt.block`` from ``lines[start:]``; return (next index, stop reading)."""
    ends = _ends(stmt)
    i = start
    while i < len(lines):
        raw = lines[i]
        key = registry.end_key(raw)
        if key in ends:
            return i + 1, False
        if (
            _is_signature(raw)
            and (end := _end_index(ends, lines, i + 1, past_signature=True)) is not None
        ):
            # the sender signs the message ("--", "France") above its end line
            stmt.block.extend(line.rstrip() for line in lines[i:end])
            return end + 1, False
        if _is_signature(raw) or registry.is_stop_line(raw):
            return i, True
        stmt.block.append(raw.rstrip())
        i += 1
    stmt.closed = False
    return i, True


def _ends(stmt: Statement) -> set[str]:
    """The end keywords of a statement's block, as :func:`registry.end_key` gives them."""
    assert stmt.command is not None
    return {registry.squash(e.split()) for e in stmt.command.block_ends}


def _end_index(ends: set[str], lines: list[str], start: int, past_signature: bool) -> int | None:
    """The index of the first end line (one of ``ends``) in ``lines[start:]`` before
    a SIGNOFF (and, unless ``past_signature``, before a ``--`` line), or None."""
    for i in range(start, len(lines)):
        raw = lines[i]
        if registry.end_key(raw) in ends:
            return i
        if registry.is_stop_line(raw) or (not past_signature and _is_signature(raw)):
            return None
    return None


def _end_follows(stmt: Statement, lines: list[str], start: int) -> bool:
    """Whether an end keyword of the statement's block stands in ``lines[start:]``
    before the mail ends (a signature or SIGNOFF)."""
    return _end_index(_ends(stmt), lines, start, past_signature=False) is not None


def parse_body(text: str) -> ParsedMail:
    """Split a mail body into statements (see the module docstring)."""
    parsed = ParsedMail()
    if not isinstance(text, str):
        return parsed
    lines = text.replace("\r\n", "\n").replace("\r", "\n").split("\n")
    return _parse_lines(lines, 0, MAX_STATEMENTS, below=False)


def forwarded_from(text: str) -> int | None:
    """The index of the first line of ``text`` a mail program writes above a mail
    forwarded in it (:func:`judge.mail.cleanup.is_forward_line`), outside the blocks
    of commands (a mail forwarded in a ``MASTER BROADCAST`` is the message's), or None."""
    statements = parse_body(text).every_statement
    found = (stmt.line_no - 1 for stmt in statements if is_forward_line(stmt.text))
    return next(found, None)


def _parse_lines(lines: list[str], i: int, room: int, below: bool) -> ParsedMail:
    """The statements of ``lines[i:]`` (line numbers counted from the first of
    ``lines``), at most ``room`` of them; ``below`` a signature line, a further
    ``--`` line is passed over."""
    parsed = ParsedMail()
    while i < len(lines):
        raw = lines[i]
        i += 1
        if _is_signature(raw):
            if below:
                continue
            parsed.ignored_after = _count_rest(lines, i)
            room -= len(parsed.statements)
            parsed.below_signature = _parse_lines(lines, i, room, below=True)
            break
        whole = raw.strip()
        line = whole[:MAX_LINE]
        if not _plain_width(line) or line.startswith("//"):
            continue
        if len(parsed.statements) >= room:
            parsed.truncated = True
            parsed.unread = (line, 1 + _count_rest(lines, i))
            break
        found = command_line(line)
        if settings := setting_list(line, found):
            kept = settings[: room - len(parsed.statements)]
            parsed.statements.extend(_statement(i, text, part) for text, part in kept)
            parsed.truncated = len(kept) < len(settings)
            if parsed.truncated:
                break
            continue
        stmt = _statement(i, line, found)
        if stmt.kind in (OTHER, UNKNOWN):  # "BROADCAST:" ... "ENDPRESS"
            stmt = _headed_block(i, line, lines) or stmt
        command = stmt.command
        takes_block = command is not None and bool(command.block_ends)
        if takes_block and not _end_follows(stmt, lines, i):
            assert command is not None
            if command.block_needs_end or stmt.loosely:
                # prose: "If you go to Munich ...", "- Press on to Munich"
                stmt = Statement(i, line, OTHER)
            elif not command.block_to_the_end(stmt.args):
                stmt.closed, takes_block = False, False  # "Press on to Munich": no message
        stmt.cut = len(whole) - len(line)
        parsed.statements.append(stmt)
        if stmt.command is not None and stmt.command.stops:
            parsed.after_stop = [rest.strip()[:MAX_LINE] for rest in lines[i:] if rest.strip()]
            parsed.ignored_after = len(parsed.after_stop)
            break
        if takes_block and stmt.command is not None:
            # A signature or SIGNOFF that closes the block is seen by this loop next.
            i, _ = _collect_block(stmt, lines, i)
    return parsed


def _count_rest(lines: list[str], start: int) -> int:
    return sum(1 for line in lines[start:] if line.strip())
