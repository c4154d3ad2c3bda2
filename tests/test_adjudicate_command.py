"""`judge adjudicate` as users meet it: compact or indented JSON, and a lean start-up."""

from __future__ import annotations

import json
import subprocess
import sys

from judge.cli.json_codec import dump, load
from judge.rules.registry import adjudicate

PHASE = {
    "variant": "standard",
    "phase": "S1901M",
    "units": [
        {"power": "france", "type": "A", "province": "par"},
        {"power": "germany", "type": "A", "province": "mun"},
    ],
    "orders": {"france": ["A Par - Bur"], "germany": ["A Mun - Bur", "A Mün H"]},
}


def judge(*args: str, stdin: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "judge", "adjudicate", *args],
        input=stdin,
        capture_output=True,
        text=True,
        timeout=60,
    )


def test_the_answer_is_one_compact_line_unless_pretty_is_asked() -> None:
    compact = judge("-", stdin=json.dumps([PHASE, PHASE]))
    pretty = judge("--pretty", "-", stdin=json.dumps([PHASE, PHASE]))
    assert compact.returncode == pretty.returncode == 0
    assert compact.stdout.count("\n") == 1
    assert compact.stdout.startswith('[{"phase":"S1901M","orders":[{"power":')
    assert pretty.stdout.startswith('[\n  {\n    "phase": "S1901M"')
    expected = adjudicate([json.loads(json.dumps(PHASE))] * 2)
    assert json.loads(compact.stdout) == json.loads(pretty.stdout) == expected


def test_the_codec_writes_what_the_standard_library_reads_back() -> None:
    answer = adjudicate(json.loads(json.dumps(PHASE)))
    assert json.loads(dump(answer)) == answer
    assert json.loads(dump(answer, pretty=True)) == answer
    assert "Mün" in dump(answer).decode("utf-8")  # UTF-8, not \\u escapes
    assert load(b'{"a": NaN, "b": 123456789012345678901234567890}')["b"] > 2**64
    assert json.loads(dump({"big": 2**70})) == {"big": 2**70}


def test_adjudicate_does_not_import_the_database_mail_or_scheduler() -> None:
    code = (
        "import sys, io; sys.stdin = io.TextIOWrapper(io.BytesIO(b'[]'));"
        "from judge.cli.main import main; main(['adjudicate', '-']);"
        "heavy = [m for m in ('sqlmodel', 'sqlalchemy', 'jinja2', 'apscheduler', "
        "'judge.db', 'judge.cli.transport') if m in sys.modules];"
        "print(heavy, file=sys.stderr)"
    )
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True)
    assert done.returncode == 0, done.stderr
    assert done.stdout.strip() == "[]"
    assert done.stderr.strip() == "[]"


def test_an_order_text_read_again_gives_the_same_order_or_the_same_refusal() -> None:
    import pytest

    from judge.orders.text import OrderSyntaxError, clear_read_cache, parse_order
    from judge.variant.data import load_variant

    variant = load_variant("standard")
    clear_read_cache()
    first = parse_order(variant, "F Mao - Spain north coast")
    assert parse_order(variant, "F Mao - Spain north coast") is first
    assert first.dest.province == "spa" and first.dest.coast == "nc"
    for _ in range(2):
        with pytest.raises(OrderSyntaxError, match="Atlantis"):
            parse_order(variant, "A Par - Atlantis")


def test_a_reader_that_stops_early_gets_no_traceback(tmp_path) -> None:  # noqa: ANN001
    path = tmp_path / "batch.json"
    path.write_text(json.dumps([PHASE] * 3000))  # more than a pipe holds
    proc = subprocess.Popen(
        [sys.executable, "-m", "judge", "adjudicate", str(path)],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
    )
    assert proc.stdout is not None and proc.stderr is not None
    assert proc.stdout.read(10) == b'[{"phase":'
    proc.stdout.close()  # as `| head -c 10` does
    assert proc.wait(60) == 1
    assert proc.stderr.read() == b""


def test_the_exit_status_survives_the_quick_exit() -> None:
    refused = judge("-", stdin=json.dumps([PHASE, {"variant": "nosuch"}]))
    assert refused.returncode == 2 and "unknown variant 'nosuch'" in refused.stderr
    assert refused.stdout == ""
    done = judge("-", stdin=json.dumps([PHASE]))
    assert done.returncode == 0 and done.stdout.endswith("}]\n")
