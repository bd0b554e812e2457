'use strict';
// Replays every scenario trace of Traces/ through selection.js and compares each step, and the
// final state, with the replay report GridSim wrote from SPEC.md.

const test = require('node:test');
const assert = require('node:assert/strict');
const { PhotoGrid } = require('../selection');
const { scenarioNames, readTrace, readReport } = require('./trace-files');

const names = scenarioNames();

test('the scenario traces are there to replay', () => {
  assert.ok(names.length >= 8, `found only ${names.join(', ')}`);
});

for (const name of names) {
  test(`the scenario trace ${name} replays as its report says, step by step`, () => {
    const { options, events } = readTrace(name);
    const report = readReport(name);
    const grid = new PhotoGrid(options);
    assert.equal(report.steps.length, events.length);
    events.forEach((event, i) => {
      const step = grid.apply(event);
      const expected = report.steps[i];
      const got = { seq: i + 1, event: event.event, outcome: step.outcome, announcements: step.announcements, effects: step.effects, title: grid.title, count: grid.count };
      if (step.reason !== undefined) got.reason = step.reason;
      assert.deepEqual(got, expected, `step ${i + 1} (${JSON.stringify(event)})`);
    });
    const final = {
      mode: grid.selecting ? 'selecting' : 'browsing',
      selected: grid.chosenInGridOrder(),
      count: grid.count,
      photos: grid.photos.length,
      title: grid.title,
    };
    if (grid.limit !== null) final.tray = grid.picks;
    assert.deepEqual(final, report.final);
  });
}
