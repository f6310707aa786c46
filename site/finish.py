"""After ``voici build``: make the site smaller and keep every page on its own origin.

- The Font Awesome stylesheets that Voilà's templates link from a CDN go: two in every lesson page (the same
  CSS is in Voilà's bundle), one in the list pages (Font Awesome 4, for the folder and notebook icons, which
  those pages then go without): with them each page would ask a host other than its own.
- The JupyterLab theme (240 KB) that every page holds inline becomes one shared stylesheet, in the same
  place of each page (the cascade is unchanged): the site is 2.6 MB smaller and the browser caches it once.
- ``build/``, JupyterLite's own app bundle, goes: the Voici pages load their code from ``voici/build/``
  and never ask for it (7 MB).
- ``service-worker.js`` goes (two copies). With a service worker JupyterLite mounts its contents in the kernel
  and makes it start in the lesson's folder there, so every module Python imports first asks that folder through
  a synchronous request to the worker — 113 for the practice lesson, about a second of the kernel's start
  (the README has the figures). The lessons read no file, so without it they lose nothing; the page's
  registration of the missing worker fails with a console warning and the kernel runs in its home folder.
- Python starts as the page opens, beside the page's own scripts, instead of after them (about 0.8 s later).
  Each lesson page starts the Pyodide kernel's worker at once (``EARLY_SCRIPT``) and hands that worker to the
  kernel when the app asks for one; the worker (``patch_kernel_worker``) loads Pyodide and imports the kernel's
  Python side meanwhile, and the kernel's start then takes the running Python, with the page's output
  callbacks and environment, instead of starting another; on a later visit that Python is restored from the
  snapshot the first visit kept in the browser (``site/kernel_worker.js`` says how, and when a snapshot is not
  used). Two steps of the kernel's start are left out there:
  installing packages (the site's config names every one as preloaded, so there is none) and importing
  ``piplite`` and with it ``micropip`` (about 0.13 s), which only ``%pip`` uses — a lesson page has no code
  cell to type it in. The kernel's worker is patched by exact text of jupyterlite-pyodide-kernel 0.7.0's
  build (pinned in ``site/constraints-build.txt``); another build stops the site's build with a message.
- A lesson page shows itself once its first output is there, not after its last cell: Voici runs the cells in
  turn and puts each output in place as its cell ends, so the rest of the page fills in below (as under Voilà's
  progressive rendering). A practice table can be played about half a second sooner; a click made before the
  last cell ends is answered when it ends.
- Each lesson page passes its query (``?deal=CODE``) to Python as the environment variable ``QUERY_STRING``,
  as Voilà does (``loadPyodideOptions.env``, set from ``location.search`` before the kernel starts), so
  ``Practice.from_url()`` reads a teacher's deal link unchanged; and its loading text says that Python is
  starting in the browser.

usage: python site/finish.py SITE_DIR
"""
from __future__ import annotations

import hashlib
import json
import os
import re
import shutil
import sys
from pathlib import Path

from config import KERNEL_PLUGIN  # site/config.py: the kernel's settings in jupyter-lite.json

CDN_LINK = re.compile(r'\s*<link[^>]+href="https?://[^>]*>')
STYLE = re.compile(r'<style type="text/css">(.*?)</style>', re.S)
SHARED_MIN = 50_000  # an inline stylesheet this long, found in more than one page, is shared
UNUSED = ("build", "service-worker.js", "voici/build/service-worker.js")
CONFIG_END = re.compile(r'(<script id="jupyter-config-data" type="application/json">.*?</script>)', re.S)
QUERY_SCRIPT = """
<script>
  // bulka_teach: the page's query (?deal=CODE) reaches Python as QUERY_STRING, as under Voila
  (function () {
    const element = document.getElementById("jupyter-config-data");
    const config = JSON.parse(element.textContent);
    const plugins = (config.litePluginSettings = config.litePluginSettings || {});
    const kernel = (plugins["@jupyterlite/pyodide-kernel-extension:kernel"] ||= {});
    const options = (kernel.loadPyodideOptions ||= {});
    options.env = { ...(options.env || {}), QUERY_STRING: window.location.search.replace(/^\\?/, "") };
    element.textContent = JSON.stringify(config);
  })();
</script>"""
LOADING = '<h2 id="loading_text">Running ...</h2>'
LOADING_SITE = ('<h2 id="loading_text">Starting Python in your browser…</h2>'
                '<p style="text-align:center">The first visit loads about 10 MB; later visits come from the'
                " browser's cache.</p>")
