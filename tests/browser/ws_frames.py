"""Reading what the kernel sends the browser: Jupyter messages in websocket frames, and the card codes in them.

Voilà's page speaks the binary v1 kernel websocket protocol (``v1.kernel.websocket.jupyter.org``): a
frame is a count of offsets, the offsets (little-endian uint64), then the parts they delimit — channel,
header, parent header, metadata, content, buffers. Older servers send one JSON text frame per message;
both are read.
"""
from __future__ import annotations

import json
import re
import struct
from collections.abc import Iterator
from dataclasses import dataclass
from typing import Any

from bulka_teach.cards import Pack

# A Czech Bulka card code standing alone: "Ah", "play 7a", "Xb-Ub-Ob", {"Oa": …} — not inside a word or an id.
CARD = re.compile(r"(?<![A-Za-z0-9])([789XUOKA][hlab])(?![A-Za-z0-9])")


def card_pattern(pack: Pack) -> re.Pattern[str]:
    """A card code of ``pack`` standing alone (as ``CARD`` is for the Mariáš pack)."""
    return re.compile(rf"(?<![A-Za-z0-9])([{''.join(pack.ranks)}][{''.join(pack.suits)}])(?![A-Za-z0-9])")


# Widget state that is source text (the table's JavaScript and CSS), not data about the game.
SOURCE_KEYS = frozenset({"_esm", "_css"})


@dataclass
class Message:
    """One Jupyter message as the browser received it."""

    channel: str
    msg_type: str
    content: Any
    buffers: list[bytes]


def decode(frame: bytes | str) -> Message:
    """The Jupyter message in one websocket frame (binary v1 protocol, or a JSON text frame)."""
    if isinstance(frame, str):
        data = json.loads(frame)
        return Message(data.get("channel", ""), data.get("header", {}).get("msg_type", ""), data.get("content"), [])
    (count,) = struct.unpack_from("<Q", frame, 0)
    offsets = list(struct.unpack_from(f"<{count}Q", frame, 8))
    parts = [frame[start:end] for start, end in zip(offsets, offsets[1:])]
    parts.append(frame[offsets[-1]:])  # the last buffer runs to the end (empty when there is none)
    channel, header, _parent, _metadata, content = (parts + [b""] * 5)[:5]
    buffers = [part for part in parts[5:] if part]
    msg_type = json.loads(header).get("msg_type", "") if header else ""
    return Message(channel.decode(), msg_type, json.loads(content) if content else None, buffers)


def strings(value: Any) -> Iterator[str]:
    """Every string in a JSON value, dictionary keys included, skipping widget source text."""
    if isinstance(value, str):
        yield value
    elif isinstance(value, dict):
        for key, item in value.items():
            yield str(key)
            if key not in SOURCE_KEYS:
                yield from strings(item)
    elif isinstance(value, list | tuple):
        for item in value:
            yield from strings(item)


def cards_in(value: Any, pattern: re.Pattern[str] = CARD) -> set[str]:
    """The card codes (Mariáš unless ``pattern`` says) named anywhere in a JSON value (a view, a widget state, a
    message's content)."""
    return {match for text in strings(value) for match in pattern.findall(text)}


def widget_states(message: Message) -> Iterator[tuple[str | None, Any]]:
    """(model id, state) for each widget state the message carries; (None, content) for any other message.

    Widget states come in ``comm_open`` (a new widget), ``comm_msg`` ``update`` (changed traits) and
    ``comm_msg`` ``update_states`` (every widget at once, when the page connects).
    """
    content = message.content if isinstance(message.content, dict) else {}
    data = content.get("data") if isinstance(content.get("data"), dict) else {}
    if message.msg_type == "comm_msg" and data.get("method") == "update_states":
        for model_id, entry in (data.get("states") or {}).items():
            yield model_id, entry.get("state", entry)
    elif message.msg_type in ("comm_msg", "comm_open") and "state" in data:
        yield content.get("comm_id"), data["state"]
    else:
        yield None, message.content
