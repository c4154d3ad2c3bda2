"""How the daemon logs: one format, to standard error, for the daemon and its sender
process alike."""

from __future__ import annotations

import logging

LOG_FORMAT = "%(asctime)s %(threadName)s %(levelname)s %(name)s: %(message)s"


def configure_logs(judge_level: int) -> None:
    """Log to standard error: the judge's own loggers (``judge.*``) at ``judge_level``,
    every other library (APScheduler, aiosmtpd, SQLAlchemy...) only warnings and errors."""
    logging.basicConfig(format=LOG_FORMAT)
    logging.getLogger().setLevel(logging.WARNING)
    logging.getLogger("judge").setLevel(judge_level)
