// The project's own art for the French-suited pack of Bouillotte (7 8 9 X J Q K A in four suits),
// drawn as SVG strings.
//
// One top-level name, FRENCH_ART: the file is joined with cards.js and table.js into one ES module,
// so every helper lives inside the closure below. The object has the interface every pack's art
// shares (id, suits, ranks, suitOrder, rankOrder, suitShape, face, back, label), and each function is
// pure: the same code always gives the same string (built once, then kept).
//
// Colour is never the only cue, and red against black is not relied on: a four-colour pack, each suit
// in its own colour (Okabe–Ito sky-blue diamonds and vermillion hearts, a dark bluish green for clubs,
// near-black spades: four steps apart in lightness, and blue against red-brown where red and green
// merge), with its own shape and its letter in the corners.

const FRENCH_ART = (() => {
  const { SERIF, SKIN, INK, GOLD, CREAM, f1, PIPS } = ART_KIT;
  const GOLD_DARK = "#8A6A12";

  const SUITS = {
    c: { name: "trèfle", english: "clubs", main: "#00704F", dark: "#00452F", pale: "#DDF1E8" },
    d: { name: "carreau", english: "diamonds", main: "#56B4E9", dark: "#1F6E9C", pale: "#E1F1FB" },
    h: { name: "cœur", english: "hearts", main: "#D55E00", dark: "#8A3E00", pale: "#FCEBDF" },
    s: { name: "pique", english: "spades", main: "#23262B", dark: "#000000", pale: "#E8E9EC" },
  };

  const RANKS = {
    7: { name: "sept", english: "seven", corner: "7" },
    8: { name: "huit", english: "eight", corner: "8" },
    9: { name: "neuf", english: "nine", corner: "9" },
    X: { name: "dix", english: "ten", corner: "10" },
    J: { name: "valet", english: "jack", corner: "J" },
    Q: { name: "dame", english: "queen", corner: "Q" },
    K: { name: "roi", english: "king", corner: "K" },
    A: { name: "as", english: "ace", corner: "A" },
  };

  const SUIT_ORDER = ["c", "d", "h", "s"];
  const RANK_ORDER = ["7", "8", "9", "X", "J", "Q", "K", "A"];

  const isCode = ART_KIT.codeTest(RANKS, SUITS);

  // --- suit symbols, each drawn in a 100 × 100 box ------------------------------------------

  /** Trèfle: three round leaves and a flared stem; outlined once round the whole (stroke under fill). */
  function club(c) {
    const parts = `<circle cx="50" cy="27" r="20"/><circle cx="27" cy="57" r="20"/><circle cx="73" cy="57" r="20"/>`
      + `<circle cx="50" cy="50" r="12"/><path d="M45 55Q46 80 32 95H68Q54 80 55 55Z"/>`;
    return `<g fill="${c.dark}" stroke="${c.dark}" stroke-width="6" stroke-linejoin="round">${parts}</g>`
      + `<g fill="${c.main}">${parts}</g>`
      + `<ellipse cx="43" cy="20" rx="6" ry="4" fill="#fff" opacity=".35" transform="rotate(-35 43 20)"/>`;
  }

  function diamond(c) {
    return `<path d="M50 3Q64 29 88 50Q64 71 50 97Q36 71 12 50Q36 29 50 3Z" fill="${c.main}" stroke="${c.dark}" `
      + `stroke-width="3" stroke-linejoin="round"/>`
      + `<path d="M50 15Q41 34 26 48" fill="none" stroke="#fff" stroke-width="4" stroke-linecap="round" opacity=".4"/>`;
  }

  function heart(c) {
    return `<path d="M50 93C40 81 6 60 6 33C6 17 18 7 31 7C40 7 47 13 50 22C53 13 60 7 69 7C82 7 94 17 94 33`
      + `C94 60 60 81 50 93Z" fill="${c.main}" stroke="${c.dark}" stroke-width="3" stroke-linejoin="round"/>`
      + `<ellipse cx="27" cy="27" rx="9" ry="6" fill="#fff" opacity=".35" transform="rotate(-35 27 27)"/>`;
  }

  function spade(c) {
    return `<path d="M50 4C60 20 92 37 92 60C92 74 81 82 70 82C62 82 56 78 53 73Q54 87 65 96H35Q46 87 47 73`
      + `C44 78 38 82 30 82C19 82 8 74 8 60C8 37 40 20 50 4Z" fill="${c.main}" stroke="${c.dark}" stroke-width="3" `
      + `stroke-linejoin="round"/>`
      + `<ellipse cx="30" cy="55" rx="5" ry="10" fill="#fff" opacity=".3" transform="rotate(40 30 55)"/>`;
  }

  const suitShape = ART_KIT.shapes(SUITS, { c: club, d: diamond, h: heart, s: spade });
  const placed = ART_KIT.placer(suitShape);
  /** The suit's symbol centred on (cx, cy), ``size`` units wide, upside down when ``flip``. */
  const at = (suit, cx, cy, size, flip = false) => placed(suit, cx, cy, size, flip ? 180 : 0);

  // --- card faces (100 × 160) ---------------------------------------------------------------

  function corner(rank, suit) {
    return ART_KIT.corners(RANKS[rank].corner, suit, SUITS[suit], at);
  }

  function pipCard(rank, suit) {
    return PIPS[rank].map(([x, y]) => at(suit, x, y, 23, y > 80)).join("");
  }

  /** The ace: one large sign in a ringed medallion, with a ribbon reading AS. */
  function aceCard(suit) {
    const c = SUITS[suit];
    const dots = Array.from({ length: 24 }, (_, i) => {
      const a = (i * Math.PI) / 12;
      return `<circle cx="${f1(50 + 37 * Math.cos(a))}" cy="${f1(78 + 37 * Math.sin(a))}" r="1.3" fill="${c.main}"/>`;
    }).join("");
    return `<circle cx="50" cy="78" r="40" fill="${c.pale}" stroke="${c.main}" stroke-width="1.5"/>` + dots
      + `<circle cx="50" cy="78" r="33" fill="${CREAM}" stroke="${c.dark}" stroke-width="1" opacity=".9"/>`
      + at(suit, 50, 78, 52)
      + `<path d="M28 131H72L68 137.5L72 144H28L32 137.5Z" fill="${c.main}" stroke="${c.dark}" stroke-width="1"/>`
      + `<text x="50" y="141" font-family="${SERIF}" font-size="9" font-weight="700" fill="#fff" `
      + `text-anchor="middle" letter-spacing="2">AS</text>`;
  }

  function hand(x, y) {
    return `<circle cx="${x}" cy="${y}" r="3.4" fill="${SKIN}" stroke="${INK}" stroke-width=".7"/>`;
  }

  function faceAt(y, lips = INK) {
    return `<circle cx="50" cy="${y}" r="8.5" fill="${SKIN}" stroke="${INK}" stroke-width=".9"/>`
      + `<circle cx="46.8" cy="${y - 1}" r="1" fill="${INK}"/><circle cx="53.2" cy="${y - 1}" r="1" fill="${INK}"/>`
      + `<path d="M47.5 ${y + 3.8}Q50 ${y + 5.5} 52.5 ${y + 3.8}" fill="none" stroke="${lips}" stroke-width="1"/>`;
  }

  /** Shoulders, sleeves and chest down to the card's middle line (y = 80), in the suit's colour. */
  function shoulders(c) {
    return `<path d="M21 80V67Q22 56 35 52.5L44 50.5H56L65 52.5Q78 56 79 67V80Z" fill="${c.main}" `
      + `stroke="${c.dark}" stroke-width="1.2" stroke-linejoin="round"/>`
      + `<path d="M31 57Q28 68 31 80M69 57Q72 68 69 80" fill="none" stroke="${c.dark}" stroke-width="1.2"/>`;
  }

  /** Valet: a young man in a feathered cap, a halberd over his shoulder. */
  function jack(suit, c) {
    const y = 37;
    return shoulders(c)
      + `<path d="M69 80V26" stroke="${GOLD_DARK}" stroke-width="2.4"/>`
      + `<path d="M69 16L72 26H66Z M69 22Q78 26 75 34Q71 30 69 30Z" fill="#c9ced6" stroke="${INK}" stroke-width=".7"/>`
      + `<path d="M37 53L44 80M63 53L56 80" stroke="${GOLD}" stroke-width="2.2"/>`
      + `<path d="M43 51L50 60L57 51" fill="#fff" stroke="${INK}" stroke-width=".6"/>`
      + [64, 71, 78].map((yy) => `<circle cx="50" cy="${yy}" r="1.5" fill="${GOLD}" stroke="${c.dark}" `
        + `stroke-width=".4"/>`).join("")
      + hand(69, 64)
      + `<path d="M41.5 ${y + 1}Q41 ${y - 9} 50 ${y - 9}Q59 ${y - 9} 58.5 ${y + 1}L57 ${y + 6}H43Z" fill="#b07a3c"/>`
      + faceAt(y)
      + `<path d="M39 ${y - 4}Q40 ${y - 16} 52 ${y - 16}Q63 ${y - 15} 62 ${y - 5}Q51 ${y - 8} 39 ${y - 4}Z" `
      + `fill="${c.dark}"/><path d="M39.5 ${y - 5}Q51 ${y - 9} 61.5 ${y - 6}" fill="none" stroke="${GOLD}" `
      + `stroke-width="1.6"/>`
      + `<path d="M57 ${y - 14}Q67 ${y - 23} 72 ${y - 19}Q66 ${y - 18} 59 ${y - 11}Z" fill="#fff" stroke="${INK}" `
      + `stroke-width=".6"/>`;
  }

  /** Dame: long hair, a small crown, a flower held up in her hand. */
  function queen(suit, c) {
    const y = 37;
    return `<path d="M40 ${y - 4}Q38 ${y + 14} 34 ${y + 22}Q44 ${y + 20} 45 ${y + 8}H55Q56 ${y + 20} 66 ${y + 22}`
      + `Q62 ${y + 14} 60 ${y - 4}Z" fill="#6b3f1f"/>`
      + shoulders(c)
      + `<path d="M40 54Q50 64 60 54L58 60Q50 67 42 60Z" fill="#fff" stroke="${INK}" stroke-width=".5"/>`
      + `<path d="M41 58Q50 66 59 58" fill="none" stroke="${GOLD}" stroke-width="1.4"/>`
      + `<circle cx="50" cy="64" r="1.8" fill="${GOLD}" stroke="${GOLD_DARK}" stroke-width=".4"/>`
      + `<path d="M44 68L56 76M56 68L44 76M44 74L56 82M56 74L44 82" stroke="${GOLD}" stroke-width="1.2"/>`
      + `<path d="M40 ${y - 3}Q41 ${y - 10} 50 ${y - 10}Q59 ${y - 10} 60 ${y - 3}Q55 ${y - 7} 50 ${y - 7}`
      + `Q45 ${y - 7} 40 ${y - 3}Z" fill="#6b3f1f"/>`
      + faceAt(y, "#b5412a")
      + `<path d="M42 ${y - 7}L41 ${y - 16}L45.5 ${y - 11}L50 ${y - 18}L54.5 ${y - 11}L59 ${y - 16}L58 ${y - 7}Z" `
      + `fill="${GOLD}" stroke="${GOLD_DARK}" stroke-width=".8" stroke-linejoin="round"/>`
      + `<circle cx="41" cy="${y - 17}" r="1.3" fill="#fff" stroke="${GOLD_DARK}" stroke-width=".4"/>`
      + `<circle cx="50" cy="${y - 19}" r="1.3" fill="#fff" stroke="${GOLD_DARK}" stroke-width=".4"/>`
      + `<circle cx="59" cy="${y - 17}" r="1.3" fill="#fff" stroke="${GOLD_DARK}" stroke-width=".4"/>`
      + `<path d="M68 70Q66 58 68 48" fill="none" stroke="#3f7a2a" stroke-width="1.6"/>`
      + `<path d="M67 60Q61 56 62 52Q67 55 67 60Z" fill="#3f7a2a"/>`
      + [0, 72, 144, 216, 288].map((a) => `<ellipse cx="68" cy="41.5" rx="3" ry="4.2" fill="#fff" stroke="${c.dark}" `
        + `stroke-width=".7" transform="rotate(${a} 68 45)"/>`).join("")
      + `<circle cx="68" cy="45" r="2.2" fill="${GOLD}"/>`
      + hand(68, 70);
  }

  /** Roi: a bearded king in a tall crown and an ermine collar, holding a sceptre. */
  function king(suit, c) {
    const y = 40;
    return shoulders(c)
      + `<path d="M69 80V26" stroke="${GOLD_DARK}" stroke-width="2.6"/>`
      + `<circle cx="69" cy="23" r="3.6" fill="${GOLD}" stroke="${GOLD_DARK}" stroke-width=".8"/>`
      + `<path d="M69 16V20M67 18H71" stroke="${GOLD_DARK}" stroke-width="1.2"/>`
      + `<path d="M33 56Q50 70 67 56Q66 62 50 70Q34 62 33 56Z" fill="#fff" stroke="${INK}" stroke-width=".5"/>`
      + [[40, 60], [50, 65], [60, 60]].map(([x, yy]) => `<path d="M${x} ${yy}v2.5" stroke="${INK}" `
        + `stroke-width="1.3"/>`).join("")
      + `<path d="M50 70V80" stroke="${GOLD}" stroke-width="2.2"/>`
      + hand(69, 70)
      + faceAt(y)
      + `<path d="M41.5 ${y + 1}Q41 ${y + 19} 50 ${y + 21}Q59 ${y + 19} 58.5 ${y + 1}Q55 ${y + 6} 50 ${y + 6}`
      + `Q45 ${y + 6} 41.5 ${y + 1}Z" fill="#7a4a24" stroke="${INK}" stroke-width=".6"/>`
      + `<path d="M45.5 ${y + 4}Q50 ${y + 1.5} 54.5 ${y + 4}" fill="none" stroke="#5a3418" stroke-width="1.8" `
      + `stroke-linecap="round"/>`
      + `<path d="M40 ${y - 6}L38.5 ${y - 21}L44.5 ${y - 13}L50 ${y - 24}L55.5 ${y - 13}L61.5 ${y - 21}L60 ${y - 6}Z" `
      + `fill="${GOLD}" stroke="${GOLD_DARK}" stroke-width=".8" stroke-linejoin="round"/>`
      + `<path d="M40 ${y - 9}H60" stroke="${GOLD_DARK}" stroke-width="1"/>`
      + `<circle cx="50" cy="${y - 14}" r="2" fill="${c.main}" stroke="${GOLD_DARK}" stroke-width=".4"/>`
      + `<circle cx="50" cy="${y - 24.5}" r="1.5" fill="${GOLD}"/>`;
  }

  const FIGURES = { J: jack, Q: queen, K: king };

  /** A court card: the half figure drawn twice, the lower one turned round, as on French cards. */
  function figureCard(rank, suit) {
    const c = SUITS[suit];
    const half = `<g transform="translate(50 80) scale(1.1) translate(-50 -80)">${FIGURES[rank](suit, c)}</g>`
      + at(suit, 29, 17, 12);
    return `<rect x="19.5" y="7" width="61" height="146" rx="5" fill="${c.pale}" stroke="${c.main}" `
      + `stroke-width="1.2"/>`
      + `<svg x="19.5" y="7" width="61" height="146" viewBox="19.5 7 61 146">`
      + half + `<g transform="rotate(180 50 80)">${half}</g></svg>`
      + `<path d="M19.5 80H80.5" stroke="${c.main}" stroke-width="1.2"/>`
      + `<path d="M50 76L54 80L50 84L46 80Z" fill="${GOLD}" stroke="${c.dark}" stroke-width=".8"/>`;
  }

  function middle(rank, suit) {
    return rank === "A" ? aceCard(suit) : rank in FIGURES ? figureCard(rank, suit) : pipCard(rank, suit);
  }

  let backCache = null;

  /** The back: navy blue, rows of small lozenges, a round medallion with the four suits. */
  function back() {
    if (backCache === null) {
      const marks = [];
      for (let row = 0; row * 8 <= 160; row++) {
        for (let x = row % 2 ? 4 : 0; x <= 100; x += 8) marks.push(`M${x} ${row * 8 - 2.6}l2.6 2.6l-2.6 2.6l-2.6 -2.6Z`);
      }
      backCache = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 100 160" width="200" height="320">`
        + `<rect x=".75" y=".75" width="98.5" height="158.5" rx="7" fill="#1F3A68" stroke="#0C1A33" stroke-width="1.5"/>`
        + `<svg x="6" y="6" width="88" height="148" viewBox="6 6 88 148">`
        + `<path d="${marks.join("")}" fill="#F3DFB8" opacity=".3"/></svg>`
        + `<rect x="6" y="6" width="88" height="148" rx="4" fill="none" stroke="#F3DFB8" stroke-width="1.5"/>`
        + `<circle cx="50" cy="80" r="27" fill="#FBF3E2" stroke="${GOLD}" stroke-width="3"/>`
        + `<circle cx="50" cy="80" r="22.5" fill="none" stroke="#1F3A68" stroke-width=".8"/>`
        + at("c", 39.5, 69.5, 15) + at("d", 60.5, 69.5, 15) + at("h", 39.5, 90.5, 15) + at("s", 60.5, 90.5, 15)
        + `<circle cx="50" cy="80" r="2.5" fill="${GOLD}"/></svg>`;
    }
    return backCache;
  }

  return ART_KIT.art("french", SUITS, RANKS, SUIT_ORDER, RANK_ORDER, {
    suitShape,
    face: ART_KIT.faces(isCode, SUITS, middle, corner),
    back,
    label: ART_KIT.labeller(isCode, RANKS, SUITS, "{rank} de {suit}"),  // "ace of spades (as de pique)"
  });
})();
