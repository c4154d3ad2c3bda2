"""Run the judge daemon with a pause after each stored mail, for the intake crash test.

``INTAKE_DELAY`` seconds pass between the commit of a received mail and what follows
it: the ``250`` answer of the SMTP server, or the IMAP move to the processed folder.
A SIGKILL during that pause leaves mails that are stored but were never acknowledged
(SMTP) or never moved (IMAP): the cases that exactly-once intake must survive.

``python slow_intake.py run --config ...`` takes the arguments of ``judge.mail``.
"""

from __future__ import annotations

import os
import sys
import time

from judge.cli.transport import main
from judge.runners import imap_source, smtp_inbound


def _slowed(original):  # noqa: ANN001, ANN202
    delay = float(os.environ.get("INTAKE_DELAY", "0") or 0)

    def store(self, raw: bytes, *more: object) -> bool:  # noqa: ANN001
        new = original(self, raw, *more)
        time.sleep(delay)
        return new

    return store


smtp_inbound.StoringHandler._store = _slowed(smtp_inbound.StoringHandler._store)
imap_source.ImapSource._store = _slowed(imap_source.ImapSource._store)

if __name__ == "__main__":
    sys.exit(main())
