"""A few values kept in the learner's own browser (``localStorage``), and the page's address.

A shared table's seat token must outlive a reload of the page, which starts a new kernel: the kernel asks the
browser to keep it, and the page hands it back when it opens again. ``BrowserStore`` is an invisible widget that
does this for any value under a short key (stored as ``bulka_teach:<key>``): ``stored`` is what the browser holds
(sent when the page opens, and after each change), ``keep`` and ``forget`` change it. ``address`` is the page's
address without its query (``http://host/voila/render/lesson.ipynb``), to make links to the same page.

Nothing is kept but what a controller asks for; a browser that refuses storage (a private window with storage
blocked) keeps nothing, and the page works on without it.
"""
from __future__ import annotations

from typing import Any

import anywidget
import traitlets

PREFIX = "bulka_teach:"
KEY_LIMIT = 64  # characters in a key
VALUE_LIMIT = 256  # characters in a value: a token or a name, never a game

_ESM = """
const PREFIX = "bulka_teach:";
function read() {
  const items = {};
  try {
    for (let i = 0; i < localStorage.length; i++) {
      const key = localStorage.key(i);
      if (key && key.startsWith(PREFIX)) items[key.slice(PREFIX.length)] = localStorage.getItem(key);
    }
  } catch (e) { /* storage blocked: nothing is kept */ }
  return items;
}
function report(model) {
  model.set("address", location.origin + location.pathname);
  model.set("stored", read());
  model.save_changes();
}
export default {
  initialize({ model }) {
    model.on("msg:custom", (msg) => {
      try {
        if (msg.type === "keep") localStorage.setItem(PREFIX + msg.key, String(msg.value));
        else if (msg.type === "forget") localStorage.removeItem(PREFIX + msg.key);
      } catch (e) { /* storage blocked or full: nothing is kept */ }
      report(model);
    });
    report(model);
  },
  render({ el }) { el.style.display = "none"; },
};
"""


class BrowserStore(anywidget.AnyWidget):
    """The browser's ``bulka_teach:`` values (``stored``) and the page's ``address``; ``keep``, ``forget``."""

    _esm = _ESM
    stored = traitlets.Dict().tag(sync=True)
    address = traitlets.Unicode("").tag(sync=True)

    def get(self, key: str) -> str | None:
        """The value the browser keeps under ``key``, if it is a short text (anything else is ignored)."""
        value = self.stored.get(key) if isinstance(self.stored, dict) else None
        return value if isinstance(value, str) and 0 < len(value) <= VALUE_LIMIT else None

    def keep(self, key: str, value: str) -> None:
        """Ask the browser to keep ``value`` under ``key``; kept here at once, so a second ask reads it."""
        key, value = key[:KEY_LIMIT], value[:VALUE_LIMIT]
        self.stored = {**self.stored, key: value}
        self.send({"type": "keep", "key": key, "value": value})

    def forget(self, key: str) -> None:
        """Ask the browser to forget ``key``."""
        self.stored = {k: v for k, v in self.stored.items() if k != key}
        self.send({"type": "forget", "key": key[:KEY_LIMIT]})

    def page_link(self, query: str) -> str | None:
        """This page's address with ``query`` (``table=KXQMP``), or None before the browser said where it is."""
        address: Any = self.address
        return f"{address}?{query}" if isinstance(address, str) and address.startswith("http") else None
