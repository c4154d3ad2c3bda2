"""The record of what the judge made of each line of a mail, for the reply."""

from __future__ import annotations

from dataclasses import dataclass, field

OK = "ok"
REFUSED = "refused"
INFO = "info"
NOTICE = "notice"  # a warning the player must not miss: it flags the reply


@dataclass
class Outcome:
    """One result for a line: accepted, refused (with the reason), a plain note or a
    notice (a warning that flags the reply)."""

    status: str
    message: str


@dataclass
class Entry:
    """A quoted line of the mail and what came of it."""

    echo: str
    outcomes: list[Outcome] = field(default_factory=list)
    extra: list[str] = field(default_factory=list)  # longer text shown after the outcomes

    @property
    def refused(self) -> bool:
        """True when anything on this line was refused."""
        return any(o.status == REFUSED for o in self.outcomes)


@dataclass
class Transcript:
    """All entries of one mail, in order."""

    entries: list[Entry] = field(default_factory=list)

    def line(self, echo: str) -> Entry:
        """Start the entry for a quoted line."""
        entry = Entry(echo)
        self.entries.append(entry)
        return entry

    def ok(self, echo: str, message: str) -> Entry:
        """Record a line that was accepted."""
        entry = self.line(echo)
        entry.outcomes.append(Outcome(OK, message))
        return entry

    def refused(self, echo: str, reason: str) -> Entry:
        """Record a line that was refused, with the reason."""
        entry = self.line(echo)
        entry.outcomes.append(Outcome(REFUSED, reason))
        return entry

    def info(self, echo: str, message: str) -> Entry:
        """Record a line that neither succeeded nor failed (a note)."""
        entry = self.line(echo)
        entry.outcomes.append(Outcome(INFO, message))
        return entry

    @property
    def refusals(self) -> int:
        """How many outcomes were refusals."""
        return sum(1 for e in self.entries for o in e.outcomes if o.status == REFUSED)

    @property
    def flagged(self) -> bool:
        """Whether the reply carries the error flag: a line was refused, or a notice
        warns of something the player must not miss."""
        return any(o.status in (REFUSED, NOTICE) for e in self.entries for o in e.outcomes)

    @property
    def acceptances(self) -> int:
        """How many outcomes were acceptances."""
        return sum(1 for e in self.entries for o in e.outcomes if o.status == OK)