KERNEL_STATIC = "extensions/@jupyterlite/pyodide-kernel-extension/static"
EARLY_NAME = "bulka-eager "  # the early worker's name, then the URLs it starts Pyodide from (JSON)
EARLY_SCRIPT = """
<script>
  // bulka_teach: start the Python kernel's worker now; the app takes it when it asks for its kernel
  (function () {
    if (window.crossOriginIsolated) return;  // the kernel would use another worker then
    const pyodideUrl = new URL("PYODIDE", location.href).href;
    const indexUrl = pyodideUrl.slice(0, pyodideUrl.lastIndexOf("/") + 1);
    const file = "WORKER".split("/").pop();
    const Native = window.Worker;
    const name = "NAME" + JSON.stringify({ pyodideUrl, indexUrl });
    let early = new Native(new URL("WORKER", location.href), { name });
    function Worker(url, options) {
      if (early && new URL(String(url), location.href).pathname.endsWith("/" + file)) {
        const worker = early;
        early = null;
        return worker;
      }
      return new Native(url, options);
    }
    Worker.prototype = Native.prototype;
    window.Worker = Worker;
  })();
</script>""".replace("NAME", EARLY_NAME)
HEAD = '<head><meta charset="utf-8" />'  # the early script comes first: no stylesheet holds it up
# Put before the kernel's worker: the early start, the snapshot, and ``__bulkaLoad`` for the kernel's start
WORKER_PRELUDE = (Path(__file__).parent / "kernel_worker.js").read_text(encoding="utf-8").replace("EARLY_NAME",
                                                                                                   EARLY_NAME)
# The kernel's worker chunk, as the kernel creates it where the page is not cross-origin isolated
WORKER_CHUNK = re.compile(r"crossOriginIsolated\?new Worker\(.*?\):new Worker\(new URL\(\w+\.p\+\w+\.u\((\d+)\)")
# (the text in jupyterlite-pyodide-kernel 0.7.0's worker, what it becomes)
WORKER_PATCHES = (
    ("(importScripts(n),t=self.loadPyodide),", "(importScripts(n),t=__bulkaLoad(self.loadPyodide)),"),
    ("await this._pyodide.runPythonAsync(`\\n      import piplite.piplite",
     "__bulkaEager||await this._pyodide.runPythonAsync(`\\n      import piplite.piplite"),
)
STARTING = "Starting up kernel..."  # the text Voici shows once the kernel is connected
LOADING_SCRIPT = """
<script>
  // bulka_teach: say what the wait is; show the page as soon as a cell has output (Voici runs the cells one by
  // one, showing each output as its cell ends), as Voila's progressive rendering does; once every cell has
  // run, say so on the body (data-cells-run="all")
  (function () {
    const update = window.update_loading_text;
    const display = window.display_cells;
    let last = false;  // the last cell has begun
    let shown = false;
    let ours = false;
    window.display_cells = function () {
      display();
      if (last && !ours) document.body.dataset.cellsRun = "all";  // Voici's own call, after the last cell
    };
    window.update_loading_text = function (index, count, text) {
      last = text === null && index === count;
      if (!shown && text === null && window.themeLoaded &&
          document.querySelector("#rendered_cells .jp-Cell-outputArea")) {
        shown = ours = true;
        window.display_cells();
        ours = false;
      }
      return update(index, count, text === "STARTING" ? "Starting Python in your browser…" : text);
    };
  })();
</script>""".replace("STARTING", STARTING)


