// The page's controller: keeps the tab's session, asks the server which
// clicks are legal (the move-entry protocol of docs/board.md), and shows the
// game, the engine's thinking and the move list. No rule is decided here.
import { BoardView } from './board.js';
import { pieceSvg, legend } from './pieces.js';

const $ = (id) => document.getElementById(id);
const app = {
  id: null, state: null, view: null, prefix: [], targets: null,
  idle: null, mode: 'two', analysis: null, busy: false, engineTurn: false,
};

/** Requests in flight, shown on <body data-pending> so tests can wait for the page. */
let pending = 0;
function track(d) { pending += d; document.body.dataset.pending = String(pending); }

async function api(path, body, method) {
  track(1);
  try { return await call(path, body, method); } finally { track(-1); }
}

async function call(path, body, method) {
  const opts = { method: method || (body === undefined ? 'GET' : 'POST') };
  if (body !== undefined) opts.body = typeof body === 'string' ? body : JSON.stringify(body);
  const r = await fetch(`/api/session/${app.id}${path}`, opts);
  const ct = r.headers.get('content-type') || '';
  const data = ct.includes('json') ? await r.json() : await r.text();
  if (!r.ok) throw new Error((data && data.error) || String(data));
  return data;
}

function say(msg) { $('message').textContent = msg || ''; }

function viewFen() {
  const s = app.state;
  return app.view === null ? s.fen : s.fens[app.view];
}

/** Variant-specific sentence for the move being entered. */
function stepText() {
  const s = app.state;
  if (!s) return '';
  if (s.outcome) return '';
  const who = s.turn === 'white' ? 'White' : 'Black';
  const p = app.prefix;
  if (s.variant === 'interchange' || s.variant === 'palindromic') {
    const first = p.length >= 2 || p[0] === 'pass';
    const done = first ? p.slice(p[0] === 'pass' ? 1 : 2) : [];
    return first
      ? `${who}: 1st action ${p[0] === 'pass' ? 'passed' : p.slice(0, 2).join('')} ✓ — 2nd action: pick an opponent's piece${done.length ? '' : ', or pass'}`
      : `${who}: 1st action: pick one of your pieces, or pass`;
  }
  if (s.variant === 'arrangement') {
    const step = s.fen.split(' ')[6];
    const texts = {
      king: 'Black: swap your king with a knight, bishop or queen on your back rank, or keep it.',
      mirror: 'White: mirror Black\'s king swap (or keep, after a kept one).',
      queen: 'Black: swap your queen with a piece on your back rank, or keep it.',
      first: 'White: optionally swap your queen (click it, then its partner), then make your first move.',
    };
    if (texts[step]) return texts[step];
  }
  if (s.variant === 'swap' && p.length > 1 && p[1].startsWith('/')) {
    return `${who}: swap sequence ${pathText(p)} — click the next piece to swap with, or end`;
  }
  if (s.variant === 'exile' && s.fen.split(' ')[5] <= 2 && Number(s.fen.split(' ')[5]) <= 2) {
    return `${who}: click an exile, then where its knight-leap tour ends`;
  }
  return `${who} to move`;
}

function pathText(p) {
  return p.map((t) => (t.startsWith('/') ? t : t.startsWith('=') ? t : t)).join('');
}

function draw() {
  const s = app.state;
  const marks = { last: app.view === null ? s.last_squares : [], check: app.view === null ? s.check : null };
  if (app.targets && app.view === null) {
    marks.targets = new Set(app.targets.options.filter((o) => o.kind === 'square' && app.prefix.length).map((o) => o.square));
    marks.swaps = new Set(app.targets.options.filter((o) => o.kind === 'swap').map((o) => o.square));
    const lastSq = [...app.prefix].reverse().find((t) => t !== 'pass' && !t.startsWith('='));
    if (lastSq) marks.sel = lastSq.replace('/', '');
  }
  app.board.draw(viewFen(), marks);
  $('fen').value = viewFen();
  $('step').textContent = stepText() + (app.prefix.length ? `   [${app.prefix.join(' ')}]` : '');
  const opts = (app.targets && app.targets.options) || [];
  $('pass').hidden = !opts.some((o) => o.kind === 'pass');
  $('pass').textContent = s.variant === 'arrangement' ? 'keep' : 'pass';
  $('end').hidden = !(app.targets && app.targets.complete && opts.length);
  $('end').textContent = s.variant === 'swap' ? 'end the sequence' : `play ${app.targets && app.targets.complete}`;
  $('undo-step').hidden = app.prefix.length === 0;
  const promos = opts.filter((o) => o.kind === 'promotion');
  const white = s.turn === 'white';
  $('choices').innerHTML = promos.map((o) => {
    const l = white ? o.token[1].toUpperCase() : o.token[1];
    return `<button class="chooser promo" data-token="${o.token}" title="${o.token}">${pieceSvg(l) || o.token}</button>`;
  }).join('');
  $('banner').hidden = !s.outcome;
  $('banner').textContent = s.outcome ? s.outcome.text : '';
  drawMoves();
}

