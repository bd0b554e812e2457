'use strict';
// adapter.js speaks docs/adapter-protocol.md, version 1: run as GridSim runs it, a child
// process, with a handshake, sessions, batches, stopAfter, error answers, its exits, the
// `--bug` option and the planted faults.

const test = require('node:test');
const assert = require('node:assert/strict');
const { ADAPTER, runAll, startAdapter, asLine } = require('./adapter-process');

const HELLO = { type: 'hello', protocol: 1, gridsim: '0.9.0' };
const START = { type: 'start', photos: ['1', '2', '3', '4'], limit: 3, reduceMotion: false, start: { mode: 'selecting', picks: ['3', '1'], sheet: null } };
const PLAIN_START = { type: 'start', photos: ['1', '2', '3'], limit: null, reduceMotion: false, start: { mode: 'browsing', picks: [], sheet: null } };
const events = (list, extra = {}) => ({ type: 'events', report: 'state', events: list, ...extra });
const parsed = (lines) => lines.map((line) => JSON.parse(line));

test('the handshake names the adapter, everything it exposes, and no unhandled event', () => {
  const { status, lines } = runAll(ADAPTER, [HELLO]);
  assert.equal(status, 0);
  assert.deepEqual(parsed(lines), [{
    type: 'hello', protocol: 1, name: 'react-native-seed',
    exposes: ['outcome', 'effects', 'announcements', 'sheet', 'screen'], unhandled: [],
  }]);
});

test('start answers the state before the first event, from the start state given', () => {
  const { lines } = runAll(ADAPTER, [HELLO, { ...START, start: { mode: 'selecting', picks: ['3', '1'], sheet: 'share' } }]);
  assert.deepEqual(JSON.parse(lines[1]), {
    type: 'started',
    state: {
      mode: 'selecting', chosen: ['1', '3'], grid: ['1', '2', '3', '4'], picks: ['3', '1'], sheet: 'share',
      title: '2 selected', toolbar: { share: true, edit: true, move: true, delete: true, selectAll: true },
      trayCounter: '2 of 3 photos', accessibility: ['Selected', 'Not selected', 'Selected', 'Not selected'],
    },
  });
});

test('a batch is answered one step per event, in order, each with the state after it', () => {
  const batch = [{ event: 'tap', photo: '2' }, { event: 'tap', photo: '4' }, { event: 'tap', photo: 'x' }, { event: 'delete' }];
  const answers = parsed(runAll(ADAPTER, [HELLO, START, events(batch)]).lines.slice(2));
  assert.equal(answers.length, 4);
  for (const answer of answers) {
    assert.equal(answer.type, 'step');
    assert.ok(['applied', 'ignored', 'rejected'].includes(answer.outcome));
    assert.ok(Array.isArray(answer.effects) && Array.isArray(answer.announcements));
    assert.deepEqual(Object.keys(answer.state), ['mode', 'chosen', 'grid', 'picks', 'sheet', 'title', 'toolbar', 'trayCounter', 'accessibility']);
  }
  assert.deepEqual(answers[0].announcements, ['3 selected']);
  assert.deepEqual(answers[0].state.picks, ['3', '1', '2']);
  assert.deepEqual([answers[1].outcome, answers[1].reason], ['rejected', 'limitReached']);
  assert.deepEqual([answers[2].outcome, answers[2].reason], ['rejected', 'unknownPhoto']);
  assert.deepEqual(answers[3].effects[0], { kind: 'deleted', photos: ['1', '2', '3'] });
  assert.deepEqual(answers[3].state, {
    mode: 'browsing', chosen: [], grid: ['4'], picks: [], sheet: null,
    title: 'Long press a photo', toolbar: null, trayCounter: '0 of 3 photos', accessibility: [''],
  });
});

test('report "step" answers without state; a limit of null gives no picks', () => {
  const answers = parsed(runAll(ADAPTER, [HELLO, PLAIN_START, events([{ event: 'longPress', photo: '1' }], { report: 'step' }), events([{ event: 'done' }])]).lines.slice(2));
  assert.deepEqual(answers[0], {
    type: 'step', outcome: 'applied', effects: [{ kind: 'haptic' }, { kind: 'animation', style: 'snappy' }], announcements: ['Selection mode, 1 selected'],
  });
  assert.equal('picks' in answers[1].state, false);
  assert.equal(answers[1].state.trayCounter, null);
});

