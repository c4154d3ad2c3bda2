"""Serving the pages: ``judge web`` in the foreground, or beside the daemon's runners
in a thread of ``judge run`` (uvicorn, an ASGI server)."""

from __future__ import annotations

import logging
import signal
import threading
import time

import uvicorn
from sqlalchemy.engine import Engine

from judge.config import Config
from judge.web.app import make_app

log = logging.getLogger(__name__)


def _server(engine: Engine, config: Config, port: int | None = None) -> uvicorn.Server:
    settings = uvicorn.Config(
        make_app(engine, config),
        host=config.web.host,
        port=config.web.port if port is None else port,
        log_level="warning",
        access_log=False,
        proxy_headers=True,
        server_header=False,
    )
    return uvicorn.Server(settings)


def serve(engine: Engine, config: Config, port: int | None = None) -> None:
    """Serve the pages until interrupted (Ctrl-C or SIGTERM), then return."""
    server = _server(engine, config, port)
    log.info("web pages at http://%s:%s/", config.web.host, server.config.port)
    # uvicorn stops on these signals and then raises them again for the handlers it
    # found: ours only note them, so that the command ends normally.
    previous = {s: signal.signal(s, _noted) for s in (signal.SIGTERM, signal.SIGINT)}
    try:
        server.run()
    finally:
        for sig, handler in previous.items():
            signal.signal(sig, handler)


def _noted(signum: int, _frame: object) -> None:
    log.info("signal %s: the web pages stop", signum)


class WebThread:
    """The pages served in a thread of a running daemon, stopped with it."""

    def __init__(self, engine: Engine, config: Config) -> None:
        # Outside the main thread uvicorn leaves the signals to the daemon.
        self.server = _server(engine, config)
        self.thread = threading.Thread(target=self.server.run, name="web", daemon=True)

    def start(self, wait: float = 10.0) -> None:
        """Start serving; returns once the server listens (or ``wait`` seconds passed)."""
        self.thread.start()
        deadline = time.monotonic() + wait
        while not self.server.started and self.thread.is_alive() and time.monotonic() < deadline:
            time.sleep(0.02)
        log.info("web pages at http://%s:%s/", self.server.config.host, self.server.config.port)

    def stop(self) -> None:
        self.server.should_exit = True
        self.thread.join(timeout=10)
