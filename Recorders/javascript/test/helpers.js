'use strict';
// A tiny trace reader for the tests: enough to replay what the recorders write.

const { createState, applyEvent, chosenInGridOrder, seenOf } = require('../gridsim-recorder.js');

function parseTrace(text) {
  const lines = text.split('\n').filter((line) => line.trim() !== '');
  return { header: JSON.parse(lines[0]), events: lines.slice(1).map((line) => JSON.parse(line)) };
}

function headerIDs(header) {
  return header.photos.ids || Array.from({ length: header.photos.count }, (_, i) => String(i + 1));
}

function stateOf(header) {
  return createState({ photos: headerIDs(header), limit: header.limit, start: header.start });
}

// Replays a parsed trace; `each(state, line)` after every event.
function replay({ header, events }, each = () => {}) {
  const s = stateOf(header);
  for (const line of events) {
    applyEvent(s, line);
    each(s, line);
  }
  return s;
}

// The state as plain data, for deepStrictEqual.
function snapshot(s) {
  return {
    photos: s.photos.slice(),
    mode: s.mode,
    picks: s.picks.slice(),
    chosen: chosenInGridOrder(s),
    sheet: s.sheet,
    limit: s.limit,
    drag: s.drag && {
      anchor: s.drag.anchor, unchoosing: s.drag.unchoosing,
      basePicks: s.drag.basePicks.slice(), baseChosen: Array.from(s.drag.baseChosen).sort(),
    },
  };
}

// SPEC.md section 7's rules for a header's start state: the first one broken, or null.
function startProblem(header) {
  const start = header.start;
  if (start === undefined) return header.version === 1 ? null : 'version 2 without a start';
  if (header.version !== 2) return 'a start in a version 1 header';
  const mode = start.mode === undefined ? 'browsing' : start.mode;
  const picks = start.picks === undefined ? [] : start.picks;
  const sheet = start.sheet === undefined ? null : start.sheet;
  if (mode !== 'browsing' && mode !== 'selecting') return `unknown mode ${mode}`;
  if (sheet !== null && sheet !== 'share' && sheet !== 'edit') return `unknown sheet ${sheet}`;
  const photos = new Set(headerIDs(header));
  if (picks.some((id) => !photos.has(id))) return 'a pick not in photos';
  if (new Set(picks).size !== picks.length) return 'a pick twice';
  if (header.limit !== undefined && picks.length > Math.max(1, header.limit)) return 'more picks than the limit';
  if (mode === 'browsing' && (picks.length > 0 || sheet !== null)) return 'browsing with picks or a sheet';
  if ('mode' in start && mode === 'browsing') return 'a default written out (mode)';
  if ('picks' in start && picks.length === 0) return 'a default written out (picks)';
  if ('sheet' in start && sheet === null) return 'a default written out (sheet)';
  return null;
}

// A recorder's output, collected.
function collector() {
  const calls = [];
  const write = (line) => calls.push(line);
  write.calls = calls;
  write.text = () => calls.join('');
  return write;
}

module.exports = { parseTrace, headerIDs, stateOf, replay, snapshot, startProblem, collector, seenOf };