test('stopAfter applies and answers only the first events of a batch', () => {
  const batch = [{ event: 'tap', photo: '2' }, { event: 'tap', photo: '4' }, { event: 'done' }];
  const answers = parsed(runAll(ADAPTER, [HELLO, PLAIN_START, events([{ event: 'select' }, ...batch], { stopAfter: 2 }), events([])]).lines.slice(2));
  assert.equal(answers.length, 2);
  assert.deepEqual(answers[1].state.chosen, ['2']);
  const none = parsed(runAll(ADAPTER, [HELLO, PLAIN_START, events(batch, { stopAfter: 0 })]).lines.slice(2));
  assert.deepEqual(none, []);
});

test('a new start begins a new session, whatever came before', () => {
  const answers = parsed(runAll(ADAPTER, [HELLO, PLAIN_START, events([{ event: 'longPress', photo: '1' }]), PLAIN_START, events([{ event: 'tap', photo: '1' }])]).lines.slice(1));
  assert.equal(answers[2].state.mode, 'browsing');
  assert.deepEqual(answers[3].effects, [{ kind: 'open', photo: '1' }]);
});

test('a request it cannot understand gets an error answer, and the session goes on', () => {
  const requests = [
    HELLO,
    events([{ event: 'select' }]),
    'not json',
    '[1,2]',
    { type: 'reset' },
    { type: 'start', photos: ['1', '1'], limit: null, reduceMotion: false },
    { type: 'start', photos: ['1'], limit: 2.5, reduceMotion: false },
    { ...PLAIN_START, start: { mode: 'selecting', picks: ['9'], sheet: null } },
    PLAIN_START,
    events([{ event: 'select' }, { event: 'twist' }]),
    events([{ event: 'tap' }]),
    events([{ event: 'libraryChanged', inserted: [{ photo: 'n' }] }]),
    events([{ event: 'select' }], { report: 'all' }),
    events([{ event: 'select' }], { stopAfter: -1 }),
    events([{ event: 'select' }]),
  ];
  const { status, lines } = runAll(ADAPTER, requests);
  assert.equal(status, 0);
  const answers = parsed(lines);
  const errors = answers.filter((answer) => answer.type === 'error');
  assert.equal(errors.length, 12);
  for (const error of errors) assert.match(error.message, /\w/);
  assert.match(errors[0].message, /before "start"/);
  assert.match(errors[6].message, /not in photos/);
  assert.match(errors[7].message, /events\[1\]: unknown event "twist"/);
  // The batch with a bad event changed nothing: Select still enters the mode afterwards.
  assert.deepEqual(answers[answers.length - 1].announcements, ['Selection mode, 0 selected']);
});

test('bye ends the adapter with status 0, and nothing after it is answered', () => {
  const { status, lines } = runAll(ADAPTER, [HELLO, { type: 'bye' }, HELLO]);
  assert.equal(status, 0);
  assert.equal(lines.length, 1);
});

test('the end of standard input ends the adapter with status 0', () => {
  const { status, lines } = runAll(ADAPTER, [HELLO, PLAIN_START]);
  assert.equal(status, 0);
  assert.equal(lines.length, 2);
});

