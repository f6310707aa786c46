"""The teacher's page: one self-contained HTML page that reads the class's data every 2 s (``teacher/data``).

Written with the DOM's ``textContent`` only, so a name or an answer can never be markup; usable on a phone
(the tables scroll sideways) and by keyboard (links and buttons only).
"""
from __future__ import annotations

_STYLE = """
body { font-family: system-ui, sans-serif; margin: 1rem; max-width: 70rem; color: #1b1b1b; }
h1 { font-size: 1.5rem; } h2 { font-size: 1.2rem; margin-top: 1.5rem; }
.scroll { overflow-x: auto; }
table { border-collapse: collapse; min-width: 20rem; }
th, td { border-bottom: 1px solid #ccc; padding: 0.3rem 0.6rem; text-align: left; vertical-align: top; }
.done { color: #1a7f37; } .note { color: #555; }
button, a.button { font: inherit; padding: 0.4rem 0.8rem; margin: 0.2rem 0.4rem 0.2rem 0; }
#status { min-height: 1.5em; }
.error { color: #b3261e; } label { margin-right: 0.8rem; } input, select { font: inherit; }
.splits { padding-left: 0; } .splits > li { list-style: none; margin-bottom: 0.8rem; }
.splits ul { margin: 0.3rem 0; }
.good { color: #1a7f37; } .costly { color: #b3261e; }
body.projector { max-width: none; font-size: 1.6rem; }
body.projector > :not(#deal-section), body.projector #deal-section > :not(#deal) { display: none; }
body.projector #deal > :not(.board) { display: none; }
"""

