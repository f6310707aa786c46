"""The neutral layout (``bulka_teach.layout``), Czech Bulka's presenter, and what the table syncs."""
from __future__ import annotations

import ast
from pathlib import Path

import pytest

from bulka_teach import Record
from bulka_teach import layout as lay
from bulka_teach.cards import CardError
from bulka_teach.czech import presenter
from bulka_teach.table import Practice, show_cards
from bulka_teach.table.present import presenter as presenter_of
from bulka_teach.table.widget import CardTable

ROOT = Path(__file__).resolve().parents[1]


def test_the_layout_module_and_the_presenter_import_no_jupyter_and_the_layout_no_game() -> None:
    for path, banned in ((ROOT / "bulka_teach/layout.py", ("ipywidgets", "anywidget", "traitlets", "bulka_teach")),
                         (ROOT / "bulka_teach/czech/presenter.py", ("ipywidgets", "anywidget", "traitlets"))):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        names = [a.name for n in ast.walk(tree) if isinstance(n, ast.Import) for a in n.names]
        names += [n.module or "" for n in ast.walk(tree) if isinstance(n, ast.ImportFrom) and n.level == 0]
        assert not [n for n in names if n.startswith(banned)], f"{path.name} imports {names}"


def test_builders_check_what_they_are_given() -> None:
    assert lay.places(5) == ("bottom", "left", "top-left", "top-right", "right")
    with pytest.raises(ValueError):
        lay.places(6)
    with pytest.raises(ValueError):
        lay.layout("tarot")
    with pytest.raises(ValueError):
        lay.seat(0, "Ann", "under the table")
    with pytest.raises(ValueError):
        lay.pile("hand", 0, count=3, style="fan")
    face_down = lay.pile("hand", 1, count=3)
    assert face_down["cards"] is None and face_down["count"] == 3


def test_the_table_syncs_the_layout_and_ui_and_keeps_the_view_in_python() -> None:
    table = CardTable()
    synced = set(table.keys)
    assert {"felt", "ui"} <= synced and "view" not in synced and "layout" not in synced  # layout travels as felt
    table.layout = {"version": 1}
    assert table.felt == table.layout == {"version": 1}
    practice = Practice(code="CB2-std-4KQ7M2XA")
    assert practice.table.view == practice.game.view(0)
    assert practice.table.layout == presenter.layout(practice.game.view(0), 0)
    assert presenter_of(practice.table.view) is presenter
    assert practice.table.layout["pack"] == "marias"
    assert practice.table.layout["words"]["review_head"] == "Review of your decisions (rozbor hry)"


def test_a_spectator_sees_the_forehand_at_the_bottom_and_only_backs() -> None:
    game = Record(game="czech-bulka", players=("Ann", "Ben", "Cyril"), seed=11).start()
    layout = presenter.layout(game.view(None), None)
    deal = game.view(None)["deal"]
    bottom = next(s for s in layout["seats"] if s["place"] == "bottom")
    assert bottom["seat"] == deal["forehand"]
    assert [s["place"] for s in layout["seats"]] == ["top", "side", "bottom"]
    assert all(p["cards"] is None for p in layout["piles"] if p["id"] == "hand")


def test_pictures_take_cards_of_their_pack_and_refuse_others() -> None:
    assert show_cards(["Ad", "Cs", "2b", "Rc"], pack="italian").table.layout["pack"] == "italian"
    assert show_cards(["Qc", "Xh", "As", "Kd", "7s"], pack="french").codes == ["Qc", "Xh", "As", "Kd", "7s"]
    with pytest.raises(CardError):
        show_cards(["2s"])  # no twos in the Mariáš pack
    with pytest.raises(CardError):
        show_cards(["Ah"], pack="italian")  # the Italian suits are s c d b
    with pytest.raises(ValueError):
        show_cards(["Ah"], pack="tarot")
