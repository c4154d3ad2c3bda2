"""Starting a game: applicants become players, powers are handed out, the clock
starts and everyone gets the start mail.

Powers are assigned in two rounds.  First, in the order people JOINed, each
applicant gets the first power of their preference list that is still free.
Then those left get the remaining powers at random, drawn with
``random.Random(game.seed)``, so that a game's assignment can be reproduced.
Powers nobody plays stay in civil disorder (the master may START a game with
powers missing).

A ruleset may seat a player with several powers (Root Z's seven players with two
each): its :meth:`~judge.rules.base.Ruleset.assign_seats` then chooses them from
the preference lists (one list per zone, separated by ``;`` in the stored
preferences), each power becomes a Player row of the same account, and the
position names the players.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from datetime import datetime
from typing import Any

from sqlmodel import Session, col, select

from judge.game.clock import game_timing, set_next_deadline
from judge.game.empires import place_empires
from judge.game.games import game_powers, game_variant, variant_label
from judge.game.history import keep_report
from judge.game.links import with_links
from judge.game.processing import position_picture_now, set_game_position
from judge.game.recipients import MASTER, OBSERVER, game_recipients, send
from judge.mail.outgoing import Author
from judge.reports import DEFAULTS, ReportSettings, render_start
from judge.rules.registry import ruleset_for_game
from judge.store.models import (
    ACTIVE,
    FORMING,
    REPORT_START,
    Account,
    Applicant,
    Game,
    Player,
)
from judge.variant.data import special_rules
from judge.variant.empires import MIN_EMPIRES


def applicants_of(session: Session, game: Game) -> list[Applicant]:
    """A forming game's applicants, in the order they joined."""
    rows = session.exec(
        select(Applicant)
        .where(Applicant.game_id == game.id)
        .order_by(col(Applicant.joined_at), col(Applicant.id))
    )
    return list(rows)


def places_taken(session: Session, game: Game) -> str:
    """How full a forming game is, as LIST, SUMMARY and WHO GAME say it."""
    return f"{len(applicants_of(session, game))} of {seats_of(game)} places taken"


def seats_of(game: Game) -> int:
    """How many players the game waits for (its seats, or as many as the powers
    fill when each player holds the ruleset's number of powers).  A game whose
    players name their empires waits for its seats."""
    if ruleset_for_game(game).players_name_powers:
        return game.seats
    powers = len(game_powers(game))
    full = powers // ruleset_for_game(game).powers_per_seat(game.seats, powers)
    return min(game.seats, full) if game.seats > 0 else full


def preference_lists(stored: str) -> list[list[str]]:
    """An applicant's stored preferences as lists (``"e1,g1;t1"`` -> two lists)."""
    return [[p for p in part.split(",") if p] for part in stored.split(";")]


def _seat_powers(game: Game, applicants: Sequence[Applicant]) -> list[tuple[str, ...]]:
    """The powers each applicant will play, in join order."""
    rules = ruleset_for_game(game)
    codes = [p.code for p in game_powers(game)]
    lists = [preference_lists(a.preferences) for a in applicants]
    if rules.powers_per_seat(game.seats, len(codes)) > 1:
        return rules.assign_seats(game.variant, lists, game.seed)
    prefs = [[p for part in mine for p in part] for mine in lists]
    return [(power,) for power in assign_powers(prefs, codes, game.seed)]


def assign_powers(
    preferences: Sequence[Sequence[str]], powers: Sequence[str], seed: int
) -> list[str]:
    """A power for each applicant (given by their preference lists, in join order):
    first each one's best free preference, then the free powers at random."""
    if len(preferences) > len(powers):
        raise ValueError("more applicants than powers")
    chosen: list[str | None] = []
    taken: set[str] = set()
    for wanted in preferences:
        pick = next((p for p in wanted if p in powers and p not in taken), None)
        chosen.append(pick)
        if pick is not None:
            taken.add(pick)
    free = [p for p in powers if p not in taken]
    random.Random(seed).shuffle(free)
    rest = iter(free)
    return [pick if pick is not None else next(rest) for pick in chosen]


def _start_position(game: Game) -> dict[str, Any]:
    """The position the start mail shows (the first board of a multiverse world)."""
    doc = game.position_doc()
    return dict(ruleset_for_game(game).active_boards(doc)[0])


