"""The judge's short code (``[judge] code``): configured, derived from the address,
refused when it could not stand in a subject."""

from __future__ import annotations

import pytest

from judge.config import ConfigError, config_from_dict


@pytest.mark.parametrize(
    ("judge", "code"),
    [
        ({}, "JUDGE"),  # judge@localhost
        ({"address": "usin@example.org"}, "USIN"),
        ({"address": "dip-judge.2@example.org"}, "DIPJUDGE2"),
        ({"address": "@example.org"}, "JUDGE"),
        ({"address": "judge@example.org", "code": "USEF"}, "USEF"),
    ],
)
def test_the_code_is_configured_or_derived_from_the_address(judge: dict, code: str) -> None:
    assert config_from_dict({"judge": judge}).judge_code == code


@pytest.mark.parametrize("bad", ["US IN", "US:IN", "A" * 17, "ÜSIN"])
def test_a_code_that_cannot_stand_in_a_subject_is_refused(bad: str) -> None:
    with pytest.raises(ConfigError, match="judge.code"):
        config_from_dict({"judge": {"code": bad}})
