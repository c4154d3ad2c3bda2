"""Run the judge with a pause inside a processing batch, for the batch crash test.

Once the process has handled ``PAUSE_AFTER`` mails and the open batch holds at least
two of them (processed, replies written, not committed), the number of mails handled
and the number in that batch are written to ``PAUSE_FILE`` and the processor sleeps
with the transaction open, so that a SIGKILL lands inside the batch.  Without
``PAUSE_FILE`` nothing is changed.

``PAUSE_SECONDS``: how long the pause lasts (120 s unless given).
``IDLE_IN_TRANSACTION_MS``: the judge's ``judge.store.db.IDLE_IN_TRANSACTION_MS``, shortened.

``python pausing_batch.py run --config ...`` takes the arguments of ``judge``.
"""

from __future__ import annotations

import os
import sys
import time
from pathlib import Path

import judge.store.db
from judge.cli.main import main
from judge.runners.inbox import InboxRunner

_handled = [0, 0]  # mails handled by this process, mails in the open batch


def _patch() -> None:
    marker = os.environ.get("PAUSE_FILE")
    if not marker:
        return
    after = int(os.environ.get("PAUSE_AFTER", "40"))
    handle_batch, apply = InboxRunner.handle_batch, InboxRunner._apply

    def batch(self, ids):  # noqa: ANN001, ANN202
        _handled[1] = 0
        return handle_batch(self, ids)

    def one(self, session, row) -> None:  # noqa: ANN001
        """A mail applied (with or without its savepoint), then perhaps the pause."""
        apply(self, session, row)
        _handled[0] += 1
        _handled[1] += 1
        if _handled[0] >= after and _handled[1] >= 2 and not Path(marker).exists():
            Path(marker).write_text(f"{_handled[0]} {_handled[1]}")
            pause = float(os.environ.get("PAUSE_SECONDS", "120"))
            time.sleep(pause)  # killed here, the batch's transaction open

    InboxRunner.handle_batch = batch  # type: ignore[method-assign]
    InboxRunner._apply = one  # type: ignore[method-assign]


_patch()
if os.environ.get("IDLE_IN_TRANSACTION_MS"):
    judge.store.db.IDLE_IN_TRANSACTION_MS = int(os.environ["IDLE_IN_TRANSACTION_MS"])

if __name__ == "__main__":
    sys.exit(main())
