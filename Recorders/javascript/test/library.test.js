'use strict';
// libraryChanged in the recorder's reducer (SPEC.md section 2): the selection keeps the chosen
// photos still in the grid after the whole change, so a chosen photo removed and inserted again
// by the same change stays chosen, in the window's start state and in every seen.
const test = require('node:test');
const assert = require('node:assert');
const { WindowRecorder, createState, applyEvent, chosenInGridOrder, chosenDigest } = require('../gridsim-recorder.js');
const { parseTrace, replay, startProblem, collector, seenOf } = require('./helpers.js');

const changed = (removed = [], inserted = []) => ({ event: 'libraryChanged', removed, inserted });
const step = (text) => {
  const [event, photo] = text.split(' ');
  return photo === undefined ? { event } : { event, photo };
};
const steps = (list) => list.map((s) => (typeof s === 'string' ? step(s) : s));

function run({ photos = 6, limit } = {}, ...list) {
  const s = createState({ photos, limit });
  for (const e of steps(list)) applyEvent(s, e);
  return s;
}

const view = (s) => ({ photos: s.photos.slice(), mode: s.mode, picks: s.picks.slice(), chosen: chosenInGridOrder(s), sheet: s.sheet });

// What SPEC.md section 3 gives while selecting with these chosen photos.
function seenSelecting({ picks, chosen, limit }) {
  const seen = { mode: 'selecting', count: chosen.length, title: chosen.length === 0 ? 'Select items' : `${chosen.length} selected` };
  if (limit !== undefined) seen.tray = picks;
  seen.chosenDigest = chosenDigest(chosen);
  return seen;
}

test('a chosen photo removed and inserted again stays chosen; picks keep their order', () => {
  const s = run({}, 'longPress 5', 'tap 2', changed(['5'], [{ photo: '5', at: 0 }]));
  assert.deepStrictEqual(view(s), {
    photos: ['5', '1', '2', '3', '4', '6'], mode: 'selecting', picks: ['5', '2'], chosen: ['5', '2'], sheet: null,
  });
});

test('in one change: one chosen photo leaves for good, another comes back elsewhere', () => {
  const s = run({}, 'longPress 3', 'tap 5', 'tap 2', changed(['3', '5', 'nope'], [{ photo: '5', at: 99 }, { photo: 'x', at: -1 }]));
  assert.deepStrictEqual(view(s), {
    photos: ['x', '1', '2', '4', '6', '5'], mode: 'selecting', picks: ['5', '2'], chosen: ['2', '5'], sheet: null,
  });
});

test('a removal listed twice, then the photo inserted again: still chosen', () => {
  const s = run({}, 'longPress 4', changed(['4', '4'], [{ photo: '4', at: 1 }]));
  assert.deepStrictEqual([s.photos, s.picks], [['1', '4', '2', '3', '5', '6'], ['4']]);
});

test('seen after the change: count, title, tray and chosenDigest keep the photo that came back', () => {
  const limit = 3;
  const s = run({ limit }, 'longPress 5', 'tap 2', changed(['5'], [{ photo: '5', at: 0 }]));
  const expected = seenSelecting({ picks: ['5', '2'], chosen: ['5', '2'], limit });
  assert.deepStrictEqual(seenOf(s), expected);
  assert.notStrictEqual(expected.chosenDigest, chosenDigest(['2']));
  // Without a limit there is no tray; the digest follows the new grid order.
  const free = run({}, 'longPress 2', 'tap 5', changed(['2'], [{ photo: '2', at: 6 }]));
  assert.deepStrictEqual(seenOf(free), seenSelecting({ chosen: ['5', '2'] }));
});

test('under a sheet: the change applies, the photo stays chosen and the sheet stays', () => {
  const s = run({}, 'longPress 1', 'share', changed(['1'], [{ photo: '1', at: 2 }]));
  assert.deepStrictEqual(view(s), {
    photos: ['2', '3', '1', '4', '5', '6'], mode: 'selecting', picks: ['1'], chosen: ['1'], sheet: 'share',
  });
});

