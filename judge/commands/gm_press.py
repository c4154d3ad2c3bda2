"""njudge's press settings for the game master (data/index, data/press):
``SET WHITE``, ``SET GREY``, ``SET WHITE/GREY``, ``SET GREY/WHITE``, ``SET NO WHITE``
(grey), ``SET NO GREY`` (white), ``SET NO PRESS`` / ``SET NONE`` (as ``SET PRESS
<mode>``); ``SET [NO] PARTIAL`` (press to some powers only, or broadcasts only) and
``SET [NO] MINOR PRESS`` (press in retreat and adjustment phases; before the start).
Press to the master (``PRESS TO M``) is allowed whatever they say."""

from __future__ import annotations

from dataclasses import replace
from typing import ClassVar

from judge.commands.base import Context, Statement
from judge.commands.gm_common import MasterCommand, change_setting
from judge.commands.gm_settings import SetPress
from judge.commands.registry import register
from judge.store.models import FORMING, Game

# njudge's words (squashed, upper case) and the press mode each sets.
COLOURS = {
    "SETWHITE": "white",
    "SETGREY": "grey",
    "SETGRAY": "grey",
    "SETWHITE/GREY": "white/grey",
    "SETGREY/WHITE": "grey/white",
    "SETWHITE/GRAY": "white/grey",
    "SETGRAY/WHITE": "grey/white",
    "SETNOWHITE": "grey",
    "SETNOGREY": "white",
    "SETNOGRAY": "white",
    "SETNOPRESS": "none",
    "SETNONE": "none",
}


def _squashed(stmt: Statement) -> str:
    """The command words of the line, squashed (``SET NO GREY`` -> ``SETNOGREY``)."""
    words = stmt.text.split()
    return "".join(words[: len(words) - len(stmt.args.split())]).upper()


def _turned_off(stmt: Statement) -> bool:
    return _squashed(stmt).startswith("SETNO")


@register
class SetPressColour(MasterCommand):
    """njudge's press colour settings."""

    rank = 218
    keyword = "SET WHITE"
    aliases = tuple(w.replace("SET", "SET ", 1) for w in COLOURS if w != "SETWHITE")
    syntax = "SET WHITE | GREY | WHITE/GREY | GREY/WHITE | NO WHITE | NO GREY | NO PRESS"
    help = "Game masters: njudge's forms of SET PRESS <mode> (SET NO WHITE is grey only)."

    def steer(self, ctx: Context, stmt: Statement, game: Game) -> None:
        # njudge writes SET GREY [PRESS], SET NO GREY [PRESS], SET GREY/WHITE [PRESS]
        words = "".join(stmt.args.split()).upper()
        mode = COLOURS.get(_squashed(stmt) + words) or COLOURS.get(
            _squashed(stmt) + words.removesuffix("PRESS")
        )
        if mode is None:
            ctx.transcript.refused(stmt.text, f"expected: {self.syntax}")
            return
        SetPress().steer(ctx, replace(stmt, args=mode), game)


class _OnOff(MasterCommand):
    """A press setting turned on (``SET X``) or off (``SET NO X``); a trailing word of
    the keyword (PRESS) may stand after the squashed words."""

    column: ClassVar[str] = ""  # the Game attribute
    on_text: ClassVar[str] = ""  # what the setting on means, with {game}
    off_text: ClassVar[str] = ""
    before_start: ClassVar[bool] = False  # njudge: only before the game runs

    def steer(self, ctx: Context, stmt: Statement, game: Game) -> None:
        if "".join(stmt.args.split()).upper() not in ("", "PRESS"):
            ctx.transcript.refused(stmt.text, f"expected: {self.syntax}")
            return
        if self.before_start and game.status != FORMING:
            ctx.transcript.refused(stmt.text, f"game {game.name} has started: set it before")
            return
        on = self.turned_on(stmt)
        said = (self.on_text if on else self.off_text).format(game=game.name)
        if game.press_mode == "none":  # never say "broadcasts only" of a game without press
            said += " It has no press now: the setting counts once SET PRESS allows some."
        change_setting(ctx, stmt, game, self.column, on, said)

    def turned_on(self, stmt: Statement) -> bool:
        """Whether the line turns the setting on (``SET X``) or off (``SET NO X``)."""
        return not _turned_off(stmt)


@register
class SetPartial(_OnOff):
    """Allow press to some powers only, or broadcasts only."""

    rank = 219
    keyword = "SET PARTIAL"
    aliases = ("SET NOPARTIAL",)
    syntax = "SET PARTIAL   or   SET NO PARTIAL"
    help = (
        "Game masters: SET PARTIAL (the default) allows press to some powers only;\n"
        "SET NO PARTIAL allows only broadcasts (and press to the master, always)."
    )
    column = "press_partial"
    on_text = "Press in game {game} may go to some powers only (partial press)."
    off_text = "Press in game {game} is broadcasts only (no partial press)."


@register
class SetMinorPress(_OnOff):
    """Allow press in retreat and adjustment phases, or not (before the start)."""

    rank = 220
    keyword = "SET MINOR PRESS"
    aliases = ("SET NOMINOR PRESS", "SET NO MINOR")
    syntax = "SET MINOR PRESS   or   SET NO MINOR PRESS"
    help = (
        "Game masters, before the start: whether players may send press in retreat\n"
        "and adjustment phases (the default) or only in movement phases."
    )
    column = "press_minor"
    on_text = "Press in game {game} is allowed in retreat and adjustment phases."
    off_text = "Press in game {game} is allowed in movement phases only."
    before_start = True


@register
class SetObserverPress(_OnOff):
    """Allow observers' press, or not."""

    rank = 221
    keyword = "SET OBSERVER PRESS"
    # njudge's SET OBSERVER ANY|WHITE|NO [PRESS] (data/index 671-679); observers'
    # press is white here, so ANY and WHITE both allow it.
    aliases = (
        "SET NOOBSERVER PRESS",
        "SET NO OBSERVER",
        "SET OBSERVER ANY",
        "SET OBSERVER WHITE",
        "SET OBSERVER NO",
        "SET OBSERVER NONE",
        "SET ANY OBSERVER",
        "SET WHITE OBSERVER",
    )
    syntax = "SET OBSERVER PRESS   or   SET NO OBSERVER PRESS"
    help = (
        "Game masters: whether observers may send press (after SIGNON O<game>\n"
        "<password>), under the game's press rules; not allowed by default.\n"
        "njudge's SET OBSERVER ANY|WHITE|NO [PRESS] work too."
    )
    column = "observer_press"
    on_text = "Observers of game {game} may send press."
    off_text = "Observers of game {game} may not send press."

    def turned_on(self, stmt: Statement) -> bool:
        return not _squashed(stmt).startswith(("SETNO", "SETOBSERVERNO"))
