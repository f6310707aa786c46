"""Gallery screenshots of the three packs' card art, run by hand to look at the cards.

    .venv/bin/python scripts/card_gallery.py [--out docs/screenshots] [--scale 1]

Loads ``widgets/cards.js`` (Mariáš), ``widgets/art_italian.js`` and ``widgets/art_french.js`` into a blank
Chromium page and writes one PNG per pack: ``pack-marias.png``, ``pack-italian.png``, ``pack-french.png``.
Each shows every card at twice the hand size (124 px wide), then every card at the hand size (62 px,
the table's ``--bt-card``), then one suit and the back at the smallest size the table draws (31 px:
the dokup and the exchanged seven), so that each size can be judged by eye.

``--simulate protan|deutan|tritan`` draws the pages as a reader with that colour-vision deficiency sees them
(Machado et al. 2009, full severity, applied in linear RGB) and adds the name to each file
(``pack-french-deutan.png``): the suits must stay apart by lightness, shape and letter.
"""
from __future__ import annotations

import argparse
from pathlib import Path

from playwright.sync_api import sync_playwright

from bulka_teach.table.widget import ART_FILES

ROOT = Path(__file__).resolve().parents[1]
WIDGETS = ROOT / "widgets"
CHROMIUM = "/usr/bin/chromium"
CHROMIUM_ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking",
                 "--disable-component-update", "--disable-sync"]

# Machado, Oliveira and Fernandes (2009), severity 1: linear-RGB matrices, rows R, G, B.
SIMULATIONS = {
    "protan": "0.152286 1.052583 -0.204868 0 0  0.114503 0.786281 0.099216 0 0  -0.003882 -0.048116 1.051998 0 0",
    "deutan": "0.367322 0.860646 -0.227968 0 0  0.280085 0.672501 0.047413 0 0  -0.011820 0.042940 0.968881 0 0",
    "tritan": "1.255528 -0.076749 -0.178779 0 0  -0.078411 0.930809 0.147602 0 0  0.004733 0.691367 0.303900 0 0",
}

PAGE = """<!doctype html><html><head><meta charset="utf-8"><style>
body { margin: 0; padding: 16px; background: #2f6b4f; font: 14px sans-serif; color: #fff; width: max-content; }
h2 { margin: 8px 0; font-weight: 600; }
.row { display: flex; gap: 6px; margin: 0 0 8px; align-items: flex-end; }
.row img { display: block; border-radius: 5px; box-shadow: 0 1px 3px rgba(0,0,0,.4); }
.w124 img { width: 124px; } .w62 img { width: 62px; } .w31 img { width: 31px; }
</style></head><body></body></html>"""

# The browser side: every pack as the same small record, whatever its art's interface.
SCRIPT = """
window.PACKS = {};
Object.assign(PACKS, {
  marias: { title: "Mariáš (cards.js)", suits: MARIAS_ART.suitOrder, ranks: MARIAS_ART.rankOrder,
            img: (code) => svgImg(MARIAS_ART.face(code)), back: () => svgImg(MARIAS_ART.back()) },
  italian: { title: "Trappola, Italian suits (art_italian.js)", suits: ITALIAN_ART.suitOrder,
             ranks: ITALIAN_ART.rankOrder, img: (code) => svgImg(ITALIAN_ART.face(code)),
             back: () => svgImg(ITALIAN_ART.back()) },
  french: { title: "Bouillotte, French suits (art_french.js)", suits: FRENCH_ART.suitOrder,
            ranks: FRENCH_ART.rankOrder, img: (code) => svgImg(FRENCH_ART.face(code)),
            back: () => svgImg(FRENCH_ART.back()) },
});
function svgImg(svg) {
  return `<img src="data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}" alt="">`;
}
window.showPack = (key) => {
  const p = PACKS[key];
  const rows = (cls, suits) => suits.map((s) => `<div class="row ${cls}">`
    + p.ranks.map((r) => p.img(r + s)).join("") + (s === suits[0] ? p.back() : "") + `</div>`).join("");
  document.body.innerHTML = `<h2>${p.title}: 2× (124 px)</h2>` + rows("w124", p.suits)
    + `<h2>hand size (62 px)</h2>` + rows("w62", p.suits)
    + `<h2>smallest (31 px)</h2>` + rows("w31", p.suits);
  return Promise.all([...document.images].map((img) => img.decode()));
};
"""


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out", type=Path, default=ROOT / "docs" / "screenshots")
    parser.add_argument("--scale", type=float, default=1, help="device pixel ratio of the screenshots")
    parser.add_argument("--simulate", choices=sorted(SIMULATIONS), help="show the cards as with this deficiency")
    args = parser.parse_args()
    args.out.mkdir(parents=True, exist_ok=True)
    source = "\n".join((WIDGETS / name).read_text(encoding="utf-8") for name in ART_FILES + ("cards.js",))
    with sync_playwright() as pw:
        browser = pw.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        try:
            page = browser.new_page(viewport={"width": 1400, "height": 900}, device_scale_factor=args.scale)
            page.set_content(PAGE)
            page.add_script_tag(content=source + "\n" + SCRIPT)
            if args.simulate:
                page.evaluate("""(matrix) => {
                  document.documentElement.insertAdjacentHTML("beforeend", `<svg width="0" height="0"
                    style="position:absolute"><filter id="cvd" color-interpolation-filters="linearRGB">
                    <feColorMatrix type="matrix" values="${matrix} 0 0 0 1 0"/></filter></svg>`);
                  document.body.style.filter = "url(#cvd)";
                }""", SIMULATIONS[args.simulate])
            suffix = f"-{args.simulate}" if args.simulate else ""
            for key, name in (("marias", "pack-marias.png"), ("italian", "pack-italian.png"),
                              ("french", "pack-french.png")):
                if not page.evaluate("(key) => key in PACKS", key):
                    print(f"{key}: its art file is missing or failed to load, skipped")
                    continue
                page.evaluate("(key) => showPack(key)", key)
                path = args.out / name.replace(".png", f"{suffix}.png")
                page.screenshot(path=str(path), full_page=True)
                print(path.relative_to(ROOT) if path.is_relative_to(ROOT) else path)
            page.close()
        finally:
            browser.close()


if __name__ == "__main__":
    main()
