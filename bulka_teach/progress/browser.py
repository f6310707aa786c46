"""The learner's own progress, kept in their browser (``localStorage``): no account, no server.

Each lesson page records, under ``bulka_teach:progress:<lesson>`` (``czech-bulka/03-trumps``), every question and
puzzle answered — right the first time or not, and right in the end — how many it asks, and when it was last
opened; a lesson is *done* once every question is answered right. The practice table adds the deals played and
won and the costliest mistakes its Review found. The start page (``ProgressBoard``) shows each lesson's state beside
its link, a "continue where you left off" link and a button that forgets everything. It works the same in the app,
on Binder and on the static site, since only the browser keeps anything.

``page_progress()`` is the page's one recorder: questions register as they are written (``question``) and report
each answer (``answered``); the recorder's widget lives in the page without being displayed (the page's widget
manager makes every widget's model, and the model does the storing from the page's synced log).
"""
from __future__ import annotations

import os
import zlib
from typing import Any

import anywidget
import traitlets

from ..links import CLASS_PATH_ENV
from ..seals import SEAL_ENV, seal

_LESSON_JS = r"""
const KEY = "bulka_teach:progress:";
export function lessonOf(url) {
  const m = new URL(url, location.href).pathname.match(/\/(?:voila|voici)\/render\/(.+?)\.(?:ipynb|html)$/);
  // the game's folder and the lesson ("czech-bulka/03-trumps"), wherever the lessons folder is served from
  return m ? decodeURIComponent(m[1]).split("/").slice(-2).join("/") : null;
}
export function load(lesson) {
  try { return JSON.parse(localStorage.getItem(KEY + lesson) || "null") || {}; } catch (e) { return {}; }
}
function save(lesson, record) {
  try { localStorage.setItem(KEY + lesson, JSON.stringify(record)); } catch (e) { /* storage blocked or full */ }
}
"""

_CLASS_JS = r"""
const CLASS_KEY = "bulka_teach:class";  // {name, token}: the student's name in the class, typed once
export function classMember() {
  try { return JSON.parse(localStorage.getItem(CLASS_KEY) || "null"); } catch (e) { return null; }
}
function tellClass(path, lesson, entry) {  // the teacher's page hears of it, when the app runs for a class
  const me = classMember();
  if (!path || !me || !me.token || entry.kind === "deal") return;
  fetch(path + "record", { method: "POST", headers: { "Content-Type": "application/json" },
    body: JSON.stringify({ token: me.token, lesson, entry }) }).then(async (answer) => {
    if (answer.ok) {
      if (entry.kind === "result") classNotice("Your game of the class deal is on your teacher's results board.", true);
      return;
    }
    let said = "";
    try { said = (await answer.json()).error || ""; } catch (e) { /* not a sentence */ }
    classNotice(said || "Your teacher's record did not take this answer; your lesson goes on.");
  }).catch(() => classNotice("The class's server did not answer: your teacher may not see this answer."));
}
function classNotice(text, good) {  // said once, at the top of the page, where the learner reads it
  let box = document.querySelector(".bt-class-notice");
  if (!box) {
    box = document.createElement("p");
    box.className = "bt-class-notice";
    document.body.prepend(box);
  }
  box.setAttribute("role", good ? "status" : "alert");
  box.dataset.kind = good ? "info" : "refused";
  box.style.cssText = "margin: 0.5rem; padding: 0.5rem; border-left: 4px solid "
    + (good ? "#1a7f37; background: #eef8f0" : "#b3261e; background: #fdf0ef");
  box.textContent = text;
}
"""

