#!/usr/bin/env node
'use strict';
// Writes a seeded random session, recorded by gridsim-recorder.js, to standard output: traces
// that tests in other languages can read, check and compare, without an app.

const { SessionRecorder, WindowRecorder, createState, applyEvent, seenOf } = require('../gridsim-recorder.js');

const USAGE = `usage: record-session.js [--photos N] [--events N] [--seed S] [--limit L]
                         [--window N] [--photokit] [--wrong-seen-at K]

Writes a seeded random session as a GridSim trace (JSON Lines) to standard output. Every event
carries the seen that SPEC.md gives after it (mode, count, title, chosenDigest, and tray when a
limit is set). The same flags always give the same bytes.

  --photos N         photos in the grid at the start (default 30)
  --events N         events in the session (default 100)
  --seed S           seed of the random session, a whole number (default 1)
  --limit L          the most photos that may be chosen (default none)
  --window N         write only the last N events, from the state before them (a version 2
                     trace when that state is not the initial one)
  --photokit         ids like PhotoKit's local identifiers ("<UUID>/L0/001"), not "1", "2", ...
  --wrong-seen-at K  make the seen count of event K (1-based) one too many: a trace that a
                     check must refuse at event K
  --help             this text

Exit status: 0 written; 2 a bad flag.`;

class UsageError extends Error {}

const NUMBER_FLAGS = { '--photos': 'photos', '--events': 'events', '--seed': 'seed', '--limit': 'limit', '--window': 'window', '--wrong-seen-at': 'wrongSeenAt' };
const LEAST = { photos: 0, events: 0, seed: 0, limit: 1, window: 1, wrongSeenAt: 1 };

function parseArgs(argv) {
  const options = { photos: 30, events: 100, seed: 1, limit: null, window: null, photokit: false, wrongSeenAt: null, help: false };
  for (let i = 0; i < argv.length; i++) {
    const [flag, inline] = argv[i].startsWith('--') && argv[i].includes('=') ? argv[i].split(/=(.*)/s) : [argv[i], undefined];
    if (flag === '--help' || flag === '-h') { options.help = true; continue; }
    if (flag === '--photokit' && inline === undefined) { options.photokit = true; continue; }
    const name = NUMBER_FLAGS[flag];
    if (!name) throw new UsageError(`unknown argument ${JSON.stringify(argv[i])}`);
    const text = inline !== undefined ? inline : argv[++i];
    if (text === undefined) throw new UsageError(`${flag} needs a value`);
    if (!/^\d+$/.test(text) || !Number.isSafeInteger(Number(text)) || Number(text) < LEAST[name]) {
      throw new UsageError(`${flag} needs a whole number of at least ${LEAST[name]}, got ${JSON.stringify(text)}`);
    }
    options[name] = Number(text);
  }
  if (options.wrongSeenAt !== null && options.wrongSeenAt > options.events) {
    throw new UsageError(`--wrong-seen-at ${options.wrongSeenAt} is past the last event (${options.events})`);
  }
  return options;
}