test('a batch of 5000 events on one line, arriving in pieces, is answered one line per event', async () => {
  const adapter = startAdapter(ADAPTER);
  adapter.send(asLine(HELLO) + '\n' + asLine({ ...PLAIN_START, photos: ['1', 'é'] }) + '\n');
  const batch = Buffer.from(asLine(events(Array.from({ length: 5000 }, (_, i) => ({ event: 'tap', photo: i % 2 ? 'é' : '1' })), { report: 'step' })) + '\n');
  // Cut through the middle of "é", a two-byte character, then send the rest in two pieces.
  const cut = batch.indexOf(Buffer.from('é')) + 1;
  for (const piece of [batch.subarray(0, cut), batch.subarray(cut, 40000), batch.subarray(40000)]) {
    adapter.send(piece);
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
  const lines = await adapter.linesAfter(5002);
  assert.equal(lines.length, 5002);
  assert.deepEqual(JSON.parse(lines[5001]).effects, [{ kind: 'open', photo: 'é' }]);
  adapter.child.stdin.end();
  assert.deepEqual(await adapter.exited, { status: 0, signal: null });
});

// ---------------------------------------------------------------------------------------------
// Bugs and faults.

const PICK_ORDER_SHARE = [HELLO, PLAIN_START, events([{ event: 'longPress', photo: '3' }, { event: 'tap', photo: '1' }, { event: 'share' }])];

test('--bug NAME and RN_SEED_BUG plant a bug; without one the adapter follows SPEC.md', () => {
  const presented = ({ lines }) => JSON.parse(lines[4]).effects[0].photos;
  assert.deepEqual(presented(runAll(ADAPTER, PICK_ORDER_SHARE)), ['1', '3']);
  assert.deepEqual(presented(runAll(ADAPTER, PICK_ORDER_SHARE, { args: ['--bug', 'effects-list-pick-order'] })), ['3', '1']);
  assert.deepEqual(presented(runAll(ADAPTER, PICK_ORDER_SHARE, { env: { RN_SEED_BUG: 'effects-list-pick-order' } })), ['3', '1']);
});

test('an unknown bug name, or a flag it does not know, exits 64 with a message and no answer', () => {
  const unknown = runAll(ADAPTER, [HELLO], { args: ['--bug', 'off-by-two'] });
  assert.equal(unknown.status, 64);
  assert.match(unknown.stderr, /unknown bug "off-by-two"; known: /);
  assert.deepEqual(unknown.lines, []);
  assert.equal(runAll(ADAPTER, [HELLO], { env: { RN_SEED_BUG: 'off-by-two' } }).status, 64);
  const usage = runAll(ADAPTER, [HELLO], { args: ['--verbose'] });
  assert.equal(usage.status, 64);
  assert.match(usage.stderr, /usage: node adapter\.js \[--bug NAME\]/);
});

test('crash-on-delete: an applied Delete exits 1 after an error on standard error', () => {
  const { status, lines, stderr } = runAll(ADAPTER, [
    HELLO, PLAIN_START, events([{ event: 'select' }, { event: 'delete' }]), events([{ event: 'tap', photo: '2' }, { event: 'delete' }]), HELLO,
  ], { args: ['--bug', 'crash-on-delete'] });
  assert.equal(status, 1);
  assert.match(stderr, /TypeError/);
  // Delete with nothing chosen is refused, and answered; the applied one never is.
  assert.equal(lines.length, 4);
  assert.equal(JSON.parse(lines[3]).reason, 'nothingSelected');
});

test('hang-on-move: an applied Move is never answered, and nothing after it', async () => {
  const adapter = startAdapter(ADAPTER, { args: ['--bug', 'hang-on-move'] });
  adapter.send([HELLO, PLAIN_START, events([{ event: 'move' }, { event: 'longPress', photo: '1' }])].map(asLine).join('\n') + '\n');
  await adapter.linesAfter(4);
  adapter.send([events([{ event: 'move' }]), HELLO].map(asLine).join('\n') + '\n');
  assert.equal((await adapter.quiet(300)).length, 4);
  assert.equal(adapter.child.exitCode, null, 'still running');
  adapter.child.kill();
  assert.equal((await adapter.exited).signal, 'SIGTERM');
});

test('garbage-on-share: an applied Share writes a line that is not JSON before its step', () => {
  const { status, lines } = runAll(ADAPTER, [
    HELLO, PLAIN_START, events([{ event: 'share' }, { event: 'longPress', photo: '1' }, { event: 'edit' }, { event: 'dismiss' }, { event: 'share' }]),
  ], { args: ['--bug', 'garbage-on-share'] });
  assert.equal(status, 0);
  const notJSON = lines.filter((line) => { try { JSON.parse(line); return false; } catch { return true; } });
  assert.deepEqual(notJSON, ['[share] presenting 1 photos']);
  assert.equal(lines.indexOf(notJSON[0]), 6, 'after the steps of Share (ignored), long press, Edit and dismiss');
  assert.equal(JSON.parse(lines[7]).state.sheet, 'share');
});
