'use strict';
// selection.js against SPEC.md: each event's outcome, effects, announcements and the screen
// after it, in both modes (sections 2 and 3); library changes, the limit and its tray, start
// states, drag to select (section 6), and section 1's invariants over generated sessions.

const test = require('node:test');
const assert = require('node:assert/strict');
const { PhotoGrid } = require('../selection');
const { Generator } = require('./generate');

const FIVE = ['1', '2', '3', '4', '5'];
const HAPTIC = { kind: 'haptic' };
const SNAPPY = { kind: 'animation', style: 'snappy' };
const STILL = { kind: 'animation', style: 'none' };

function browsing(options = {}) {
  return new PhotoGrid({ photos: FIVE, ...options });
}

// A grid in the mode with `picks` chosen (in pick order) and `sheet` shown.
function selecting(picks = [], sheet = null, options = {}) {
  return new PhotoGrid({ photos: FIVE, ...options, start: { mode: 'selecting', picks, sheet } });
}

const applied = (effects = [], announcements = []) => ({ outcome: 'applied', effects, announcements });
const ignored = { outcome: 'ignored', effects: [], announcements: [] };
const rejected = (reason) => ({ outcome: 'rejected', reason, effects: [], announcements: [] });

// The state a step can change, to show that ignored and rejected events change nothing.
function stateOf(grid) {
  return { photos: grid.photos.slice(), picks: grid.picks, selecting: grid.selecting, sheet: grid.sheet };
}

// [description, grid, event, step expected, state expected after it (mode, picks, sheet, photos)]
const BROWSING_CASES = [
  ['longPress on an unknown photo', browsing(), { event: 'longPress', photo: '9' }, rejected('unknownPhoto')],
  ['longPress enters the mode with the photo', browsing(), { event: 'longPress', photo: '2' },
    applied([HAPTIC, SNAPPY], ['Selection mode, 1 selected']), { selecting: true, picks: ['2'] }],
  ['selectItem on an unknown photo', browsing(), { event: 'selectItem', photo: '9' }, rejected('unknownPhoto')],
  ['selectItem enters the mode like a long press', browsing(), { event: 'selectItem', photo: '4' },
    applied([HAPTIC, SNAPPY], ['Selection mode, 1 selected']), { selecting: true, picks: ['4'] }],
  ['tap on an unknown photo', browsing(), { event: 'tap', photo: '9' }, rejected('unknownPhoto')],
  ['tap opens the photo', browsing(), { event: 'tap', photo: '3' }, applied([{ kind: 'open', photo: '3' }]), { selecting: false, picks: [] }],
  ['Select enters the mode with nothing chosen: no haptic', browsing(), { event: 'select' },
    applied([SNAPPY], ['Selection mode, 0 selected']), { selecting: true, picks: [] }],
  ['Select all', browsing(), { event: 'selectAll' }, ignored],
  ['Deselect all', browsing(), { event: 'deselectAll' }, ignored],
  ['Done', browsing(), { event: 'done' }, ignored],
  ['back navigates back', browsing(), { event: 'back' }, applied([{ kind: 'navigateBack' }]), { selecting: false }],
  ['Delete', browsing(), { event: 'delete' }, ignored],
  ['Move', browsing(), { event: 'move' }, ignored],
  ['Share', browsing(), { event: 'share' }, ignored],
  ['Edit', browsing(), { event: 'edit' }, ignored],
  ['dismiss', browsing(), { event: 'dismiss' }, ignored],
  ['removeFromTray without a limit', browsing(), { event: 'removeFromTray', photo: '1' }, ignored],
  ['removeFromTray with a limit: the tray is empty', browsing({ limit: 3 }), { event: 'removeFromTray', photo: '1' }, rejected('notInTray')],
  ['dragBegan on an unknown photo', browsing(), { event: 'dragBegan', photo: '9' }, rejected('unknownPhoto')],
  ['dragBegan scrolls', browsing(), { event: 'dragBegan', photo: '1' }, ignored],
  ['dragMoved', browsing(), { event: 'dragMoved', photo: '1' }, ignored],
  ['dragEnded', browsing(), { event: 'dragEnded' }, ignored],
];

