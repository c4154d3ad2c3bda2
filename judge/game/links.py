"""Links to the judge's web pages, as the mails give them.

Every results and start mail ends with the game's page; a player's copy also gives
the player's private page, whose address holds a token that only this judge can make
(an HMAC of the player's row under the judge's ``links`` secret).  The token names
the player's row, power and password hash: it stops working when the player leaves
the power (the row is no longer playing, or a new row holds the power) or changes
their password.  Nothing here is mailed to anyone but the player it belongs to.
"""

from __future__ import annotations

import base64
import hashlib
import hmac
from html import escape
from urllib.parse import quote

from sqlmodel import Session, select

from judge.mail.outgoing import Author
from judge.store.models import PLAYING, Game, Player
from judge.store.secrets import site_secret

TOKEN_BYTES = 20  # 160 bits of the HMAC, written in 32 base32 letters


def game_path(game: str) -> str:
    """The path of a game's page, below the judge's web address."""
    return f"/game/{quote(game.lower(), safe='')}"


def game_page(web: str, game: str) -> str:
    """The address of a game's page ("" when the judge has no web pages)."""
    return f"{web}{game_path(game)}" if web else ""


def player_token(secret: bytes, player: Player) -> str:
    """The private token of one player's row (lower-case base32, no padding)."""
    message = f"{player.id}:{player.game_id}:{player.power}:{player.password_hash}"
    digest = hmac.new(secret, message.encode(), hashlib.sha256).digest()[:TOKEN_BYTES]
    return base64.b32encode(digest).decode().rstrip("=").lower()


def private_path(game: str, power: str, token: str) -> str:
    """The path of a player's private page."""
    return f"{game_path(game)}/player/{quote(power.lower(), safe='')}/{token}"


def private_page(session: Session, web: str, game: Game, player: Player) -> str:
    """The address of the player's private page ("" when the judge has no web pages)."""
    if not web:
        return ""
    token = player_token(site_secret(session), player)
    return f"{web}{private_path(game.name, player.power, token)}"


def player_of_token(session: Session, game: Game, power: str, token: str) -> Player | None:
    """The playing player whose private token this is, or None."""
    player = session.exec(
        select(Player).where(
            Player.game_id == game.id, Player.power == power.lower(), Player.status == PLAYING
        )
    ).first()
    if player is None:
        return None
    expected = player_token(site_secret(session), player).encode()
    # As bytes: a token from a URL may hold any letter, and compare_digest takes
    # only ASCII strings.
    return player if hmac.compare_digest(expected, token.lower().encode()) else None


def _player(session: Session, game: Game, power: str) -> Player | None:
    return session.exec(
        select(Player).where(
            Player.game_id == game.id, Player.power == power, Player.status == PLAYING
        )
    ).first()


def link_lines(
    session: Session, author: Author, game: Game, power: str | None
) -> list[tuple[str, str]]:
    """(what, address) of the links one recipient's mail ends with: the game's page,
    and for a player (``power``) their private page.  Empty without web pages, and
    for a private game (SET NOLIST), which has none (judge.web.visibility.listed)."""
    if not author.web or game.unlisted:
        return []
    links = [("The game's page", game_page(author.web, game.name))]
    player = _player(session, game, power) if power else None
    if player is not None:
        links.append(
            (
                "Your own page (press and orders; keep it to yourself)",
                private_page(session, author.web, game, player),
            )
        )
    return links


def with_links(
    session: Session,
    author: Author,
    game: Game,
    power: str | None,
    text: str,
    html: str | None,
) -> tuple[str, str | None]:
    """The mail's text and HTML with the recipient's links at the end."""
    links = link_lines(session, author, game, power)
    if not links:
        return text, html
    block = "\n".join(f"{what}: {address}" for what, address in links)
    text = f"{text.rstrip()}\n\n{block}\n"
    if html is not None:
        items = "".join(
            f'<p class="links">{escape(what)}: <a href="{escape(a)}">{escape(a)}</a></p>'
            for what, a in links
        )
        at = html.lower().rfind("</body>")
        html = f"{html[:at]}{items}{html[at:]}" if at >= 0 else html + items
    return text, html
