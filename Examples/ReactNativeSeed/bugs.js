'use strict';
// Bugs a React Native team could well ship in this screen, each planted by name as a subclass
// of PhotoGrid that changes one method: `gridsim differ` should find every one of them, and
// `gridsim conform` should name the rule each breaks. Then faults, which break the adapter
// protocol rather than SPEC.md, for trying GridSim's fault reports.
//
// Each entry: `breaks` (what a user sees go wrong), `rule` (the SPEC.md rule it breaks) and
// `plant(Base, io)`, which returns the grid class with the change. `io` is what a fault needs
// of the process: `print(text)` (a line on standard output, among the answers), `crash(text)`
// and `hang()`.

const BUGS = {
  'last-untap-leaves-mode': {
    breaks: 'unchoosing the last chosen photo (a tap, or the tray\'s remove button) leaves the mode',
    rule: 'section 2, tap while selecting: a chosen photo is removed and the mode stays',
    // null means browsing, and an empty Set looked like "no selection" to whoever wrote this.
    plant: (Base) => class extends Base {
      toggle(id) {
        const next = super.toggle(id);
        return next.size === 0 ? null : next;
      }
    },
  },
  'back-under-sheet-leaves-mode': {
    breaks: 'Back while Share or Edit is shown leaves the mode instead of closing the sheet',
    rule: 'section 2, back while selecting and covered: close the sheet, stay in the mode',
    // usePreventRemove's callback clears the selection whatever is on top; the Modal, whose
    // `visible` reads the selection, disappears with it.
    plant: (Base) => class extends Base {
      back() {
        return this.selecting ? this.leave() : super.back();
      }
    },
  },
  'effects-list-pick-order': {
    breaks: 'Share, Edit, Move and Delete hand over the photos in the order they were picked',
    rule: 'section 2: ids in deleted, moved and present are listed in grid order',
    // The Set's own order ([...selected]) is the pick order, not the grid's.
    plant: (Base) => class extends Base {
      actionPhotos() {
        return [...this.selected];
      }
    },
  },
  'announce-stale-count': {
    breaks: 'VoiceOver announces the count from before the change ("1 selected" after a second tap)',
    rule: 'section 3: "N selected", N being the new count',
    // The handler's closure still holds the last render's `selected` when it announces.
    plant: (Base) => class extends Base {
      announcements(before, after) {
        const said = super.announcements(before, after);
        return before !== null && after !== null ? said.map(() => `${before.size} selected`) : said;
      }
    },
  },
  'limit-off-by-one': {
    breaks: 'one photo more than the limit can be chosen (by a tap or a drag)',
    rule: 'section 2, tap while selecting: count = limit is rejected limitReached',
    plant: (Base) => class extends Base {
      isFull(selection) {
        return this.limit !== null && selection.size > this.limit;
      }
    },
  },
  'prune-by-removed-list': {
    breaks: 'a photo removed and inserted again by one library change loses its check',
    rule: 'section 2, libraryChanged: the selection keeps the photos still in the grid after the insertions',
    // Deleting each removed id from the selection forgets that an insertion can bring it back.
    plant: (Base) => class extends Base {
      pruned(selection, gone) {
        if (selection === null || gone.size === 0) return selection;
        return new Set([...selection].filter((id) => !gone.has(id)));
      }
    },
  },
};

// Faults act only on an applied event, the one GridSim will name in its report.
function faultAfter(method, act) {
  return (Base, io) => class extends Base {
    [method](...args) {
      const step = super[method](...args);
      if (step.outcome === 'applied') act(io, this);
      return step;
    }
  };
}

const FAULTS = {
  'crash-on-delete': {
    breaks: 'the adapter exits with status 1 on an applied Delete, after an error on standard error',
    plant: faultAfter('delete', (io) => {
      io.crash("TypeError: Cannot read property 'uri' of undefined\n    at deletePhotos (PhotoGrid.js:88:31)");
    }),
  },
  'hang-on-move': {
    breaks: 'the adapter stops answering for good on an applied Move',
    plant: faultAfter('move', (io) => io.hang()),
  },
  'garbage-on-share': {
    breaks: 'a console.log left in writes a line that is not JSON on an applied Share',
    // `present` serves Edit too; only Share logs.
    plant: faultAfter('present', (io, grid) => {
      if (grid.sheet === 'share') io.print(`[share] presenting ${grid.count} photos`);
    }),
  },
};

const PLANTABLE = Object.assign({}, BUGS, FAULTS);

// The grid class with the bug or fault `name` planted; throws, listing the names, for any other.
function plant(name, Base, io) {
  const entry = Object.prototype.hasOwnProperty.call(PLANTABLE, name) ? PLANTABLE[name] : null;
  if (entry === null) {
    throw new Error(`unknown bug ${JSON.stringify(name)}; known: ${Object.keys(PLANTABLE).join(', ')}`);
  }
  return entry.plant(Base, io);
}

module.exports = { BUGS, FAULTS, plant };
