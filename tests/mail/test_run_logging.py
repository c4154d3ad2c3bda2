"""`judge run`'s log levels: the judge's own actions at INFO by default, DEBUG with -v,
warnings only with -q; other libraries' INFO never (checked in a fresh interpreter, as
logging is process-wide)."""

from __future__ import annotations

import subprocess
import sys

import pytest

from judge.cli.main import build_parser

# parses `judge run <flags>` as the console script does, sets logging up as `judge run`
# does, then logs one line per (logger, level)
SCRIPT = """
import logging, sys
from judge.cli.main import build_parser
from judge.cli.transport import configure_logging

args = build_parser().parse_args(["run", *sys.argv[1:]])
configure_logging(args.verbosity)
for name in ("judge.game.deadlines", "judge.runners.daemon", "apscheduler.scheduler", "sqlalchemy"):
    logger = logging.getLogger(name)
    logger.debug("%s debug", name)
    logger.info("%s info", name)
    logger.warning("%s warning", name)
"""


def logged(*flags: str) -> set[str]:
    done = subprocess.run(
        [sys.executable, "-c", SCRIPT, *flags],
        capture_output=True,
        text=True,
        timeout=60,
        check=True,
    )
    assert done.stdout == ""
    return {line.split(": ", 1)[1] for line in done.stderr.splitlines()}


OTHERS = {"apscheduler.scheduler warning", "sqlalchemy warning"}
JUDGE_WARNINGS = {"judge.game.deadlines warning", "judge.runners.daemon warning"}
JUDGE_INFO = {"judge.game.deadlines info", "judge.runners.daemon info"}
JUDGE_DEBUG = {"judge.game.deadlines debug", "judge.runners.daemon debug"}


def test_by_default_the_judge_logs_its_actions() -> None:
    assert logged() == OTHERS | JUDGE_WARNINGS | JUDGE_INFO


@pytest.mark.parametrize("flag", ["-v", "--verbose"])
def test_verbose_adds_the_judges_debug_lines_only(flag: str) -> None:
    assert logged(flag) == OTHERS | JUDGE_WARNINGS | JUDGE_INFO | JUDGE_DEBUG


@pytest.mark.parametrize("flag", ["-q", "--quiet"])
def test_quiet_keeps_warnings_only(flag: str) -> None:
    assert logged(flag) == OTHERS | JUDGE_WARNINGS


def test_verbosity_of_the_parsed_command_line() -> None:
    parser = build_parser()
    assert parser.parse_args(["run"]).verbosity == 0
    assert parser.parse_args(["run", "-v"]).verbosity == 1
    assert parser.parse_args(["run", "--quiet"]).verbosity == -1


def test_verbose_and_quiet_together_are_refused(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as exit_:
        build_parser().parse_args(["run", "-v", "-q"])
    assert exit_.value.code == 2
    assert "not allowed with argument" in capsys.readouterr().err