def share_styles(site: Path, pages: dict[Path, str]) -> dict[Path, str]:
    seen: dict[str, int] = {}
    for text in pages.values():
        for css in {m.group(1) for m in STYLE.finditer(text) if len(m.group(1)) >= SHARED_MIN}:
            seen[css] = seen.get(css, 0) + 1
    names = {}
    for css, count in seen.items():
        if count > 1:
            name = f"voici/theme-{hashlib.sha256(css.encode()).hexdigest()[:12]}.css"
            (site / name).write_text(css, encoding="utf-8")
            names[css] = name

    def link(page: Path, match: re.Match[str]) -> str:
        name = names.get(match.group(1))
        if name is None:
            return match.group(0)
        href = os.path.relpath(site / name, page.parent).replace(os.sep, "/")
        return f'<link rel="stylesheet" type="text/css" href="{href}">'

    return {page: STYLE.sub(lambda m, page=page: link(page, m), text) for page, text in pages.items()}


def patch_kernel_worker(site: Path) -> Path:
    """Make the Pyodide kernel's worker start Python early when asked (``WORKER_PRELUDE``); its path."""
    chunks = {match.group(1) for path in (site / KERNEL_STATIC).glob("*.js")
              for match in WORKER_CHUNK.finditer(path.read_text(encoding="utf-8"))}
    workers = [path for chunk in chunks for path in (site / KERNEL_STATIC).glob(f"{chunk}.*.js")]
    if len(workers) != 1:
        sys.exit(f"finish.py: expected one Pyodide kernel worker in {KERNEL_STATIC}, found {len(workers)}; "
                 "update WORKER_CHUNK in site/finish.py")
    worker = workers[0]
    text = worker.read_text(encoding="utf-8")
    if WORKER_PRELUDE not in text:
        for before, after in WORKER_PATCHES:
            if text.count(before) != 1:
                sys.exit(f"finish.py: the Pyodide kernel's worker {worker.name} is not jupyterlite-pyodide-kernel "
                         f"0.7.0's (no {before!r}); update WORKER_PATCHES in site/finish.py")
            text = text.replace(before, after)
        worker.write_text(WORKER_PRELUDE + text, encoding="utf-8")
    return worker


def lesson_page(page: Path, text: str, worker: Path) -> str:
    """A lesson page with the early start first in its head, the query script after its config and the
    loading text of the site."""
    hook = "window.update_loading_text = "
    if "bulka_teach: the page's query" in text:  # finished already
        return text
    config = CONFIG_END.search(text)
    laid_out = text.startswith(f'<!DOCTYPE html>\n<html lang="en">\n{HEAD}') and LOADING in text and hook in text
    if not config or not laid_out:
        sys.exit("finish.py: a lesson page is not laid out as Voici 0.10 lays it out; check site/finish.py")
    settings = json.loads(re.sub(r"^<script[^>]*>|</script>$", "", config.group(1)))["litePluginSettings"]
    early = (EARLY_SCRIPT.replace("PYODIDE", settings[KERNEL_PLUGIN]["pyodideUrl"])
             .replace("WORKER", os.path.relpath(worker, page.parent).replace(os.sep, "/")))
    text = text.replace(HEAD, HEAD + early, 1)
    text = CONFIG_END.sub(lambda m: m.group(1) + QUERY_SCRIPT, text.replace(LOADING, LOADING_SITE, 1), count=1)
    end = text.index("</script>", text.index(hook)) + len("</script>")
    return text[:end] + LOADING_SCRIPT + text[end:]


def finish(site: Path) -> None:
    for path in (site / name for name in UNUSED):
        if path.is_dir():
            shutil.rmtree(path)
        else:
            path.unlink(missing_ok=True)
    pages = {page: page.read_text(encoding="utf-8") for page in site.rglob("*.html")}
    pages = {page: CDN_LINK.sub("", text) for page, text in pages.items()}
    worker = patch_kernel_worker(site)
    pages = {page: lesson_page(page, text, worker) if "voila_process" in text else text
             for page, text in pages.items()}
    for page, text in share_styles(site, pages).items():
        page.write_text(text, encoding="utf-8")


if __name__ == "__main__":
    if len(sys.argv) != 2:
        sys.exit(__doc__)
    finish(Path(sys.argv[1]))
