// Cards by pack: a dispatcher over the packs' art objects (MARIAS_ART, ITALIAN_ART, FRENCH_ART).
//
// widget.py joins the art files that exist, then this file, then table.js into the one ES module
// anywidget runs, so table.js calls these functions directly: cardImage(pack, code), cardLabel(pack,
// code, trump), isCardCode(pack, code), suitIcon(pack, suit), suitBadge(pack, suit), suitName(pack,
// suit), preloadCards(pack). A card code alone does not say its pack (``Ab`` is the ace of bells and
// the ace of batons): every call names the pack (the layout's ``pack``).
//
// Each art object has one interface: { id, suits: {letter: {name, english, main, dark, pale}},
// ranks: {symbol: {name, english, corner}}, suitOrder, rankOrder, suitShape(suit) (SVG elements in a
// 100 × 100 box), face(code) and back() (SVG documents, viewBox 0 0 100 160), label(code, trump) }.
// A pack whose art file is not in the module gets a plain generated art (a rounded card with the corner
// rank and suit letter in the pack's colours, names from FALLBACK_PACKS), so every card is drawn and
// labelled. A code that is not a card of the pack is drawn as a visibly marked card with the code on
// it, and a console warning: never nothing.
//
// Each picture is built once per (pack, code) and kept as an image URL (a blob), so that a redraw of
// the table pastes one <img> per card instead of re-parsing dozens of SVG elements.

/** Names and colours of each pack, for the generated art of a pack whose art file is missing. */
const FALLBACK_PACKS = {
  marias: {
    of: "{rank} {suit}",
    suits: {
      h: { name: "červené", english: "hearts", main: "#D55E00", dark: "#9A3F00", pale: "#FCEBDF" },
      l: { name: "zelené", english: "leaves", main: "#009E73", dark: "#00694C", pale: "#DDF3EA" },
      a: { name: "žaludy", english: "acorns", main: "#8A5424", dark: "#4E2C0E", pale: "#F3E9DC" },
      b: { name: "kule", english: "bells", main: "#0072B2", dark: "#004F7C", pale: "#DCEBF6" },
    },
    ranks: { 7: ["sedma", "seven"], 8: ["osma", "eight"], 9: ["devítka", "nine"], X: ["desítka", "ten"],
      U: ["spodek", "under"], O: ["svršek", "over"], K: ["král", "king"], A: ["eso", "ace"] },
  },
  italian: {
    of: "{rank} di {suit}",
    suits: {
      s: { name: "spade", english: "swords", main: "#005F96", dark: "#003F66", pale: "#DFEBF5" },
      c: { name: "coppe", english: "cups", main: "#D55E00", dark: "#8A3E00", pale: "#FCEBDF" },
      d: { name: "denari", english: "coins", main: "#E69F00", dark: "#8A5F00", pale: "#FDF3D9" },
      b: { name: "bastoni", english: "batons", main: "#5C3A1A", dark: "#3A2410", pale: "#F1E8DD" },
    },
    ranks: { 2: ["due", "two"], 7: ["sette", "seven"], 8: ["otto", "eight"], 9: ["nove", "nine"],
      X: ["dieci", "ten"], F: ["fante", "knave"], C: ["cavallo", "knight"], R: ["re", "king"], A: ["asso", "ace"] },
  },
  french: {
    of: "{rank} de {suit}",
    suits: {
      c: { name: "trèfle", english: "clubs", main: "#1F6E43", dark: "#0F3D24", pale: "#E0F0E6" },
      d: { name: "carreau", english: "diamonds", main: "#E69F00", dark: "#8A5F00", pale: "#FDF3D9" },
      h: { name: "cœur", english: "hearts", main: "#D55E00", dark: "#8A3E00", pale: "#FCEBDF" },
      s: { name: "pique", english: "spades", main: "#1F2A44", dark: "#0B1220", pale: "#E3E6EE" },
    },
    ranks: { 7: ["sept", "seven"], 8: ["huit", "eight"], 9: ["neuf", "nine"], X: ["dix", "ten"],
      J: ["valet", "jack"], Q: ["dame", "queen"], K: ["roi", "king"], A: ["as", "ace"] },
  },
};

const CARD_SERIF = "Georgia, 'DejaVu Serif', 'Liberation Serif', serif";

