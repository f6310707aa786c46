"""The card-table widget: one anywidget that draws a whole state (``layout`` + ``ui``) and reports clicks.

The front end lives in ``widgets/`` (shipped as ``bulka_teach.widgets``); see ``widgets/README.md``
for the traits, the layout schema, the messages and the DOM classes. ``layout`` is built by the game's
presenter from one seat's view only (``bulka_teach.layout``); ``view`` (that view) stays on the Python
side for the controllers and tests and is not sent to the browser.

The table's module is one text: the helpers every pack's art shares (``art_kit.js``), the other packs'
art (``art_italian.js``, ``art_french.js``, one constant each), the dispatcher over the packs' art with
the Mariáš art (``cards.js``, plain functions) and the table (``table.js``, which calls them and holds
the module's only ``export``), joined in ``ESM_FILES`` order. anywidget imports a widget's module once per
widget, so what each ``CardTable`` sends is ``loader.js`` with that module embedded: it evaluates the
module once per page, however many tables the page holds (see the comment in ``loader.js``). The
stylesheet is ``table.css``.
"""
from __future__ import annotations

import hashlib
import json
import pkgutil
from collections.abc import Callable
from typing import Any

import anywidget
import traitlets

Handler = Callable[[dict[str, Any]], None]

ART_FILES = ("art_kit.js", "art_italian.js", "art_french.js")  # the Mariáš art is in cards.js
LOADER_FILE = "loader.js"
CSS_FILE = "table.css"
MODULE_KEY_PREFIX = "__bulka_teach_table_"


ESM_FILES = (*ART_FILES, "cards.js", "table.js")


WIDGETS = "bulka_teach.widgets"  # the front end's package (``widgets/`` in the checkout)


def _source(name: str) -> str:
    """One file of the front end, read by the package's own loader (``pkgutil.get_data``): in the static site the
    package is imported from a zip, and the zip's loader reads the file from the index it already holds, where
    ``importlib.resources``' ``files()`` reads the whole zip's index again (about 1,600 entries, in pure Python)
    and builds a traversable for each lookup."""
    data = pkgutil.get_data(WIDGETS, name)
    if data is None:  # a loader that cannot read data: not one Python or Pyodide imports the package with
        raise FileNotFoundError(f"{WIDGETS}/{name}")
    return data.decode("utf-8")


def table_module() -> str:
    """The table's ES module: the ``ESM_FILES`` joined in order, read from the package data."""
    return "\n".join(f"// ---- {name} ----\n{_source(name)}" for name in ESM_FILES)


def front_end() -> tuple[str, str]:
    """What a ``CardTable`` sends: the loader with the table's module embedded, and the CSS."""
    module = table_module()
    key = MODULE_KEY_PREFIX + hashlib.sha256(module.encode("utf-8")).hexdigest()[:16]
    loader = (_source(LOADER_FILE).replace('"__TABLE_MODULE_KEY__"', json.dumps(key))
              .replace('"__TABLE_MODULE_SOURCE__"', json.dumps(module)))  # last: the module's text is not searched
    return loader, _source(CSS_FILE)


class CardTable(anywidget.AnyWidget):
    """The table. Controllers set ``view``, ``layout`` and ``ui`` and register one message handler.

    ``layout`` and ``ui`` are synced; ``view`` (the seat's view the layout was built from) is not: the
    browser draws the layout alone, and the websocket carries half as much.

    ``layout`` travels as the trait ``felt``: ipywidgets' ``DOMWidget`` owns the name ``layout`` (its CSS
    ``Layout`` widget, which the front end's view resolves as a child model), so a dict synced under that
    name breaks every table in the browser. ``table.layout`` reads and sets ``felt``.
    """

    _esm, _css = front_end()
    view = traitlets.Dict()
    felt = traitlets.Dict().tag(sync=True)
    ui = traitlets.Dict().tag(sync=True)

    @property  # type: ignore[override]  # shadows DOMWidget.layout: this widget has no CSS Layout child
    def layout(self) -> dict[str, Any]:
        """The neutral layout the table draws (``bulka_teach.layout``), synced as ``felt``."""
        return self.felt

    @layout.setter
    def layout(self, value: dict[str, Any]) -> None:
        self.felt = value

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self._handler: Handler | None = None
        self.on_msg(self._received)

    def on_message(self, handler: Handler) -> None:
        """Call ``handler(message)`` for each message from the browser (``{"type": "card"|"action"|"control", …}``)."""
        self._handler = handler

    def send_from_browser(self, message: dict[str, Any]) -> None:
        """Deliver ``message`` as if the browser had sent it (tests and lessons without a browser)."""
        self._received(self, message, [])

    def _received(self, _widget: Any, content: Any, _buffers: Any) -> None:
        if self._handler is not None and isinstance(content, dict):
            self._handler(content)

    def __repr__(self) -> str:  # nbval compares text/plain: no memory address in it
        phase = (self.view.get("deal") or {}).get("phase", "none")
        return f"CardTable(mode={self.ui.get('mode')!r}, phase={phase!r})"
