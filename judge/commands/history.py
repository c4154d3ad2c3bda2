"""HISTORY: mail a game's stored reports again, as one digest mail, with the
broadcast press sent among them (njudge's history: "turn results, broadcast press,
and informational notices ... but NOT any partial press"; a grey one without its
sender).

Who may read: anyone, for a game that is finished or not anonymous; while an
anonymous game runs, only its players, observers and master.  At most
MAX_REPORTS reports go in one mail; without phases these are the latest ones.
"""

from __future__ import annotations

import re
from datetime import datetime, timedelta
from zoneinfo import ZoneInfo

from sqlmodel import select

from judge.commands.base import Command, Context, Statement
from judge.commands.broadcasts import broadcasts_of, sender_name
from judge.commands.gm_common import judge_sender, master_of
from judge.commands.phase import parse_phase, same_phase, season_and_year
from judge.commands.player_state import game_and_words, sender_account
from judge.commands.press import press_title
from judge.commands.registry import register
from judge.game.clock import game_timing
from judge.game.history import reports_of
from judge.game.past_dates import date_span
from judge.game.recipients import game_mail_subject, send
from judge.mail.outgoing import Author
from judge.store.models import FINISHED, Game, GameReport, Observer, Player, Press, as_utc

MAX_REPORTS = 20


def reading_refusal(ctx: Context, game: Game) -> str | None:
    """Why the sender may not read the game's history now, or None."""
    if game.status == FINISHED or not game.anonymous or master_of(game, ctx.sender):
        return None
    account = sender_account(ctx)
    if account is not None:
        for table in (Player, Observer):
            query = select(table).where(table.game_id == game.id, table.account_id == account.id)
            if ctx.session.exec(query).first() is not None:
                return None
    return (
        f"game {game.name} is anonymous: until it ends, only its players, observers "
        "and master may read its history"
    )


def _phase_or_turn(text: str) -> str | None:
    """A phase code (``S1901M``, ``Spring 1901 Movement``) or a season and year
    (``S1901``, ``Fall 1901``: every phase of it), or None."""
    return parse_phase(text) or season_and_year(text)


def _phases(name: str, words: list[str]) -> tuple[list[str], str | None]:
    """The phases (or seasons) named after the game ``name``: ``S1901M F1902M``, with
    TO or a hyphen between (``S1901M-F1902M``), ``FROM`` before, long forms (``Spring
    1901 Movement``, ``Fall 1901``) included; an empty first code: from the start."""
    words = re.sub(r"(?<=\w)\s*-\s*(?=\w)", " TO ", " ".join(words)).split()
    upper = [w.upper() for w in words]
    if upper[:1] == ["FROM"]:
        words, upper = words[1:], upper[1:]
    split_at = upper.index("TO") if "TO" in upper else None
    parts = (
        [words[:split_at], words[split_at + 1 :]]
        if split_at is not None
        else [[w] for w in words]
        if len(words) == 2 and all(_phase_or_turn(w) for w in words)
        else [words]
    )
    codes = []
    for at, part in enumerate(parts):
        if not part:
            codes.extend([""] if at == 0 and len(parts) == 2 else [])
            continue
        code = _phase_or_turn(" ".join(part))
        if code is None:
            return [], _not_a_phase(name, " ".join(part))
        codes.append(code)
    return codes, None


def _not_a_phase(name: str, text: str) -> str:
    """Why ``text`` after HISTORY <game> was not read, with the line to write: a
    year alone is taken for a game year (njudge reads no such form)."""
    if text.isdigit() and len(text) == 4:
        return (
            f"{text!r} is a year: write HISTORY {name} S{text} TO W{text} for its phases "
            f"(TO F{text} before its winter), or HISTORY {name} FROM <date> for what was "
            "sent since a day"
        )
    return (
        f"{text!r} is not a phase or a date: write HISTORY {name} S1901M TO F1902M "
        f"(phases; F1901 or Fall 1901 Movement too), HISTORY {name} FROM <date> "
        f"[TO <date>] or HISTORY {name} EXCLSTART <phase>"
    )


def _date_forms(name: str, zone: str, now: datetime) -> str:
    """njudge's dates to write after HISTORY <game> FROM, by yesterday's: a weekday,
    and a day with its month and year."""
    day = now.astimezone(ZoneInfo(zone)).date() - timedelta(days=1)
    return (
        f"write e.g. HISTORY {name} FROM {day:%a} or HISTORY {name} FROM {day:%b} {day.day}, "
        f"{day.year} (a time hh:mm may follow; TO <date> ends the span)"
    )


# njudge's words of HISTORY (history.c): UNTIL is TO, FOR n is LINES n, BROAD asks for
# the notices too (always given here).
_SAME_AS = {"UNTIL": "TO"}
_COUNTS = ("LINES", "FOR")