/** A plain, readable art for ``pack`` from FALLBACK_PACKS: the same interface as the drawn art files. */
function fallbackArt(pack) {
  const table = FALLBACK_PACKS[pack] || { of: "{rank} {suit}", suits: {}, ranks: {} };
  const suits = table.suits;
  const ranks = Object.fromEntries(Object.entries(table.ranks)
    .map(([symbol, [name, english]]) => [symbol, { name, english, corner: symbol === "X" ? "10" : symbol }]));
  const isCode = (code) => typeof code === "string" && code.length === 2 && code[0] in ranks && code[1] in suits;
  // a disc with the suit's letter: a shape and a letter, never colour alone
  const suitShape = (suit) => {
    const c = suits[suit] || { main: "#555", dark: "#222" };
    return `<circle cx="50" cy="50" r="44" fill="${c.main}" stroke="${c.dark}" stroke-width="6"/>`
      + `<text x="50" y="68" font-family="${CARD_SERIF}" font-size="54" font-weight="700" fill="#fff" `
      + `text-anchor="middle">${suit}</text>`;
  };
  const face = (code) => {
    const rank = ranks[code[0]], c = suits[code[1]];
    const corner = `<text x="13" y="24" font-family="${CARD_SERIF}" font-size="21" font-weight="700" `
      + `fill="${c.dark}" text-anchor="middle">${rank.corner}</text>`
      + `<text x="13" y="38" font-family="${CARD_SERIF}" font-size="13" font-weight="700" fill="${c.dark}" `
      + `text-anchor="middle">${code[1]}</text>`;
    return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 100 160" width="200" height="320">`
      + `<rect x=".75" y=".75" width="98.5" height="158.5" rx="7" fill="#fffdf6" stroke="#59524a" stroke-width="1.5"/>`
      + `<rect x="24" y="10" width="52" height="140" rx="6" fill="${c.pale}" stroke="${c.main}" stroke-width="1.2"/>`
      + `<g transform="translate(30 50) scale(.4)">${suitShape(code[1])}</g>`
      + `<text x="50" y="126" font-family="${CARD_SERIF}" font-size="30" font-weight="700" fill="${c.dark}" `
      + `text-anchor="middle">${rank.corner}</text>`
      + corner + `<g transform="rotate(180 50 80)">${corner}</g></svg>`;
  };
  const back = () => `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 100 160" width="200" height="320">`
    + `<rect x=".75" y=".75" width="98.5" height="158.5" rx="7" fill="#24466b" stroke="#0f2338" stroke-width="1.5"/>`
    + `<rect x="7" y="7" width="86" height="146" rx="4" fill="none" stroke="#e8eef5" stroke-width="1.5"/>`
    + `<path d="M50 40L78 80L50 120L22 80Z" fill="none" stroke="#e8eef5" stroke-width="2"/></svg>`;
  const label = (code, trump) => {
    if (!isCode(code)) return String(code);
    const rank = ranks[code[0]], suit = suits[code[1]];
    const note = trump && code[1] === trump ? " (trump)" : "";
    return `${table.of.replace("{rank}", rank.name).replace("{suit}", suit.name)} — `
      + `${rank.english} of ${suit.english}${note}`;
  };
  return { id: pack, fallback: true, suits, ranks, suitOrder: Object.keys(suits), rankOrder: Object.keys(ranks),
    suitShape, face, back, label };
}

const ARTS = {};

/** The art object of ``pack`` (the drawn one when its file is in the module, else the generated one). */
function artOf(pack) {
  const id = pack || "marias";
  if (!(id in ARTS)) {
    let art = null;
    if (id === "marias" && typeof MARIAS_ART !== "undefined") art = MARIAS_ART;
    if (id === "italian" && typeof ITALIAN_ART !== "undefined") art = ITALIAN_ART;  // eslint-disable-line no-undef
    if (id === "french" && typeof FRENCH_ART !== "undefined") art = FRENCH_ART;  // eslint-disable-line no-undef
    ARTS[id] = art || fallbackArt(id);
  }
  return ARTS[id];
}

/** True for a card code of ``pack`` ("Ah" in Mariáš, "2b" in the Italian pack, "Qc" in the French one). */
function isCardCode(pack, code) {
  const art = artOf(pack);
  return typeof code === "string" && code.length === 2 && code[0] in art.ranks && code[1] in art.suits;
}

