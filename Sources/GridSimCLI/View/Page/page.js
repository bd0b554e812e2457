"use strict";
(function () {
const started = performance.now();
const D = JSON.parse(document.getElementById("data").textContent);
const $ = (id) => document.getElementById(id);

// Numbers come as base-64 variable-length digits (ViewVLQ): five bits a character.
const DIGIT = new Int8Array(128).fill(-1);
"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/".split("").forEach((c, i) => DIGIT[c.charCodeAt(0)] = i);
function vlq(text) {
  const out = [];
  let value = 0, scale = 1;
  for (let i = 0; i < text.length; i++) {
    const d = DIGIT[text.charCodeAt(i)];
    value += (d & 31) * scale;
    if (d & 32) scale *= 32; else { out.push(value); value = 0; scale = 1; }
  }
  return out;
}
const unzig = (n) => n % 2 == 0 ? n / 2 : -(n + 1) / 2;
for (const key of ["e", "o", "m", "c", "a", "f", "t"]) D[key] = Int32Array.from(vlq(D[key]));
for (const key of ["p", "x"]) D[key] = Int32Array.from(vlq(D[key]), unzig);
// Ids: each item an id, or [prefix, first, count] for prefix+first … prefix+(first+count-1).
function expandIDs(items) {
  const out = [];
  for (const item of items) {
    if (typeof item == "string") out.push(item);
    else for (let i = 0; i < item[2]; i++) out.push(item[0] + (item[1] + i));
  }
  return out;
}
D.ids = expandIDs(D.ids);
D.added = expandIDs(D.added);
// Sparse per-step streams: the step's distance from the previous entry, then its runs.
function readRuns(v, at) {
  const n = v[at++], runs = [];
  let end = 0;
  for (let r = 0; r < n; r++) { const start = end + v[at++], len = v[at++]; runs.push(start, len); end = start + len; }
  return [runs, at];
}
function readPlacements(v, at) {
  const n = v[at++], runs = [];
  let end = 0, last = 0;
  for (let r = 0; r < n; r++) {
    const pos = end + v[at++], slot = last + unzig(v[at++]), len = unzig(v[at++]);
    runs.push(pos, slot, len);
    end = pos + Math.abs(len);
    last = slot + (len < 0 ? len + 1 : len - 1);
  }
  return [runs, at];
}
{
  // Per step that changed something: the step (a delta) and two lists, runs first: the
  // photos chosen and unchosen (D.s), or deleted and inserted with their places (D.g).
  const bySteps = (v, readSecond) => {
    const steps = {};
    for (let at = 0, step = 0; at < v.length;) {
      step += v[at++];
      let first, second;
      [first, at] = readRuns(v, at);
      [second, at] = readSecond(v, at);
      steps[step] = [first, second];
    }
    return steps;
  };
  D.s = bySteps(vlq(D.s), readRuns);
  D.g = bySteps(vlq(D.g), readPlacements);
}
const SMALL_GRID = 500, WINDOW_ROWS = 20, ROW_H = 22, MAX_BLOCK = 4096;
const totalSlots = D.photos + D.added.length;
const name = (slot) => slot < D.photos ? (D.counted ? String(slot + 1) : D.ids[slot]) : D.added[slot - D.photos];
const photoArg = (k) => { const p = D.p[k - 1]; return p >= 0 ? name(p) : p == -1 ? null : D.unknown[-p - 2]; };

// The state the page shows, rebuilt by applying diffs.
const sel = new Uint8Array(totalSlots);
let count = 0, picks = [], cur = 0, focus = -1;
const allPicks = new Map(), deletedAt = new Map();
let blocks = [];
for (let start = 0; start < D.photos; start += MAX_BLOCK / 2) {
  const block = [];
  for (let s = start; s < Math.min(D.photos, start + MAX_BLOCK / 2); s++) block.push(s);
  blocks.push(block);
}
if (blocks.length == 0) blocks.push([]);
let gridCount = D.photos;

function locate(pos) {
  let b = 0;
  while (b < blocks.length - 1 && pos > blocks[b].length) { pos -= blocks[b].length; b++; }
  return [b, pos];
}
// Removes the photos at pos ..< pos+len; returns their slots.
function removeRun(pos, len) {
  gridCount -= len;
  const removed = [];
  while (len > 0) {
    let b = 0, off = pos;
    while (off >= blocks[b].length) { off -= blocks[b].length; b++; }
    const k = Math.min(len, blocks[b].length - off);
    for (const slot of blocks[b].splice(off, k)) removed.push(slot);
    len -= k;
  }
  return removed;
}
// Inserts slots at pos: a run slot, slot±1, … (len < 0: descending), or the list given.
function insertRun(pos, slot, len, list) {
  const run = list || new Array(Math.abs(len));
  if (!list) for (let i = 0; i < run.length; i++) run[i] = len < 0 ? slot - i : slot + i;
  gridCount += run.length;
  const [b, off] = locate(pos);
  const block = blocks[b];
  const joined = run.length == 1 ? (block.splice(off, 0, run[0]), block) : block.slice(0, off).concat(run, block.slice(off));
  if (joined.length <= MAX_BLOCK) { blocks[b] = joined; return; }
  // A full block splits into halves (a long run into several), as ViewGridOrder does.
  const pieces = [];
  for (let i = 0; i < joined.length; i += MAX_BLOCK / 2) pieces.push(joined.slice(i, i + MAX_BLOCK / 2));
  blocks.splice(b, 1, ...pieces);
}
function gridSlice(start, end) {
  const out = [];
  let pos = 0;
  for (const block of blocks) {
    if (pos + block.length > start) {
      for (let i = Math.max(0, start - pos); i < block.length && pos + i < end; i++) out.push(block[i]);
    }
    pos += block.length;
    if (pos >= end) break;
  }
  return out;
}
function positionOf(slot) {
  let pos = 0;
  for (const block of blocks) {
    const i = block.indexOf(slot);
    if (i >= 0) return pos + i;
    pos += block.length;
  }
  return -1;
}
function setRuns(runs, value) {
  for (let i = 0; i < runs.length; i += 2) {
    for (let s = runs[i], e = runs[i] + runs[i + 1]; s < e; s++) sel[s] = value;
    count += value ? runs[i + 1] : -runs[i + 1];
  }
}
function forward(k) {
  const s = D.s[k];
  if (s) { setRuns(s[0], 1); setRuns(s[1], 0); }
  const g = D.g[k];
  if (g) {
    // The deleted photos' slots are read from the grid, and kept for the way back.
    const gone = [];
    for (let i = g[0].length - 2; i >= 0; i -= 2) gone.push(removeRun(g[0][i], g[0][i + 1]));
    deletedAt.set(k, gone.reverse());
    for (let i = 0; i < g[1].length; i += 3) insertRun(g[1][i], g[1][i + 1], g[1][i + 2]);
  }
  const t = D.k[k];
  if (t) {
    if (t.all) { allPicks.set(k, picks); picks = t.all.slice(); }
    else {
      for (let i = t[0].length - 2; i >= 0; i -= 2) picks.splice(t[0][i], 1);
      for (const slot of t[1]) picks.push(slot);
    }
  }
}
function backward(k) {
  const s = D.s[k];
  if (s) { setRuns(s[1], 1); setRuns(s[0], 0); }
  const g = D.g[k];
  if (g) {
    for (let i = g[1].length - 3; i >= 0; i -= 3) removeRun(g[1][i], Math.abs(g[1][i + 2]));
    const gone = deletedAt.get(k);
    for (let i = 0, r = 0; i < g[0].length; i += 2, r++) insertRun(g[0][i], 0, 0, gone[r]);
    deletedAt.delete(k);
  }
  const t = D.k[k];
  if (t) {
    if (t.all) { picks = allPicks.get(k); }
    else {
      picks.length -= t[1].length;
      for (let i = 0; i < t[0].length; i += 2) picks.splice(t[0][i], 0, t[0][i + 1]);
    }
  }
}
function moveTo(n) {
  n = Math.max(0, Math.min(D.steps, n | 0));
  while (cur < n) forward(++cur);
  while (cur > n) backward(cur--);
}

// What each step says, as the step list and the live region read it.
const stateAt = (k) => k == 0 ? 0 : D.m[k - 1];
const selectingAt = (k) => (stateAt(k) & 1) == 1;
const sheetAt = (k) => [null, "share", "edit"][stateAt(k) >> 1];
const shownCount = () => count + (D.breakCount ? 1 : 0);
const titleFor = (k) => !selectingAt(k) ? "Long press a photo" : shownCount() == 0 ? "Select items" : shownCount() + " selected";
function eventText(k) {
  const ev = D.eventNames[D.e[k - 1]];
  const photo = photoArg(k);
  if (photo != null) return ev + " " + photo;
  const lc = D.lc[k];
  if (lc) return ev + " \u2212" + lc[0] + " +" + lc[1];
  return ev;
}
function outcomeText(k) {
  const o = D.o[k - 1];
  return o == 0 ? "applied" : o == 1 ? "ignored" : "rejected: " + D.reasons[o - 2];
}
function effectsText(k) {
  const parts = [];
  const fx = D.fx[k];
  if (fx) {
    const kind = fx[0];
    if (kind == "open") parts.push("open " + name(fx[1]));
    else if (kind == "navigateBack") parts.push("navigateBack");
    else {
      const listed = fx[2].map(name).join(",") + (fx[1] > fx[2].length ? ",\u2026 (" + fx[1] + " photos)" : "");
      parts.push(kind + (fx[3] ? " " + fx[3] : "") + " " + listed);
    }
  }
  const f = D.f[k - 1];
  if (f & 1) parts.push("haptic");
  if (f & 2) parts.push("animation snappy");
  if (f & 4) parts.push("animation none");
  const a = D.a[k - 1];
  if (a) parts.push("\u201c" + D.announcementTexts[a - 1] + "\u201d");
  return parts.join(", ");
}
const rowText = (k) => k == 0 ? "   0  start: " + D.photos + " photos" + (D.limit != null ? ", limit " + D.limit : "")
  : String(k).padStart(4) + "  " + eventText(k) + "  \u2192 " + outcomeText(k) + (effectsText(k) ? "; " + effectsText(k) : "");

// Photos look like the seed's demo photos: a gradient chosen by the photo's number.
const palettes = [["#5856d6", "#ff2d55"], ["#30b0c7", "#34c759"], ["#ff9500", "#ffcc00"], ["#af52de", "#007aff"], ["#ff3b30", "#ff9500"]];
function paletteOf(id) {
  let n = parseInt(String(id).replace(/^\D+/, ""), 10);
  if (!(n >= 0)) { n = 0; for (const ch of String(id)) n = (n * 31 + ch.charCodeAt(0)) >>> 0; }
  return palettes[n % palettes.length];
}
const paint = (el, id) => { const [a, b] = paletteOf(id); el.style.background = "linear-gradient(135deg," + a + "," + b + ")"; };

function cell(slot, marks) {
  const id = name(slot);
  const el = document.createElement("div");
  el.className = "cell";
  el.setAttribute("role", "gridcell");
  el.dataset.photo = id;
  el.setAttribute("aria-selected", sel[slot] ? "true" : "false");
  el.setAttribute("aria-label", "Photo " + id + (selectingAt(cur) ? (sel[slot] ? ", Selected" : ", Not selected") : ""));
  const img = document.createElement("div");
  img.className = "img";
  paint(img, id);
  img.textContent = id.length > 12 ? id.slice(0, 10) + "\u2026" : id;
  el.appendChild(img);
  const check = document.createElement("span");
  check.className = "check";
  el.appendChild(check);
  const mark = marks.get(slot);
  if (mark) el.classList.add("mark", "m-" + mark);
  return el;
}

function marksOf(k) {
  const marks = new Map();
  if (k == 0) return marks;
  const s = D.s[k];
  const each = (runs, step, f) => { for (let i = 0; i < runs.length; i += step) for (let j = 0; j < runs[i + step - 1] && j < 5000; j++) f(i, j); };
  if (s) { each(s[0], 2, (i, j) => marks.set(s[0][i] + j, "chosen")); each(s[1], 2, (i, j) => marks.set(s[1][i] + j, "unchosen")); }
  const g = D.g[k];
  if (g) {
    const gone = new Set((deletedAt.get(k) || []).flat());
    for (const [slot] of insertedSlots(g[1], 5000)) marks.set(slot, gone.has(slot) ? "moved" : "inserted");
  }
  return marks;
}

// The slots and positions of insertion runs: [[slot, position], …], at most limit.
function insertedSlots(runs, limit) {
  const out = [];
  for (let i = 0; i < runs.length && out.length < limit; i += 3) {
    const n = Math.abs(runs[i + 2]);
    for (let j = 0; j < n && out.length < limit; j++) out.push([runs[i + 2] < 0 ? runs[i + 1] - j : runs[i + 1] + j, runs[i] + j]);
  }
  return out;
}
function listRuns(runs, step, limit) {
  const out = [];
  let total = 0;
  for (let i = 0; i < runs.length; i += step) {
    total += runs[i + step - 1];
    for (let j = 0; j < runs[i + step - 1] && out.length < limit; j++) {
      out.push(step == 2 ? name(runs[i] + j) : name(runs[i + 1] + j) + " (at " + (runs[i] + j) + ")");
    }
  }
  return total == 0 ? "\u2014" : out.join(", ") + (total > out.length ? ", \u2026 (" + total + ")" : "");
}

function renderChanges(k) {
  const s = D.s[k], g = D.g[k];
  const gone = g ? (deletedAt.get(k) || []).flat() : [];
  const goneAt = [];
  if (g) for (let i = 0, r = 0; i < g[0].length; i += 2) for (let j = 0; j < g[0][i + 1]; j++) goneAt.push(g[0][i] + j);
  const inserted = g ? insertedSlots(g[1], 1e9) : [];
  const insertedSet = new Set(inserted.map((x) => x[0])), goneSet = new Set(gone);
  const describe = (pairs) => pairs.length == 0 ? "\u2014" :
    pairs.slice(0, 12).map(([slot, at]) => name(slot) + " (at " + at + ")").join(", ") + (pairs.length > 12 ? ", \u2026 (" + pairs.length + ")" : "");
  const rows = [
    ["chosen", s ? listRuns(s[0], 2, 12) : "\u2014"],
    ["unchosen", s ? listRuns(s[1], 2, 12) : "\u2014"],
    ["deleted", describe(gone.map((slot, i) => [slot, goneAt[i]]).filter(([slot]) => !insertedSet.has(slot)))],
    ["inserted", describe(inserted.filter(([slot]) => !goneSet.has(slot)))],
    ["moved", describe(inserted.filter(([slot]) => goneSet.has(slot)))],
  ];
  const dl = $("changeList");
  dl.textContent = "";
  for (const [label, text] of rows) {
    const dt = document.createElement("dt"); dt.textContent = label;
    const dd = document.createElement("dd"); dd.textContent = text; dd.dataset.change = label;
    dl.append(dt, dd);
  }
  $("changesTitle").textContent = k == 0 ? "The initial state" : "What step " + k + " changed";
}

function renderGrid(k) {
  const grid = $("grid");
  grid.style.gridTemplateColumns = "repeat(" + D.columns + ", 1fr)";
  grid.textContent = "";
  const marks = marksOf(k);
  // The photos this step touches, else those the last step that touched any did.
  focus = -1;
  for (let j = k; j > 0 && j > k - 5000; j--) if (D.x[j - 1] >= 0) { focus = D.x[j - 1]; break; }
  let start = 0, end = gridCount;
  const large = gridCount > SMALL_GRID;
  if (large) {
    const f = Math.max(0, Math.min(gridCount - 1, focus < 0 ? 0 : focus));
    const row = Math.floor(f / D.columns);
    const firstRow = Math.max(0, row - Math.floor(WINDOW_ROWS / 2));
    start = firstRow * D.columns;
    end = Math.min(gridCount, start + WINDOW_ROWS * D.columns);
  }
  // Rows for assistive technology (role="row"); the layout ignores them (display: contents).
  const frag = document.createDocumentFragment();
  const slots = gridSlice(start, end);
  let row = null;
  slots.forEach((slot, i) => {
    if (i % D.columns == 0) {
      row = document.createElement("div");
      row.className = "gridrow";
      row.setAttribute("role", "row");
      row.setAttribute("aria-rowindex", String(Math.floor((start + i) / D.columns) + 1));
      frag.appendChild(row);
    }
    const el = cell(slot, marks);
    if (start + i == focus && k > 0 && D.x[k - 1] >= 0) el.classList.add("focus");
    row.appendChild(el);
  });
  grid.appendChild(frag);
  grid.setAttribute("aria-rowcount", String(Math.ceil(gridCount / D.columns)));
  $("windowNote").textContent = large
    ? "Photos " + (start + 1).toLocaleString("en-US") + "\u2013" + end.toLocaleString("en-US") + " of " + gridCount.toLocaleString("en-US") + ", around the photos this step touches"
    : gridCount + " photos";
  $("windowNote").dataset.start = String(start);
  $("windowNote").dataset.end = String(end);
  renderOverview(start, end, large);
  if (focus >= 0 && k > 0) {
    // The grid's children are rows laid out with display: contents, which have no box of
    // their own: scroll to the first cell of the focused photo's row.
    const row = grid.children[Math.max(0, Math.min(Math.floor((focus - start) / D.columns), grid.children.length - 1))];
    const f = row && row.firstElementChild;
    if (f) grid.scrollTop = Math.max(0, f.offsetTop - grid.clientHeight / 2 + f.offsetHeight / 2);
  } else {
    grid.scrollTop = 0;
  }
}

function renderOverview(start, end, large) {
  const box = $("overview");
  box.hidden = !large;
  if (!large) return;
  const canvas = $("overviewCanvas");
  const w = canvas.width = Math.max(100, Math.round(canvas.clientWidth || D.width - 32));
  const h = canvas.height = 18;
  const bins = new Uint32Array(w);
  let pos = 0, chosen = 0;
  const n = Math.max(1, gridCount);
  for (const block of blocks) {
    for (let i = 0; i < block.length; i++, pos++) if (sel[block[i]]) { bins[Math.floor(pos * w / n)]++; chosen++; }
  }
  const ctx = canvas.getContext("2d");
  ctx.clearRect(0, 0, w, h);
  ctx.fillStyle = "#0a84ff";
  for (let x = 0; x < w; x++) if (bins[x]) ctx.fillRect(x, 0, 1, h);
  ctx.strokeStyle = "#ff9f0a"; ctx.lineWidth = 2;
  const x0 = Math.floor(start * w / n), x1 = Math.max(x0 + 2, Math.ceil(end * w / n));
  ctx.strokeRect(x0 + 1, 1, x1 - x0 - 2, h - 2);
  $("overviewNote").textContent = "Whole grid: " + gridCount.toLocaleString("en-US") + " photos, " + chosen.toLocaleString("en-US") + " chosen (blue); the window shown (orange)";
  canvas.setAttribute("aria-label", $("overviewNote").textContent);
}

function renderChrome(k) {
  const selecting = selectingAt(k);
  $("phone").classList.toggle("selecting", selecting);
  $("title").textContent = titleFor(k);
  $("count").textContent = String(shownCount());
  $("leading").hidden = !selecting;
  $("trailing").textContent = selecting ? "Done" : "Select";
  $("toolbar").hidden = !selecting;
  $("tabbar").hidden = selecting;
  for (const b of ["share", "edit", "move", "delete"]) $("tb-" + b).disabled = shownCount() < 1;
  const sheet = sheetAt(k);
  $("sheet").hidden = $("scrim").hidden = !sheet;
  if (sheet) $("sheetTitle").textContent = sheet == "share" ? "Share " + shownCount() + " photos" : "Edit " + shownCount() + " photos";
  const trayBox = $("trayBox");
  trayBox.hidden = D.limit == null;
  if (D.limit != null) {
    $("counter").textContent = picks.length + " of " + D.limit + " photos";
    const tray = $("tray");
    tray.textContent = "";
    if (picks.length == 0) {
      const li = document.createElement("li"); li.className = "empty"; li.textContent = "\u2014";
      li.setAttribute("aria-label", "No photos selected"); tray.appendChild(li);
    }
    picks.forEach((slot, i) => {
      const li = document.createElement("li");
      const id = name(slot);
      li.dataset.photo = id;
      li.setAttribute("aria-label", "Photo " + (i + 1) + ": " + id);
      paint(li, id);
      li.textContent = id.length > 7 ? id.slice(0, 6) + "\u2026" : id;
      const x = document.createElement("span"); x.className = "x"; x.textContent = "\u00d7";
      x.setAttribute("aria-hidden", "true");
      li.appendChild(x);
      tray.appendChild(li);
    });
  }
}

// The step list: only the rows in view are in the document.
const list = $("steps"), spacer = $("stepsSpacer");
spacer.style.height = ((D.steps + 1) * ROW_H) + "px";
function renderRows() {
  const top = list.scrollTop, h = list.clientHeight || 340;
  const first = Math.max(0, Math.floor(top / ROW_H) - 5), last = Math.min(D.steps, Math.ceil((top + h) / ROW_H) + 5);
  for (const el of [...spacer.children]) el.remove();
  for (let k = first; k <= last; k++) {
    const row = document.createElement("div");
    row.className = "row" + (k > 0 && D.o[k - 1] == 1 ? " ignored" : k > 0 && D.o[k - 1] > 1 ? " rejected" : "");
    row.style.top = (k * ROW_H) + "px";
    row.setAttribute("role", "option");
    row.id = "row-" + k;
    row.setAttribute("aria-selected", k == cur ? "true" : "false");
    row.textContent = rowText(k);
    row.addEventListener("click", () => show(k));
    spacer.appendChild(row);
  }
  list.setAttribute("aria-activedescendant", "row-" + cur);
}
list.addEventListener("scroll", () => requestAnimationFrame(renderRows));

function renderPointer(k) {
  const box = $("touches");
  const P = D.pointer;
  if (!P) { box.hidden = true; return; }
  box.hidden = false;
  const line = k > 0 ? P.lines[k - 1] : P.before;
  const svg = $("touchSvg");
  const vw = P.viewport[0], vh = P.viewport[1];
  // The content the line's touches crossed: from its highest scroll offset to its lowest, a viewport tall.
  const offsets = line ? [line.scrollStart].concat(line.scrolls) : [0];
  let top = Math.min(...offsets), bottom = Math.max(...offsets) + vh;
  if (line) for (const press of line.presses) for (const p of press.path.concat(press.up ? [press.up] : [])) {
    top = Math.min(top, p[1] - 20); bottom = Math.max(bottom, p[1] + 20);
  }
  svg.setAttribute("viewBox", "0 " + top + " " + vw + " " + (bottom - top));
  svg.style.maxWidth = Math.min(vw, 360) + "px";
  let body = "";
  const cols = P.columns, side = P.side, sp = P.spacing;
  // Photos are labelled as the grid is now; the touches came before this step's event.
  const labels = gridSlice(0, Math.min(gridCount, Math.ceil(bottom / (side + sp) + 1) * cols));
  for (let i = 0; i < labels.length; i++) {
    const x = (i % cols) * (side + sp), y = Math.floor(i / cols) * (side + sp);
    if (y + side < top || y > bottom) continue;
    body += '<rect x="' + x + '" y="' + y + '" width="' + side + '" height="' + side + '" fill="#e5e5ea"/>' +
      '<text x="' + (x + 6) + '" y="' + (y + 18) + '" font-size="14" fill="#8e8e93">' + name(labels[i]).replace(/[<&]/g, "") + '</text>';
  }
  const items = [];
  if (line) {
    const colors = { tap: "#34c759", longPress: "#0a84ff", dragBegan: "#ff9f0a" };
    for (const press of line.presses) {
      const color = press.gesture ? colors[press.gesture] : "#ff3b30";
      const pts = press.path.map((p) => p[0] + "," + p[1]).join(" ");
      if (press.path.length > 1) body += '<polyline points="' + pts + '" fill="none" stroke="' + color + '" stroke-width="3"/>';
      const d = press.path[0];
      body += '<circle cx="' + d[0] + '" cy="' + d[1] + '" r="9" fill="' + color + '" fill-opacity=".35" stroke="' + color + '"/>';
      if (press.up) body += '<rect x="' + (press.up[0] - 5) + '" y="' + (press.up[1] - 5) + '" width="10" height="10" fill="' + color + '"/>';
      items.push((press.after ? "after the last event: " : press.continued ? "(held since an earlier step) " : "") + "down at (" + d.join(", ") + ")" + (press.up ? ", lifted at (" + press.up.join(", ") + ")" : ", still down") +
        ": " + (press.gesture === "dragBegan" ? "a drag from photo " + press.photo : press.gesture ? press.gesture + (press.photo != null ? " on photo " + press.photo : "") : press.failure));
    }
    for (const s of line.scrolls) items.push("scrolled to " + s);
  }
  svg.innerHTML = body;
  const ul = $("touchList");
  ul.textContent = "";
  for (const text of items.length ? items : ["no touches on this step"]) { const li = document.createElement("li"); li.textContent = text; ul.appendChild(li); }
}

let marksTimer = 0;
function show(n, fromHash) {
  const t0 = performance.now();
  moveTo(n);
  renderChrome(cur);
  renderGrid(cur);
  renderChanges(cur);
  renderPointer(cur);
  $("step").textContent = String(cur);
  $("scrubber").value = String(cur);
  $("scrubber").setAttribute("aria-valuetext", "Step " + cur + " of " + D.steps);
  const rowTop = cur * ROW_H;
  if (rowTop < list.scrollTop || rowTop > list.scrollTop + (list.clientHeight || 340) - ROW_H) list.scrollTop = Math.max(0, rowTop - 150);
  renderRows();
  $("live").textContent = "Step " + cur + " of " + D.steps + (cur > 0 ? ": " + eventText(cur) + ", " + outcomeText(cur) : "") + ". " + titleFor(cur) + ".";
  if (!fromHash) history.replaceState(null, "", "#step=" + cur);
  clearTimeout(marksTimer);
  document.body.dataset.ready = "true";
  // How long this step took to rebuild and draw, for measuring the page (README).
  document.body.dataset.stepMs = (performance.now() - t0).toFixed(1);
  document.body.dataset.step = String(cur);
}

// #step=N&verify: walk every step forwards, then back to the start, checking that the
// count the diffs give agrees with the engine's at each one; the body says what it found.
function verifyWalk() {
  const problems = [];
  const check = (k) => { const want = k == 0 ? 0 : D.c[k - 1]; if (count != want && problems.length < 5) problems.push("step " + k + ": count " + count + " != " + want); };
  moveTo(0); check(0);
  while (cur < D.steps) { forward(++cur); check(cur); }
  while (cur > 0) { backward(cur--); check(cur); }
  if (gridCount != D.photos) problems.push("back at step 0 the grid has " + gridCount + " photos, not " + D.photos);
  document.body.dataset.verified = problems.length ? problems.join("; ") : "ok";
}

function stepFromHash() {
  const m = /step=(\d+)/.exec(location.hash);
  return m ? parseInt(m[1], 10) : D.at;
}

$("first").addEventListener("click", () => show(0));
$("prev").addEventListener("click", () => show(cur - 1));
$("next").addEventListener("click", () => show(cur + 1));
$("last").addEventListener("click", () => show(D.steps));
const scrubber = $("scrubber");
scrubber.max = String(D.steps);
scrubber.addEventListener("input", () => show(parseInt(scrubber.value, 10)));
document.addEventListener("keydown", (e) => {
  if (e.target === scrubber || e.altKey || e.ctrlKey || e.metaKey) return;
  const keys = { ArrowRight: cur + 1, ArrowLeft: cur - 1, Home: 0, End: D.steps };
  // In the step list, up and down move through it too.
  if (e.target === list) Object.assign(keys, { ArrowDown: cur + 1, ArrowUp: cur - 1, PageDown: cur + 10, PageUp: cur - 10 });
  const to = keys[e.key];
  if (to === undefined) return;
  e.preventDefault();
  show(to);
});
window.addEventListener("hashchange", () => show(stepFromHash(), true));
$("phone").classList.toggle("reduce", !!D.reduceMotion);
$("phone").style.width = D.width + "px";
$("file").textContent = D.name;
$("summary").textContent = D.steps + " events over " + D.photos.toLocaleString("en-US") + " photos" +
  (D.limit != null ? ", limit " + D.limit : "") + (D.reduceMotion ? ", Reduce Motion on" : "") + ". \u2190 \u2192 step, Home End jump.";
if (/verify/.test(location.hash)) verifyWalk();
show(stepFromHash(), true);
document.body.dataset.loadMs = (performance.now() - started).toFixed(1);
// #step=N&bench: then step forwards 100 times, for the time one step takes.
if (/bench/.test(location.hash)) {
  const t = performance.now();
  for (let i = 0; i < 100; i++) show(cur + 1, true);
  document.body.dataset.benchStepMs = ((performance.now() - t) / 100).toFixed(2);
}
})();
