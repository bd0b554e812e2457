#!/usr/bin/env node
'use strict';
// A transport-only adapter: it speaks the line protocol (docs/adapter-protocol.md, version 1)
// and runs no selection code at all, so that `gridsim pipe-bench --echo` can tell how much of
// an adapter's time is the pipe and JSON rather than its code. It exposes nothing, keeps every
// session an empty browsing grid, and answers each event with a bare step.
//
//   node echo-adapter.js

const { readLines } = require('./lines');

const HELLO = JSON.stringify({ type: 'hello', protocol: 1, name: 'echo', exposes: [], unhandled: [] });
const STEP = '{"type":"step"}\n';

// The answer to an event with report "state", made once per `start` (nothing ever changes
// the state); null until a session starts.
let stateStepLine = null;

const errorLine = (message) => JSON.stringify({ type: 'error', message });

function answer(line) {
  let request;
  try {
    request = JSON.parse(line);
  } catch (error) {
    return errorLine(`a request must be one JSON object per line: ${error.message}`) + '\n';
  }
  switch (request === null ? undefined : request.type) {
    case 'hello':
      return HELLO + '\n';
    case 'start': {
      if (!Array.isArray(request.photos)) return errorLine('start: "photos" must be an array of photo ids') + '\n';
      const state = { mode: 'browsing', chosen: [], grid: request.photos };
      // With a limit, the protocol compares the picks: an empty tray.
      if (request.limit !== undefined && request.limit !== null) state.picks = [];
      const stateText = JSON.stringify(state);
      stateStepLine = `{"type":"step","state":${stateText}}\n`;
      return `{"type":"started","state":${stateText}}\n`;
    }
    case 'events': {
      if (stateStepLine === null) return errorLine('"events" before "start": no session is open') + '\n';
      if (!Array.isArray(request.events)) return errorLine('"events" must be an array of events') + '\n';
      const { stopAfter } = request;
      const count = Number.isInteger(stopAfter) && stopAfter >= 0 ? Math.min(stopAfter, request.events.length) : request.events.length;
      return (request.report === 'state' ? stateStepLine : STEP).repeat(count);
    }
    case 'bye':
      return null;
    default:
      return errorLine('a request must be a JSON object with a known "type"') + '\n';
  }
}

readLines(
  process.stdin,
  (lines) => {
    // Every answer to one chunk of input goes out in one write.
    let out = '';
    for (const line of lines) {
      if (line.trim() === '') continue;
      const text = answer(line);
      if (text === null) {
        process.stdout.write(out);
        process.exit(0);
      }
      out += text;
    }
    if (out !== '') process.stdout.write(out);
  },
  () => process.exit(0),
);
