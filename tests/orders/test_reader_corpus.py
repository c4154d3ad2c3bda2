"""The order reader's reading of many order texts on four maps, pinned: the texts
of every shape of hold, move, support, convoy, retreat, disband and build, with unit
words, province codes, names of one and several words, coasts in every spelling,
keywords in the place of names and words that are nothing (those of
``test_read_usual``), and what the reader alone made of each (the parsed order or
the refusal), recorded before the reader took its short ways for a name of one word
and for a name with nothing after it (``reader_corpus.json.gz``).
"""

from __future__ import annotations

import gzip
import json
from pathlib import Path

import pytest

from judge.orders.reader import OrderSyntaxError
from judge.orders.text import _read_order
from judge.variant.data import Variant, load_variant

from .test_read_usual import GENERAL, texts

CORPUS = json.loads(gzip.decompress((Path(__file__).parent / "reader_corpus.json.gz").read_bytes()))


def read(variant: Variant, text: str) -> str:
    """What the reader makes of a text, as the corpus writes it."""
    try:
        return repr(_read_order(variant, text, GENERAL))
    except OrderSyntaxError as error:
        return f"refused: {error}"


@pytest.mark.parametrize("name", ["standard", "colonial", "rootz", "outerspace"])
def test_the_reader_reads_the_corpus_as_recorded(name: str) -> None:
    variant = load_variant(name)
    rows = CORPUS[name]
    assert [text for text, _ in rows] == list(dict.fromkeys(texts(variant, len(name), 4000)))
    wrong = [(text, was, read(variant, text)) for text, was in rows if read(variant, text) != was]
    assert not wrong, wrong[:10]
    assert sum(1 for _, was in rows if not was.startswith("refused")) > 1000
