"""A long batch of `judge adjudicate` on several processes gives what one process gives:
the same answers in the same order, and the same error for a refused document."""

from __future__ import annotations

import json
import os
import subprocess
import sys

import pytest

from judge.cli.batch import MIN_PART, adjudicate_batch, parts
from judge.cli.json_codec import dump, dump_compact_fast
from judge.rules.documents import DocumentError
from judge.rules.registry import adjudicate

MOVES = ["A Par - Bur", "A Par - Pic", "A Par - Gas", "A Par H", "A Par - Mun"]


def phase(n: int) -> dict:
    """A different standard phase for each ``n`` (its year and France's order)."""
    return {
        "variant": "standard",
        "phase": f"S{1901 + n}M",
        "units": [
            {"power": "france", "type": "A", "province": "par"},
            {"power": "germany", "type": "A", "province": "mun"},
        ],
        "orders": {"france": [MOVES[n % len(MOVES)]], "germany": ["A Mun - Bur"]},
    }


def batch(count: int) -> list[dict]:
    return [phase(n) for n in range(count)]


def test_parts_are_consecutive_nearly_equal_and_not_too_small() -> None:
    cut = parts(1001, 3)
    assert [len(p) for p in cut] == [334, 334, 333]
    assert [n for p in cut for n in p] == list(range(1001))
    assert parts(2 * MIN_PART - 1, 8) == [range(2 * MIN_PART - 1)]  # too short to share
    assert len(parts(10 * MIN_PART, 4)) == 4
    assert parts(0, 4) == [range(0)]


@pytest.mark.parametrize("jobs", [2, 3])
def test_answers_are_those_of_one_process_in_order(jobs: int) -> None:
    docs = batch(3 * MIN_PART + 7)
    one = [adjudicate(doc) for doc in docs]
    assert adjudicate_batch(docs, adjudicate, jobs) == one
    assert len({json.dumps(a) for a in one}) == len(one)  # so the order shows


def test_with_an_encoder_the_answer_is_the_json_of_one_process() -> None:
    docs = batch(3 * MIN_PART + 7)
    text = adjudicate_batch(docs, adjudicate, 3, dump_compact_fast)
    assert isinstance(text, bytes)
    assert text == dump([adjudicate(doc) for doc in docs])


@pytest.mark.parametrize("where", ["here", "away"])
def test_a_part_the_encoder_cannot_write_gives_the_answers_as_objects(where: str) -> None:
    parent = os.getpid()

    def encode(answers: list) -> bytes | None:
        cannot = (os.getpid() == parent) == (where == "here")
        return None if cannot else dump_compact_fast(answers)

    docs = batch(3 * MIN_PART)
    assert adjudicate_batch(docs, adjudicate, 3, encode) == [adjudicate(d) for d in docs]


def test_the_first_refused_document_names_the_error() -> None:
    docs = batch(3 * MIN_PART)
    docs[2 * MIN_PART + 5] = {"variant": "standard", "phase": "late"}  # in the third part
    docs[MIN_PART + 1] = {"variant": "nosuchvariant"}  # in the second part
    with pytest.raises(DocumentError) as alone:
        adjudicate(docs)
    with pytest.raises(DocumentError) as shared:
        adjudicate_batch(docs, adjudicate, 3)
    assert str(shared.value) == str(alone.value)
    with pytest.raises(DocumentError) as encoded:
        adjudicate_batch(docs, adjudicate, 3, dump_compact_fast)
    assert str(encoded.value) == str(alone.value)
    assert "nosuchvariant" in str(shared.value)


def test_a_part_whose_process_dies_is_done_again_here() -> None:
    parent = os.getpid()

    def dies_away_from_home(doc: dict) -> dict:
        if os.getpid() != parent:
            os._exit(9)  # as a process killed mid-way
        return adjudicate(doc)

    docs = batch(2 * MIN_PART)
    assert adjudicate_batch(docs, dies_away_from_home, 2) == [adjudicate(d) for d in docs]


def test_the_command_answers_the_same_with_one_or_several_processes(tmp_path) -> None:  # noqa: ANN001
    path = tmp_path / "batch.json"
    path.write_text(json.dumps(batch(4 * MIN_PART)))
    for pretty in ([], ["--pretty"]):
        outputs = []
        for jobs in ("1", "2", "4"):
            run = [sys.executable, "-m", "judge", "adjudicate", *pretty, "--jobs", jobs, str(path)]
            done = subprocess.run(run, capture_output=True, timeout=120, check=True)
            outputs.append(done.stdout)
        assert outputs[0] == outputs[1] == outputs[2]
    refused = subprocess.run(
        [sys.executable, "-m", "judge", "adjudicate", "--jobs", "0", str(path)],
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert refused.returncode == 2 and "not a positive number" in refused.stderr


def test_a_batch_is_answered_here_when_no_process_can_be_forked(monkeypatch) -> None:  # noqa: ANN001
    def refuse() -> int:
        raise BlockingIOError("Resource temporarily unavailable")

    monkeypatch.setattr(os, "fork", refuse)
    docs = batch(3 * MIN_PART)
    assert adjudicate_batch(docs, adjudicate, 3, dump_compact_fast) == [adjudicate(d) for d in docs]
