// The card table: draws a whole state (the `layout` and `ui` traits) and reports clicks and keys.
//
// The layout is neutral: seats, piles, tricks, facts, pots, badges and the outcome, built in Python by
// the game's presenter (bulka_teach/layout.py). This file knows no game and holds no game word: every
// word it shows comes from the layout (its texts and `layout.words`) or from `ui`.
//
// widget.py runs this file joined after cards.js, whose functions (cardImage, cardLabel, suitIcon,
// suitBadge, suitName, isCardCode, preloadCards; each takes the pack first) it calls. The contract —
// traits, the layout schema, messages and the DOM classes tests rely on — is widgets/README.md.
//
// Every change of `layout` or `ui` redraws the regions of a skeleton built once: the toolbar, the
// felt, the caption, the notice, the prompt and the buttons, and the review panel (`ui.review`).
// The caption, the notice and the review's summary are live regions, so they keep their element
// and change only when their text (or the notice id) does.

// ⏮ ◀ ▶ ⏭ drawn as SVG: fonts without these glyphs would show empty boxes.
const CONTROL_GLYPHS = {
  first: `<path d="M5 5h2.6v14H5zM19 5v14L9 12z"/>`,
  prev: `<path d="M17 5v14L6 12z"/>`,
  next: `<path d="M7 5v14l11-7z"/>`,
  last: `<path d="M16.4 5H19v14h-2.6zM5 5v14l10-7z"/>`,
};
const NOTICE_ICONS = {
  refused: `<circle cx="12" cy="12" r="10" fill="#c62828"/><path d="M6.5 12h11" stroke="#fff" stroke-width="3"
    stroke-linecap="round"/>`,
  wrong: `<circle cx="12" cy="12" r="10" fill="#b35c00"/><path d="M8 8l8 8M16 8l-8 8" stroke="#fff" stroke-width="2.6"
    stroke-linecap="round"/>`,
  ok: `<circle cx="12" cy="12" r="10" fill="#00796b"/><path d="M7 12.5l3.2 3.2L17 9" fill="none" stroke="#fff"
    stroke-width="2.6" stroke-linecap="round" stroke-linejoin="round"/>`,
  info: `<circle cx="12" cy="12" r="10" fill="#0067a3"/><circle cx="12" cy="7.5" r="1.6" fill="#fff"/>
    <path d="M12 11v6.5" stroke="#fff" stroke-width="2.8" stroke-linecap="round"/>`,
  error: `<path d="M12 2.5L22.5 21h-21z" fill="#c62828" stroke="#c62828" stroke-width="1.5" stroke-linejoin="round"/>
    <path d="M12 9v5.5" stroke="#fff" stroke-width="2.6" stroke-linecap="round"/><circle cx="12" cy="17.6" r="1.5"
    fill="#fff"/>`,
};
// The review's marks: a cross for a decision that cost something, a tick for one as good as the best.
const REVIEW_MARKS = {
  mistake: `<circle cx="12" cy="12" r="10" fill="#b3261e"/><path d="M8 8l8 8M16 8l-8 8" stroke="#fff"
    stroke-width="2.8" stroke-linecap="round"/>`,
  good: `<circle cx="12" cy="12" r="10" fill="#00796b"/><path d="M7 12.5l3.2 3.2L17 9" fill="none" stroke="#fff"
    stroke-width="2.8" stroke-linecap="round" stroke-linejoin="round"/>`,
};
const CHIP_ART = `<svg class="bt-chip-art" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
  <ellipse cx="12" cy="16" rx="9" ry="4" fill="#b8860b"/><ellipse cx="12" cy="13" rx="9" ry="4" fill="#d4a017"/>
  <ellipse cx="12" cy="10" rx="9" ry="4" fill="#b8860b"/><ellipse cx="12" cy="7.5" rx="9" ry="4" fill="#f0c040"
  stroke="#8a6a12" stroke-width=".8"/><ellipse cx="12" cy="7.5" rx="4.5" ry="2" fill="none" stroke="#8a6a12"
  stroke-width=".8"/></svg>`;

let tableCount = 0;

