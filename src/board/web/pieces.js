// Piece pictures (SVG, drawn for zest) and each game's legend. Display only:
// how a piece moves is text for people; the server alone applies the rules.

const base = 'M11 39h23v-3H11z';
// Each body is drawn in the owner's fill with a contrasting line colour.
const shapes = {
  P: (f, s) => `<path d="M22.5 9a4.5 4.5 0 0 0-3.6 7.2A7 7 0 0 0 16 22c0 2.2 1 4.2 2.6 5.5C15.4 29 12 32.4 12 37h21c0-4.6-3.4-8-6.6-9.5A7 7 0 0 0 29 22a7 7 0 0 0-2.9-5.8A4.5 4.5 0 0 0 22.5 9z" fill="${f}" stroke="${s}" stroke-width="1.5"/>`,
  R: (f, s) => `<g fill="${f}" stroke="${s}" stroke-width="1.5" stroke-linejoin="round"><path d="${base}"/><path d="M14 36l1.5-4h14l1.5 4z"/><path d="M15.5 32l1.5-15h11l1.5 15z"/><path d="M13 17V10h4v3h3.5v-3h4v3H28v-3h4v7z"/><path d="M17 17h11" fill="none"/></g>`,
  L: (f, s) => `<g fill="${f}" stroke="${s}" stroke-width="1.5" stroke-linejoin="round"><path d="${base}"/><path d="M14 36l1.5-4h14l1.5 4z"/><path d="M15.5 32l1.5-15h11l1.5 15z"/><path d="M13 17V10h4v3h3.5v-3h4v3H28v-3h4v7z"/></g><path d="M28 24.5H18m0 0l3.5-3.5M18 24.5l3.5 3.5" fill="none" stroke="${s}" stroke-width="2.2" stroke-linecap="round"/>`,
  B: (f, s) => `<g fill="${f}" stroke="${s}" stroke-width="1.5" stroke-linejoin="round"><path d="${base}"/><path d="M15 36c2-3 2-5 2-7h11c0 2 0 4 2 7z"/><path d="M17 29c-4-4-3-10 5.5-17 8.5 7 9.5 13 5.5 17z"/><circle cx="22.5" cy="9" r="2.5"/></g><path d="M20 20h5M22.5 17.5v5" stroke="${s}" stroke-width="1.5"/>`,
  N: (f, s) => `<g fill="${f}" stroke="${s}" stroke-width="1.5" stroke-linejoin="round"><path d="${base}"/><path d="M14 36c0-9 4-11 6-16-3 1-5 4-7 4-2-1-3-3-1-6 3-4 6-7 7-10l2 3 2-3c8 2 11 9 11 28z"/></g><circle cx="18" cy="16" r="1.3" fill="${s}"/>`,
  Q: (f, s) => `<g fill="${f}" stroke="${s}" stroke-width="1.5" stroke-linejoin="round"><path d="${base}"/><path d="M12 36l-3-20 7 9 2-12 4.5 11 4.5-11 2 12 7-9-3 20z"/><circle cx="9" cy="14" r="2.2"/><circle cx="18" cy="11" r="2.2"/><circle cx="27" cy="11" r="2.2"/><circle cx="36" cy="14" r="2.2"/><circle cx="22.5" cy="10" r="2.2"/><path d="M12.5 32h20" fill="none"/></g>`,
  K: (f, s) => `<g fill="${f}" stroke="${s}" stroke-width="1.5" stroke-linejoin="round"><path d="${base}"/><path d="M12 36c-6-8-2-15 5-13 2 1 4 3 5.5 5 1.5-2 3.5-4 5.5-5 7-2 11 5 5 13z"/><path d="M22.5 28v-9" fill="none"/><path d="M22.5 6v8M19 10h7" fill="none" stroke-width="2.2"/><path d="M20 19c0-2 1-4 2.5-5 1.5 1 2.5 3 2.5 5z"/></g>`,
  // Archbishop: the bishop's mitre with a knight's head and mane.
  A: (f, s) => `<g fill="${f}" stroke="${s}" stroke-width="1.5" stroke-linejoin="round"><path d="${base}"/><path d="M13 36c0-7 3-10 5-14-3 1-4 2-6 2-1.5-1-2-3 0-5 3-3 5-6 6-9l2 2 2-3c8 2 12 10 11 27z"/><path d="M25 14c3 3 6 6 5 11" fill="none"/></g><path d="M21 24l6 6M27 24l-6 6" stroke="${s}" stroke-width="1.6"/><circle cx="17" cy="15" r="1.3" fill="${s}"/>`,
  // Duke: a ducal coronet of three leaves (short-range queen).
  D: (f, s) => `<g fill="${f}" stroke="${s}" stroke-width="1.5" stroke-linejoin="round"><path d="${base}"/><path d="M12 36l1-8h19l1 8z"/><path d="M13 28c-1-6 2-8 4-6 0-5 3-9 5.5-11 2.5 2 5.5 6 5.5 11 2-2 5 0 4 6z"/></g><path d="M17 28v-5M28 28v-5M22.5 28v-8" stroke="${s}" stroke-width="1.3"/><circle cx="22.5" cy="32" r="1.6" fill="${s}"/>`,
  // Exile: a hooded wanderer with a staff.
  X: (f, s) => `<g fill="${f}" stroke="${s}" stroke-width="1.5" stroke-linejoin="round"><path d="${base}"/><path d="M14 36c0-8 2-13 4-15-2-2-2-6 0-9 2-3 7-3 9 0 2 3 2 7 0 9 2 2 4 7 4 15z"/><path d="M19 16c1 2 6 2 7 0" fill="none"/></g><path d="M33 8v29M30 11l6-3" stroke="${s}" stroke-width="2" stroke-linecap="round" fill="none"/>`,
};

