// The card table: draws a whole state (the `view` and `ui` traits) and reports clicks and keys.
//
// widget.py runs this file joined after cards.js, whose functions (cardImage, cardLabel, suitIcon,
// suitBadge, suitName, isCardCode, preloadCards) it calls. The contract — traits, messages and the
// DOM classes tests rely on — is widgets/README.md.
//
// Every change of `view` or `ui` redraws the regions of a skeleton built once: the toolbar, the
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
const ROLE_WORDS = {
  dealer: "dealer (rozdává)",
  forehand: "forehand (forhont)",
  declarer: "declarer (zadal)",
  out: "sits out (pauzíruje)",
};
const OUTCOME_WORDS = {
  "declarer-won": "The declarer won the game (zadaná hra).",
  "declarer-lost": "The declarer lost the game: he falls (spadne).",
  tie: "A tie: the declarer's opponent wins, and nobody pays.",
  "hundred-fold": "The declarer folded against a hundred (sto): he loses but pays nothing.",
  "forced-fold": "The forced dealer (nucený) folded: he loses and pays.",
  renonc: "Renonc: a rule error ends the game; the offender loses and pays.",
  redeal: "Nobody chose trumps: the cards are dealt again.",
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

/** "+20", "−10", "0": chips and points with a real minus sign. */
function signed(n) {
  return n > 0 ? `+${n}` : n < 0 ? `−${-n}` : "0";
}

function playerName(view, seat) {
  const players = view.players || [];
  return players[seat] ?? `Seat ${seat + 1}`;
}

/** Which seat is drawn where: the learner (or the forehand) at the bottom, the opponent at the top, the third aside. */
function arrange(view, ui) {
  const deal = view.deal;
  const n = (view.players || []).length;
  const all = Array.from({ length: n }, (_, s) => s);
  const playing = deal && deal.hand_counts ? Object.keys(deal.hand_counts).map(Number).sort()
    : all.filter((s) => s !== view.sitting_out);
  const bottom = playing.includes(ui.me) ? ui.me : deal && playing.includes(deal.forehand) ? deal.forehand
    : playing[0] ?? 0;
  const top = playing.find((s) => s !== bottom) ?? null;
  const side = all.find((s) => s !== bottom && s !== top) ?? null;
  return { bottom, top, side };
}

/** The seat that led trick ``k`` of ``tricks``: the forehand first, then each trick's winner. */
function leaderOf(deal, k) {
  return k === 0 ? deal.forehand : deal.tricks[k - 1].winner;
}

class Table {
  constructor(model, el) {
    this.model = model;
    this.id = `bt${++tableCount}-${Math.random().toString(36).slice(2, 8)}`;  // unique even if the module loads twice
    this.renders = 0;
    this.handIndex = 0;
    this.shown = { caption: null, notice: null, summary: null };
    this.pending = false;
    el.classList.add("bt-host");  // the CSS container: the table's layout follows its own width, not the window's
    el.innerHTML = `<div class="bt-table" data-render="0" tabindex="-1">
      <div class="bt-head">
        <h3 class="bt-title" hidden></h3>
        <div class="bt-toolbar" role="toolbar" aria-label="Table controls"></div>
        <span class="bt-step" hidden></span>
        <span class="bt-deal-code" hidden></span>
      </div>
      <div class="bt-felt"></div>
      <div class="bt-messages">
        <p class="bt-caption" aria-live="polite"></p>
        <div class="bt-notice" role="status" aria-live="polite" data-kind="none"></div>
        <div class="bt-ask">
          <p class="bt-prompt"></p>
          <div class="bt-actions" role="group" aria-label="Your choices"></div>
          <span class="bt-thinking" hidden>thinking…</span>
        </div>
      </div>
      <section class="bt-review" hidden aria-labelledby="${this.id}-review">
        <h4 class="bt-review-head" id="${this.id}-review">Review of your decisions (rozbor hry)</h4>
        <p class="bt-review-summary" role="status" aria-live="polite"></p>
        <div class="bt-review-body"></div>
      </section>
      <span class="bt-sr-only" id="${this.id}-legal"></span>
    </div>`;
    this.root = el.querySelector(".bt-table");
    const part = (cls) => this.root.querySelector(cls);
    this.parts = {
      head: part(".bt-head"), title: part(".bt-title"), toolbar: part(".bt-toolbar"), step: part(".bt-step"),
      code: part(".bt-deal-code"),
      felt: part(".bt-felt"), caption: part(".bt-caption"), notice: part(".bt-notice"), prompt: part(".bt-prompt"),
      actions: part(".bt-actions"), thinking: part(".bt-thinking"), legal: part(`#${this.id}-legal`),
      review: part(".bt-review"), summary: part(".bt-review-summary"), reviewBody: part(".bt-review-body"),
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
    this.root.addEventListener("click", this.onClick);
    this.root.addEventListener("keydown", this.onKey);
    model.on("change:view", this.schedule);
    model.on("change:ui", this.schedule);
    this.render();
  }

  destroy() {
    this.model.off("change:view", this.schedule);
    this.model.off("change:ui", this.schedule);
    this.root.removeEventListener("click", this.onClick);
    this.root.removeEventListener("keydown", this.onKey);
  }

  // --- input ----------------------------------------------------------------------------------

  send(message) {
    this.model.send(message);
  }

  click(event) {
    const button = event.target.closest("button");
    if (!button || !this.root.contains(button) || button.disabled) return;
    const ui = this.model.get("ui") || {};
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
    } else if (button.classList.contains("bt-action")) {
      this.send({ type: "action", action: button.dataset.action });
    } else if (button.classList.contains("bt-control")) {
      this.send({ type: "control", name: button.dataset.name });
    }
  }

  key(event) {
    if (event.altKey || event.ctrlKey || event.metaKey) return;
    const ui = this.model.get("ui") || {};
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

  /** Move the hand's one tab stop to card ``index`` and focus it (the arrow keys; clicks leave the tab stop). */
  focusHandCard(index) {
    const cards = [...this.root.querySelectorAll(".bt-hand.bt-mine .bt-card")];
    if (!cards.length) return;
    this.handIndex = Math.min(index, cards.length - 1);
    cards.forEach((card, i) => { card.tabIndex = i === this.handIndex ? 0 : -1; });
    cards[this.handIndex].focus();
  }

  /** What has the focus inside the table, said so that it can be found again after a redraw. */
  focusKey() {
    const active = this.root.ownerDocument.activeElement;
    if (!active || !this.root.contains(active)) return null;
    const hand = active.closest(".bt-hand.bt-mine");
    if (hand) return { hand: [...hand.querySelectorAll(".bt-card")].indexOf(active) };
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
    const cards = this.root.querySelectorAll(".bt-hand.bt-mine .bt-card");
    const still = { preventScroll: true };  // a redraw must not scroll the lesson
    if ("hand" in key && cards.length) {
      cards[Math.min(key.hand, cards.length - 1)].focus(still);
      return;
    }
    const target = key.selector
      && (this.root.querySelector(key.selector) || (key.fallback && this.root.querySelector(key.fallback)));
    if (target && !target.disabled) target.focus(still);
    else this.root.focus(still);
  }

  // --- drawing ----------------------------------------------------------------------------------

  render() {
    const view = this.model.get("view") || {};
    const ui = this.model.get("ui") || {};
    const deal = view.deal || null;
    const mode = ui.mode || "play";
    const focus = this.focusKey();
    const root = this.root;
    const p = this.parts;

    root.dataset.mode = mode;
    root.dataset.phase = (deal && deal.phase) || "none";
    root.classList.toggle("bt-busy", Boolean(ui.busy));
    root.setAttribute("aria-busy", ui.busy ? "true" : "false");
    root.tabIndex = mode === "step" ? 0 : -1;
    root.setAttribute("aria-label", mode === "step" ? "Card table: ← and → step through the deal" : "Card table");

    setText(p.title, ui.title);
    p.toolbar.innerHTML = (ui.controls || []).map(controlHtml).join("");
    p.toolbar.hidden = !(ui.controls || []).length;
    setText(p.step, ui.step ? `${ui.step.index + 1} / ${ui.step.count}` : "");
    setText(p.code, ui.deal_code ? `deal ${ui.deal_code}` : "");
    if (ui.deal_code) p.code.title = "The deal code: share it to play this deal again";
    p.head.hidden = [p.title, p.toolbar, p.step, p.code].every((part) => part.hidden);

    p.legal.textContent = ui.card_verb === "discard" ? "you may discard this card" : "you may play this card";
    const ctx = new Context(view, ui, this.id, this.handIndex);
    p.felt.innerHTML = mode === "static" ? staticHtml(ctx) : tableHtml(ctx);
    p.felt.dataset.seats = String(ctx.seats.side === null ? 2 : 3);

    if (this.shown.caption !== (ui.caption || "")) {
      this.shown.caption = ui.caption || "";
      p.caption.textContent = this.shown.caption;
    }
    this.showNotice(ui.notice);
    setText(p.prompt, ui.prompt);
    p.actions.innerHTML = (ui.buttons || []).map(actionHtml).join("");
    p.thinking.hidden = !ui.busy;
    this.showReview(ui.review);

    this.restoreFocus(focus);
    this.renders += 1;
    root.dataset.render = String(this.renders);
  }

  /** The review panel: the summary (a live region, changed only when its text does), the list and the detail. */
  showReview(review) {
    const p = this.parts;
    p.review.hidden = !review;
    const summary = review ? review.summary || "" : "";
    if (summary !== this.shown.summary) {
      this.shown.summary = summary;
      p.summary.textContent = summary;
    }
    const list = p.reviewBody.querySelector(".bt-review-list");
    const scrolled = list ? list.scrollTop : 0;  // redrawing the list must not scroll it back to the top
    p.reviewBody.innerHTML = review ? reviewBodyHtml(review) : "";
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

// --- the review panel ----------------------------------------------------------------------------

function reviewMark(item) {
  return `<svg class="bt-review-mark" viewBox="0 0 24 24" aria-hidden="true" focusable="false">`
    + `${item.mistake ? REVIEW_MARKS.mistake : REVIEW_MARKS.good}</svg>`;
}

/** "play A♥", "declare a twenty (dvacet) O♠ K♠" or "Take hearts (červené) as trumps — zadat": the words, then the
 * action's cards as tags. */
function doingHtml(doing, cards) {
  return `${esc(doing)}${(cards || []).length ? ` ${cards.map(tag).join("")}` : ""}`;
}

function doingText(doing, cards) {
  return [doing, ...(cards || []).map((c) => cardLabel(c))].join(" ");
}

function reviewItemHtml(item, k, selected) {
  const chosen = k === selected;
  const verdict = item.mistake ? "mistake" : "good";
  const label = `Decision ${item.number}, ${item.where}: you chose ${doingText(item.doing, item.cards)}; `
    + `${item.mistake ? `best was ${doingText(item.best_doing, item.best_cards)}; ` : ""}${item.cost}.`;
  return `<li><button type="button" class="bt-review-item bt-${verdict}${chosen ? " bt-selected" : ""}" `
    + `data-item="${k}" aria-pressed="${chosen}" aria-label="${esc(label)}">`
    + `<span class="bt-review-number">${item.number}</span>${reviewMark(item)}`
    + `<span class="bt-review-where">${esc(item.where)}</span>`
    + `<span class="bt-review-did">${doingHtml(item.doing, item.cards)}</span>`
    + `<span class="bt-review-cost">${esc(item.cost)}</span></button></li>`;
}

function reviewDetailHtml(item) {
  if (!item) {
    return `<div class="bt-review-detail bt-review-empty"><p>Choose a decision (click, or ↑/↓) to see the table `
      + `as you saw it then, with your card and the best one marked. Esc or Back to the game returns.</p></div>`;
  }
  const rule = item.rule ? `<p class="bt-review-rule"><b>Teaching rule broken: ${esc(item.rule.name)}.</b> `
    + `${esc(item.rule.lesson)}</p>` : "";
  return `<div class="bt-review-detail bt-${item.mistake ? "mistake" : "good"}">`
    + `<h5>${reviewMark(item)}Decision ${item.number} · ${esc(item.where)}</h5>`
    + `<p class="bt-review-situation">${esc(item.situation)}</p>`
    + `<dl class="bt-review-facts"><dt>You</dt><dd class="bt-review-you">${doingHtml(item.doing, item.cards)}</dd>`
    + `<dt>Best</dt><dd class="bt-review-best">${doingHtml(item.best_doing, item.best_cards)}</dd>`
    + `<dt>Cost</dt><dd class="bt-review-cost">${esc(item.cost)}</dd></dl>`
    + `${rule}<p class="bt-review-sentence">${esc(item.sentence)}</p></div>`;
}

function reviewBodyHtml(review) {
  const items = review.items || [];
  const selected = review.selected ?? null;
  const list = items.length ? `<ol class="bt-review-list" aria-label="your decisions, in order">`
    + `${items.map((item, k) => reviewItemHtml(item, k, selected)).join("")}</ol>` : "";
  return list + (items.length ? reviewDetailHtml(items[selected] || null) : "");
}

function actionHtml(button) {
  const hint = button.hint ? ` title="${esc(button.hint)}"` : "";
  return `<button type="button" class="bt-action" data-action="${esc(button.action)}"${hint}>`
    + `${esc(button.label || button.action)}</button>`;
}

/** Everything one render needs to know, worked out once. */
class Context {
  constructor(view, ui, id, handIndex) {
    this.view = view;
    this.ui = ui;
    this.id = id;
    this.handIndex = handIndex;
    this.deal = view.deal || null;
    this.trump = (this.deal && this.deal.trump) || null;
    this.me = typeof ui.me === "number" ? ui.me : null;
    this.highlight = new Set(ui.highlight || []);
    this.clickable = ui.clickable || {};
    this.seats = arrange(view, ui);
    const review = ui.review;
    this.decision = review && review.selected !== null && review.selected !== undefined
      ? (review.items || [])[review.selected] || null : null;  // the past decision the table shows
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

  /** A face-up card; ``tabindex`` -1 keeps cards that are only shown out of the tab order. */
  card(code, extra = {}) {
    if (!isCardCode(code)) return "";
    const classes = ["bt-card"];
    if (extra.legal) classes.push("bt-legal");
    if (this.highlight.has(code)) classes.push("bt-highlight");
    const marks = this.reviewMarks(code);
    classes.push(...marks.classes);
    const said = { you: "the card you chose", best: "the best card" };
    const label = cardLabel(code, this.trump) + marks.words.map((w) => `, ${said[w]}`).join("");
    const badge = marks.words.length ? `<span class="bt-review-badge" aria-hidden="true">`
      + `${marks.words.join(" · ")}</span>` : "";
    const described = extra.legal ? ` aria-describedby="${this.id}-legal"` : "";
    const disabled = extra.inert ? ` aria-disabled="true"` : "";
    return `<button type="button" class="${classes.join(" ")}" data-card="${code}" `
      + `aria-label="${esc(label)}" tabindex="${extra.tabindex ?? -1}"${described}${disabled}>`
      + `${cardImage(code)}${badge}</button>`;
  }

  back() {
    return `<button type="button" class="bt-card bt-back" aria-label="face-down card" tabindex="-1">`
      + `${cardImage("back")}</button>`;
  }

  /** The cards of ``seat`` that this view shows face up, or null when they lie face down. */
  faceUp(seat) {
    const open = this.deal && this.deal.open_hands;
    if (open && open[String(seat)]) return open[String(seat)];
    const viewer = "seat" in this.view ? this.view.seat : this.me;
    return this.deal && seat === viewer ? this.deal.hand || [] : null;
  }

  /** A hand: face-up cards (the learner's form a toolbar with one tab stop), or backs. */
  hand(seat) {
    const cards = this.faceUp(seat);
    const mine = seat === this.me && cards !== null;
    const name = esc(playerName(this.view, seat));
    if (cards === null) {
      const count = Number((this.deal && this.deal.hand_counts || {})[String(seat)] || 0);
      return `<div class="bt-hand bt-hidden-hand" data-seat="${seat}" role="group" `
        + `aria-label="${name}'s hand: ${count} face-down cards">${this.back().repeat(count)}</div>`;
    }
    const verb = this.ui.card_verb;
    const stop = Math.min(this.handIndex, cards.length - 1);
    const body = cards.map((code, i) => this.card(code, {
      legal: mine && code in this.clickable,
      tabindex: mine && i === stop ? 0 : -1,
      inert: mine && !verb,
    })).join("");
    const label = mine ? `Your hand, ${cards.length} cards${verb ? `: choose a card to ${verb}` : ""}`
      : `${name}'s hand, face up`;
    const crowded = cards.length > 9 ? " bt-crowded" : "";  // more than a hand of 9 before discarding: overlap
    const classes = `bt-hand${mine ? " bt-mine" : ""}${verb && mine ? " bt-active" : ""}${crowded}`;
    return `<div class="${classes}" data-seat="${seat}" `
      + `role="${mine ? "toolbar" : "group"}" aria-label="${esc(label)}">${body}</div>`;
  }
}

// --- the whole table --------------------------------------------------------------------------

function tableHtml(ctx) {
  if (!(ctx.view.players || []).length) return "";  // nothing to draw yet
  const { top, bottom, side } = ctx.seats;
  return (top !== null ? `<div class="bt-zone bt-zone-top">${seatHtml(ctx, top)}</div>` : "")
    + (side !== null ? `<div class="bt-zone bt-zone-side">${seatHtml(ctx, side)}</div>` : "")
    + `<div class="bt-zone bt-zone-centre">${talonHtml(ctx)}${playHtml(ctx)}${infoHtml(ctx)}</div>`
    + `<div class="bt-zone bt-zone-bottom">${seatHtml(ctx, bottom)}</div>`;
}

function rolesOf(ctx, seat) {
  const { view, deal } = ctx;
  if (view.sitting_out === seat) return [ROLE_WORDS.out];
  if (!deal) return [];
  const roles = [];
  if (deal.dealer === seat) roles.push(deal.forced ? `${ROLE_WORDS.dealer}, forced (nucený)` : ROLE_WORDS.dealer);
  if (deal.forehand === seat) roles.push(ROLE_WORDS.forehand);
  if (deal.declarer === seat) roles.push(ROLE_WORDS.declarer);
  return roles;
}

function seatHtml(ctx, seat) {
  const { view, deal } = ctx;
  const out = view.sitting_out === seat;
  const toMove = !out && view.to_move === seat && !(deal && deal.outcome);
  const you = seat === ctx.me;
  const chips = (view.chips || [])[seat];
  const streak = (view.streak_words || [])[seat];
  const classes = ["bt-seat", out && "bt-out", you && "bt-me", toMove && "bt-to-move"].filter(Boolean).join(" ");
  const plate = `<div class="bt-plate">`
    + `<div class="bt-name">${esc(playerName(view, seat))}${you && !/^you$/i.test(playerName(view, seat))
      ? ` <span class="bt-you">(you)</span>` : ""}</div>`
    + `<div class="bt-role">${esc(rolesOf(ctx, seat).join(" · "))}</div>`
    + `<div class="bt-streak"${streak ? "" : " hidden"}>${esc(streak || "")}</div>`
    + (chips !== undefined ? `<div class="bt-chips">${CHIP_ART}<span>chips ${signed(chips)}</span></div>` : "")
    + (toMove ? `<div class="bt-turn"><span aria-hidden="true">▸</span> ${you ? "your turn" : "to move"}</div>` : "")
    + `</div>`;
  if (out || !deal) return `<section class="${classes}" data-seat="${seat}">${plate}</section>`;
  return `<section class="${classes}" data-seat="${seat}"><div class="bt-seat-side">${plate}`
    + `<div class="bt-facts">${pointsHtml(ctx, seat)}${meldsHtml(ctx, seat)}${exchangeHtml(ctx, seat)}`
    + `${voidsHtml(ctx, seat)}</div></div>`
    + `<div class="bt-seat-cards">${ctx.hand(seat)}${dokupHtml(ctx, seat)}</div></section>`;
}

function dokupHtml(ctx, seat) {
  const count = Number((ctx.deal.dokup_face_down || {})[String(seat)] || 0);
  if (!count) return "";
  return `<div class="bt-dokup" data-seat="${seat}" role="group" aria-label="dokup: ${count} face-down cards, `
    + `picked up when trumps are chosen">${ctx.back().repeat(count)}<span class="bt-label">dokup</span></div>`;
}

function pointsHtml(ctx, seat) {
  const won = ctx.deal.points_won;
  if (!won) return "";
  const tricks = (ctx.deal.tricks || []).filter((t) => t.winner === seat).length;
  return `<div class="bt-points" data-seat="${seat}"><b>${won[String(seat)] ?? 0}</b> points · `
    + `${tricks} ${tricks === 1 ? "trick" : "tricks"} (štych)</div>`;
}

/** Small rank-and-suit tags for a meld's cards; what the viewer has not learned is a "?". */
function meldTags(meld) {
  if (meld.meld) {
    return meld.meld.split("-").map((code) => `<span class="bt-tag" data-suit="${code[1]}">`
      + `${esc(code[0])}${suitIcon(code[1])}</span>`).join("");
  }
  const length = meld.points === 20 ? 3 : meld.points === 50 ? 4 : 5;
  const order = "789XUOKA";
  const top = meld.height ? order.indexOf(meld.height) : -1;
  return Array.from({ length }, (_, i) => {
    const rank = top >= 0 ? esc(order[top - length + 1 + i]) : "";
    return `<span class="bt-tag bt-unknown">${rank}<span class="bt-q">?</span></span>`;
  }).join("");
}

function meldsHtml(ctx, seat) {
  const melds = (ctx.deal.melds || {})[String(seat)] || [];
  if (!melds.length) return "";
  const items = melds.map((m) => {
    const known = m.meld ? m.meld : m.height ? `up to ${m.height}, suit not yet told` : "height and suit not yet told";
    return `<li class="bt-meld${m.scored ? " bt-scored" : ""}" aria-label="${esc(`${m.name}, ${m.points}: ${known}`)}">`
      + `<span class="bt-meld-name">${esc(m.name)}</span> <b>${m.points}</b> `
      + `<span class="bt-tags" aria-hidden="true">${meldTags(m)}</span>`
      + (m.scored ? ` <span class="bt-scores">scores</span>` : "") + `</li>`;
  }).join("");
  return `<ul class="bt-melds" data-seat="${seat}" aria-label="melds (hlášky)">${items}</ul>`;
}

/** What is public about a seat's exchange: the cards it took (šíbr) and how many it discarded face down. */
function exchangeHtml(ctx, seat) {
  const deal = ctx.deal;
  const taken = (deal.taken || {})[String(seat)] || [];
  const discarded = Number((deal.discard_counts || {})[String(seat)] || 0);
  const own = seat === ctx.view.seat ? deal.discards || [] : [];
  const parts = [];
  if (taken.length) parts.push(`took ${taken.map(tag).join("")} (šíbr)`);
  if (own.length) parts.push(`discarded ${own.map(tag).join("")} face down`);
  else if (discarded) parts.push(`discarded ${discarded} face down`);
  return parts.length ? `<div class="bt-exchange">${parts.join(" · ")}</div>` : "";
}

/** The suits a seat is known to lack (it did not follow or trump): public, so shown for the others. */
function voidsHtml(ctx, seat) {
  const suits = (ctx.deal.voids || {})[String(seat)] || [];
  if (!suits.length || seat === ctx.me || ctx.deal.outcome) return "";
  const names = suits.map((s) => `<span class="bt-tag">${suitIcon(s)}</span> ${esc(suitName(s))}`).join(", ");
  return `<div class="bt-voids">known to have no ${names}</div>`;
}

function tag(code) {
  return `<span class="bt-tag" data-suit="${code[1]}" title="${esc(cardLabel(code))}">`
    + `${esc(code[0])}${suitIcon(code[1])}</span>`;
}

function talonHtml(ctx) {
  const deal = ctx.deal;
  if (!deal) return `<div class="bt-talon"></div>`;
  const first = deal.first_candidate;
  const count = Number(deal.stock_count || 0);
  const offered = deal.phase === "trump" && deal.offer ? deal.offer.which : null;
  const firstHtml = first ? `<div class="bt-first${offered === "first" ? " bt-offered" : ""}" `
    + `aria-label="first candidate (spodní)${offered === "first" ? ", offered as trumps" : ""}">`
    + `${ctx.card(first)}</div>` : "";
  const stockHtml = count ? `<div class="bt-stock${offered === "second" ? " bt-offered" : ""}" role="group" `
    + `aria-label="stock (balíček): ${count} ${count === 1 ? "card" : "cards"} face up, the visible one on top`
    + `${offered === "second" ? ", offered as trumps" : ""}">`
    + `<div class="bt-stock-pile${count > 1 ? " bt-pile" : ""}">${ctx.card(deal.stock_top)}</div>`
    + `<span class="bt-count" aria-hidden="true">${count}</span></div>` : "";
  const labels = [first ? `spodní ${tag(first)}` : "", count ? `balíček ${count} · top ${tag(deal.stock_top)}` : ""]
    .filter(Boolean).join("<br>");
  return `<div class="bt-talon${first ? " bt-has-first" : ""}">`
    + `<div class="bt-talon-cards">${firstHtml}${stockHtml}</div>`
    + `<div class="bt-label">${labels}</div></div>`;
}

function trickCards(ctx, entries) {
  return entries.map(({ seat, card }) => {
    const where = seat === ctx.seats.top ? "top" : "bottom";
    return `<figure class="bt-played bt-from-${where}" data-seat="${seat}">${ctx.card(card)}`
      + `<figcaption>${esc(playerName(ctx.view, seat))}</figcaption></figure>`;
  }).join("");
}

function playHtml(ctx) {
  const deal = ctx.deal;
  if (!deal) return `<div class="bt-play"></div>`;
  const trick = deal.trick || [];
  const tricks = deal.tricks || [];
  let last = "";
  if (tricks.length) {
    const k = tricks.length - 1;
    const leader = leaderOf(deal, k);
    const other = [ctx.seats.top, ctx.seats.bottom].find((s) => s !== leader);
    const entries = tricks[k].cards.map((card, i) => ({ seat: i === 0 ? leader : other, card }));
    last = `<div class="bt-last-trick" role="group" aria-label="last trick (štych) ${k + 1}, won by `
      + `${esc(playerName(ctx.view, tricks[k].winner))}"><div class="bt-label">trick ${k + 1} · `
      + `${esc(playerName(ctx.view, tricks[k].winner))} won</div><div class="bt-last-cards">`
      + `${trickCards(ctx, entries)}</div></div>`;
  }
  const number = tricks.length + 1;
  const trickLabel = deal.phase === "play" ? `trick ${number} of 9 (štych)` : "";
  const idle = deal.phase !== "play" && !trick.length ? " bt-idle" : "";
  return `<div class="bt-play${deal.outcome ? " bt-over" : ""}">`
    + `<div class="bt-trick${idle}" role="group" aria-label="${trickLabel || "the trick"}">`
    + `${trickLabel ? `<span class="bt-label bt-trick-label">${trickLabel}</span>` : ""}`
    + `${trickCards(ctx, trick)}</div>${last}${outcomeHtml(ctx)}</div>`;
}

function outcomeHtml(ctx) {
  const o = ctx.deal.outcome;
  if (!o) return "";
  const view = ctx.view;
  const name = (s) => esc(playerName(view, s));
  const winner = o.winner !== null && o.winner !== undefined ? playerName(view, o.winner) : null;
  const head = winner === null ? "No game" : /^you$/i.test(winner) ? `${esc(winner)} win` : `${esc(winner)} wins`;
  const points = o.points ? Object.entries(o.points).map(([s, p]) => `${name(Number(s))} <b>${p}</b>`).join(" : ") : "";
  const stake = (view.rules || {}).stake;
  const pays = o.pays && o.loser !== null ? `${name(o.loser)} pays ${stake ?? "the stake"} into the bank.` : "";
  const bela = ctx.deal.bela !== null && ctx.deal.bela !== undefined ? `Bela (40) for ${name(ctx.deal.bela)}.` : "";
  return `<div class="bt-outcome" role="group" aria-label="result of the deal" data-kind="${esc(o.kind)}">`
    + `<div class="bt-outcome-head">${head}</div>`
    + `<p>${esc(OUTCOME_WORDS[o.kind] || o.kind)}</p>`
    + (points ? `<p class="bt-outcome-points">points ${points}</p>` : "")
    + (bela ? `<p>${bela}</p>` : "") + (o.renonc ? `<p>${esc(o.renonc)}</p>` : "") + (pays ? `<p>${pays}</p>` : "")
    + `</div>`;
}

function infoHtml(ctx) {
  const { view, deal } = ctx;
  let trump = "";
  if (deal && deal.trump) {
    trump = `<div class="bt-trump" data-suit="${deal.trump}">${suitBadge(deal.trump)}`
      + `<span>trumps (trumfy)<br><b>${esc(suitName(deal.trump))}</b></span></div>`;
  } else if (deal && deal.offer) {
    const which = deal.offer.which === "first" ? "the first candidate (spodní)" : "the second candidate, on the stock";
    trump = `<div class="bt-offer" data-suit="${deal.offer.suit}">${suitBadge(deal.offer.suit)}`
      + `<span>trumps offered<br><b>${esc(suitName(deal.offer.suit))}</b><br><small>${which}</small></span></div>`;
  }
  const bank = typeof view.bank === "number"
    ? `<div class="bt-bank">${CHIP_ART}<span>bank <b>${view.bank}</b></span></div>` : "";
  const outCards = (deal && deal.out_of_play) || [];
  const out = outCards.length ? `<div class="bt-out-of-play" role="group" aria-label="out of play">`
    + `<div class="bt-label">out of play</div>`
    + `<div class="bt-row">${outCards.map((c) => ctx.card(c)).join("")}</div></div>` : "";
  return `<div class="bt-info">${trump}${bank}${out}</div>`;
}

// --- a picture of cards (mode "static") ------------------------------------------------------------

function staticHtml(ctx) {
  const deal = ctx.deal || {};
  const open = deal.open_hands || {};
  const rows = Object.keys(open).sort().map((seat) => `<div class="bt-static-row">${ctx.hand(Number(seat))}</div>`)
    .join("");
  return `<div class="bt-static">${rows}</div>`;
}

function render({ model, el }) {
  preloadCards();
  const table = new Table(model, el);
  return () => table.destroy();
}

export default { render };
