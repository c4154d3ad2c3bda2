"""Variants and rulesets added from outside ``judge/``, by installed packages.

A package adds a variant by declaring Python entry points (docs/variants.md,
"Adding a variant from outside"):

* in the group :data:`VARIANTS`, one per variant: the entry point's name is the
  variant's name and its object the directory of the variant's data
  (``variant.toml`` and ``map.toml``, or ``map = "standard"``);
* in the group :data:`RULESETS`, one per ruleset its variants name (``rules = ...``
  in ``variant.toml``): the entry point's name is the rules' name and its object a
  callable that makes the :class:`~judge.rules.base.Ruleset` (its class, say).

Entry points are looked up when a name is asked for and the judge has no variant
or rules of its own by that name, so nothing depends on what was imported first,
and a built-in name is never replaced.
"""

from __future__ import annotations

from importlib.metadata import entry_points
from typing import Any

VARIANTS = "judge.variants"
RULESETS = "judge.rulesets"


def plugin(group: str, name: str) -> Any | None:
    """The object an installed package declares under ``name`` in the entry point
    ``group`` (imported now), or None when none does."""
    for point in entry_points(group=group, name=name):
        return point.load()
    return None


def plugin_names(group: str) -> list[str]:
    """The names installed packages declare in the entry point ``group`` (nothing
    is imported)."""
    return sorted({point.name for point in entry_points(group=group)})
