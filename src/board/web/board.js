// The board view: draws a FEN placement and the highlights it is given, and
// reports clicked (or dragged-to) squares. It knows no rule.
import { pieceSvg } from './pieces.js';

const files = 'abcdefgh';

/** Piece letters by square name from a FEN's placement field. */
export function placement(fen) {
  const out = {};
  const rows = (fen.split(' ')[0] || '').split('/');
  rows.forEach((row, i) => {
    let f = 0;
    for (const c of row) {
      if (c >= '0' && c <= '9') f += Number(c);
      else { out[files[f] + (8 - i)] = c; f += 1; }
    }
  });
  return out;
}

export class BoardView {
  constructor(el, onSquare) {
    this.el = el;
    this.onSquare = onSquare;
    this.flipped = false;
    this.dragFrom = null;
    el.addEventListener('pointerdown', (e) => {
      const sq = this.squareAt(e);
      if (!sq) return;
      e.preventDefault();
      this.dragFrom = sq;
      this.onSquare(sq);
    });
    el.addEventListener('pointerup', (e) => {
      const sq = this.squareAt(e);
      const from = this.dragFrom;
      this.dragFrom = null;
      if (sq && from && sq !== from) this.onSquare(sq);
    });
  }

  squareAt(e) {
    const t = document.elementFromPoint(e.clientX, e.clientY);
    const sq = t && t.closest('.sq');
    return sq && this.el.contains(sq) ? sq.dataset.square : null;
  }

  /** Draws `fen` with marks: {sel, targets: Set, swaps: Set, last: [], check}. */
  draw(fen, marks = {}) {
    const pieces = placement(fen);
    const html = [];
    for (let r = 0; r < 8; r++) {
      for (let c = 0; c < 8; c++) {
        const file = this.flipped ? 7 - c : c;
        const rank = this.flipped ? r + 1 : 8 - r;
        const name = files[file] + rank;
        const cls = ['sq', (file + rank) % 2 === 0 ? 'light' : 'dark'];
        if ((marks.last || []).includes(name)) cls.push('last');
        if (marks.sel === name) cls.push('sel');
        if (marks.check === name) cls.push('check');
        if (marks.targets && marks.targets.has(name)) cls.push('target');
        if (marks.swaps && marks.swaps.has(name)) cls.push('swap');
        if (pieces[name]) cls.push('occupied');
        let inner = pieces[name] ? pieceSvg(pieces[name]) : '';
        if (r === 7) inner += `<span class="coord file">${files[file]}</span>`;
        if (c === 0) inner += `<span class="coord rank">${rank}</span>`;
        html.push(`<div class="${cls.join(' ')}" id="sq-${name}" data-square="${name}"${pieces[name] ? ` data-piece="${pieces[name]}"` : ''}>${inner}</div>`);
      }
    }
    this.el.innerHTML = html.join('');
  }
}