const SELECTING_CASES = [
  ['longPress on an unknown photo, before covered', selecting(['1'], 'share'), { event: 'longPress', photo: '9' }, rejected('unknownPhoto')],
  ['longPress under a sheet', selecting(['1'], 'share'), { event: 'longPress', photo: '2' }, rejected('covered')],
  ['longPress', selecting(['1']), { event: 'longPress', photo: '2' }, ignored],
  ['selectItem under a sheet', selecting(['1'], 'edit'), { event: 'selectItem', photo: '2' }, rejected('covered')],
  ['tap on an unknown photo, before covered', selecting(['1'], 'share'), { event: 'tap', photo: '9' }, rejected('unknownPhoto')],
  ['tap under a sheet', selecting(['1'], 'share'), { event: 'tap', photo: '2' }, rejected('covered')],
  ['tap on a chosen photo unchooses it', selecting(['3', '1']), { event: 'tap', photo: '3' },
    applied([HAPTIC, SNAPPY], ['1 selected']), { selecting: true, picks: ['1'] }],
  ['tap on the last chosen photo keeps the mode', selecting(['1']), { event: 'tap', photo: '1' },
    applied([HAPTIC, SNAPPY], ['0 selected']), { selecting: true, picks: [] }],
  ['tap at the limit', selecting(['1', '2'], null, { limit: 2 }), { event: 'tap', photo: '3' }, rejected('limitReached')],
  ['tap on a chosen photo at the limit unchooses it', selecting(['1', '2'], null, { limit: 2 }), { event: 'tap', photo: '1' },
    applied([HAPTIC, SNAPPY], ['1 selected']), { picks: ['2'] }],
  ['tap chooses a photo at the end of the picks', selecting(['4']), { event: 'tap', photo: '2' },
    applied([HAPTIC, SNAPPY], ['2 selected']), { picks: ['4', '2'] }],
  ['Select under a sheet', selecting(['1'], 'share'), { event: 'select' }, rejected('covered')],
  ['Select', selecting(['1']), { event: 'select' }, ignored],
  ['Select all under a sheet', selecting(['1'], 'share'), { event: 'selectAll' }, rejected('covered')],
  ['Select all with all chosen', selecting(['5', '4', '3', '2', '1']), { event: 'selectAll' }, ignored],
  ['Select all with all chosen at the limit', selecting(FIVE, null, { limit: 5 }), { event: 'selectAll' }, ignored],
  ['Select all past the limit', selecting([], null, { limit: 4 }), { event: 'selectAll' }, rejected('limitReached')],
  ['Select all appends new picks in grid order', selecting(['4', '2']), { event: 'selectAll' },
    applied([HAPTIC, SNAPPY], ['5 selected']), { picks: ['4', '2', '1', '3', '5'] }],
  ['Deselect all under a sheet', selecting(['1'], 'share'), { event: 'deselectAll' }, rejected('covered')],
  ['Deselect all with nothing chosen', selecting([]), { event: 'deselectAll' }, ignored],
  ['Deselect all stays in the mode', selecting(['1', '2']), { event: 'deselectAll' },
    applied([HAPTIC, SNAPPY], ['0 selected']), { selecting: true, picks: [] }],
  ['Done under a sheet', selecting(['1'], 'share'), { event: 'done' }, rejected('covered')],
  ['Done leaves the mode', selecting(['1', '2']), { event: 'done' },
    applied([HAPTIC, SNAPPY], ['Selection mode off']), { selecting: false, picks: [] }],
  ['Done with nothing chosen: no haptic', selecting([]), { event: 'done' },
    applied([SNAPPY], ['Selection mode off']), { selecting: false }],
  ['back under a sheet closes it and stays', selecting(['1'], 'edit'), { event: 'back' },
    applied(), { selecting: true, picks: ['1'], sheet: null }],
  ['back leaves the mode like Done', selecting(['2']), { event: 'back' },
    applied([HAPTIC, SNAPPY], ['Selection mode off']), { selecting: false }],
  ['Delete under a sheet', selecting(['1'], 'share'), { event: 'delete' }, rejected('covered')],
  ['Delete with nothing chosen', selecting([]), { event: 'delete' }, rejected('nothingSelected')],
  ['Delete removes the chosen photos, listed in grid order, and leaves', selecting(['4', '2']), { event: 'delete' },
    applied([{ kind: 'deleted', photos: ['2', '4'] }, HAPTIC, SNAPPY], ['Selection mode off']),
    { selecting: false, picks: [], photos: ['1', '3', '5'] }],
  ['Move under a sheet', selecting(['1'], 'edit'), { event: 'move' }, rejected('covered')],
  ['Move with nothing chosen', selecting([]), { event: 'move' }, rejected('nothingSelected')],
  ['Move keeps the photos and leaves', selecting(['5', '1']), { event: 'move' },
    applied([{ kind: 'moved', photos: ['1', '5'] }, HAPTIC, SNAPPY], ['Selection mode off']),
    { selecting: false, photos: FIVE }],
  ['Share under the Edit sheet', selecting(['1'], 'edit'), { event: 'share' }, rejected('covered')],
  ['Share with nothing chosen', selecting([]), { event: 'share' }, rejected('nothingSelected')],
  ['Share presents the sheet and stays: no haptic', selecting(['3', '1']), { event: 'share' },
    applied([{ kind: 'present', sheet: 'share', photos: ['1', '3'] }]), { selecting: true, picks: ['3', '1'], sheet: 'share' }],
  ['Edit under the Share sheet', selecting(['1'], 'share'), { event: 'edit' }, rejected('covered')],
  ['Edit with nothing chosen', selecting([]), { event: 'edit' }, rejected('nothingSelected')],
  ['Edit presents its sheet', selecting(['2']), { event: 'edit' },
    applied([{ kind: 'present', sheet: 'edit', photos: ['2'] }]), { sheet: 'edit' }],
  ['dismiss with no sheet', selecting(['1']), { event: 'dismiss' }, ignored],
  ['dismiss closes the sheet', selecting(['1'], 'share'), { event: 'dismiss' }, applied(), { selecting: true, sheet: null, picks: ['1'] }],
  ['removeFromTray without a limit, even covered', selecting(['1'], 'share'), { event: 'removeFromTray', photo: '1' }, ignored],
  ['removeFromTray under a sheet', selecting(['1'], 'share', { limit: 3 }), { event: 'removeFromTray', photo: '1' }, rejected('covered')],
  ['removeFromTray on a photo not chosen', selecting(['1'], null, { limit: 3 }), { event: 'removeFromTray', photo: '2' }, rejected('notInTray')],
  ['removeFromTray on an unknown photo', selecting(['1'], null, { limit: 3 }), { event: 'removeFromTray', photo: '9' }, rejected('notInTray')],
  ['removeFromTray keeps the other picks in order', selecting(['5', '1', '3'], null, { limit: 3 }), { event: 'removeFromTray', photo: '1' },
    applied([HAPTIC, SNAPPY], ['2 selected']), { picks: ['5', '3'] }],
  ['dragBegan on an unknown photo, before covered', selecting(['1'], 'share'), { event: 'dragBegan', photo: '9' }, rejected('unknownPhoto')],
  ['dragBegan under a sheet', selecting(['1'], 'share'), { event: 'dragBegan', photo: '2' }, rejected('covered')],
  ['dragBegan on an unchosen photo at the limit', selecting(['1'], null, { limit: 1 }), { event: 'dragBegan', photo: '2' }, rejected('limitReached')],
  ['dragBegan on a chosen photo at the limit unchooses it', selecting(['1'], null, { limit: 1 }), { event: 'dragBegan', photo: '1' },
    applied([HAPTIC, SNAPPY], ['0 selected']), { picks: [] }],
  ['dragBegan chooses its anchor', selecting(['1']), { event: 'dragBegan', photo: '3' },
    applied([HAPTIC, SNAPPY], ['2 selected']), { picks: ['1', '3'] }],
  ['dragMoved with no drag', selecting(['1']), { event: 'dragMoved', photo: '3' }, ignored],
  ['dragEnded with no drag', selecting(['1']), { event: 'dragEnded' }, ignored],
];

