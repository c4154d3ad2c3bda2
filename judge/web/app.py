"""The web application: the judge's pages over its database, read-only (Starlette).

Routes (every game path takes the game's name in any case):

* ``/``: the index of listed games;
* ``/game/<name>``: the game's page; ``/game/<name>/map.png`` its map now;
* ``/game/<name>/phase/<n>`` and ``.../map.png``: processed phase ``n`` (the report
  number after it), its orders and results;
* ``/game/<name>/board/<timeline>/<phase>`` and ``.../map.png``: one board of a
  multiverse world;
* ``/game/<name>/feed.atom``: results and broadcast press;
* ``/game/<name>/player/<power>/<token>``: a player's own page (never cached);
* any address ending in a slash: sent to the one without it, on the judge's own
  public path (never to the Host the request named).

Pages are built once per change of their game (:mod:`judge.web.cache`), and every
answer carries a strict Content-Security-Policy and no referrer.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

from jinja2 import Environment, FileSystemLoader, select_autoescape
from sqlalchemy.engine import Engine
from sqlmodel import Session
from starlette.applications import Starlette
from starlette.convertors import IntegerConvertor, register_url_convertor
from starlette.middleware import Middleware
from starlette.middleware.base import BaseHTTPMiddleware, RequestResponseEndpoint
from starlette.requests import Request
from starlette.responses import HTMLResponse, PlainTextResponse, RedirectResponse, Response
from starlette.routing import Mount, Route
from starlette.staticfiles import StaticFiles

from judge.config import Config
from judge.game.links import game_path, player_of_token
from judge.game.processing import past_deadline
from judge.store.models import Game, utcnow
from judge.web import views
from judge.web.cache import Memo
from judge.web.feed import atom_feed
from judge.web.pictures import Pictures

TEMPLATES = Path(__file__).resolve().parent.parent.parent / "templates" / "web"

CSP = (
    "default-src 'none'; img-src 'self'; style-src 'self'; script-src 'self'; "
    "base-uri 'none'; form-action 'none'; frame-ancestors 'none'"
)
SECURITY_HEADERS = {
    "Content-Security-Policy": CSP,
    "X-Content-Type-Options": "nosniff",
    "Referrer-Policy": "no-referrer",
    "X-Frame-Options": "DENY",
}


class _Count(IntegerConvertor):
    """A phase or timeline number in a path: at most nine digits, so that a longer
    one is a missing page, not a number the database (or Python) cannot take."""

    regex = "[0-9]{1,9}"


register_url_convertor("count", _Count())


class _Secure(BaseHTTPMiddleware):
    """Every answer gets the security headers."""

    async def dispatch(self, request: Request, call_next: RequestResponseEndpoint) -> Response:
        response = await call_next(request)
        for name, value in SECURITY_HEADERS.items():
            response.headers.setdefault(name, value)
        return response


class Site:
    """The pages of one judge's database, with their memories."""

    def __init__(self, engine: Engine, config: Config) -> None:
        self.engine = engine
        self.config = config
        # Links stay on the server's own origin: only the path of the public address
        # (a reverse proxy may serve the pages below one) begins them.
        self.root = urlsplit(config.web.base_url).path.rstrip("/")
        self.env = Environment(
            loader=FileSystemLoader(TEMPLATES),
            autoescape=select_autoescape(default=True, default_for_string=True),
            trim_blocks=True,
            lstrip_blocks=True,
        )
        self.pages: Memo[str] = Memo(512)
        self.pictures = Pictures()

    # -------------------------------------------------------------- helpers

    def render(self, template: str, **values: Any) -> str:
        """One page, with what every page shows."""
        return self.env.get_template(template).render(
            judge_name=self.config.judge.name,
            judge_address=self.config.from_address,
            root=self.root,
            **values,
        )

    def game_url(self, game: Game) -> str:
        return f"{self.root}{game_path(game.name)}"

    def _game(self, session: Session, request: Request) -> Game | None:
        return views.find_listed(session, str(request.path_params["name"]))

    def _cached(self, key: Hashable, build: Callable[[], str]) -> HTMLResponse:
        return HTMLResponse(self.pages.get(key, build))

    # -------------------------------------------------------------- pages

    def index(self, request: Request) -> Response:
        with Session(self.engine) as session:
            key = ("index", views.index_version(session))
            return self._cached(
                key, lambda: self.render("index.html.j2", index=views.index(session))
            )

    def game(self, request: Request) -> Response:
        with Session(self.engine) as session:
            game = self._game(session, request)
            if game is None:
                return _missing()
            now = utcnow()
            late = past_deadline(game, now)
            key = ("game", game.id, views.game_version(session, game), late)
            return self._cached(
                key,
                lambda: self.render(
                    "game.html.j2",
                    page=views.game_page(session, game, now),
                    game_url=self.game_url(game),
                ),
            )

    def phase(self, request: Request) -> Response:
        number = int(request.path_params["number"])
        with Session(self.engine) as session:
            game = self._game(session, request)
            page = None if game is None else views.phase_page(session, game, number)
            if game is None or page is None:
                return _missing()
            key = ("phase", game.id, page)
            return self._cached(
                key,
                lambda: self.render("phase.html.j2", page=page, game_url=self.game_url(game)),
            )

    def board(self, request: Request) -> Response:
        timeline = int(request.path_params["timeline"])
        phase = str(request.path_params["phase"])
        with Session(self.engine) as session:
            game = self._game(session, request)
            page = None if game is None else views.board_page(game, timeline, phase)
            if game is None or page is None:
                return _missing()
            key = ("board", game.id, game.version, timeline, page.phase)
            return self._cached(
                key,
                lambda: self.render("board.html.j2", page=page, game_url=self.game_url(game)),
            )

    def private(self, request: Request) -> Response:
        power = str(request.path_params["power"])
        token = str(request.path_params["token"])
        with Session(self.engine) as session:
            game = self._game(session, request)
            player = None if game is None else player_of_token(session, game, power, token)
            if game is None or player is None:
                return _missing()
            html = self.render(
                "private.html.j2",
                page=views.private_page(session, game, player),
                game_url=self.game_url(game),
            )
            session.commit()  # the links secret, if this was the first to ask for it
        return HTMLResponse(html, headers={"Cache-Control": "no-store"})

    def feed(self, request: Request) -> Response:
        with Session(self.engine) as session:
            game = self._game(session, request)
            if game is None:
                return _missing()
            key = ("feed", game.id, views.game_version(session, game))
            url = f"{self.config.web.public_url}{game_path(game.name)}"
            body = self.pages.get(key, lambda: atom_feed(session, game, url))
        return Response(body, media_type="application/atom+xml")

    def unslash(self, request: Request) -> Response:
        """An address ending in a slash, sent to the one without it: a path on the
        judge's own public address, never built from the Host the request named (a
        forged Host header would send the reader elsewhere; a reverse proxy's path
        prefix would be lost)."""
        # Leading slashes and backslashes too: "//host" and "/\\host" name another site.
        path = str(request.path_params["path"]).lstrip("/\\").rstrip("/")
        query = f"?{request.url.query}" if request.url.query else ""
        return RedirectResponse(f"{self.root}/{path}{query}")

    # -------------------------------------------------------------- pictures

    def map_now(self, request: Request) -> Response:
        with Session(self.engine) as session:
            game = self._game(session, request)
            png = None if game is None else self.pictures.now(game)
        return _png(png)

    def map_phase(self, request: Request) -> Response:
        number = int(request.path_params["number"])
        with Session(self.engine) as session:
            game = self._game(session, request)
            report = None if game is None else views.results_report(session, game, number)
            png = None
            if game is not None and report is not None:
                stamp = views.report_stamp(report)
                png = self.pictures.phase(session, game, number, report.phase, stamp)
        return _png(png)

    def map_board(self, request: Request) -> Response:
        timeline = int(request.path_params["timeline"])
        phase = str(request.path_params["phase"])
        with Session(self.engine) as session:
            game = self._game(session, request)
            board = None if game is None else views.board_of(game, timeline, phase)
            png = None
            if game is not None and board is not None:
                png = self.pictures.board(game, board)
        return _png(png)