def _njudge_words(words: list[str]) -> tuple[list[str], str | None, bool]:
    """The words after the game with njudge's synonyms read: without ``LINES n``
    (or ``FOR n``; the word given is returned: reports go whole here) and without
    BROAD (whether it was given), UNTIL as TO."""
    upper = [w.upper() for w in words]
    broad = "BROAD" in upper
    kept = [_SAME_AS.get(u, w) for w, u in zip(words, upper, strict=True) if u != "BROAD"]
    for at in range(len(kept) - 1):
        if kept[at].upper() in _COUNTS and kept[at + 1].isdigit():
            return kept[:at] + kept[at + 2 :], kept[at].upper(), broad
    return kept, None, broad


def _about(phase: str, code: str) -> bool:
    """Whether a report of ``phase`` is about ``code``: that phase, or any phase
    of the season ``code`` names (``F1901``)."""
    if parse_phase(code) is not None:
        return same_phase(phase, code)
    winter = code[:1] == "W"
    builds = same_phase(phase, "W" + code[1:] + "A")  # F1901B is W1901A
    return builds if winter else not builds and phase.upper().startswith(code)


def select_reports(
    reports: list[GameReport], codes: list[str]
) -> tuple[list[GameReport], int, str | None]:
    """The reports asked for (at most MAX_REPORTS), how many more matched, and why
    none could be chosen."""
    start, end = 0, len(reports)
    if codes and codes[0]:
        found = [i for i, r in enumerate(reports) if _about(r.phase, codes[0])]
        if not found:
            return [], 0, f"no report about {codes[0]}"
        start = found[0]
    if len(codes) > 1:
        found = [i for i, r in enumerate(reports) if _about(r.phase, codes[1]) and i >= start]
        if not found:
            after = f" after {codes[0]}" if codes[0] else ""
            return [], 0, f"no report about {codes[1]}{after}"
        end = found[-1] + 1
    chosen = reports[start:end]
    extra = max(0, len(chosen) - MAX_REPORTS)
    chosen = chosen[:MAX_REPORTS] if codes else chosen[-MAX_REPORTS:]
    return chosen, extra, None


def _left_out(words: list[str]) -> tuple[list[str], str | None]:
    """njudge's ``EXCLSTART <phase> [EXCLEND <phase>] [BROAD]`` (data/history): the
    first and last phase left out (BROAD is taken: notices always go in)."""
    words = [w for w in words if w.upper() != "BROAD"]
    upper = [w.upper() for w in words]
    at = upper.index("EXCLEND") if "EXCLEND" in upper else len(words)
    codes = []
    for part in [words[:at], words[at + 1 :]] if at < len(words) else [words]:
        code = parse_phase(" ".join(part))
        if code is None:
            return [], f"{' '.join(part)!r} is not a phase (write e.g. S1903M after EXCLSTART)"
        codes.append(code)
    return codes, None


def leave_out(reports: list[GameReport], codes: list[str]) -> list[GameReport]:
    """The reports but those from the first report about ``codes[0]`` to the last
    about ``codes[1]`` (to the end without it), as njudge's EXCLSTART: a start
    phase no report is about leaves out nothing, an end phase none is about is
    ignored."""
    starts = [i for i, r in enumerate(reports) if same_phase(r.phase, codes[0])]
    if not starts:
        return reports
    ends = [i for i, r in enumerate(reports) if codes[1:] and same_phase(r.phase, codes[1])]
    end = ends[-1] + 1 if ends and ends[-1] >= starts[0] else len(reports)
    return reports[: starts[0]] + reports[end:]


def broadcasts_with(
    ctx: Context,
    game: Game,
    reports: list[GameReport],
    chosen: list[GameReport],
    span: tuple[datetime, datetime] | None,
    open_end: bool,
) -> dict[int | None, list[Press]]:
    """The broadcasts that go with the chosen reports, by the report each came before
    (the first made after it; None: after the last report, which goes with it unless
    the span asked for ends with it: not ``open_end``), sent within the dates
    ``span`` if one is given.  Never press to some powers only."""
    ids = {report.id for report in chosen}
    heard: dict[int | None, list[Press]] = {}
    for press in broadcasts_of(ctx.session, game):
        made = as_utc(press.created_at) or ctx.now
        if span is not None and not span[0] <= made <= span[1]:
            continue
        after = next((r.id for r in reports if (as_utc(r.created_at) or made) >= made), None)
        latest = open_end and (not reports or reports[-1].id in ids)
        if after in ids or (after is None and latest):
            heard.setdefault(after, []).append(press)
    return heard


def _broadcast_part(author: Author, game: Game, press: Press) -> str:
    """A broadcast in the history, under the subject it was mailed with (a grey one
    naming no sender, as its mail did not)."""
    sender = None if press.grey else sender_name(game, press.from_power)
    title = f"{press.phase} {press_title('Broadcast', sender, None)}"
    subject = game_mail_subject(author, game, title)
    return f"{'=' * 75}\n{subject}\n{'=' * 75}\n{press.body.rstrip()}\n"


def _plural(count: int, word: str) -> str:
    """``1 report``, ``3 reports``."""
    return f"{count} {word}{'' if count == 1 else 's'}"


