"""Adding a map picture to a mail: inline in the HTML part and attached for text readers.

The mail becomes::

    multipart/mixed
      multipart/alternative
        text/plain                     (the text, then the credit line)
        multipart/related
          text/html                    (the HTML, then <img src="cid:..."> and the credit)
          image/png                    (Content-ID, inline)
      image/png                        (the same picture as an attachment)
"""

from __future__ import annotations

import html as html_lib
from email.message import EmailMessage
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from judge.maps.pictures import Picture


def credit_line(picture: Picture) -> str:
    """The one line every mail with a picture carries."""
    return f"The attached map {picture.filename}: {picture.credit}."


def _html_with_picture(html: str, picture: Picture) -> str:
    figure = (
        '<figure style="margin:1em 0">'
        f'<img src="cid:{picture.cid}" alt="{html_lib.escape(picture.alt)}" '
        'style="max-width:100%;height:auto;border:1px solid #888">'
        f'<figcaption style="font-size:small;color:#555">{html_lib.escape(picture.credit)}'
        "</figcaption></figure>\n"
    )
    lower = html.lower()
    at = lower.rfind("</body>")
    return html[:at] + figure + html[at:] if at >= 0 else html + figure


def add_picture(msg: EmailMessage, picture: Picture) -> EmailMessage:
    """Put ``picture`` into ``msg`` (a text mail, with or without an HTML part): inline
    in the HTML part (one is made from the text if there is none) and attached; the
    credit line goes into both parts.  Returns ``msg``."""
    text_part = msg.get_body(("plain",))
    html_part = msg.get_body(("html",))
    text = text_part.get_content() if text_part is not None else ""
    if html_part is not None:
        html = html_part.get_content()
    else:
        html = f"<html><body><pre>{html_lib.escape(text)}</pre></body></html>\n"
    msg.clear_content()
    msg.set_content(text.rstrip("\n") + "\n\n" + credit_line(picture) + "\n", charset="utf-8")
    msg.add_alternative(_html_with_picture(html, picture), subtype="html", charset="utf-8")
    inline = msg.get_body(("html",))
    assert inline is not None
    inline.add_related(
        picture.png,
        "image",
        "png",
        cid=f"<{picture.cid}>",
        disposition="inline",
        filename=picture.filename,
    )
    msg.add_attachment(picture.png, "image", "png", filename=picture.filename)
    return msg