def _missing() -> Response:
    return PlainTextResponse("There is no such page.", status_code=404)


def _png(png: bytes | None) -> Response:
    if png is None:
        return _missing()
    return Response(png, media_type="image/png", headers={"Cache-Control": "max-age=300"})


def make_app(engine: Engine, config: Config) -> Starlette:
    """The web application over ``engine``'s database."""
    site = Site(engine, config)
    game = "/game/{name}"
    routes = [
        Route("/", site.index),
        Route(game, site.game),
        Route(f"{game}/map.png", site.map_now),
        Route(f"{game}/feed.atom", site.feed),
        Route(f"{game}/phase/{{number:count}}", site.phase),
        Route(f"{game}/phase/{{number:count}}/map.png", site.map_phase),
        Route(f"{game}/board/{{timeline:count}}/{{phase}}", site.board),
        Route(f"{game}/board/{{timeline:count}}/{{phase}}/map.png", site.map_board),
        Route(f"{game}/player/{{power}}/{{token}}", site.private),
        Mount("/static", app=StaticFiles(directory=TEMPLATES / "static"), name="static"),
        Route("/{path:path}/", site.unslash),
    ]
    app = Starlette(routes=routes, middleware=[Middleware(_Secure)])
    app.router.redirect_slashes = False  # Starlette's would name the request's Host
    app.state.site = site
    return app