_RECORDER_JS = _LESSON_JS + _CLASS_JS + r"""
function apply(record, msg) {
  record.questions = record.questions || {};
  if (msg.kind === "answer") {
    const q = record.questions[msg.question] || { first: msg.right, right: false, tries: 0 };
    q.tries += 1;
    q.right = q.right || msg.right;
    record.questions[msg.question] = q;
    record.total = Math.max(msg.total, Object.keys(record.questions).length);
  } else if (msg.kind === "deal") {
    record.deals = (record.deals || 0) + 1;
    record.won = (record.won || 0) + (msg.won ? 1 : 0);
  } else if (msg.kind === "mistakes") {
    const all = [...(record.mistakes || []), ...msg.items];
    const seen = new Set();
    record.mistakes = all.sort((a, b) => b.cost - a.cost)
      .filter((m) => !seen.has(m.text) && seen.add(m.text)).slice(0, 3);
  } else if (msg.kind === "opened") {
    record.total = Math.max(record.total || 0, msg.total);
  }
  const right = Object.values(record.questions).filter((q) => q.right).length;
  record.done = record.total > 0 && right >= record.total;
  record.opened = Date.now();
  return record;
}
export default {
  initialize({ model }) {
    const lesson = lessonOf(location.href);
    if (!lesson) return;
    save(lesson, apply(load(lesson), { kind: "opened", total: 0 }));
    tellClass(model.get("class_path"), lesson, { kind: "opened", total: 0 });
    let told = 0;  // the page's log is synced whole: what came before this module loaded is kept too
    const drain = () => {
      const log = model.get("log") || [];
      for (; told < log.length; told += 1) {
        save(lesson, apply(load(lesson), log[told]));
        tellClass(model.get("class_path"), lesson, log[told]);
      }
    };
    model.on("change:log", drain);
    drain();
  },
};
"""

