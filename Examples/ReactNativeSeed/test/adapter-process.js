'use strict';
// Runs an adapter as GridSim does, a child process spoken to in JSON lines, for the tests.

const { spawn, spawnSync } = require('node:child_process');
const path = require('node:path');

const ADAPTER = path.join(__dirname, '..', 'adapter.js');
const ECHO_ADAPTER = path.join(__dirname, '..', 'echo-adapter.js');

const asLine = (request) => (typeof request === 'string' ? request : JSON.stringify(request));

// The environment without a bug chosen by whoever runs the tests.
function cleanEnv(extra) {
  const env = { ...process.env, ...extra };
  if (!('RN_SEED_BUG' in extra)) delete env.RN_SEED_BUG;
  return env;
}

// Sends every request, closes standard input and waits for the exit.
function runAll(script, requests, { args = [], env = {} } = {}) {
  const result = spawnSync(process.execPath, [script, ...args], {
    input: requests.map(asLine).join('\n') + '\n',
    env: cleanEnv(env),
    encoding: 'utf8',
    timeout: 10000,
  });
  return { status: result.status, signal: result.signal, lines: result.stdout.split('\n').filter((line) => line !== ''), stderr: result.stderr };
}

// A running adapter: `send(text)` writes raw text, `linesAfter(n)` resolves once n lines in
// all have come, `quiet(ms)` resolves with the lines so far after `ms` more.
function startAdapter(script, { args = [], env = {} } = {}) {
  const child = spawn(process.execPath, [script, ...args], { env: cleanEnv(env), stdio: ['pipe', 'pipe', 'pipe'] });
  const lines = [];
  let unfinished = '';
  const waiters = [];
  child.stdout.setEncoding('utf8');
  child.stdout.on('data', (chunk) => {
    const pieces = (unfinished + chunk).split('\n');
    unfinished = pieces.pop();
    for (const line of pieces) lines.push(line);
    for (const waiter of waiters.splice(0)) waiter();
  });
  const linesAfter = (n) => new Promise((resolve) => {
    const check = () => (lines.length >= n ? resolve(lines.slice()) : waiters.push(check));
    check();
  });
  const quiet = (ms) => new Promise((resolve) => setTimeout(() => resolve(lines.slice()), ms));
  const exited = new Promise((resolve) => child.on('exit', (status, signal) => resolve({ status, signal })));
  return { child, send: (data) => child.stdin.write(data), linesAfter, quiet, exited };
}

module.exports = { ADAPTER, ECHO_ADAPTER, runAll, startAdapter, asLine };