/** Text made safe to paste into HTML. */
function esc(value) {
  return String(value ?? "").replace(/[&<>"']/g, (ch) => `&#${ch.charCodeAt(0)};`);
}

/** A text of ``layout.words`` with its ``{name}`` marks filled in. */
function fill(template, values = {}) {
  return String(template ?? "").replace(/\{(\w+)\}/g, (mark, key) => (key in values ? String(values[key]) : mark));
}

/** An id of the layout (a pile's, a fact's kind, a pot's) as a class name: ``bt-<id>``, or nothing if it is not one. */
function classOf(id) {
  return typeof id === "string" && /^[a-z][a-z0-9-]*$/.test(id) ? `bt-${id}` : "";
}

// The felt's zones in the order they are drawn (and read): the seats above, the centre, the learner below.
const ZONES = ["top-left", "top", "top-right", "side", "left", "centre", "right", "bottom"];

class Table {
  constructor(model, el) {
    this.model = model;
    this.id = `bt${++tableCount}-${Math.random().toString(36).slice(2, 8)}`;  // unique even if the module loads twice
    this.renders = 0;
    this.handStop = { cards: "", index: 0 };  // the hand's tab stop the arrow keys chose, for that hand
    this.typed = {};  // amounts typed or stepped, by action verb: kept across redraws
    this.shown = { caption: null, notice: null, summary: null, code: null };
    this.pending = false;
    el.classList.add("bt-host");  // the CSS container: the table's layout follows its own width, not the window's
    el.innerHTML = `<div class="bt-table" data-render="0" tabindex="-1">
      <div class="bt-head">
        <h3 class="bt-title" hidden></h3>
        <div class="bt-toolbar" role="toolbar"></div>
        <span class="bt-step" hidden></span>
        <span class="bt-deal-code" hidden></span>
        <button type="button" class="bt-copy bt-copy-code" hidden></button>
        <button type="button" class="bt-copy bt-copy-link" hidden></button>
        <div class="bt-copied" role="status" aria-live="polite"></div>
      </div>
      <div class="bt-felt"></div>
      <div class="bt-messages">
        <div class="bt-notice" role="status" aria-live="polite" data-kind="none"></div>
        <div class="bt-ask">
          <p class="bt-prompt"></p>
          <div class="bt-actions" role="group"></div>
          <span class="bt-thinking" hidden></span>
        </div>
        <div class="bt-caption" aria-live="polite"></div>
      </div>
      <section class="bt-review" hidden aria-labelledby="${this.id}-review">
        <h4 class="bt-review-head" id="${this.id}-review"></h4>
        <p class="bt-review-summary" role="status" aria-live="polite"></p>
        <div class="bt-review-body"></div>
      </section>
      <span id="${this.id}-legal" hidden></span>
    </div>`;
    this.root = el.querySelector(".bt-table");
    const part = (cls) => this.root.querySelector(cls);
    this.parts = {
      head: part(".bt-head"), title: part(".bt-title"), toolbar: part(".bt-toolbar"), step: part(".bt-step"),
      code: part(".bt-deal-code"), copyCode: part(".bt-copy-code"), copyLink: part(".bt-copy-link"),
      copied: part(".bt-copied"),
      felt: part(".bt-felt"), caption: part(".bt-caption"), notice: part(".bt-notice"), prompt: part(".bt-prompt"),
      actions: part(".bt-actions"), thinking: part(".bt-thinking"), legal: part(`#${this.id}-legal`),
      review: part(".bt-review"), reviewHead: part(".bt-review-head"), summary: part(".bt-review-summary"),
      reviewBody: part(".bt-review-body"),
    };
    this.schedule = () => {
      if (this.pending) return;
      this.pending = true;
      queueMicrotask(() => {
        this.pending = false;
        this.render();
      });
    };
    this.onClick = (event) => this.click(event);
    this.onKey = (event) => this.key(event);
    this.onInput = (event) => this.input(event);
    this.root.addEventListener("click", this.onClick);
    this.root.addEventListener("keydown", this.onKey);
    this.root.addEventListener("input", this.onInput);
    model.on("change:felt", this.schedule);
    model.on("change:layout", this.schedule);  // a host that names the trait "layout" (not ipywidgets: below)
    model.on("change:ui", this.schedule);
    watchKernel(model, () => this.layout().words || {});
    this.render();
  }

  destroy() {
    this.model.off("change:felt", this.schedule);
    this.model.off("change:layout", this.schedule);
    this.model.off("change:ui", this.schedule);
    this.root.removeEventListener("click", this.onClick);
    this.root.removeEventListener("keydown", this.onKey);
    this.root.removeEventListener("input", this.onInput);
  }

  // --- input ----------------------------------------------------------------------------------

  send(message) {
    this.model.send(message);
  }

  click(event) {
    const button = event.target.closest("button");
    if (!button || !this.root.contains(button) || button.disabled) return;
    const ui = this.model.get("ui") || {};
    if (button.classList.contains("bt-copy")) {  // copying asks nothing of Python: busy or not
      this.copy(button.classList.contains("bt-copy-link") ? dealLink(ui.deal_code) : ui.deal_code);
      return;
    }
    if (ui.busy) return;
    if (button.classList.contains("bt-card")) {
      const code = button.dataset.card;
      // on a past table of the review a click is sent too: the Python side says why it does not play
      const pastTable = ui.review && ui.review.selected !== null && ui.review.selected !== undefined;
      if (code && (ui.card_verb || pastTable) && button.closest(".bt-hand.bt-mine")) {
        this.send({ type: "card", card: code });
      }
    } else if (button.classList.contains("bt-review-item")) {
      this.send({ type: "review", item: Number(button.dataset.item) });
    } else if (button.classList.contains("bt-amount-up") || button.classList.contains("bt-amount-down")) {
      this.stepAmount(button.closest(".bt-amount"), button.classList.contains("bt-amount-up") ? 1 : -1);
    } else if (button.classList.contains("bt-action")) {
      const box = button.closest(".bt-amount");
      if (box) this.submitAmount(box);
      else this.send({ type: "action", action: button.dataset.action });
    } else if (button.classList.contains("bt-control")) {
      this.send({ type: "control", name: button.dataset.name });
    }
  }

  // --- copying the deal's code or its link ----------------------------------------------------------

  /** Put ``text`` on the clipboard and say so; where the page may not (no secure context, a refusal), show the
   * text selected in a field with a sentence saying how to copy it. */
  async copy(text) {
    const words = this.layout().words || {};
    try {
      if (!window.isSecureContext || !navigator.clipboard) throw new Error("no clipboard here");
      await navigator.clipboard.writeText(text);
      this.parts.copied.textContent = fill(words.copied, { text });
    } catch {
      const note = this.parts.copied;
      note.innerHTML = `<span>${esc(words.copy_yourself)}</span> <input class="bt-copy-text" readonly `
        + `value="${esc(text)}" aria-label="${esc(words.copy_yourself)}">`;
      const field = note.querySelector("input");
      field.focus({ preventScroll: true });
      field.select();
    }
  }

  // --- amount actions: a stepper (− / +) and a typed number; Enter or the button sends "<verb> <amount>" ---

  amountOf(box) {
    const input = box.querySelector(".bt-amount-input");
    const range = { min: Number(input.min), max: Number(input.max), step: Number(input.step) || 1 };
    const text = input.value.trim();
    return { input, range, value: /^-?\d+$/.test(text) ? Number(text) : null };
  }

  /** Show the amount's state: − and + at the ends, the Python-supplied sentence while it is out of range. */
  showAmount(box) {
    const { range, value } = this.amountOf(box);
    const verb = box.dataset.action;
    const note = box.querySelector(".bt-amount-outside");
    const outside = value === null || value < range.min || value > range.max;
    if (note) note.hidden = !(outside && note.textContent);
    box.querySelector(".bt-amount-down").disabled = value !== null && value <= range.min;
    box.querySelector(".bt-amount-up").disabled = value !== null && value >= range.max;
    box.classList.toggle("bt-outside", outside);
    if (this.typed[verb]) this.typed[verb].text = box.querySelector(".bt-amount-input").value;
  }

  stepAmount(box, direction) {
    const { input, range, value } = this.amountOf(box);
    const start = value === null ? range.min : value;
    const next = Math.max(range.min, Math.min(range.max, start + direction * range.step));
    input.value = String(next);
    this.remember(box);
    this.showAmount(box);
  }

  remember(box) {
    const input = box.querySelector(".bt-amount-input");
    this.typed[box.dataset.action] = { key: box.dataset.key, text: input.value };
  }

  /** Send the amount as typed, in range or not: the Python side refuses one out of range and says why. */
  submitAmount(box) {
    const { input, value } = this.amountOf(box);
    this.remember(box);
    this.showAmount(box);
    if (value === null) {
      input.focus();
      return;
    }
    this.send({ type: "action", action: `${box.dataset.action} ${value}` });
  }

  input(event) {
    const box = event.target.closest && event.target.closest(".bt-amount");
    if (!box) return;
    this.remember(box);
    this.showAmount(box);
  }

  key(event) {
    if (event.altKey || event.ctrlKey || event.metaKey) return;
    const ui = this.model.get("ui") || {};
    const amount = event.target.closest && event.target.closest(".bt-amount-input");
    if (amount) {  // the number input keeps its own keys; Enter sends
      if (event.key === "Enter" && !ui.busy) {
        this.submitAmount(amount.closest(".bt-amount"));
        event.preventDefault();
      }
      return;
    }
    if (ui.review && this.reviewKey(event, ui)) {
      event.preventDefault();
      return;
    }
    const card = event.target.closest(".bt-hand.bt-mine .bt-card");
    const moves = { ArrowLeft: -1, ArrowRight: 1, Home: -Infinity, End: Infinity };
    if (card && (ui.card_verb || ui.mode !== "step") && event.key in moves) {
      const cards = [...card.parentElement.querySelectorAll(".bt-card")];
      const at = cards.indexOf(card) + moves[event.key];
      this.focusHandCard(Math.max(0, Math.min(cards.length - 1, at)));
      event.preventDefault();
      return;
    }
    if (ui.mode === "step" && (event.key === "ArrowLeft" || event.key === "ArrowRight")) {
      const name = event.key === "ArrowLeft" ? "prev" : "next";
      const control = (ui.controls || []).find((c) => c.name === name);
      if (!ui.busy && (!control || control.enabled !== false)) this.send({ type: "control", name });
      event.preventDefault();
    }
  }

  /** In the review: ↑/↓ (Home/End) choose the previous/next decision, Escape goes back to the game. */
  reviewKey(event, ui) {
    if (ui.busy) return false;
    if (event.key === "Escape") {
      this.send({ type: "control", name: "back" });
      return true;
    }
    const item = event.target.closest(".bt-review-item");
    const moves = { ArrowUp: -1, ArrowDown: 1, Home: -Infinity, End: Infinity };
    if (!item || !(event.key in moves)) return false;
    const items = [...this.root.querySelectorAll(".bt-review-item")];
    const at = Math.max(0, Math.min(items.length - 1, items.indexOf(item) + moves[event.key]));
    items[at].focus();  // the redraw keeps the focus on it
    if (Number(items[at].dataset.item) !== ui.review.selected) {
      this.send({ type: "review", item: Number(items[at].dataset.item) });
    }
    return true;
  }

  /** Move the hand's one tab stop to card ``index`` and focus it (the arrow keys; clicks leave the tab stop). It
   * stays there while the hand holds the same cards; a new hand puts it on its first card that may be played. */
  focusHandCard(index) {
    const cards = [...this.root.querySelectorAll(".bt-hand.bt-mine .bt-card")];
    if (!cards.length) return;
    const at = Math.min(index, cards.length - 1);
    this.handStop = { cards: handKey(cards), index: at };
    cards.forEach((card, i) => { card.tabIndex = i === at ? 0 : -1; });
    cards[at].focus();
  }

  /** What has the focus inside the table, said so that it can be found again after a redraw. */
  focusKey() {
    const active = this.root.ownerDocument.activeElement;
    if (!active || !this.root.contains(active)) return null;
    const hand = active.closest(".bt-hand.bt-mine");
    if (hand) {
      const cards = [...hand.querySelectorAll(".bt-card")];
      return { hand: cards.indexOf(active), cards: handKey(cards) };
    }
    if (active.classList.contains("bt-amount-input")) {
      return { selector: `.bt-amount-input[data-action="${CSS.escape(active.dataset.action)}"]` };
    }
    const box = active.closest(".bt-amount");
    if (box && !active.classList.contains("bt-action")) {
      const which = active.classList.contains("bt-amount-up") ? "up" : "down";
      return { selector: `.bt-amount[data-action="${CSS.escape(box.dataset.action)}"] .bt-amount-${which}`,
        fallback: `.bt-amount[data-action="${CSS.escape(box.dataset.action)}"] .bt-amount-input` };
    }
    if (active.classList.contains("bt-action")) {
      return { selector: `.bt-action[data-action="${CSS.escape(active.dataset.action)}"]` };
    }
    // ``fallback``: where the focus goes when the element is gone — the review's list once Review opened it,
    // the Review control once the review closed
    const toReview = `.bt-control[data-name="review"]`;
    if (active.classList.contains("bt-control")) {
      const name = active.dataset.name;
      const fallback = name === "review" ? ".bt-review-item.bt-selected, .bt-review-item"
        : name === "back" ? toReview : null;
      return { selector: `.bt-control[data-name="${CSS.escape(name)}"]`, fallback };
    }
    if (active.classList.contains("bt-review-item")) {
      return { selector: `.bt-review-item[data-item="${CSS.escape(active.dataset.item)}"]`, fallback: toReview };
    }
    return { root: true };
  }

  /** Focus what had the focus before a redraw: the card at the same place in the hand, the same button. */
  restoreFocus(key) {
    if (!key) return;
    const cards = [...this.root.querySelectorAll(".bt-hand.bt-mine .bt-card")];
    const still = { preventScroll: true };  // a redraw must not scroll the lesson
    if ("hand" in key && cards.length) {  // the same card of the same hand; in a new hand, its tab stop
      const same = key.cards === handKey(cards);
      (same ? cards[key.hand] : cards.find((card) => card.tabIndex === 0) || cards[0]).focus(still);
      return;
    }
    const target = key.selector
      && (this.root.querySelector(key.selector) || (key.fallback && this.root.querySelector(key.fallback)));
    const usable = target && !target.disabled ? target
      : key.fallback && this.root.querySelector(key.fallback);
    if (usable && !usable.disabled) usable.focus(still);
    else this.root.focus(still);
  }


  // --- drawing ----------------------------------------------------------------------------------

  /** The layout trait: ``felt`` (ipywidgets keeps ``layout`` for its own CSS Layout model), or a plain
   * ``layout`` object where a host passes it under that name. */
  layout() {
    const felt = this.model.get("felt");
    if (felt && typeof felt === "object" && Object.keys(felt).length) return felt;
    const named = this.model.get("layout");
    return named && typeof named === "object" && "version" in named ? named : felt || {};
  }

  render() {
    const layout = this.layout();
    const ui = this.model.get("ui") || {};
    const words = layout.words || {};
    const mode = ui.mode || "play";
    const focus = this.focusKey();
    const root = this.root;
    const p = this.parts;

    root.dataset.mode = mode;
    root.dataset.phase = layout.phase || "none";
    root.dataset.pack = layout.pack || "marias";
    root.classList.toggle("bt-busy", Boolean(ui.busy));
    root.setAttribute("aria-busy", ui.busy ? "true" : "false");
    root.tabIndex = mode === "step" ? 0 : -1;
    root.setAttribute("aria-label", (mode === "step" ? words.table_step : words.table) || "");
    p.toolbar.setAttribute("aria-label", words.controls || "");
    p.actions.setAttribute("aria-label", words.choices || "");
    p.thinking.textContent = words.thinking || "";
    p.reviewHead.textContent = words.review_head || "";

    setText(p.title, ui.title);
    p.toolbar.innerHTML = (ui.controls || []).map(controlHtml).join("");
    p.toolbar.hidden = !(ui.controls || []).length;
    setText(p.step, ui.step ? `${ui.step.index + 1} / ${ui.step.count}` : "");
    setText(p.code, ui.deal_code ? fill(words.deal_code || "{code}", { code: ui.deal_code }) : "");
    if (ui.deal_code) p.code.title = words.deal_code_title || "";
    setText(p.copyCode, ui.deal_code ? words.copy_code : "");
    setText(p.copyLink, ui.deal_code && ui.deal_link ? words.copy_link : "");
    p.copyCode.title = words.copy_code_title || "";
    p.copyLink.title = words.copy_link_title || "";
    if (this.shown.code !== (ui.deal_code || null)) {  // what was copied belongs to the deal it was copied from
      this.shown.code = ui.deal_code || null;
      p.copied.replaceChildren();
    }
    p.head.hidden = [p.title, p.toolbar, p.step, p.code].every((part) => part.hidden);

    p.legal.textContent = words[`legal_${ui.card_verb}`] || words.legal || "";
    const ctx = new Context(layout, ui, this.id, this.handStop);
    preloadCards(ctx.pack);
    p.felt.innerHTML = mode === "static" || layout.kind === "picture" ? staticHtml(ctx) : tableHtml(ctx);
    p.felt.dataset.seats = String(Math.max(2, ctx.seats.length));
    p.felt.toggleAttribute("data-side", ctx.seats.some((s) => s.place === "side"));

    const caption = stepsHtml(ui.steps, words) || esc(ui.caption || "");
    if (this.shown.caption !== caption) {  // a live region: rewritten only when it says something new
      this.shown.caption = caption;
      p.caption.innerHTML = caption;
    }
    this.showNotice(ui.notice);
    setText(p.prompt, ui.prompt);
    this.keepTyped(ui.buttons || []);
    p.actions.innerHTML = (ui.buttons || []).map((b) => actionHtml(b, words, this.typed)).join("");
    p.actions.querySelectorAll(".bt-amount").forEach((box) => this.showAmount(box));
    p.thinking.hidden = !ui.busy;
    this.showReview(ui.review, ctx);

    this.restoreFocus(focus);
    this.renders += 1;
    root.dataset.render = String(this.renders);
  }

  /** Forget a typed amount once its action is gone or its range changed (a new betting round). */
  keepTyped(buttons) {
    const keys = Object.fromEntries(buttons.filter((b) => b.amount).map((b) => [b.action, amountKey(b.amount)]));
    for (const verb of Object.keys(this.typed)) {
      if (keys[verb] !== this.typed[verb].key) delete this.typed[verb];
    }
  }

  /** The review panel: the summary (a live region, changed only when its text does), the list and the detail. */
  showReview(review, ctx) {
    const p = this.parts;
    p.review.hidden = !review;
    const summary = review ? review.summary || "" : "";
    if (summary !== this.shown.summary) {
      this.shown.summary = summary;
      p.summary.textContent = summary;
    }
    const list = p.reviewBody.querySelector(".bt-review-list");
    const scrolled = list ? list.scrollTop : 0;  // redrawing the list must not scroll it back to the top
    p.reviewBody.innerHTML = review ? reviewBodyHtml(review, ctx) : "";
    const again = p.reviewBody.querySelector(".bt-review-list");
    if (again) again.scrollTop = scrolled;
  }

  /** Show the notice; a new id with the same text clears the region first so that it is announced again. */
  showNotice(notice) {
    const el = this.parts.notice;
    const key = notice ? `${notice.id}\u0000${notice.kind}\u0000${notice.text}` : "";
    if (key === this.shown.notice) return;
    const sameText = notice && el.dataset.text === notice.text;
    this.shown.notice = key;
    el.dataset.kind = notice ? notice.kind || "info" : "none";
    el.dataset.text = notice ? notice.text : "";
    const icon = NOTICE_ICONS[notice && notice.kind] || NOTICE_ICONS.info;
    const html = notice ? `<svg class="bt-notice-icon" viewBox="0 0 24 24" aria-hidden="true" focusable="false">`
      + `${icon}</svg><span class="bt-notice-text">${esc(notice.text)}</span>` : "";
    if (sameText) {
      el.innerHTML = "";
      setTimeout(() => {
        if (this.shown.notice === key) el.innerHTML = html;
      }, 80);
    } else {
      el.innerHTML = html;
    }
  }
}

const STEPS_SHOWN = 3;  // the last steps of ``ui.steps`` in sight; the earlier ones fold away

/** ``ui.steps`` (what happened since the learner's last move) as a list, the last few in sight; "" for none. */
function stepsHtml(steps, words) {
  if (!Array.isArray(steps) || steps.length < 2) return "";
  const item = (text) => `<li>${esc(text)}</li>`;
  const earlier = steps.slice(0, -STEPS_SHOWN), recent = steps.slice(-STEPS_SHOWN);
  const folded = earlier.length
    ? `<details class="bt-steps-earlier"><summary>${esc(fill(words.steps_earlier, { n: earlier.length }))}</summary>`
      + `<ol class="bt-steps">${earlier.map(item).join("")}</ol></details>` : "";
  return folded + `<ol class="bt-steps" start="${earlier.length + 1}">${recent.map(item).join("")}</ol>`;
}

/** The link that deals ``code``: this page's address with ``?deal=CODE`` (the page's other parameters kept). */
function dealLink(code) {
  const url = new URL(window.location.href);
  url.searchParams.set("deal", code);
  url.hash = "";
  return url.href;
}

/** The cards of a drawn hand, as one text: whether a redraw holds the same hand. */
function handKey(cards) {
  return cards.map((card) => card.dataset.card).join(" ");
}

function setText(el, text) {
  el.textContent = text || "";
  el.hidden = !text;
}

function controlHtml(control) {
  const glyph = CONTROL_GLYPHS[control.name];
  const label = esc(control.label || control.name);
  const inner = glyph ? `<svg class="bt-glyph-art" viewBox="0 0 24 24" aria-hidden="true" focusable="false" `
    + `fill="currentColor">${glyph}</svg>` : label;
  return `<button type="button" class="bt-control${glyph ? " bt-glyph" : ""}" data-name="${esc(control.name)}" `
    + `aria-label="${label}" title="${label}"${control.enabled === false ? " disabled" : ""}>${inner}</button>`;
}

function amountKey(amount) {
  return [amount.min, amount.max, amount.step, amount.value].join(":");
}

/** A button of ``ui.buttons``; one with an ``amount`` is a stepper (− / +), a number input and the button. */
function actionHtml(button, words, typed) {
  const hint = button.hint ? ` title="${esc(button.hint)}"` : "";
  const label = esc(button.label || button.action);
  const a = button.amount;
  if (!a) {
    return `<button type="button" class="bt-action" data-action="${esc(button.action)}"${hint}>${label}</button>`;
  }
  const key = amountKey(a);
  const kept = typed[button.action] && typed[button.action].key === key ? typed[button.action].text : null;
  const value = kept ?? String(a.value ?? a.min);
  return `<div class="bt-amount" data-action="${esc(button.action)}" data-key="${esc(key)}" role="group" `
    + `aria-label="${label}">`
    + `<button type="button" class="bt-amount-down" aria-label="${esc(words.amount_less || "")}">−</button>`
    + `<input class="bt-amount-input" type="number" inputmode="numeric" data-action="${esc(button.action)}" `
    + `min="${Number(a.min)}" max="${Number(a.max)}" step="${Number(a.step) || 1}" value="${esc(value)}" `
    + `aria-label="${label}">`
    + `<button type="button" class="bt-amount-up" aria-label="${esc(words.amount_more || "")}">+</button>`
    + `<button type="button" class="bt-action" data-action="${esc(button.action)}"${hint}>${label}</button>`
    + (a.outside ? `<span class="bt-amount-outside" hidden>${esc(a.outside)}</span>` : "")
    + `</div>`;
}

// --- the review panel ----------------------------------------------------------------------------

function reviewMark(item) {
  return `<svg class="bt-review-mark" viewBox="0 0 24 24" aria-hidden="true" focusable="false">`
    + `${item.mistake ? REVIEW_MARKS.mistake : REVIEW_MARKS.good}</svg>`;
}

/** "play A♥", "declare a twenty (dvacet) O♠ K♠" or "Take hearts (červené) as trumps — zadat": the words, then the
 * action's cards as tags. */
function doingHtml(ctx, doing, cards) {
  return `${esc(doing)}${(cards || []).length ? ` ${cards.map((c) => tagHtml(ctx, { card: c })).join("")}` : ""}`;
}

function doingText(ctx, doing, cards) {
  return [doing, ...(cards || []).map((c) => cardLabel(ctx.pack, c))].join(" ");
}

function reviewItemHtml(ctx, item, k, selected) {
  const w = ctx.words;
  const chosen = k === selected;
  const verdict = item.mistake ? "mistake" : "good";
  const best = item.mistake ? fill(w.review_best_was, { best: doingText(ctx, item.best_doing, item.best_cards) }) : "";
  const label = fill(w.review_item, { number: item.number, where: item.where,
    did: doingText(ctx, item.doing, item.cards), best, cost: item.cost });
  return `<li><button type="button" class="bt-review-item bt-${verdict}${chosen ? " bt-selected" : ""}" `
    + `data-item="${k}" aria-pressed="${chosen}" aria-label="${esc(label)}">`
    + `<span class="bt-review-number">${item.number}</span>${reviewMark(item)}`
    + `<span class="bt-review-where">${esc(item.where)}</span>`
    + `<span class="bt-review-did">${doingHtml(ctx, item.doing, item.cards)}</span>`
    + `<span class="bt-review-cost">${esc(item.cost)}</span></button></li>`;
}

function reviewDetailHtml(ctx, item) {
  const w = ctx.words;
  if (!item) return `<div class="bt-review-detail bt-review-empty"><p>${esc(w.review_empty)}</p></div>`;
  const rule = item.rule ? `<p class="bt-review-rule"><b>${esc(fill(w.review_rule, { name: item.rule.name }))}</b> `
    + `${esc(item.rule.lesson)}</p>` : "";
  return `<div class="bt-review-detail bt-${item.mistake ? "mistake" : "good"}">`
    + `<h5>${reviewMark(item)}${esc(fill(w.review_decision, { number: item.number, where: item.where }))}</h5>`
    + `<p class="bt-review-situation">${esc(item.situation)}</p>`
    + `<dl class="bt-review-facts"><dt>${esc(w.review_you)}</dt>`
    + `<dd class="bt-review-you">${doingHtml(ctx, item.doing, item.cards)}</dd>`
    + `<dt>${esc(w.review_best)}</dt><dd class="bt-review-best">${doingHtml(ctx, item.best_doing, item.best_cards)}</dd>`
    + `<dt>${esc(w.review_cost)}</dt><dd class="bt-review-cost">${esc(item.cost)}</dd></dl>`
    + `${rule}<p class="bt-review-sentence">${esc(item.sentence)}</p></div>`;
}

function reviewBodyHtml(review, ctx) {
  const items = review.items || [];
  const selected = review.selected ?? null;
  const list = items.length ? `<ol class="bt-review-list" aria-label="${esc(ctx.words.review_list)}">`
    + `${items.map((item, k) => reviewItemHtml(ctx, item, k, selected)).join("")}</ol>` : "";
  return list + (items.length ? reviewDetailHtml(ctx, items[selected] || null) : "");
}

/** Everything one render needs to know, worked out once. */
class Context {
  constructor(layout, ui, id, handStop) {
    this.layout = layout;
    this.ui = ui;
    this.id = id;
    this.handStop = handStop;
    this.pack = layout.pack || "marias";
    this.words = layout.words || {};
    this.trump = layout.trump && !layout.trump.offered ? layout.trump.suit : null;
    this.highlight = new Set(ui.highlight || []);
    this.clickable = ui.clickable || {};
    this.seats = layout.seats || [];
    this.places = Object.fromEntries(this.seats.map((s) => [s.seat, s.place || "bottom"]));
    this.round = this.seats.some((s) => !["bottom", "top", "side"].includes(s.place));  // more than face to face
    this.piles = layout.piles || [];
    const review = ui.review;
    this.decision = review && review.selected !== null && review.selected !== undefined
      ? (review.items || [])[review.selected] || null : null;  // the past decision the table shows
  }

  pilesAt(at) {
    return this.piles.filter((p) => p.at === at);
  }

  /** On a past table of the review: the learner's card and the best one, marked in words as well as drawn. */
  reviewMarks(code) {
    const d = this.decision;
    if (!d) return { classes: [], words: [] };
    const classes = [];
    const words = [];
    if ((d.cards || []).includes(code)) {
      classes.push("bt-review-taken");
      words.push("you");
    }
    if ((d.best_cards || []).includes(code)) {
      classes.push("bt-review-best");
      words.push("best");
    }
    return { classes, words };
  }

  /** A face-up card: a button in the learner's hand (``button``; ``tabindex`` 0 for the hand's one tab stop), an
   * image anywhere else (a card played, shown or lying in a pile cannot be pressed). A code that is not a card of the
   * pack is drawn too, marked (``bt-unknown-card``), with the code on it. */
  card(code, extra = {}) {
    const known = isCardCode(this.pack, code);
    const classes = ["bt-card"];
    if (!known) classes.push("bt-unknown-card");
    if (extra.legal) classes.push("bt-legal");
    if (this.highlight.has(code) || extra.marked) classes.push("bt-highlight");
    const marks = this.reviewMarks(code);
    classes.push(...marks.classes);
    const w = this.words;
    const name = known ? cardLabel(this.pack, code, this.trump) : fill(w.unknown_card || "{code}", { code });
    const label = name + marks.words.map((m) => `, ${w[`said_${m}`] || ""}`).join("");
    const badge = marks.words.length ? `<span class="bt-review-badge" aria-hidden="true">`
      + `${marks.words.map((m) => esc(w[`mark_${m}`] || "")).join(" · ")}</span>` : "";
    const picture = `${cardImage(this.pack, code)}${badge}`;
    if (!extra.button) {
      return `<span class="${classes.join(" ")}" data-card="${esc(code)}" role="img" aria-label="${esc(label)}">`
        + `${picture}</span>`;
    }
    const described = extra.legal ? ` aria-describedby="${this.id}-legal"` : "";
    const disabled = extra.inert ? ` aria-disabled="true"` : "";
    return `<button type="button" class="${classes.join(" ")}" data-card="${esc(code)}" `
      + `aria-label="${esc(label)}" tabindex="${extra.tabindex ?? -1}"${described}${disabled}>${picture}</button>`;
  }

  /** A face-down card: a picture only, left out of the accessibility tree — its pile's label says what lies there
   * ("Ben's hand: 6 face-down cards"), once rather than once a card. */
  back() {
    return `<span class="bt-card bt-back" aria-hidden="true">${cardImage(this.pack, "back")}</span>`;
  }
}

// --- rich text: words with card and suit tags --------------------------------------------------------

/** A small rank-and-suit tag; ``titled``: with the card's name as its tooltip (not in a meld's list, whose item
 * has its own label). */
function tagHtml(ctx, t, titled = true) {
  if (t.card) {
    const code = t.card;
    const title = titled ? ` title="${esc(cardLabel(ctx.pack, code))}"` : "";
    return `<span class="bt-tag" data-suit="${esc(code[1])}"${title}>`
      + `${esc(rankCorner(ctx.pack, code[0]))}${suitIcon(ctx.pack, code[1])}</span>`;
  }
  if (t.suit) return `<span class="bt-tag">${suitIcon(ctx.pack, t.suit)}</span>`;
  return `<span class="bt-tag bt-unknown">${esc(t.unknown || "")}<span class="bt-q">${esc(t.mark ?? "?")}</span></span>`;
}

function richHtml(ctx, pieces) {
  return (pieces || []).map((piece) => {
    if (typeof piece === "string" || typeof piece === "number") return esc(piece);
    if (!piece || typeof piece !== "object") return "";
    if ("b" in piece) return `<b>${esc(piece.b)}</b>`;
    if ("small" in piece) return `<small>${esc(piece.small)}</small>`;
    return tagHtml(ctx, piece);
  }).join("");
}

// --- the whole table --------------------------------------------------------------------------

function tableHtml(ctx) {
  if (!ctx.seats.length) return "";  // nothing to draw yet
  const byPlace = {};
  for (const seat of ctx.seats) (byPlace[seat.place || "bottom"] ||= []).push(seat);
  return ZONES.map((zone) => {
    if (zone === "centre") {
      return `<div class="bt-zone bt-zone-centre">${talonHtml(ctx)}${playHtml(ctx)}${infoHtml(ctx)}</div>`;
    }
    const seats = byPlace[zone];
    return seats ? `<div class="bt-zone bt-zone-${zone}">${seats.map((s) => seatHtml(ctx, s)).join("")}</div>` : "";
  }).join("");
}

function seatHtml(ctx, s) {
  const classes = ["bt-seat", s.waiting && "bt-out bt-waiting", s.me && "bt-me", s.to_move && "bt-to-move"]
    .filter(Boolean).join(" ");
  const badges = s.badges || [];
  const plate = `<div class="bt-plate">`
    + `<div class="bt-name">${esc(s.name)}${s.you ? ` <span class="bt-you">${esc(s.you)}</span>` : ""}</div>`
    + `<div class="bt-role">${esc((s.roles || []).join(" · "))}</div>`
    + (badges.length ? `<div class="bt-badges">${badges.map((b) => `<span class="bt-badge"`
      + `${b.kind ? ` data-kind="${esc(b.kind)}"` : ""}>${esc(b.text)}</span>`).join("")}</div>` : "")
    + `<div class="bt-streak"${s.streak ? "" : " hidden"}>${esc(s.streak || "")}</div>`
    + (s.chips !== null && s.chips !== undefined ? `<div class="bt-chips">${CHIP_ART}<span>${esc(s.chips)}</span></div>`
      : "")
    + (s.to_move ? `<div class="bt-turn"><span aria-hidden="true">▸</span> ${esc(s.turn)}</div>` : "")
    + `</div>`;
  const open = `<section class="${classes}" data-seat="${s.seat}" data-place="${esc(s.place || "bottom")}">`;
  const piles = ctx.pilesAt(s.seat);
  const facts = s.facts || [];
  if (!piles.length && !facts.length) return `${open}${plate}</section>`;
  return `${open}<div class="bt-seat-side">${plate}`
    + `<div class="bt-facts">${facts.map((f) => factHtml(ctx, f, s.seat)).join("")}</div></div>`
    + `<div class="bt-seat-cards">${piles.map((p) => pileHtml(ctx, p)).join("")}</div></section>`;
}

/** A fact about a seat: a line of rich text, or a list of declarations (melds) as tags. */
function factHtml(ctx, f, seat) {
  const cls = `bt-fact ${classOf(f.kind)}`.trim();
  if (f.items) {
    const items = f.items.map((m) => `<li class="bt-meld${m.scored ? " bt-scored" : ""}" aria-label="${esc(m.aria)}">`
      + `<span class="bt-meld-name">${esc(m.name)}</span> <b>${esc(m.points)}</b> `
      + `<span class="bt-tags" aria-hidden="true">${(m.tags || []).map((t) => tagHtml(ctx, t, false)).join("")}</span>`
      + (m.note ? ` <span class="bt-scores">${esc(m.note)}</span>` : "") + `</li>`).join("");
    return `<ul class="${cls}" data-seat="${seat}" aria-label="${esc(f.label)}">${items}</ul>`;
  }
  return `<div class="${cls}" data-seat="${seat}">${richHtml(ctx, f.text)}</div>`;
}

/** A pile: a hand, a single card, a stack with its count, or a row of cards (face up or backs) with a label. */
function pileHtml(ctx, pile) {
  if (pile.style === "hand") return handHtml(ctx, pile);
  const count = Number(pile.count || 0);
  const cls = [classOf(pile.id), `bt-pile-${pile.style || "row"}`, pile.highlight && classOf(pile.highlight)]
    .filter(Boolean).join(" ");
  const seat = typeof pile.at === "number" ? ` data-seat="${pile.at}"` : "";
  const aria = ` aria-label="${esc(pile.aria)}"`;
  const label = pile.label && pile.label.length ? richHtml(ctx, pile.label) : "";
  if (pile.style === "single") {
    const code = (pile.cards || [])[0];
    return `<div class="${cls}"${seat} role="group"${aria}>${pile.cards ? ctx.card(code) : ctx.back()}`
      + `${label ? `<span class="bt-label">${label}</span>` : ""}</div>`;
  }
  if (pile.style === "stack") {
    const top = pile.cards && pile.cards.length ? ctx.card(pile.cards[pile.cards.length - 1]) : ctx.back();
    return `<div class="${cls}"${seat} role="group"${aria}>`
      + `<div class="bt-stock-pile${count > 1 ? " bt-pile" : ""}">${top}</div>`
      + `<span class="bt-count" aria-hidden="true">${count}</span></div>`;
  }
  const marked = pile.marked || [];
  const faces = pile.cards ? pile.cards.map((c) => ctx.card(c, { marked: marked.includes(c) })).join("")
    : ctx.back().repeat(count);
  return `<div class="${cls}"${seat} role="group"${aria}>`
    + (label && !pile.label_after ? `<div class="bt-label">${label}</div>` : "")
    + `<div class="bt-row">${faces}</div>`
    + (label && pile.label_after ? `<span class="bt-label">${label}</span>` : "") + `</div>`;
}

/** A hand: face-up cards (the learner's form a toolbar with one tab stop), or backs. */
function handHtml(ctx, pile) {
  const seat = pile.at;
  if (!pile.cards) {
    return `<div class="bt-hand bt-hidden-hand" data-seat="${seat}" role="group" aria-label="${esc(pile.aria)}">`
      + `${ctx.back().repeat(Number(pile.count || 0))}</div>`;
  }
  const cards = pile.cards;
  const mine = Boolean(pile.mine);
  const verb = ctx.ui.card_verb;
  // the hand's one tab stop: the card the arrow keys chose in this hand, else the first that may be played
  const chosen = ctx.handStop.cards === cards.join(" ") ? ctx.handStop.index : -1;
  const stop = chosen >= 0 ? Math.min(chosen, cards.length - 1) : Math.max(0, cards.findIndex((c) => c in ctx.clickable));
  const body = cards.map((code, i) => ctx.card(code, {
    button: mine,
    legal: mine && code in ctx.clickable,
    tabindex: mine && i === stop ? 0 : -1,
    inert: mine && !verb,
    marked: (pile.marked || []).includes(code),
  })).join("");
  const label = (mine && verb && (pile.aria_verbs || {})[verb]) || pile.aria;
  const crowded = cards.length > 9 ? " bt-crowded" : "";  // more than a hand of 9 before discarding: overlap
  const classes = `bt-hand${mine ? " bt-mine" : ""}${verb && mine ? " bt-active" : ""}${crowded}`;
  return `<div class="${classes}" data-seat="${seat}" data-count="${cards.length}" style="--count: ${cards.length}" `
    + `role="${mine ? "toolbar" : "group"}" aria-label="${esc(label)}">${body}</div>`;
}

function talonHtml(ctx) {
  const lines = ctx.layout.talon;
  if (lines === null || lines === undefined) return "";
  const piles = ctx.pilesAt("talon");
  const has = piles.map((p) => classOf(p.id) && ` bt-has-${p.id}`).join("");
  return `<div class="bt-talon${has}">`
    + `<div class="bt-talon-cards">${piles.map((p) => pileHtml(ctx, p)).join("")}</div>`
    + `<div class="bt-label">${lines.map((line) => richHtml(ctx, line)).join("<br>")}</div></div>`;
}

function trickCards(ctx, entries) {
  return entries.map(({ seat, card, name }) => {
    const place = ctx.places[seat];
    const where = place && place !== "side" ? place : "bottom";
    return `<figure class="bt-played bt-from-${where}" data-seat="${seat}">${ctx.card(card)}`
      + `<figcaption>${esc(name)}</figcaption></figure>`;
  }).join("");
}

function playHtml(ctx) {
  const t = ctx.layout.trick;
  const lastTrick = ctx.layout.last_trick;
  const over = ctx.layout.outcome ? " bt-over" : "";
  if (!t) return `<div class="bt-play${over}">${outcomeHtml(ctx)}</div>`;
  const last = lastTrick ? `<div class="bt-last-trick" role="group" aria-label="${esc(lastTrick.aria)}">`
    + `<div class="bt-label">${esc(lastTrick.label)}</div><div class="bt-last-cards">`
    + `${trickCards(ctx, lastTrick.cards || [])}</div></div>` : "";
  const cards = t.cards || [];
  return `<div class="bt-play${over}">`
    + `<div class="bt-trick${t.idle ? " bt-idle" : ""}${ctx.round ? " bt-round" : ""}" role="group" `
    + `aria-label="${esc(t.aria)}" data-count="${cards.length}">`
    + `${t.label ? `<span class="bt-label bt-trick-label">${esc(t.label)}</span>` : ""}`
    + `${trickCards(ctx, cards)}</div>${last}${outcomeHtml(ctx)}</div>`;
}

function outcomeHtml(ctx) {
  const o = ctx.layout.outcome;
  if (!o) return "";
  return `<div class="bt-outcome" role="group" aria-label="${esc(o.aria)}" data-kind="${esc(o.kind)}">`
    + `<div class="bt-outcome-head">${esc(o.head)}</div>`
    + (o.paragraphs || []).map((p) => `<p${p.kind ? ` class="bt-outcome-${esc(p.kind)}"` : ""}>`
      + `${richHtml(ctx, p.text)}</p>`).join("")
    + `</div>`;
}

function potHtml(ctx, pot) {
  const cls = ["bt-pot", classOf(pot.id)].filter(Boolean).join(" ");
  const badges = (pot.badges || []).map((b) => ` <span class="bt-badge">${esc(b)}</span>`).join("");
  return `<div class="${cls}" data-pot="${esc(pot.id)}">${CHIP_ART}<span>${esc(pot.label)} `
    + `<b>${esc(pot.amount)}</b></span>${badges}</div>`;
}

function infoHtml(ctx) {
  const t = ctx.layout.trump;
  const trump = t ? `<div class="${t.offered ? "bt-offer" : "bt-trump"}" data-suit="${esc(t.suit)}">`
    + `${suitBadge(ctx.pack, t.suit)}<span>${(t.lines || []).map((line) => richHtml(ctx, line)).join("<br>")}</span>`
    + `</div>` : "";
  const pots = (ctx.layout.pots || []).map((pot) => potHtml(ctx, pot)).join("");
  const piles = ctx.pilesAt("centre").map((p) => pileHtml(ctx, p)).join("");
  return `<div class="bt-info">${trump}${pots}${piles}</div>`;
}

// --- a picture of cards (mode "static") ------------------------------------------------------------

function staticHtml(ctx) {
  const rows = ctx.piles.map((p) => `<div class="bt-static-row">${pileHtml(ctx, p)}</div>`).join("");
  return `<div class="bt-static">${rows}</div>`;
}

// --- a page whose lesson stopped -----------------------------------------------------------------
//
// A table's clicks reach Python through the kernel's connection. When the connection is lost (the server stopped, the
// network went) or the kernel died or restarted (its tables are gone with it), clicks would do nothing without a word:
// a banner over the page says what happened and how to go on, in the words of the table's layout
// (``stopped_<cause>``, ``reload``). ``showStopped(cause, words)`` is the one way to say it; ``watchKernel`` calls it
// for the causes "connection" and "kernel", and for "memory" when the kernel says, just before it ends, that it ran
// out of the memory the server gives each page (a custom message ``{stopped: "memory"}``).

const STOP_GRACE_MS = 2500;  // a connection back sooner than this (a network blip) says nothing
const DEAD = new Set(["dead", "restarting", "autorestarting"]);
const GONE = new Set(["kernel", "memory"]);  // causes after which the page's kernel is gone for good
const watched = new WeakMap();  // kernel → the words of its latest table
const heard = new WeakSet();  // the models whose kernel's last word ("memory") is listened to

/** Watch the kernel behind ``model`` (its widget manager's, where the host has one) for the page's sake. */
function watchKernel(model, words) {
  if (!heard.has(model)) {
    heard.add(model);
    model.on("msg:custom", (message) => {
      if (message && message.stopped === "memory") showStopped("memory", words());
    });
  }
  const manager = model.widget_manager;
  const kernel = manager && manager.kernel;
  if (!kernel || !kernel.connectionStatusChanged || !kernel.statusChanged) return;  // a host without a kernel
  const first = !watched.has(kernel);
  watched.set(kernel, words);
  if (!first) return;
  let timer = null;
  kernel.statusChanged.connect((_kernel, status) => {
    if (DEAD.has(status)) showStopped("kernel", watched.get(kernel)());
  });
  kernel.connectionStatusChanged.connect((_kernel, status) => {
    clearTimeout(timer);
    if (status === "connected") hideStopped("connection");
    else timer = setTimeout(() => showStopped("connection", watched.get(kernel)()), STOP_GRACE_MS);
  });
}

/** The banner over the page: the sentence for ``cause`` and a button that reloads the page. One a page. */
function showStopped(cause, words) {
  const doc = globalThis.document;
  let banner = doc.querySelector(".bt-stopped");
  if (banner && GONE.has(banner.dataset.cause)) return;  // a kernel gone stays gone, with the first word on why
  if (!banner) {
    banner = doc.createElement("div");
    banner.className = "bt-stopped";
    banner.setAttribute("role", "alert");
    doc.body.append(banner);
  }
  banner.dataset.cause = cause;
  banner.innerHTML = `<p class="bt-stopped-text">${esc(words[`stopped_${cause}`] || words.stopped_connection)}</p>`
    + `<button type="button" class="bt-stopped-reload">${esc(words.reload)}</button>`;
  banner.querySelector("button").addEventListener("click", () => globalThis.location.reload());
}

function hideStopped(cause) {
  const banner = globalThis.document.querySelector(`.bt-stopped[data-cause="${cause}"]`);
  if (banner) banner.remove();
}

function render({ model, el }) {
  const table = new Table(model, el);
  return () => table.destroy();
}

export default { render };
