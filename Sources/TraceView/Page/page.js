// The page of `gridsim view`: it rebuilds the state at any step by applying the data's diffs
// forwards or backwards from the step it shows. It never decides what an event does (that is
// the reducer's, in Swift): the outcome, mode, sheet and count of each step are read from the
// data; the chosen photos, the grid order and the tray are its diffs applied. The data's
// fields are described in docs/view-page.md.
//
// Costs: reading the data is one pass over it; photo names are decoded only when shown. A step
// forwards or backwards costs what it changed (the grid order is kept in blocks of at most
// 4,096 slots, found through a Fenwick tree of their lengths); drawing costs the cells shown (the whole grid up to 500 photos, else a window
// of 20 rows) plus, for a large grid, one pass over it for the overview strip and one search
// for the photo the window centres on; the step list holds only the rows in view.
"use strict";
(function () {
const started = performance.now();
const dataElement = document.getElementById("data");
const D = JSON.parse(dataElement.textContent);
// The element's text is as big as the data: keep only what was read from it.
dataElement.remove();
const $ = (id) => document.getElementById(id);

// Numbers come as base-64 variable-length digits (VLQ): five bits a character, the sixth
// saying another follows.
const DIGIT = new Int8Array(128).fill(-1);
"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/".split("").forEach((c, i) => DIGIT[c.charCodeAt(0)] = i);
function countVLQ(text) {
  let n = 0;
  for (let i = 0; i < text.length; i++) if ((DIGIT[text.charCodeAt(i)] & 32) == 0) n++;
  return n;
}
// Decodes `text` into `out`, a typed array with room for all its numbers.
function decodeVLQ(text, out) {
  let n = 0, value = 0, scale = 1;
  for (let i = 0; i < text.length; i++) {
    const d = DIGIT[text.charCodeAt(i)];
    value += (d & 31) * scale;
    if (d & 32) scale *= 32; else { out[n++] = value; value = 0; scale = 1; }
  }
  return out;
}
const unzig = (n) => n % 2 == 0 ? n / 2 : -(n + 1) / 2;

// One number per step: events.kind[k - 1] is step k's.
const E = {};
for (const key of Object.keys(D.events)) E[key] = decodeVLQ(D.events[key], new Int32Array(D.steps));

// The sparse streams: each entry is the step's distance from the previous entry's, then its
// body. `at[k]` is where step k's body starts, -1 for a step without an entry.
function indexEntries(text, skipBody) {
  const v = decodeVLQ(text, new Float64Array(countVLQ(text)));
  const at = new Int32Array(D.steps + 1).fill(-1);
  for (let i = 0, step = 0; i < v.length;) {
    step += v[i++];
    at[step] = i;
    i = skipBody(v, i);
  }
  return { v, at };
}
// Past a list of runs of `width` numbers each (gap and length; for insertions gap, slot and
// length), with its count first.
const skipRuns = (v, i, width) => i + 1 + v[i] * width;
// A selection entry: form 0, the runs chosen and unchosen; form 1, the selection before and
// after, each a flag (1: the grid's photos but these) and runs.
const skipSet = (v, i) => skipRuns(v, i + 1, 2);
const selectionStream = indexEntries(D.selectionChanges,
  (v, i) => v[i] == 0 ? skipRuns(v, skipRuns(v, i + 1, 2), 2) : skipSet(v, skipSet(v, i + 1)));
const gridStream = indexEntries(D.gridChanges, (v, i) => skipRuns(v, skipRuns(v, i, 2), 3));
D.events = D.selectionChanges = D.gridChanges = null;

// Runs as [start, length, …] from gaps and lengths; returns them and where the list ends.
function readRuns(v, at) {
  const n = v[at++], runs = [];
  let end = 0;
  for (let r = 0; r < n; r++) { const start = end + v[at++], len = v[at++]; runs.push(start, len); end = start + len; }
  return [runs, at];
}
// Insertions as [position, first slot, signed length, …] (negative: the slots descend).
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
// Step k's photos chosen and unchosen, as runs of slots; null when it changed none or when
// its entry gives the selection whole (`wholeSelection`).
function selectionChange(k) {
  const at = selectionStream.at[k];
  if (at < 0 || selectionStream.v[at] != 0) return null;
  const [chosen, next] = readRuns(selectionStream.v, at + 1);
  return [chosen, readRuns(selectionStream.v, next)[0]];
}
// The selection before and after step k, when its entry gives them whole: each
// { grid: whether it is the grid's photos but `runs`, runs }; else null.
function wholeSelection(k) {
  const at = selectionStream.at[k];
  if (at < 0 || selectionStream.v[at] != 1) return null;
  const v = selectionStream.v, sets = [];
  for (let i = at + 1, n = 0; n < 2; n++) { const grid = v[i] == 1, [runs, next] = readRuns(v, i + 1); sets.push({ grid, runs }); i = next; }
  return sets;
}
// Step k's grid positions deleted (runs, in the grid before it) and inserted (placements, in
// the grid after it); null when it changed none.
function gridChange(k) {
  const at = gridStream.at[k];
  if (at < 0) return null;
  const [deleted, next] = readRuns(gridStream.v, at);
  return [deleted, readPlacements(gridStream.v, next)[0]];
}

// Photo names, slot by slot, in runs: numbered (prefix + number), uuid (16 bytes each in
// base 85, shown as a UUID + suffix) or a list. A name is decoded when it is shown.
const nameRuns = D.photos.names, runStarts = [];
let totalSlots = 0;
for (const run of nameRuns) { runStarts.push(totalSlots); totalSlots += run.count; }
const BASE85 = new Int8Array(128).fill(-1);
"0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz!#$%()*+-./:;=?@[]^_{|}".split("").forEach((c, i) => BASE85[c.charCodeAt(0)] = i);
function uuidName(run, i) {
  let hex = "";
  for (let group = 0, at = i * 20; group < 4; group++) {
    let value = 0;
    for (let digit = 0; digit < 5; digit++) value = value * 85 + BASE85[run.data.charCodeAt(at++)];
    hex += value.toString(16).padStart(8, "0");
  }
  if (!run.lowercase) hex = hex.toUpperCase();
  return hex.slice(0, 8) + "-" + hex.slice(8, 12) + "-" + hex.slice(12, 16) + "-" + hex.slice(16, 20) + "-" + hex.slice(20) + run.suffix;
}
function name(slot) {
  let low = 0, high = nameRuns.length - 1;
  while (low < high) { const middle = (low + high + 1) >> 1; if (runStarts[middle] <= slot) low = middle; else high = middle - 1; }
  const run = nameRuns[low], i = slot - runStarts[low];
  return run.kind == "numbered" ? run.prefix + (run.first + i) : run.kind == "uuid" ? uuidName(run, i) : run.ids[i];
}
const SMALL_GRID = 500, WINDOW_ROWS = 20, ROW_H = 22, MAX_BLOCK = 4096;
const photoOf = (k) => E.photo[k - 1] - 1;
const photoArg = (k) => { const p = photoOf(k); return p >= 0 ? name(p) : null; };

// The state the page shows, rebuilt by applying diffs.
// The chosen photos and the photos in the grid, a bit per slot: a selection given whole is a
// copy or a clear of a word per 32 slots.
const sel = new Int32Array((totalSlots + 31) >>> 5), inGrid = new Int32Array(sel.length);
const isChosen = (slot) => (sel[slot >>> 5] >>> (slot & 31)) & 1;
const isInGrid = (slot) => (inGrid[slot >>> 5] >>> (slot & 31)) & 1;
function setBit(bits, slot, on) {
  if (on) bits[slot >>> 5] |= 1 << (slot & 31); else bits[slot >>> 5] &= ~(1 << (slot & 31));
}
// Sets or clears the bits of slots start ..< end: whole words at once.
function setBits(bits, start, end, on) {
  while (start < end && (start & 31) != 0) setBit(bits, start++, on);
  while (end > start && (end & 31) != 0) setBit(bits, --end, on);
  if (start < end) bits.fill(on ? -1 : 0, start >>> 5, end >>> 5);
}
setBits(inGrid, 0, D.photos.initial, true);
let count = 0, picks = [], cur = 0, focus = -1;
// A trace that begins mid-session (SPEC.md section 7): its start state's picks are chosen
// before any event, and its mode and sheet are step 0's.
const START = D.start || null;
if (START) {
  for (const slot of START.picks) setBit(sel, slot, true);
  count = START.picks.length;
  if (D.limit != null) picks = START.picks.slice();
}
const startCount = START ? START.picks.length : 0;
const allPicks = new Map();
// The slots the grid changes up to the step shown deleted, oldest first, so that stepping back
// puts them back in their places: the last ones are the step shown's, in grid order.
const deletedSlots = [];
const deletedCount = (g) => { let n = 0; for (let i = 1; i < g[0].length; i += 2) n += g[0][i]; return n; };
// The photos step k deleted, while it is the step shown.
const deletedBy = (k, g) => deletedSlots.slice(deletedSlots.length - deletedCount(g));
// The grid order: slots in blocks of at most MAX_BLOCK, each { slots: Int32Array(MAX_BLOCK),
// length }, so that a photo placed or removed anywhere moves part of one block.
let blocks = [];
const newBlock = (slots) => { const block = { slots: new Int32Array(MAX_BLOCK), length: slots.length }; block.slots.set(slots); return block; };
for (let start = 0; start < D.photos.initial; start += MAX_BLOCK / 2) {
  const end = Math.min(D.photos.initial, start + MAX_BLOCK / 2), block = { slots: new Int32Array(MAX_BLOCK), length: end - start };
  for (let s = start; s < end; s++) block.slots[s - start] = s;
  blocks.push(block);
}
if (blocks.length == 0) blocks.push(newBlock([]));
let gridCount = D.photos.initial;

// The blocks' lengths in a Fenwick tree, so that a position's block is found in O(log B);
// rebuilt when a block splits.
let lengths;
function countBlocks() {
  lengths = new Int32Array(blocks.length + 1);
  for (let i = 1; i <= blocks.length; i++) {
    lengths[i] += blocks[i - 1].length;
    const parent = i + (i & -i);
    if (parent <= blocks.length) lengths[parent] += lengths[i];
  }
}
countBlocks();
function lengthChanged(b, change) {
  blocks[b].length += change;
  for (let i = b + 1; i < lengths.length; i += i & -i) lengths[i] += change;
}
// The block holding grid position pos (in `found.block`) and pos within it (`found.offset`).
// A position at the end of a block is in that block when inserting (`atEnd`), else in the
// next one with photos.
const found = { block: 0, offset: 0 };
function locate(pos, atEnd) {
  let b = 0;
  for (let step = 1 << (31 - Math.clz32(blocks.length)); step > 0; step >>= 1) {
    const next = b + step;
    if (next <= blocks.length && (atEnd ? lengths[next] < pos : lengths[next] <= pos)) { b = next; pos -= lengths[next]; }
  }
  if (b == blocks.length) { b--; pos += blocks[b].length; }
  found.block = b;
  found.offset = pos;
}
// Removes the photos at pos ..< pos+len, appending their slots to `removed`.
function removeRun(pos, len, removed) {
  gridCount -= len;
  while (len > 0) {
    locate(pos, false);
    const block = blocks[found.block], off = found.offset, k = Math.min(len, block.length - off);
    for (let i = off; i < off + k; i++) { removed.push(block.slots[i]); setBit(inGrid, block.slots[i], false); }
    block.slots.copyWithin(off, off + k, block.length);
    lengthChanged(found.block, -k);
    len -= k;
  }
}
// Inserts the slots of `run` (an array) at pos.
function insertRun(pos, run) {
  gridCount += run.length;
  for (const slot of run) setBit(inGrid, slot, true);
  locate(pos, true);
  const b = found.block, off = found.offset, block = blocks[b];
  if (block.length + run.length <= MAX_BLOCK) {
    block.slots.copyWithin(off + run.length, off, block.length);
    block.slots.set(run, off);
    lengthChanged(b, run.length);
    return;
  }
  // A full block splits into halves (a long run into several).
  const joined = Array.from(block.slots.subarray(0, off)).concat(run, Array.from(block.slots.subarray(off, block.length)));
  const pieces = [];
  for (let i = 0; i < joined.length; i += MAX_BLOCK / 2) pieces.push(newBlock(joined.slice(i, i + MAX_BLOCK / 2)));
  blocks.splice(b, 1, ...pieces);
  countBlocks();
}
// The slots of an insertion run: slot, slot±1, … (len < 0: descending).
function placementSlots(slot, len) {
  const run = new Array(Math.abs(len));
  for (let i = 0; i < run.length; i++) run[i] = len < 0 ? slot - i : slot + i;
  return run;
}
function gridSlice(start, end) {
  const out = [];
  let pos = 0;
  for (const block of blocks) {
    if (pos + block.length > start) {
      for (let i = Math.max(0, start - pos); i < block.length && pos + i < end; i++) out.push(block.slots[i]);
    }
    pos += block.length;
    if (pos >= end) break;
  }
  return out;
}
function positionOf(slot) {
  let pos = 0;
  for (const block of blocks) {
    const i = block.slots.subarray(0, block.length).indexOf(slot);
    if (i >= 0) return pos + i;
    pos += block.length;
  }
  return -1;
}
// Applies step k's selection change, forwards or undone. No allocation: a long replay
// applies one per step. A selection given whole is set in one pass over the slots' bits (a
// copy of which are in the grid, or a clear), then its runs.
function applySelection(k, forwards) {
  let i = selectionStream.at[k];
  if (i < 0) return;
  const v = selectionStream.v;
  if (v[i++] == 1) {
    applySet(v, forwards ? skipSet(v, i) : i);
    return;
  }
  for (let list = 0; list < 2; list++) {
    const chosen = (list == 0) == forwards;
    let end = 0;
    for (let r = 0, n = v[i++]; r < n; r++) {
      const start = end + v[i++], len = v[i++];
      end = start + len;
      setBits(sel, start, end, chosen);
      count += chosen ? len : -len;
    }
  }
}
// Makes the selection the set at v[i]: the grid's photos but its runs, or its runs.
function applySet(v, i) {
  const grid = v[i++] == 1;
  if (grid) sel.set(inGrid); else sel.fill(0);
  count = grid ? gridCount : 0;
  let end = 0;
  for (let r = 0, n = v[i++]; r < n; r++) {
    const start = end + v[i++], len = v[i++];
    end = start + len;
    setBits(sel, start, end, !grid);
    count += grid ? -len : len;
  }
}
// A step's grid change goes first both ways: a selection given whole is one of the grid after
// the step (forwards) or before it (backwards).
function forward(k) {
  const g = gridChange(k);
  if (g) {
    // The deleted photos' slots are read from the grid (from the last run, so that the others
    // keep their positions), and kept for the way back.
    const gone = [];
    for (let i = g[0].length - 2; i >= 0; i -= 2) {
      const slots = [];
      removeRun(g[0][i], g[0][i + 1], slots);
      gone.push(slots);
    }
    for (let r = gone.length - 1; r >= 0; r--) for (const slot of gone[r]) deletedSlots.push(slot);
    for (let i = 0; i < g[1].length; i += 3) insertRun(g[1][i], placementSlots(g[1][i + 1], g[1][i + 2]));
  }
  applySelection(k, true);
  const t = D.trayChanges[k];
  if (t) {
    if (t.all) { allPicks.set(k, picks); picks = t.all.slice(); }
    else {
      for (let i = t[0].length - 2; i >= 0; i -= 2) picks.splice(t[0][i], 1);
      for (const slot of t[1]) picks.push(slot);
    }
  }
}
function backward(k) {
  const g = gridChange(k);
  if (g) {
    for (let i = g[1].length - 3; i >= 0; i -= 3) removeRun(g[1][i], Math.abs(g[1][i + 2]), []);
    const gone = deletedSlots.splice(deletedSlots.length - deletedCount(g));
    for (let i = 0, at = 0; i < g[0].length; at += g[0][i + 1], i += 2) insertRun(g[0][i], gone.slice(at, at + g[0][i + 1]));
  }
  applySelection(k, false);
  const t = D.trayChanges[k];
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
const stateAt = (k) => k == 0 ? (START ? START.state : 0) : E.state[k - 1];
const selectingAt = (k) => (stateAt(k) & 1) == 1;
const sheetAt = (k) => [null, "share", "edit"][stateAt(k) >> 1];
const shownCount = () => count + (D.breakCount ? 1 : 0);
const titleFor = (k) => !selectingAt(k) ? "Long press a photo" : shownCount() == 0 ? "Select items" : shownCount() + " selected";
function eventText(k) {
  const ev = D.eventNames[E.kind[k - 1]];
  const photo = photoArg(k);
  if (photo != null) return ev + " " + photo;
  const lc = D.libraryChanges[k];
  if (lc) return ev + " \u2212" + lc[0] + " +" + lc[1];
  return ev;
}
function outcomeText(k) {
  const o = E.outcome[k - 1];
  return o == 0 ? "applied" : o == 1 ? "ignored" : "rejected: " + D.rejectionReasons[o - 2];
}
function effectsText(k) {
  const parts = [];
  const fx = D.actions[k];
  if (fx) {
    const kind = fx[0];
    if (kind == "open") parts.push("open " + name(fx[1]));
    else if (kind == "navigateBack") parts.push("navigateBack");
    else {
      const listed = fx[2].map(name).join(",") + (fx[1] > fx[2].length ? ",\u2026 (" + fx[1] + " photos)" : "");
      parts.push(kind + (fx[3] ? " " + fx[3] : "") + " " + listed);
    }
  }
  const f = E.effects[k - 1];
  if (f & 1) parts.push("haptic");
  if (f & 2) parts.push("animation snappy");
  if (f & 4) parts.push("animation none");
  const a = E.announcement[k - 1];
  if (a) parts.push("\u201c" + D.announcements[a - 1] + "\u201d");
  return parts.join(", ");
}
const rowText = (k) => k == 0 ? "   0  start: " + D.photos.initial + " photos" + (D.limit != null ? ", limit " + D.limit : "") +
    (START ? ", " + (selectingAt(0) ? "selecting" : "browsing") + ", " + startCount + " chosen" + (sheetAt(0) ? ", " + sheetAt(0) + " sheet" : "") : "")
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
  const chosen = isChosen(slot);
  el.setAttribute("aria-selected", chosen ? "true" : "false");
  el.setAttribute("aria-label", "Photo " + id + (selectingAt(cur) ? (chosen ? ", Selected" : ", Not selected") : ""));
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
  // A counterexample's page: the photos chosen on one side only.
  if (actualChosen && chosen != actualChosen.has(id)) {
    el.classList.add(chosen ? "only-expected" : "only-actual");
    el.dataset.differs = chosen ? "chosen by " + C.expected + " only" : "chosen by " + C.actual + " only";
  }
  return el;
}

function marksOf(k) {
  const marks = new Map();
  if (k == 0) return marks;
  const s = selectionChange(k);
  const each = (runs, step, f) => { for (let i = 0; i < runs.length; i += step) for (let j = 0; j < runs[i + step - 1] && j < 5000; j++) f(i, j); };
  if (s) { each(s[0], 2, (i, j) => marks.set(s[0][i] + j, "chosen")); each(s[1], 2, (i, j) => marks.set(s[1][i] + j, "unchosen")); }
  const g = gridChange(k);
  if (g) {
    const gone = new Set(deletedBy(k, g));
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
  const s = selectionChange(k), g = gridChange(k);
  const gone = g ? deletedBy(k, g) : [];
  const goneAt = [];
  if (g) for (let i = 0, r = 0; i < g[0].length; i += 2) for (let j = 0; j < g[0][i + 1]; j++) goneAt.push(g[0][i] + j);
  const inserted = g ? insertedSlots(g[1], 1e9) : [];
  const insertedSet = new Set(inserted.map((x) => x[0])), goneSet = new Set(gone);
  const describe = (pairs) => pairs.length == 0 ? "\u2014" :
    pairs.slice(0, 12).map(([slot, at]) => name(slot) + " (at " + at + ")").join(", ") + (pairs.length > 12 ? ", \u2026 (" + pairs.length + ")" : "");
  // A selection given whole is told whole: what it is after the step, and what it was.
  const whole = wholeSelection(k);
  const describeSet = (set) => set.grid ? "every photo in the grid" + (set.runs.length ? " but " + listRuns(set.runs, 2, 12) : "")
    : set.runs.length ? listRuns(set.runs, 2, 12) : "no photo";
  const rows = [
    ["chosen", s ? listRuns(s[0], 2, 12) : whole ? "the selection is now " + describeSet(whole[1]) : "\u2014"],
    ["unchosen", s ? listRuns(s[1], 2, 12) : whole ? "it was " + describeSet(whole[0]) : "\u2014"],
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

// Where the window centres at step k: the grid position of what the nearest step up to k
// (at most 5,000 back) touched, and that step. What a step touched is read from the data: the
// first photo its grid change inserted (else the place of the first it deleted), else the
// photo its event names, else the first it chose or unchose; a photo counts while it is in the
// grid now, at its position now.
function touchedAt(k) {
  const clamp = (position) => Math.min(position, Math.max(gridCount - 1, 0));
  for (let j = k; j > 0 && j > k - 5000; j--) {
    const g = gridChange(j);
    if (g && g[1].length > 0) return { step: j, position: isInGrid(g[1][1]) ? positionOf(g[1][1]) : clamp(g[1][0]) };
    if (g && g[0].length > 0) return { step: j, position: clamp(g[0][0]) };
    const s = selectionChange(j);
    const changed = s ? (s[0].length > 0 ? s[0][0] : s[1].length > 0 ? s[1][0] : -1) : -1;
    for (const slot of [photoOf(j), changed]) if (slot >= 0 && isInGrid(slot)) return { step: j, position: positionOf(slot) };
  }
  return null;
}

function renderGrid(k) {
  const grid = $("grid");
  grid.style.gridTemplateColumns = "repeat(" + D.columns + ", 1fr)";
  grid.textContent = "";
  const marks = marksOf(k);
  const compared = comparisonAt(k);
  actualChosen = compared ? new Set(compared.actual.chosen) : null;
  // The photos this step touches, else those the last step that touched any did.
  const touched = touchedAt(k);
  focus = touched ? touched.position : -1;
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
    if (start + i == focus && touched.step == k) el.classList.add("focus");
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
    for (let i = 0; i < block.length; i++, pos++) if (isChosen(block.slots[i])) { bins[Math.floor(pos * w / n)]++; chosen++; }
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
    row.className = "row" + (k > 0 && E.outcome[k - 1] == 1 ? " ignored" : k > 0 && E.outcome[k - 1] > 1 ? " rejected" : "") +
      (comparisonAt(k) && comparisonAt(k).differences.length ? " differs" : "");
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

// A counterexample's page (D.comparison): the adapter's side beside the reference model's,
// each step's as the kit recorded it, up to the first step where they differ. Both sides are
// given plainly (small traces): the page compares nothing itself but which photos are chosen
// on one side only, for the grid's marks.
const C = D.comparison || null;
let actualChosen = null;
const comparisonAt = (k) => C && k < C.steps.length ? C.steps[k] : null;
// A side's grid, written only at the steps that changed it.
function sideGrid(side, k) {
  for (let j = k; j >= 0; j--) if (C.steps[j][side].grid) return C.steps[j][side].grid;
  return [];
}
const COMPARED_PARTS = ["outcome", "effects", "announcements", "mode", "title", "chosen photos", "grid", "tray", "sheet"];
function idList(ids) {
  return ids.length == 0 ? "none" : ids.slice(0, 12).join(", ") + (ids.length > 12 ? ", \u2026 (" + ids.length + ")" : "");
}
function sideText(k, side, part) {
  const s = C.steps[k][side], report = k > 0 ? s.report : null;
  switch (part) {
    case "outcome": return k == 0 ? "\u2014" : report ? report.outcome : "no step reported";
    case "effects": return report ? report.effects : "\u2014";
    case "announcements": return report ? (report.announcements.length ? report.announcements.map((a) => "\u201c" + a + "\u201d").join(", ") : "none") : "\u2014";
    case "mode": return s.mode;
    case "title": return s.title != null ? s.title : "not reported (" + s.chosen.length + " chosen)";
    case "chosen photos": return s.chosen.length + ": " + idList(s.chosen);
    case "grid": return s.gridCount + " photos: " + idList(sideGrid(side, k));
    case "tray": return s.tray ? idList(s.tray) : "no limit";
    case "sheet": return s.sheet != null ? s.sheet : "not reported";
  }
  return "";
}
function renderComparison(k) {
  const box = $("compare");
  box.hidden = !C;
  if (!C) return;
  const row = comparisonAt(k);
  const status = $("compareStatus");
  status.textContent = !row ? "Not compared after step " + (C.steps.length - 1) + ": the comparison stops at the first difference."
    : row.differences.length ? "They differ at this step: " + row.differences.map((d) => d[0]).join(", ") + "."
    : "They agree at this step.";
  status.classList.toggle("differs", !!row && row.differences.length > 0);
  const body = $("compareBody");
  body.textContent = "";
  document.body.dataset.differs = row ? row.differences.map((d) => d[0]).join(",") : "";
  if (!row) return;
  // A missing step differs in all three of its parts; a part the table has no row for (the
  // toolbar, an accessibility value) gets a row of its own with the kit's words.
  const differing = new Map();
  for (const d of row.differences) {
    if (d[0] == "step") for (const part of ["outcome", "effects", "announcements"]) differing.set(part, d);
    else differing.set(d[0], d);
  }
  const rows = COMPARED_PARTS.filter((part) => part != "tray" || D.limit != null)
    .map((part) => [part, sideText(k, "expected", part), sideText(k, "actual", part)]);
  for (const d of row.differences) if (d[0] != "step" && !COMPARED_PARTS.includes(d[0])) rows.push([d[0], d[1], d[2]]);
  const expectedChosen = new Set(row.expected.chosen), actualSet = new Set(row.actual.chosen);
  for (const [part, expected, actual] of rows) {
    const tr = document.createElement("tr");
    tr.dataset.part = part;
    if (differing.has(part)) tr.className = "differs";
    const th = document.createElement("th"); th.scope = "row"; th.textContent = part;
    tr.appendChild(th);
    for (const [side, text] of [["expected", expected], ["actual", actual]]) {
      const td = document.createElement("td");
      td.dataset.side = side;
      td.textContent = text;
      if (part == "chosen photos") {
        const only = (side == "expected" ? row.expected.chosen.filter((id) => !actualSet.has(id)) : row.actual.chosen.filter((id) => !expectedChosen.has(id)));
        if (only.length) { const span = document.createElement("span"); span.className = "only"; span.textContent = "only here: " + idList(only); td.appendChild(span); }
      }
      tr.appendChild(td);
    }
    body.appendChild(tr);
  }
}
function setUpComparison() {
  $("compareTitle").textContent = "Two sides: " + C.expected + " and " + C.actual;
  $("compareExpected").textContent = C.expected;
  $("compareActual").textContent = C.actual;
  const first = $("compareFirst");
  if (C.firstDifference == null) {
    first.textContent = "They agree at every step.";
  } else {
    const f = C.firstDifference, d = C.steps[f].differences[0];
    first.textContent = "First difference at step " + f + (f > 0 ? " (" + eventText(f) + ")" : ", before any event") + ": " + d[0] +
      ": expected " + d[1] + ", " + C.actual + " gave " + d[2] + ".";
    const go = document.createElement("button");
    go.type = "button"; go.id = "compareGo"; go.textContent = "Go to step " + f;
    go.addEventListener("click", () => show(f));
    first.appendChild(go);
  }
  $("compareNote").textContent = "The phone shows " + C.expected + "'s state; photos chosen on one side only are outlined." +
    (C.notCompared.length ? " Not compared: " + C.notCompared.join("; ") + "." : "");
}

// What the app showed (D.app, SPEC.md section 7): at each step whose event carries `seen`,
// every part the app recorded beside what SPEC.md gives, as the replay compared them.
const A = D.app || null;
const appRows = new Map(A ? A.rows.map((r) => [r[0], r[1]]) : []);
function renderApp(k) {
  const box = $("app");
  box.hidden = !A;
  if (!A) return;
  const rows = appRows.get(k);
  const differing = rows ? rows.filter((r) => !r[3]).map((r) => r[0]) : [];
  const status = $("appStatus");
  status.textContent = !rows ? "The app recorded nothing of this step." :
    differing.length ? "The app departs from SPEC.md at this step: " + differing.join(", ") + "." : "The app agrees with SPEC.md at this step.";
  status.classList.toggle("differs", differing.length > 0);
  document.body.dataset.appDiffers = differing.join(",");
  const body = $("appBody");
  body.textContent = "";
  for (const [field, app, spec, agrees] of rows || []) {
    const tr = document.createElement("tr");
    tr.dataset.part = field;
    if (!agrees) tr.className = "differs";
    const th = document.createElement("th"); th.scope = "row"; th.textContent = field;
    tr.appendChild(th);
    for (const [side, text] of [["app", app], ["spec", spec]]) {
      const td = document.createElement("td"); td.dataset.side = side; td.textContent = text; tr.appendChild(td);
    }
    body.appendChild(tr);
  }
}
function setUpApp() {
  const first = $("appFirst");
  first.textContent = A.stepsWithSeen + " steps carry what the app showed. ";
  if (A.firstDeparture == null) {
    first.textContent += "The app agrees with SPEC.md at every one.";
  } else {
    const f = A.firstDeparture, d = appRows.get(f).find((r) => !r[3]);
    first.textContent += "The app first departs from SPEC.md at step " + f + " (" + eventText(f) + "): " + d[0] + ": the app saw " + d[1] + ", SPEC.md gives " + d[2] + ".";
    const go = document.createElement("button");
    go.type = "button"; go.id = "appGo"; go.textContent = "Go to step " + f;
    go.addEventListener("click", () => show(f));
    first.appendChild(go);
  }
}

let marksTimer = 0;
function show(n, fromHash) {
  const t0 = performance.now();
  moveTo(n);
  renderChrome(cur);
  renderGrid(cur);
  renderChanges(cur);
  renderPointer(cur);
  renderComparison(cur);
  renderApp(cur);
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
  const check = (k) => { const want = k == 0 ? startCount : E.count[k - 1]; if (count != want && problems.length < 5) problems.push("step " + k + ": count " + count + " != " + want); };
  moveTo(0); check(0);
  while (cur < D.steps) { forward(++cur); check(cur); }
  while (cur > 0) { backward(cur--); check(cur); }
  if (gridCount != D.photos.initial) problems.push("back at step 0 the grid has " + gridCount + " photos, not " + D.photos.initial);
  document.body.dataset.verified = problems.length ? problems.join("; ") : "ok";
}

function stepFromHash() {
  const m = /step=(\d+)/.exec(location.hash);
  return m ? parseInt(m[1], 10) : D.openAt;
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
$("summary").textContent = D.steps + " events over " + D.photos.initial.toLocaleString("en-US") + " photos" +
  (D.limit != null ? ", limit " + D.limit : "") + (D.reduceMotion ? ", Reduce Motion on" : "") + ". \u2190 \u2192 step, Home End jump.";
if (C) {
  setUpComparison();
  $("summary").textContent = "Counterexample: " + C.actual + (C.firstDifference == null ? " agrees with " + C.expected :
    " differs from " + C.expected + " at step " + C.firstDifference) + ". " + $("summary").textContent;
}
if (A) {
  setUpApp();
  $("summary").textContent = (A.firstDeparture == null ? "The app agrees with SPEC.md at all " + A.stepsWithSeen + " steps it recorded. "
    : "The app departs from SPEC.md at step " + A.firstDeparture + ". ") + $("summary").textContent;
}
if (/verify/.test(location.hash)) verifyWalk();
show(stepFromHash(), true);
document.body.dataset.loadMs = (performance.now() - started).toFixed(1);
// From the start of the page's loading (reading the file included) to the first drawing.
document.body.dataset.openMs = performance.now().toFixed(1);
// #step=N&bench: then step forwards 100 times, for the time one step takes.
if (/bench/.test(location.hash)) {
  const t = performance.now();
  for (let i = 0; i < 100; i++) show(cur + 1, true);
  document.body.dataset.benchStepMs = ((performance.now() - t) / 100).toFixed(2);
}
})();