@register
class History(Command):
    """Mail a game's past reports again."""

    rank = 52
    keyword = "HISTORY"
    syntax = (
        "HISTORY [<game>] [<from phase> [TO <to phase>]]   or   "
        "HISTORY [<game>] [FROM <date>] [TO <date>]   or   "
        "HISTORY [<game>] EXCLSTART <phase> [EXCLEND <phase>]"
    )
    help = (
        "Mails you the game's past reports again, with its broadcast press, in one\n"
        "mail: from one phase (to another: S1901M TO F1902M, S1901-F1902), sent\n"
        "from one date (to another: njudge's\n"
        "FROM Jan 1, 2026 TO Feb 1 14:00, FROM Mon or FROM 2026, in the game's time\n"
        "zone; TO a date alone: from the start), all but some phases (njudge's\n"
        "EXCLSTART S1903M [EXCLEND F1905B]), the whole game (BROAD), or the latest ones;\n"
        "at most "
        f"{MAX_REPORTS} per request. After a SIGNON (or a master's GAME) the game\n"
        "may be left out. Anyone may read a finished or non-anonymous game; an\n"
        "anonymous game in progress only its players, observers and master."
    )

    def run(self, ctx: Context, stmt: Statement) -> None:
        found = game_and_words(ctx, stmt, self.syntax)
        if found is None:
            return
        game, words = found
        rest, lines_given, broad = _njudge_words(words[1:])
        words = words[:1] + rest
        span: tuple[datetime, datetime] | None = None
        codes: list[str] = []
        left_out: list[str] | None = None  # njudge's EXCLSTART: phases left out
        codes, problem = _phases(game.name, words[1:])
        if problem and words[1:] and words[1].upper() in ("FROM", "TO"):  # njudge's dates
            dates = words[2:] if words[1].upper() == "FROM" else words[1:]
            zone = game_timing(game).zone
            span, problem = date_span(" ".join(dates), zone, ctx.now)
            problem = problem and f"{problem}: {_date_forms(game.name, zone, ctx.now)}"
        elif words[1:] and words[1].upper() == "EXCLSTART":
            left_out, problem = _left_out(words[2:])
        elif broad and not words[1:]:
            codes = [""]  # njudge's BROAD alone: the whole game, from its start
        problem = problem or reading_refusal(ctx, game)
        if problem is not None:
            ctx.transcript.refused(stmt.text, problem)
            return
        reports = reports_of(ctx.session, game)
        if not reports:
            ctx.transcript.refused(stmt.text, f"game {game.name} has no reports yet")
            return
        if span is not None:
            reports = [r for r in reports if span[0] <= as_utc(r.created_at) <= span[1]]
        if left_out is not None:
            kept = leave_out(reports, left_out)
            chosen, extra, problem = kept[:MAX_REPORTS], max(0, len(kept) - MAX_REPORTS), None
            codes = left_out  # more than fit: "ask again from a later phase"
        elif reports:
            chosen, extra, problem = select_reports(reports, codes)
        else:
            chosen, extra, problem = [], 0, None
        if problem is not None:
            ctx.transcript.refused(stmt.text, f"game {game.name} has {problem}")
            return
        open_end = left_out is not None or len(codes) < 2  # no phase to end with
        heard = broadcasts_with(ctx, game, reports, chosen, span, open_end)
        told = [press for said in heard.values() for press in said]
        if not chosen and not told:
            ctx.transcript.refused(stmt.text, f"game {game.name} has no reports in that span")
            return
        sender = judge_sender(ctx)
        ends = [chosen[0].phase, chosen[-1].phase] if chosen else [told[0].phase, told[-1].phase]
        phases = " to ".join(ends)
        count = " and ".join(
            _plural(n, word) for n, word in ((len(chosen), "report"), (len(told), "broadcast")) if n
        )
        parts = [f"History of game {game.name}: {count}, {phases}.\n"]
        for report in chosen:
            parts.extend(_broadcast_part(sender, game, p) for p in heard.get(report.id, []))
            parts.append(f"{'=' * 75}\n{report.subject}\n{'=' * 75}\n{report.text.rstrip()}\n")
        parts.extend(_broadcast_part(sender, game, p) for p in heard.get(None, []))
        subject = f"{sender.code}:{game.name} History {phases}"
        send(ctx.session, sender, ctx.sender, subject, "\n".join(parts))
        said = f"{count} of game {game.name} ({phases}) mailed to you."
        entry = ctx.transcript.ok(stmt.text, said)
        if lines_given:
            entry.extra.append(
                f"{lines_given} is not needed here: each report goes whole, at most "
                f"{MAX_REPORTS} in one mail."
            )
        if extra:
            entry.extra.append(
                f"{extra} more {'report' if extra == 1 else 'reports'} matched: "
                f"at most {MAX_REPORTS} go in one mail; ask again from a later phase."
                if codes
                else f"{extra} earlier {'report' if extra == 1 else 'reports'} left out: "
                f"ask HISTORY {game.name} <from phase> TO <to phase> for them."
            )
