"""Root Z by mail: JOIN with a preference list per sea zone (rule 3.0), START seats
every player with an allowed pair (rules 3.0-3.2), two Player rows of one account."""

from __future__ import annotations

from sqlmodel import select

from judge.game.end import final_standing, player_standing
from judge.game.games import create_game
from judge.rules.registry import ruleset_for_game
from judge.store.models import ACTIVE, FORMING, Account, Applicant, Game, Player
from judge.variant.data import load_variant
from judge.variant.rootz_pairs import allowed_pairs
from tests.commands.forming import MASTER, mails_to, registered, text_of
from tests.commands.helpers import outcomes

FIRST = "E1,G1,F1,T2,A2,R1,I2"  # rule 3.0's lists, I1 and I2 in their zones
SECOND = "T1,A1,G2,F2,E2,I1,R2"
PEOPLE = [f"p{i}@players.test" for i in range(7)]


def _rootz_game(session, **fields) -> Game:
    game = create_game(session, "rz", [], variant="rootz", status=FORMING, deadline=None)
    game.master_address = MASTER
    game.seed = 42
    for key, value in fields.items():
        setattr(game, key, value)
    session.add(game)
    session.commit()
    return game


def registered_id(session, address: str) -> int | None:
    return session.exec(select(Account).where(Account.address == address)).one().id


def _only(ctx):
    [(echo, status, message)] = outcomes(ctx)
    return echo, status, message


def test_rule_3_0_join_takes_one_list_per_zone(session, run):
    game = _rootz_game(session)
    registered(session, PEOPLE[0])
    echo, status, message = _only(run(f"JOIN rz secret1 {FIRST}; {SECOND}", PEOPLE[0]))
    assert status == "ok", message
    assert "6 places are still free" in message
    assert "England 1, Germany 1" in message and "; Turkey 1, Austria 1" in message
    applicant = session.exec(select(Applicant).where(Applicant.game_id == game.id)).one()
    first, second = applicant.preferences.split(";")
    assert first.split(",")[:2] == ["england1", "germany1"]
    assert second.split(",")[:2] == ["turkey1", "austria1"]


def test_rule_3_0_join_reads_the_powers_full_names(session, run):
    """docs/variants.md: powers "by code, name or alias"; a name of two words, as
    players write it (``England 1, Germany 1``), was refused "game rz has no power
    'England'" (found playing a Root Z game by mail)."""
    game = _rootz_game(session)
    registered(session, PEOPLE[0])
    echo, status, message = _only(
        run("JOIN rz secret1 England 1, Germany 1; Turkey 1 Austria 1", PEOPLE[0])
    )
    assert status == "ok", message
    applicant = session.exec(select(Applicant).where(Applicant.game_id == game.id)).one()
    assert applicant.preferences == "england1,germany1;turkey1,austria1"


def test_rule_3_0_join_takes_the_rule_texts_sample_as_written(session, run):
    _rootz_game(session)
    registered(session, PEOPLE[0])
    # the sample of rule 3.0 (and of the issue) puts I1 and I2 in each other's zone
    line = "JOIN rz secret1 E1,G1,F1,T2,A2,R1,I1; T1,A1,G2,F2,E2,I2,R2"
    _, status, _message = _only(run(line, PEOPLE[0]))
    assert status != "refused"
    registered(session, PEOPLE[1])
    _, status, message = _only(run("JOIN rz secret2 E1; F1; T2", PEOPLE[1]))
    assert status == "refused" and "at most two" in message


def test_rule_3_0_seven_joins_start_a_paired_game(session, run):
    game = _rootz_game(session)
    for who in PEOPLE:
        registered(session, who)
    for i, who in enumerate(PEOPLE):
        _, status, message = _only(run(f"JOIN rz secret{i}x {FIRST}; {SECOND}", who))
        assert status == "ok", message
    session.commit()
    assert game.status == ACTIVE
    rows = session.exec(select(Player).where(Player.game_id == game.id)).all()
    assert len(rows) == 14
    allowed = {frozenset(p) for p in allowed_pairs(load_variant("rootz"))}
    by_account: dict[int, set[str]] = {}
    for row in rows:
        by_account.setdefault(row.account_id, set()).add(row.power)
    assert len(by_account) == 7
    assert all(frozenset(pair) in allowed for pair in by_account.values())
    players = game.position_doc()["players"]
    assert {frozenset(p) for p in players.values()} == {frozenset(p) for p in by_account.values()}
    # the start mail names both powers and how the pairs were chosen
    text = " ".join(text_of(mails_to(session, PEOPLE[0])[0]).split())
    assert "You play " in text and "drawn at random with the game's seed" in text
    # a player signs on to each of their two powers with the one password
    first_account = session.exec(select(Player).where(Player.power == "england1")).one()
    pair = sorted(by_account[first_account.account_id])
    index = next(
        i for i, who in enumerate(PEOPLE) if registered_id(session, who) == first_account.account_id
    )
    for power in pair:
        ctx = run(f"SIGNON {power}@rz secret{index}x", PEOPLE[index])
        assert ctx.signed_on and ctx.player.power == power
    # standings: each player's two powers and their combined count
    lines = player_standing(game)
    assert lines[:2] == ["", "Players' totals:"] and len(lines) == 2 + 7
    assert sum(int(line.split("centres")[0].split()[-1]) for line in lines[2:]) == 44
    assert all(" + " in line.split("centres")[0] for line in lines[2:])
    assert len(final_standing(game)) == 14
    assert ruleset_for_game(game).name == "rootz"