test('while browsing a removal and insertion of the same photo never enters the mode', () => {
  const s = run({}, changed(['1'], [{ photo: '1', at: 9 }]));
  assert.deepStrictEqual(view(s), {
    photos: ['2', '3', '4', '5', '6', '1'], mode: 'browsing', picks: [], chosen: [], sheet: null,
  });
});

test('a duplicate insertion refuses the whole change: grid and selection as they were', () => {
  const base = ['longPress 2', 'tap 4'];
  const untouched = view(run({}, ...base));
  for (const change of [
    changed(['1'], [{ photo: '2', at: 0 }]), // chosen, not removed: already in the grid
    changed(['2'], [{ photo: '2', at: 0 }, { photo: '2', at: 3 }]), // inserted twice
    changed(['nope'], [{ photo: 'x', at: 0 }, { photo: 'x', at: 1 }]),
    changed(['4'], [{ photo: 'x', at: 0 }, { photo: '6', at: 0 }]), // a later insertion is the duplicate
  ]) {
    assert.deepStrictEqual(view(run({}, ...base, change)), untouched, JSON.stringify(change));
  }
});

test('removed ids not in the grid are skipped; insertions in order, at clamped to 0...count', () => {
  const s = run({ photos: 3 }, 'longPress 2', changed(['z', '2'], [{ photo: 'z', at: 1 }, { photo: '2', at: -5 }, { photo: 'y', at: 40 }]));
  assert.deepStrictEqual(view(s), {
    photos: ['2', '1', 'z', '3', 'y'], mode: 'selecting', picks: ['2'], chosen: ['2'], sheet: null,
  });
});

// A window recorder fed steps, each with the seen the reducer gives after it.
function windowOf(options, list) {
  const recorder = new WindowRecorder(Object.assign({ photos: 6 }, options));
  const state = createState(Object.assign({ photos: 6 }, options));
  for (const e of steps(list)) {
    applyEvent(state, e);
    recorder.record(e, seenOf(state));
  }
  const write = collector();
  recorder.writeWindow(write);
  return parseTrace(write.text());
}

test('a window that begins after the change starts with the photo that came back chosen', () => {
  const limit = 2;
  const trace = windowOf({ limit, size: 1 }, ['longPress 2', 'tap 5', changed(['2'], [{ photo: '2', at: 0 }]), 'tap 3']);
  assert.deepStrictEqual(trace.header, {
    trace: 'photo-grid-selection', version: 2, photos: { ids: ['2', '1', '3', '4', '5', '6'] }, limit,
    start: { mode: 'selecting', picks: ['2', '5'] },
  });
  assert.strictEqual(startProblem(trace.header), null);
  // At the limit, so the tap is refused: the seen still has both photos.
  const expected = seenSelecting({ picks: ['2', '5'], chosen: ['2', '5'], limit });
  assert.deepStrictEqual(trace.events, [{ event: 'tap', photo: '3', seen: expected }]);
  replay(trace, (s) => assert.deepStrictEqual(seenOf(s), expected));
});

test('a window that begins with the change replays to the photo still chosen', () => {
  const trace = windowOf({ size: 2 }, ['longPress 2', 'tap 5', changed(['5'], [{ photo: '5', at: 1 }]), 'tap 4']);
  assert.deepStrictEqual(trace.header.start, { mode: 'selecting', picks: ['2', '5'] });
  const seens = trace.events.map((line) => line.seen);
  assert.deepStrictEqual(seens, [
    seenSelecting({ chosen: ['5', '2'] }),
    seenSelecting({ chosen: ['5', '2', '4'] }),
  ]);
  const s = replay(trace, (state, line) => assert.deepStrictEqual(seenOf(state), line.seen));
  assert.deepStrictEqual(s.picks, ['2', '5', '4']);
});
