"""Private games, access lists, players' records and entry limits through the whole
mail path (issue 28; njudge data/index SET ALLOW/DENY PLAYER, SET NOLIST, SET
DEDICATION/ONTIMERAT/RESRAT, INFO PLAYER, GET DEDICATION; data/dedsystems): SMTP in,
GnuPG-signed master mail, SQLite, SMTP out, and the web pages the daemon serves."""

from __future__ import annotations

import urllib.error
import urllib.request
from collections.abc import Iterator
from datetime import UTC, datetime
from pathlib import Path

import pytest
from sqlmodel import select

from judge.demo.keys import DemoSigner
from judge.demo.mailer import Correspondent, Exchange
from judge.demo.rig import DemoJudge
from judge.demo.scenario import CAST, Cast, expect, join, orders, process, register
from judge.store.models import Game

from .conftest import MASTER

pytestmark = pytest.mark.timeout(240)

RESTRICTED = "The master has restricted access to this game.  You are not allowed to sign on."


def _cast(power: str) -> Cast:
    return next(c for c in CAST if c.power == power)


def _master(judge: DemoJudge, key: DemoSigner) -> Correspondent:
    judge.add_game_master(MASTER, key.public_key())
    return Correspondent(judge, MASTER, "Demo Master", key)


def _refused(exchange: Exchange, reason: str) -> str:
    text = exchange.reply_text
    assert f"*** Refused: {reason}" in text, text
    return text


def _join(player: Correspondent, cast: Cast, game: str) -> Exchange:
    return player.send(f"JOIN {game} {cast.password} {cast.power}\n", "joining")


def _fetch(url: str) -> tuple[int, str]:
    try:
        with urllib.request.urlopen(url, timeout=30) as answer:  # noqa: S310 (loopback)
            return answer.status, answer.read().decode("utf-8")
    except urllib.error.HTTPError as error:
        return error.code, ""


@pytest.fixture
def served(tmp_path: Path) -> Iterator[DemoJudge]:
    with DemoJudge(tmp_path / "judge", web=True) as running:
        yield running


def test_join_is_refused_by_a_deny_list_and_by_an_allow_list(
    judge: DemoJudge, master_key: DemoSigner
) -> None:
    """njudge data/index 327-333 and 472-477; the refusal of ml_signon.c."""
    master = _master(judge, master_key)
    france, england, germany = (_cast(p) for p in ("france", "england", "germany"))
    players = {c.power: register(judge, c) for c in (france, england, germany)}
    expect(
        master.send(f"CREATE barred PLAYERS 3\nSET DENY PLAYER {france.address}\n"),
        "Game barred created",
        f"The deny list of game barred: {france.address}.",
    )
    _refused(_join(players["france"], france, "barred"), RESTRICTED)
    join(players["england"], england, "barred")

    expect(
        master.send(f"CREATE invited PLAYERS 3\nSET ALLOW PLAYER {england.address}\n"),
        f"The allow list of game invited: {england.address}.",
    )
    _refused(_join(players["germany"], germany, "invited"), RESTRICTED)
    join(players["england"], england, "invited")
    # Off the allow list again: the game is open to everyone.
    expect(master.send(f"GAME invited\nSET ALLOW PLAYER -{england.address}\n"), "empty")
    join(players["germany"], germany, "invited")


