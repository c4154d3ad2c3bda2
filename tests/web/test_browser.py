"""The demo's web pages in a real browser (issue 29): headless Chromium (Debian's
package, in its own headless mode) loads the pages the demo's judge serves and we
read what it rendered: the index lists the demo game, the game page shows the map of
the position now, stepping back from the last phase through every phase shows each
phase's map and orders, the multiverse grid opens a board, a player's private link
(taken from the player's own results mail) shows that player's press and no one
else's, and a screenshot of the game page holds the map."""

from __future__ import annotations

import email
import email.policy
import io
import os
import re
import shutil
import subprocess
import urllib.request
from dataclasses import dataclass
from html.parser import HTMLParser
from pathlib import Path

import pytest
from PIL import Image

CHROMIUM = shutil.which("chromium") or shutil.which("chromium-browser")
pytestmark = [
    pytest.mark.timeout(420),
    pytest.mark.skipif(CHROMIUM is None, reason="Chromium is installed by `make test`"),
]
FLAGS = (
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--no-first-run",
    "--disable-sync",
    "--hide-scrollbars",
)


@dataclass
class Page:
    """What the browser rendered: links (href, text, rel), images (src, alt), text."""

    links: list[tuple[str, str, str]]
    images: list[tuple[str, str]]
    text: str


class _Reader(HTMLParser):
    def __init__(self) -> None:
        super().__init__()
        self.page = Page([], [], "")
        self._href: tuple[str, str] | None = None
        self._words: list[str] = []
        self._all: list[str] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        found = {k: v or "" for k, v in attrs}
        if tag == "a" and "href" in found:
            self._href = (found["href"], found.get("rel", ""))
            self._words = []
        if tag == "img":
            self.page.images.append((found.get("src", ""), found.get("alt", "")))

    def handle_endtag(self, tag: str) -> None:
        if tag == "a" and self._href is not None:
            href, rel = self._href
            self.page.links.append((href, " ".join("".join(self._words).split()), rel))
            self._href = None

    def handle_data(self, data: str) -> None:
        self._all.append(data)
        if self._href is not None:
            self._words.append(data)

    def close(self) -> None:
        super().close()
        self.page.text = "".join(self._all)


class Browser:
    """Headless Chromium, one run per page, with its own empty profile."""

    def __init__(self, profile: Path) -> None:
        self.profile = profile

    def _run(self, *args: str) -> str:
        done = subprocess.run(
            [CHROMIUM or "chromium", *FLAGS, f"--user-data-dir={self.profile}", *args],
            capture_output=True,
            text=True,
            timeout=120,
            env={**os.environ, "TZ": "Asia/Tokyo"},
        )
        assert done.returncode == 0, done.stderr[-2000:]
        return done.stdout

    def open(self, url: str) -> Page:
        """The page's DOM after it loaded (its scripts run)."""
        reader = _Reader()
        reader.feed(self._run("--dump-dom", url))
        reader.close()
        return reader.page

    def screenshot(self, url: str, path: Path, size: str = "1400,1800") -> Image.Image:
        """A screenshot of the page as a 1400-pixel-wide window shows it."""
        self._run(f"--screenshot={path}", f"--window-size={size}", url)
        return Image.open(path).convert("RGB")


@pytest.fixture(scope="module")
def browser(tmp_path_factory: pytest.TempPathFactory) -> Browser:
    return Browser(tmp_path_factory.mktemp("chromium-profile"))


def _png_ok(url: str) -> None:
    with urllib.request.urlopen(url, timeout=60) as answer:  # noqa: S310 (loopback)
        assert answer.status == 200
        assert answer.headers["Content-Type"] == "image/png"
        image = Image.open(io.BytesIO(answer.read()))
        assert image.width >= 400 and image.height >= 300


def _map_share(shot: Image.Image) -> float:
    """The share of clearly coloured pixels (the map's powers and seas): a page of
    text and white space has next to none."""
    small = shot.convert("HSV").resize((shot.width // 4, shot.height // 4))
    pixels = list(small.get_flattened_data())
    coloured = sum(1 for _h, s, v in pixels if s > 60 and v > 60)
    return coloured / len(pixels)


def test_the_demo_game_in_a_browser(
    demo: tuple[str, Path], browser: Browser, tmp_path: Path
) -> None:
    base, root = demo
    index = browser.open(f"{base}/")
    assert ("/game/demo", "demo", "") in index.links

    game = browser.open(f"{base}/game/demo")
    maps = [src for src, alt in game.images if alt.startswith("Map of game demo: S1902M")]
    assert maps, game.images
    _png_ok(base + maps[0])
    # The deadline is shown in the reader's zone (the browser runs in Tokyo's).
    deadline = game.text.split("Deadline:")[1].split("\n")[0]
    assert "GMT+9" in deadline and "UTC" not in deadline, deadline

    # The phase list; the last phase first, then back through every phase.
    phases = [href for href, _text, _rel in game.links if "/phase/" in href]
    assert len(phases) == 3
    seen = []
    url: str | None = base + phases[-1]
    while url is not None:
        page = browser.open(url)
        heading = re.search(r"demo: (\w+), ", page.text)
        assert heading is not None, page.text[:500]
        phase = heading.group(1)
        seen.append(phase)
        shown = [src for src, alt in page.images if alt.startswith(f"Map of game demo: {phase}")]
        assert shown, (phase, page.images)
        _png_ok(base + shown[0])
        assert "Orders and results" in page.text and "Austria:" in page.text
        back = [href for href, _text, rel in page.links if rel == "prev"]
        url = base + back[0] if back else None
    assert seen == ["W1901M", "F1901M", "S1901M"]

    # The multiverse grid opens a board at full size, with its fork shown.
    board_links = [href for href, text, _rel in game.links if "/board/" in href]
    assert "/game/demo/board/2/W1901A" in board_links
    board = browser.open(f"{base}/game/demo/board/2/W1901A")
    assert "Timeline 2 forked from" in " ".join(board.text.split())
    shown = [src for src, alt in board.images if alt.startswith("Map of game demo: Timeline 2")]
    assert shown
    _png_ok(base + shown[0])

    # Germany's private link, from Germany's own results mail: France's press to
    # Germany is there; Italy's page does not have it.
    def own_link(power: str) -> str:
        mail = next(root.joinpath("mail").glob(f"*-{power}-at-players.demo--*s1901m-results*"))
        message = email.message_from_bytes(mail.read_bytes(), policy=email.policy.default)
        text = message.get_body(("plain",)).get_content()  # type: ignore[union-attr]
        link = next(line for line in text.splitlines() if line.startswith("Your own page"))
        address = link.split(": ", 1)[1].strip()
        path = address.split("/", 3)[3]  # the mail's host is the demo's own server
        return f"{base}/{path}"

    germany = browser.open(own_link("germany"))
    assert "Belgium for me, Holland for you?" in germany.text
    assert "your page (Germany)" in germany.text
    italy = browser.open(own_link("italy"))
    assert "your page (Italy)" in italy.text
    assert "Belgium for me" not in italy.text

    # A screenshot of the game page holds the map (a broken picture would leave the
    # page text on white).
    shot = browser.screenshot(f"{base}/game/demo", tmp_path / "game.png")
    assert shot.width == 1400
    assert _map_share(shot) > 0.10, _map_share(shot)
