// Cards by pack: a dispatcher over the packs' art objects (MARIAS_ART, ITALIAN_ART, FRENCH_ART).
//
// widget.py joins art_kit.js (the helpers every pack's art shares), art_italian.js, art_french.js, this
// file, then table.js into the one ES module anywidget runs, so table.js calls these functions directly:
// cardImage(pack, code), cardLabel(pack, code, trump), isCardCode(pack, code), suitIcon(pack, suit),
// suitBadge(pack, suit), suitName(pack, suit), preloadCards(pack). A card code alone does not say its
// pack (``Ab`` is the ace of bells and the ace of batons): every call names the pack (the layout's ``pack``).
//
// Each art object has one interface (ART_KIT.art): { id, suits: {letter: {name, english, main, dark,
// pale}}, ranks: {symbol: {name, english, corner}}, suitOrder, rankOrder, suitShape(suit) (SVG elements
// in a 100 × 100 box), face(code) and back() (SVG documents, viewBox 0 0 100 160), label(code, trump) }.
// The Mariáš art (Czech Bulka's pack) is MARIAS_ART, below. A code that is not a card of the pack (or of
// a pack with no art) is drawn as a visibly marked card with the code on it, and a console warning:
// never nothing.
//
// Each picture is built once per (pack, code) and kept as an image URL (a blob), so that a redraw of
// the table pastes one <img> per card instead of re-parsing dozens of SVG elements.

// --- the Mariáš art: the project's own German-suited pack, drawn as SVG strings ------------------------
//
// Colour is never the only cue: each suit has its own shape (heart, leaf, acorn, bell), its own
// colour from a colour-blind-safe palette (Okabe–Ito vermillion, bluish green and blue, with a
// dark brown apart from them in lightness), and its letter in the corners beside the rank.

