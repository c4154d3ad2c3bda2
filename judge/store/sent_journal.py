"""The sender's journal: mails handed to the relay, written down outside the database.

A mail is marked sent, durably, before the next one goes out, so that a crash sends at
most the mail in hand twice.  On SQLite that mark would need the database's single
write lock, which the processor holds for a batch of mails at a time; the sender (a
process of its own, :mod:`judge.runners.sender_process`) therefore writes each mark to
a journal of its own instead: one JSON line per mail in a file beside the database,
flushed and fsynced before the next mail is sent.  Now and then, and whenever the
outbox has nothing due, the marks are *folded* into the outbox table in one
transaction (:func:`judge.store.mail.fold_sent`) and the journal is emptied.

* A torn last line (a crash in the middle of a write) is a mark that never became
  durable: its mail is sent again after the restart, as after a crash before a commit.
* Folding twice is harmless: a row is marked sent only while it is still pending.
* The file is locked (``flock``) by the sender that writes it, so two senders (an
  old one still finishing, a new one after a restart) never send from one outbox.
"""

from __future__ import annotations

import fcntl
import json
import logging
import os
import threading
from dataclasses import dataclass
from datetime import datetime
from pathlib import Path
from typing import BinaryIO

from sqlalchemy.engine import Engine
from sqlmodel import Session

from judge.store.db import sqlite_file
from judge.store.mail import fold_sent

log = logging.getLogger(__name__)

SUFFIX = ".sent"
# how often a sender that finds its journal locked tries again
LOCK_POLL_SECONDS = 0.2


@dataclass(frozen=True)
class SentMark:
    """The relay accepted outbox row ``outbox_id`` at ``sent_at``; ``note`` says which
    recipients it refused, if any."""

    outbox_id: int
    sent_at: datetime
    note: str | None = None

    def line(self) -> bytes:
        """The mark as one journal line."""
        data = {"id": self.outbox_id, "at": self.sent_at.isoformat(), "note": self.note}
        return json.dumps(data).encode() + b"\n"

    @classmethod
    def read(cls, line: bytes) -> SentMark:
        """The mark written by :meth:`line` (raises ValueError, KeyError, TypeError for
        a line that is not one)."""
        data = json.loads(line)
        return cls(int(data["id"]), datetime.fromisoformat(data["at"]), data["note"])


def journal_path(database_url: str) -> Path | None:
    """The journal's file for a SQLite database file (its name + ``.sent``); None for
    another database, which needs no journal (its locks are per row)."""
    database = sqlite_file(database_url)
    return None if database is None else Path(database + SUFFIX)


def _sync(handle: BinaryIO) -> None:
    """Return once what was written to ``handle`` is on disk."""
    handle.flush()
    os.fsync(handle.fileno())


class SentJournal:
    """The marks not yet folded into the outbox, in memory and in the journal file."""

    def __init__(self, path: Path) -> None:
        self.path = path
        self.marks: dict[int, SentMark] = {}
        self._file: BinaryIO | None = None
        self._end = 0  # the file's length up to its last durable mark
        self._torn = False  # a write failed: what it left after ``_end`` is cut off

    def open(self, stop: threading.Event | None = None) -> bool:
        """Open and lock the file, waiting while another sender holds it, and read the
        marks left in it; False when ``stop`` was set before the lock was had."""
        handle = self.path.open("a+b")
        pause = stop or threading.Event()  # a fresh event only times the pause
        waited = False
        while True:
            try:
                fcntl.flock(handle.fileno(), fcntl.LOCK_EX | fcntl.LOCK_NB)
                break
            except BlockingIOError:
                if not waited:
                    log.warning("another sender holds %s; waiting for it to end", self.path)
                    waited = True
                if pause.wait(LOCK_POLL_SECONDS):
                    handle.close()
                    return False
        self._file = handle
        self.marks = self._read(handle)
        return True

    def _read(self, handle: BinaryIO) -> dict[int, SentMark]:
        """The marks in the file; a torn tail is cut off, so that the next mark does
        not land on the same line."""
        handle.seek(0)
        data = handle.read()
        whole = data.rfind(b"\n") + 1
        if whole < len(data):
            log.warning("%s ends in a torn line; cut off", self.path)
            handle.truncate(whole)
            _sync(handle)
        marks: dict[int, SentMark] = {}
        self._end = whole
        for number, line in enumerate(data[:whole].split(b"\n")):
            if not line:
                continue
            try:
                mark = SentMark.read(line)
            except (ValueError, KeyError, TypeError):
                log.warning("%s line %d is torn or unreadable; ignored", self.path, number + 1)
                continue
            marks[mark.outbox_id] = mark
        return marks

    def record(self, mark: SentMark) -> None:
        """Write one mark and wait until it is on disk.  When that fails (a full disk:
        the write or the fsync raises), the error is raised and what the write left is
        cut off before the next one, so that no mark lands on a torn line."""
        fd = self._opened().fileno()  # unbuffered: a failed write leaves nothing queued
        line = mark.line()
        try:
            if self._torn:
                os.ftruncate(fd, self._end)
                self._torn = False
            written = 0
            while written < len(line):  # appended (the file is open for appending)
                written += os.write(fd, line[written:])
            os.fsync(fd)
        except OSError:
            self._torn = True
            raise
        self._end += len(line)
        self.marks[mark.outbox_id] = mark

    def __contains__(self, outbox_id: object) -> bool:
        return outbox_id in self.marks

    def __len__(self) -> int:
        return len(self.marks)

    def fold(self, engine: Engine) -> int:
        """Mark the journal's rows sent in the outbox (one transaction), then empty the
        journal; return how many marks were folded."""
        if not self.marks:
            return 0
        marks = list(self.marks.values())
        with Session(engine) as session:
            fold_sent(session, ((m.outbox_id, m.sent_at, m.note) for m in marks))
            session.commit()
        handle = self._opened()
        handle.truncate(0)
        self._end, self._torn = 0, False
        _sync(handle)
        self.marks.clear()
        return len(marks)

    def close(self) -> None:
        """Unlock and close the file (the marks in it stay for the next sender)."""
        if self._file is not None:
            self._file.close()  # closing the last descriptor releases the flock
            self._file = None

    def _opened(self) -> BinaryIO:
        if self._file is None:
            raise RuntimeError(f"journal {self.path} is not open")
        return self._file