_BOARD_JS = _LESSON_JS + _CLASS_JS + r"""
function stateOf(record) {
  if (!record || !record.opened) return { kind: "new", text: "not started" };
  const qs = Object.values(record.questions || {});
  const first = qs.filter((q) => q.first).length;
  const score = record.total ? ` · ${first} of ${record.total} right the first time` : "";
  const deals = record.deals ? ` · ${record.won || 0} of ${record.deals} deals won` : "";
  return record.done ? { kind: "done", text: `done${score}${deals}` }
                     : { kind: "started", text: `started${score}${deals}` };
}
function draw(el) {
  const links = [...document.querySelectorAll("a[href]")]  // the numbered lessons: their questions are recorded
    .filter((a) => !el.contains(a) && /\/\d\d-[^/]*$/.test(lessonOf(a.href) || ""));
  let latest = null;
  for (const a of links) {
    const lesson = lessonOf(a.href);
    const record = load(lesson);
    const state = stateOf(record);
    let mark = a.nextElementSibling;
    if (!mark || !mark.classList.contains("bt-progress-mark")) {
      mark = document.createElement("span");
      a.after(mark);
    }
    mark.className = `bt-progress-mark bt-progress-${state.kind}`;
    mark.textContent = ` [${state.text}]`;
    if (record.opened && !record.done && (!latest || record.opened > latest.opened)) {
      latest = { opened: record.opened, a };
    }
  }
  const next = latest ? latest.a : links.find((a) => !load(lessonOf(a.href)).done);
  const go = el.querySelector(".bt-progress-continue");
  if (next) {
    go.hidden = false;
    go.setAttribute("href", next.getAttribute("href"));
    const opened = links.some((a) => load(lessonOf(a.href)).opened);
    const lead = latest ? "Continue where you left off" : opened ? "Next" : "Start here";
    go.textContent = `${lead}: ${next.textContent.trim()}`;
  } else {
    go.hidden = true;
  }
  const any = links.some((a) => load(lessonOf(a.href)).opened);
  el.querySelector(".bt-progress-summary").textContent = any
    ? `Lessons done: ${links.filter((a) => load(lessonOf(a.href)).done).length} of ${links.length}.`
    : "Your progress is kept in this browser only, as you answer the lessons' questions.";
  el.querySelector(".bt-progress-forget").disabled = !any;
  const mistakes = links.flatMap((a) => (load(lessonOf(a.href)).mistakes || [])
    .map((m) => ({ ...m, where: a.textContent.trim() })));
  const list = el.querySelector(".bt-progress-mistakes");
  list.hidden = mistakes.length === 0;
  list.querySelector("ul").replaceChildren(...mistakes.sort((a, b) => b.cost - a.cost).slice(0, 3).map((m) => {
    const item = document.createElement("li");
    item.textContent = `${m.where}: ${m.text}`;
    return item;
  }));
}
function joinClass(el, path) {
  const box = el.querySelector(".bt-class");
  const who = box.querySelector(".bt-class-who");
  const form = box.querySelector("form");
  const error = box.querySelector(".bt-class-error");
  box.hidden = false;
  const deal = box.querySelector(".bt-class-deal");
  const show = (me) => {
    form.hidden = Boolean(me);
    box.querySelector(".bt-class-change").hidden = !me;
    who.textContent = me ? `You are in the class as ${me.name}: your teacher sees your lessons.`
                         : "Your teacher runs this app for the class: type your name once, and this browser keeps it.";
    if (!me) deal.hidden = true;
  };
  const ask = (me) => {  // is it still this class's name, and has the teacher set a class deal?
    fetch(path + "me", { method: "POST", headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ token: me.token }) }).then(async (answer) => {
      const said = await answer.json();
      if (answer.status === 404) {
        localStorage.removeItem(CLASS_KEY);
        error.textContent = said.error;
        show(null);
      } else if (answer.ok && said.deal) {
        deal.hidden = false;
        const a = deal.querySelector("a");
        a.href = said.deal.link;
        a.textContent = `Play the class deal (${said.deal.title})`;
      }
    }).catch(() => {});
  };
  const me = classMember();
  show(me);
  if (me && me.token) ask(me);
  form.addEventListener("submit", async (event) => {
    event.preventDefault();
    error.textContent = "";
    try {
      const answer = await fetch(path + "join", { method: "POST", headers: { "Content-Type": "application/json" },
        body: JSON.stringify({ name: form.querySelector("input").value }) });
      const said = await answer.json();
      if (!answer.ok) { error.textContent = said.error; return; }
      try { localStorage.setItem(CLASS_KEY, JSON.stringify(said)); } catch (e) { /* storage blocked */ }
      show(said);
      ask(said);
    } catch (e) {
      error.textContent = "The class's server did not answer: try again in a moment.";
    }
  });
  box.querySelector(".bt-class-change").addEventListener("click", () => {
    localStorage.removeItem(CLASS_KEY);
    show(null);
    form.querySelector("input").focus();
  });
}
export default {
  render({ model, el }) {
    el.innerHTML = `<div class="bt-class" hidden>
      <p class="bt-class-who" role="status"></p>
      <form><label>Your name <input class="bt-class-name" maxlength="24" autocomplete="name"></label>
        <button type="submit">Join the class</button></form>
      <button type="button" class="bt-class-change" hidden>Not you? Type another name</button>
      <p class="bt-class-deal" hidden>Your teacher set a deal for the whole class: everyone plays it against the same
        computer, with no Undo and no Hint, and your teacher sees how the class played it. <a></a></p>
      <p class="bt-class-error" role="alert"></p></div>
      <div class="bt-progress" role="region" aria-label="Your progress">
      <p class="bt-progress-summary" role="status"></p>
      <p><a class="bt-progress-continue" hidden></a></p>
      <div class="bt-progress-mistakes" hidden>
        <p>Your costliest practice mistakes, as Review found them:</p><ul></ul></div>
      <button type="button" class="bt-progress-forget">Forget my progress</button>
      <span class="bt-progress-forgotten" role="status"></span></div>`;
    el.querySelector(".bt-progress-forget").addEventListener("click", () => {
      if (!window.confirm("Forget every lesson's answers and your practice results in this browser?")) return;
      try {
        for (const key of Object.keys(localStorage)) if (key.startsWith("bulka_teach:")) localStorage.removeItem(key);
      } catch (e) { /* storage blocked: nothing was kept */ }
      el.querySelector(".bt-progress-forgotten").textContent = "Forgotten: this browser keeps nothing of yours now.";
      draw(el);
    });
    draw(el);
    if (model.get("class_path")) joinClass(el, model.get("class_path"));
  },
};
"""


