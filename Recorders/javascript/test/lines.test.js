'use strict';
const test = require('node:test');
const assert = require('node:assert');
const { SessionRecorder, seenFrom, titleFor, chosenDigest } = require('../gridsim-recorder.js');
const { collector } = require('./helpers.js');

function session(options = {}) {
  const write = collector();
  const recorder = new SessionRecorder(Object.assign({ photos: ['a', 'b', 'c'], write }, options));
  const lines = () => write.text().split('\n').slice(0, -1).map((line) => JSON.parse(line));
  return { recorder, write, lines };
}

test('header: ids, or a count when the ids are "1" to "N"', () => {
  assert.deepStrictEqual(session().lines()[0],
    { trace: 'photo-grid-selection', version: 1, photos: { ids: ['a', 'b', 'c'] } });
  assert.deepStrictEqual(session({ photos: ['1', '2', '3'] }).lines()[0].photos, { count: 3 });
  assert.deepStrictEqual(session({ photos: 4 }).lines()[0].photos, { count: 4 });
  assert.deepStrictEqual(session({ photos: [] }).lines()[0].photos, { count: 0 });
  assert.deepStrictEqual(session({ photos: ['1', '3'] }).lines()[0].photos, { ids: ['1', '3'] });
  assert.deepStrictEqual(session({ photos: ['01', '2'] }).lines()[0].photos, { ids: ['01', '2'] });
});

test('header: limit, reduceMotion only when on, meta, in GridSim\'s field order', () => {
  const { write } = session({ photos: 2, limit: 5, reduceMotion: true, meta: { app: 'x' } });
  assert.strictEqual(write.calls[0],
    '{"trace":"photo-grid-selection","version":1,"photos":{"count":2},"limit":5,"reduceMotion":true,"meta":{"app":"x"}}\n');
  assert.strictEqual(Object.keys(session({ reduceMotion: false }).lines()[0]).includes('reduceMotion'), false);
});

test('header: written at once; bad options are refused', () => {
  assert.strictEqual(session().write.calls.length, 1);
  assert.throws(() => session({ photos: ['a', 'a'] }), /"a" is in photos twice/);
  assert.throws(() => session({ photos: ['a', 1] }), /not a string/);
  assert.throws(() => session({ limit: 2.5 }), /limit must be a whole number/);
  assert.throws(() => session({ meta: [] }), /meta/);
  assert.throws(() => new SessionRecorder({ photos: 1 }), /write must be a function/);
});

test('event lines: one call of write each, one line ending in a newline', () => {
  const { recorder, write, lines } = session();
  recorder.record({ t: 0, event: 'longPress', photo: 'b' });
  recorder.record({ t: 410, event: 'tap', photo: 'c' });
  recorder.record({ event: 'done' });
  assert.deepStrictEqual(write.calls.slice(1), [
    '{"t":0,"event":"longPress","photo":"b"}\n',
    '{"t":410,"event":"tap","photo":"c"}\n',
    '{"event":"done"}\n',
  ]);
  assert.strictEqual(lines().length, 4);
});

test('event lines: every event of sections 2 and 6, photo only where it is needed', () => {
  const { recorder, lines } = session();
  const withPhoto = ['longPress', 'selectItem', 'tap', 'removeFromTray', 'dragBegan', 'dragMoved'];
  const plain = ['select', 'selectAll', 'deselectAll', 'done', 'back', 'delete', 'move', 'share', 'edit', 'dismiss', 'dragEnded'];
  for (const event of withPhoto) recorder.record({ event, photo: 'a' });
  for (const event of plain) recorder.record({ event, photo: 'ignored', extra: 1 });
  const events = lines().slice(1);
  assert.deepStrictEqual(events.slice(0, withPhoto.length), withPhoto.map((event) => ({ event, photo: 'a' })));
  assert.deepStrictEqual(events.slice(withPhoto.length), plain.map((event) => ({ event })));
});

test('event lines: libraryChanged with removed and inserted {photo, at}; empty lists left out', () => {
  const { recorder, write } = session();
  recorder.record({ t: 900, event: 'libraryChanged', removed: ['c'], inserted: [{ photo: 'x', at: 0, junk: 1 }] });
  recorder.record({ event: 'libraryChanged', removed: ['a'] });
  recorder.record({ event: 'libraryChanged', removed: [], inserted: [{ photo: 'y', at: 9 }] });
  recorder.record({ event: 'libraryChanged' });
  assert.deepStrictEqual(write.calls.slice(1), [
    '{"t":900,"event":"libraryChanged","removed":["c"],"inserted":[{"photo":"x","at":0}]}\n',
    '{"event":"libraryChanged","removed":["a"]}\n',
    '{"event":"libraryChanged","inserted":[{"photo":"y","at":9}]}\n',
    '{"event":"libraryChanged"}\n',
  ]);
});

