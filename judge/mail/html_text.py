"""Turn an HTML mail body into plain text with the standard library's HTML parser."""

from __future__ import annotations

import re
from html.parser import HTMLParser

_BLOCK = {
    "address", "article", "aside", "blockquote", "br", "dd", "div", "dl", "dt", "fieldset",
    "figcaption", "figure", "footer", "form", "h1", "h2", "h3", "h4", "h5", "h6", "header",
    "hr", "li", "main", "nav", "ol", "p", "pre", "section", "table", "tr", "ul",
}  # fmt: skip
_CELLS = {"td", "th"}
_SKIP = {"script", "style", "head", "title", "template", "noscript"}
# Elements whose content is somebody else's earlier mail (quoted replies).
_QUOTE_CLASSES = ("gmail_quote", "moz-cite-prefix", "yahoo_quoted")
_QUOTE_IDS = ("divrplyfwdmsg", "appendonsend")
_VOID = {"br", "hr", "img", "meta", "link", "input", "col", "area", "base", "wbr", "source"}


class _TextExtractor(HTMLParser):
    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.parts: list[str] = []
        self.skip_depth = 0
        self.quote_depth = 0
        self.pre_depth = 0
        self.stack: list[str] = []
        self.cut = False  # an Outlook reply header was seen: the rest is quoted

    def _is_quote(self, tag: str, attrs: list[tuple[str, str | None]]) -> bool:
        if tag == "blockquote":
            return True
        values = {k.lower(): (v or "").lower() for k, v in attrs}
        classes = values.get("class", "")
        if any(c in classes for c in _QUOTE_CLASSES):
            return True
        return values.get("id", "") in _QUOTE_IDS

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        tag = tag.lower()
        if tag in _VOID:
            if tag in ("br", "hr"):
                self.parts.append("\n")
            return
        self.stack.append(tag)
        if tag in _SKIP:
            self.skip_depth += 1
        elif self.quote_depth or self._is_quote(tag, attrs):
            self.quote_depth += 1
            if self.quote_depth == 1 and tag != "blockquote":
                # Outlook and Gmail put everything quoted after these markers.
                values = {k.lower(): (v or "").lower() for k, v in attrs}
                if values.get("id", "") in _QUOTE_IDS:
                    self.cut = True
        if tag == "pre":
            self.pre_depth += 1
        if tag in _BLOCK:
            self._break()
        elif tag in _CELLS and self.parts and not self.parts[-1].endswith((" ", "\n")):
            self.parts.append(" ")  # cells of a row are words apart (A | Mar | - | Spa)

    def _break(self) -> None:
        """Start a new line unless the text already ends with one."""
        if self.parts and not self.parts[-1].endswith("\n"):
            self.parts.append("\n")

    def handle_endtag(self, tag: str) -> None:
        tag = tag.lower()
        if tag in _VOID or tag not in self.stack:
            return
        while self.stack:
            top = self.stack.pop()
            if top in _SKIP:
                self.skip_depth = max(0, self.skip_depth - 1)
            elif self.quote_depth:
                self.quote_depth -= 1
            if top == "pre":
                self.pre_depth = max(0, self.pre_depth - 1)
            if top in _BLOCK:
                self._break()
            if top == tag:
                break

    def handle_data(self, data: str) -> None:
        if self.skip_depth or self.quote_depth or self.cut:
            return
        if self.pre_depth:
            self.parts.append(data)
        else:
            self.parts.append(re.sub(r"[ \t\r\n\f]+", " ", data))


def html_to_text(html: str) -> str:
    """Return the readable text of an HTML document, without quoted replies.

    Block elements become line breaks, scripts and styles are dropped, and blockquotes
    and the quote containers of common mail clients are left out.
    """
    parser = _TextExtractor()
    try:
        parser.feed(html)
        parser.close()
    except Exception:  # noqa: BLE001 - html.parser is lenient, but never let it raise
        pass
    text = "".join(parser.parts).replace("\xa0", " ")
    lines = [line.strip() for line in text.split("\n")]
    out: list[str] = []
    for line in lines:
        if line or (out and out[-1]):
            out.append(line)
    return "\n".join(out).strip("\n")
