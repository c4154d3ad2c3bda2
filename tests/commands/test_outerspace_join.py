"""Outer Space by mail: CREATE ... VARIANT outerspace PLAYERS n, JOIN naming an
empire (name, adjective, initial) checked for clashes, the empires kept in the game's
position, a withdrawn JOIN freeing its empire, and the start when n have joined."""

from __future__ import annotations

import pytest
from sqlmodel import select

from judge.commands.inbound import run_statements
from judge.commands.parser import parse_body
from judge.game.empires import game_empires
from judge.game.games import find_game, game_powers, game_variant
from judge.store.models import ACTIVE, FORMING, Account, Applicant, Player
from tests.commands.forming import registered
from tests.commands.helpers import outcomes

GM = "gm@example.org"
PEOPLE = [f"p{i}@players.test" for i in range(4)]


@pytest.fixture
def gm(make_ctx):
    def runner(body: str):
        ctx = make_ctx(GM)
        ctx.signature_verified = True
        run_statements(ctx, parse_body(body))
        return ctx

    return runner


def _only(ctx) -> tuple[str, str, str]:
    [(echo, status, message)] = outcomes(ctx)
    return echo, status, message


def _space_game(session, gm, players: int = 3):
    _, status, message = _only(gm(f"CREATE space VARIANT outerspace PLAYERS {players}"))
    assert status == "ok", message
    for person in PEOPLE:
        registered(session, person)
    return find_game(session, "space")


def test_create_takes_any_number_of_players_from_two(session, gm):
    for n, name in ((2, "two"), (14, "many"), (26, "most")):
        _, status, message = _only(gm(f"CREATE {name} VARIANT outerspace PLAYERS {n}"))
        assert status == "ok", message
        assert f"{n} players" in message
        assert "EMPIRE <name> <adjective> <initial>" in message
        game = find_game(session, name)
        assert game is not None and game.status == FORMING and game.seats == n
        assert game_powers(game) == []  # no empire until the players name them


@pytest.mark.parametrize(
    "line",
    [
        "CREATE one VARIANT outerspace PLAYERS 1",
        "CREATE none VARIANT outerspace",
        "CREATE lots VARIANT outerspace PLAYERS 27",
        "CREATE multi VARIANT outerspace RULES MULTIVERSE PLAYERS 3",
    ],
)
def test_create_refuses_a_game_it_cannot_seat(session, gm, line):
    _, status, message = _only(gm(line))
    assert status == "refused"
    assert message.endswith("no game was created")
    assert find_game(session, line.split()[1]) is None


def test_join_names_an_empire_stored_in_the_position(session, gm, run):
    game = _space_game(session, gm)
    echo, status, message = _only(run("JOIN space secret1 EMPIRE alpha alphan a", PEOPLE[0]))
    assert status == "ok", message
    assert "secret1" not in echo
    assert "as the empire Alpha (Alphan, A)" in message
    assert "2 places are still free" in message
    game = find_game(session, "space")
    assert [(e.code, e.name, e.adjective, e.initial) for e in game_empires(game)] == [
        ("alpha", "Alpha", "Alphan", "A")
    ]
    doc = game.position_doc()
    assert doc["powers"] == ["alpha"]
    assert doc["empires"]["alpha"] == {"name": "Alpha", "adjective": "Alphan", "initial": "A"}
    assert doc["units"] == []  # the spacecraft come when the game starts
    assert game_variant(game).lookup_power("Alphan") == "alpha"
    applicant = session.exec(select(Applicant).where(Applicant.game_id == game.id)).one()
    assert applicant.preferences == "alpha"


@pytest.mark.parametrize(
    ("words", "reason"),
    [
        ("", "each player names an empire: JOIN space <password> EMPIRE"),
        ("France", "each player names an empire"),
        ("EMPIRE Beta Betan", "name your empire with three words"),
        ("Beta Betan", "each player names an empire"),
        ("EMPIRE Beta Betan B extra", "name your empire with three words"),
        ("EMPIRE B Betan B", "'B' cannot be your empire's name"),
        ("EMPIRE Beta Be7an B", "'Be7an' cannot be your empire's adjective"),
        ("EMPIRE Beta Betan BB", "'BB' cannot be your empire's initial"),
        ("EMPIRE Alpha Betan B", "the name Alpha is taken by the empire Alpha"),
        ("EMPIRE Beta Alpha B", "the adjective Alpha is taken by the empire Alpha"),
        ("EMPIRE Alphan Betan B", "the name Alphan is taken by the empire Alpha"),
        ("EMPIRE Beta Betan A", "the initial A is taken by the empire Alpha"),
        ("EMPIRE Paris Parisian P", "the name Paris names a province (par)"),
        ("EMPIRE Beta Bur B", "the adjective Bur names a province (bur)"),
        ("EMPIRE Orbit Orbital O", "the name Orbit is a word of orders"),
        ("EMPIRE Beta Support B", "the adjective Support is a word of orders"),
        ("EMPIRE Beta Betan B; Gamma", "each player names an empire"),
    ],
)
def test_join_refuses_an_empire_that_clashes(session, gm, run, words, reason):
    _space_game(session, gm)
    assert _only(run("JOIN space secret1 EMPIRE Alpha Alphan A", PEOPLE[0]))[1] == "ok"
    _, status, message = _only(run(f"JOIN space secret2 {words}", PEOPLE[1]))
    assert status == "refused"
    assert reason in message
    game = find_game(session, "space")
    assert [e.code for e in game_empires(game)] == ["alpha"]
    assert session.exec(select(Applicant).where(Applicant.game_id == game.id)).all()[1:] == []


