"""Load the daemon's configuration (``judge.toml``) into dataclasses.

Every setting has a default, so an empty or missing file gives a working demo setup:
the judge receives mail itself over SMTP on loopback and keeps its state in SQLite.
"""

from __future__ import annotations

import dataclasses
import re
import tomllib
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any


class ConfigError(ValueError):
    """Raised for an unknown key or a value of the wrong kind in judge.toml."""


@dataclass
class JudgeSection:
    """Who the judge is and where it keeps its files."""

    address: str = "judge@localhost"
    name: str = "The Judge"
    code: str = ""
    state_dir: str = "state"
    keeper: str = ""


@dataclass
class DatabaseSection:
    """Where the database lives (any SQLAlchemy URL)."""

    url: str = "sqlite:///state/judge.db"


@dataclass
class SmtpInboundSection:
    """The judge's own SMTP server (inbound mode "smtp")."""

    host: str = "127.0.0.1"
    port: int = 8025


@dataclass
class ImapInboundSection:
    """The mailbox the judge watches (inbound mode "imap")."""

    host: str = "127.0.0.1"
    port: int = 143
    ssl: bool = False
    starttls: bool = False
    username: str = ""
    password: str = ""
    folder: str = "INBOX"
    processed_folder: str = "Processed"
    mark_seen: bool = False
    poll_seconds: float = 60.0
    idle: bool = True
    cafile: str = ""


@dataclass
class InboundSection:
    """How mail comes in."""

    mode: str = "smtp"
    smtp: SmtpInboundSection = field(default_factory=SmtpInboundSection)
    imap: ImapInboundSection = field(default_factory=ImapInboundSection)


@dataclass
class OutboundSection:
    """The SMTP relay replies go out through."""

    host: str = "127.0.0.1"
    port: int = 25
    tls: str = "none"
    username: str = ""
    password: str = ""
    from_: str = ""
    cafile: str = ""
    timeout_seconds: float = 30.0
    retry_hours: float = 120.0


@dataclass
class LimitsSection:
    """Bounds against abuse and loops."""

    max_message_bytes: int = 2_000_000
    replies_per_sender_per_hour: int = 100
    registrations_per_hour: int = 20
    replies_to_new_addresses_per_hour: int = 60
    password_failures_per_hour: int = 5


@dataclass
class SignaturesSection:
    """OpenPGP-signed game-master mail."""

    window_hours: float = 72.0


@dataclass
class WebSection:
    """The game pages on the web (``judge web``, and ``judge run`` when ``port`` is set)."""

    host: str = "127.0.0.1"
    port: int = 0
    base_url: str = ""

    @property
    def public_url(self) -> str:
        """The address players are given (no trailing slash): ``base_url``, else the
        server's own address when it is served, else "" (no links in mail)."""
        if self.base_url:
            return self.base_url.rstrip("/")
        return f"http://{self.host}:{self.port}" if self.port else ""


@dataclass
class Config:
    """The whole configuration."""

    judge: JudgeSection = field(default_factory=JudgeSection)
    database: DatabaseSection = field(default_factory=DatabaseSection)
    inbound: InboundSection = field(default_factory=InboundSection)
    outbound: OutboundSection = field(default_factory=OutboundSection)
    limits: LimitsSection = field(default_factory=LimitsSection)
    signatures: SignaturesSection = field(default_factory=SignaturesSection)
    web: WebSection = field(default_factory=WebSection)
    path: str = ""

    @property
    def from_address(self) -> str:
        """The From address of outgoing mail."""
        return self.outbound.from_ or self.judge.address

    @property
    def judge_code(self) -> str:
        """The judge's short code in subjects and report headers (``USIN:game - ...``):
        ``[judge] code``, else the letters and digits of the address before the ``@``
        in capitals (``JUDGE`` for ``judge@localhost``), else ``JUDGE``."""
        if self.judge.code:
            return self.judge.code
        local = self.judge.address.split("@", 1)[0]
        return re.sub(r"[^A-Za-z0-9]", "", local).upper() or "JUDGE"


# a judge code: letters and digits, as the classic judges' USIN, USEF, DEDO
_CODE = re.compile(r"^[A-Za-z0-9]{0,16}$")


_CHOICES = {
    ("inbound", "mode"): ("smtp", "imap"),
    ("outbound", "tls"): ("none", "starttls", "ssl"),
}


def _coerce(where: str, value: Any, default: Any) -> Any:
    if isinstance(default, bool):
        if not isinstance(value, bool):
            raise ConfigError(f"{where}: expected true or false, got {value!r}")
        return value
    if isinstance(default, int) and not isinstance(default, bool):
        if isinstance(value, bool) or not isinstance(value, int):
            raise ConfigError(f"{where}: expected an integer, got {value!r}")
        return value
    if isinstance(default, float):
        if isinstance(value, bool) or not isinstance(value, int | float):
            raise ConfigError(f"{where}: expected a number, got {value!r}")
        return float(value)
    if isinstance(default, str):
        if not isinstance(value, str):
            raise ConfigError(f"{where}: expected a string, got {value!r}")
        return value
    raise ConfigError(f"{where}: unsupported value {value!r}")


def _fill(obj: Any, data: dict[str, Any], where: str) -> None:
    fields = {f.name.rstrip("_"): f.name for f in dataclasses.fields(obj)}
    for key, value in data.items():
        name = fields.get(key)
        if name is None or name == "path":
            raise ConfigError(f"unknown setting [{where}] {key}")
        current = getattr(obj, name)
        here = f"{where}.{key}" if where else key
        if dataclasses.is_dataclass(current):
            if not isinstance(value, dict):
                raise ConfigError(f"[{here}] must be a table")
            _fill(current, value, here)
            continue
        value = _coerce(here, value, current)
        choices = _CHOICES.get((where, key))
        if choices and value not in choices:
            raise ConfigError(f"{here} must be one of {', '.join(choices)}, got {value!r}")
        setattr(obj, name, value)


def config_from_dict(data: dict[str, Any]) -> Config:
    """Build a Config from parsed TOML data, checking every key."""
    config = Config()
    _fill(config, data, "")
    if not _CODE.match(config.judge.code):
        raise ConfigError(
            f"judge.code must be up to 16 letters and digits, got {config.judge.code!r}"
        )
    return config


def config_to_dict(config: Config) -> dict[str, Any]:
    """The settings of ``config`` as :func:`config_from_dict` reads them (the keys of
    judge.toml; ``path`` is not a setting)."""

    def table(obj: Any) -> dict[str, Any]:
        return {
            f.name.rstrip("_"): table(value) if dataclasses.is_dataclass(value) else value
            for f in dataclasses.fields(obj)
            if f.name != "path"
            for value in [getattr(obj, f.name)]
        }

    return table(config)


def load_config(path: str | Path | None = "judge.toml") -> Config:
    """Load judge.toml; a missing file gives the defaults."""
    if path is None:
        return Config()
    p = Path(path)
    if not p.exists():
        config = Config()
    else:
        with p.open("rb") as fh:
            config = config_from_dict(tomllib.load(fh))
    config.path = str(p)
    return config
