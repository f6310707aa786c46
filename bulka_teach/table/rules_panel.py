"""The house-rules panel: one control per house rule, in a collapsed accordion, and a deal button."""
from __future__ import annotations

import html
from collections.abc import Callable
from typing import Any

import ipywidgets as widgets

from ..house_rules import HouseRules
from .form_fields import WHOLE_LABEL


class RulesPanel:
    """Controls for every option of the game's ``rules.describe()``, each with the words the rules class gives it;
    "Deal with these rules" calls ``on_deal(values)``."""

    def __init__(self, rules: HouseRules, on_deal: Callable[[dict[str, Any]], None]) -> None:
        self.on_deal = on_deal
        self.controls: dict[str, widgets.ValueWidget] = {}
        helps = []
        for option in rules.describe():
            name, label = option["name"], option["label"]
            if isinstance(option["default"], bool):
                control = widgets.Checkbox(value=option["value"], description=label, indent=False)
            elif option["choices"]:
                control = widgets.Dropdown(options=[(option["choice_labels"].get(c, c), c) for c in option["choices"]],
                                           value=option["value"], description=label, style=WHOLE_LABEL,
                                           layout=widgets.Layout(width="max-content"))
            else:
                control = widgets.BoundedIntText(value=option["value"], min=option["low"], max=option["high"],
                                                 description=label,
                                                 style=WHOLE_LABEL)
            self.controls[name] = control
            helps.append(f"<li><b>{html.escape(label)}</b> (<code>{name}</code>): {html.escape(option['help'])}</li>")
        self.button = widgets.Button(description="Deal with these rules", button_style="primary")
        self.button.add_class("bt-rules-deal")
        self.button.on_click(lambda _button: self.on_deal(self.values()))
        body = widgets.VBox([*self.controls.values(), widgets.HTML("<ul>" + "".join(helps) + "</ul>"), self.button])
        self.widget = widgets.Accordion(children=[body], titles=(rules.panel_title,), selected_index=None)
        self.widget.add_class("bt-rules")

    def values(self) -> dict[str, Any]:
        """The options as the controls set them."""
        return {name: control.value for name, control in self.controls.items()}

    def show(self, rules: HouseRules) -> None:
        """Set the controls to ``rules`` (e.g. the rules of a deal code)."""
        for option in rules.describe():
            self.controls[option["name"]].value = option["value"]
