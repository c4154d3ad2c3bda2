"""Run the judge daemon with a pause after each stored mail, for the intake crash test.

``INTAKE_DELAY`` seconds pass between the commit of a received mail and what follows
it: the ``250`` answer of the SMTP server, or the IMAP move to the processed folder
(the IMAP intake stores a fetch's mails in one transaction: the pause is then the
delay times the number of mails).  A SIGKILL during that pause leaves mails that are
stored but were never acknowledged (SMTP) or never moved (IMAP): the cases that
exactly-once intake must survive.

``python slow_intake.py run --config ...`` takes the arguments of ``judge.mail``.
"""

from __future__ import annotations

import os
import sys
import time

from judge.cli.transport import main
from judge.runners import imap_source, smtp_inbound


def _slowed(original, many: bool):  # noqa: ANN001, ANN202
    delay = float(os.environ.get("INTAKE_DELAY", "0") or 0)

    def store(self, mails, *more: object):  # noqa: ANN001, ANN202
        result = original(self, mails, *more)
        time.sleep(delay * (len(mails) if many else 1))
        return result

    return store


smtp_inbound.StoringHandler._store = _slowed(smtp_inbound.StoringHandler._store, many=False)
imap_source.ImapSource._store = _slowed(imap_source.ImapSource._store, many=True)

if __name__ == "__main__":
    sys.exit(main())
