"""The pages at a phone's width (390 pixels) in headless Chromium: nothing reaches
past the page's right margin.  A wide table (the supply centres by year of seven
powers, or fourteen in Root Z) scrolls in its own box, and a player's name or press
that is one very long word wraps, instead of the whole page becoming wider than the
screen."""

from __future__ import annotations

from pathlib import Path

import pytest
from PIL import Image

from judge.demo.keys import DemoSigner
from judge.demo.mailer import Correspondent
from judge.demo.rig import DemoJudge
from judge.demo.scenario import Cast, expect, join
from tests.e2e.conftest import MASTER
from tests.web.test_browser import CHROMIUM, Browser

pytestmark = [
    pytest.mark.timeout(420),
    pytest.mark.skipif(CHROMIUM is None, reason="Chromium is installed by `make test`"),
]

PHONE = "390,3200"
MARGIN = 12  # pixels at the right edge, inside the page's own padding
BACKGROUND = (253, 253, 251)  # the page's (style.css)
RULE = (204, 204, 204)  # the header's and footer's full-width lines
LONG = "Wolfeschlegelsteinhausenbergerdorff" * 6


@pytest.fixture(scope="module")
def phone(tmp_path_factory: pytest.TempPathFactory) -> Browser:
    return Browser(tmp_path_factory.mktemp("chromium-profile"))


def beyond_the_margin(shot: Image.Image) -> list[int]:
    """The rows of the screenshot with something drawn in its right margin."""
    width, height = shot.size
    return [
        y
        for y in range(height)
        if any(
            shot.getpixel((x, y)) not in (BACKGROUND, RULE) for x in range(width - MARGIN, width)
        )
    ]


@pytest.mark.parametrize(
    "path", ["/", "/game/demo", "/game/demo/phase/3", "/game/demo/board/2/F1901M"]
)
def test_the_demos_pages_fit_a_phone(
    demo: tuple[str, Path],
    phone: Browser,
    tmp_path: Path,
    path: str,
) -> None:
    shot = phone.screenshot(demo[0] + path, tmp_path / "phone.png", PHONE)
    rows = beyond_the_margin(shot)
    assert not rows, f"{path}: drawn past the margin in rows {rows[0]}..{rows[-1]}"


def test_a_long_word_in_a_name_and_in_press_wraps_on_a_phone(
    tmp_path: Path,
    master_key: DemoSigner,
    phone: Browser,
) -> None:
    with DemoJudge(tmp_path / "judge", web=True) as judge:
        assert judge.config is not None
        judge.add_game_master(MASTER, master_key.public_key())
        master = Correspondent(judge, MASTER, "Demo Master", master_key)
        expect(master.send("CREATE wide PLAYERS 3 PRESS white\n"), "Game wide created")
        cast = [
            Cast("england", LONG, "UTC"),
            Cast("france", "Flo", "UTC"),
            Cast("italy", "Ida", "UTC"),
        ]
        for person in cast:
            player = Correspondent(judge, person.address, person.name)
            expect(
                player.send(f"REGISTER\nName: {person.name}\nPassword: {person.password}\nEND\n"),
                "Registered",
            )
            join(player, person, "wide")
        england = Correspondent(judge, cast[0].address, LONG)
        sent = england.send(f"SIGNON Ewide {cast[0].password}\nBROADCAST\n{LONG}\nENDPRESS\n")
        expect(sent, "Broadcast")
        page = f"{judge.config.web.public_url}/game/wide"
        rows = beyond_the_margin(phone.screenshot(page, tmp_path / "phone.png", PHONE))
        assert not rows, f"drawn past the margin in rows {rows[0]}..{rows[-1]}"
