#!/usr/bin/env node
'use strict';
// GridSim's adapter for the React Native seed's selection logic (selection.js): it speaks the
// line protocol of docs/adapter-protocol.md, version 1, on standard input and output, so that
// `gridsim conform`, `differ`, `compare` and `pipe-bench` can check and time this code.
//
//   node adapter.js [--bug NAME]     (or RN_SEED_BUG=NAME: one of bugs.js's bugs or faults)
//
// Standard output carries answers only; anything for people goes to standard error.

const { PhotoGrid, EVENT_NAMES, PHOTO_EVENTS } = require('./selection');
const { plant } = require('./bugs');
const { readLines } = require('./lines');

const PROTOCOL = 1;
const HELLO = {
  type: 'hello',
  protocol: PROTOCOL,
  name: 'react-native-seed',
  exposes: ['outcome', 'effects', 'announcements', 'sheet', 'screen'],
  unhandled: [],
};
const KNOWN_EVENTS = new Set(EVENT_NAMES);
const NEEDS_PHOTO = new Set(PHOTO_EVENTS);
const EXIT_USAGE = 64;

// A request this adapter cannot understand; answered {"type":"error","message":...}.
class RequestError extends Error {}

const isObject = (value) => value !== null && typeof value === 'object' && !Array.isArray(value);
const isIdList = (value) => Array.isArray(value) && value.every((id) => typeof id === 'string');
// The protocol writes an absent optional field either way.
const absent = (value) => value === undefined || value === null;

// The event the grid applies, from one written as a trace writes it. Throws RequestError.
function eventFrom(written, index) {
  const where = `events[${index}]`;
  if (!isObject(written)) throw new RequestError(`${where} must be an object like {"event":"tap","photo":"3"}`);
  const name = written.event;
  if (!KNOWN_EVENTS.has(name)) throw new RequestError(`${where}: unknown event ${JSON.stringify(name)}`);
  if (NEEDS_PHOTO.has(name)) {
    if (typeof written.photo !== 'string') throw new RequestError(`${where}: "${name}" needs "photo", a photo id string`);
    return { event: name, photo: written.photo };
  }
  if (name !== 'libraryChanged') return { event: name };
  const removed = absent(written.removed) ? [] : written.removed;
  const inserted = absent(written.inserted) ? [] : written.inserted;
  if (!isIdList(removed)) throw new RequestError(`${where}: "removed" must be an array of photo ids`);
  if (!Array.isArray(inserted) || !inserted.every((x) => isObject(x) && typeof x.photo === 'string' && Number.isInteger(x.at))) {
    throw new RequestError(`${where}: "inserted" must be an array of {"photo": id, "at": whole number}`);
  }
  return { event: name, removed, inserted: inserted.map(({ photo, at }) => ({ photo, at })) };
}

// A new grid for a `start` request. Throws RequestError.
function gridFrom(request, Grid) {
  const { photos, limit, reduceMotion, start } = request;
  if (!isIdList(photos)) throw new RequestError('start: "photos" must be an array of photo ids');
  if (new Set(photos).size !== photos.length) throw new RequestError('start: "photos" lists a photo twice');
  if (!absent(limit) && !Number.isInteger(limit)) throw new RequestError('start: "limit" must be a whole number or null');
  if (!absent(reduceMotion) && typeof reduceMotion !== 'boolean') throw new RequestError('start: "reduceMotion" must be true or false');
  if (!absent(start) && !(isObject(start) && (absent(start.picks) || isIdList(start.picks)))) {
    throw new RequestError('start: "start" must be {"mode":…,"picks":[ids],"sheet":…}');
  }
  const restored = absent(start) ? null : { mode: start.mode, picks: start.picks || [], sheet: absent(start.sheet) ? null : start.sheet };
  try {
    return new Grid({ photos, limit: absent(limit) ? null : limit, reduceMotion: reduceMotion === true, start: restored });
  } catch (error) {
    throw new RequestError(`start: ${error.message}`);
  }
}

// The state after a step, with every optional part this adapter exposes.
function stateOf(grid) {
  const state = { mode: grid.selecting ? 'selecting' : 'browsing', chosen: grid.chosenInGridOrder(), grid: grid.photos };
  if (grid.limit !== null) state.picks = grid.picks;
  state.sheet = grid.sheet;
  state.title = grid.title;
  state.toolbar = grid.toolbar;
  state.trayCounter = grid.trayCounter;
  state.accessibility = grid.accessibilityValues();
  return state;
}

