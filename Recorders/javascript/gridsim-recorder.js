'use strict';
// Records a photo grid's selection gestures as a GridSim trace (SPEC.md sections 4, 6 and 7),
// from inside an app. No dependencies and no I/O of its own: every line goes to a `write`
// function the app gives, so the same code runs in Node and in React Native.

const KIND = 'photo-grid-selection';
const PHOTO_EVENTS = new Set(['longPress', 'selectItem', 'tap', 'removeFromTray', 'dragBegan', 'dragMoved']);
const PLAIN_EVENTS = new Set([
  'select', 'selectAll', 'deselectAll', 'done', 'back', 'delete', 'move', 'share', 'edit', 'dismiss', 'dragEnded',
]);
const SEEN_FIELDS = ['mode', 'count', 'title', 'tray', 'chosen', 'chosenDigest'];

// ---------------------------------------------------------------------------------------------
// chosenDigest: FNV-1a 64-bit, kept as two 32-bit halves so that it needs neither BigInt nor
// TextEncoder, which older React Native engines lack.

function chosenDigest(idsInGridOrder) {
  let hi = 0xcbf29ce4;
  let lo = 0x84222325;
  const mix = (byte) => {
    lo = (lo ^ byte) >>> 0;
    // h * 0x100000001b3 mod 2^64 = h * 0x1b3 + (h << 40); every product stays below 2^53.
    const low = lo * 0x1b3;
    hi = (hi * 0x1b3 + Math.floor(low / 0x100000000) + (lo << 8)) >>> 0;
    lo = low >>> 0;
  };
  for (const id of idsInGridOrder) {
    forEachUTF8Byte(String(id), mix);
    mix(0x0a);
  }
  return hex8(hi) + hex8(lo);
}

function hex8(n) {
  return ('0000000' + n.toString(16)).slice(-8);
}

// A lone surrogate becomes U+FFFD, as TextEncoder and JSON text readers make it.
function forEachUTF8Byte(text, emit) {
  for (let i = 0; i < text.length; i++) {
    let c = text.charCodeAt(i);
    if (c >= 0xd800 && c <= 0xdfff) {
      const next = i + 1 < text.length ? text.charCodeAt(i + 1) : 0;
      if (c <= 0xdbff && next >= 0xdc00 && next <= 0xdfff) {
        c = 0x10000 + ((c - 0xd800) << 10) + (next - 0xdc00);
        i++;
      } else {
        c = 0xfffd;
      }
    }
    if (c < 0x80) {
      emit(c);
    } else if (c < 0x800) {
      emit(0xc0 | (c >> 6)); emit(0x80 | (c & 0x3f));
    } else if (c < 0x10000) {
      emit(0xe0 | (c >> 12)); emit(0x80 | ((c >> 6) & 0x3f)); emit(0x80 | (c & 0x3f));
    } else {
      emit(0xf0 | (c >> 18)); emit(0x80 | ((c >> 12) & 0x3f));
      emit(0x80 | ((c >> 6) & 0x3f)); emit(0x80 | (c & 0x3f));
    }
  }
}

// ---------------------------------------------------------------------------------------------
// What the app saw (SPEC.md sections 3 and 7).

function titleFor(mode, count) {
  if (mode !== 'selecting') return 'Long press a photo';
  return count === 0 ? 'Select items' : `${count} selected`;
}

function seenFrom({ mode, chosenInGridOrder, picks, limit }) {
  const count = chosenInGridOrder.length;
  const seen = { mode, count, title: titleFor(mode, count) };
  if (limit !== undefined && limit !== null) {
    if (!Array.isArray(picks)) throw new TypeError('seenFrom: a limit is set, so picks (the tray) is needed');
    seen.tray = picks.slice();
  }
  seen.chosenDigest = chosenDigest(chosenInGridOrder);
  return seen;
}

// ---------------------------------------------------------------------------------------------
// Lines. Fields are written in a fixed order, the order GridSim's own writer uses, so that
// the same session gives the same bytes.

