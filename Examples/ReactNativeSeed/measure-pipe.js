#!/usr/bin/env node
'use strict';
// Times an adapter through its pipes, as `gridsim pipe-bench` does, without GridSim: a
// handshake and a start, then events sent in batches of one line each, every batch waiting
// for its answers (one line per event, report "step") before the next is sent.
//
//   node measure-pipe.js [--adapter 'node echo-adapter.js'] [--events 1000000] [--batch 1000] [--photos 1000]
//
// Prints events per second and the time per event.

const { spawn } = require('node:child_process');
const path = require('node:path');

function options(args) {
  const chosen = {
    adapter: `node ${JSON.stringify(path.join(__dirname, 'echo-adapter.js'))}`,
    events: 1000000,
    batch: 1000,
    photos: 1000,
  };
  for (let i = 0; i < args.length; i += 2) {
    const key = args[i].replace(/^--/, '');
    if (!(key in chosen) || i + 1 >= args.length) {
      process.stderr.write('usage: node measure-pipe.js [--adapter CMD] [--events N] [--batch B] [--photos P]\n');
      process.exit(64);
    }
    chosen[key] = key === 'adapter' ? args[i + 1] : Number(args[i + 1]);
  }
  return chosen;
}

// Sends one line and resolves with the next `answers` lines of the adapter's output.
function conversation(child) {
  let buffered = '';
  let waiting = null;
  const settle = () => {
    if (waiting === null) return;
    let end = -1;
    for (let found = 0; found < waiting.answers; found++) {
      end = buffered.indexOf('\n', end + 1);
      if (end === -1) return;
    }
    const lines = buffered.slice(0, end);
    buffered = buffered.slice(end + 1);
    const { resolve } = waiting;
    waiting = null;
    resolve(lines);
  };
  child.stdout.setEncoding('utf8');
  child.stdout.on('data', (chunk) => {
    buffered += chunk;
    settle();
  });
  return (line, answers) => new Promise((resolve) => {
    waiting = { answers, resolve };
    child.stdin.write(line + '\n');
    settle();
  });
}

async function main() {
  const { adapter, events, batch, photos } = options(process.argv.slice(2));
  const child = spawn('/bin/sh', ['-c', adapter], { stdio: ['pipe', 'pipe', 'inherit'] });
  const ask = conversation(child);
  await ask(JSON.stringify({ type: 'hello', protocol: 1, gridsim: 'measure-pipe' }), 1);
  const ids = Array.from({ length: photos }, (_, i) => String(i + 1));
  await ask(JSON.stringify({ type: 'start', photos: ids, limit: null, reduceMotion: false, start: { mode: 'browsing', picks: [], sheet: null } }), 1);
  // Taps across the grid: while browsing each one opens a photo, the cheapest step there is.
  const line = JSON.stringify({
    type: 'events',
    report: 'step',
    events: Array.from({ length: batch }, (_, i) => ({ event: 'tap', photo: ids[i % photos] })),
  });
  const batches = Math.max(1, Math.round(events / batch));
  const began = process.hrtime.bigint();
  for (let i = 0; i < batches; i++) await ask(line, batch);
  const seconds = Number(process.hrtime.bigint() - began) / 1e9;
  child.stdin.end(JSON.stringify({ type: 'bye' }) + '\n');
  const sent = batches * batch;
  console.log(`${sent} events in ${batches} batches of ${batch}: ${seconds.toFixed(3)} s, ` +
    `${Math.round(sent / seconds).toLocaleString('en-US')} events/s, ${((seconds / sent) * 1e6).toFixed(2)} µs/event`);
}

main();
