"""Time-zone names as players write them: IANA names in any letter case
(``europe/paris``), njudge's free-text names (``Eastern``, ``Pacific``, ``GMT``,
``CET``, ``EST``, ``GMT+1``) and a zone's city (``Paris``, ``new york``), each read as
an IANA zone."""

from __future__ import annotations

import re
from functools import cache
from zoneinfo import ZoneInfo, ZoneInfoNotFoundError, available_timezones

# Common names, US region names and abbreviations (summer forms included).
COMMON = {
    "eastern": "America/New_York",
    "est": "America/New_York",
    "edt": "America/New_York",
    "central": "America/Chicago",
    "cst": "America/Chicago",
    "cdt": "America/Chicago",
    "mountain": "America/Denver",
    "mst": "America/Denver",
    "mdt": "America/Denver",
    "pacific": "America/Los_Angeles",
    "pst": "America/Los_Angeles",
    "pdt": "America/Los_Angeles",
    "alaska": "America/Anchorage",
    "hawaii": "Pacific/Honolulu",
    "atlantic": "America/Halifax",
    "newfoundland": "America/St_Johns",
    "gmt": "UTC",
    "utc": "UTC",
    "greenwich": "UTC",
    "universal": "UTC",
    "bst": "Europe/London",
    "british": "Europe/London",
    "wet": "Europe/Lisbon",
    "cet": "Europe/Paris",
    "cest": "Europe/Paris",
    "met": "Europe/Paris",
    "eet": "Europe/Athens",
    "eest": "Europe/Athens",
    "msk": "Europe/Moscow",
    "jst": "Asia/Tokyo",
    "aest": "Australia/Sydney",
    "nzst": "Pacific/Auckland",
}
_OFFSET = re.compile(r"^(?:gmt|utc)\s*([+-])\s*(\d{1,2})(?::?00)?$")
_FILLER = re.compile(r"\b(?:standard|daylight|time|zone|us|usa)\b")
_REGIONS = ("Africa", "America", "Antarctica", "Asia", "Atlantic", "Australia", "Europe")
_REGIONS += ("Indian", "Pacific")


@cache
def _by_lower() -> dict[str, str]:
    return {name.lower(): name for name in available_timezones()}


@cache
def _by_city() -> dict[str, str]:
    """Each tzdata zone of a region by its city, in lower case (``new york``)."""
    cities: dict[str, str] = {}
    for name in sorted(available_timezones()):
        if name.split("/")[0] in _REGIONS:
            cities.setdefault(name.rsplit("/", 1)[-1].replace("_", " ").lower(), name)
    return cities


def read_zone(text: str) -> str | None:
    """The IANA name of the zone ``text`` names, or None."""
    raw = " ".join(text.split())
    if raw.lower() in COMMON:  # before tzdata's own EST and MST, which never change
        return COMMON[raw.lower()]
    try:
        ZoneInfo(raw)
        return raw
    except (ZoneInfoNotFoundError, ValueError, OSError):  # OSError: a directory (``Pacific``)
        pass
    low = raw.lower()
    if low in _by_lower():
        return _by_lower()[low]
    offset = _OFFSET.match(low.replace(" ", ""))
    if offset:
        hours = int(offset.group(2))
        if hours == 0:
            return "UTC"
        # The Etc/ zones count the other way round: GMT+1 is Etc/GMT-1.
        sign = "-" if offset.group(1) == "+" else "+"
        name = f"Etc/GMT{sign}{hours}"
        return name if name.lower() in _by_lower() else None
    word = " ".join(_FILLER.sub(" ", low.replace("/", " ")).split())
    return COMMON.get(word) or COMMON.get(word.replace(" ", "")) or _by_city().get(low)
