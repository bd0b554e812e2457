'use strict';
// Reads the scenario traces SPEC.md gives (Traces/*.jsonl, section 4 and 7's text format) and
// their replay reports, for the tests. The traces there are well formed; this reader trusts
// them, and leaves checking a trace's text to GridSim.

const fs = require('node:fs');
const path = require('node:path');

const TRACES = path.join(__dirname, '..', '..', '..', 'Traces');

// The scenario traces that have a replay report beside them, by name.
function scenarioNames() {
  return fs.readdirSync(TRACES)
    .filter((file) => file.endsWith('.jsonl') && fs.existsSync(path.join(TRACES, file.replace(/\.jsonl$/, '.report.json'))))
    .map((file) => file.replace(/\.jsonl$/, ''))
    .sort();
}

// { options: what PhotoGrid's constructor takes, events: [{event, photo?, removed?, inserted?}] }
function readTrace(name) {
  const lines = fs.readFileSync(path.join(TRACES, `${name}.jsonl`), 'utf8').split('\n').filter((line) => line.trim() !== '');
  const header = JSON.parse(lines[0]);
  const photos = header.photos.ids || Array.from({ length: header.photos.count }, (_, i) => String(i + 1));
  const start = header.start ? { mode: header.start.mode || 'browsing', picks: header.start.picks || [], sheet: header.start.sheet || null } : null;
  const options = { photos, limit: header.limit === undefined ? null : header.limit, reduceMotion: header.reduceMotion === true, start };
  const events = lines.slice(1).map((line) => {
    const { t, seen, ...event } = JSON.parse(line);
    return event;
  });
  return { options, events };
}

function readReport(name) {
  return JSON.parse(fs.readFileSync(path.join(TRACES, `${name}.report.json`), 'utf8'));
}

module.exports = { scenarioNames, readTrace, readReport };
