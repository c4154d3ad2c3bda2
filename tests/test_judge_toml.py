"""The shipped judge.toml documents every setting: each key of judge.config is in it,
in a block of lines under a comment, and the values written are the defaults."""

from __future__ import annotations

import dataclasses
import tomllib
from collections.abc import Iterator
from pathlib import Path
from typing import Any

from judge.config import Config, config_from_dict, config_to_dict, load_config

SHIPPED = Path(__file__).resolve().parent.parent / "judge.toml"


def setting_names(obj: Any, prefix: tuple[str, ...] = ()) -> Iterator[tuple[str, ...]]:
    """Every setting of the configuration as (section..., key)."""
    for f in dataclasses.fields(obj):
        if f.name == "path":
            continue
        value = getattr(obj, f.name)
        key = f.name.rstrip("_")
        if dataclasses.is_dataclass(value):
            yield from setting_names(value, (*prefix, key))
        else:
            yield (*prefix, key)


def file_keys(data: dict[str, Any], prefix: tuple[str, ...] = ()) -> Iterator[tuple[str, ...]]:
    for key, value in data.items():
        if isinstance(value, dict):
            yield from file_keys(value, (*prefix, key))
        else:
            yield (*prefix, key)


def commented_keys(text: str) -> set[tuple[str, ...]]:
    """The keys written in a block of lines (blank lines separate blocks) that has a
    comment above them."""
    found: set[tuple[str, ...]] = set()
    section: tuple[str, ...] = ()
    commented = False
    for line in text.splitlines():
        stripped = line.strip()
        if not stripped:
            commented = False
        elif stripped.startswith("#"):
            commented = True
        elif stripped.startswith("[") and stripped.endswith("]"):
            section = tuple(stripped.strip("[]").split("."))
            commented = False
        elif "=" in stripped and commented:
            found.add((*section, stripped.split("=")[0].strip()))
    return found


def test_every_setting_is_in_judge_toml_with_a_comment() -> None:
    text = SHIPPED.read_text(encoding="utf-8")
    settings = set(setting_names(Config()))
    assert set(file_keys(tomllib.loads(text))) == settings
    assert settings - commented_keys(text) == set()


def test_judge_toml_holds_the_defaults() -> None:
    shipped = load_config(SHIPPED)
    shipped.path = ""
    assert shipped == Config()


def test_limits_against_floods_are_in_judge_toml() -> None:
    limits = tomllib.loads(SHIPPED.read_text(encoding="utf-8"))["limits"]
    assert limits["registrations_per_hour"] == 20
    assert limits["replies_to_new_addresses_per_hour"] == 60
    assert limits["password_failures_per_hour"] == 5
    assert limits["max_message_bytes"] == Config().limits.max_message_bytes


def test_a_configuration_passes_whole_to_the_sender_process() -> None:
    """The daemon hands its configuration to its sender process as judge.toml's keys
    (config_to_dict); every setting comes back, ``[outbound] from`` among them."""
    config = load_config(Path(__file__).resolve().parent.parent / "judge.toml")
    config.outbound.from_ = "Judge <judge@example.org>"
    config.judge.code = "USXX"
    config.limits.replies_per_sender_per_hour = 7
    config.inbound.imap.poll_seconds = 2.5
    again = config_from_dict(config_to_dict(config))
    again.path = config.path
    assert again == config
    assert config_to_dict(config)["outbound"]["from"] == "Judge <judge@example.org>"
