"""Every standard order text of the corpus (``order_texts``: every unit of the
standard map with its orders in several spellings, and odd texts) is read as the
reader of the judge read it when one reader was folded out
(``read_usual``, issue 27): the same ParsedOrder, or the same refusal.  Recorded
from main's ``parse_order`` at 0b35637 in ``standard_orders.json.gz``; recorded again
when a hyphenated word ending with a province came to be split (``Ionian Sea-Adr``, a
multi-word name then a compact move: 174 texts refused before are read, 11 refusals
name the wrong word more precisely, no reading changed); and when the move words grew
(``into``, ``go``, ``goes``, ``attack(s)``, ``>``, ``supp``, a doubled sign); and when a
hyphenated name came to be kept whole after a place and a hyphen
(``Channel-Mid-Atlantic Ocean``: 14 refused texts read); and when a move written
through the places of its convoy came to go via convoy (``A Bre-Eng-Pic``, njudge's
rules XII.6: 700 texts of routes read as before, via convoy; nothing else changed);
and when a waive came to take ``a``, ``one`` or ``1`` and ``build`` after it (``waive
1``, refused before, is read); and when a support or a convoy came to take the route
of the move it names (``F Eng C A Lon-Eng-Bre``: its last step; 115 texts refused
before are read, 5 refusals name the wrong word instead of the rest of the line); and
when a "!" came to be read as a space (``A Par-Bur!``: one refusal, of ``Thanks!``,
names the word without it); and when an ``R`` with nothing after it (``A Par R``, ``R
Par``) came to read as njudge's removal word (a removal in an adjustment phase, refused
for want of a destination in the others: 19 refused texts read so; nothing else
changed); and when a text refused as written came to be read again with its
hyphenated words that are no names taken apart (``Norwegian Sea-North Sea``: 15
refused supports read, each as the places written; nothing else changed); and when
a sentence came to be refused with the forms to write (``Sent from my iPhone``: one
refusal worded anew, nothing read differently); and when a mistyped word after a
unit came to be named with the order word meant (``A Iri holdd``: 30 refusals end
with "(did you mean 'hold'?)", nothing read differently); and when a route through a
place no fleet convoys from came to be refused (``Army Finland -> Sweden - Tun``:
"Sweden is no sea"; 144 texts read before as moves, retreats, supports or convoys to
the route's last place, 3 refusals name the land passed through instead); and when
a refusal after "by" came to name that word (``A Par - Bur by``: 33 refusals say
"after 'by'" instead of "after 'via'", nothing read differently).
"""

from __future__ import annotations

import gzip
import json
from pathlib import Path

from judge.orders.reader import OrderSyntaxError, ParsedOrder, Place
from judge.orders.text import clear_read_cache, parse_order
from judge.variant.data import Variant, load_variant

from .order_texts import standard_order_texts

RECORD = Path(__file__).parent / "standard_orders.json.gz"


def _place(place: Place | None) -> str:
    if place is None:
        return ""
    return place.province if place.coast is None else f"{place.province}/{place.coast}"


def written(parsed: ParsedOrder) -> str:
    """A ParsedOrder as one line, every field kept."""
    kinds = (parsed.unit_type, parsed.target_type)
    unit, target_unit = (t.value if t is not None else "" for t in kinds)
    places = " ".join(_place(p) for p in parsed.places)
    fields = (parsed.action, unit, _place(parsed.place), target_unit, _place(parsed.target))
    return "|".join((*fields, _place(parsed.dest), str(parsed.via_convoy), places))


def read(variant: Variant, text: str) -> str:
    """What ``parse_order`` makes of a text: the order written, or its refusal."""
    try:
        return written(parse_order(variant, text))
    except OrderSyntaxError as error:
        return f"refused: {error}"


def record(path: Path = RECORD) -> None:
    """Write what the reader makes of the corpus now (run once, before a change)."""
    variant = load_variant("standard")
    clear_read_cache()
    rows = [[text, read(variant, text)] for text in standard_order_texts(variant)]
    data = json.dumps(rows, separators=(",", ":")).encode()
    path.write_bytes(gzip.compress(data, 9, mtime=0))


def test_every_order_text_is_read_as_recorded() -> None:
    variant = load_variant("standard")
    rows = json.loads(gzip.decompress(RECORD.read_bytes()))
    assert [text for text, _ in rows] == standard_order_texts(variant)
    clear_read_cache()
    wrong = [(text, was, now) for text, was in rows if (now := read(variant, text)) != was]
    assert not wrong, wrong[:10]
    refused = sum(1 for _, was in rows if was.startswith("refused"))
    assert len(rows) > 25_000 and 0.05 < refused / len(rows) < 0.3