// Section 3's screen, worked out from the mode and the picks alone.
function screenOf(grid) {
  const chosen = new Set(grid.picks);
  const n = chosen.size;
  return {
    title: !grid.selecting ? 'Long press a photo' : n === 0 ? 'Select items' : `${n} selected`,
    toolbar: grid.selecting ? { share: n > 0, edit: n > 0, move: n > 0, delete: n > 0, selectAll: true } : null,
    trayCounter: grid.limit === null ? null : `${n} of ${grid.limit} photos`,
    accessibility: grid.photos.map((id) => (!grid.selecting ? '' : chosen.has(id) ? 'Selected' : 'Not selected')),
  };
}

for (const [mode, cases] of [['browsing', BROWSING_CASES], ['selecting', SELECTING_CASES]]) {
  for (const [description, grid, event, step, after] of cases) {
    test(`${mode}: ${description}`, () => {
      const before = stateOf(grid);
      assert.deepEqual(grid.apply(event), step);
      assert.deepEqual(
        { title: grid.title, toolbar: grid.toolbar, trayCounter: grid.trayCounter, accessibility: grid.accessibilityValues() },
        screenOf(grid),
      );
      if (step.outcome !== 'applied') {
        assert.deepEqual(stateOf(grid), before, 'an ignored or rejected event changes nothing');
        return;
      }
      const now = stateOf(grid);
      for (const [key, value] of Object.entries(after)) assert.deepEqual(now[key], value, key);
    });
  }
}

