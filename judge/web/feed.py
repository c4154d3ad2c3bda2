"""A game's Atom feed (RFC 4287): its results reports and its broadcast press."""

from __future__ import annotations

import re
from datetime import UTC, datetime
from xml.etree import ElementTree as ET

from sqlmodel import Session, col, select

from judge.store.models import REPORT_RESULTS, Game, GameReport, Press, as_utc
from judge.web.views import sender_name
from judge.web.visibility import press_sender

ATOM = "http://www.w3.org/2005/Atom"
# What XML 1.0 cannot hold (its Char production): C0 controls but tab, newline and
# carriage return; surrogates; U+FFFE and U+FFFF.
_NOT_XML = re.compile("[\x00-\x08\x0b\x0c\x0e-\x1f\ud800-\udfff\ufffe\uffff]")


def _xml_text(text: str) -> str:
    """``text`` without the characters XML cannot hold (a player's press may have any)."""
    return _NOT_XML.sub("", text)


def _stamp(moment: datetime | None) -> str:
    return (as_utc(moment) or datetime(1970, 1, 1, tzinfo=UTC)).strftime("%Y-%m-%dT%H:%M:%SZ")


def _entry(
    feed: ET.Element, ident: str, title: str, when: datetime | None, text: str, link: str
) -> None:
    entry = ET.SubElement(feed, "entry")
    ET.SubElement(entry, "id").text = ident
    ET.SubElement(entry, "title").text = _xml_text(title)
    ET.SubElement(entry, "updated").text = _stamp(when)
    ET.SubElement(entry, "link", href=link)
    ET.SubElement(entry, "content", type="text").text = _xml_text(text)


def atom_feed(session: Session, game: Game, url: str) -> str:
    """The feed of one game; ``url`` is the game page's public address."""
    reports = list(
        session.exec(
            select(GameReport)
            .where(GameReport.game_id == game.id, GameReport.kind == REPORT_RESULTS)
            .order_by(col(GameReport.id))
        )
    )
    press = list(
        session.exec(
            select(Press)
            .where(Press.game_id == game.id, col(Press.broadcast))
            .order_by(col(Press.id))
        )
    )
    feed = ET.Element("feed", xmlns=ATOM)
    ET.SubElement(feed, "id").text = f"{url}#feed"
    ET.SubElement(feed, "title").text = f"Game {game.name}: results and press"
    ET.SubElement(feed, "link", href=url)
    times = [r.created_at for r in reports] + [p.created_at for p in press]
    ET.SubElement(feed, "updated").text = _stamp(max(times, default=game.created_at))
    author = ET.SubElement(feed, "author")
    ET.SubElement(author, "name").text = "the judge"
    for r in reports:
        link = f"{url}/phase/{r.number}"
        _entry(feed, f"{link}#report-{r.id}", r.subject, r.created_at, r.text, link)
    for p in press:
        sender = press_sender(p, sender_name(game, p.from_power))
        title = f"Press from {sender} to everyone ({p.phase})"
        _entry(feed, f"{url}#press-{p.id}", title, p.created_at, p.body, f"{url}#press")
    return ET.tostring(feed, encoding="unicode", xml_declaration=True)
