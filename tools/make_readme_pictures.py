"""Redraw the pictures the README and docs/maps.md show (docs/images/).

Usage::

    python tools/make_readme_pictures.py

* ``results-map.png``: the results of the Fall 1902 movement case of the report
  tests (``tests/reports/cases/f1902m_battle.json``) on the standard map;
* ``colonial-start.png``: the start of a Colonial game.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(REPO))

from judge.maps import position_picture, results_picture  # noqa: E402
from judge.rules.registry import ruleset_for  # noqa: E402
from judge.variant.data import load_variant  # noqa: E402

IMAGES = REPO / "docs" / "images"


def main() -> int:
    case = json.loads((REPO / "tests" / "reports" / "cases" / "f1902m_battle.json").read_text())
    standard = ruleset_for("standard").picture
    results = results_picture(
        load_variant("standard"), case["before"], case["result"], "foo", picture=standard
    )
    colonial = load_variant("colonial")
    rules = ruleset_for("colonial")
    start = rules.starting_position("colonial")
    first = position_picture(
        start, colonial, "asia", str(start["phase"]), "start", picture=rules.picture
    )
    assert results is not None and first is not None
    for name, picture in (("results-map.png", results), ("colonial-start.png", first)):
        (IMAGES / name).write_bytes(picture.png)
        print(f"docs/images/{name}: {len(picture.png) // 1024} KB", file=sys.stderr)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
