// What every pack's art shares (joined first into the table's module, so one top-level name: ART_KIT).
//
// A face is 100 × 160 units, a suit symbol is drawn in a 100 × 100 box; each helper is pure and the
// same arguments always give the same string. The packs' art (cards.js for Mariáš, art_italian.js,
// art_french.js) build their faces from these and keep only what is their own: the suit symbols, the
// ace, the figures, the back and the words.

const ART_KIT = (() => {
  const SERIF = "Georgia, 'DejaVu Serif', 'Liberation Serif', serif";
  const SKIN = "#F3CFA8";
  const INK = "#3A2A1E";
  const GOLD = "#E2B33C";
  const CREAM = "#fffdf6";

  /** A number with at most one decimal, so the SVG text stays short and the same in every browser. */
  const f1 = (n) => Number(n.toFixed(1));

  const COLUMN = [31, 69];
  /** The pips of the 7, 8, 9 and ten: two columns and a centre line, as on printed cards. */
  const PIPS = Object.freeze({
    7: [...COLUMN.flatMap((x) => [[x, 34], [x, 80], [x, 126]]), [50, 57]],
    8: [...COLUMN.flatMap((x) => [[x, 34], [x, 80], [x, 126]]), [50, 57], [50, 103]],
    9: [...COLUMN.flatMap((x) => [[x, 32], [x, 64.7], [x, 97.3], [x, 130]]), [50, 80]],
    X: [...COLUMN.flatMap((x) => [[x, 32], [x, 64.7], [x, 97.3], [x, 130]]), [50, 48], [50, 112]],
  });

  /** ``isCode(code)`` for a pack: a two-letter code, rank then suit, both of the pack. */
  function codeTest(ranks, suits) {
    return (code) => typeof code === "string" && code.length === 2 && code[0] in ranks && code[1] in suits;
  }

  /** ``suitShape(suit)``: the symbol ``draw[suit](colours)`` makes, built once; "" for a suit not in ``suits``. */
  function shapes(suits, draw) {
    const cache = {};
    return (suit) => {
      if (!(suit in suits)) return "";
      if (!(suit in cache)) cache[suit] = draw[suit](suits[suit]);
      return cache[suit];
    };
  }

  /** ``at(suit, cx, cy, size, turn)``: the symbol centred on (cx, cy), ``size`` wide, ``turn`` degrees round. */
  function placer(suitShape) {
    return (suit, cx, cy, size, turn = 0) => {
      const spin = turn ? ` rotate(${turn} 50 50)` : "";
      return `<g transform="translate(${f1(cx - size / 2)} ${f1(cy - size / 2)}) scale(${size / 100})${spin}">`
        + `${suitShape(suit)}</g>`;
    };
  }

  /** The two corner indexes: the rank (narrower for two characters, as "10"), the suit's letter, its symbol. */
  function corners(rankText, suit, colour, at) {
    const size = rankText.length > 1 ? 15 : 19;
    const index = `<text x="11" y="20" font-family="${SERIF}" font-size="${size}" font-weight="700" `
      + `fill="${colour.dark}" text-anchor="middle">${rankText}</text>`
      + `<text x="11" y="32" font-family="${SERIF}" font-size="11" font-weight="700" fill="${colour.dark}" `
      + `text-anchor="middle">${suit}</text>` + at(suit, 11, 42, 12);
    return index + `<g transform="rotate(180 50 80)">${index}</g>`;
  }

  /** ``face(code)``: one SVG document per card, built once — the frame, ``middle(rank, suit)``, the corners. */
  function faces(isCode, suits, middle, corner) {
    const cache = {};
    return (code) => {
      if (!isCode(code)) return "";
      if (!(code in cache)) {
        const rank = code[0], suit = code[1];
        cache[code] = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 100 160" width="200" height="320">`
          + `<rect x=".75" y=".75" width="98.5" height="158.5" rx="7" fill="${CREAM}" stroke="#59524a" `
          + `stroke-width="1.5"/><rect x="3.5" y="3.5" width="93" height="153" rx="5" fill="none" `
          + `stroke="${suits[suit].main}" stroke-width=".6" opacity=".6"/>` + middle(rank, suit)
          + corner(rank, suit) + `</svg>`;
      }
      return cache[code];
    };
  }

  /** ``label(code, trump)``: "<rank> of <suit> (<of>)", the English name first (what a learner understands), then
   * the pack's own, ``of`` a pattern such as "{rank} di {suit}"; ", trump" when the card's suit is ``trump``;
   * anything else is named as it is. */
  function labeller(isCode, ranks, suits, of) {
    return (code, trump) => {
      if (!isCode(code)) return String(code);
      const rank = ranks[code[0]], suit = suits[code[1]];
      const note = trump && code[1] === trump ? ", trump" : "";
      return `${rank.english} of ${suit.english} (${of.replace("{rank}", rank.name).replace("{suit}", suit.name)})`
        + note;
    };
  }

  /** The interface every pack's art has (widgets/README.md), its tables frozen. */
  function art(id, suits, ranks, suitOrder, rankOrder, parts) {
    for (const table of [suits, ranks]) Object.values(table).forEach(Object.freeze);
    return Object.freeze({
      id,
      suits: Object.freeze(suits),
      ranks: Object.freeze(ranks),
      suitOrder: Object.freeze(suitOrder),
      rankOrder: Object.freeze(rankOrder),
      ...parts,
    });
  }

  return Object.freeze({ SERIF, SKIN, INK, GOLD, CREAM, f1, PIPS, codeTest, shapes, placer, corners, faces,
    labeller, art });
})();