/** SVG markup of the piece of FEN letter `letter` (upper case white, lower case black). */
export function pieceSvg(letter) {
  const white = letter === letter.toUpperCase();
  const draw = shapes[letter.toUpperCase()];
  if (!draw) return '';
  const [fill, line] = white ? ['#fafafa', '#1c1c1c'] : ['#2a2a2a', '#f0f0f0'];
  return `<svg viewBox="0 0 45 45" class="piece" data-piece="${letter}" role="img" aria-label="${names[letter.toUpperCase()]}">${draw(fill, line)}</svg>`;
}

export const names = {
  K: 'king', Q: 'queen', R: 'rook', B: 'bishop', N: 'knight', P: 'pawn',
  L: 'left-handed rook', A: 'archbishop', D: 'duke', X: 'exile',
};

const fide = {
  K: 'one square any way', Q: 'any distance straight or diagonal', R: 'any distance straight',
  B: 'any distance diagonal', N: 'leaps 1+2', P: 'forward; captures diagonally',
};

const forward = {
  K: 'one square, forward or sideways', Q: 'forward straight or diagonal', R: 'right-handed rook: forward, or sideways to its right',
  L: 'left-handed rook: forward, or sideways to its left', B: 'forward diagonally', N: 'knight leaps that go forward', P: 'one square forward, no capture',
};

const letters = {
  chess: 'KQRBNP', fischerandom: 'KQRBNP', swap: 'KQRBNP', arrangement: 'KQRBNP',
  interchange: 'KQRLBNP', palindromic: 'KQRLBNP', exile: 'KQRBNPADX',
};

const exile = {
  ...fide, P: 'as in chess; promotes to a duke',
  A: 'archbishop: bishop + knight', D: 'duke: queen limited to 1 or 2 steps',
  X: 'exile: tours by knight leaps at the start, then one step straight or a 2-square diagonal jump',
};

const notes = {
  chess: 'Orthodox chess.',
  fischerandom: 'Chess960: castle by clicking the king, then its rook.',
  swap: 'Chess plus swap sequences: a piece exchanges places with pieces it attacks, swap by swap; "end" finishes the sequence.',
  arrangement: 'Four setup steps (king swap, mirror, queen swap, first move), then chess.',
  interchange: 'A race: each turn moves one of your pieces, then one of the opponent\'s; nothing is captured.',
  palindromic: 'Two-action turns; win by completing the exact reversal of the start position.',
  exile: 'Each side first tours its two exiles by knight leaps; castling is free.',
};

/** Legend rows [letter, name, how it moves] and a one-line note for `variant`. */
export function legend(variant) {
  const how = variant === 'exile' ? exile : (variant === 'interchange' || variant === 'palindromic') ? forward : fide;
  const ls = letters[variant] || 'KQRBNP';
  return { note: notes[variant] || '', rows: [...ls].map((l) => [l, names[l], how[l]]) };
}
