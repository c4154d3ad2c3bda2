"""GET <file> (njudge's ``data/index`` 146-149): a file this judge has not is
refused with the list of those it has.  ``GET rules`` after a SIGNON was passed over
as a greeting ("ignored: not an order"), without an error flag; a phone's footer
("Get Outlook for Android") still is."""

from __future__ import annotations

from tests.commands.helpers import reply_to_orders


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