function photoIDs(photos) {
  const ids = typeof photos === 'number' ? Array.from({ length: photos }, (_, i) => String(i + 1)) : photos;
  if (!Array.isArray(ids)) throw new TypeError('photos must be an array of id strings or a count');
  const unique = new Set();
  for (const id of ids) {
    if (typeof id !== 'string') throw new TypeError(`photo id ${JSON.stringify(id)} is not a string`);
    if (unique.has(id)) throw new Error(`photo id ${JSON.stringify(id)} is in photos twice`);
    unique.add(id);
  }
  return ids.slice();
}

function checkOptions({ limit, reduceMotion, meta }) {
  if (limit !== undefined && limit !== null && !Number.isInteger(limit)) {
    throw new TypeError(`limit must be a whole number, got ${JSON.stringify(limit)}`);
  }
  if (reduceMotion !== undefined && typeof reduceMotion !== 'boolean') throw new TypeError('reduceMotion must be a boolean');
  if (meta !== undefined && (meta === null || typeof meta !== 'object' || Array.isArray(meta))) {
    throw new TypeError('meta must be a plain object');
  }
}

function headerLine({ photos, limit, reduceMotion, meta, start }) {
  const header = { trace: KIND, version: start ? 2 : 1 };
  header.photos = photos.every((id, i) => id === String(i + 1)) ? { count: photos.length } : { ids: photos };
  if (limit !== undefined && limit !== null) header.limit = limit;
  if (reduceMotion) header.reduceMotion = true;
  if (start) header.start = start;
  if (meta !== undefined) header.meta = meta;
  return JSON.stringify(header);
}

// Checks one event as an app passes it and gives it back in the reducer's shape.
function eventFrom(input) {
  if (input === null || typeof input !== 'object') throw new TypeError('an event must be an object like {event: "tap", photo: "3"}');
  const name = input.event;
  const needsPhoto = (id) => {
    if (typeof id !== 'string') throw new TypeError(`event "${name}" needs photo, a string id`);
    return id;
  };
  if (PHOTO_EVENTS.has(name)) return { event: name, photo: needsPhoto(input.photo) };
  if (PLAIN_EVENTS.has(name)) return { event: name };
  if (name !== 'libraryChanged') throw new Error(`unknown event ${JSON.stringify(name)}`);
  const removed = input.removed === undefined ? [] : input.removed;
  const inserted = input.inserted === undefined ? [] : input.inserted;
  if (!Array.isArray(removed) || !removed.every((id) => typeof id === 'string')) {
    throw new TypeError('libraryChanged: removed must be an array of id strings');
  }
  if (!Array.isArray(inserted) || !inserted.every((x) => x && typeof x.photo === 'string' && Number.isInteger(x.at))) {
    throw new TypeError('libraryChanged: inserted must be an array of {photo: string, at: whole number}');
  }
  return { event: name, removed: removed.slice(), inserted: inserted.map(({ photo, at }) => ({ photo, at })) };
}

function seenField(seen) {
  for (const key of Object.keys(seen)) {
    if (!SEEN_FIELDS.includes(key)) throw new Error(`seen has an unknown field ${JSON.stringify(key)}`);
  }
  const out = {};
  for (const key of SEEN_FIELDS) if (seen[key] !== undefined) out[key] = seen[key];
  if (out.mode !== undefined && out.mode !== 'browsing' && out.mode !== 'selecting') throw new TypeError('seen.mode must be "browsing" or "selecting"');
  if (out.count !== undefined && !(Number.isInteger(out.count) && out.count >= 0)) throw new TypeError('seen.count must be a whole number');
  if (out.title !== undefined && typeof out.title !== 'string') throw new TypeError('seen.title must be a string');
  for (const key of ['tray', 'chosen']) {
    if (out[key] !== undefined && !(Array.isArray(out[key]) && out[key].every((id) => typeof id === 'string'))) {
      throw new TypeError(`seen.${key} must be an array of id strings`);
    }
  }
  if (out.chosenDigest !== undefined && !/^[0-9a-f]{16}$/.test(out.chosenDigest)) throw new TypeError('seen.chosenDigest must be 16 lowercase hex digits');
  return out;
}

