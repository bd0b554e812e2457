'use strict';
// The recorder's reducer against hand-worked cases of SPEC.md, and against the reports of the
// project's scenario traces (written by GridSim's own engine).
const test = require('node:test');
const assert = require('node:assert');
const fs = require('node:fs');
const path = require('node:path');
const { createState, applyEvent, chosenInGridOrder, titleFor } = require('../gridsim-recorder.js');
const { parseTrace, replay } = require('./helpers.js');

// Runs "tap 3" / "libraryChanged -1 +x@0" style steps from a fresh state.
function run({ photos = 10, limit, start } = {}, ...steps) {
  const s = createState({ photos, limit, start });
  for (const step of steps) applyEvent(s, typeof step === 'string' ? parse(step) : step);
  return s;
}

function parse(step) {
  const [event, photo] = step.split(' ');
  return photo === undefined ? { event } : { event, photo };
}

const view = (s) => ({ mode: s.mode, picks: s.picks.slice(), chosen: chosenInGridOrder(s), sheet: s.sheet });
const selecting = (picks, chosen = picks.slice().sort((a, b) => a - b), sheet = null) =>
  ({ mode: 'selecting', picks, chosen, sheet });
const browsing = { mode: 'browsing', picks: [], chosen: [], sheet: null };

test('long press enters the mode with p; while selecting it changes nothing', () => {
  assert.deepStrictEqual(view(run({}, 'longPress 3')), selecting(['3']));
  assert.deepStrictEqual(view(run({}, 'selectItem 4')), selecting(['4']));
  assert.deepStrictEqual(view(run({}, 'longPress 3', 'longPress 5')), selecting(['3']));
  assert.deepStrictEqual(view(run({}, 'longPress 99')), browsing);
});

test('tap opens while browsing (no change) and toggles while selecting', () => {
  assert.deepStrictEqual(view(run({}, 'tap 3')), browsing);
  assert.deepStrictEqual(view(run({}, 'longPress 3', 'tap 5', 'tap 8')), selecting(['3', '5', '8']));
  assert.deepStrictEqual(view(run({}, 'longPress 3', 'tap 5', 'tap 3')), selecting(['5']));
  assert.deepStrictEqual(view(run({}, 'longPress 3', 'tap 3')), selecting([]));
  assert.deepStrictEqual(view(run({}, 'longPress 3', 'tap 42')), selecting(['3']));
});

test('limit: a tap past it is refused; unchoosing frees a place; a limit below 1 is 1', () => {
  assert.deepStrictEqual(view(run({ limit: 2 }, 'longPress 3', 'tap 5', 'tap 8')), selecting(['3', '5']));
  assert.deepStrictEqual(view(run({ limit: 2 }, 'longPress 3', 'tap 5', 'tap 3', 'tap 8')), selecting(['5', '8']));
  assert.strictEqual(run({ limit: 0 }).limit, 1);
  assert.deepStrictEqual(view(run({ limit: 0 }, 'longPress 2', 'tap 3')), selecting(['2']));
});

test('select enters with nothing; selectAll appends the rest in grid order', () => {
  assert.deepStrictEqual(view(run({ photos: 4 }, 'select')), selecting([]));
  assert.deepStrictEqual(view(run({ photos: 4 }, 'selectAll')), browsing);
  assert.deepStrictEqual(view(run({ photos: 4 }, 'longPress 3', 'tap 1', 'selectAll')),
    selecting(['3', '1', '2', '4'], ['1', '2', '3', '4']));
});

test('selectAll with a limit: refused below the photo count, allowed at or above it', () => {
  assert.deepStrictEqual(view(run({ photos: 4, limit: 3 }, 'longPress 2', 'selectAll')), selecting(['2']));
  assert.deepStrictEqual(view(run({ photos: 4, limit: 4 }, 'longPress 2', 'selectAll')),
    selecting(['2', '1', '3', '4'], ['1', '2', '3', '4']));
  // All chosen: ignored, even though a limit is set.
  assert.deepStrictEqual(view(run({ photos: 2, limit: 2 }, 'longPress 2', 'tap 1', 'selectAll')),
    selecting(['2', '1'], ['1', '2']));
});

test('deselectAll keeps the mode; done and back leave it', () => {
  assert.deepStrictEqual(view(run({}, 'longPress 3', 'tap 4', 'deselectAll')), selecting([]));
  assert.deepStrictEqual(view(run({}, 'longPress 3', 'done')), browsing);
  assert.deepStrictEqual(view(run({}, 'longPress 3', 'back')), browsing);
  assert.deepStrictEqual(view(run({}, 'back', 'done', 'deselectAll', 'dismiss')), browsing);
});