function drawMoves() {
  const s = app.state;
  const cur = app.view === null ? s.moves.length : app.view;
  $('movelist').innerHTML = s.moves.map((m, i) => `<li data-ply="${i + 1}" class="${i + 1 === cur ? 'cur' : ''}">${m}</li>`).join('');
}

function drawLegend() {
  const l = legend(app.state.variant);
  $('legend').innerHTML = `<p>${l.note} <a href="https://github.com/" hidden></a>Rules: docs/rules/${app.state.variant}.md</p><table>${l.rows.map(([k, n, how]) =>
    `<tr><td>${pieceSvg(k)}</td><td>${pieceSvg(k.toLowerCase())}</td><td><b>${k}</b> ${n}</td><td>${how || ''}</td></tr>`).join('')}</table>`;
}

async function refreshTargets() {
  app.targets = null;
  const s = app.state;
  if (s.outcome || app.view !== null || app.engineTurn) { draw(); return; }
  try {
    app.targets = await api(`/targets?prefix=${encodeURIComponent(app.prefix.join(','))}`);
    if (!app.prefix.length) app.idle = app.targets;
  } catch (e) {
    say(e.message);
    app.prefix = [];
    app.targets = app.idle;
  }
  draw();
}

async function setState(s, keepMessage) {
  const variantChanged = !app.state || app.state.variant !== s.variant;
  app.state = s;
  app.view = null;
  app.prefix = [];
  if (!keepMessage) say('');
  if (variantChanged) { $('variant').value = s.variant; drawLegend(); }
  app.engineTurn = engineToMove();
  await refreshTargets();
  afterChange();
}

/** Adds a token to the move being entered, playing it when it is whole. */
async function push(token) {
  app.prefix.push(token);
  await refreshTargets();
  const t = app.targets;
  if (t && t.complete && t.options.length === 0) await playMove(t.complete);
}

async function playMove(mv) {
  try {
    const s = await api('/move', { move: mv });
    await setState(s);
  } catch (e) {
    say(`refused: ${e.message}`);
    app.prefix = [];
    await refreshTargets();
  }
}

function choose(cands) {
  // Ordinary move or swap onto the same square: ask which.
  $('choices').innerHTML = cands.map((o) => `<button class="chooser kind" data-token="${o.token}">${o.kind === 'swap' ? 'swap with' : 'move to'} ${o.square}</button>`).join('');
}

async function onSquare(sq) {
  if (app.busy || !app.state || app.view !== null) return;
  if (app.state.outcome) { say(`the game is over: ${app.state.outcome.text}`); return; }
  if (app.engineTurn) { say('zest is to move'); return; }
  const t = app.targets;
  const cands = t ? t.options.filter((o) => o.square === sq) : [];
  if (app.prefix.length && cands.length === 0 && app.prefix[app.prefix.length - 1] === sq) {
    // A second click on the selected piece: finish a sequence that may end, else unselect.
    if (t && t.complete) { await playMove(t.complete); return; }
    app.prefix = [];
    await refreshTargets();
    return;
  }
  if (cands.length === 1) { app.busy = true; try { await push(cands[0].token); } finally { app.busy = false; } return; }
  if (cands.length > 1) { choose(cands); return; }
  // Not a legal next click: start over from this square if a move begins there.
  const start = app.idle && app.idle.options.find((o) => o.square === sq);
  if (app.prefix.length && start) {
    app.prefix = [];
    app.busy = true;
    try { await push(start.token); } finally { app.busy = false; }
    return;
  }
  say(`${sq}: ${app.prefix.length ? `not a legal continuation of ${app.prefix.join(' ')}` : 'no legal move starts on this square'}`);
  if (app.prefix.length) { app.prefix = []; await refreshTargets(); }
}

// ---- engine: play, watch, analyse -------------------------------------------------

function limits() {
  const q = { threads: Number($('threads').value) || 1 };
  q[$('limit-kind').value] = Number($('limit').value) || 1;
  return q;
}

function engineToMove() {
  const s = app.state;
  if (!s || s.outcome) return false;
  return app.mode === 'watch' || (app.mode === 'play' && s.turn === $('side').value);
}

async function afterChange() {
  stopAnalysis();
  if (app.mode === 'analyse') startAnalysis();
  if (app.engineTurn) await engineMove();
}

async function engineMove() {
  $('status').textContent = 'zest is thinking…';
  try {
    const s = await api('/engine/move', limits());
    $('status').textContent = `zest played ${s.last_move}`;
    await setState(s, true);
  } catch (e) {
    $('status').textContent = `zest: ${e.message}`;
    app.engineTurn = false;
    await refreshTargets();
  }
}

function scoreText(sc) {
  return sc.cp !== undefined ? (sc.cp / 100).toFixed(2) : `#${sc.mate}`;
}

