"""The Atom feed (RFC 4287, XML 1.0) stays well-formed whatever a player wrote: a
press with control characters (a bell, an escape sequence pasted from a terminal)
must not break the feed of every reader of the game."""

from __future__ import annotations

from pathlib import Path
from xml.etree import ElementTree as ET

from sqlmodel import Session

from judge.store.models import Press, utcnow
from judge.web.feed import atom_feed
from tests.commands.helpers import add_game, address, migrated_engine


def test_control_characters_in_press_leave_the_feed_well_formed(tmp_path: Path) -> None:
    engine = migrated_engine(tmp_path)
    with Session(engine) as session:
        game = add_game(session, "g1")
        session.add(
            Press(
                game_id=game.id or 0,
                phase="S1901M",
                from_power="france",
                from_address=address("france"),
                recipients='["england"]',
                broadcast=True,
                body="bell \x07 esc \x1b[31m red\x0c\tend \ufffe",
                created_at=utcnow(),
            )
        )
        session.commit()
        feed = atom_feed(session, game, "https://judge.example.org/game/g1")
    root = ET.fromstring(feed)
    contents = [e.text for e in root.iter("{http://www.w3.org/2005/Atom}content")]
    assert contents == ["bell  esc [31m red\tend "]