class _InTheClass(anywidget.AnyWidget):
    """A widget that tells the page where the class records and joins (the app sets it for its kernels when it runs
    for a class; empty: no class, and nothing leaves the browser)."""

    class_path = traitlets.Unicode("").tag(sync=True)

    def __init__(self, **kwargs: Any) -> None:
        kwargs.setdefault("class_path", os.environ.get(CLASS_PATH_ENV, ""))
        super().__init__(**kwargs)


class ProgressRecorder(_InTheClass):
    """The page's recorder in the browser: each entry of ``log`` updates the lesson's record in ``localStorage``
    once. A synced log, not messages: a message sent before the page's module has loaded would be lost."""

    _esm = _RECORDER_JS
    log: traitlets.List[dict[str, Any]] = traitlets.List().tag(sync=True)


class ProgressBoard(_InTheClass):
    """The start page's progress: each lesson link marked with its state, "continue where you left off", and a
    button that forgets everything this browser keeps."""

    _esm = _BOARD_JS
    _css = """
.bt-progress-mark { font-size: 0.9em; color: #555; }
.bt-progress-done { color: #1a7f37; }
.bt-progress-started { color: #8a5a00; }
.bt-progress-continue { font-weight: 600; }
.bt-class-error { color: #b3261e; }
.bt-class input { font: inherit; min-width: 12rem; }
"""


def won(outcome: dict[str, Any] | None, seat: int) -> bool:
    """Whether ``seat`` won a finished deal, by its outcome: the deal's winner, or a pot's (Bouillotte)."""
    if not isinstance(outcome, dict):
        return False
    return outcome.get("winner") == seat or any(isinstance(pot, dict) and pot.get("winner") == seat
                                                for pot in outcome.get("pots") or [])


def question_id(*texts: str) -> str:
    """A short id for a question, the same whenever its words are (``q-1a2b3c4d``)."""
    return "q-" + format(zlib.crc32("\n".join(texts).encode("utf-8")), "08x")


class Progress:
    """The page's questions and the recorder that tells the browser of each answer."""

    def __init__(self) -> None:
        self.widget = ProgressRecorder()
        self.questions: list[str] = []
        self.sent: list[dict[str, Any]] = []  # what the browser was told (tests read it)

    def question(self, qid: str) -> None:
        """A question (or puzzle) of this page was written."""
        if qid not in self.questions:
            self.questions.append(qid)

    def answered(self, qid: str, right: bool, text: str = "", choice: str = "") -> None:
        """The learner answered ``qid`` (the browser keeps whether the first try was right; a class's teacher
        also sees the question's words and the answer chosen)."""
        self.question(qid)
        self._send({"kind": "answer", "question": qid, "right": bool(right), "total": len(self.questions),
                    "text": text[:400], "choice": choice[:400]})

    def deal_played(self, won: bool) -> None:
        """A practice deal the learner played is over."""
        self._send({"kind": "deal", "won": bool(won)})

    def mistakes(self, items: list[dict[str, Any]]) -> None:
        """The costliest mistakes a Review found (``{"text", "cost"}``; the browser keeps the three costliest)."""
        if items:
            self._send({"kind": "mistakes", "items": items})

    def class_result(self, report: dict[str, Any]) -> bool:
        """A game of the class deal (``table.class_deal.class_result``), sealed with the class's key for the results
        board; False (nothing sent) where the app does not run for a class."""
        key = os.environ.get(SEAL_ENV, "")
        if not self.widget.class_path or not key:
            return False
        self._send({**report, "seal": seal(report, key)})
        return True

    def _send(self, message: dict[str, Any]) -> None:
        self.widget.log = [*self.widget.log, message]
        self.sent.append(message)


_page: Progress | None = None


def page_progress() -> Progress:
    """This page's recorder (one per kernel: a kernel runs one page)."""
    global _page
    if _page is None:
        _page = Progress()
    return _page
