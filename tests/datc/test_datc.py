"""The DATC v3.1, sections 6.A-6.J: one test per case, named by its id (e.g. test_6_B_9)."""

from __future__ import annotations

from judge.rules.documents import adjudicate_document
from tests.datc.runner import case_test_name, load_cases, run_case


def _make_test(case):
    def test() -> None:
        run_case(case, adjudicate_document)

    test.__name__ = case_test_name(case["id"])
    test.__doc__ = f"DATC {case['id']}: {case['title']}"
    return test


for _case in load_cases():
    globals()[case_test_name(_case["id"])] = _make_test(_case)
