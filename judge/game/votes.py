"""Ending a game by agreement: draws and concessions (SET DRAW, SET CONCEDE).

Only players still playing a power that survives (owns a unit or a supply
centre) vote; powers in civil disorder and eliminated powers do not.

* **Draw**: in a DIAS game (the default), once every such player has SET DRAW, the
  game ends in a draw of all surviving powers, those in civil disorder included.
  In a NoDIAS game each voter names the powers of his draw, and the largest draw
  every voter accepts ends the game (judge.game.named_draws, njudge's rule).
* **Concession**: once every such player except the one of the largest power
  (the most supply centres, alone) has SET CONCEDE, that power wins.  With a tie
  for the most centres, or the largest power in civil disorder, no concession
  ends the game.

Votes are secret: players learn the outcome, not who voted how.
"""

from __future__ import annotations

from collections.abc import Collection
from datetime import datetime

from sqlmodel import Session, col, or_, select

from judge.game.agreement import Agreement, agreement
from judge.game.end import end_game
from judge.game.games import PowerInfo, find_power, game_powers, names_listed
from judge.mail.outgoing import Author
from judge.rules.registry import ruleset_for_game
from judge.store.models import FINISHED, PLAYING, Account, Game, Player


def draw_rule_line(game: Game) -> str | None:
    """How the game may end by agreement, for LIST, SUMMARY and its web page; None
    for a finished game, which no vote can end again."""
    if game.status == FINISHED:
        return None
    if game.dias:
        return (
            "Draws: DIAS (a draw includes every surviving power; vote with SET DRAW); "
            "concessions to the largest power allowed (SET CONCEDE)"
        )
    return (
        "Draws: NoDIAS (each voter names the powers of the draw: SET DRAW EFR); "
        "a concession is a draw of one power (SET DRAW <its initial>)"
    )


def voters(session: Session, game: Game) -> list[Player]:
    """The players whose votes count: still playing a surviving power."""
    alive = ruleset_for_game(game).survivors(game.position_view())
    rows = session.exec(select(Player).where(Player.game_id == game.id, Player.status == PLAYING))
    return [p for p in rows if p.power in alive]


# Every vote a player holds (Player columns): a draw, a concession (this module) and
# the votes on the game's clock (judge.game.clock_votes).
VOTE_FLAGS = ("draw", "concede", "pause", "unpause", "extend")


def drop_votes(player: Player) -> None:
    """Take back every vote of a seat (its player resigns, or a new one takes it)."""
    for flag in VOTE_FLAGS:
        setattr(player, flag, False)


# The votes to end the game, cleared by a RESUME and by a change of DIAS (njudge's
# mail.c RESUME and ml_set.c SET_DIAS/SET_NODIAS clear every draw flag).
END_FLAGS = ("draw", "concede")
END_VOTES_CLEARED = "Draw and concession votes were cleared: vote again to keep one."


def clear_votes(session: Session, game: Game, flags: tuple[str, ...]) -> None:
    """Take back the players' votes of ``flags`` (Player columns) in the game."""
    held = select(Player).where(
        Player.game_id == game.id, or_(*(col(getattr(Player, flag)) for flag in flags))
    )
    for player in session.exec(held):
        for flag in flags:
            setattr(player, flag, False)
        session.add(player)


def clear_end_votes(session: Session, game: Game) -> None:
    """Take back every player's draw and concession votes in the game."""
    clear_votes(session, game, END_FLAGS)


def draw_sentence(session: Session, game: Game, powers: set[str] | frozenset[str]) -> str:
    """njudge's announcement of a draw (draw.c): ``Game 'g' has been declared a draw
    between England, France and Russia.``; where players hold several powers, the
    sides are the players (:func:`_sides`)."""
    sides = _sides(session, game, powers)
    return f"Game '{game.name}' has been declared a draw between {names_listed(sides)}."


def _sides(session: Session, game: Game, powers: set[str] | frozenset[str]) -> list[str]:
    """Each power of a draw (or a concession) by name; where players hold several
    powers, each player's powers in it together (``France 1 + England 2``), after the
    player's registered name unless the game is anonymous (``Ada (France 1 +
    England 2)``)."""
    rows = session.exec(
        select(Player, Account)
        .where(Player.game_id == game.id, Player.status == PLAYING)
        .where(Player.account_id == Account.id)
    )
    held: dict[int, list[str]] = {}  # every power each player holds, drawn or not
    who: dict[int, str] = {}
    for player, account in rows:
        if account.id is not None:
            held.setdefault(account.id, []).append(player.power)
            who[account.id] = account.name
    several = any(len(codes) > 1 for codes in held.values())
    side_of = {code: a for a, codes in held.items() if several for code in codes}
    sides: list[str] = []
    for power in game_powers(game):
        account = side_of.get(power.code)
        if power.code not in powers or (account is not None and account not in held):
            continue
        if account is None:
            sides.append(power.name)
            continue
        codes = held.pop(account)
        drawn = [p.name for p in game_powers(game) if p.code in codes and p.code in powers]
        together = " + ".join(drawn)
        named = who[account] and not game.anonymous  # as the web page: names, never addresses
        sides.append(f"{who[account]} ({together})" if named else together)
    return sides


def draw_tag(game: Game, powers: Collection[str]) -> str:
    """Who drew, for the subject: the powers' initials run together where each is
    the initial of one power only (njudge's ``Draw Declared: EFR``); else each power
    by a short name of its own (Root Z's ``A1, F1, E2``) or its name."""
    known = game_powers(game)
    drawn = [p for p in known if p.code in powers]
    if all(find_power(known, p.initial) == p for p in drawn):
        return "".join(p.initial for p in drawn)
    return ", ".join(_own_name(known, p) for p in drawn)


def _own_name(known: list[PowerInfo], power: PowerInfo) -> str:
    """The shortest of a power's aliases that begins with its initial (Root Z's
    ``E2``, not its number ``2``) and names no other power; else its name."""
    words = sorted((a for a in power.aliases if a[:1].upper() == power.initial), key=len)
    return next((w for w in words if find_power(known, w) == power), power.name)


def agreed_outcome(session: Session, game: Game) -> str | None:
    """The outcome the votes agree on (a sentence), or None."""
    agreed = agreed_end(session, game)
    return agreed[0] if agreed is not None else None


def agreed_end(session: Session, game: Game) -> tuple[str, str, Agreement] | None:
    """The outcome the votes agree on, a sentence, with the end of its subject
    (``Draw Declared: EFR`` or ``Game Over``) and the powers; None when they agree
    on none."""
    doc = game.position_view()
    agreed = agreement(ruleset_for_game(game), doc, game.dias, voters(session, game))
    if agreed is None:
        return None
    if agreed.draw:
        what = f"Draw Declared: {draw_tag(game, agreed.powers)}"
        return draw_sentence(session, game, agreed.powers), what, agreed
    sides = _sides(session, game, agreed.powers)
    verb = "wins" if len(sides) == 1 else "win"
    conceded = f"{names_listed(sides)} {verb}: every other surviving player conceded."
    return conceded, "Game Over", agreed


def settle_votes(session: Session, sender: Author, game: Game, now: datetime) -> str | None:
    """End the game when the votes agree; returns the outcome, or None."""
    if game.status == FINISHED:
        return None
    session.flush()
    agreed = agreed_end(session, game)
    if agreed is None:
        return None
    outcome, what, sides = agreed
    end_game(session, sender, game, outcome, now, what=what, won=sides.won, drawn=sides.drawn)
    return outcome
