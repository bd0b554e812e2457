'use strict';
// Each planted bug changes behaviour in the way its name says, in at most four events, and a
// differential run over small generated sessions (up to 60 events, grids up to 500 photos)
// finds it against the code without the bug. The faults are tried through the adapter, in
// adapter.test.js.

const test = require('node:test');
const assert = require('node:assert/strict');
const fs = require('node:fs');
const path = require('node:path');
const { PhotoGrid } = require('../selection');
const { BUGS, FAULTS, plant } = require('../bugs');
const { Generator } = require('./generate');

function replay(Grid, options, events) {
  const grid = new Grid(options);
  const steps = events.map((event) => grid.apply(event));
  return { grid, steps, last: steps[steps.length - 1] };
}

// The same events with the bug and without it.
function both(name, options, events) {
  assert.ok(events.length <= 4, 'a reproduction takes at most four events');
  return { buggy: replay(plant(name, PhotoGrid), options, events), correct: replay(PhotoGrid, options, events) };
}

const grid = (count, extra = {}) => ({ photos: Array.from({ length: count }, (_, i) => String(i + 1)), ...extra });
const hold = (photo) => ({ event: 'longPress', photo });
const tap = (photo) => ({ event: 'tap', photo });

test('last-untap-leaves-mode: unchoosing the last photo leaves the mode', () => {
  const { buggy, correct } = both('last-untap-leaves-mode', grid(3), [hold('1'), tap('1')]);
  assert.equal(correct.grid.selecting, true);
  assert.deepEqual(correct.last.announcements, ['0 selected']);
  assert.equal(buggy.grid.selecting, false);
  assert.deepEqual(buggy.last.announcements, ['Selection mode off']);
});

test('back-under-sheet-leaves-mode: Back under Share leaves the mode', () => {
  const { buggy, correct } = both('back-under-sheet-leaves-mode', grid(3), [hold('1'), { event: 'share' }, { event: 'back' }]);
  assert.deepEqual([correct.grid.selecting, correct.grid.sheet, correct.grid.picks], [true, null, ['1']]);
  assert.deepEqual([buggy.grid.selecting, buggy.grid.sheet, buggy.grid.picks], [false, null, []]);
});

test('effects-list-pick-order: Share lists the photos in pick order', () => {
  const { buggy, correct } = both('effects-list-pick-order', grid(3), [hold('2'), tap('1'), { event: 'share' }]);
  assert.deepEqual(correct.last.effects, [{ kind: 'present', sheet: 'share', photos: ['1', '2'] }]);
  assert.deepEqual(buggy.last.effects, [{ kind: 'present', sheet: 'share', photos: ['2', '1'] }]);
});

test('announce-stale-count: a tap announces the count before it', () => {
  const { buggy, correct } = both('announce-stale-count', grid(3), [hold('1'), tap('2')]);
  assert.deepEqual(correct.last.announcements, ['2 selected']);
  assert.deepEqual(buggy.last.announcements, ['1 selected']);
  assert.equal(buggy.grid.title, '2 selected', 'only the announcement is stale');
});

test('limit-off-by-one: a tap at the limit chooses one photo more', () => {
  const { buggy, correct } = both('limit-off-by-one', grid(3, { limit: 1 }), [hold('1'), tap('2')]);
  assert.deepEqual(correct.last, { outcome: 'rejected', reason: 'limitReached', effects: [], announcements: [] });
  assert.equal(buggy.last.outcome, 'applied');
  assert.deepEqual(buggy.grid.picks, ['1', '2']);
});

test('prune-by-removed-list: a photo removed and inserted again loses its check', () => {
  const change = { event: 'libraryChanged', removed: ['1'], inserted: [{ photo: '1', at: 0 }] };
  const { buggy, correct } = both('prune-by-removed-list', grid(3), [hold('1'), change]);
  assert.deepEqual(correct.grid.picks, ['1']);
  assert.deepEqual(buggy.grid.picks, []);
  assert.deepEqual(buggy.grid.photos, correct.grid.photos, 'the grid itself is right');
});

test('there are four to six bugs, each saying what it breaks and which rule', () => {
  const names = Object.keys(BUGS);
  assert.ok(names.length >= 4 && names.length <= 6, names.join(', '));
  for (const name of names) {
    assert.match(BUGS[name].breaks, /\w/, name);
    assert.match(BUGS[name].rule, /^section \d/, name);
  }
  assert.deepEqual(Object.keys(FAULTS).sort(), ['crash-on-delete', 'garbage-on-share', 'hang-on-move']);
});

test('an unknown bug name is refused, listing the known ones', () => {
  assert.throws(() => plant('no-such-bug', PhotoGrid), /unknown bug "no-such-bug"; known: .*limit-off-by-one.*crash-on-delete/);
  assert.throws(() => plant('toString', PhotoGrid), /unknown bug/);
});

// ---------------------------------------------------------------------------------------------
// Differential runs: the first generated session where the bug's steps or state depart from
// the code without it.

// What GridSim compares of a step: its outcome, effects, announcements and the state after it.
function observed(grid, step) {
  return JSON.stringify({
    step,
    mode: grid.selecting,
    chosen: grid.chosenInGridOrder(),
    photos: grid.photos,
    picks: grid.limit === null ? null : grid.picks,
    sheet: grid.sheet,
    title: grid.title,
  });
}

function firstDeparture(name, seeds) {
  const Buggy = plant(name, PhotoGrid);
  for (let seed = 1; seed <= seeds; seed++) {
    const generator = new Generator(seed);
    const options = generator.options();
    const correct = new PhotoGrid(options);
    const buggy = new Buggy(options);
    for (let i = 1; i <= 60; i++) {
      // Events are aimed with the correct grid, as GridSim aims them with its reference model.
      const event = generator.event(correct);
      if (observed(correct, correct.apply(event)) !== observed(buggy, buggy.apply(event))) {
        return { seed, events: i, photos: options.photos.length };
      }
    }
  }
  return null;
}

for (const name of Object.keys(BUGS)) {
  test(`a differential run over generated sessions finds ${name}`, () => {
    const found = firstDeparture(name, 300);
    assert.notEqual(found, null, 'not found in 300 sessions');
    assert.ok(found.events <= 60 && found.photos <= 500);
  });
}

test('a differential run finds nothing when no bug is planted', () => {
  const Same = class extends PhotoGrid {};
  for (let seed = 1; seed <= 50; seed++) {
    const generator = new Generator(seed);
    const options = generator.options();
    const a = new PhotoGrid(options);
    const b = new Same(options);
    for (let i = 0; i < 60; i++) {
      const event = generator.event(a);
      assert.equal(observed(b, b.apply(event)), observed(a, a.apply(event)));
    }
  }
});

test('README.md lists every bug and fault with what it breaks, as bugs.js says it', () => {
  const readme = fs.readFileSync(path.join(__dirname, '..', 'README.md'), 'utf8');
  for (const [name, { breaks, rule }] of Object.entries(BUGS)) assert.ok(readme.includes(`| \`${name}\` | ${breaks} | ${rule} |`), name);
  for (const [name, { breaks }] of Object.entries(FAULTS)) assert.ok(readme.includes(`| \`${name}\` | ${breaks} |`), name);
});
