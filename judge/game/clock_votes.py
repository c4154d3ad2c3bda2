"""The players' votes on the game's clock: SET PAUSE, SET RESUME and SET EXTEND
(vDiplomacy's "Pause", "Unpause" and "Extend"; webDiplomacy's pause vote).

They are kept and counted as the draw votes are (judge.game.votes): a flag on each
seat, and only the players still playing a surviving power vote.  A vote passes
when every one of them has given it:

* **pause**: the game stops as at the master's PAUSE (no deadline);
* **resume**: a paused game runs again as at the master's RESUME (a new deadline
  counted from now);
* **extend**: the current deadline moves later by the phase's length (its timing's
  ``after``: 48 hours for a movement phase by default), counted from the deadline,
  or from now once it has passed; once per phase.

Everyone in the game is mailed once, the master too.  The votes of a kind are
cleared when it passes; a pause or a resume (by vote or by the master) clears every
clock vote; so does a processed phase or a ROLLBACK, as for the draw votes.  The
master turns them off with SET NO PLAYER VOTES (``Game.player_votes``).
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime

from sqlmodel import Session

from judge.game.agreement import not_voted
from judge.game.clock import extend_clock, game_timing, pause_clock, resume_clock
from judge.game.games import phase_label
from judge.game.history import announce_and_keep
from judge.game.recipients import game_mail_subject
from judge.game.votes import END_VOTES_CLEARED, clear_end_votes, clear_votes, voters
from judge.mail.outgoing import Author
from judge.store.models import ACTIVE, FINISHED, PAUSED, Game


@dataclass(frozen=True)
class ClockVote:
    """One kind of vote on the clock."""

    flag: str  # the Player column that holds it
    command: str  # how a player votes it
    needs: str  # the game's status it applies to
    goal: str  # what passing does, after "for game <name> to"
    title: str  # the subject of the mail when it passes


PAUSE = ClockVote("pause", "SET PAUSE", ACTIVE, "pause", "Paused by the players")
RESUME = ClockVote("unpause", "SET RESUME", PAUSED, "resume", "Resumed by the players")
EXTEND = ClockVote("extend", "SET EXTEND", ACTIVE, "get a later deadline", "Deadline extended")
CLOCK_VOTES = (PAUSE, RESUME, EXTEND)
CLOCK_FLAGS = tuple(vote.flag for vote in CLOCK_VOTES)

_STATES = {ACTIVE: "running, not paused", PAUSED: "paused"}
VOTES_OFF = "the game master has turned off the players' votes to pause, resume or extend it"


def votes_line(game: Game) -> str | None:
    """Whether the players may vote on the clock, for LIST and SUMMARY; None for a
    finished game, which has no clock to vote on."""
    if game.status == FINISHED:
        return None
    if not game.player_votes:
        return "Player votes to pause, resume or extend: off (SET NO PLAYER VOTES)"
    extended = "; this phase was extended already" if game.extended else ""
    return f"Player votes to pause, resume or extend: on{extended}"


def vote_refusal(game: Game, vote: ClockVote) -> str | None:
    """Why ``vote`` cannot be given in the game now, or None."""
    if not game.player_votes:
        return VOTES_OFF
    if game.status != vote.needs:
        already = " already" if game.status == PAUSED and vote is PAUSE else ""
        return f"game {game.name} is {_STATES.get(game.status, game.status)}{already}"
    if vote is EXTEND and game.extended:
        return f"the deadline of {game.phase} was extended once already (once a phase)"
    if vote is EXTEND and game_timing(game).for_phase(game.phase).after.is_zero():
        return f"the phases of game {game.name} have no length to extend by"
    return None


def votes_missing(session: Session, game: Game, vote: ClockVote) -> int:
    """How many players still have to vote for ``vote`` to pass: people, not powers
    (a Root Z player's one vote counts for both powers)."""
    session.flush()
    return len({p.account_id for p in not_voted(voters(session, game), vote.flag)})


def clear_clock_votes(session: Session, game: Game, flags: tuple[str, ...] = CLOCK_FLAGS) -> None:
    """Take back the players' votes of ``flags`` (every clock vote by default)."""
    clear_votes(session, game, flags)


def pause_game(session: Session, game: Game) -> str:
    """Stop the game's clock (by the master or by vote); returns what happened."""
    text = pause_clock(game)
    session.add(game)
    clear_clock_votes(session, game)
    return text


def resume_game(session: Session, game: Game, now: datetime) -> str:
    """Run the game's clock again (by the master or by vote), clearing the clock votes
    and, as njudge's RESUME, the draw and concession votes; returns what happened."""
    text = resume_clock(session, game, now)
    session.add(game)
    clear_clock_votes(session, game)
    clear_end_votes(session, game)
    return f"{text} {END_VOTES_CLEARED}"


def _extend_game(session: Session, game: Game, now: datetime) -> str:
    text = extend_clock(game, now)
    game.extended = True
    session.add(game)
    clear_clock_votes(session, game, (EXTEND.flag,))
    return text


def due_vote(session: Session, game: Game) -> ClockVote | None:
    """The clock vote every voter has given and the game can take now, or None."""
    session.flush()
    voting = voters(session, game)
    for vote in CLOCK_VOTES:
        if voting and not not_voted(voting, vote.flag) and vote_refusal(game, vote) is None:
            return vote
    return None


def settle_clock_votes(session: Session, sender: Author, game: Game, now: datetime) -> str | None:
    """Carry out the clock vote every voter has given, mailing everyone in the game
    once; returns what happened, or None when no vote passes."""
    vote = due_vote(session, game)
    if vote is None:
        return None
    if vote is PAUSE:
        text = pause_game(session, game)
    elif vote is RESUME:
        text = resume_game(session, game, now)
    else:
        text = _extend_game(session, game, now)
    subject = game_mail_subject(sender, game, f"{phase_label(game)} {vote.title}")
    body = f"Every player of a surviving power in game {game.name} voted {vote.command}.\n{text}\n"
    announce_and_keep(session, sender, game, subject, body, now)
    return text
