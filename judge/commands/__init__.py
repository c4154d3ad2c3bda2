"""The command language of the judge: one small class per command.

Importing this package registers every command.  To add a command, write a
:class:`~judge.commands.base.Command` subclass in its own module, decorate it with
:func:`~judge.commands.registry.register`, and import the module here; HELP picks
up its syntax and help text by itself.
"""

from judge.commands import (  # noqa: F401  (importing registers the commands)
    about,
    clear,
    gm_abandon,
    gm_broadcast,
    gm_create,
    gm_flow,
    gm_players,
    gm_press,
    gm_privacy,
    gm_settings,
    help,
    history,
    join,
    listing,
    map,
    not_offered,
    observe,
    orders,
    password_reset,
    phase,
    press,
    records,
    register,
    resign,
    set_absence,
    set_address,
    set_clock_votes,
    set_concede,
    set_draw,
    set_password,
    set_wait,
    signoff,
    signon,
    summary,
)
from judge.commands.base import Command, Context, Statement
from judge.commands.parser import ParsedMail, parse_body
from judge.commands.registry import all_commands, find, match

__all__ = [
    "Command",
    "Context",
    "ParsedMail",
    "Statement",
    "all_commands",
    "find",
    "match",
    "parse_body",
]