// A trace's t is whole milliseconds that never decrease. An app's clock may step back (the
// wall clock is adjusted) or give fractions (performance.now()); neither is worth crashing the
// app over, so t is floored and held at the previous event's t instead. `clamped` counts the
// times that happened, for an app that wants to know.
class EventLines {
  constructor() {
    this.lastT = 0;
    this.clamped = 0;
  }

  line(input, seen) {
    const event = eventFrom(input);
    const out = {};
    if (input.t !== undefined && input.t !== null) {
      if (typeof input.t !== 'number' || !Number.isFinite(input.t)) throw new TypeError(`t must be a number of milliseconds, got ${JSON.stringify(input.t)}`);
      let t = Math.floor(input.t);
      if (t < this.lastT) { this.clamped++; t = this.lastT; }
      this.lastT = t;
      out.t = t;
    }
    Object.assign(out, event);
    if (event.event === 'libraryChanged') {
      if (event.removed.length === 0) delete out.removed;
      if (event.inserted.length === 0) delete out.inserted;
    }
    if (seen !== undefined && seen !== null) out.seen = seenField(seen);
    return { event, text: JSON.stringify(out) };
  }
}

// ---------------------------------------------------------------------------------------------
// The SPEC.md state and its reducer, only as far as the state goes (no effects, no outcomes):
// enough to know the state before a window and to compute `seen` in tests. `applyEvent`
// changes the state in place; ignored and rejected events leave it as it was.

function createState({ photos, limit, start }) {
  const s = {
    photos: [], inGrid: null, index: null,
    limit: limit === undefined || limit === null ? null : Math.max(1, limit),
    mode: 'browsing', picks: [], chosen: new Set(), sheet: null, drag: null,
  };
  setGrid(s, photoIDs(photos));
  if (start && start.mode === 'selecting') {
    s.mode = 'selecting';
    s.picks = (start.picks || []).slice();
    s.chosen = new Set(s.picks);
    s.sheet = start.sheet || null;
  }
  return s;
}

function cloneState(s) {
  const copy = Object.assign({}, s, { picks: s.picks.slice(), chosen: new Set(s.chosen), index: null });
  setGrid(copy, s.photos.slice());
  return copy;
}

function setGrid(s, photos) {
  s.photos = photos;
  s.inGrid = new Set(photos);
  s.index = null;
}

// Built when first needed after the grid changes: taps never need it, drags and digests do.
function gridIndex(s) {
  if (!s.index) s.index = new Map(s.photos.map((id, i) => [id, i]));
  return s.index;
}

function chosenInGridOrder(s) {
  if (s.chosen.size * 16 < s.photos.length) {
    const index = gridIndex(s);
    return Array.from(s.chosen).sort((a, b) => index.get(a) - index.get(b));
  }
  return s.photos.filter((id) => s.chosen.has(id));
}

function seenOf(s) {
  return seenFrom({ mode: s.mode, chosenInGridOrder: chosenInGridOrder(s), picks: s.picks, limit: s.limit });
}

function enter(s, picks) {
  s.mode = 'selecting';
  s.picks = picks;
  s.chosen = new Set(picks);
  s.sheet = null;
}

function leave(s) {
  s.mode = 'browsing';
  s.picks = [];
  s.chosen = new Set();
  s.sheet = null;
}

function choose(s, id) {
  s.chosen.add(id);
  s.picks.push(id);
}

function unchoose(s, id) {
  s.chosen.delete(id);
  s.picks.splice(s.picks.indexOf(id), 1);
}

const full = (s) => s.limit !== null && s.chosen.size >= s.limit;