test('delete removes the chosen photos from the grid and leaves; move keeps them', () => {
  const deleted = run({ photos: 6 }, 'longPress 5', 'tap 2', 'delete');
  assert.deepStrictEqual(view(deleted), browsing);
  assert.deepStrictEqual(deleted.photos, ['1', '3', '4', '6']);
  assert.deepStrictEqual(view(run({ photos: 6 }, 'longPress 5', 'tap 5', 'delete')), selecting([]));
  const moved = run({ photos: 6 }, 'longPress 5', 'move');
  assert.deepStrictEqual([view(moved), moved.photos.length], [browsing, 6]);
  // A deleted photo is unknown afterwards.
  assert.deepStrictEqual(view(run({ photos: 6 }, 'longPress 5', 'delete', 'longPress 5')), browsing);
});

test('share and edit show a sheet that covers the grid; dismiss and back close it', () => {
  assert.deepStrictEqual(view(run({}, 'select', 'share')), selecting([]));
  const shared = run({}, 'longPress 3', 'share');
  assert.deepStrictEqual(view(shared), selecting(['3'], ['3'], 'share'));
  for (const covered of ['tap 4', 'longPress 4', 'selectAll', 'deselectAll', 'done', 'delete', 'move', 'edit', 'dragBegan 4']) {
    assert.deepStrictEqual(view(run({}, 'longPress 3', 'share', covered)), selecting(['3'], ['3'], 'share'), covered);
  }
  assert.deepStrictEqual(view(run({}, 'longPress 3', 'edit', 'dismiss', 'tap 4')), selecting(['3', '4']));
  assert.deepStrictEqual(view(run({}, 'longPress 3', 'edit', 'back')), selecting(['3']));
  assert.deepStrictEqual(view(run({}, 'longPress 3', 'edit', 'back', 'back')), browsing);
});

const changed = (removed = [], inserted = []) => ({ event: 'libraryChanged', removed, inserted });

test('libraryChanged: removals prune the selection, picks keep their order, the mode stays', () => {
  const s = run({ photos: 6 }, 'longPress 5', 'tap 2', 'tap 4', changed(['4', '9']));
  assert.deepStrictEqual(view(s), selecting(['5', '2']));
  assert.deepStrictEqual(s.photos, ['1', '2', '3', '5', '6']);
  assert.deepStrictEqual(view(run({ photos: 3 }, 'longPress 2', changed(['2']))), selecting([]));
  assert.deepStrictEqual(view(run({ photos: 3 }, changed(['2']))), browsing);
});

test('libraryChanged: insertions in order, at clamped to 0...count', () => {
  const s = run({ photos: 3 }, changed(['2'], [{ photo: 'x', at: 0 }, { photo: 'y', at: 99 }, { photo: 'z', at: -4 }, { photo: 'w', at: 2 }]));
  assert.deepStrictEqual(s.photos, ['z', 'x', 'w', '1', '3', 'y']);
});

test('libraryChanged: a duplicate insertion refuses the whole event', () => {
  const before = ['1', '2', '3'];
  assert.deepStrictEqual(run({ photos: 3 }, changed(['1'], [{ photo: '2', at: 0 }])).photos, before);
  assert.deepStrictEqual(run({ photos: 3 }, changed([], [{ photo: 'x', at: 0 }, { photo: 'x', at: 1 }])).photos, before);
  const refused = run({ photos: 3 }, 'longPress 1', changed(['1'], [{ photo: 'x', at: 0 }, { photo: '3', at: 0 }]));
  assert.deepStrictEqual([refused.photos, view(refused)], [before, selecting(['1'])]);
  // Removed, then inserted again in the same event: not a duplicate, and the photo stays chosen.
  const back = run({ photos: 3 }, 'longPress 1', changed(['1'], [{ photo: '1', at: 3 }]));
  assert.deepStrictEqual([back.photos, view(back)], [['2', '3', '1'], selecting(['1'])]);
});

test('drag: chooses the range from the anchor; sliding back returns photos to their base', () => {
  assert.deepStrictEqual(view(run({}, 'select', 'dragBegan 2')), selecting(['2']));
  assert.deepStrictEqual(view(run({}, 'select', 'dragBegan 2', 'dragMoved 5')), selecting(['2', '3', '4', '5']));
  assert.deepStrictEqual(view(run({}, 'select', 'dragBegan 2', 'dragMoved 5', 'dragMoved 3')), selecting(['2', '3']));
  // Already chosen photos keep their place among the picks; swept ones follow in walking order.
  assert.deepStrictEqual(view(run({}, 'longPress 4', 'dragBegan 6', 'dragMoved 2')), selecting(['4', '6', '5', '3', '2']));
  assert.deepStrictEqual(view(run({}, 'longPress 4', 'dragBegan 6', 'dragMoved 2', 'dragMoved 6')), selecting(['4', '6']));
  assert.deepStrictEqual(view(run({}, 'select', 'dragBegan 2', 'dragMoved 4', 'dragEnded', 'dragMoved 6')), selecting(['2', '3', '4']));
});

test('drag: from a chosen photo it unchooses, past the anchor too; the rest come back', () => {
  const start = { mode: 'selecting', picks: ['5', '1', '2', '3'] };
  assert.deepStrictEqual(view(run({ start }, 'dragBegan 3', 'dragMoved 1')), selecting(['5']));
  assert.deepStrictEqual(view(run({ start }, 'dragBegan 3', 'dragMoved 1', 'dragMoved 5')), selecting(['1', '2']));
  assert.deepStrictEqual(view(run({ start }, 'dragBegan 3', 'dragMoved 1', 'dragMoved 3')), selecting(['5', '1', '2']));
});

