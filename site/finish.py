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
- Each lesson page passes its query (``?deal=CODE``) to Python as the environment variable ``QUERY_STRING``,
  as Voilà does (``loadPyodideOptions.env``, set from ``location.search`` before the kernel starts), so
  ``Practice.from_url()`` reads a teacher's deal link unchanged; and its loading text says that Python is
  starting in the browser.

usage: python site/finish.py SITE_DIR
"""
from __future__ import annotations

import hashlib
import os
import re
import shutil
import sys
from pathlib import Path

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
STARTING = "Starting up kernel..."  # the text Voici shows once the kernel is connected
LOADING_SCRIPT = """
<script>
  // bulka_teach: say what the wait is
  (function () {
    const update = window.update_loading_text;
    window.update_loading_text = function (index, count, text) {
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


def lesson_page(text: str) -> str:
    """A lesson page with the query script after its config and the loading text of the site."""
    hook = "window.update_loading_text = "
    if "bulka_teach: the page's query" in text:  # finished already
        return text
    if not CONFIG_END.search(text) or LOADING not in text or hook not in text:
        sys.exit("finish.py: a lesson page is not laid out as Voici 0.10 lays it out; check site/finish.py")
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
    pages = {page: lesson_page(text) if "voila_process" in text else text for page, text in pages.items()}
    for page, text in share_styles(site, pages).items():
        page.write_text(text, encoding="utf-8")


if __name__ == "__main__":
    if len(sys.argv) != 2:
        sys.exit(__doc__)
    finish(Path(sys.argv[1]))