// mulberry32: small, fast and the same on every engine.
function makeRandom(seed) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = Math.imul(a ^ (a >>> 15), a | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const WEIGHTS = {
  tap: 30, longPress: 8, selectItem: 3, select: 4, selectAll: 3, deselectAll: 3, done: 4, back: 4, delete: 2,
  move: 2, share: 3, edit: 2, dismiss: 4, libraryChanged: 4, removeFromTray: 5, dragBegan: 10, dragEnded: 1,
};
const WEIGHT_TOTAL = Object.values(WEIGHTS).reduce((a, b) => a + b, 0);

// Yields {event, seen}: events that a person might make, drags over neighbouring photos,
// library changes with clamped and duplicate insertions, now and then an unknown photo.
function* randomSession({ photos = 30, events = 100, seed = 1, limit = null, photokit = false } = {}) {
  const random = makeRandom(seed);
  const int = (n) => Math.floor(random() * n);
  const hex = (n) => Array.from({ length: n }, () => '0123456789ABCDEF'[int(16)]).join('');
  let counter = photokit ? 0 : photos;
  const newID = () => (photokit ? `${hex(8)}-${hex(4)}-${hex(4)}-${hex(4)}-${hex(12)}/L0/001` : String(++counter));
  const ids = Array.from({ length: photos }, (_, i) => (photokit ? newID() : String(i + 1)));
  const state = createState({ photos: ids, limit });
  const somePhoto = () => (state.photos.length === 0 || random() < 0.03 ? `missing-${int(4)}` : state.photos[int(state.photos.length)]);
  let finger = 0;
  let t = 0;
  yield { header: { photos: ids, limit } };
  for (let n = 0; n < events; n++) {
    let event = null;
    if (state.drag && random() < 0.9) {
      // The finger moves on from where it is, a few photos either way, or lifts.
      if (random() < 0.12) event = { event: 'dragEnded' };
      else {
        finger = Math.min(Math.max(finger + int(13) - 6, 0), state.photos.length - 1);
        event = { event: 'dragMoved', photo: state.photos[finger] };
      }
      t += 16 + int(64);
    } else {
      event = pick(random, state, somePhoto, newID, int, photos);
      if (event.event === 'dragBegan') finger = Math.max(state.photos.indexOf(event.photo), 0);
      t += 100 + int(900);
    }
    event.t = t;
    applyEvent(state, event);
    yield { event, seen: seenOf(state) };
  }
}

function pick(random, state, somePhoto, newID, int, grown) {
  let r = random() * WEIGHT_TOTAL;
  let name = 'tap';
  for (const [candidate, weight] of Object.entries(WEIGHTS)) {
    if ((r -= weight) < 0) { name = candidate; break; }
  }
  switch (name) {
    case 'tap': case 'longPress': case 'selectItem': case 'removeFromTray': case 'dragBegan':
      return { event: name, photo: somePhoto() };
    case 'libraryChanged': {
      const removed = Array.from({ length: int(3) }, somePhoto);
      // More insertions when the grid has shrunk, so that a long session keeps photos to tap.
      const inserted = Array.from({ length: int(state.photos.length < grown ? 7 : 3) }, () => ({
        photo: random() < 0.08 && state.photos.length > 0 ? state.photos[int(state.photos.length)] : newID(),
        at: int(state.photos.length + 5) - 2,
      }));
      return { event: name, removed, inserted };
    }
    default:
      return { event: name };
  }
}

function main(argv, out) {
  let options;
  try {
    options = parseArgs(argv);
  } catch (error) {
    if (!(error instanceof UsageError)) throw error;
    process.stderr.write(`record-session: ${error.message}\nrun with --help for usage\n`);
    return 2;
  }
  if (options.help) {
    out(USAGE + '\n');
    return 0;
  }
  const session = randomSession(options);
  const { photos, limit } = session.next().value.header;
  const meta = { source: 'record-session.js', seed: options.seed };
  let buffered = '';
  const write = (line) => {
    buffered += line;
    if (buffered.length >= 65536) { out(buffered); buffered = ''; }
  };
  const recorder = options.window === null
    ? new SessionRecorder({ photos, limit, meta, write })
    : new WindowRecorder({ photos, limit, meta, size: options.window });
  let n = 0;
  for (const { event, seen } of session) {
    if (++n === options.wrongSeenAt) seen.count += 1;
    recorder.record(event, seen);
  }
  if (options.window !== null) recorder.writeWindow(write);
  out(buffered);
  return 0;
}

module.exports = { parseArgs, makeRandom, randomSession, UsageError };

// Synchronous writes, so that a reader that stops early (| head) stops the session at once:
// process.stdout reports a closed pipe only after the whole session has been made.
function writeStdout(text) {
  const fs = require('node:fs');
  const bytes = Buffer.from(text, 'utf8');
  for (let done = 0; done < bytes.length;) {
    try {
      done += fs.writeSync(1, bytes, done);
    } catch (error) {
      if (error.code === 'EPIPE') process.exit(0);
      if (error.code !== 'EAGAIN') throw error;
      Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 1); // a non-blocking pipe is full
    }
  }
}

if (require.main === module) {
  process.exitCode = main(process.argv.slice(2), writeStdout);
}
