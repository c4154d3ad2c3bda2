"""SUMMARY: one mail with a game's settings, players, phases played, supply-centre
counts by year and outcome.

Anyone may ask.  The players' addresses are left out while an anonymous game
runs; the game master always sees them.
"""

from __future__ import annotations

from sqlmodel import Session, col, select

from judge.clock.timing import describe_rules, format_for
from judge.commands.base import Command, Context, Statement
from judge.commands.gm_common import judge_sender, master_of
from judge.commands.player_state import game_named, mail_game
from judge.commands.registry import register
from judge.game.clock import game_timing
from judge.game.clock_votes import votes_line
from judge.game.end import ended_at, player_standing
from judge.game.games import disorder_rule_line, game_powers, press_line, state_text
from judge.game.history import centres_by_year
from judge.game.recipients import send
from judge.game.start import applicants_of, places_taken, seats_of
from judge.game.stints import stint_text, stints_of
from judge.game.votes import draw_rule_line
from judge.rules.registry import ruleset_for_game
from judge.store.models import (
    FINISHED,
    REPORT_RESULTS,
    Account,
    Game,
    GameReport,
    as_utc,
)


def _when_line(session: Session, game: Game) -> str:
    """The deadline of a game in play; when a finished game ended."""
    zone = game_timing(game).zone
    if game.status == FINISHED:
        ended = ended_at(session, game)
        return f"Ended: {format_for(ended, zone) if ended else 'date not kept'}"
    deadline = as_utc(game.deadline)
    return f"Deadline: {format_for(deadline, zone) if deadline else 'none'}"


def settings_lines(session: Session, game: Game) -> list[str]:
    """The game's settings, one per line."""
    rules = ruleset_for_game(game).rules_setting(game.adjacency)
    return [
        f"Variant: {game.variant}, rules: {rules}",
        f"Status: {state_text(game)}",
        _when_line(session, game),
        f"Seats: {seats_of(game)}, anonymous: {'yes' if game.anonymous else 'no'}",
        press_line(game),
        *filter(None, [draw_rule_line(game), votes_line(game)]),
        f"Game master: {game.master_address or 'none'}",
        *filter(None, [disorder_rule_line(game)]),
        *describe_rules(game_timing(game)).splitlines(),
    ]


def player_lines(ctx: Context, game: Game, *, addresses: bool = True) -> list[str]:
    """Who played each power, one line per player, each who took it over with the
    phase they took it in; of a forming game, who joined so far (players hidden
    while an anonymous game runs; names only without ``addresses``)."""
    show = game.status == FINISHED or not game.anonymous or master_of(game, ctx.sender)
    stints = stints_of(ctx.session, game)
    if not stints:
        waiting = [a.account_id for a in applicants_of(ctx.session, game)]
        places = f"  {places_taken(ctx.session, game)}; the game has not started"
        accounts = _accounts(ctx, waiting)
        joined = [f"    {_who(accounts[i], addresses)}" for i in waiting] if show else []
        return [places, *(["  Joined so far:", *joined] if joined else [])]
    accounts = _accounts(ctx, [s.account_id for held in stints.values() for s in held])
    lines = []
    for power in game_powers(game):
        if power.code not in stints:
            lines.append(f"  {power.name:<10} nobody (civil disorder)")
            continue
        for number, stint in enumerate(stints[power.code]):
            account = accounts[stint.account_id]
            who = _who(account, addresses) if show else "(anonymous)"
            label = "" if number else power.name
            lines.append(f"  {label:<10} {stint_text(stint, who)}")
    return lines


def _accounts(ctx: Context, ids: list[int]) -> dict[int | None, Account]:
    """The accounts of ``ids``, by id."""
    rows = ctx.session.exec(select(Account).where(col(Account.id).in_(ids)))
    return {account.id: account for account in rows}


def _who(account: Account, addresses: bool = True) -> str:
    """A player as SUMMARY names them: ``Name <address>``; by name alone (as the
    web page) without ``addresses``."""
    if not addresses:
        return account.name or "(no name)"
    return f"{account.name} <{account.address}>".strip()


def column_labels(names: list[str]) -> list[str]:
    """Short column heads for power names: the first three letters and any number
    the name carries (``Austria 1`` -> ``Aus1``), the whole first word where those
    are shared."""
    words = [name.split() or [name] for name in names]
    short = [w[0][:3] + "".join(x for x in w[1:] if x.isdigit()) for w in words]
    return [
        label if short.count(label) == 1 else w[0] for label, w in zip(short, words, strict=True)
    ]


def games_with_players(ctx: Context) -> list[str]:
    """njudge's LIST FULL: each game's line and its players (as SUMMARY shows them)."""
    games = ctx.session.exec(select(Game).where(~col(Game.unlisted)).order_by(col(Game.name))).all()
    lines: list[str] = []
    for game in games:
        lines.append(f"{game.name}: {game.variant}, {state_text(game)}")
        lines.extend(player_lines(ctx, game))
    return lines or ["There are no games on this judge yet."]


def centre_table(ctx: Context, game: Game) -> list[str]:
    """Supply centres per power at the start, at the end of each year, and now."""
    rows = centres_by_year(ctx.session, game)
    powers = game_powers(game)
    labels = column_labels([p.name for p in powers])
    width = max(len(label) for label in labels) + 1
    lines = ["Year  " + " ".join(f"{label:>{width}}" for label in labels)]
    for year, counts in rows.items():
        lines.append(f"{year:<5} " + " ".join(f"{counts.get(p.code, 0):>{width}}" for p in powers))
    return lines + player_standing(game)


def phases_played(ctx: Context, game: Game) -> str:
    """The phases processed so far, in order."""
    rows = ctx.session.exec(
        select(GameReport.phase)
        .where(GameReport.game_id == game.id, GameReport.kind == REPORT_RESULTS)
        .order_by(col(GameReport.id))
    ).all()
    return f"{game.number} ({', '.join(rows)})" if rows else str(game.number)


@register
class Summary(Command):
    """Mail a summary of a game."""

    rank = 53
    keyword = "SUMMARY"
    aliases = ("STATUS",)  # njudge's synonym (mail.c)
    syntax = "SUMMARY <game>"
    help = (
        "Mails you a summary of the game: its settings, who played each power\n"
        "(hidden while an anonymous game runs), the phases played (and a multiverse\n"
        "game's timelines and forks), the supply centres of each power year by\n"
        "year, and how it ended. After a SIGNON (or a master's GAME) the game may be\n"
        "left out. STATUS (njudge) is the same."
    )

    def run(self, ctx: Context, stmt: Statement) -> None:
        words = stmt.args.split() or mail_game(ctx)
        if len(words) != 1:
            ctx.transcript.refused(stmt.text, f"expected: {self.syntax}")
            return
        game = game_named(ctx, stmt.text, words[0])
        if game is None:
            return
        lines = [
            f"Summary of game {game.name}",
            "",
            *settings_lines(ctx.session, game),
            "",
            "Players:",
            *player_lines(ctx, game),
            "",
            f"Phases played: {phases_played(ctx, game)}",
            *ruleset_for_game(game).timeline_lines(game.position_view()),
            "",
            "Supply centres:",
            *centre_table(ctx, game),
            "",
            f"Outcome: {game.outcome or 'the game is not over'}",
        ]
        sender = judge_sender(ctx)
        subject = f"{sender.code}:{game.name} Summary"
        send(ctx.session, sender, ctx.sender, subject, "\n".join(lines) + "\n")
        ctx.transcript.ok(stmt.text, f"A summary of game {game.name} is mailed to you.")
