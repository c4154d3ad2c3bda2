"""GET <file> (njudge's ``data/index`` 146-149): a file this judge has not is
refused with the list of those it has.  ``GET rules`` after a SIGNON was passed over
as a greeting ("ignored: not an order"), without an error flag; a phone's footer
("Get Outlook for Android") still is."""

from __future__ import annotations

from sqlmodel import Session

from tests.commands.helpers import (
    add_game,
    body_of,
    deliver,
    make_mail,
    migrated_engine,
    outbox,
    reply_to_orders,
)


def test_a_file_the_judge_has_not_is_refused_with_those_it_has(tmp_path) -> None:
    subject, text = reply_to_orders(tmp_path, "GET rules\nSEND ME guide\n")
    assert subject.startswith("Re: [Error Flag]")
    for name in ("rules", "guide"):
        assert f"*** Refused: this judge has no file '{name}': it has index, form, press" in text


def test_a_known_file_is_mailed_and_a_phone_footer_is_passed_over(tmp_path) -> None:
    subject, text = reply_to_orders(tmp_path, "GET press\n\nGet Outlook for Android\n")
    assert "[Error Flag]" not in subject
    assert "The judge's help on press follows." in text
    assert "> Get Outlook for Android\n  ignored: not an order" in text


def test_a_command_and_a_game_after_get_or_send_me_is_refused_with_the_line_to_write(
    tmp_path,
) -> None:
    """njudge's SEND ME is GET, which takes one file name; ``SEND ME HISTORY game1``
    asks for the command, and was passed over as a greeting."""
    subject, text = reply_to_orders(
        tmp_path, "SEND ME HISTORY game1\nget summary GAME1\nGet Outlook for Android\n"
    )
    assert subject.startswith("Re: [Error Flag]")
    for asked, line in (
        ("SEND ME HISTORY game1", "HISTORY game1"),
        ("get summary GAME1", "summary GAME1"),
    ):
        assert (
            f"> {asked}\n  *** Refused: GET and SEND ME take a help file's name; for the "
            f"command itself write {line} on a line of its own"
        ) in text
    assert "> Get Outlook for Android\n  ignored: not an order" in text


def test_a_command_word_and_other_words_after_get_stay_prose(tmp_path) -> None:
    """Only the name of a game on this judge makes the line a command: "Get help now"
    and "Send me press releases" are prose, as "Get Outlook for Android" is."""
    subject, text = reply_to_orders(tmp_path, "A Par-Bur\nGet help now\nSend me press releases\n")
    assert "[Error Flag]" not in subject, text
    for line in ("Get help now", "Send me press releases"):
        assert f"> {line}\n  ignored: not an order" in text


def test_a_private_game_named_after_get_by_a_stranger_stays_prose(tmp_path) -> None:
    """The refusal would tell a stranger that a private game exists."""
    engine = migrated_engine(tmp_path)
    with Session(engine) as session:
        game = add_game(session)
        game.unlisted = True
        session.add(game)
        session.commit()
    deliver(engine, make_mail("stranger@else.test", "LIST\nGET HISTORY game1\n"))
    text = body_of(outbox(engine)[-1])
    assert "> GET HISTORY game1\n  ignored: not an order" in text.replace("\r\n", "\n")
    engine.dispose()


def test_a_password_after_get_is_never_quoted_back(tmp_path) -> None:
    """``GET JOIN game1 secret`` asks for the command: the reply quotes it, and
    the line to write, as JOIN quotes itself, with the password hidden."""
    subject, text = reply_to_orders(tmp_path, "GET JOIN game1 hush-hush7\n")
    assert "hush-hush7" not in text
    assert "> GET JOIN game1 ********\n  *** Refused:" in text
    assert "write JOIN game1 ******** on a line of its own" in text


def test_get_dedsystems_gives_the_help_on_the_records(tmp_path) -> None:
    """njudge's ``GET dedsystems`` (``data/dedsystems``, among the files of
    ``data/info``): the dedication points, ratios and entry limits. It was refused
    ("this judge has no file 'dedsystems'")."""
    subject, text = reply_to_orders(tmp_path, "GET DEDSYSTEMS\n")
    assert "[Error Flag]" not in subject, text
    assert "The judge's help on dedsystems follows." in text
    for command in ("GET DEDICATION", "INFO PLAYER", "SET DEDICATION", "SET ONTIMERAT"):
        assert f"{command}: {command}" in text, text
