"""The mail-body parser: keywords, blocks, comments and the end of a mail."""

from __future__ import annotations

import pytest
from hypothesis import example, given, settings
from hypothesis import strategies as st

from judge.commands.base import COMMAND, OTHER, UNKNOWN
from judge.commands.listing import ListCommand
from judge.commands.parser import MAX_STATEMENTS, _plain_width, parse_body
from judge.commands.press import BroadcastCommand, PressCommand
from judge.commands.register import Register
from judge.commands.set_password import SetPassword
from judge.commands.signon import SignOn


def test_keywords_are_case_insensitive_and_spaces_inside_them_optional():
    parsed = parse_body("signon Fgame1 pw\nSign On Fgame1 pw\nset  password abcd\nSETPASSWORD x")
    kinds = [(s.command, s.args) for s in parsed.statements]
    assert kinds == [
        (SignOn, "Fgame1 pw"),
        (SignOn, "Fgame1 pw"),
        (SetPassword, "abcd"),
        (SetPassword, "x"),
    ]


def test_other_lines_are_orders_and_unknown_set_commands_are_flagged():
    parsed = parse_body("A Par - Bur\nSET NONSENSE\n")
    assert [s.kind for s in parsed.statements] == [OTHER, UNKNOWN]


def test_blank_and_comment_lines_are_skipped():
    parsed = parse_body("\n   \n// SIGNON Fgame1 old\n  // A Par H\nLIST\n")
    assert [s.text for s in parsed.statements] == ["LIST"]
    assert parsed.statements[0].line_no == 5


def test_signoff_and_signature_end_the_mail():
    parsed = parse_body("LIST\nSIGNOFF\nHELP\nA Par H\n")
    assert [s.text for s in parsed.statements] == ["LIST", "SIGNOFF"]
    assert parsed.ignored_after == 2
    parsed = parse_body("LIST\n-- \nJohn\nHELP\n")
    assert [s.text for s in parsed.statements] == ["LIST"]
    assert parsed.ignored_after == 2


def test_what_follows_a_signature_line_is_kept_apart_for_the_reader_to_decide():
    parsed = parse_body("LIST\n-- \nJohn\n--\nHELP\n")
    below = parsed.below_signature
    assert below is not None and below.below_signature is None  # one level only
    assert [(s.text, s.line_no) for s in below.statements] == [("John", 3), ("HELP", 5)]
    assert [s.text for s in parsed.every_statement] == ["LIST", "John", "HELP"]
    deep = parse_body("--\n" * 5000 + "A Par H")  # never nests: no recursion limit
    assert [s.text for s in deep.every_statement] == ["A Par H"]


def test_a_signoff_with_a_full_stop_ends_the_mail():
    # "signoff." and "Signoff!" as players end a sentence: the signature below is not read
    for stop in ("signoff.", "Signoff!", "SIGN OFF."):
        parsed = parse_body(f"LIST\n{stop}\nJohn Smith - Paris office\n")
        assert [s.text for s in parsed.statements] == ["LIST", stop], stop
        assert parsed.ignored_after == 1
    # nor does a full stop unmake another command: "list." is LIST, "SET NOLIST." SET
    # NOLIST (before, both were refused or passed over)
    assert parse_body("list.\n").statements[0].command is ListCommand
    assert parse_body("SET NOLIST.\n").statements[0].args == ""
    assert parse_body("SET NOLIST.\n").statements[0].command.keyword == "SET NOLIST"
    # and a word that is no command stays none
    assert parse_body("Thanks.\n").statements[0].command is None


def test_press_block_is_verbatim_until_endpress():
    body = "PRESS TO G\nLIST\n// not a comment here\n  indented\nENDPRESS\nHELP\n"
    parsed = parse_body(body)
    press, help_ = parsed.statements
    assert press.command is PressCommand and press.closed
    assert press.block == ["LIST", "// not a comment here", "  indented"]
    assert help_.text == "HELP"


def test_broadcast_ends_at_endbroadcast_or_signoff_or_end_of_mail():
    parsed = parse_body("BROADCAST\nhi\nEND BROADCAST\nLIST")
    assert parsed.statements[0].block == ["hi"] and parsed.statements[1].text == "LIST"
    parsed = parse_body("BROADCAST\nhi\nsignoff\nLIST")
    assert [s.text for s in parsed.statements] == ["BROADCAST", "signoff"]
    assert parsed.statements[0].closed
    parsed = parse_body("BROADCAST\nhi\nthere")
    [stmt] = parsed.statements
    assert stmt.command is BroadcastCommand and stmt.block == ["hi", "there"]
    assert not stmt.closed


def test_register_block_ends_at_end():
    parsed = parse_body("REGISTER\nName: A\nPassword: x\nEND\nLIST\n")
    reg, lst = parsed.statements
    assert reg.command is Register and reg.block == ["Name: A", "Password: x"]
    assert lst.text == "LIST"


def test_statement_count_is_bounded():
    parsed = parse_body("LIST\n" * (MAX_STATEMENTS + 10))
    assert len(parsed.statements) == MAX_STATEMENTS and parsed.truncated


def test_crlf_and_lone_cr_line_ends():
    parsed = parse_body("LIST\r\nHELP\rSIGNOFF")
    assert [s.text for s in parsed.statements] == ["LIST", "HELP", "SIGNOFF"]