test('Reduce Motion turns every animation into none, and nothing else', () => {
  const grid = browsing({ reduceMotion: true });
  assert.deepEqual(grid.apply({ event: 'longPress', photo: '1' }), applied([HAPTIC, STILL], ['Selection mode, 1 selected']));
  assert.deepEqual(grid.apply({ event: 'tap', photo: '2' }), applied([HAPTIC, STILL], ['2 selected']));
  assert.deepEqual(grid.apply({ event: 'move' }), applied([{ kind: 'moved', photos: ['1', '2'] }, HAPTIC, STILL], ['Selection mode off']));
  assert.deepEqual(grid.apply({ event: 'select' }), applied([STILL], ['Selection mode, 0 selected']));
});

// ---------------------------------------------------------------------------------------------
// Library changes.

test('libraryChanged skips removals not in the grid and prunes the selection, picks in order', () => {
  const grid = selecting(['5', '2', '4']);
  const step = grid.apply({ event: 'libraryChanged', removed: ['2', 'gone'], inserted: [{ photo: 'n', at: 1 }] });
  assert.deepEqual(step, applied([HAPTIC, SNAPPY], ['2 selected']));
  assert.deepEqual(grid.photos, ['1', 'n', '3', '4', '5']);
  assert.deepEqual(grid.picks, ['5', '4']);
});

test('libraryChanged clamps each insertion\'s position to the grid, in the order listed', () => {
  const grid = browsing();
  grid.apply({ event: 'libraryChanged', inserted: [{ photo: 'end', at: 99 }, { photo: 'first', at: -4 }, { photo: 'mid', at: 2 }] });
  assert.deepEqual(grid.photos, ['first', '1', 'mid', '2', '3', '4', '5', 'end']);
});

test('libraryChanged refuses the whole change for a photo already in the grid', () => {
  const grid = selecting(['1']);
  const step = grid.apply({ event: 'libraryChanged', removed: ['1'], inserted: [{ photo: 'n', at: 0 }, { photo: '3', at: 0 }] });
  assert.deepEqual(step, rejected('duplicatePhoto'));
  assert.deepEqual(grid.photos, FIVE);
  assert.deepEqual(grid.picks, ['1']);
});

test('libraryChanged refuses a photo inserted twice', () => {
  const grid = browsing();
  assert.deepEqual(grid.apply({ event: 'libraryChanged', inserted: [{ photo: 'n', at: 0 }, { photo: 'n', at: 3 }] }), rejected('duplicatePhoto'));
  assert.deepEqual(grid.photos, FIVE);
});

test('a photo removed and inserted again stays chosen; the change is applied with no effect', () => {
  const grid = selecting(['3', '1']);
  const step = grid.apply({ event: 'libraryChanged', removed: ['3'], inserted: [{ photo: '3', at: 0 }] });
  assert.deepEqual(step, applied());
  assert.deepEqual(grid.photos, ['3', '1', '2', '4', '5']);
  assert.deepEqual(grid.picks, ['3', '1']);
});

test('libraryChanged that changes nothing is ignored', () => {
  assert.deepEqual(selecting(['1']).apply({ event: 'libraryChanged', removed: ['gone'] }), ignored);
  assert.deepEqual(selecting(['1']).apply({ event: 'libraryChanged' }), ignored);
});

test('libraryChanged keeps the mode and the sheet when nothing stays chosen', () => {
  const grid = selecting(['2'], 'share');
  assert.deepEqual(grid.apply({ event: 'libraryChanged', removed: ['2'] }), applied([HAPTIC, SNAPPY], ['0 selected']));
  assert.equal(grid.selecting, true);
  assert.equal(grid.sheet, 'share');
  assert.equal(grid.title, 'Select items');
});

