"""A browser shows a results mail's HTML part with its inline map, at full width.

Headless Chromium (Debian package ``chromium``, see the Makefile's SYSTEM_PACKAGES)
renders the HTML part of a results mail built as the judge builds it, with its
``cid:`` reference pointed at the picture saved as a file; the screenshot must hold
the picture's pixels."""

from __future__ import annotations

import io
import json
import re
import shutil
import subprocess
from pathlib import Path

import pytest
from PIL import Image, ImageChops

from judge.mail.outgoing import Author, judge_mail
from judge.maps import results_picture
from judge.reports import ReportSettings, render_report
from judge.rules.base import BOARD_PICTURE
from judge.variant.data import load_variant
from tests.maps.mails import GAMES, play

CASE = Path(__file__).resolve().parent.parent / "reports" / "cases" / "f1902m_battle.json"
BORDER = (136, 136, 136)  # the picture's 1px #888 border in the HTML
FLAGS = [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--hide-scrollbars",
    "--force-device-scale-factor=1",
]


def _results_mail():
    case = json.loads(CASE.read_text())
    variant = load_variant("standard")
    settings = ReportSettings(game="foo", judge_code="TEST", number=5)
    subject, text, html = render_report(case["result"], variant, settings, case["before"])
    picture = results_picture(variant, case["before"], case["result"], "foo", picture=BOARD_PICTURE)
    author = Author("Judge", "judge@judge.test")
    mail = judge_mail(author, "ada@players.test", subject, text, html=html, picture=picture)
    return mail, picture


def _results_mail_of(case: str) -> Image.Image:
    data = json.loads((CASE.parent / f"{case}.json").read_text())
    picture = results_picture(
        load_variant("standard"), data["before"], data["result"], "foo", picture=BOARD_PICTURE
    )
    return Image.open(io.BytesIO(picture.png)).convert("RGB")


def _find_picture(shot: Image.Image) -> tuple[int, int, int, int] | None:
    """The box inside the picture's border in the screenshot (the mail's style may
    show the picture smaller than it is)."""
    pixels = shot.load()
    w, h = shot.size
    for y in range(h):
        run = 0
        for x in range(w):
            run = run + 1 if pixels[x, y] == BORDER else 0
            if run < 300 or (x + 1 < w and pixels[x + 1, y] == BORDER):
                continue
            left, right = x - run + 1, x
            bottom = y + 1
            while bottom < h and pixels[left, bottom] == BORDER:
                bottom += 1
            return left + 1, y + 1, right, bottom - 1
    return None


def _mean_difference(a: Image.Image, b: Image.Image) -> float:
    histogram = ImageChops.difference(a, b).convert("L").histogram()
    return sum(i * n for i, n in enumerate(histogram)) / (a.size[0] * a.size[1])


@pytest.mark.timeout(180)
def test_chromium_shows_the_inline_map(tmp_path: Path) -> None:
    browser = shutil.which("chromium")
    if browser is None:
        pytest.skip("chromium is not installed (make system-packages installs it)")
    mail, picture = _results_mail()
    inline = next(p for p in mail.walk() if p.get_content_disposition() == "inline")
    cid = inline["Content-ID"].strip("<>")
    html = mail.get_body(("html",)).get_content()
    assert f"cid:{cid}" in html
    (tmp_path / "map.png").write_bytes(inline.get_content())
    page = tmp_path / "mail.html"
    page.write_text(html.replace(f"cid:{cid}", "map.png"), encoding="utf-8")
    expected = Image.open(io.BytesIO(picture.png)).convert("RGB")
    shot_path = tmp_path / "shot.png"
    height = 6000
    subprocess.run(
        [
            browser,
            *FLAGS,
            f"--user-data-dir={tmp_path / 'profile'}",
            f"--window-size={expected.size[0] + 200},{height}",
            f"--screenshot={shot_path}",
            page.as_uri(),
        ],
        check=True,
        timeout=120,
        capture_output=True,
    )
    shot = Image.open(shot_path).convert("RGB")
    box = _find_picture(shot)
    assert box is not None, "no picture border in the screenshot"
    shown = shot.crop(box)
    assert (
        shown.size[0] > 500
        and abs(shown.size[1] / shown.size[0] - expected.size[1] / expected.size[0]) < 0.01
    )
    same = _mean_difference(shown, expected.resize(shown.size, Image.Resampling.LANCZOS))
    other = _results_mail_of("f1902r_retreats").resize(shown.size, Image.Resampling.LANCZOS)
    assert same < 6, f"the screenshot does not show the picture (mean difference {same:.1f})"
    assert _mean_difference(shown, other) > 2 * same  # another map would not pass


# ------------------------------------------------ every kind of game, at full width

MEASURE = (
    "<script>window.addEventListener('load', () => {"
    "const img = document.querySelector('img');"
    "const box = img.getBoundingClientRect();"
    "document.title = 'shown ' + Math.round(box.width) + ' natural ' + img.naturalWidth;"
    "});</script>"
)


def _shown_width(browser: str, html: str, png: bytes, cid: str, tmp_path: Path) -> tuple[int, int]:
    """The width Chromium shows the mail's picture at, and the picture's own width,
    in a window narrower than the picture (a laptop's mail pane)."""
    (tmp_path / "map.png").write_bytes(png)
    page = tmp_path / "mail.html"
    page.write_text(html.replace(f"cid:{cid}", "map.png") + MEASURE, encoding="utf-8")
    done = subprocess.run(
        [
            browser,
            *FLAGS,
            f"--user-data-dir={tmp_path / 'profile'}",
            "--window-size=800,600",
            "--virtual-time-budget=5000",
            "--dump-dom",
            page.as_uri(),
        ],
        check=True,
        timeout=120,
        capture_output=True,
        text=True,
    )
    found = re.search(r"<title>shown (\d+) natural (\d+)</title>", done.stdout)
    assert found, done.stdout[:2000]
    return int(found.group(1)), int(found.group(2))


@pytest.mark.timeout(300)
@pytest.mark.parametrize("name", sorted(GAMES))
def test_chromium_shows_each_games_results_map_at_full_width(name: str, tmp_path: Path) -> None:
    """Issue 26 item 9: the HTML part shrank every map to the ~740 px text column."""
    browser = shutil.which("chromium")
    if browser is None:
        pytest.skip("chromium is not installed (make system-packages installs it)")
    mail = play(name).mail
    inline = next(p for p in mail.walk() if p.get_content_disposition() == "inline")
    cid = inline["Content-ID"].strip("<>")
    html = mail.get_body(("html",)).get_content()
    shown, natural = _shown_width(browser, html, inline.get_content(), cid, tmp_path)
    assert natural >= 900
    assert shown >= natural, f"{name}: a {natural} px map shown {shown} px wide"
