'use strict';
const test = require('node:test');
const assert = require('node:assert');
const { WindowRecorder, SessionRecorder, createState, applyEvent } = require('../gridsim-recorder.js');
const { randomSession } = require('../bin/record-session.js');
const { parseTrace, replay, snapshot, startProblem, collector, seenOf } = require('./helpers.js');

function windowTrace(recorder) {
  const write = collector();
  recorder.writeWindow(write);
  assert.ok(write.calls.every((line) => line.endsWith('\n') && line.indexOf('\n') === line.length - 1));
  return write.text();
}

// Replays a window trace, checking each event's recorded seen (what the full run gave after
// it) against the replay from the window's start.
function replayChecked(text) {
  const trace = parseTrace(text);
  assert.strictEqual(startProblem(trace.header), null, trace.header.start && JSON.stringify(trace.header.start));
  let n = 0;
  const state = replay(trace, (s, line) => {
    n++;
    if (line.seen) assert.deepStrictEqual(seenOf(s), line.seen, `window event ${n}: ${JSON.stringify(line)}`);
  });
  return { trace, state };
}

const withoutDrag = (s) => Object.assign(snapshot(s), { drag: null });

for (const options of [
  { seed: 1, photos: 30 },
  { seed: 2, photos: 30, limit: 5 },
  { seed: 3, photos: 12, limit: 3, photokit: true },
  { seed: 4, photos: 200 },
]) {
  test(`a window of 10,000 of 25,000 random events replays to the full run's state (${JSON.stringify(options)})`, () => {
    const events = 25000;
    const size = 10000;
    const session = randomSession(Object.assign({ events }, options));
    const { photos, limit } = session.next().value.header;
    const recorder = new WindowRecorder({ photos, limit, size });
    const ring = recorder.ring;
    const full = collector();
    const whole = new SessionRecorder({ photos, limit, write: full });
    const state = createState({ photos, limit });
    let n = 0;
    let boundary = null;
    for (const { event, seen } of session) {
      applyEvent(state, event);
      recorder.record(event, seen);
      whole.record(event, seen);
      if (++n === events - size) boundary = snapshot(state);
      if (n % 1000 === 0) assert.ok(recorder.ring === ring && ring.length === size && recorder.length === Math.min(n, size));
    }

    const text = windowTrace(recorder);
    const { trace, state: replayed } = replayChecked(text);
    assert.deepStrictEqual(snapshot(replayed), snapshot(state));
    // The window is the session's last lines, verbatim; shorter only when it began inside a drag,
    // and then by the finger's own events.
    const fullLines = full.text().split('\n').slice(1, -1);
    const windowLines = text.split('\n').slice(1, -1);
    assert.deepStrictEqual(windowLines, fullLines.slice(fullLines.length - windowLines.length));
    if (boundary.drag === null) {
      assert.strictEqual(windowLines.length, size);
    } else {
      assert.ok(windowLines.length < size);
      for (const skipped of fullLines.slice(events - size, events - windowLines.length)) {
        assert.match(JSON.parse(skipped).event, /^drag(Moved|Ended)$/);
      }
    }
    assert.ok(trace.events.length > 0);
  });
}

test('windows cut at every point of a session: a valid start, the same state as the full run', () => {
  let shortened = 0;
  let started = 0;
  for (const [seed, limit] of [[11, null], [12, 4], [13, 2]]) {
    const size = 40;
    const session = randomSession({ seed, photos: 16, events: 2500, limit });
    const { photos } = session.next().value.header;
    const recorder = new WindowRecorder({ photos, limit, size });
    const state = createState({ photos, limit });
    let n = 0;
    for (const { event, seen } of session) {
      applyEvent(state, event);
      recorder.record(event, seen);
      n++;
      const { trace, state: replayed } = replayChecked(windowTrace(recorder));
      if (trace.header.start) started++;
      if (trace.events.length < Math.min(n, size)) {
        shortened++;
        assert.deepStrictEqual(withoutDrag(replayed), withoutDrag(state), `event ${n}`);
      } else {
        assert.deepStrictEqual(snapshot(replayed), snapshot(state), `event ${n}`);
      }
    }
  }
  // The sessions do put window starts inside drags and in the mode.
  assert.ok(shortened > 50, `shortened ${shortened}`);
  assert.ok(started > 1000, `started ${started}`);
});

// A window recorder fed hand-written steps.
function recorded(options, ...steps) {
  const recorder = new WindowRecorder(Object.assign({ photos: 6 }, options));
  for (const step of steps) {
    if (typeof step !== 'string') recorder.record(step);
    else {
      const [event, photo] = step.split(' ');
      recorder.record(photo === undefined ? { event } : { event, photo });
    }
  }
  return parseTrace(windowTrace(recorder));
}

