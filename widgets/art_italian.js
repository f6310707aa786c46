// The project's own art for the Italian-suited 36-card pack of Trappola, drawn as SVG strings.
//
// One top-level name, ITALIAN_ART: the file is joined with cards.js and table.js into one ES module,
// so every helper lives inside the closure below. The object has the interface every pack's art
// shares (id, suits, ranks, suitOrder, rankOrder, suitShape, face, back, label), and each function is
// pure: the same code always gives the same string (built once, then kept).
//
// Colour is never the only cue: each suit has its own shape (sword, cup, coin, baton), its own colour
// (Okabe–Ito orange for coins and vermillion for cups, a darker Okabe–Ito blue for swords and a dark
// wood brown for batons, four steps apart in lightness) and its letter in the corners beside the rank.

const ITALIAN_ART = (() => {
  const { SERIF, SKIN, INK, GOLD, CREAM, f1, PIPS } = ART_KIT;
  const GOLD_DARK = "#8A6A12";

  const SUITS = {
    s: { name: "spade", english: "swords", main: "#005F96", dark: "#003F66", pale: "#DFEBF5" },
    c: { name: "coppe", english: "cups", main: "#D55E00", dark: "#8A3E00", pale: "#FCEBDF" },
    d: { name: "denari", english: "coins", main: "#E69F00", dark: "#8A5F00", pale: "#FDF3D9" },
    b: { name: "bastoni", english: "batons", main: "#5C3A1A", dark: "#3A2410", pale: "#F1E8DD" },
  };

  const RANKS = {
    2: { name: "due", english: "two", corner: "2" },
    7: { name: "sette", english: "seven", corner: "7" },
    8: { name: "otto", english: "eight", corner: "8" },
    9: { name: "nove", english: "nine", corner: "9" },
    X: { name: "dieci", english: "ten", corner: "X" },
    F: { name: "fante", english: "knave", corner: "F" },
    C: { name: "cavallo", english: "knight", corner: "C" },
    R: { name: "re", english: "king", corner: "R" },
    A: { name: "asso", english: "ace", corner: "A" },
  };

  const SUIT_ORDER = ["s", "c", "d", "b"];
  const RANK_ORDER = ["2", "7", "8", "9", "X", "F", "C", "R", "A"];

  const isCode = ART_KIT.codeTest(RANKS, SUITS);

  // --- suit symbols, each drawn in a 100 × 100 box ------------------------------------------

  /** Spade: a straight sword, point up, with curled quillons and a round pommel. */
  function sword(c) {
    return `<path d="M50 2L63 16V63H37V16Z" fill="${c.main}" stroke="${c.dark}" stroke-width="3" `
      + `stroke-linejoin="round"/>`
      + `<path d="M50 14V59" stroke="#fff" stroke-width="4" stroke-linecap="round" opacity=".55"/>`
      + `<path d="M14 59Q18 70 30 65H70Q82 70 86 59Q91 76 74 76H26Q9 76 14 59Z" fill="${GOLD}" `
      + `stroke="${c.dark}" stroke-width="2.5" stroke-linejoin="round"/>`
      + `<rect x="43" y="76" width="14" height="13" fill="${c.dark}"/>`
      + `<path d="M43 80H57M43 85H57" stroke="${GOLD}" stroke-width="1.5"/>`
      + `<circle cx="50" cy="92" r="7" fill="${GOLD}" stroke="${c.dark}" stroke-width="2.5"/>`;
  }

  /** Coppe: a chalice with a gold rim, a knot on the stem and a wide foot. */
  function cup(c) {
    return `<path d="M13 8H87C87 36 72 53 50 55C28 53 13 36 13 8Z" fill="${c.main}" stroke="${c.dark}" `
      + `stroke-width="3" stroke-linejoin="round"/>`
      + `<path d="M13 8H87Q86 17 84.5 20H15.5Q14 17 13 8Z" fill="${GOLD}" stroke="${c.dark}" stroke-width="2.5" `
      + `stroke-linejoin="round"/>`
      + `<ellipse cx="31" cy="33" rx="5" ry="10" fill="#fff" opacity=".35" transform="rotate(-20 31 33)"/>`
      + `<path d="M44 55H56L54 64H46Z" fill="${c.dark}"/>`
      + `<ellipse cx="50" cy="67" rx="11" ry="5.5" fill="${GOLD}" stroke="${c.dark}" stroke-width="2.5"/>`
      + `<path d="M45 72H55L58 84H42Z" fill="${c.dark}"/>`
      + `<path d="M22 96Q24 84 50 82Q76 84 78 96Z" fill="${c.main}" stroke="${c.dark}" stroke-width="3" `
      + `stroke-linejoin="round"/>`;
  }

  /** Denari: a coin with a beaded ring and a rosette. */
  function coin(c) {
    const beads = Array.from({ length: 16 }, (_, i) => {
      const a = (i * Math.PI) / 8;
      return `<circle cx="${f1(50 + 39 * Math.cos(a))}" cy="${f1(50 + 39 * Math.sin(a))}" r="2.6" fill="${c.dark}"/>`;
    }).join("");
    const petals = Array.from({ length: 8 }, (_, i) => `<ellipse cx="50" cy="34" rx="6" ry="12" `
      + `fill="#fff" fill-opacity=".75" stroke="${c.dark}" stroke-width="1.5" transform="rotate(${i * 45} 50 50)"/>`).join("");
    return `<circle cx="50" cy="50" r="46" fill="${c.main}" stroke="${c.dark}" stroke-width="3"/>`
      + beads + `<circle cx="50" cy="50" r="33" fill="${c.main}" stroke="${c.dark}" stroke-width="2.5"/>`
      + petals + `<circle cx="50" cy="50" r="8" fill="${c.dark}"/><circle cx="50" cy="50" r="3.5" fill="${GOLD}"/>`;
  }

  /** Bastoni: a knotty wooden club, slanting, its sawn-off branches showing. */
  function baton(c) {
    return `<g transform="rotate(30 50 50)">`
      + `<path d="M38 13Q50 -1 62 13L56 91Q50 98 44 91Z" fill="${c.main}" stroke="${c.dark}" stroke-width="3" `
      + `stroke-linejoin="round"/>`
      + `<path d="M61 32L75 26L77 35L60.5 41Z" fill="${c.main}" stroke="${c.dark}" stroke-width="2.5" `
      + `stroke-linejoin="round"/><ellipse cx="76" cy="30.5" rx="2.6" ry="4.6" fill="#C9A57A" `
      + `transform="rotate(-20 76 30.5)"/>`
      + `<path d="M42 56L27 51L25.5 60L42.5 63Z" fill="${c.main}" stroke="${c.dark}" stroke-width="2.5" `
      + `stroke-linejoin="round"/><ellipse cx="26.2" cy="55.5" rx="2.6" ry="4.6" fill="#C9A57A" `
      + `transform="rotate(15 26.2 55.5)"/>`
      + `<path d="M46 18Q45 46 47.5 84M55 19Q56 40 53.5 60" fill="none" stroke="#fff" stroke-width="2.2" `
      + `opacity=".35" stroke-linecap="round"/>`
      + `<ellipse cx="50" cy="9.5" rx="8.5" ry="3.5" fill="#C9A57A" stroke="${c.dark}" stroke-width="1.5"/>`
      + `<path d="M42.5 74H57.5M43 80.5H57" stroke="${GOLD}" stroke-width="2.6"/></g>`;
  }

  const suitShape = ART_KIT.shapes(SUITS, { s: sword, c: cup, d: coin, b: baton });
  const at = ART_KIT.placer(suitShape);

  // --- card faces (100 × 160) ---------------------------------------------------------------

  function corner(rank, suit) {
    return ART_KIT.corners(RANKS[rank].corner, suit, SUITS[suit], at);
  }

  /** A small flourish: a gold lozenge between two curls, centred on (x, y). */
  function fleuron(x, y, c) {
    return `<g transform="translate(${x} ${y})">`
      + `<path d="M-20 0Q-14 -7 -8 0Q-14 7 -20 0ZM20 0Q14 -7 8 0Q14 7 20 0Z" fill="${c.main}" opacity=".8"/>`
      + `<path d="M0 -6L6 0L0 6L-6 0Z" fill="${GOLD}" stroke="${c.dark}" stroke-width="1"/></g>`;
  }

  function pipCard(rank, suit) {
    if (rank === "2") {  // the two: two large signs, one above the other, with a flourish between
      return at(suit, 50, 45, 36) + fleuron(50, 80, SUITS[suit]) + at(suit, 50, 115, 36);
    }
    return PIPS[rank].map(([x, y]) => at(suit, x, y, 23)).join("");
  }

  /** The ace: one large sign in a laurel wreath, with a ribbon reading ASSO. */
  function aceCard(suit) {
    const c = SUITS[suit];
    const leaves = [];
    for (const side of [-1, 1]) {
      for (let i = 0; i < 9; i++) {
        const a = Math.PI / 2 + side * (0.35 + i * 0.3);  // from the bottom round each side
        const x = 50 + 33 * Math.cos(a), y = 80 + 40 * Math.sin(a);
        const turn = (a * 180) / Math.PI + (side > 0 ? 90 : -90) + side * 25;
        leaves.push(`<ellipse cx="${f1(x)}" cy="${f1(y)}" rx="2.6" ry="6" fill="${i % 2 ? "#6f8f3a" : "#58782a"}" `
          + `transform="rotate(${f1(turn)} ${f1(x)} ${f1(y)})"/>`);
      }
    }
    return `<ellipse cx="50" cy="80" rx="36" ry="50" fill="${c.pale}" stroke="${c.main}" stroke-width="1.5"/>`
      + `<ellipse cx="50" cy="80" rx="33" ry="40" fill="none" stroke="#58782a" stroke-width="1.4"/>`
      + leaves.join("")
      + `<circle cx="50" cy="80" r="29" fill="${CREAM}" stroke="${GOLD}" stroke-width="2"/>`
      + at(suit, 50, 80, 50)
      + `<path d="M42 24L50 14L58 24L54 24L50 19L46 24Z" fill="${GOLD}" stroke="${GOLD_DARK}" stroke-width=".8"/>`
      + `<circle cx="50" cy="12" r="2.5" fill="${c.main}"/>`
      + `<path d="M22 131H78L74 137.5L78 144H22L26 137.5Z" fill="${c.main}" stroke="${c.dark}" stroke-width="1"/>`
      + `<text x="50" y="141" font-family="${SERIF}" font-size="9" font-weight="700" fill="#fff" `
      + `text-anchor="middle" letter-spacing="2">ASSO</text>`;
  }

  function hand(x, y) {
    return `<circle cx="${x}" cy="${y}" r="3.4" fill="${SKIN}" stroke="${INK}" stroke-width=".7"/>`;
  }

  function face(y) {
    return `<circle cx="50" cy="${y}" r="8.5" fill="${SKIN}" stroke="${INK}" stroke-width=".9"/>`
      + `<circle cx="46.8" cy="${y - 1}" r="1" fill="${INK}"/><circle cx="53.2" cy="${y - 1}" r="1" fill="${INK}"/>`
      + `<path d="M47.5 ${y + 3.8}Q50 ${y + 5.5} 52.5 ${y + 3.8}" fill="none" stroke="${INK}" stroke-width=".9"/>`;
  }

  /** The suit's sign on a cream disc ringed in gold (``r`` its radius), so it stands out on a robe of its colour. */
  function roundel(suit, cx, cy, r) {
    return `<circle cx="${cx}" cy="${cy}" r="${r}" fill="${CREAM}" stroke="${GOLD}" stroke-width="2"/>`
      + at(suit, cx, cy, r * 1.5);
  }

  /** A limb as a thick stroke with an outline: a path ``d`` drawn twice. */
  function limb(d, colour, width) {
    return `<path d="${d}" fill="none" stroke="${INK}" stroke-width="${width + 1.4}" stroke-linecap="round" `
      + `stroke-linejoin="round"/><path d="${d}" fill="none" stroke="${colour}" stroke-width="${width}" `
      + `stroke-linecap="round" stroke-linejoin="round"/>`;
  }

  /** Fante: a standing page in a short tunic and hose, a feathered cap, his sign held at his side. */
  function knave(suit, c) {
    const y = 36;
    return limb("M44 100L43 138", "#4a3b5c", 6) + limb("M56 100L57 138", "#4a3b5c", 6)
      + `<path d="M37 141Q38 136 44 137L46 141Z" fill="${INK}"/><path d="M63 141Q62 136 56 137L54 141Z" fill="${INK}"/>`
      + limb("M38 56L31 78L33 92", c.dark, 5.5) + hand(33, 93)
      + `<path d="M38 54Q50 48 62 54L66 104H34Z" fill="${c.main}" stroke="${c.dark}" stroke-width="1.2"/>`
      + `<path d="M35 97H65" stroke="${GOLD}" stroke-width="2.4"/>`
      + `<path d="M36 76H64" stroke="${INK}" stroke-width="3"/><rect x="47" y="73.5" width="6" height="5" `
      + `fill="${GOLD}" stroke="${INK}" stroke-width=".6"/>`
      + `<path d="M42 53L50 63L58 53" fill="#fff" stroke="${INK}" stroke-width=".6"/>`
      + `<path d="M50 63V74M50 80V96" stroke="${c.dark}" stroke-width="1" opacity=".6"/>`
      + `<path d="M41.5 ${y + 1}Q41 ${y - 9} 50 ${y - 9}Q59 ${y - 9} 58.5 ${y + 1}L56 ${y + 6}H44Z" fill="#b07a3c"/>`
      + face(y)
      + `<path d="M39 ${y - 5}Q41 ${y - 15} 52 ${y - 15}Q62 ${y - 14} 62 ${y - 6}Q51 ${y - 9} 39 ${y - 5}Z" `
      + `fill="${c.dark}"/>`
      + `<path d="M58 ${y - 13}Q70 ${y - 26} 74 ${y - 19}Q68 ${y - 19} 60 ${y - 10}Z" fill="#fff" stroke="${INK}" `
      + `stroke-width=".6"/>`
      + limb("M62 56L69 76L66 88", c.dark, 5.5) + roundel(suit, 64, 108, 14.5) + hand(66, 92);
  }

  /** Cavallo: a rider on a pale horse trotting right, his sign raised in his right hand. */
  function knight(suit, c) {
    const horse = "#F1ECE2";
    const legs = limb("M30 114L27 128L30 143", horse, 5) + limb("M37 116L39 130L36 143", horse, 5)
      + limb("M58 116L60 130L57 143", horse, 5) + limb("M63 113L69 124L72 135", horse, 5)
      + `<path d="M26.5 141H33.5V145H26.5ZM32.5 141H39.5V145H32.5ZM53.5 141H60.5V145H53.5Z" fill="${INK}"/>`
      + `<path d="M69.5 133.5L75.5 131.5L76.5 136L70.5 138Z" fill="${INK}"/>`;
    const body = `<path d="M25 103Q17 110 21.5 131" fill="none" stroke="#7a5a3a" stroke-width="4.5" `
      + `stroke-linecap="round"/>`
      + `<ellipse cx="45" cy="109" rx="22" ry="11" fill="${horse}" stroke="${INK}" stroke-width="1"/>`
      + `<path d="M52 102Q56 86 63 77L64.5 69.5L68.5 75.5Q73 78 78 87L81.5 93.5Q83 98 78.5 99.5Q75 100 72 97.5`
      + `L68 94Q66 104 67 113Z" fill="${horse}" stroke="${INK}" stroke-width="1" stroke-linejoin="round"/>`
      + `<path d="M53 100Q56 86 63.5 77.5" fill="none" stroke="#7a5a3a" stroke-width="4" stroke-linecap="round"/>`
      + `<path d="M63 78L60 71L66 74Z" fill="#7a5a3a"/>`
      + `<circle cx="70.5" cy="82.5" r="1.3" fill="${INK}"/><circle cx="79.5" cy="96" r=".9" fill="${INK}"/>`
      + `<path d="M67 87L71 80M67 87L78 97" stroke="${c.dark}" stroke-width="1.2"/>`;
    const cloth = `<path d="M33 99H58L56 119Q45 123 35 119Z" fill="${c.main}" stroke="${c.dark}" stroke-width="1.2"/>`
      + `<path d="M35 115Q45 119 56 115" fill="none" stroke="${GOLD}" stroke-width="2.2"/>`;
    const y = 58;
    const rider = `<g transform="translate(-5 0)">` + limb("M46 96L52 108L49 122", "#4a3b5c", 5.5)
      + `<path d="M45 122H54L55 126H44Z" fill="${INK}"/>`
      + `<path d="M38 98L41 71Q48 67 56 71L58 98Z" fill="${c.main}" stroke="${c.dark}" stroke-width="1.2"/>`
      + `<path d="M39 90H57" stroke="${GOLD}" stroke-width="2.4"/>`
      + `<path d="M43 70L48.5 78L54 70" fill="#fff" stroke="${INK}" stroke-width=".6"/>`
      + limb("M42 74L46 86L60 92", c.dark, 5) + hand(61, 92)
      + `<g transform="translate(-2 0)">${face(y)}</g>`
      + `<path d="M38 ${y - 3}Q38 ${y - 16} 48 ${y - 16}Q58 ${y - 16} 58 ${y - 3}Q48 ${y - 7} 38 ${y - 3}Z" `
      + `fill="${c.dark}"/><path d="M37 ${y - 4}H59" stroke="${GOLD}" stroke-width="2"/>`
      + `<path d="M48 ${y - 16}Q44 ${y - 27} 34 ${y - 25}Q42 ${y - 21} 46 ${y - 14}Z" fill="#fff" stroke="${INK}" `
      + `stroke-width=".6"/>`
      + limb("M54 74L60 62L63 50", c.dark, 5) + at(suit, 64, 34, 27) + hand(63, 49) + `</g>`;
    return legs + body + cloth + rider;
  }

  /** Re: a crowned, bearded king in a long robe trimmed with ermine, holding his sign up before him. */
  function king(suit, c) {
    const y = 42;
    const ermine = [38, 46, 54, 62].map((x) => `<path d="M${x} 146v-3" stroke="${INK}" stroke-width="1.4"/>`).join("");
    return `<path d="M36 60Q26 100 23 148H77Q74 100 64 60Z" fill="${c.dark}"/>`
      + `<path d="M39 58Q50 52 61 58L70 148H30Z" fill="${c.main}" stroke="${c.dark}" stroke-width="1.2"/>`
      + `<path d="M30.5 141H69.5L70 149H30Z" fill="#fff" stroke="${INK}" stroke-width=".5"/>` + ermine
      + `<path d="M50 100V141" stroke="${GOLD}" stroke-width="2.2"/>`
      + `<path d="M36 94H64" stroke="${GOLD}" stroke-width="3"/>`
      + `<path d="M35 60Q50 72 65 60Q50 65 35 60Z" fill="#fff" stroke="${INK}" stroke-width=".5"/>`
      + `<circle cx="43" cy="63" r=".9" fill="${INK}"/><circle cx="50" cy="65" r=".9" fill="${INK}"/>`
      + `<circle cx="57" cy="63" r=".9" fill="${INK}"/>`
      + `<path d="M31 50V150" stroke="${GOLD_DARK}" stroke-width="2.6" stroke-linecap="round"/>`
      + `<path d="M31 42L35 49L31 53L27 49Z" fill="${GOLD}" stroke="${GOLD_DARK}" stroke-width=".8"/>`
      + limb("M38 64L33 80L32 90", c.dark, 5.5) + hand(32, 90)
      + face(y)
      + `<path d="M41.5 ${y + 2}Q42 ${y + 17} 50 ${y + 18}Q58 ${y + 17} 58.5 ${y + 2}Q55 ${y + 7} 50 ${y + 7}`
      + `Q45 ${y + 7} 41.5 ${y + 2}Z" fill="#8b5a2b" stroke="${INK}" stroke-width=".6"/>`
      + `<path d="M46 ${y + 4}Q50 ${y + 2} 54 ${y + 4}" fill="none" stroke="#6a4020" stroke-width="1.6"/>`
      + `<path d="M40 ${y - 6}L39 ${y - 20}L44.5 ${y - 13}L50 ${y - 23}L55.5 ${y - 13}L61 ${y - 20}L60 ${y - 6}Z" `
      + `fill="${GOLD}" stroke="${GOLD_DARK}" stroke-width=".8" stroke-linejoin="round"/>`
      + `<path d="M40 ${y - 8}H60" stroke="${GOLD_DARK}" stroke-width="1"/>`
      + `<circle cx="50" cy="${y - 12}" r="1.8" fill="${c.main}"/><circle cx="50" cy="${y - 23}" r="1.5" fill="${GOLD}"/>`
      + limb("M62 64L68 78L60 86", c.dark, 5.5) + roundel(suit, 54, 102, 16) + hand(61, 88);
  }

  const FIGURES = { F: knave, C: knight, R: king };

  function figureCard(rank, suit) {
    const c = SUITS[suit];
    return `<rect x="19.5" y="7" width="61" height="146" rx="5" fill="${c.pale}" stroke="${c.main}" `
      + `stroke-width="1.2"/>` + FIGURES[rank](suit, c);
  }

  function middle(rank, suit) {
    return rank === "A" ? aceCard(suit) : rank in FIGURES ? figureCard(rank, suit) : pipCard(rank, suit);
  }

  let backCache = null;

  /** The back: deep green, a field of small rings (like coins), a medallion with the four suits. */
  function back() {
    if (backCache === null) {
      const rings = [];
      for (let row = 0; row * 10 <= 160; row++) {
        for (let x = row % 2 ? 5 : 0; x <= 100; x += 10) rings.push(`M${x + 3.5} ${row * 10}a3.5 3.5 0 1 0 -7 0a3.5 3.5 0 1 0 7 0`);
      }
      backCache = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 100 160" width="200" height="320">`
        + `<rect x=".75" y=".75" width="98.5" height="158.5" rx="7" fill="#1E5244" stroke="#0B2A22" stroke-width="1.5"/>`
        + `<svg x="6" y="6" width="88" height="148" viewBox="6 6 88 148">`
        + `<path d="${rings.join("")}" fill="none" stroke="#F3DFB8" stroke-width="1" opacity=".35"/></svg>`
        + `<rect x="6" y="6" width="88" height="148" rx="4" fill="none" stroke="#F3DFB8" stroke-width="1.5"/>`
        + `<rect x="9" y="9" width="82" height="142" rx="3" fill="none" stroke="${GOLD}" stroke-width=".8"/>`
        + `<path d="M50 38L80 80L50 122L20 80Z" fill="#FBF3E2" stroke="${GOLD}" stroke-width="3" stroke-linejoin="round"/>`
        + at("s", 50, 60, 17) + at("c", 36, 80, 17) + at("d", 64, 80, 17) + at("b", 50, 100, 17)
        + `<circle cx="50" cy="80" r="2.5" fill="${GOLD}"/></svg>`;
    }
    return backCache;
  }

  return ART_KIT.art("italian", SUITS, RANKS, SUIT_ORDER, RANK_ORDER, {
    suitShape,
    face: ART_KIT.faces(isCode, SUITS, middle, corner),
    back,
    label: ART_KIT.labeller(isCode, RANKS, SUITS, "{rank} di {suit}"),  // "ace of swords (asso di spade)"
  });
})();