_SCRIPT = r"""
const token = new URLSearchParams(location.search).get("token") || "";
const base = location.pathname.replace(/teacher$/, "teacher/");
const headers = { "X-Bulka-Teacher": token };
const $ = (id) => document.getElementById(id);
function cell(row, text, cls) {
  const td = document.createElement("td");
  td.textContent = text;
  if (cls) td.className = cls;
  row.append(td);
}
function lessonName(path) {
  const [game, page] = path.split("/");
  const title = { "czech-bulka": "Czech Bulka", trappola: "Trappola", bouillotte: "Bouillotte" }[game] || game;
  const m = (page || "").match(/^(\d\d)-(.*)$/);
  return m ? `${title} ${Number(m[1])}: ${m[2].replace(/-/g, " ")}` : path;
}
function draw(data) {
  const students = $("students");
  students.replaceChildren(...data.students.map((s) => {
    const row = document.createElement("tr");
    cell(row, s.name);
    cell(row, s.current ? lessonName(s.current) : "not started");
    cell(row, String(s.done));
    cell(row, s.lessons.filter((l) => l.questions > 0)
      .map((l) => `${lessonName(l.lesson)}: ${l.first} of ${l.questions}${l.done ? " (done)" : ""}`).join("; ") || "—");
    return row;
  }));
  $("nobody").hidden = data.students.length > 0;
  $("count").textContent = `${data.students.length} student${data.students.length === 1 ? "" : "s"}`;
  $("hardest").replaceChildren(...data.hardest.map((q) => {
    const row = document.createElement("tr");
    cell(row, q.text);
    cell(row, lessonName(q.lesson));
    cell(row, `${q.wrong} of ${q.students}`);
    cell(row, q.choices.map(([choice, n]) => `${choice} (${n})`).join(", "));
    return row;
  }));
  $("no-hardest").hidden = data.hardest.length > 0;
  $("mistakes").replaceChildren(...data.mistakes.map((m) => {
    const row = document.createElement("tr");
    cell(row, m.text);
    cell(row, lessonName(m.lesson));
    cell(row, `${m.students}`);
    cell(row, `about ${m.cost}`);
    return row;
  }));
  $("no-mistakes").hidden = data.mistakes.length > 0;
  drawDeal(data.deal);
}
function signed(score, unit) {
  return unit === "jetons" && score > 0 ? `+${score} ${unit}` : `${score} ${unit}`;
}
function drawDeal(deal) {
  $("deal").hidden = !deal;
  $("no-deal").hidden = Boolean(deal);
  if (!deal) return;
  $("deal-shown").textContent = `${deal.code} (${deal.title})`;
  $("board-title").textContent = `The class deal ${deal.code} (${deal.title})`;
  $("deal-link-line").hidden = !deal.link;
  if (deal.link) {
    $("deal-link").href = deal.link;
    $("deal-link").textContent = new URL(deal.link, location.href).href;
  }
  $("results").replaceChildren(...deal.results.map((r) => {
    const row = document.createElement("tr");
    cell(row, String(r.place));
    cell(row, r.name);
    cell(row, r.won ? "won" : "lost", r.won ? "good" : "");
    cell(row, signed(r.score, r.unit));
    cell(row, `${r.mistakes} of ${r.decisions}`);
    return row;
  }));
  $("no-results").hidden = deal.results.length > 0;
  $("splits").replaceChildren(...deal.splits.map((split) => {
    const item = document.createElement("li");
    const head = document.createElement("p");
    const after = split.after.length === 0 ? "" : split.after.length <= 3 ? ` (after ${split.after.join(", ")})`
      : ` (after … ${split.after.slice(-3).join(", ")})`;
    head.textContent = `Decision ${split.number}, ${split.where}${after}: ${split.students} students were here; `
      + `the coach's best: ${split.best}.`;
    const choices = document.createElement("ul");
    choices.replaceChildren(...split.choices.map((c) => {
      const li = document.createElement("li");
      li.className = c.best ? "good" : "costly";
      const verdict = c.best ? c.cost_words : `a mistake, ${c.cost_words}`;
      li.textContent = `${c.choice} — ${c.students.join(", ")}: ${verdict}`;
      return li;
    }));
    item.append(head, choices);
    return item;
  }));
  $("no-splits").hidden = deal.splits.length > 0;
}
async function refresh() {
  try {
    const answer = await fetch(base + "data", { headers, cache: "no-store" });
    const data = await answer.json();
    if (!answer.ok) throw new Error(data.error || answer.statusText);
    draw(data);
    $("status").textContent = `Updated ${new Date().toLocaleTimeString()}.`;
  } catch (e) {
    $("status").textContent = `Could not read the class just now (${e.message}); trying again.`;
  }
}
$("csv").href = base + "csv?token=" + encodeURIComponent(token);
$("results-csv").href = base + "results.csv?token=" + encodeURIComponent(token);
$("deal-form").addEventListener("submit", async (event) => {
  event.preventDefault();
  $("deal-error").textContent = "";
  try {
    const answer = await fetch(base + "deal", { method: "POST",
      headers: { ...headers, "Content-Type": "application/json" },
      body: JSON.stringify({ game: $("deal-game").value, code: $("deal-code").value }) });
    const said = await answer.json();
    if (!answer.ok) { $("deal-error").textContent = said.error; return; }
    $("deal-code").value = "";
    $("status").textContent = `The class deal is now ${said.code}: students find its link on their start page.`;
  } catch (e) {
    $("deal-error").textContent = `The class deal could not be set just now (${e.message}): try again.`;
  }
  refresh();
});
$("copy-link").addEventListener("click", async () => {
  try {
    await navigator.clipboard.writeText($("deal-link").href);
    $("status").textContent = "The students' link is copied.";
  } catch (e) {
    $("status").textContent = "Copying was refused by the browser: select the link and copy it.";
  }
});
function projector(on) {
  document.body.classList.toggle("projector", on);
  $("projector").textContent = on ? "Back to the whole page" : "Show the board on the projector";
  $("projector").setAttribute("aria-pressed", String(on));
}
$("projector").addEventListener("click", () => projector(!document.body.classList.contains("projector")));
document.addEventListener("keydown", (event) => { if (event.key === "Escape") projector(false); });
$("erase").addEventListener("click", async () => {
  if (!confirm("Erase the whole class: every student's name and answers? This cannot be undone.")) return;
  const answer = await fetch(base + "erase", { method: "POST", headers });
  $("status").textContent = answer.ok ? "The class is erased." : "The class could not be erased.";
  refresh();
});
refresh();
setInterval(refresh, 2000);
"""

