// The module anywidget imports for each card table. It evaluates the table's real module (cards.js then
// table.js, embedded below as a string by bulka_teach/table/widget.py) once per page and hands every
// table to that one module.
//
// Why: anywidget imports a widget's module afresh for each widget. Compiling the 50 KB table module once
// per table kept a lesson page with six tables so busy that its timers stalled for about two seconds,
// and ipywidgets gives up on a widget it is still waiting for after two seconds of timers: the learner
// saw "Error displaying widget: model not found" instead of a quiz.
const SOURCE = "__TABLE_MODULE_SOURCE__";
const KEY = "__TABLE_MODULE_KEY__"; // the module's hash: another version of the package gets its own module

function tableModule() {
  if (!globalThis[KEY]) {
    const url = URL.createObjectURL(new Blob([SOURCE], { type: "text/javascript" }));
    globalThis[KEY] = import(url)
      .catch((error) => {
        delete globalThis[KEY]; // the next table tries again
        throw error;
      })
      .finally(() => URL.revokeObjectURL(url));
  }
  return globalThis[KEY];
}

async function render(context) {
  const module = await tableModule();
  return module.default.render(context);
}

export default { render };
