"""The house-rules panel: one control per house rule, in a collapsed accordion, and a deal button."""
from __future__ import annotations

import html
from collections.abc import Callable
from typing import Any

import ipywidgets as widgets

from ..czech.rules import CzechRules

TITLE = "House rules (domácí pravidla)"
LABELS = {
    "stake": "Stake (vsaz)",
    "meld_scope": "Melds scored (hlášky)",
    "must_beat": "Must beat the card led",
    "bela_mode": "Bela's 40 goes to",
    "renonc_mode": "Renonc: accept rule errors, then punish",
    "max_deals": "Deals before the dealer is forced",
    "exchange_chain": "Šíbr takes the next visible trumps",
}
WHOLE_LABEL = {"description_width": "initial"}  # a label as wide as its words, not cut off
CHOICE_LABELS = {"all_of_winner": "all of the winner's", "best_only": "only the best one",
                 "holder": "who held O and K", "capture": "who wins O and K in tricks",
                 "trumps": "yes, each next trump", "none": "no, only the one"}


class RulesPanel:
    """Controls for every option of ``CzechRules.describe()``; "Deal with these rules" calls ``on_deal(values)``."""

    def __init__(self, rules: CzechRules, on_deal: Callable[[dict[str, Any]], None]) -> None:
        self.on_deal = on_deal
        bounds = {f.name: (f.metadata["low"], f.metadata["high"]) for f in CzechRules.options()}
        self.controls: dict[str, widgets.ValueWidget] = {}
        helps = []
        for option in rules.describe():
            name, label = option["name"], LABELS.get(option["name"], option["name"])
            if isinstance(option["default"], bool):
                control = widgets.Checkbox(value=option["value"], description=label, indent=False)
            elif option["choices"]:
                control = widgets.Dropdown(options=[(CHOICE_LABELS.get(c, c), c) for c in option["choices"]],
                                           value=option["value"], description=label, style=WHOLE_LABEL,
                                           layout=widgets.Layout(width="max-content"))
            else:
                low, high = bounds[name]
                control = widgets.BoundedIntText(value=option["value"], min=low, max=high, description=label,
                                                 style=WHOLE_LABEL)
            self.controls[name] = control
            helps.append(f"<li><b>{html.escape(label)}</b> (<code>{name}</code>): {html.escape(option['help'])}</li>")
        self.button = widgets.Button(description="Deal with these rules", button_style="primary")
        self.button.add_class("bt-rules-deal")
        self.button.on_click(lambda _button: self.on_deal(self.values()))
        body = widgets.VBox([*self.controls.values(), widgets.HTML("<ul>" + "".join(helps) + "</ul>"), self.button])
        self.widget = widgets.Accordion(children=[body], titles=(TITLE,), selected_index=None)
        self.widget.add_class("bt-rules")

    def values(self) -> dict[str, Any]:
        """The options as the controls set them."""
        return {name: control.value for name, control in self.controls.items()}

    def show(self, rules: CzechRules) -> None:
        """Set the controls to ``rules`` (e.g. the rules of a deal code)."""
        for option in rules.describe():
            self.controls[option["name"]].value = option["value"]
