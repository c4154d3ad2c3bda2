"""JOIN, OBSERVE, UNOBSERVE and RESIGN <game> (withdrawing a JOIN)."""

from __future__ import annotations

from sqlmodel import select

from judge.commands.observe import Observe
from judge.game.games import find_game
from judge.store.models import ACTIVE, FINISHED, Applicant, Observer, Player
from tests.commands.forming import forming_game, mails_to, registered, text_of
from tests.commands.helpers import outcomes

ADA = "ada@players.test"
BOB = "bob@players.test"


def _only(ctx):
    [(echo, status, message)] = outcomes(ctx)
    return echo, status, message


def test_join_adds_an_applicant_and_says_how_many_places_are_free(session, run):
    game = forming_game(session, seats=3)
    registered(session, ADA)
    echo, status, message = _only(run("JOIN newgame secret1 France, england", ADA))
    assert echo == "JOIN newgame ******** France, england"
    assert status == "ok"
    assert message == (
        "You have joined game newgame (preferences: France, England). "
        "2 places are still free; the game starts when it is full."
    )
    applicant = session.exec(select(Applicant).where(Applicant.game_id == game.id)).one()
    assert applicant.preferences == "france,england"
    assert applicant.password_hash != "secret1"


def test_the_last_join_starts_the_game(session, run):
    game = forming_game(session, seats=2)
    registered(session, ADA)
    registered(session, BOB)
    assert "1 place is still free" in _only(run("JOIN newgame secret1 italy", ADA))[2]
    _, status, message = _only(run("JOIN newgame secret2 italy", BOB))
    assert status == "ok" and "The game is full and starts now" in message
    session.commit()
    assert game.status == ACTIVE
    powers = {p.power for p in session.exec(select(Player).where(Player.game_id == game.id))}
    assert "italy" in powers and len(powers) == 2
    assert "You have been selected as Italy" in text_of(mails_to(session, ADA)[0])
    ctx = run("SIGNON Inewgame secret1", ADA)
    assert ctx.signed_on and ctx.player.power == "italy"


def test_join_refusals(session, run):
    forming_game(session, seats=1)
    cases = [
        ("JOIN newgame secret1", "JOIN needs a registered account: send REGISTER"),
    ]
    for line, reason in cases:
        _, status, message = _only(run(line, ADA))
        assert status == "refused" and message.startswith(reason), (line, message)
    registered(session, ADA)
    cases = [
        ("JOIN newgame", "expected: JOIN <game> <password> [<power> ...]"),
        ("JOIN nogame secret1", "there is no game called 'nogame'"),
        ("JOIN game1 secret1", "game game1 is active: only games that have not started"),
        ("JOIN newgame secret1 Prussia", "game newgame has no power 'Prussia' (it has Austria,"),
        ("JOIN newgame abc", "a password needs at least 4 characters"),
    ]
    for line, reason in cases:
        _, status, message = _only(run(line, ADA))
        assert status == "refused" and reason.lower() in message.lower(), (line, message)
    assert session.exec(select(Applicant)).all() == []


def test_the_same_account_cannot_join_twice(session, run):
    forming_game(session, seats=3)
    registered(session, ADA)
    run("JOIN newgame secret1", ADA)
    _, status, message = _only(run("JOIN newgame other22", ADA))
    assert status == "refused" and message == f"{ADA} has already joined game newgame"


def test_join_after_register_in_the_same_mail(session, run):
    forming_game(session, seats=3)
    body = "REGISTER\nName: Ada\nPassword: account1\nEND\nJOIN newgame secret1\n"
    ctx = run(body, ADA)
    assert [s for _, s, _ in outcomes(ctx)] == ["ok", "ok"]


def test_withdrawing_a_join(session, run):
    forming_game(session, seats=3)
    registered(session, ADA)
    run("JOIN newgame secret1", ADA)
    refusals = {
        "RESIGN newgame wrong11": "wrong password for your JOIN of game newgame",
        "RESIGN game1 secret1": "game game1 has started: SIGNON to your power and send RESIGN",
        "RESIGN nogame secret1": "there is no game called 'nogame'",
        "RESIGN newgame": "expected: RESIGN",
    }
    for line, reason in refusals.items():
        echo, status, message = _only(run(line, ADA))
        assert status == "refused" and message.startswith(reason), (line, message)
        assert "secret1" not in echo and "wrong11" not in echo
    _, status, message = _only(run("RESIGN newgame secret1", BOB))
    assert message == f"{BOB} has not joined game newgame"
    _, status, message = _only(run("RESIGN newgame secret1", ADA))
    assert status == "ok" and message == "Your JOIN of game newgame is withdrawn."
    assert session.exec(select(Applicant)).all() == []


def test_a_lone_word_after_resign_is_not_quoted_back(run):
    """RESIGN takes no password after a SIGNON, but players write one: "RESIGN secret1"
    (or WITHDRAW) is refused without the word in the reply (or in the mail kept)."""
    for line in ("RESIGN secret1", "withdraw secret1"):
        echo, status, _ = _only(run(line, ADA))
        assert status == "refused" and "secret1" not in echo, echo


def test_resign_alone_needs_a_signon(run):
    _, status, message = _only(run("RESIGN", ADA))
    assert status == "refused" and message.startswith("this needs a SIGNON first")


