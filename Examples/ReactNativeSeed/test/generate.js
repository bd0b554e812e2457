'use strict';
// Small generated sessions for the tests' property runs: a seeded grid (mostly a handful of
// photos, now and then up to 500), sometimes a limit and Reduce Motion, and up to 60 events
// aimed where selection code breaks: chosen photos, photos that are not in the grid, sheets,
// the limit, library changes that remove chosen photos or bring one straight back, drags.

// mulberry32: a small seeded generator, so that a failing seed fails again.
function randomFrom(seed) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const PLAIN = ['select', 'selectAll', 'deselectAll', 'done', 'back', 'delete', 'move', 'share', 'edit', 'dismiss'];

class Generator {
  constructor(seed) {
    this.random = randomFrom(seed);
    this.fresh = 0;
  }

  below(n) {
    return Math.floor(this.random() * n);
  }

  pick(list) {
    return list[this.below(list.length)];
  }

  chance(p) {
    return this.random() < p;
  }

  // What PhotoGrid's constructor takes.
  options() {
    const roll = this.below(100);
    const count = roll < 5 ? 0 : roll < 15 ? 1 : roll < 85 ? 2 + this.below(11) : 13 + this.below(488);
    const limitRoll = this.below(10);
    const limit = limitRoll < 5 ? null : limitRoll === 5 ? this.below(3) - 1 : 1 + this.below(Math.min(count + 1, 6));
    return {
      photos: Array.from({ length: count }, (_, i) => String(i + 1)),
      limit,
      reduceMotion: this.chance(0.2),
      start: null,
    };
  }

  // A photo for a gesture on `grid`: often a chosen one, mostly one of the grid, sometimes
  // one it does not have.
  photo(grid) {
    const roll = this.below(10);
    if (roll < 3 && grid.count > 0) return this.pick(grid.picks);
    if (roll < 9 && grid.photos.length > 0) return this.pick(grid.photos);
    return `unknown-${this.below(2)}`;
  }

  // The next event for `grid` as it is now.
  event(grid) {
    const roll = this.below(100);
    if (roll < 12) return { event: this.pick(['longPress', 'selectItem']), photo: this.photo(grid) };
    if (roll < 42) return { event: 'tap', photo: this.photo(grid) };
    if (roll < 48) return { event: 'removeFromTray', photo: this.photo(grid) };
    if (roll < 60) return this.dragEvent(grid);
    if (roll < 70) return this.libraryChange(grid);
    return { event: this.pick(PLAIN) };
  }

  dragEvent(grid) {
    if (grid.drag === null) return { event: 'dragBegan', photo: this.photo(grid) };
    return this.chance(0.85) ? { event: 'dragMoved', photo: this.photo(grid) } : { event: 'dragEnded' };
  }

  libraryChange(grid) {
    const removed = [];
    for (let n = this.below(3); n > 0; n--) removed.push(this.photo(grid));
    const inserted = [];
    for (let n = this.below(3); n > 0; n--) {
      const at = this.below(grid.photos.length + 5) - 2;
      const roll = this.below(10);
      if (roll < 2 && removed.length > 0) inserted.push({ photo: removed[0], at }); // back at once
      else if (roll < 3 && grid.photos.length > 0) inserted.push({ photo: this.pick(grid.photos), at }); // a duplicate
      else inserted.push({ photo: `new-${++this.fresh}`, at });
    }
    return { event: 'libraryChanged', removed, inserted };
  }
}

module.exports = { Generator };