def test_rule_7_0_fourteen_seats_give_one_power_each(session, run):
    game = _rootz_game(session, seats=14)
    registered(session, PEOPLE[0])
    _, status, message = _only(run("JOIN rz secret1 E1", PEOPLE[0]))
    assert status == "ok" and "13 places are still free" in message, message
    assert game.seats == 14


def _paired_game(session, owned: dict[str, int]) -> Game:
    """An active Root Z game of two players (France 1 + England 2, Germany 1 + Italy 2)
    in Fall 1901 with no units, each power owning the given number of centres."""
    from judge.game.games import Seat

    centres = sorted(load_variant("rootz").supply_centers)
    given, supply = 0, {}
    for power, count in owned.items():
        supply[power] = centres[given : given + count]
        given += count
    players = {
        "france1+england2": ["france1", "england2"],
        "germany1+italy2": ["germany1", "italy2"],
    }
    doc = {
        "variant": "rootz",
        "phase": "F1901M",
        "units": [],
        "dislodged": [],
        "contested": [],
        "supply_centers": supply,
        "players": players,
    }
    seats = [
        Seat(
            power, f"{'ada' if power in players['france1+england2'] else 'bob'}@players.test", "pw"
        )
        for pair in players.values()
        for power in pair
    ]
    game = create_game(session, "rzend", seats, variant="rootz", position=doc, status=ACTIVE)
    game.master_address = MASTER
    session.add(game)
    session.commit()
    return game


def test_rule_6_0_a_game_ends_in_a_draw_on_equal_totals(session):
    from judge.game.processing import process_phase
    from tests.commands.forming import SENDER
    from tests.commands.helpers import NOW

    game = _paired_game(session, {"france1": 20, "england2": 8, "germany1": 14, "italy2": 14})
    outcome = process_phase(session, SENDER, game, NOW)
    session.commit()
    assert game.status == "finished"
    assert game.outcome == (
        "Draw between France 1 and England 2 (28 centres), Germany 1 and Italy 2 (28 centres)"
    )
    assert outcome.winner is None
    text = outcome.report.text
    assert "The game is over: draw between France 1 and England 2" in text
    assert "France 1 + England 2  28 centres (20 + 8)" in text
    # the results reach each player once, though each holds two powers
    assert sorted(outcome.mailed) == ["ada@players.test", "bob@players.test", MASTER]


def test_rule_6_0_a_game_ends_in_victory_of_the_larger_total(session):
    from judge.game.processing import process_phase
    from tests.commands.forming import SENDER
    from tests.commands.helpers import NOW

    game = _paired_game(session, {"france1": 20, "england2": 10, "germany1": 14, "italy2": 14})
    outcome = process_phase(session, SENDER, game, NOW)
    session.commit()
    assert game.status == "finished"
    assert game.outcome == "Victory of France 1 and England 2 (30 centres)"
    assert outcome.winner == "france1+england2"
    assert "Victory of France 1 and England 2 (30 centres)." in outcome.report.text
    assert sorted(outcome.mailed) == ["ada@players.test", "bob@players.test", MASTER]


def test_rule_6_0_no_end_below_28(session):
    from judge.game.processing import process_phase
    from tests.commands.forming import SENDER
    from tests.commands.helpers import NOW

    game = _paired_game(session, {"france1": 20, "england2": 7, "germany1": 18})
    process_phase(session, SENDER, game, NOW)
    session.commit()
    assert game.status == "active" and game.phase == "W1901A"
    assert game.position_doc()["players"]["germany1+italy2"] == ["germany1", "italy2"]


def test_rule_7_0_create_by_mail_seats_seven_or_fourteen(session, make_ctx):
    from judge.commands.inbound import run_statements
    from judge.commands.parser import parse_body
    from judge.game.games import find_game
    from judge.game.start import seats_of

    def gm(body: str):
        ctx = make_ctx("gm@example.org")
        ctx.signature_verified = True
        run_statements(ctx, parse_body(body))
        return ctx

    _, status, message = _only(gm("CREATE pairs VARIANT rootz"))
    # issue 26: Root Z is played by its own rules, not "standard rules"
    assert status == "ok" and "variant rootz, Root Z rules, 7 players" in message, message
    assert seats_of(find_game(session, "pairs")) == 7
    _, status, message = _only(gm("CREATE singles VARIANT rootz PLAYERS 14"))
    assert status == "ok" and "14 players" in message, message
    assert seats_of(find_game(session, "singles")) == 14


def test_help_join_says_root_z_pairs_are_dealt_in_an_order_drawn_at_random():
    """HELP JOIN said every game deals powers "each player in turn of joining";
    Root Z's pairs go to the players in an order drawn at random with the game's
    seed (docs/variants.md, Root Z), so joining early gains nothing."""
    from judge.commands.join import Join

    root_z = Join.help[Join.help.index("Root Z") :].split("Outer Space")[0]
    assert "drawn at random" in root_z and "allowed pair" in root_z
