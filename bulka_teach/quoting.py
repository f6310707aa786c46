"""How a sentence speaks of what a learner typed, clicked or sent: a short quotation, and numbers in ASCII digits.

Every sentence that quotes input (a notice on the table, a refusal, a deal code's or a scenario's error) quotes it
with ``quote``: at most ``QUOTED`` characters of it, then an ellipsis and its whole length, so a 4 MB string is
answered in a line, not echoed back. Numbers read from input are written with the digits 0 to 9 alone:
``whole_number`` reads nothing else, and ``foreign_digit`` finds the digit of another script (Arabic-Indic ``٢``,
fullwidth ``２``, superscript ``²``) that ``str.isdigit`` and ``int`` would have read silently, for
``foreign_digit_text`` to say what is wrong with it.
"""
from __future__ import annotations

import math
import re
import reprlib
import unicodedata

QUOTED = 32  # characters of the input a quotation shows
_WHOLE_NUMBER = re.compile(r"[0-9]+", re.ASCII)
_WORD = re.compile(r"[A-Za-z0-9.-]+", re.ASCII)


class _Short(reprlib.Repr):
    """Python's writing of what is not a text (a number, None, a list or dict a forged message held), shortened at
    every level; a number too long to write out (Python writes no int past 4,300 digits) is told by its size."""

    def __init__(self) -> None:
        super().__init__()
        self.maxlevel, self.maxstring, self.maxother, self.maxlong = 2, QUOTED, QUOTED, QUOTED
        self.maxlist = self.maxtuple = self.maxdict = self.maxset = self.maxfrozenset = 4

    def repr_int(self, x: int, level: int) -> str:
        if x.bit_length() <= 3 * QUOTED:
            return super().repr_int(x, level)
        return f"a number of about {int(x.bit_length() * math.log10(2)) + 1:,} digits"


_SHORT = _Short()


def _shown(text: str, limit: int) -> tuple[str, bool]:
    """The start of ``text`` a quotation shows, at most ``limit`` characters long once what cannot be seen or would
    break the line is escaped as Python writes it (a newline, a control or bidi character, a lone surrogate); and
    whether that is less than the whole text."""
    pieces: list[str] = []
    size = 0
    for ch in text[:limit]:
        piece = ch if ch.isprintable() else repr(ch)[1:-1]
        if size + len(piece) > limit:
            return "".join(pieces), True
        pieces.append(piece)
        size += len(piece)
    return "".join(pieces), len(text) > limit


def quote(value: object, limit: int = QUOTED, bare: bool = False) -> str:
    """``value`` as a sentence quotes it: ``'Kh'``; a long text shortened, ``'QQQQ…' (4,000,000 characters)``.

    A text shows its first characters (at most ``limit``, each non-printable one escaped) between straight quotes;
    anything else (a number, None, a list a forged message held) is written as Python writes it, shortened too.
    ``bare``: a text that is one word of ASCII letters, digits, ``-`` and ``.`` and fits is shown without the quotes
    (a deal code reads as itself: "CB2-std has a typo").
    """
    if bare and isinstance(value, str) and len(value) <= limit and _WORD.fullmatch(value):
        return value
    if not isinstance(value, str):
        text = _SHORT.repr(value)
        return text if len(text) <= limit + 1 else text[:limit] + "…"
    shown, cut = _shown(value, limit)
    return f"'{shown}…' ({len(value):,} characters)" if cut else f"'{shown}'"


def foreign_digit(text: str) -> str | None:
    """The first character of ``text`` that Python reads as a digit but is not one of 0 to 9, or None."""
    if text.isascii():
        return None
    return next((ch for ch in text if ch.isdigit() and not "0" <= ch <= "9"), None)


def foreign_digit_text(digit: str) -> str:
    """What is wrong with ``digit`` (a ``foreign_digit``): "'٢' (arabic-indic digit two) is not one of the digits
    0 to 9"; the sentence goes on to say what to do where the number is written."""
    name = unicodedata.name(digit, "a digit of another script").lower()
    return f"{quote(digit)} ({name}) is not one of the digits 0 to 9"


def whole_number(text: str, digits: int = 9) -> int | None:
    """``text`` read as a whole number of at most ``digits`` digits, written with the digits 0 to 9 alone (no sign,
    space, ``_`` or digit of another script, which ``int`` would accept), or None."""
    return int(text) if len(text) <= digits and _WHOLE_NUMBER.fullmatch(text) else None