test('libraryChanged while browsing changes the grid only', () => {
  const grid = browsing();
  assert.deepEqual(grid.apply({ event: 'libraryChanged', removed: ['1'] }), applied());
  assert.equal(grid.selecting, false);
  assert.deepEqual(grid.photos, ['2', '3', '4', '5']);
});

// ---------------------------------------------------------------------------------------------
// The limit, start states and the screen.

test('a limit below 1 is clamped to 1', () => {
  for (const limit of [0, -2]) {
    const grid = browsing({ limit });
    assert.equal(grid.limit, 1);
    grid.apply({ event: 'longPress', photo: '1' });
    assert.deepEqual(grid.apply({ event: 'tap', photo: '2' }), rejected('limitReached'));
    assert.equal(grid.trayCounter, '1 of 1 photos');
  }
});

test('the tray lists the picks in the order they were picked, with its counter', () => {
  const grid = browsing({ limit: 3 });
  assert.equal(grid.trayCounter, '0 of 3 photos');
  for (const event of [{ event: 'select' }, { event: 'tap', photo: '4' }, { event: 'tap', photo: '1' }, { event: 'tap', photo: '3' }]) grid.apply(event);
  assert.deepEqual(grid.picks, ['4', '1', '3']);
  assert.deepEqual(grid.chosenInGridOrder(), ['1', '3', '4']);
  assert.equal(grid.trayCounter, '3 of 3 photos');
  assert.equal(browsing().trayCounter, null);
});

test('a start state sets mode, picks and sheet before the first event', () => {
  const grid = new PhotoGrid({ photos: ['a', 'b', 'c', 'd'], limit: 3, start: { mode: 'selecting', picks: ['c', 'a'], sheet: 'share' } });
  assert.equal(grid.selecting, true);
  assert.deepEqual(grid.picks, ['c', 'a']);
  assert.equal(grid.sheet, 'share');
  assert.deepEqual(grid.apply({ event: 'tap', photo: 'b' }), rejected('covered'));
  const plain = new PhotoGrid({ photos: ['a'], start: { mode: 'browsing', picks: [], sheet: null } });
  assert.equal(plain.selecting, false);
});

test('a start state SPEC.md does not allow is refused, naming the first rule it breaks', () => {
  assert.throws(() => new PhotoGrid({ photos: ['a'], limit: 1, start: { mode: 'selecting', picks: ['x', 'a', 'a'] } }), /not in photos/);
  assert.throws(() => new PhotoGrid({ photos: ['a', 'b'], limit: 1, start: { mode: 'selecting', picks: ['a', 'a', 'b'] } }), /twice/);
  assert.throws(() => new PhotoGrid({ photos: ['a', 'b'], limit: 1, start: { mode: 'selecting', picks: ['a', 'b'] } }), /more than the limit/);
  assert.throws(() => new PhotoGrid({ photos: ['a'], start: { mode: 'browsing', picks: ['a'] } }), /browsing start/);
  assert.throws(() => new PhotoGrid({ photos: ['a'], start: { mode: 'browsing', sheet: 'edit' } }), /browsing start/);
  assert.throws(() => new PhotoGrid({ photos: ['a'], start: { mode: 'selecting', sheet: 'print' } }), /sheet/);
});

test('the screen: title, toolbar and accessibility values in both modes', () => {
  const grid = new PhotoGrid({ photos: ['1', '2', '3'] });
  assert.equal(grid.title, 'Long press a photo');
  assert.equal(grid.toolbar, null);
  assert.deepEqual(grid.accessibilityValues(), ['', '', '']);
  grid.apply({ event: 'select' });
  assert.equal(grid.title, 'Select items');
  assert.deepEqual(grid.toolbar, { share: false, edit: false, move: false, delete: false, selectAll: true });
  assert.deepEqual(grid.accessibilityValues(), ['Not selected', 'Not selected', 'Not selected']);
  grid.apply({ event: 'tap', photo: '2' });
  grid.apply({ event: 'tap', photo: '3' });
  assert.equal(grid.title, '2 selected');
  assert.deepEqual(grid.toolbar, { share: true, edit: true, move: true, delete: true, selectAll: true });
  assert.deepEqual(grid.accessibilityValues(), ['Not selected', 'Selected', 'Selected']);
});

