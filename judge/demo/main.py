"""``judge demo``: run the scenario on a fresh loopback judge and tell the user where
everything is."""

from __future__ import annotations

import logging
import sys
import time
from pathlib import Path
from typing import TextIO

from judge.demo.keys import DemoSigner, SigningError
from judge.demo.rig import DemoError, DemoJudge
from judge.demo.scenario import MASTER_ADDRESS, MASTER_NAME, play


def _log_to(path: Path) -> logging.Handler:
    handler = logging.FileHandler(path, encoding="utf-8")
    handler.setFormatter(logging.Formatter("%(asctime)s %(levelname)s %(name)s: %(message)s"))
    root = logging.getLogger()
    root.addHandler(handler)
    if root.level > logging.INFO or root.level == logging.NOTSET:
        root.setLevel(logging.INFO)
    return handler


def run_demo(
    directory: str | Path = "state/demo", out: TextIO | None = None, *, serve: bool = False
) -> int:
    """Play the demo game in ``directory`` (wiped first); 0 on success, 1 on failure.
    With ``serve``, keep serving the game's web pages afterwards until interrupted."""
    out = out or sys.stdout
    started = time.monotonic()
    judge = DemoJudge(directory, web=True)
    signer: DemoSigner | None = None
    handler: logging.Handler | None = None
    try:
        signer = DemoSigner(MASTER_NAME, MASTER_ADDRESS)
        judge.start()
        handler = _log_to(judge.paths.log)
        assert judge.config is not None
        port = judge.config.inbound.smtp.port
        print(f"The judge runs in {judge.paths.root}, taking mail on 127.0.0.1:{port}.", file=out)
        play(judge, signer, out)
    except (DemoError, SigningError) as exc:
        print(f"\nThe demo failed: {exc}", file=out)
        print(f"The judge's log: {judge.paths.log}", file=out)
        return 1
    finally:
        judge.stop()
        if signer is not None:
            signer.close()
        if handler is not None:
            logging.getLogger().removeHandler(handler)
            handler.close()
    print(f"\nThe demo took {time.monotonic() - started:.1f} s.", file=out)
    assert judge.config is not None
    page = f"{judge.config.web.public_url}/game/demo"
    if serve:
        print(f"\nThe game's page: {page}  (serving until interrupted: Ctrl-C)", file=out)
        out.flush()
        _serve(judge)
    else:
        print(f"\nThe game's page: {page}", file=out)
        print(
            f"  (to see it: judge demo --serve, or judge web --config {judge.paths.config})",
            file=out,
        )
    return 0


def _serve(judge: DemoJudge) -> None:
    """Serve the finished demo's pages in the foreground until interrupted."""
    from judge.store.db import make_engine
    from judge.web.server import serve

    assert judge.config is not None
    engine = make_engine(judge.config.database.url)
    try:
        serve(engine, judge.config)
    except KeyboardInterrupt:
        pass
    finally:
        engine.dispose()