TEACHER_PAGE = f"""<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>The class: teacher's page</title><style>{_STYLE}</style></head>
<body>
<h1>The class (<span id="count">…</span>)</h1>
<p class="note">Live: this page reads the class every 2 seconds. Students appear once they type their name on the
start page. A lesson's score counts the questions right at the first try.</p>
<p id="status" role="status" aria-live="polite"></p>
<h2>Students</h2>
<div class="scroll"><table><thead><tr><th>Student</th><th>In the lesson</th><th>Lessons done</th>
<th>Right at the first try</th></tr></thead><tbody id="students"></tbody></table></div>
<p id="nobody" class="note">Nobody has joined yet.</p>
<section id="deal-section" aria-labelledby="deal-heading">
<h2 id="deal-heading">The class deal</h2>
<p class="note">One deal for the whole class: every student plays it at their game's practice lesson, against the
same computer, with no Undo and no Hint; the link to it appears on their start page. Each game is ranked here as it
ends: a win first, then the score as the game counts it (points, or jetons).</p>
<form id="deal-form"><label>Game <select id="deal-game"><option value="czech-bulka">Czech Bulka</option>
<option value="trappola">Trappola's Bulka</option><option value="bouillotte">Bouillotte</option></select></label>
<label>Deal code <input id="deal-code" placeholder="empty: a new deal" size="22" autocomplete="off"></label>
<button type="submit">Set the class deal</button></form>
<p id="deal-error" class="error" role="alert"></p>
<p id="no-deal" class="note">No class deal yet: choose a game and press Set the class deal (or type a deal code).</p>
<div id="deal" hidden>
<p>The class deal: <b id="deal-shown"></b>. Each student finds its link on their start page.</p>
<p id="deal-link-line">The students' link: <a id="deal-link"></a>
<button type="button" id="copy-link">Copy the link</button></p>
<p><a id="results-csv" class="button" download>Download the results (CSV)</a></p>
<div class="board">
<p><button type="button" id="projector" aria-pressed="false">Show the board on the projector</button></p>
<h3 id="board-title">The class deal</h3>
<div class="scroll"><table><thead><tr><th>Place</th><th>Student</th><th>Game</th><th>Score</th>
<th>Mistakes (Review)</th></tr></thead><tbody id="results"></tbody></table></div>
<p id="no-results" class="note">Nobody has finished the class deal yet.</p>
<h3>Where the class's choices split</h3>
<ul id="splits" class="splits"></ul>
<p id="no-splits" class="note">No decision yet where students who met it chose differently.</p>
</div></div>
</section>
<h2>The questions the class gets wrong most</h2>
<div class="scroll"><table><thead><tr><th>Question</th><th>Lesson</th><th>Wrong at the first try</th>
<th>Wrong answers chosen</th></tr></thead><tbody id="hardest"></tbody></table></div>
<p id="no-hardest" class="note">No wrong answer yet.</p>
<h2>The practice mistakes that cost the class most</h2>
<div class="scroll"><table><thead><tr><th>Mistake (as Review put it)</th><th>Lesson</th><th>Students</th>
<th>Games it cost, all together (the coach's estimate)</th></tr></thead><tbody id="mistakes"></tbody></table></div>
<p id="no-mistakes" class="note">No practice deal reviewed yet.</p>
<h2>The class's data</h2>
<p><a id="csv" class="button" download>Download every answer (CSV)</a>
<button type="button" id="erase">Erase the class</button></p>
<script>{_SCRIPT}</script>
</body></html>
"""

WRONG_TOKEN_PAGE = """<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>The teacher's page</title></head>
<body style="font-family: system-ui, sans-serif; margin: 1rem">
<h1>This page is the teacher's</h1>
<p>Open it with the link the app printed when it started (it ends with <code>?token=</code> and the teacher's
token). Students: your lessons are on the start page.</p>
</body></html>
"""