test('drag with a limit: photos the limit keeps out stay unchosen, and return when room is made', () => {
  const limit = 3;
  assert.deepStrictEqual(view(run({ limit }, 'longPress 1', 'dragBegan 4', 'dragMoved 8')), selecting(['1', '4', '5']));
  assert.deepStrictEqual(view(run({ limit }, 'longPress 1', 'dragBegan 4', 'dragMoved 8', 'dragMoved 2')), selecting(['1', '4', '3']));
  // Full: a drag from an unchosen photo is refused, and its moves ignored.
  assert.deepStrictEqual(view(run({ limit: 1 }, 'longPress 1', 'dragBegan 4', 'dragMoved 6')), selecting(['1']));
  // Full: a drag from a chosen photo unchooses.
  assert.deepStrictEqual(view(run({ limit: 2 }, 'longPress 1', 'tap 2', 'dragBegan 2', 'dragMoved 1')), selecting([]));
});

test('drag: ignored while browsing or covered, unknown photos change nothing', () => {
  assert.deepStrictEqual(view(run({}, 'dragBegan 2', 'dragMoved 4')), browsing);
  assert.deepStrictEqual(view(run({}, 'select', 'dragBegan 2', 'dragMoved 99', 'dragMoved 3')), selecting(['2', '3']));
  assert.strictEqual(run({}, 'select', 'dragBegan 99').drag, null);
});

test('drag: any other event ends it first, keeping its result', () => {
  for (const other of ['tap 9', 'longPress 9', 'select', 'dragBegan 99', 'dismiss', changed(['10'])]) {
    const s = run({}, 'select', 'dragBegan 2', 'dragMoved 4', other, 'dragMoved 7');
    assert.strictEqual(s.drag, null, JSON.stringify(other));
    assert.deepStrictEqual(s.picks.slice(0, 3), ['2', '3', '4'], JSON.stringify(other));
  }
  // A second dragBegan ends the first and begins its own, from the state the first left.
  assert.deepStrictEqual(view(run({}, 'select', 'dragBegan 2', 'dragMoved 4', 'dragBegan 3', 'dragMoved 2')),
    selecting(['4']));
});

test('removeFromTray: only with a limit; not while covered; the other picks keep their order', () => {
  assert.deepStrictEqual(view(run({}, 'longPress 2', 'removeFromTray 2')), selecting(['2']));
  const limit = 4;
  assert.deepStrictEqual(view(run({ limit }, 'longPress 5', 'tap 2', 'tap 8', 'removeFromTray 2')), selecting(['5', '8']));
  assert.deepStrictEqual(view(run({ limit }, 'longPress 5', 'removeFromTray 3', 'removeFromTray 77')), selecting(['5']));
  assert.deepStrictEqual(view(run({ limit }, 'longPress 5', 'share', 'removeFromTray 5')), selecting(['5'], ['5'], 'share'));
  assert.deepStrictEqual(view(run({ limit }, 'longPress 5', 'removeFromTray 5')), selecting([]));
  assert.deepStrictEqual(view(run({ limit }, 'removeFromTray 5')), browsing);
});

test('a start state: selecting with picks and a sheet', () => {
  const s = run({ photos: ['a', 'b', 'c', 'd'], limit: 3, start: { mode: 'selecting', picks: ['c', 'a'], sheet: 'edit' } }, 'tap b');
  assert.deepStrictEqual(view(s), selecting(['c', 'a'], ['a', 'c'], 'edit'));
  assert.deepStrictEqual(view(run({ photos: ['a', 'b'], start: { mode: 'selecting' } }, 'tap b')), selecting(['b']));
});

// Every scenario trace beside its report: each step's count and title, and the final state.
const traces = path.join(__dirname, '..', '..', '..', 'Traces');
for (const name of fs.readdirSync(traces).filter((file) => file.endsWith('.jsonl'))) {
  test(`the scenario trace ${name} replays to its report`, () => {
    const report = JSON.parse(fs.readFileSync(path.join(traces, name.replace(/\.jsonl$/, '.report.json')), 'utf8'));
    let n = 0;
    const s = replay(parseTrace(fs.readFileSync(path.join(traces, name), 'utf8')), (state) => {
      const step = report.steps[n++];
      assert.deepStrictEqual([state.chosen.size, titleFor(state.mode, state.chosen.size)], [step.count, step.title], `step ${n} (${step.event})`);
    });
    assert.strictEqual(n, report.steps.length);
    const final = { mode: s.mode, selected: chosenInGridOrder(s), count: s.chosen.size, photos: s.photos.length, title: titleFor(s.mode, s.chosen.size) };
    if (s.limit !== null) final.tray = s.picks;
    assert.deepStrictEqual(final, report.final);
  });
}