/** Accessible name: "eso červené — ace of hearts", with " (trump)" when the card is a trump. */
function cardLabel(pack, code, trump) {
  return isCardCode(pack, code) ? artOf(pack).label(code, trump) : String(code);
}

/** "červené (hearts)": the suit's own name, then the English one. */
function suitName(pack, suit) {
  const s = artOf(pack).suits[suit];
  return s ? `${s.name} (${s.english})` : String(suit);
}

const iconCache = {};

/** A standalone suit symbol (for badges, melds, notes), sized by CSS. */
function suitIcon(pack, suit) {
  const art = artOf(pack);
  if (!(suit in art.suits)) return "";
  const key = `${art.id}:${suit}`;
  if (!(key in iconCache)) {
    iconCache[key] = `<svg class="bt-suit-icon" data-suit="${suit}" viewBox="0 0 100 100" aria-hidden="true" `
      + `focusable="false">${art.suitShape(suit)}</svg>`;
  }
  return iconCache[key];
}

/** The round trump badge: the suit's symbol on a white disc ringed in its colour. */
function suitBadge(pack, suit) {
  const art = artOf(pack);
  const c = art.suits[suit];
  if (!c) return "";
  return `<svg class="bt-badge-art" viewBox="0 0 100 100" aria-hidden="true" focusable="false">`
    + `<circle cx="50" cy="50" r="46" fill="#fffdf6" stroke="${c.main}" stroke-width="7"/>`
    + `<circle cx="50" cy="50" r="38" fill="none" stroke="${c.dark}" stroke-width="1.5" opacity=".5"/>`
    + `<g transform="translate(24 24) scale(.52)">${art.suitShape(suit)}</g></svg>`;
}

/** A card that is not in the pack: marked (dashed red, a "?") with its code printed, never an empty space. */
function unknownFace(code) {
  const text = String(code).replace(/[&<>"']/g, "").slice(0, 6) || "?";
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 100 160" width="200" height="320">`
    + `<rect x="2" y="2" width="96" height="156" rx="7" fill="#fff4f4" stroke="#c62828" stroke-width="4" `
    + `stroke-dasharray="10 6"/>`
    + `<text x="50" y="72" font-family="${CARD_SERIF}" font-size="46" font-weight="700" fill="#c62828" `
    + `text-anchor="middle">?</text>`
    + `<text x="50" y="112" font-family="'DejaVu Sans Mono', monospace" font-size="22" font-weight="700" `
    + `fill="#3a0d0d" text-anchor="middle">${text}</text></svg>`;
}

const imageCache = {};
const warned = new Set();

function imageUrl(svg) {
  if (typeof URL !== "undefined" && URL.createObjectURL && typeof Blob !== "undefined") {
    return URL.createObjectURL(new Blob([svg], { type: "image/svg+xml" }));
  }
  return `data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`;
}

/** The picture of a face-up card (``code``) or of a back (``"back"``) of ``pack`` as an <img>, built once. */
function cardImage(pack, code) {
  const art = artOf(pack);
  const key = `${art.id}:${code}`;
  if (!(key in imageCache)) {
    let svg;
    if (code === "back") svg = art.back();
    else if (isCardCode(pack, code)) svg = art.face(code);
    else {
      svg = unknownFace(code);
      if (!warned.has(key)) {
        warned.add(key);
        console.warn(`bulka_teach table: ${JSON.stringify(code)} is not a card of the ${art.id} pack`);
      }
    }
    imageCache[key] = `<img class="bt-art" src="${imageUrl(svg)}" alt="" draggable="false">`;
  }
  return imageCache[key];
}

const preloaded = new Set();

/** Decode every picture of ``pack`` once, up front, so that no card shows blank the first time it is dealt. */
function preloadCards(pack) {
  const art = artOf(pack);
  if (preloaded.has(art.id) || typeof Image === "undefined") return;
  preloaded.add(art.id);
  for (const code of ["back", ...art.suitOrder.flatMap((s) => art.rankOrder.map((r) => r + s))]) {
    const img = new Image();
    img.src = cardImage(art.id, code).match(/src="([^"]+)"/)[1];
  }
}

/** The rank as a card's corner shows it ("10" for the French ten "X" in the generated art). */
function rankCorner(pack, rank) {
  const r = artOf(pack).ranks[rank];
  return r ? r.corner : String(rank);
}