def test_observe_and_stop(session, run):
    game = find_game(session, "game1")
    _, status, message = _only(run("OBSERVE game1", ADA))
    assert status == "ok" and message.startswith("You now observe game game1")
    assert len(session.exec(select(Observer).where(Observer.game_id == game.id)).all()) == 1
    assert _only(run("OBSERVE game1", ADA))[2] == "you already observe game game1"
    assert _only(run("OBSERVE game1 OFF", ADA))[2] == "You no longer observe game game1."
    assert _only(run("UNOBSERVE game1", ADA))[2] == "you do not observe game game1"
    run("watch game1", ADA)
    assert _only(run("unobserve game1", ADA))[1] == "ok"
    assert session.exec(select(Observer)).all() == []


def test_observe_refusals(session, run):
    game = find_game(session, "game1")
    cases = {
        "OBSERVE": f"expected: {Observe.syntax}",
        "OBSERVE nogame": "there is no game called 'nogame' (send LIST for the games on this "
        "judge)",
        "OBSERVE game1 pass word": f"expected: {Observe.syntax}",
    }
    for line, reason in cases.items():
        assert _only(run(line, ADA))[1:] == ("refused", reason), line
    game.status = FINISHED
    session.commit()
    assert _only(run("OBSERVE game1", ADA))[2] == (
        "game game1 is finished: send HISTORY game1 for its reports"
    )


def test_njudge_signon_question_mark_with_the_game_apart_joins(session, run):
    """``SIGNON ? newgame secret1`` (njudge's ``SIGNON ?<game>`` written with a space,
    as ``SIGNON F game1`` is taken) was refused with the SIGNON syntax; ``SIGNON ?
    <password>`` (njudge's next forming game, not taken here) now says to name it."""
    forming_game(session, seats=3)
    registered(session, ADA)
    echo, status, message = _only(run("SIGNON ? newgame secret1", ADA))
    assert "secret1" not in echo and status == "ok"
    assert message.startswith("You have joined game newgame.")
    assert _only(run("SIGNON ? secret2", BOB))[1:] == (
        "refused",
        "name the game: SIGNON ?<game> <password>",
    )


def test_a_slip_in_join_joins_and_never_quotes_the_password(session, run):
    """``JION newgame secret1`` and ``JOIN: newgame secret1`` were passed over as
    greetings ("ignored: not an order"), the password quoted back in the reply."""
    forming_game(session, seats=3)
    registered(session, ADA)
    registered(session, BOB)
    echo, status, message = _only(run("JION newgame secret1 France Italy England", ADA))
    assert (echo, status) == ("JOIN newgame ******** France Italy England", "ok")
    assert message.startswith("You have joined game newgame (preferences: France, Italy")
    echo, status, _ = _only(run("JOIN: newgame secret2", BOB))
    assert (echo, status) == ("JOIN newgame ********", "ok")
    ctx = run("Jon", ADA)
    assert outcomes(ctx)[0][1] != "ok"  # a signature is no JOIN


def test_an_observers_orders_are_refused_as_an_observers(session, run):
    """After njudge's ``SIGNON O<game>`` an order was refused "not a command (orders
    need a SIGNON line before them)", though the mail began with a SIGNON."""
    registered(session, ADA)
    ctx = run("SIGNON Ogame1 peek123\nA Par-Bur\nSET DRAW", ADA)
    assert outcomes(ctx)[1:] == [
        ("A Par-Bur", "refused", "you observe game game1: orders need a SIGNON as a power"),
        ("SET DRAW", "refused", "you observe game game1: this needs a SIGNON as a power"),
    ]


def test_a_mistyped_game_name_is_answered_with_the_close_listed_names(session, run):
    """``JOIN newgam`` (a typo) named no game and said nothing more: the newcomer
    did not know what to do next. The close names of the games the sender may see
    are offered; a private game's name is never given away (docs/mail.md, Private
    games), and with no close name the reply points to LIST."""
    forming_game(session)
    forming_game(session, "newgamex", unlisted=True)
    registered(session, ADA)
    assert _only(run("JOIN newgam secret1", ADA))[2] == (
        "there is no game called 'newgam' (did you mean newgame?)"
    )
    assert _only(run("OBSERVE zzz", ADA))[2] == (
        "there is no game called 'zzz' (send LIST for the games on this judge)"
    )


def test_a_join_of_a_started_game_says_where_to_find_one_that_is_forming(session, run):
    """``JOIN game1`` of a game that has started was refused without saying what to
    do next; the refusal points to LIST."""
    forming_game(session)  # game1 (active) is there too
    registered(session, ADA)
    assert _only(run("JOIN game1 secret1", ADA))[2] == (
        "game game1 is active: only games that have not started take JOINs "
        "(LIST shows the games, those still forming among them)"
    )


def test_a_password_copied_as_the_help_writes_it_is_refused(session, run):
    """``JOIN newgame <password>``: HELP writes the form so; the brackets made the
    password '<password>' itself. It is refused saying to write one's own."""
    forming_game(session)
    registered(session, ADA)
    assert _only(run("JOIN newgame <password> France", ADA))[2] == (
        "write your own password in place of <password>, without the < >"
    )
