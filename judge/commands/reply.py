"""The text of the judge's replies: the subject and the body (the mail itself is
built by :mod:`judge.mail.outgoing`).

The body follows the classic judges: the two ``::`` header lines that mapping tools
read, each line of the mail quoted with what came of it, the power's complete orders
and the units still without orders, and the time left to the deadline.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass, field
from datetime import datetime
from zoneinfo import ZoneInfo, ZoneInfoNotFoundError

from judge.clock.timing import format_for
from judge.commands.transcript import INFO, NOTICE, OK, REFUSED, Entry, Transcript
from judge.engine.phase import Phase
from judge.reports.subject_tags import strip_judge_tags

ERROR_FLAG = "[Error Flag]"
_MAX_SUBJECT = 200
_COUNTED = re.compile(r"\d+ (?:build|removal)s?\b")  # "1 build", "2 removals on ..."
_MARK = {OK: "  ", REFUSED: "  *** Refused: ", INFO: "  ", NOTICE: "  *** Note: "}


@dataclass
class OrderReport:
    """A power's position in the current phase, for the end of a reply."""

    game: str
    phase: str
    power_name: str
    orders: list[str] = field(default_factory=list)
    unordered: list[str] = field(default_factory=list)
    refused_reason: str | None = None  # set when the game takes no orders now
    phase_label: str | None = None  # the phase as the game names it, when not by its code


def clean_subject(original: str, code: str = "") -> str:
    """The player's subject without reply prefixes, a previous judge prefix, and the
    judge's ``code`` that began a reply before any SIGNON (``Re: CODE hello``)."""
    text = " ".join("".join(" " if ord(c) < 32 or ord(c) == 127 else c for c in original).split())
    text = strip_judge_tags(text)
    while code and text.split(None, 1)[:1] == [code]:
        text = strip_judge_tags(text[len(code) :])
    return text


def reply_subject(
    original: str, game: str | None, phase: str | None, error: bool, code: str = ""
) -> str:
    """The reply's subject as njudge writes it (mail.c):
    ``Re: [Error Flag] CODE:game - S1901M <subject>`` after a SIGNON,
    ``Re: [Error Flag] CODE <subject>`` without one (parts as they apply)."""
    parts = ["Re:"]
    if error:
        parts.append(ERROR_FLAG)
    tag = f"{game} - {phase}" if game and phase else game or ""
    if code:
        tag = f"{code}:{tag}" if tag else code
    if tag:
        parts.append(tag)
    rest = clean_subject(original, code)
    if rest:
        parts.append(rest)
    elif not game:
        parts.append("your mail to the judge")
    return " ".join(parts)[:_MAX_SUBJECT]


def zone_of(name: str | None) -> ZoneInfo:
    """The time zone called ``name``, UTC when unknown."""
    try:
        return ZoneInfo(name or "UTC")
    except (ZoneInfoNotFoundError, ValueError):
        return ZoneInfo("UTC")


def time_to_deadline(deadline: datetime, now: datetime) -> str:
    """``2 days, 3 hours, 5 minutes`` until the deadline (or that it has passed)."""
    seconds = int((deadline - now).total_seconds())
    if seconds <= 0:
        return "the deadline has passed"
    days, rest = divmod(seconds, 86400)
    hours, rest = divmod(rest, 3600)
    minutes = rest // 60
    parts = []
    for amount, unit in ((days, "day"), (hours, "hour"), (minutes, "minute")):
        if amount:
            parts.append(f"{amount} {unit}{'s' if amount != 1 else ''}")
    return ", ".join(parts) or "less than a minute"


def deadline_lines(
    deadline: datetime | None, now: datetime, zone: str | None, grace: datetime | None = None
) -> list[str]:
    """The deadline in the reader's zone and UTC (as reports write it), and the time left;
    once it has passed, when the grace period (ending at ``grace``) still takes orders."""
    if deadline is None:
        return ["No deadline is set."]
    shown = format_for(deadline, zone_of(zone))
    lines = [f"Deadline: {shown}.", f"Time to deadline: {time_to_deadline(deadline, now)}."]
    if grace is not None and deadline <= now < grace:
        lines += [
            f"Grace period ends: {format_for(grace, zone_of(zone))}; orders are taken until then.",
            f"Time to grace period expiration: {time_to_deadline(grace, now)}.",
        ]
    return lines