def test_the_word_empire_may_be_left_out(session, gm, run):
    _space_game(session, gm)
    _, status, message = _only(run("JOIN space secret1 Alpha Alphan A", PEOPLE[0]))
    assert status == "ok", message
    assert "as the empire Alpha (Alphan, A)" in message


def test_every_clash_is_named_at_once(session, gm, run):
    _space_game(session, gm)
    run("JOIN space secret1 EMPIRE Alpha Alphan A", PEOPLE[0])
    _, status, message = _only(run("JOIN space secret2 EMPIRE Alphan Alpha A", PEOPLE[1]))
    assert status == "refused"
    assert message == (
        "choose another empire: the name Alphan is taken by the empire Alpha; "
        "the adjective Alpha is taken by the empire Alpha; "
        "the initial A is taken by the empire Alpha (game space)"
    )


def test_a_withdrawn_join_frees_its_empire(session, gm, run):
    _space_game(session, gm)
    run("JOIN space secret1 EMPIRE Alpha Alphan A", PEOPLE[0])
    run("JOIN space secret2 EMPIRE Beta Betan B", PEOPLE[1])
    _, status, message = _only(run("RESIGN space secret1", PEOPLE[0]))
    assert status == "ok", message
    game = find_game(session, "space")
    assert game.position_doc()["powers"] == ["beta"]
    _, status, message = _only(run("JOIN space secret3 EMPIRE Alpha Alphan A", PEOPLE[2]))
    assert status == "ok", message
    assert find_game(session, "space").position_doc()["powers"] == ["beta", "alpha"]


def test_the_last_join_starts_the_game_with_each_players_empire(session, gm, run):
    _space_game(session, gm)
    named = [("Alpha", "Alphan", "A"), ("Beta", "Betan", "B"), ("Gamma", "Gamman", "G")]
    for person, words in zip(PEOPLE, named, strict=False):
        _, status, message = _only(
            run(f"JOIN space secret{person[1]} EMPIRE {' '.join(words)}", person)
        )
        assert status == "ok", message
    assert "The game is full and starts now" in message
    game = find_game(session, "space")
    assert game.status == ACTIVE and game.phase == "S1901M"
    doc = game.position_doc()
    assert doc["powers"] == ["alpha", "beta", "gamma"]
    orbit = sorted((u["power"], u["type"], u["province"]) for u in doc["units"])
    assert orbit == sorted((p, "A", "orb") for p in ("alpha", "beta", "gamma") for _ in range(3))
    players = session.exec(select(Player).where(Player.game_id == game.id)).all()
    seats = {p.account_id: p.power for p in players}
    assert sorted(seats.values()) == ["alpha", "beta", "gamma"]
    for person, (name, _, _) in zip(PEOPLE, named, strict=False):
        account = registered_account_id(session, person)
        assert seats[account] == name.lower()
    _, status, message = _only(run("JOIN space secret3 EMPIRE Delta Deltan D", PEOPLE[3]))
    assert status == "refused"


def test_start_needs_two_empires(session, gm, run):
    _space_game(session, gm)
    run("JOIN space secret1 EMPIRE Alpha Alphan A", PEOPLE[0])
    _, status, message = outcomes(gm("GAME space\nSTART"))[-1]
    assert status == "refused"
    assert "needs at least 2 empires" in message
    run("JOIN space secret2 EMPIRE Beta Betan B", PEOPLE[1])
    _, status, message = outcomes(gm("GAME space\nSTART"))[-1]
    assert status == "ok", message
    game = find_game(session, "space")
    assert game.status == ACTIVE and game.position_doc()["powers"] == ["alpha", "beta"]


def test_set_players_counts_empires(session, gm):
    _space_game(session, gm)
    _, status, message = outcomes(gm("GAME space\nSET PLAYERS 1"))[-1]
    assert status == "refused" and "from 2 to 26" in message
    _, status, message = outcomes(gm("GAME space\nSET PLAYERS 9"))[-1]
    assert status == "ok", message
    assert find_game(session, "space").seats == 9


def registered_account_id(session, address: str) -> int | None:
    return session.exec(select(Account).where(Account.address == address)).one().id


def test_issue26_list_of_a_forming_game_names_no_joined_empire_unplayed(session, gm, run):
    _space_game(session, gm)
    run("JOIN space secret1 EMPIRE alpha alphan a", PEOPLE[0])
    session.commit()
    lines = run("LIST space", PEOPLE[1]).transcript.entries[0].extra
    assert "nobody plays it" not in "\n".join(lines)
    assert any(line.startswith("Alpha: ") for line in lines)
    assert "Forming: 1 of 3 places taken" in lines