function applyEvent(s, e) {
  const p = e.photo;
  const selecting = s.mode === 'selecting';
  const open = selecting && s.sheet === null;
  // Any event but the finger's own moves ends a drag first (section 6).
  if (s.drag && e.event !== 'dragMoved' && e.event !== 'dragEnded') s.drag = null;
  switch (e.event) {
    case 'longPress':
    case 'selectItem':
      if (!selecting && s.inGrid.has(p)) enter(s, [p]);
      return;
    case 'tap':
      if (!open || !s.inGrid.has(p)) return;
      if (s.chosen.has(p)) unchoose(s, p);
      else if (!full(s)) choose(s, p);
      return;
    case 'select':
      if (!selecting) enter(s, []);
      return;
    case 'selectAll':
      if (!open || s.chosen.size === s.photos.length) return;
      if (s.limit !== null && s.limit < s.photos.length) return;
      for (const id of s.photos) if (!s.chosen.has(id)) choose(s, id);
      return;
    case 'deselectAll':
      if (open) { s.picks = []; s.chosen = new Set(); }
      return;
    case 'done':
      if (open) leave(s);
      return;
    case 'back':
      if (selecting && s.sheet !== null) s.sheet = null;
      else if (selecting) leave(s);
      return;
    case 'delete':
    case 'move':
      if (!open || s.chosen.size === 0) return;
      if (e.event === 'delete') setGrid(s, s.photos.filter((id) => !s.chosen.has(id)));
      leave(s);
      return;
    case 'share':
    case 'edit':
      if (open && s.chosen.size > 0) s.sheet = e.event;
      return;
    case 'dismiss':
      s.sheet = null;
      return;
    case 'removeFromTray':
      if (s.limit !== null && s.sheet === null && s.chosen.has(p)) unchoose(s, p);
      return;
    case 'libraryChanged':
      libraryChanged(s, e.removed || [], e.inserted || []);
      return;
    case 'dragBegan': {
      if (!open || !s.inGrid.has(p)) return;
      const unchoosing = s.chosen.has(p);
      if (!unchoosing && full(s)) return;
      s.drag = { anchor: p, unchoosing, basePicks: s.picks.slice(), baseChosen: new Set(s.chosen) };
      sweep(s, [p]);
      return;
    }
    case 'dragMoved':
      if (s.drag && s.inGrid.has(p)) sweep(s, dragRange(s, s.drag.anchor, p));
      return;
    case 'dragEnded':
      s.drag = null;
      return;
    default:
      throw new Error(`unknown event ${JSON.stringify(e.event)}`);
  }
}

// The photos from the anchor to p inclusive, listed from the anchor towards p.
function dragRange(s, anchor, p) {
  const index = gridIndex(s);
  const a = index.get(anchor);
  const b = index.get(p);
  return a <= b ? s.photos.slice(a, b + 1) : s.photos.slice(b, a + 1).reverse();
}

// The state is always recomputed from the drag's base, so photos the finger slides back over
// return to how they were.
function sweep(s, range) {
  const { basePicks, baseChosen, unchoosing } = s.drag;
  if (unchoosing) {
    const swept = new Set(range);
    s.picks = basePicks.filter((id) => !swept.has(id));
    s.chosen = new Set(s.picks);
    return;
  }
  s.picks = basePicks.slice();
  s.chosen = new Set(baseChosen);
  for (const id of range) {
    if (!s.chosen.has(id) && !full(s)) choose(s, id);
  }
}

function libraryChanged(s, removed, inserted) {
  const gone = new Set(removed.filter((id) => s.inGrid.has(id)));
  const incoming = new Set();
  for (const { photo } of inserted) {
    // duplicatePhoto: the whole event is refused.
    if ((s.inGrid.has(photo) && !gone.has(photo)) || incoming.has(photo)) return;
    incoming.add(photo);
  }
  if (gone.size === 0 && inserted.length === 0) return;
  const grid = s.photos.filter((id) => !gone.has(id));
  for (const { photo, at } of inserted) grid.splice(Math.min(Math.max(at, 0), grid.length), 0, photo);
  setGrid(s, grid);
  // The selection keeps the photos still in the grid after the whole change, picks in their
  // order: a photo removed and inserted again by the same change is in the grid, so it stays
  // chosen. Only a removal can take a chosen photo out of the grid.
  if (gone.size > 0) {
    s.picks = s.picks.filter((id) => s.inGrid.has(id));
    s.chosen = new Set(s.picks);
  }
}