def _settings(game: Game, notices: list[str], zone: str | None, code: str) -> ReportSettings:
    return ReportSettings(
        game=game.name,
        judge_code=code,
        variant_label=variant_label(game),
        turn_label=ruleset_for_game(game).turn_label,
        names=ruleset_for_game(game).report_names,
        number=game.number,
        next_deadline=game.deadline,
        game_zone=game_timing(game).zone,
        reader_zone=zone,
        notices=tuple(notices),
    )


def start_game(session: Session, sender: Author, game: Game, now: datetime) -> None:
    """Start a forming game: applicants become players with assigned powers, the
    first deadline is set, everyone gets the start mail, and it is stored as the
    game's first report.  Raises ValueError (a message for people) when the game
    cannot start.  The caller commits."""
    if game.status != FORMING:
        raise ValueError(f"game {game.name} is {game.status}, not forming: it cannot start")
    applicants = applicants_of(session, game)
    if not applicants:
        raise ValueError(f"game {game.name} has nobody to play: no one has joined it")
    names_powers = ruleset_for_game(game).players_name_powers
    if names_powers and len(applicants) < MIN_EMPIRES:
        raise ValueError(
            f"game {game.name} needs at least {MIN_EMPIRES} empires: {len(applicants)} has joined"
        )
    if names_powers:
        place_empires(game)  # each empire named at JOIN gets its spacecraft
    seats = _seat_powers(game, applicants)
    for applicant, powers in zip(applicants, seats, strict=True):
        for power in powers:
            session.add(
                Player(
                    game_id=game.id,
                    account_id=applicant.account_id,
                    power=power,
                    password_hash=applicant.password_hash,
                    joined_at=applicant.joined_at,
                )
            )
        session.delete(applicant)
    if any(len(powers) > 1 for powers in seats):
        set_game_position(game, ruleset_for_game(game).seat_position(game.position_doc(), seats))
    game.status = ACTIVE
    game.processed_at = now  # the clock of the first phase starts now
    session.add(game)
    session.flush()
    set_next_deadline(session, game, now)
    _send_start_mail(session, sender, game, now)


def _own_rules(game: Game, variant: Any) -> list[str]:
    """The start mail's word on the variant's special rules, where it has some
    (``special_rules.toml``), and where to read them."""
    names = [rule["name"] for rule in special_rules(game.variant)]
    if not names:
        return []
    return [
        f"{variant.title} has rules of its own ({', '.join(names)}): HELP {game.name} "
        "gives them in words, with every order form."
    ]


def _send_start_mail(session: Session, sender: Author, game: Game, now: datetime) -> None:
    variant = game_variant(game)
    position = _start_position(game)
    rows = session.exec(
        select(Player, Account)
        .where(Player.game_id == game.id, Player.account_id == Account.id)
        .order_by(col(Player.power))
    ).all()
    played = {player.power for player, _ in rows}
    order = [p.code for p in game_powers(game)]
    seats = sorted(((p.power, a.address) for p, a in rows), key=lambda s: order.index(s[0]))
    hidden = [(power, None) for power, _ in seats]
    missing = [p.name for p in game_powers(game) if p.code not in played]
    notices = []
    if missing:
        notices.append(
            f"Nobody plays {', '.join(missing)}: "
            f"{'that power is' if len(missing) == 1 else 'those powers are'} in civil "
            f"disorder ({DEFAULTS})."
        )
    notices.extend(_own_rules(game, variant))
    rules = ruleset_for_game(game)
    picture = position_picture_now(game, "start")
    for person in game_recipients(session, game):
        show = seats if not game.anonymous or person.role == MASTER else hidden
        role = person.power if person.role not in (OBSERVER, MASTER) else None
        mine = [*notices, *rules.start_notes(position, variant, role)]
        subject, text, html = render_start(
            position,
            variant,
            _settings(game, mine, person.zone, sender.code),
            role=role,
            players=show,
            role_label=rules.start_role(position, variant, role) if role else None,
            signon=rules.start_signon(position, variant, role, game.name) if role else None,
            examples=[
                (order, form.name)
                for form, order in rules.order_examples(position, variant, role, start=True)
            ]
            if role
            else (),
        )
        text, html = with_links(session, sender, game, role, text, html)
        send(session, sender, person.address, subject, text, html, picture)
    kept = [*notices, *rules.start_notes(position, variant, None)]
    subject, text, html = render_start(
        position,
        variant,
        _settings(game, kept, None, sender.code),
        players=hidden if game.anonymous else seats,
    )
    keep_report(session, game, REPORT_START, subject, text, now, html)
