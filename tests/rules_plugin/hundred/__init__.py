"""A variant added from outside ``judge/``: its data (``data/variant.toml``, on the
standard map) and one ruleset module (:mod:`.ruleset`), declared to the judge as
installed packages declare theirs (entry points, see ``entry_points.txt`` and
docs/variants.md, "Adding a variant from outside")."""

from pathlib import Path

DATA = Path(__file__).with_name("data")
"""The variant's directory (the object of its ``judge.variants`` entry point)."""