// ---------------------------------------------------------------------------------------------
// Recorders.

function needsWrite(write) {
  if (typeof write !== 'function') throw new TypeError('write must be a function that takes one line of text');
  return write;
}

// Writes a whole session as it happens: the header at once, then one line per event. Each
// call of `write` gets one complete line ending in "\n".
class SessionRecorder {
  constructor({ photos, limit, reduceMotion = false, meta, write }) {
    checkOptions({ limit, reduceMotion, meta });
    this.write = needsWrite(write);
    this.lines = new EventLines();
    this.write(headerLine({ photos: photoIDs(photos), limit, reduceMotion, meta }) + '\n');
  }

  // Times held at the previous t so far (see EventLines).
  get clamped() {
    return this.lines.clamped;
  }

  record(event, seen) {
    this.write(this.lines.line(event, seen).text + '\n');
  }
}

// A flight recorder: keeps only the last `size` events, and the state before the oldest of
// them, so that an app can attach the end of a long session to a bug report.
class WindowRecorder {
  constructor({ photos, limit, reduceMotion = false, meta, size = 10000 }) {
    checkOptions({ limit, reduceMotion, meta });
    if (!Number.isInteger(size) || size < 1) throw new TypeError('size must be a whole number of events, at least 1');
    this.options = { limit, reduceMotion, meta };
    this.lines = new EventLines();
    this.base = createState({ photos, limit });
    // A ring allocated once: recording never allocates more slots.
    this.ring = new Array(size).fill(null);
    this.first = 0;
    this.length = 0;
  }

  get size() {
    return this.ring.length;
  }

  get clamped() {
    return this.lines.clamped;
  }

  record(event, seen) {
    const entry = this.lines.line(event, seen);
    const size = this.ring.length;
    if (this.length < size) {
      this.ring[(this.first + this.length) % size] = entry;
      this.length++;
      return;
    }
    applyEvent(this.base, this.ring[this.first].event);
    this.ring[this.first] = entry;
    this.first = (this.first + 1) % size;
  }

  // Writes the window as a trace: a header whose photos and start are the state before the
  // window's first event, then the events' lines as recorded. A start state never has a drag
  // (section 7), so a window that would begin inside one begins where that drag ends: the
  // finger's moves and its dragEnded are left out; any other event ends the drag before it
  // applies, so the window may begin with it, from the state the drag left.
  writeWindow(write) {
    needsWrite(write);
    const s = cloneState(this.base);
    const size = this.ring.length;
    let i = 0;
    for (; s.drag && i < this.length; i++) {
      const { event } = this.ring[(this.first + i) % size];
      if (event.event !== 'dragMoved' && event.event !== 'dragEnded') break;
      applyEvent(s, event);
    }
    write(headerLine(Object.assign({ photos: s.photos, start: startOf(s) }, this.options)) + '\n');
    for (; i < this.length; i++) write(this.ring[(this.first + i) % size].text + '\n');
  }
}

// Section 7's start, defaults left out; none (a version 1 header) when it is the initial state.
function startOf(s) {
  if (s.mode === 'browsing') return null;
  const start = { mode: s.mode };
  if (s.picks.length > 0) start.picks = s.picks.slice();
  if (s.sheet !== null) start.sheet = s.sheet;
  return start;
}

module.exports = {
  chosenDigest,
  titleFor,
  seenFrom,
  SessionRecorder,
  WindowRecorder,
  createState,
  cloneState,
  applyEvent,
  chosenInGridOrder,
  seenOf,
};