const MARIAS_ART = (() => {
  const SUIT_ORDER = ["h", "l", "a", "b"];

  const SUITS = {
    h: { name: "červené", english: "hearts", main: "#D55E00", dark: "#9A3F00", pale: "#FCEBDF" },
    l: { name: "zelené", english: "leaves", main: "#009E73", dark: "#00694C", pale: "#DDF3EA" },
    a: { name: "žaludy", english: "acorns", main: "#8A5424", dark: "#4E2C0E", pale: "#F3E9DC" },
    b: { name: "kule", english: "bells", main: "#0072B2", dark: "#004F7C", pale: "#DCEBF6" },
  };

  const RANKS = {
    7: { name: "sedma", english: "seven", corner: "7" },
    8: { name: "osma", english: "eight", corner: "8" },
    9: { name: "devítka", english: "nine", corner: "9" },
    X: { name: "desítka", english: "ten", corner: "X" },
    U: { name: "spodek", english: "under", corner: "U" },
    O: { name: "svršek", english: "over", corner: "O" },
    K: { name: "král", english: "king", corner: "K" },
    A: { name: "eso", english: "ace", corner: "A" },
  };

  const { SERIF, SKIN, INK, GOLD, PIPS } = ART_KIT;
  const isCode = ART_KIT.codeTest(RANKS, SUITS);  // "Ah", "7b" …


  // --- suit symbols, each drawn in a 100 × 100 box --------------------------------------------

  function heartShape(c) {
    return `<path d="M50 91C46 86 7 62 5 34C4 16 17 6 31 6C40 6 47 12 50 21C53 12 60 6 69 6C83 6 96 16 95 34`
      + `C93 62 54 86 50 91Z" fill="${c.main}" stroke="${c.dark}" stroke-width="3"/>`
      + `<ellipse cx="28" cy="28" rx="10" ry="7" fill="#fff" opacity=".35" transform="rotate(-35 28 28)"/>`;
  }

  function leafShape(c) {
    return `<path d="M50 3C58 18 82 27 89 48C95 67 82 82 64 80C58 79 55 77 53 75L56 97H44L47 75C45 77 42 79 36 80`
      + `C18 82 5 67 11 48C18 27 42 18 50 3Z" fill="${c.main}" stroke="${c.dark}" stroke-width="3" `
      + `stroke-linejoin="round"/>`
      + `<path d="M50 76V14M50 60L29 45M50 60L71 45M50 43L35 31M50 43L65 31" fill="none" stroke="#fff" `
      + `stroke-width="3" stroke-linecap="round" opacity=".6"/>`;
  }

  function acornShape(c) {
    return `<path d="M47 19C47 12 49 6 55 3" fill="none" stroke="${c.dark}" stroke-width="5" stroke-linecap="round"/>`
      + `<path d="M25 44C25 72 39 90 50 97C61 90 75 72 75 44Z" fill="${c.main}" stroke="${c.dark}" stroke-width="3"/>`
      + `<ellipse cx="38" cy="60" rx="5" ry="12" fill="#fff" opacity=".3"/>`
      + `<path d="M15 44C15 26 31 17 50 17C69 17 85 26 85 44C85 49 15 49 15 44Z" fill="${c.dark}" stroke="${c.dark}" `
      + `stroke-width="3" stroke-linejoin="round"/>`
      + `<path d="M24 40L34 26M36 44L48 22M50 44L62 22M64 44L74 28M26 26L40 44M42 22L56 44M58 21L72 42" `
      + `stroke="#fff" stroke-width="2" opacity=".35"/>`;
  }

  function bellShape(c) {
    return `<circle cx="50" cy="12" r="7" fill="none" stroke="${c.dark}" stroke-width="5"/>`
      + `<circle cx="50" cy="57" r="38" fill="${c.main}" stroke="${c.dark}" stroke-width="3"/>`
      + `<path d="M13 50Q50 64 87 50V59Q50 73 13 59Z" fill="${GOLD}" stroke="${c.dark}" stroke-width="2"/>`
      + `<circle cx="50" cy="79" r="6" fill="${c.dark}"/><path d="M50 80V94" stroke="${c.dark}" stroke-width="5"/>`
      + `<ellipse cx="35" cy="36" rx="10" ry="6" fill="#fff" opacity=".35" transform="rotate(-30 35 36)"/>`;
  }

  const suitShape = ART_KIT.shapes(SUITS, { h: heartShape, l: leafShape, a: acornShape, b: bellShape });
  const suitAt = ART_KIT.placer(suitShape);

  // --- card faces (100 × 160) -------------------------------------------------------------------

  function corner(rank, suit) {
    return ART_KIT.corners(RANKS[rank].corner, suit, SUITS[suit], suitAt);
  }

  function pipCard(rank, suit) {
    return PIPS[rank].map(([x, y]) => suitAt(suit, x, y, 23)).join("");
  }

  function aceCard(suit) {
    const c = SUITS[suit];
    const rays = Array.from({ length: 16 }, (_, i) => {
      const a = (i * Math.PI) / 8;
      const x1 = 50 + 29 * Math.cos(a), y1 = 78 + 30 * Math.sin(a);
      const x2 = 50 + 33 * Math.cos(a), y2 = 78 + 36 * Math.sin(a);
      return `M${x1.toFixed(1)} ${y1.toFixed(1)}L${x2.toFixed(1)} ${y2.toFixed(1)}`;
    }).join("");
    return `<ellipse cx="50" cy="78" rx="34" ry="46" fill="${c.pale}" stroke="${c.main}" stroke-width="1.5"/>`
      + `<circle cx="50" cy="78" r="28" fill="#fffdf6" stroke="${c.dark}" stroke-width="1" opacity=".9"/>`
      + `<path d="${rays}" stroke="${c.main}" stroke-width="2.2" stroke-linecap="round"/>`
      + suitAt(suit, 50, 76, 44)
      + `<path d="M24 133H76L72 139L76 145H24L28 139Z" fill="${c.main}" stroke="${c.dark}" stroke-width="1"/>`
      + `<text x="50" y="142.5" font-family="${SERIF}" font-size="9" font-weight="700" fill="#fff" `
      + `text-anchor="middle" letter-spacing="2">ESO</text>`;
  }

  /** Head, hair and hat of a figure whose face is centred on (50, y). */
  function head(rank, y, c) {
    const face = `<circle cx="50" cy="${y}" r="9" fill="${SKIN}" stroke="${INK}" stroke-width=".9"/>`
      + `<circle cx="46.5" cy="${y - 1}" r="1" fill="${INK}"/><circle cx="53.5" cy="${y - 1}" r="1" fill="${INK}"/>`
      + `<path d="M47 ${y + 4}Q50 ${y + 6} 53 ${y + 4}" fill="none" stroke="${INK}" stroke-width=".9"/>`;
    if (rank === "U") {  // spodek: a young under-knave in a flat cap with a short feather
      return `<path d="M41 ${y - 2}Q42 ${y - 10} 50 ${y - 10}Q58 ${y - 10} 59 ${y - 2}Z" fill="#6b4a2b"/>` + face
        + `<path d="M38 ${y - 6}Q50 ${y - 17} 62 ${y - 6}Q50 ${y - 9} 38 ${y - 6}Z" fill="${c.dark}"/>`
        + `<path d="M58 ${y - 10}Q66 ${y - 18} 70 ${y - 14}" fill="none" stroke="#fff" stroke-width="2"/>`;
    }
    if (rank === "O") {  // svršek: an over-knave in a tall hat with a plume
      return `<path d="M41 ${y}Q41 ${y - 10} 50 ${y - 10}Q59 ${y - 10} 59 ${y}Z" fill="#3b2a1a"/>` + face
        + `<path d="M37 ${y - 7}H63L59 ${y - 9}V${y - 19}Q50 ${y - 22} 41 ${y - 19}V${y - 9}Z" fill="${c.dark}"/>`
        + `<path d="M44 ${y - 12}H56" stroke="${GOLD}" stroke-width="2"/>`
        + `<path d="M58 ${y - 17}Q70 ${y - 28} 74 ${y - 16}Q66 ${y - 22} 60 ${y - 14}Z" fill="#fff" stroke="${INK}" `
        + `stroke-width=".6"/>`;
    }
    // král: a bearded king with a crown
    return face + `<path d="M41 ${y + 2}Q42 ${y + 16} 50 ${y + 17}Q58 ${y + 16} 59 ${y + 2}Q55 ${y + 7} 50 ${y + 7}`
      + `Q45 ${y + 7} 41 ${y + 2}Z" fill="#e9e4da" stroke="${INK}" stroke-width=".6"/>`
      + `<path d="M40 ${y - 7}L40 ${y - 19}L45 ${y - 13}L50 ${y - 21}L55 ${y - 13}L60 ${y - 19}L60 ${y - 7}Z" `
      + `fill="${GOLD}" stroke="#8a6a12" stroke-width=".8"/>`
      + `<circle cx="50" cy="${y - 12}" r="1.8" fill="${c.main}"/>`;
  }

  function hand(x, y) {
    return `<circle cx="${x}" cy="${y}" r="3.6" fill="${SKIN}" stroke="${INK}" stroke-width=".7"/>`;
  }

  /** A robe from the shoulders at ``top`` down to ``bottom``, in the suit's colour. */
  function robe(top, bottom, c, ermine) {
    const w = bottom - top > 60 ? 30 : 26;
    const body = `<path d="M${50 - 14} ${top}Q50 ${top - 4} ${50 + 14} ${top}L${50 + w} ${bottom}H${50 - w}Z" `
      + `fill="${c.main}" stroke="${c.dark}" stroke-width="1.2"/>`
      + `<path d="M50 ${top}V${bottom}" stroke="${c.dark}" stroke-width="1" opacity=".5"/>`;
    const collar = ermine
      ? `<path d="M34 ${top + 1}Q50 ${top + 12} 66 ${top + 1}Q50 ${top + 6} 34 ${top + 1}Z" fill="#fff" stroke="${INK}" `
        + `stroke-width=".5"/><circle cx="42" cy="${top + 5}" r="1" fill="${INK}"/>`
        + `<circle cx="58" cy="${top + 5}" r="1" fill="${INK}"/><circle cx="50" cy="${top + 7}" r="1" fill="${INK}"/>`
      : `<path d="M42 ${top - 1}L50 ${top + 7}L58 ${top - 1}" fill="#fff" stroke="${INK}" stroke-width=".6"/>`;
    const buttons = [0.22, 0.4, 0.58].map((f) => `<circle cx="50" cy="${top + (bottom - top) * f + 4}" r="1.4" `
      + `fill="${GOLD}" stroke="${c.dark}" stroke-width=".4"/>`).join("");
    const hem = `<path d="M${50 - w + 2} ${bottom - 5}H${50 + w - 2}" stroke="${GOLD}" stroke-width="2.2"/>`;
    return body + hem + (ermine ? "" : buttons) + collar;
  }

  function figureCard(rank, suit) {
    const c = SUITS[suit];
    const panel = `<rect x="19.5" y="7" width="61" height="146" rx="5" fill="${c.pale}" stroke="${c.main}" `
      + `stroke-width="1.2"/>`;
    if (rank === "U") {  // the under's suit sign low, at his feet
      return panel + robe(60, 116, c, false)
        + `<path d="M36 116V125M64 116V125" stroke="${INK}" stroke-width="4" stroke-linecap="round"/>`
        + `<ellipse cx="34" cy="126.5" rx="4.5" ry="2.2" fill="${INK}"/><ellipse cx="66" cy="126.5" rx="4.5" ry="2.2" `
        + `fill="${INK}"/>`
        + `<path d="M34 86L26 104M66 86L72 100" stroke="${c.dark}" stroke-width="6" stroke-linecap="round"/>`
        + hand(26, 105) + hand(72, 101)
        + `<path d="M29 88H71" stroke="${GOLD}" stroke-width="3"/>`
        + head(rank, 48, c) + suitAt(suit, 50, 137, 26);
    }
    if (rank === "O") {  // the over's suit sign high, above his hat
      return panel + suitAt(suit, 50, 26, 26) + robe(82, 153, c, false)
        + `<path d="M28 111H72" stroke="${GOLD}" stroke-width="3"/>`
        + `<path d="M36 92L26 76M64 92L72 110" stroke="${c.dark}" stroke-width="6" stroke-linecap="round"/>`
        + hand(26, 75) + hand(72, 111)
        + head(rank, 70, c);
    }
    // the king: crowned, with his suit sign on the chest and a sceptre
    return panel + robe(64, 153, c, true)
      + `<path d="M68 40V120" stroke="#8a6a12" stroke-width="3" stroke-linecap="round"/>`
      + `<circle cx="68" cy="38" r="4" fill="${GOLD}" stroke="#8a6a12" stroke-width=".8"/>`
      + `<path d="M60 86L68 76" stroke="${c.dark}" stroke-width="6" stroke-linecap="round"/>` + hand(68, 75)
      + `<circle cx="50" cy="104" r="17" fill="#fffdf6" stroke="${GOLD}" stroke-width="2.5"/>`
      + suitAt(suit, 50, 104, 24) + head(rank, 50, c);
  }

  function middle(rank, suit) {
    return rank === "A" ? aceCard(suit) : rank in PIPS ? pipCard(rank, suit) : figureCard(rank, suit);
  }

  /** The back every face-down card shows: a lattice and a medallion with the four suits. */
  function back() {
    const lines = [];
    for (let k = -160; k <= 100; k += 12) {
      lines.push(`M${k} 0L${k + 160} 160`, `M${k + 160} 0L${k} 160`);
    }
    return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 100 160" width="200" height="320">`
      + `<rect x=".75" y=".75" width="98.5" height="158.5" rx="7" fill="#7b2232" stroke="#3d0f18" stroke-width="1.5"/>`
      + `<svg x="6" y="6" width="88" height="148" viewBox="6 6 88 148">`
      + `<path d="${lines.join("")}" stroke="#f3dfb8" stroke-width="1.1" opacity=".35"/></svg>`
      + `<rect x="6" y="6" width="88" height="148" rx="4" fill="none" stroke="#f3dfb8" stroke-width="1.5"/>`
      + `<ellipse cx="50" cy="80" rx="30" ry="36" fill="#fbf3e2" stroke="${GOLD}" stroke-width="3"/>`
      + suitAt("h", 39, 66, 17) + suitAt("l", 61, 66, 17) + suitAt("a", 39, 94, 17) + suitAt("b", 61, 94, 17)
      + `<circle cx="50" cy="80" r="3" fill="${GOLD}"/></svg>`;
  }

  return ART_KIT.art("marias", SUITS, RANKS, SUIT_ORDER, ["7", "8", "9", "X", "U", "O", "K", "A"], {
    suitShape,
    face: ART_KIT.faces(isCode, SUITS, middle, corner),
    back,
    label: ART_KIT.labeller(isCode, RANKS, SUITS, "{rank} {suit}"),  // "ace of hearts (eso červené)"
  });
})();