def test_a_private_game_shows_nothing_to_a_stranger(
    served: DemoJudge, master_key: DemoSigner
) -> None:
    """SET NOLIST (njudge data/index 588-591): out of LIST and the web index; to a
    stranger HISTORY, SUMMARY, MAP, LIST <game> and OBSERVE find no such game; its
    people are told once, and still see it."""
    judge = served
    assert judge.config is not None
    web = judge.config.web.public_url
    master = _master(judge, master_key)
    expect(master.send("CREATE quiet PLAYERS 3\n"), "Game quiet created")
    expect(master.send("CREATE loud PLAYERS 3\n"), "Game loud created")
    watcher = Correspondent(judge, "watcher@players.demo", "Watcher")
    expect(watcher.send("OBSERVE quiet\n"), "You now observe game quiet")
    france, stranger = _cast("france"), _cast("italy")
    player = register(judge, france)
    outsider = register(judge, stranger)
    join(player, france, "quiet")  # before it is private: JOIN finds it all the same
    status, page = _fetch(f"{web}/")
    assert status == 200 and "quiet" in page

    changed = master.send("GAME quiet\nSET NOLIST\n")
    expect(changed, "Game quiet is now private")
    told = [m for m in changed.others if "now private" in m.text()]
    assert [m.recipients[0] for m in told] == ["watcher@players.demo"]
    again = master.send("GAME quiet\nSET PRIVATE\n")
    expect(again, "nothing changed, and nobody was told")
    assert not again.others

    listing = expect(outsider.send("LIST\n"), "The games on this judge:")
    assert "loud" in listing and "quiet" not in listing
    for command in ("LIST quiet", "HISTORY quiet", "SUMMARY quiet", "MAP quiet", "OBSERVE quiet"):
        text = _refused(outsider.send(command + "\n"), "there is no game called 'quiet'")
        assert "forming" not in text
    status, page = _fetch(f"{web}/")
    assert status == 200 and "loud" in page and "quiet" not in page
    assert _fetch(f"{web}/game/quiet")[0] == 404

    expect(player.send("SUMMARY quiet\n"), "quiet")  # a player of it is no stranger
    expect(watcher.send("LIST quiet\n"), "Status of game quiet", "Private: not listed")
    expect(master.send("GAME quiet\nSET LIST\n"), "Game quiet is now listed")
    assert "quiet" in expect(outsider.send("LIST\n"), "The games on this judge:")


def test_records_limit_entry_and_whois_keeps_anonymous_games_secret(
    judge: DemoJudge, master_key: DemoSigner
) -> None:
    """England misses a phase of an anonymous game; SET ONTIMERAT then keeps England
    out of another game with the figures (njudge ml_signon.c), WHOIS and INFO PLAYER
    give the record without naming the anonymous game, GET DEDICATION the sender's."""
    master = _master(judge, master_key)
    trio = [_cast(p) for p in ("england", "france", "germany")]
    players = {c.power: register(judge, c) for c in trio}
    expect(
        master.send("CREATE hush PLAYERS 3 PRESS none ANONYMOUS\nSET DEADLINE MOVE 48h\n"),
        "Game hush created",
    )
    for cast in trio:
        join(players[cast.power], cast, "hush")
    france = trio[1]
    orders(players["france"], france, "S1901M", "A Par - Bur\nA Mar - Spa\nF Bre - Mao", "hush")
    # England and Germany owed orders and gave none; the deadline and its grace pass
    # (the master processes only then: before the deadline nobody misses it).
    expect(master.send("GAME hush\nSET GRACE WAIT\n"), "hush")
    _grace_over(judge, "hush")
    process(master, "S1901M", "hush")

    expect(master.send("CREATE serious PLAYERS 3\nSET ONTIMERAT 0.9\n"), "0.90")
    _refused(
        _join(players["england"], trio[0], "serious"),
        "game serious requires an on-time ratio of at least 0.90, and yours is 0.00 "
        "(0 of 1 phases on time)",
    )
    join(players["france"], france, "serious")
    expect(master.send("GAME serious\nSET DEDICATION 1\n"), "minimum dedication 1")
    _refused(
        _join(players["germany"], trio[2], "serious"),
        "game serious requires a dedication of at least 1, and you are rated at -100",
    )

    asker = register(judge, _cast("italy"))
    limits = "Entry limits: dedication at least 1, on-time ratio at least 0.90"
    expect(asker.send("LIST serious\n"), limits)
    whois = expect(asker.send("WHOIS england@players.demo\n"), "Edward Smith")
    assert "Phases: 1 due: 0 on time, 0 late, 1 missed." in whois
    assert "Dedication: -100." in whois
    assert "Playing now: no game shown." in whois
    assert "hush" not in whois.lower()
    by_name = expect(asker.send("WHOIS Françoise Martin\n"), "france@players.demo")
    assert "hush" not in by_name.lower() and "1 on time" in by_name
    info = expect(asker.send("INFO PLAYER germany@players.demo\n"), "1 missed")
    assert "hush" not in info.lower()
    own = expect(players["france"].send("GET DEDICATION\n"), "The record of france@players")
    assert "Dedication: 3." in own and "hush" not in own.lower()