test('event lines: refused with a clear error, nothing written', () => {
  const { recorder, write } = session();
  assert.throws(() => recorder.record({ event: 'tapp', photo: 'a' }), /unknown event "tapp"/);
  assert.throws(() => recorder.record({ event: 'tap' }), /event "tap" needs photo/);
  assert.throws(() => recorder.record({ event: 'tap', photo: 3 }), /event "tap" needs photo/);
  assert.throws(() => recorder.record({ event: 'libraryChanged', removed: 'a' }), /removed must be an array/);
  assert.throws(() => recorder.record({ event: 'libraryChanged', inserted: [{ photo: 'x', at: 0.5 }] }), /inserted must be/);
  assert.throws(() => recorder.record('tap'), /an event must be an object/);
  assert.throws(() => recorder.record({ event: 'done', t: 'soon' }), /t must be a number/);
  assert.throws(() => recorder.record({ event: 'done', t: NaN }), /t must be a number/);
  assert.throws(() => recorder.record({ event: 'done' }, { count: 1, colour: 'red' }), /unknown field "colour"/);
  assert.throws(() => recorder.record({ event: 'done' }, { mode: 'picking' }), /seen.mode/);
  assert.throws(() => recorder.record({ event: 'done' }, { count: -1 }), /seen.count/);
  assert.throws(() => recorder.record({ event: 'done' }, { tray: [1] }), /seen.tray/);
  assert.throws(() => recorder.record({ event: 'done' }, { chosenDigest: 'D5CFD5289861A8F5' }), /chosenDigest/);
  assert.strictEqual(write.calls.length, 1);
});

test('seen: SPEC section 7 fields in a fixed order, after the event\'s own fields', () => {
  const { recorder, write, lines } = session();
  recorder.record({ t: 5120, event: 'tap', photo: 'd' },
    { chosenDigest: 'd5cfd5289861a8f5', chosen: ['a', 'c', 'd'], title: '3 selected', count: 3, mode: 'selecting', tray: ['c', 'a', 'd'] });
  assert.strictEqual(write.calls[1],
    '{"t":5120,"event":"tap","photo":"d","seen":{"mode":"selecting","count":3,"title":"3 selected",' +
    '"tray":["c","a","d"],"chosen":["a","c","d"],"chosenDigest":"d5cfd5289861a8f5"}}\n');
  recorder.record({ event: 'done' }, { count: 0 });
  recorder.record({ event: 'back' }, null);
  assert.deepStrictEqual(lines().slice(2), [{ event: 'done', seen: { count: 0 } }, { event: 'back' }]);
});

test('t: whole milliseconds; one that goes back is held at the previous t', () => {
  const { recorder, lines } = session();
  recorder.record({ t: 10.9, event: 'select' });
  recorder.record({ t: 500, event: 'tap', photo: 'a' });
  recorder.record({ t: 200, event: 'tap', photo: 'b' }); // the wall clock was set back
  recorder.record({ event: 'tap', photo: 'c' }); // no t: still allowed
  recorder.record({ t: 499, event: 'done' });
  recorder.record({ t: 501, event: 'select' });
  recorder.record({ t: -5, event: 'done' });
  assert.deepStrictEqual(lines().slice(1).map((line) => line.t), [10, 500, 500, undefined, 500, 501, 501]);
  assert.strictEqual(recorder.clamped, 3);
});

test('t: a first negative t is held at 0, so a trace never has a negative t', () => {
  const { recorder, lines } = session();
  recorder.record({ t: -3, event: 'select' });
  assert.strictEqual(lines()[1].t, 0);
});

test('seenFrom and titleFor: SPEC section 3 titles, tray only with a limit', () => {
  assert.strictEqual(titleFor('browsing', 0), 'Long press a photo');
  assert.strictEqual(titleFor('selecting', 0), 'Select items');
  assert.strictEqual(titleFor('selecting', 1), '1 selected');
  assert.strictEqual(titleFor('selecting', 12), '12 selected');
  assert.deepStrictEqual(seenFrom({ mode: 'browsing', chosenInGridOrder: [] }),
    { mode: 'browsing', count: 0, title: 'Long press a photo', chosenDigest: 'cbf29ce484222325' });
  assert.deepStrictEqual(seenFrom({ mode: 'selecting', chosenInGridOrder: [] }),
    { mode: 'selecting', count: 0, title: 'Select items', chosenDigest: 'cbf29ce484222325' });
  const seen = seenFrom({ mode: 'selecting', chosenInGridOrder: ['a', 'c', 'd'], picks: ['d', 'a', 'c'], limit: 3 });
  assert.deepStrictEqual(seen, { mode: 'selecting', count: 3, title: '3 selected', tray: ['d', 'a', 'c'], chosenDigest: 'd5cfd5289861a8f5' });
  assert.deepStrictEqual(Object.keys(seen), ['mode', 'count', 'title', 'tray', 'chosenDigest']);
  assert.throws(() => seenFrom({ mode: 'selecting', chosenInGridOrder: ['a'], limit: 2 }), /picks/);
  assert.strictEqual(seenFrom({ mode: 'selecting', chosenInGridOrder: ['a'], picks: ['a'], limit: null }).tray, undefined);
  assert.strictEqual(seenFrom({ mode: 'selecting', chosenInGridOrder: ['x'] }).chosenDigest, chosenDigest(['x']));
});
