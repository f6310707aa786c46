// Byte-compile, with the Pyodide that will run them, the Python modules a lesson page imports: a page then
// loads bytecode instead of compiling IPython, the widgets, the package and some 150 modules of the standard
// library from source on every visit (npm's python_stdlib.zip holds sources only; the Pyodide distribution's
// own wheels are compiled the same way). Run in Node, it installs the wheels, starts the Pyodide kernel's
// Python side, runs every code cell of every lesson, and notes each module imported; in the wheels and in the
// standard library's zip those modules' .py become .pyc in place, the rest stay source (smaller, compiled if a
// page ever imports them). Pygments' lexers for languages no page shows (every one but those an error's
// traceback and IPython use, found by running a failing cell) are left out: about 1 MB. Metadata (the entry
// points included) is kept; RECORD is written anew; a wheel's .data folder (a labextension's front end, which
// the browser gets from the site instead) is left out. The package's own modules are compiled as by python -OO:
// without docstrings or asserts, which no page reads (about 10% of what every learner downloads of it).
//
// usage: node site/precompile.mjs PYODIDE_NPM_PACKAGE_DIR WHEEL_DIR LESSONS_DIR OUT_DIR
//   writes OUT_DIR/*.whl and OUT_DIR/python_stdlib.zip
import { mkdirSync } from "node:fs";
import { resolve } from "node:path";
import { pathToFileURL } from "node:url";

const [npmDir, wheelDir, lessonsDir, outDir] = process.argv.slice(2).map((p) => resolve(p));
if (!outDir) {
  console.error("usage: node site/precompile.mjs PYODIDE_NPM_PACKAGE_DIR WHEEL_DIR LESSONS_DIR OUT_DIR");
  process.exit(2);
}
mkdirSync(outDir, { recursive: true });
const { loadPyodide } = await import(pathToFileURL(`${npmDir}/pyodide.mjs`).href);
const pyodide = await loadPyodide({ indexURL: `${npmDir}/` });
for (const [dir, mount] of [[npmDir, "/npm"], [wheelDir, "/wheels"], [lessonsDir, "/lessons"], [outDir, "/out"]]) {
  pyodide.FS.mkdirTree(mount);
  pyodide.FS.mount(pyodide.FS.filesystems.NODEFS, { root: dir }, mount);
}
const report = await pyodide.runPythonAsync(`
import base64, hashlib, importlib.util, io, json, os, site, sys, zipfile
from importlib._bootstrap_external import _code_to_hash_pyc

SITE = site.getsitepackages()[0]
STDLIB = next(p for p in sys.path if p.endswith(".zip"))
wheels = sorted(n for n in os.listdir("/wheels") if n.endswith(".whl"))
for name in wheels:
    with zipfile.ZipFile(f"/wheels/{name}") as w:
        w.extractall(SITE)
importlib.invalidate_caches()

# The kernel's Python side, as the worker starts it (piplite and micropip first), then every lesson's code
# cells through its shell.
import micropip, piplite.piplite
import pyodide_kernel
shell = pyodide_kernel.ipython_shell
shell.send_comm = lambda *args, **kwargs: None
failed = []
for root, _dirs, files in sorted(os.walk("/lessons")):
    for file in sorted(files):
        if file.endswith(".ipynb"):
            notebook = json.load(open(os.path.join(root, file), encoding="utf-8"))
            for cell in notebook["cells"]:
                if cell["cell_type"] == "code":
                    result = await shell.run_cell_async("".join(cell["source"]), store_history=False)
                    if not result.success:
                        failed.append(f"{file}: {result.error_in_exec or result.error_before_exec!r}")
# What an error shows, though no lesson cell fails: IPython's coloured traceback and its lexers (pygments')
await shell.run_cell_async("def _bulka_fails():\\n    return 1 / 0\\n_bulka_fails()", store_history=False)
import ipython_pygments_lexers
for _lexer in ("IPython3Lexer", "IPythonTracebackLexer", "IPythonConsoleLexer", "IPythonPartialTracebackLexer"):
    getattr(ipython_pygments_lexers, _lexer)()
from pygments.lexers import PythonLexer, PythonTracebackLexer, TextLexer
PythonLexer(), PythonTracebackLexer(), TextLexer()
sys.stdout, sys.stderr = sys.__stdout__, sys.__stderr__

used = set()
for module in list(sys.modules.values()):
    path = getattr(module, "__file__", None)
    if path and path.endswith(".py"):
        used.add(path)

def digest(data):
    return "sha256=" + base64.urlsafe_b64encode(hashlib.sha256(data).digest()).rstrip(b"=").decode()

def rewrite(source_path, target_path, prefix, is_wheel):
    compiled = omitted = 0
    out = io.BytesIO()
    with zipfile.ZipFile(source_path) as source, zipfile.ZipFile(out, "w", zipfile.ZIP_DEFLATED, compresslevel=9) as target:
        record_name = next((n for n in source.namelist() if n.count("/") == 1 and n.endswith(".dist-info/RECORD")), None)
        records = []
        for info in source.infolist():
            if info.is_dir() or info.filename == record_name:
                continue
            name, data = info.filename, source.read(info)
            top = name.split("/")[0]
            if is_wheel and top.endswith(".data"):
                continue
            if name.startswith("pygments/lexers/") and name.endswith(".py") and f"{prefix}/{name}" not in used \
                    and name.count("/") == 2 and not name.endswith(("/__init__.py", "/_mapping.py")):
                omitted += 1  # a lexer for a language no page shows (about 1 MB of the site)
                continue
            if name.endswith(".py") and f"{prefix}/{name}" in used:
                # the package's own modules are compiled as by python -OO: no docstrings (every learner downloads
                # them, no page reads them) and no asserts (invariants the tests check on the server)
                own = is_wheel and name.startswith("bulka_teach/")
                code = compile(data, name, "exec", dont_inherit=True, optimize=2 if own else -1)
                name, data = name + "c", bytes(_code_to_hash_pyc(code, importlib.util.source_hash(data), False))
                compiled += 1
            target.writestr(zipfile.ZipInfo(name, date_time=(2020, 1, 1, 0, 0, 0)), data, compress_type=zipfile.ZIP_DEFLATED)
            records.append(f"{name},{digest(data)},{len(data)}")
        if record_name:
            records.append(f"{record_name},,")
            target.writestr(zipfile.ZipInfo(record_name, date_time=(2020, 1, 1, 0, 0, 0)), "\\n".join(records) + "\\n",
                            compress_type=zipfile.ZIP_DEFLATED)
    with open(target_path, "wb") as f:
        f.write(out.getvalue())
    return f"{compiled} modules compiled" + (f", {omitted} unused lexers left out" if omitted else "")

lines = [f"{rewrite(f'/wheels/{n}', f'/out/{n}', SITE, True)} in {n}" for n in wheels]
lines.append(f"{rewrite('/npm/python_stdlib.zip', '/out/python_stdlib.zip', STDLIB, False)} in the standard library")
lines += [f"a lesson cell failed while tracing imports: {f}" for f in failed]
"\\n".join(lines)
`);
console.log(report);