/** The Mariáš face of ``code`` and the Mariáš back (the names cards.js gave them before the dispatcher). */
function cardFace(code) {
  return MARIAS_ART.face(code);
}

function cardBack() {
  return MARIAS_ART.back();
}

// --- the dispatcher by pack --------------------------------------------------------------------------

const ARTS = { marias: MARIAS_ART, italian: ITALIAN_ART, french: FRENCH_ART };  // eslint-disable-line no-undef

/** The art of a pack the module does not know: no card is its card (each is drawn marked, with a warning). */
function noArt(pack) {
  console.warn(`bulka_teach table: no card art for the pack ${JSON.stringify(pack)}`);
  return ART_KIT.art(String(pack), {}, {}, [], [], {
    suitShape: () => "", face: () => "", back: () => MARIAS_ART.back(), label: (code) => String(code),
  });
}

/** The art object of ``pack`` (Mariáš when the layout names none). */
function artOf(pack) {
  const id = pack || "marias";
  if (!(id in ARTS)) ARTS[id] = noArt(id);
  return ARTS[id];
}

/** True for a card code of ``pack`` ("Ah" in Mariáš, "2b" in the Italian pack, "Qc" in the French one). */
function isCardCode(pack, code) {
  const art = artOf(pack);
  return typeof code === "string" && code.length === 2 && code[0] in art.ranks && code[1] in art.suits;
}

/** Accessible name: "ace of hearts (eso červené)", with ", trump" when the card is a trump. */
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
    + `<text x="50" y="72" font-family="${ART_KIT.SERIF}" font-size="46" font-weight="700" fill="#c62828" `
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

/** The rank as a card's corner shows it ("10" for the French ten "X"). */
function rankCorner(pack, rank) {
  const r = artOf(pack).ranks[rank];
  return r ? r.corner : String(rank);
}
