/* bulka_teach (site/kernel_worker.js, put before the Pyodide kernel's worker by site/finish.py).
 *
 * A lesson page creates this worker as it opens, named EARLY_NAME followed by the URLs of its Pyodide (JSON).
 * Python then starts at once, beside the page's own scripts, and imports the kernel's Python side; the kernel's
 * start (initRuntime) takes that Python through __bulkaLoad instead of loading another.
 *
 * Later visits start from a snapshot: the first start keeps a copy of Python's memory just after the kernel's
 * import in the browser's IndexedDB (about 30 MB; no lesson has run yet, so it holds nothing of the learner's),
 * and the next page restores it instead of starting Python and importing the kernel again. A snapshot is used
 * only with the very files it was made from (its key: Pyodide's version and a checksum of the end of the
 * standard library's zip, which lists every module's CRC); any other is deleted and Python starts afresh.
 * Restored, Python's random generator is seeded anew, or every visit would deal the same "random" deals.
 */
const __BULKA_KERNEL_IMPORT = "import pyodide_kernel";
const __BULKA_SNAPSHOT_FORMAT = "bulka_teach snapshot 1: " + __BULKA_KERNEL_IMPORT;

var __bulkaEager = null;
var __bulkaStarted = "";  // how Python started: "restored" from a snapshot, or "fresh" (the site's tests read it)
if (self.name.startsWith("EARLY_NAME")) {
  const urls = JSON.parse(self.name.slice("EARLY_NAME".length));
  importScripts(urls.pyodideUrl);
  __bulkaEager = __bulkaStart(urls.indexUrl);
  __bulkaEager.catch((error) => console.error("bulka_teach: the early Python start failed", error));
}

async function __bulkaStart(indexURL) {
  const record = "kernel " + indexURL;  // one snapshot for each site on this origin
  // the snapshot's key first (small), then its bytes (30 MB) read while Pyodide fetches its files
  const key = await __bulkaSnapshots("get", record + " key").catch(() => undefined);
  if (key) {
    let api = null;
    try {
      const pyodide = await self.loadPyodide({
        indexURL,
        _loadSnapshot: __bulkaSnapshots("get", record).then((bytes) => bytes || Promise.reject(new Error("no bytes"))),
        // the kernel's import keeps Pyodide's API object and one of its functions (see the serializer below)
        _snapshotDeserializer: (name) =>
          name === "pyodide" ? new Proxy({}, { get: (_, key) => api[key] }) : (...args) => api[name](...args),
      });
      api = pyodide;
      if (__bulkaFingerprint(pyodide) === key) {
        pyodide.runPython("import random\nrandom.seed()");
        __bulkaStarted = "restored";
        return pyodide;
      }
    } catch (error) {
      console.warn("bulka_teach: the saved Python could not be restored; starting afresh", error);
    }
    __bulkaSnapshots("delete", record).catch(() => {});
  }
  const pyodide = await self.loadPyodide({ indexURL, _makeSnapshot: true });
  await pyodide.runPythonAsync(__BULKA_KERNEL_IMPORT);
  __bulkaStarted = "fresh";
  let bytes = null;
  try {
    bytes = pyodide.makeMemorySnapshot({
      serializer: (object) => {
        if (object === pyodide) return "pyodide";
        if (typeof object === "function" && pyodide[object.name] === object) return object.name;
        throw new Error("a JavaScript object that a snapshot cannot keep");
      },
    });
  } catch (error) {
    console.warn("bulka_teach: no snapshot of Python kept for the next visit", error);
  }
  if (bytes) {
    __bulkaSnapshots("put", record, bytes, __bulkaFingerprint(pyodide)).catch((error) =>
      console.warn("bulka_teach: the browser did not keep the snapshot of Python", error),
    );
  }
  return pyodide;
}

/** What a snapshot was made from: the snapshot's format, Pyodide's version, the standard library's zip. */
function __bulkaFingerprint(pyodide) {
  const path = pyodide.runPython("import sys\nnext(p for p in sys.path if p.endswith('.zip'))");
  const zip = pyodide.FS.readFile(path);
  let hash = 0x811c9dc5;  // FNV-1a over the zip's last 256 KB: its central directory, every member's CRC-32
  for (let i = Math.max(0, zip.length - 262144); i < zip.length; i++) {
    hash = Math.imul(hash ^ zip[i], 0x01000193);
  }
  return [__BULKA_SNAPSHOT_FORMAT, pyodide.version, zip.length, (hash >>> 0).toString(16)].join(" ");
}

/**
 * This origin's IndexedDB store of Python snapshots: get a record ("RECORD key" holds a snapshot's key, "RECORD"
 * its bytes), put a snapshot's bytes and key together, or delete both.
 */
function __bulkaSnapshots(action, record, bytes, key) {
  return new Promise((resolve, reject) => {
    const open = indexedDB.open("bulka_teach-python", 1);
    open.onupgradeneeded = () => open.result.createObjectStore("snapshots");
    open.onerror = () => reject(open.error);
    open.onsuccess = () => {
      const db = open.result;
      const transaction = db.transaction("snapshots", action === "get" ? "readonly" : "readwrite");
      const store = transaction.objectStore("snapshots");
      let request = null;
      if (action === "get") {
        request = store.get(record);
      } else if (action === "put") {
        store.put(bytes, record);
        store.put(key, record + " key");
      } else {
        store.delete(record);
        store.delete(record + " key");
      }
      transaction.oncomplete = () => {
        db.close();
        resolve(request ? request.result : undefined);
      };
      transaction.onerror = transaction.onabort = () => {
        db.close();
        reject(transaction.error);
      };
    };
  });
}

/** The kernel's loadPyodide: the Python started above, given the kernel's output callbacks and environment. */
function __bulkaLoad(load) {
  if (!__bulkaEager) return load;
  return async (options) => {
    const { indexURL, stdout, stderr, env, packages, ...rest } = options;
    if (Object.keys(rest).length) {
      throw new Error("bulka_teach: the early Python start cannot take " + Object.keys(rest).join(", ") +
                      "; see site/kernel_worker.js");
    }
    const pyodide = await __bulkaEager;
    pyodide.setStdout({ batched: stdout });
    pyodide.setStderr({ batched: stderr });
    const environ = JSON.stringify(JSON.stringify(env || {}));  // a Python string literal of the JSON
    pyodide.runPython("import json, os\nos.environ.update(json.loads(" + environ + "))");
    return pyodide;
  };
}
