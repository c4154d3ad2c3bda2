"""JSON in and out of `judge adjudicate`: orjson when installed, else the standard library.

Both give the same documents: UTF-8, keys in the order the answer builds them,
compact unless ``pretty`` (two spaces of indentation).
"""

from __future__ import annotations

import json
from typing import Any

try:
    import orjson
except ImportError:  # pragma: no cover - orjson is a dependency; this keeps tools working
    orjson = None  # type: ignore[assignment]

JSONDecodeError = json.JSONDecodeError  # orjson.JSONDecodeError is a subclass


def load(data: bytes) -> Any:
    """The JSON value in ``data`` (UTF-8); JSONDecodeError when it is not JSON."""
    if orjson is not None:
        try:
            return orjson.loads(data)
        except orjson.JSONDecodeError:
            pass  # the standard library also reads what orjson refuses (NaN, huge ints)
    try:
        return json.loads(data)
    except UnicodeDecodeError as error:
        raise JSONDecodeError(f"not UTF-8: {error.reason}", "", 0) from None


def dump(value: Any, pretty: bool = False) -> bytes:
    """``value`` as UTF-8 JSON, indented by two spaces when ``pretty``."""
    if orjson is not None:
        try:
            return orjson.dumps(value, option=orjson.OPT_INDENT_2 if pretty else 0)
        except TypeError:
            pass  # integers beyond 64 bits, echoed from a document: the standard library
    if pretty:
        return json.dumps(value, ensure_ascii=False, indent=2).encode("utf-8")
    return json.dumps(value, ensure_ascii=False, separators=(",", ":")).encode("utf-8")


def dump_compact_fast(value: Any) -> bytes | None:
    """``value`` as compact JSON by orjson, exactly as :func:`dump` writes it, or None
    when orjson cannot write it (then :func:`dump` falls back to the standard library)."""
    if orjson is None:
        return None
    try:
        return orjson.dumps(value)
    except TypeError:
        return None