function showInfo(info) {
  if (!info.lines.length) return;
  const white = app.state.turn === 'white';
  const best = info.lines[0].score;
  let cp = best.cp !== undefined ? best.cp : (best.mate > 0 ? 10000 : -10000);
  if (!white) cp = -cp;
  $('evalfill').style.height = `${50 + 50 * Math.tanh(cp / 600)}%`;
  $('score').textContent = `depth ${info.depth}  score ${scoreText(best)}  ${Math.round(info.nps / 1000)} knodes/s  nodes ${info.nodes}`;
  $('score').dataset.depth = info.depth;
  $('pvs').innerHTML = info.lines.map((l) => `<li><b>${scoreText(l.score)}</b> ${l.pv.join(' ')}</li>`).join('');
}

function startAnalysis() {
  if (app.state.outcome) return;
  const q = new URLSearchParams({ threads: $('threads').value || 1, multipv: $('multipv').value || 1 });
  const es = new EventSource(`/api/session/${app.id}/analysis?${q}`);
  app.analysis = es;
  $('status').textContent = 'analysing…';
  es.addEventListener('queued', () => { $('status').textContent = 'waiting for a free search slot…'; });
  es.addEventListener('info', (e) => { $('status').textContent = 'analysing…'; showInfo(JSON.parse(e.data)); });
  es.addEventListener('done', (e) => {
    const d = JSON.parse(e.data);
    if (d.info) showInfo(d.info);
    $('status').textContent = d.best ? `best ${d.best}` : 'stopped';
    es.close();
    if (app.analysis === es) app.analysis = null;
  });
  es.onerror = () => { es.close(); };
}

function stopAnalysis() {
  if (app.analysis) { app.analysis.close(); app.analysis = null; }
}

// ---- wiring ---------------------------------------------------------------------------

async function newGame() {
  const body = { variant: $('variant').value };
  const fen = $('start-fen').value.trim();
  const n = $('c960').value.trim();
  if (fen) body.fen = fen;
  else if (n && body.variant === 'fischerandom') body.chess960 = Number(n);
  try { await setState(await api('/new', body)); } catch (e) { say(e.message); }
}

function wire() {
  $('new').onclick = newGame;
  $('variant').onchange = () => { $('start-fen').value = ''; newGame(); };
  $('mode').onchange = async () => { app.mode = $('mode').value; app.engineTurn = engineToMove(); await refreshTargets(); afterChange(); };
  $('side').onchange = $('mode').onchange;
  $('flip').onclick = () => { app.board.flipped = !app.board.flipped; draw(); };
  $('pass').onclick = () => push('pass');
  $('end').onclick = () => app.targets && app.targets.complete && playMove(app.targets.complete);
  $('undo-step').onclick = async () => { app.prefix.pop(); await refreshTargets(); };
  $('choices').onclick = (e) => { const b = e.target.closest('button'); if (b) push(b.dataset.token); };
  $('text-move').onsubmit = (e) => { e.preventDefault(); const v = $('move-text').value.trim(); if (v) { playMove(v); $('move-text').value = ''; } };
  $('go').onclick = () => { if (app.mode === 'analyse' || app.mode === 'two') { stopAnalysis(); startAnalysis(); } else afterChange(); };
  $('stop').onclick = async () => { stopAnalysis(); try { await api('/engine/stop', {}); } catch (e) { say(e.message); } $('status').textContent = 'stopped'; };
  $('takeback').onclick = async () => {
    const n = app.mode === 'play' && app.state.moves.length >= 2 && app.state.turn !== $('side').value ? 2 : 1;
    try { await setState(await api('/takeback', { plies: n })); } catch (e) { say(e.message); }
  };
  const go = (ply) => { const n = app.state.moves.length; app.view = ply >= n ? null : Math.max(0, ply); refreshTargets(); };
  $('first').onclick = () => go(0);
  $('back').onclick = () => go((app.view === null ? app.state.moves.length : app.view) - 1);
  $('fwd').onclick = () => go((app.view === null ? app.state.moves.length : app.view) + 1);
  $('last').onclick = () => go(app.state.moves.length);
  $('movelist').onclick = (e) => { const li = e.target.closest('li'); if (li) go(Number(li.dataset.ply)); };
  $('copy-fen').onclick = () => navigator.clipboard && navigator.clipboard.writeText($('fen').value);
  $('pgn-export').onclick = async () => { try { $('pgn').value = await api('/pgn'); } catch (e) { say(e.message); } };
  $('pgn-import').onclick = async () => { try { await setState(await api('/pgn', $('pgn').value)); } catch (e) { say(`PGN refused: ${e.message}`); } };
  window.addEventListener('pagehide', () => navigator.sendBeacon(`/api/session/${app.id}/close`));
}

async function main() {
  app.board = new BoardView($('board'), onSquare);
  const vs = await (await fetch('/api/variants')).json();
  $('variant').innerHTML = vs.map((v) => `<option value="${v.name}">${v.name}</option>`).join('');
  const params = new URLSearchParams(location.search);
  const r = await fetch('/api/session', { method: 'POST', body: JSON.stringify({ variant: params.get('variant') || 'chess' }) });
  const s = await r.json();
  app.id = s.id;
  wire();
  await setState(s);
  document.body.dataset.ready = '1';
}

main();
