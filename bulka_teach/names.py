"""A student's name, as typed at a shared table, a pass-and-play table or when joining a class: one rule for all.

A name is shown to classmates and to the teacher, so it is short, printable and holds no markup.
"""
from __future__ import annotations

NAME_LIMIT = 24  # characters in a student's name


SEAT_MISSING = "Type your name to take a seat: the table says whose turn it is by name."


def name_problem(name: object, missing: str = SEAT_MISSING) -> str | None:
    """What is wrong with a student's name, in a sentence that says what to do (``missing`` where none was typed);
    None for a good name."""
    if not isinstance(name, str) or not name.strip():
        return missing
    name = name.strip()
    if len(name) > NAME_LIMIT:
        return f"That name is {len(name):,} characters long: use at most {NAME_LIMIT}."
    if not name.isprintable() or "<" in name or ">" in name:
        return "A name may hold letters, digits, spaces and punctuation, but not < or >: type it again."
    return None