_lines = st.lists(
    st.one_of(
        st.text(max_size=60),
        st.sampled_from(
            ["SIGNON Fgame1 pw", "PRESS TO G", "BROADCAST", "ENDPRESS", "REGISTER", "END",
             "SIGNOFF", "--", "// c", "SET", "SET PASSWORD", "A Par - Bur", "", "LIST x"]
        ),
    ),
    max_size=40,
)  # fmt: skip


@settings(max_examples=300, deadline=None)
@given(st.text(max_size=2000))
def test_parser_never_raises_on_arbitrary_text(text):
    parsed = parse_body(text)
    for stmt in parsed.statements:
        assert stmt.kind in (COMMAND, OTHER, UNKNOWN)
        assert stmt.text == stmt.text.strip() and stmt.text


@settings(max_examples=300, deadline=None)
@given(_lines)
@example(["！"])  # a full-width sign, read as the ASCII one (found by CI's draw)
@example(["\u200e", "A Par-Bur"])  # a line of one direction mark shows nothing
def test_parser_reads_a_mail_that_starts_with_something(lines):
    parsed = parse_body("\n".join(lines))
    text_lines = "\n".join(lines).replace("\r\n", "\n").replace("\r", "\n").split("\n")
    seen = sum(1 + len(s.block) for s in parsed.statements)
    assert seen <= len(text_lines)
    # a line is read as it shows: full-width signs as ASCII, direction marks left out
    shown = [_plain_width(ln.strip()[:1000]) for ln in text_lines]
    first = next((i for i, ln in enumerate(shown) if ln and not ln.startswith("//")), None)
    if first is not None and text_lines[first].rstrip() != "--":
        written = text_lines[first].strip()[:1000]
        assert parsed.statements and parsed.statements[0].text in (written, shown[first])


def test_a_press_signed_above_its_end_line_keeps_the_signature_and_what_follows():
    # "--" / "France" above ENDPRESS: the sender signs the message.  The block ended at
    # the "--", its signature and ENDPRESS fell below it, and the orders after
    # ENDPRESS were read only by the separator rule, ENDPRESS listed as ignored.
    parsed = parse_body("PRESS TO G\nShall we?\n--\nFrance\nENDPRESS\nA Par-Bur\n")
    press, order = parsed.statements
    assert press.block == ["Shall we?", "--", "France"] and press.closed
    assert order.text == "A Par-Bur" and parsed.below_signature is None
    # with no end line after it, a "--" still ends the message: the mail's signature
    parsed = parse_body("PRESS TO G\nShall we?\n-- \nJohn Smith\n")
    assert parsed.statements[0].block == ["Shall we?"]
    assert [s.text for s in parsed.every_statement] == ["PRESS TO G", "John Smith"]
    # a SIGNOFF between them ends the mail first
    parsed = parse_body("PRESS TO G\nShall we?\n--\nSIGNOFF\nENDPRESS\n")
    assert parsed.statements[0].block == ["Shall we?"]


@pytest.mark.parametrize(
    ("line", "read"),
    [
        ("SET GREY, PARTIAL FAKES BROADCAST", ["SET GREY", "SET PARTIAL FAKES BROADCAST"]),
        ("set nolist, deadline 25 Dec", ["SET nolist", "SET deadline 25 Dec"]),
        ("SET PRESS GREY, NO DRAW", ["SET PRESS GREY", "SET NO DRAW"]),
        # one command: its words hold commas, or no part of them is another command
        ("SET DEADLINE MOVE 48h, GRACE 5h", ["SET DEADLINE MOVE 48h, GRACE 5h"]),
        ("SET PASSWORD ab, NOLIST", ["SET PASSWORD ab, NOLIST"]),
        ("SET ABSENCE Nov 23, 2026", ["SET ABSENCE Nov 23, 2026"]),
        (
            "SET COMMENT Fast game, experienced players",
            ["SET COMMENT Fast game, experienced players"],
        ),
        ("Set up, we attack", ["Set up, we attack"]),
        # powers after a comma are no settings, though SET P and SET W are njudge's
        # short SET PASSWORD and SET WAIT
        ("SET CONCEDE F, P", ["SET CONCEDE F, P"]),
        ("SET DRAW E, F, W", ["SET DRAW E, F, W"]),
    ],
)
def test_njudges_comma_list_of_settings_is_split(line: str, read: list[str]) -> None:
    assert [s.text for s in parse_body(line).statements] == read


@pytest.mark.parametrize(
    ("line", "reads"),
    [
        ("SET GREY, PARTIAL FAKES BROADCAST", 3),  # the line, then each setting
        ("SET ABSENCE Nov 23, 2026", 3),  # the line, then each part: no list
        ("A Par - Bur", 1),
    ],
)
def test_each_part_of_a_set_line_is_read_once(
    monkeypatch: pytest.MonkeyPatch, line: str, reads: int
) -> None:
    """A comma list of settings read each part twice (once to see whether the line is
    a list, once for its statement) and the whole line twice when it was none."""
    from judge.commands import parser

    seen: list[str] = []

    def counted(text: str) -> parser.CommandLine | None:
        seen.append(text)
        return read(text)

    read = parser.command_line
    monkeypatch.setattr(parser, "command_line", counted)
    parse_body(line)
    assert len(seen) == reads, seen