function stepAnswer(step, grid, withState) {
  const answer = { type: 'step', outcome: step.outcome };
  if (step.reason !== undefined) answer.reason = step.reason;
  answer.effects = step.effects;
  answer.announcements = step.announcements;
  if (withState) answer.state = stateOf(grid);
  return JSON.stringify(answer);
}

// One adapter process: a grid class (with a bug planted or not) and the session in progress.
class Session {
  constructor(Grid) {
    this.Grid = Grid;
    this.grid = null;
    this.output = []; // the answers to the request being handled, written together
  }

  // Handles one request line, adding its answers to `output`; true when it is `bye`.
  handle(line) {
    try {
      return this.handleRequest(line);
    } catch (error) {
      if (!(error instanceof RequestError)) throw error;
      this.output.push(JSON.stringify({ type: 'error', message: error.message }));
      return false;
    }
  }

  handleRequest(line) {
    let request;
    try {
      request = JSON.parse(line);
    } catch (error) {
      throw new RequestError(`a request must be one JSON object per line: ${error.message}`);
    }
    if (!isObject(request) || typeof request.type !== 'string') throw new RequestError('a request must be a JSON object with "type"');
    switch (request.type) {
      case 'hello':
        this.output.push(JSON.stringify(HELLO));
        return false;
      case 'start':
        this.grid = gridFrom(request, this.Grid);
        this.output.push(JSON.stringify({ type: 'started', state: stateOf(this.grid) }));
        return false;
      case 'events':
        this.applyEvents(request);
        return false;
      case 'bye':
        return true;
      default:
        throw new RequestError(`unknown request type ${JSON.stringify(request.type)}`);
    }
  }

  applyEvents({ events, report, stopAfter }) {
    if (this.grid === null) throw new RequestError('"events" before "start": no session is open');
    if (report !== 'state' && report !== 'step') throw new RequestError('"report" must be "state" or "step"');
    if (!Array.isArray(events)) throw new RequestError('"events" must be an array of events');
    if (!absent(stopAfter) && !(Number.isInteger(stopAfter) && stopAfter >= 0)) {
      throw new RequestError('"stopAfter" must be a whole number of events, at least 0');
    }
    const count = absent(stopAfter) ? events.length : Math.min(stopAfter, events.length);
    // Every event is checked before any is applied, so a bad batch changes nothing.
    const checked = [];
    for (let i = 0; i < count; i++) checked.push(eventFrom(events[i], i));
    const withState = report === 'state';
    for (const event of checked) {
      const step = this.grid.apply(event);
      this.output.push(stepAnswer(step, this.grid, withState));
    }
  }
}

// The bug to plant, from `--bug NAME` or RN_SEED_BUG; null for none. Exits 64 on a bad flag.
function bugName(args, env) {
  if (args.length === 0) return env.RN_SEED_BUG || null;
  if (args.length === 2 && args[0] === '--bug') return args[1];
  process.stderr.write(`usage: node adapter.js [--bug NAME]; got ${args.join(' ')}\n`);
  process.exit(EXIT_USAGE);
}

function main() {
  const name = bugName(process.argv.slice(2), process.env);
  let session = null;
  // What a planted fault does to this process.
  const io = {
    print: (text) => session.output.push(text),
    crash: (text) => {
      process.stderr.write(`${text}\n`);
      process.exit(1);
    },
    // Blocks the thread without spinning; only a signal ends the process.
    hang: () => Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0),
  };
  let Grid = PhotoGrid;
  if (name !== null) {
    try {
      Grid = plant(name, PhotoGrid, io);
    } catch (error) {
      process.stderr.write(`adapter.js: ${error.message}\n`);
      process.exit(EXIT_USAGE);
    }
  }
  session = new Session(Grid);
  readLines(
    process.stdin,
    (lines) => {
      for (const line of lines) {
        if (line.trim() === '') continue;
        const bye = session.handle(line);
        if (session.output.length > 0) process.stdout.write(session.output.join('\n') + '\n');
        session.output = [];
        if (bye) process.exit(0);
      }
    },
    () => process.exit(0),
  );
}

main();
