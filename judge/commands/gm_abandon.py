"""SET ABANDON <n> (game master): after n deadlines missed in a row, a player
abandons the power and any registered player may take it over (as RESIGN and EJECT
do at once).  njudge has no such setting (its players are dropped by the master's
EJECT); this follows Diplicity's and webDiplomacy's civil disorder after missed
phases (diplicity-react #471)."""

from __future__ import annotations

from judge.commands.base import Context, Statement
from judge.commands.gm_common import MasterCommand, change_setting
from judge.commands.registry import register
from judge.store.models import Game

MAX_MISSED = 20


@register
class SetAbandon(MasterCommand):
    """Set after how many missed deadlines in a row a power is abandoned."""

    rank = 216
    keyword = "SET ABANDON"
    aliases = ("SET NOABANDON",)
    syntax = "SET ABANDON <n>   or   SET NOABANDON"
    help = (
        "Game masters: a player who misses <n> deadlines in a row (no order while\n"
        "the power owed some) abandons the power: it is in civil disorder and any\n"
        "registered player not in the game may take it over (SIGNON <initial><game>\n"
        f"<password>). n is 1 to {MAX_MISSED}; 0 (the default) or SET NOABANDON:\n"
        "never. RESIGN and EJECT always abandon a power."
    )

    def steer(self, ctx: Context, stmt: Statement, game: Game) -> None:
        words = stmt.text.upper().replace("NO ABANDON", "NOABANDON").split()
        text = "0" if "NOABANDON" in words[:2] else stmt.args.strip()
        if not text.isdigit() or int(text) > MAX_MISSED:
            ctx.transcript.refused(stmt.text, f"expected: {self.syntax}")
            return
        count = int(text)
        said = (
            f"A player who misses {count} deadline{'s' if count != 1 else ''} in a row "
            "abandons the power (open for takeover)."
            if count
            else "Missed deadlines never abandon a power."
        )
        change_setting(ctx, stmt, game, "abandon_after", count, said)
