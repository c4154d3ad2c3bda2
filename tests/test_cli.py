"""The `judge` console script: `judge adjudicate` on files and stdin, errors, and the demo."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from tests.datc.runner import load_cases

PHASE = {
    "variant": "standard",
    "phase": "S1901M",
    "units": [
        {"power": "france", "type": "A", "province": "par"},
        {"power": "germany", "type": "A", "province": "mun"},
    ],
    "orders": {"france": ["A Par - Bur"], "germany": ["A Mun - Bur"]},
}


def judge(*args: str, stdin: str | None = None) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "judge", *args],
        input=stdin,
        capture_output=True,
        text=True,
        timeout=60,
    )


def test_adjudicate_one_document_from_a_file(tmp_path: Path) -> None:
    path = tmp_path / "phase.json"
    path.write_text(json.dumps(PHASE))
    done = judge("adjudicate", str(path))
    assert done.returncode == 0, done.stderr
    answer = json.loads(done.stdout)
    assert [o["result"] for o in answer["orders"]] == ["fails", "fails"]
    assert answer["contested"] == ["bur"]
    assert answer["next_phase"] == "F1901M"


def test_adjudicate_a_batch_from_stdin_keeps_the_order() -> None:
    cases = [c for c in load_cases() if len(c["steps"]) == 1][:20]
    docs = [
        {"variant": "standard", **{k: c["steps"][0][k] for k in ("phase", "units", "orders")}}
        for c in cases
    ]
    done = judge("adjudicate", "-", stdin=json.dumps(docs))
    assert done.returncode == 0, done.stderr
    answers = json.loads(done.stdout)
    assert len(answers) == len(docs)
    for case, answer in zip(cases, answers, strict=True):
        expected = {
            (u["power"], u["type"], u["province"]) for u in case["steps"][0]["expect"]["units"]
        }
        got = {(u["power"], u["type"], u["province"]) for u in answer["units"]}
        assert got == expected, case["id"]


@pytest.mark.parametrize(
    ("document", "message"),
    [
        ("{not json", "bad JSON"),
        (json.dumps(dict(PHASE, variant="nowhere")), "unknown variant 'nowhere'"),
        (json.dumps(dict(PHASE, phase="X1901M")), "not a phase code: 'X1901M'"),
        (
            json.dumps(dict(PHASE, units=[{"power": "france", "type": "A", "province": "xyz"}])),
            "unknown province in units: 'xyz'",
        ),
    ],
)
def test_bad_documents_exit_2_with_one_line(document: str, message: str) -> None:
    done = judge("adjudicate", "-", stdin=document)
    assert done.returncode == 2
    assert message in done.stderr
    assert len(done.stderr.strip().splitlines()) == 1
    assert done.stdout == ""


def test_a_bad_order_is_invalid_not_an_error() -> None:
    doc = dict(PHASE, orders={"france": ["A Par - Moscow", "Gibberish here"]})
    done = judge("adjudicate", "-", stdin=json.dumps(doc))
    assert done.returncode == 0
    results = json.loads(done.stdout)["orders"]
    assert [r["result"] for r in results] == ["invalid", "invalid"]
    assert all(r["reason"] for r in results)


def test_sample_demo_prints_classic_reports() -> None:
    done = judge("demo", "--sample")
    assert done.returncode == 0, done.stderr
    assert "Movement results for Spring of 1901." in done.stdout
    assert "Austria: Army Vienna -> Galicia.  (*bounce*)" in done.stdout
    assert "Ownership of supply centers:" in done.stdout


def test_a_power_with_eighteen_centres_wins() -> None:
    centers = [
        "par",
        "bre",
        "mar",
        "spa",
        "por",
        "bel",
        "hol",
        "ven",
        "ber",
        "kie",
        "den",
        "lon",
        "lvp",
        "edi",
        "nwy",
        "swe",
        "tun",
        "nap",
    ]
    doc = dict(PHASE, phase="F1901M", supply_centers={"france": centers}, orders={})
    assert json.loads(judge("adjudicate", "-", stdin=json.dumps(doc)).stdout)["winner"] == "france"
    doc["supply_centers"] = {"france": centers[:-1]}
    assert "winner" not in json.loads(judge("adjudicate", "-", stdin=json.dumps(doc)).stdout)
