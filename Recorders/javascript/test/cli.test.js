'use strict';
const test = require('node:test');
const assert = require('node:assert');
const path = require('node:path');
const { spawnSync } = require('node:child_process');
const { parseTrace, replay, startProblem, seenOf } = require('./helpers.js');

const cli = path.join(__dirname, '..', 'bin', 'record-session.js');
const run = (...args) => spawnSync(process.execPath, [cli, ...args], { encoding: 'utf8' });

// Replays the trace; the 1-based numbers of the events whose seen differs from the replay.
function disagreements(text) {
  const trace = parseTrace(text);
  const wrong = [];
  let n = 0;
  replay(trace, (s, line) => {
    n++;
    assert.ok(line.seen, `event ${n} has a seen`);
    if (JSON.stringify(seenOf(s)) !== JSON.stringify(line.seen)) wrong.push(n);
  });
  return { trace, wrong };
}

test('--help prints the usage; a bad flag is an error with exit status 2', () => {
  const help = run('--help');
  assert.strictEqual(help.status, 0);
  assert.match(help.stdout, /^usage: record-session\.js/);
  assert.match(help.stdout, /--wrong-seen-at K/);
  for (const [args, message] of [
    [['--bogus'], /unknown argument "--bogus"/],
    [['--photos', 'x'], /--photos needs a whole number/],
    [['--events', '-1'], /--events needs a whole number/],
    [['--limit', '0'], /--limit needs a whole number of at least 1/],
    [['--seed'], /--seed needs a value/],
    [['--events', '3', '--wrong-seen-at', '4'], /past the last event/],
    [['extra'], /unknown argument "extra"/],
  ]) {
    const result = run(...args);
    assert.strictEqual(result.status, 2, args.join(' '));
    assert.strictEqual(result.stdout, '');
    assert.match(result.stderr, message);
    assert.match(result.stderr, /--help/);
  }
});

test('a session: header, then every event with the seen that SPEC gives', () => {
  const result = run('--photos', '20', '--events', '400', '--seed', '9', '--limit', '4');
  assert.strictEqual(result.status, 0, result.stderr);
  const { trace, wrong } = disagreements(result.stdout);
  assert.deepStrictEqual(trace.header, {
    trace: 'photo-grid-selection', version: 1, photos: { count: 20 }, limit: 4, meta: { source: 'record-session.js', seed: 9 },
  });
  assert.strictEqual(trace.events.length, 400);
  assert.deepStrictEqual(wrong, []);
  assert.ok(trace.events.every((line) => Array.isArray(line.seen.tray)));
  const ts = trace.events.map((line) => line.t);
  assert.ok(ts.every((t, i) => Number.isInteger(t) && (i === 0 || t >= ts[i - 1])));
  assert.ok(new Set(trace.events.map((line) => line.event)).size >= 15);
});

test('the same flags give the same bytes; another seed another session', () => {
  assert.strictEqual(run('--events', '300', '--seed', '5').stdout, run('--events=300', '--seed=5').stdout);
  assert.notStrictEqual(run('--events', '300', '--seed', '5').stdout, run('--events', '300', '--seed', '6').stdout);
});

test('--wrong-seen-at K: the seen count of event K alone is one too many', () => {
  const result = run('--events', '50', '--seed', '2', '--wrong-seen-at', '17');
  assert.strictEqual(result.status, 0, result.stderr);
  const { trace, wrong } = disagreements(result.stdout);
  assert.deepStrictEqual(wrong, [17]);
  const right = parseTrace(run('--events', '50', '--seed', '2').stdout).events[16];
  assert.strictEqual(trace.events[16].seen.count, right.seen.count + 1);
});

test('--window N: the last N events from a valid start state', () => {
  const result = run('--photos', '16', '--events', '3000', '--seed', '4', '--limit', '6', '--window', '500');
  assert.strictEqual(result.status, 0, result.stderr);
  const whole = run('--photos', '16', '--events', '3000', '--seed', '4', '--limit', '6').stdout.split('\n').slice(1, -1);
  const { trace, wrong } = disagreements(result.stdout);
  assert.strictEqual(startProblem(trace.header), null);
  assert.ok(trace.events.length <= 500 && trace.events.length > 450);
  assert.deepStrictEqual(wrong, []);
  assert.deepStrictEqual(result.stdout.split('\n').slice(1, -1), whole.slice(whole.length - trace.events.length));
});

test('--photokit: ids like PhotoKit local identifiers', () => {
  const result = run('--photokit', '--photos', '5', '--events', '200', '--seed', '3');
  const { trace, wrong } = disagreements(result.stdout);
  assert.strictEqual(trace.header.photos.ids.length, 5);
  const inserted = trace.events.flatMap((line) => (line.inserted || []).map((x) => x.photo));
  for (const id of trace.header.photos.ids.concat(inserted)) {
    assert.match(id, /^[0-9A-F]{8}-[0-9A-F]{4}-[0-9A-F]{4}-[0-9A-F]{4}-[0-9A-F]{12}\/L0\/001$/);
  }
  assert.deepStrictEqual(wrong, []);
});

test('a reader that stops early is not an error', () => {
  const result = spawnSync('sh', ['-c', `"${process.execPath}" "${cli}" --events 200000 | head -c 100 > /dev/null`], { encoding: 'utf8' });
  assert.strictEqual(result.status, 0);
  assert.strictEqual(result.stderr, '');
});
