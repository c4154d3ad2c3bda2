"""A game's page gives SUMMARY's table of supply centres by year (at the start, at
each year's end, now), as the web judges show a game's centre counts over time: the
page gave the counts of now only."""

from __future__ import annotations

import re
from pathlib import Path

from tests.web.test_takeover_page import _page


def test_the_page_tabulates_the_centres_by_year(tmp_path: Path) -> None:
    page = _page(tmp_path, anonymous=False)
    table = page[page.index('<h2 id="years">') : page.index("</table>", page.index('id="years"'))]
    heads = re.findall(r'<th scope="col">([^<]+)</th>', table)
    assert heads == ["Year", "Austria", "England", "France", "Germany", "Italy", "Russia", "Turkey"]
    rows = re.findall(r'<tr><th scope="row">(\w+)</th>((?:<td>\d+</td>)+)</tr>', table)
    assert [label for label, _ in rows] == ["start", "now"]
    assert re.findall(r"\d+", rows[0][1]) == ["3", "3", "3", "3", "3", "4", "3"]