def transcript_lines(transcript: Transcript) -> list[str]:
    """Each quoted line of the mail followed by what came of it."""
    lines: list[str] = []
    for entry in transcript.entries:
        lines.append(f"> {entry.echo}")
        for outcome in entry.outcomes:
            lines.append(_MARK.get(outcome.status, "  ") + outcome.message)
        lines.extend("    " + x if x else "" for x in entry.extra)
        lines.append("")
    return lines


def order_lines(report: OrderReport) -> list[str]:
    """The power's complete current orders and its units without orders."""
    label = report.phase_label or report.phase
    lines = [f"Orders for {report.power_name} in game {report.game}, {label}:"]
    if report.refused_reason:
        lines.append(f"  ({report.refused_reason})")
    lines.extend(f"  {order}" for order in report.orders)
    if not report.orders and not report.refused_reason:
        lines.append("  (none yet)")
    phase = Phase.read(report.phase, mixed=True)
    adjusting = phase is not None and phase.is_adjustment
    counts = [item for item in report.unordered if _COUNTED.match(item)]
    units = [item for item in report.unordered if not _COUNTED.match(item)]
    if units:
        lines.append("Units without orders: " + ", ".join(units))
    if counts:  # builds and removals (on a board of a multiverse game, per board)
        lines.append("Adjustments not yet ordered: " + ", ".join(counts))
    if not report.unordered and report.orders and not report.refused_reason:
        lines.append("Every adjustment is ordered." if adjusting else "Every unit has an order.")
    return lines


# Said once under a mail that held no command at all ("Hi, how do I play?").
NEWCOMER_NOTE = (
    "This judge reads commands, one per line, not sentences. To begin: HELP lists",
    "the commands, LIST the games, GET FORM gives the registration form. Then send",
    "REGISTER (with Name: and Timezone: lines, and END), and JOIN <game> <password>",
    "to join a game that has not started. Orders go after a SIGNON line.",
)


def acting_copy_body(
    header: Sequence[str],
    game: str,
    power: str,
    entries: Sequence[Entry],
    reports: Sequence[OrderReport],
) -> str:
    """The copy a power's player gets of what the game master did as that power
    (BECOME): the lines of the master's mail that followed, with what came of them."""
    lines = [*header, ""] if header else []
    lines.append(
        f"The game master of game {game} acted as {power} (BECOME). These lines of their "
        "mail were read as yours:"
    )
    lines.append("")
    lines.extend(transcript_lines(Transcript(list(entries))))
    for report in reports:
        lines.extend(order_lines(report))
        lines.append("")
    return "\n".join(lines).rstrip() + "\n"


def render_body(
    header: Sequence[str],
    transcript: Transcript,
    report: OrderReport | Sequence[OrderReport] | None,
    deadline: Sequence[str],
    notes: Sequence[str] = (),
) -> str:
    """The whole reply text."""
    lines = list(header)
    if header:
        lines.append("")
    if transcript.entries:
        lines.append("Your mail was read as follows:")
        lines.append("")
        lines.extend(transcript_lines(transcript))
    else:
        lines.append("Your mail held no commands. Send HELP for the list of commands.")
        lines.append("")
    if transcript.refusals:
        count = transcript.refusals
        lines.append(f"{count} line{'s' if count != 1 else ''} refused: see *** above.")
        lines.append("")
    reports = [report] if isinstance(report, OrderReport) else list(report or ())
    for each in reports:  # one per power the player holds
        lines.extend(order_lines(each))
        lines.append("")
    if deadline:
        lines.extend(deadline)
        lines.append("")
    lines.extend(notes)
    return "\n".join(lines).rstrip() + "\n"
