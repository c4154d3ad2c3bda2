"""The game master's entry limits, in njudge's words (data/index, data/dedsystems):
``SET DEDICATION <n>``, ``SET ONTIMERAT <ratio>``, ``SET RESRAT <ratio>``; JOIN and
takeovers refuse a player whose record is below them (judge.game.records).
``NONE`` (or ``OFF``) removes a limit."""

from __future__ import annotations

from typing import ClassVar

from judge.commands.base import Context, Statement
from judge.commands.gm_common import MasterCommand, change_setting
from judge.commands.registry import register
from judge.store.models import Game


class _Limit(MasterCommand):
    column: ClassVar[str] = ""
    meaning: ClassVar[str] = ""
    whole: ClassVar[bool] = False  # an integer (dedication), else a ratio 0..1

    def steer(self, ctx: Context, stmt: Statement, game: Game) -> None:
        text = stmt.args.strip()
        value: float | int | None = None
        if text.upper() not in ("NONE", "OFF"):
            try:
                value = int(text) if self.whole else float(text)
            except ValueError:
                value = None
            if value is None or (not self.whole and not 0 <= value <= 1):
                ctx.transcript.refused(stmt.text, f"expected: {self.syntax}")
                return
        said = (
            f"Game {game.name} has no {self.meaning} limit."
            if value is None
            else f"Game {game.name} requires {self.meaning} {value} to join or take over."
        )
        change_setting(ctx, stmt, game, self.column, value, said)


@register
class SetDedication(_Limit):
    """The least dedication to join or take over."""

    rank = 224
    keyword = "SET DEDICATION"
    syntax = "SET DEDICATION <n>   or   SET DEDICATION NONE"
    help = (
        "Game masters: JOIN and takeovers need a dedication of at least <n> (a new\n"
        "player has 0: SET DEDICATION 1 keeps new players out)."
    )
    column = "min_dedication"
    meaning = "a dedication of at least"
    whole = True


@register
class SetOntimeRatio(_Limit):
    """The least on-time ratio to join or take over."""

    rank = 225
    keyword = "SET ONTIMERAT"
    syntax = "SET ONTIMERAT <ratio>   or   SET ONTIMERAT NONE"
    help = "Game masters: JOIN and takeovers need an on-time ratio (0 to 1) of at least this."
    column = "min_ontime"
    meaning = "an on-time ratio of at least"


@register
class SetResignationRatio(_Limit):
    """The largest resignation ratio to join or take over."""

    rank = 226
    keyword = "SET RESRAT"
    syntax = "SET RESRAT <ratio>   or   SET RESRAT NONE"
    help = "Game masters: JOIN and takeovers need a resignation ratio (0 to 1) of at most this."
    column = "max_resrat"
    meaning = "a resignation ratio of at most"