def _grace_over(judge: DemoJudge, name: str) -> None:
    """End the game's deadline and grace now, after the orders sent so far (the
    running judge has no clock to turn)."""
    with judge.session() as session:
        game = session.exec(select(Game).where(Game.name == name)).one()
        game.deadline = game.grace_until = datetime.now(UTC)
        session.add(game)
        session.commit()


def _reply(exchange: Exchange) -> str:
    assert exchange.reply is not None, f"no reply to {exchange.sent}"
    return exchange.reply_text


def test_nolist_allow_and_deny_with_njudge_forms(judge: DemoJudge, master_key: DemoSigner) -> None:
    """njudge data/index 327-333, 472-477, 588-591; ml_signon.c 989-1001: a NOLIST game
    is absent from LIST and LIST FULL and hidden from outsiders; JOIN, njudge's
    SIGNON ?<game> and OBSERVE are refused by the lists."""
    master = _master(judge, master_key)
    assert "created" in _reply(master.send("CREATE secret PLAYERS 3\nCREATE open PLAYERS 3\n"))
    anna, edward, francoise = (register(judge, c) for c in CAST[:3])
    by_address = {c.address: c for c in CAST}

    changed = master.send(
        "GAME secret\nSET NOLIST\nSET DENY PLAYER austria@players.demo\n"
        "GAME open\nSET ALLOW PLAYER england@players.demo\n"
    )
    text = _reply(changed)
    assert "Game secret is now private" in text and "*** Refused" not in text, text

    # NOLIST: absent from LIST and LIST FULL, and nothing of it shown outside it
    listing = _reply(edward.send("LIST\nLIST FULL\nLIST secret\nHISTORY secret\nSUMMARY secret\n"))
    assert "open" in listing
    assert "secret " not in listing.replace("> LIST secret", "").replace("SUMMARY secret", "")
    assert listing.count("there is no game called 'secret'") == 3

    # The deny list refuses JOIN; others may join the private game by its name
    anna_pw = by_address["austria@players.demo"].password
    assert RESTRICTED in _reply(anna.send(f"JOIN secret {anna_pw}\n"))
    ed_pw = by_address["england@players.demo"].password
    assert "You have joined game secret" in _reply(edward.send(f"JOIN secret {ed_pw}\n"))
    # ... and, once in it, see it
    assert "Status of game secret" in _reply(edward.send("LIST secret\n"))

    # The allow list refuses everyone not on it (njudge's SIGNON ? form too)
    fr_pw = by_address["france@players.demo"].password
    text = _reply(francoise.send(f"JOIN open {fr_pw}\nSIGNON ?open {fr_pw}\nOBSERVE open\n"))
    assert text.count(RESTRICTED) == 3, text
    assert "You have joined game open" in _reply(edward.send(f"JOIN open {ed_pw}\n"))


def test_join_and_signon_join_are_refused_by_a_record_limit(
    judge: DemoJudge, master_key: DemoSigner
) -> None:
    """njudge's SET DEDICATION (data/dedsystems 55-59; ml_signon.c 1113-1160): a new
    player has a dedication of 0, so SET DEDICATION 1 keeps new players out, from JOIN
    and from njudge's SIGNON ?<game> alike."""
    master = _master(judge, master_key)
    assert "created" in _reply(master.send("CREATE serious PLAYERS 3\nCREATE casual PLAYERS 3\n"))
    changed = master.send("GAME serious\nSET DEDICATION 1\nSET RESRAT 0.2\n")
    assert "*** Refused" not in _reply(changed)
    anna = register(judge, CAST[0])
    password = CAST[0].password
    text = _reply(anna.send(f"JOIN serious {password}\nSIGNON ?serious {password}\n"))
    refusal = "game serious requires a dedication of at least 1, and you are rated at 0"
    assert text.count(refusal) == 2, text
    assert "You have joined game casual" in _reply(anna.send(f"JOIN casual {password}\n"))
    # The record: INFO PLAYER (data/index 200-202), GET DEDICATION (151-155)
    text = _reply(anna.send("GET DEDICATION\nINFO PLAYER austria@players.demo\n"))
    assert text.count("Dedication: 0.") == 2, text
    assert "Phases: 0 due: 0 on time, 0 late, 0 missed." in text
