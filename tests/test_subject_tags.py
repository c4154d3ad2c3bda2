"""Reply subjects never repeat the judge's own tags (reports.subject_tags, reports.reply)."""

from __future__ import annotations

import pytest

from judge.commands.reply import reply_subject
from judge.reports.subject_tags import strip_judge_tags


@pytest.mark.parametrize(
    ("incoming", "kept"),
    [
        (
            "Re: [Error Flag] std1 - F1901R [You are late!] QAJ:std1 - F1901R Late Notice",
            "Late Notice",
        ),
        ("[You are late!] QAJ:std1 - F1901R Late Notice", "Late Notice"),
        ("Re: Re: JUDGE:foo - S1901M Results", "Results"),
        ("AW: Fwd: PREVIEW JUDGE:foo - S1901M Results", "Results"),
        ("Re: [Error Flag] game1 - S1901M orders", "orders"),
        ("orders for spring", "orders for spring"),
    ],
)
def test_the_judges_tags_are_taken_out(incoming: str, kept: str) -> None:
    assert strip_judge_tags(incoming) == kept


def test_a_reply_to_a_late_notice_names_game_and_phase_once() -> None:
    incoming = "Re: [Error Flag] std1 - F1901R [You are late!] QAJ:std1 - F1901R Late Notice"
    subject = reply_subject(incoming, "std1", "F1901R", error=True)
    assert subject == "Re: [Error Flag] std1 - F1901R Late Notice"
    assert subject.count("F1901R") == 1 and "You are late" not in subject
    again = reply_subject(subject, "std1", "F1901R", error=False)
    assert again == "Re: std1 - F1901R Late Notice"