// ---------------------------------------------------------------------------------------------
// Drag to select.

test('a drag chooses the photos it sweeps and gives back those it slides back over', () => {
  const grid = selecting(['5']);
  grid.apply({ event: 'dragBegan', photo: '1' });
  assert.deepEqual(grid.apply({ event: 'dragMoved', photo: '3' }), applied([HAPTIC, SNAPPY], ['4 selected']));
  assert.deepEqual(grid.picks, ['5', '1', '2', '3']);
  assert.deepEqual(grid.apply({ event: 'dragMoved', photo: '2' }), applied([HAPTIC, SNAPPY], ['3 selected']));
  assert.deepEqual(grid.picks, ['5', '1', '2']);
  assert.deepEqual(grid.apply({ event: 'dragMoved', photo: '2' }), ignored);
  assert.deepEqual(grid.apply({ event: 'dragEnded' }), applied());
  assert.deepEqual(grid.apply({ event: 'dragMoved', photo: '4' }), ignored);
});

test('a drag from a chosen photo unchooses, walking past its anchor restores the other side', () => {
  const grid = selecting(['1', '2', '3', '4']);
  grid.apply({ event: 'dragBegan', photo: '3' });
  assert.deepEqual(grid.apply({ event: 'dragMoved', photo: '1' }), applied([HAPTIC, SNAPPY], ['1 selected']));
  assert.deepEqual(grid.picks, ['4']);
  assert.deepEqual(grid.apply({ event: 'dragMoved', photo: '4' }), applied([HAPTIC, SNAPPY], ['2 selected']));
  assert.deepEqual(grid.picks, ['1', '2']);
});

test('the limit keeps photos of a drag out, walking from the anchor', () => {
  const grid = selecting([], null, { limit: 2 });
  grid.apply({ event: 'dragBegan', photo: '4' });
  assert.deepEqual(grid.apply({ event: 'dragMoved', photo: '1' }), applied([HAPTIC, SNAPPY], ['2 selected']));
  assert.deepEqual(grid.picks, ['4', '3']);
  assert.deepEqual(grid.apply({ event: 'dragMoved', photo: '2' }), rejected('limitReached'));
});

test('a drag goes on after a move over an unknown photo, and ends with any other event', () => {
  const grid = selecting([]);
  grid.apply({ event: 'dragBegan', photo: '1' });
  assert.deepEqual(grid.apply({ event: 'dragMoved', photo: 'gap' }), rejected('unknownPhoto'));
  assert.deepEqual(grid.apply({ event: 'dragMoved', photo: '2' }), applied([HAPTIC, SNAPPY], ['2 selected']));
  assert.deepEqual(grid.apply({ event: 'select' }), ignored);
  assert.equal(grid.drag, null);
  assert.deepEqual(grid.apply({ event: 'dragMoved', photo: '4' }), ignored);
  assert.deepEqual(grid.picks, ['1', '2']);
});

// ---------------------------------------------------------------------------------------------
// SPEC.md section 1's invariants, after every event of generated sessions.

function invariantBroken(grid) {
  const chosen = grid.picks;
  if (new Set(grid.photos).size !== grid.photos.length) return 'photos has a duplicate';
  if (!chosen.every((id) => grid.inGrid.has(id))) return 'selection ⊄ photos';
  if (!grid.selecting && grid.sheet !== null) return 'a sheet while browsing';
  if (grid.limit !== null && chosen.length > grid.limit) return '|selection| > limit';
  if (grid.drag !== null && (!grid.selecting || grid.sheet !== null)) return 'a drag outside the mode or under a sheet';
  return null;
}

test('SPEC.md section 1\'s invariants hold after every event of 300 generated sessions', () => {
  let events = 0;
  for (let seed = 1; seed <= 300; seed++) {
    const generator = new Generator(seed);
    const grid = new PhotoGrid(generator.options());
    for (let i = 0; i < 60; i++) {
      const event = generator.event(grid);
      const step = grid.apply(event);
      events++;
      const broken = invariantBroken(grid);
      assert.equal(broken, null, `seed ${seed}, event ${i + 1} ${JSON.stringify(event)}`);
      if (step.outcome !== 'applied') assert.deepEqual([step.effects, step.announcements], [[], []]);
    }
  }
  assert.equal(events, 300 * 60);
});