test('nothing has left the window: a version 1 trace of every event', () => {
  const { header, events } = recorded({ size: 5, limit: 2, reduceMotion: true, meta: { app: 'a' } }, 'longPress 2', 'tap 3');
  assert.deepStrictEqual(header, { trace: 'photo-grid-selection', version: 1, photos: { count: 6 }, limit: 2, reduceMotion: true, meta: { app: 'a' } });
  assert.deepStrictEqual(events, [{ event: 'longPress', photo: '2' }, { event: 'tap', photo: '3' }]);
  assert.deepStrictEqual(recorded({ size: 5 }).events, []);
});

test('the start state: selecting, picks in pick order, the sheet; defaults left out', () => {
  const covered = recorded({ size: 2 }, 'longPress 4', 'tap 1', 'share', 'dismiss', 'tap 2');
  assert.deepStrictEqual(covered.header, {
    trace: 'photo-grid-selection', version: 2, photos: { count: 6 },
    start: { mode: 'selecting', picks: ['4', '1'], sheet: 'share' },
  });
  assert.deepStrictEqual(covered.events, [{ event: 'dismiss' }, { event: 'tap', photo: '2' }]);
  assert.deepStrictEqual(recorded({ size: 1 }, 'select', 'tap 9').header.start, { mode: 'selecting' });
  assert.strictEqual(recorded({ size: 1 }, 'longPress 3', 'done', 'tap 9').header.version, 1);
});

test('the start\'s photos are the grid before the window, after deletions and library changes', () => {
  const { header } = recorded({ size: 1, limit: 3 }, 'longPress 2', 'tap 5', 'delete',
    { event: 'libraryChanged', removed: ['1'], inserted: [{ photo: 'x', at: 1 }] }, 'longPress x', 'tap 3');
  assert.deepStrictEqual(header.photos, { ids: ['3', 'x', '4', '6'] });
  assert.deepStrictEqual(header.start, { mode: 'selecting', picks: ['x'] });
  assert.strictEqual(header.limit, 3);
});

test('a window that would begin inside a drag begins where the drag ends', () => {
  const steps = ['select', 'dragBegan 1', 'dragMoved 2', 'dragMoved 3', 'dragEnded', 'tap 6'];
  // The window would begin at dragMoved 3: the finger's last move and its lift are left out.
  const ended = recorded({ size: 4 }, ...steps);
  assert.deepStrictEqual(ended.header.start, { mode: 'selecting', picks: ['1', '2', '3'] });
  assert.deepStrictEqual(ended.events, [{ event: 'tap', photo: '6' }]);
  // Another event ends the drag before it applies: the window may begin with it.
  const tapped = recorded({ size: 2 }, 'select', 'dragBegan 1', 'dragMoved 2', 'tap 6', 'tap 5');
  assert.deepStrictEqual(tapped.header.start, { mode: 'selecting', picks: ['1', '2'] });
  assert.deepStrictEqual(tapped.events, [{ event: 'tap', photo: '6' }, { event: 'tap', photo: '5' }]);
  const again = recorded({ size: 2 }, 'select', 'dragBegan 1', 'dragMoved 2', 'dragBegan 4', 'dragMoved 5');
  assert.deepStrictEqual(again.header.start, { mode: 'selecting', picks: ['1', '2'] });
  assert.strictEqual(again.events.length, 2);
  // Still dragging at the end: no events, and the start is what the drag has chosen so far.
  const dragging = recorded({ size: 2 }, 'select', 'dragBegan 1', 'dragMoved 2', 'dragMoved 3', 'dragMoved 4');
  assert.deepStrictEqual([dragging.header.start, dragging.events], [{ mode: 'selecting', picks: ['1', '2', '3', '4'] }, []]);
});

test('writing the window changes nothing: twice the same bytes, and recording goes on', () => {
  const recorder = new WindowRecorder({ photos: ['a', 'b', 'c'], size: 2 });
  for (const photo of ['a', 'b', 'c']) recorder.record({ t: 1, event: 'selectItem', photo });
  recorder.record({ event: 'dragBegan', photo: 'b' });
  recorder.record({ event: 'dragMoved', photo: 'c' });
  const first = windowTrace(recorder);
  assert.strictEqual(windowTrace(recorder), first);
  recorder.record({ event: 'dragEnded' });
  recorder.record({ event: 'tap', photo: 'a' });
  // The window would begin at dragEnded, inside the drag: it begins after it.
  const { header, events } = parseTrace(windowTrace(recorder));
  assert.deepStrictEqual([header.start, events], [{ mode: 'selecting', picks: ['a', 'b', 'c'] }, [{ event: 'tap', photo: 'a' }]]);
});

test('bad options are refused', () => {
  assert.throws(() => new WindowRecorder({ photos: 3, size: 0 }), /size must be/);
  assert.throws(() => new WindowRecorder({ photos: 3, size: 1.5 }), /size must be/);
  assert.throws(() => new WindowRecorder({ photos: ['a', 'a'] }), /twice/);
  assert.throws(() => new WindowRecorder({ photos: 3 }).writeWindow(), /write must be a function/);
  assert.strictEqual(new WindowRecorder({ photos: 3 }).size, 10000);
});
