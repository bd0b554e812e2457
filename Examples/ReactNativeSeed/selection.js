'use strict';
// The selection logic of the React Native seed (SPEC.md's seeds: the contextual selection mode
// over a photo grid), lifted out of its component so that it runs in plain Node.
//
// The seed keeps one piece of state, `selected`: a Set of photo ids, or null while browsing.
// This file keeps that shape and grows it as the app grew: a sheet (Share, Edit) on top of the
// grid, a picker limit with its tray, photos that come and go with the library, and drag to
// select. A JavaScript Set keeps insertion order, so the Set itself is the tray's pick order.
//
// As in React, `selected` is never changed in place: every change makes a new Set, so a drag
// can keep the Set it began from as its base, and a step can tell what changed by comparing
// the Set before with the Set after.
//
// Each handler returns the step SPEC.md asks for: its outcome (applied, ignored, or rejected
// with a reason), its effects and its VoiceOver announcements (sections 2, 3 and 6).

const PHOTO_EVENTS = ['longPress', 'selectItem', 'tap', 'removeFromTray', 'dragBegan', 'dragMoved'];
const PLAIN_EVENTS = [
  'select', 'selectAll', 'deselectAll', 'done', 'back', 'delete', 'move', 'share', 'edit', 'dismiss', 'dragEnded',
];
const EVENT_NAMES = [...PHOTO_EVENTS, ...PLAIN_EVENTS, 'libraryChanged'];

const ignored = () => ({ outcome: 'ignored', effects: [], announcements: [] });
const rejected = (reason) => ({ outcome: 'rejected', reason, effects: [], announcements: [] });

// Whether two selections (a Set, or null for browsing's empty one) hold the same photos.
function sameMembers(a, b) {
  if (a === b) return true;
  const sizeA = a === null ? 0 : a.size;
  const sizeB = b === null ? 0 : b.size;
  if (sizeA !== sizeB) return false;
  for (const id of a || []) if (!b.has(id)) return false;
  return true;
}

// Whether two selections hold the same photos picked in the same order (the tray).
function samePicks(a, b) {
  if (!sameMembers(a, b)) return false;
  const order = b === null ? [] : [...b];
  let i = 0;
  for (const id of a || []) if (order[i++] !== id) return false;
  return true;
}

class PhotoGrid {
  // `photos`: the grid's ids in order. `limit`: the picker's maximum, or null; SPEC.md clamps
  // it to at least 1. `start`: SPEC.md section 7's start state, { mode, picks, sheet }.
  constructor({ photos, limit = null, reduceMotion = false, start = null }) {
    this.limit = limit === null ? null : Math.max(1, limit);
    this.reduceMotion = reduceMotion;
    this.setPhotos(photos.slice());
    this.selected = null; // null = browsing, as in the seed
    this.sheet = null; // null, 'share' or 'edit'
    this.drag = null; // { anchor, unchoosing, base } while a finger drags to select
    if (start) this.restore(start);
  }

  // The screen brought back from saved state (a recorded session's start state), as React
  // Native restores a screen's state after the app was killed in the background. Refuses a
  // state the screen could never have shown, naming the rule, in section 7's order.
  restore({ mode = 'browsing', picks = [], sheet = null }) {
    if (mode !== 'browsing' && mode !== 'selecting') throw new Error(`start mode must be browsing or selecting, got ${JSON.stringify(mode)}`);
    if (sheet !== null && sheet !== 'share' && sheet !== 'edit') throw new Error(`start sheet must be share, edit or null, got ${JSON.stringify(sheet)}`);
    const restored = new Set();
    for (const id of picks) {
      if (!this.inGrid.has(id)) throw new Error(`start pick ${JSON.stringify(id)} is not in photos (selection ⊆ photos)`);
      if (restored.has(id)) throw new Error(`start pick ${JSON.stringify(id)} is listed twice (picks is a permutation of selection)`);
      restored.add(id);
    }
    if (this.limit !== null && restored.size > this.limit) throw new Error(`start has ${restored.size} picks, more than the limit of ${this.limit}`);
    if (mode === 'browsing') {
      if (restored.size > 0 || sheet !== null) throw new Error('a browsing start has no picks and no sheet');
      return;
    }
    this.selected = restored;
    this.sheet = sheet;
  }

  setPhotos(photos) {
    this.photos = photos;
    this.inGrid = new Set(photos);
    this.positions = null; // built when a drag first needs it
  }

  // ---------------------------------------------------------------------------------------
  // What the screen shows (SPEC.md section 3).

  get selecting() {
    return this.selected !== null;
  }

  get count() {
    return this.selected === null ? 0 : this.selected.size;
  }

  // The tray: the chosen photos in the order they were picked.
  get picks() {
    return this.selected === null ? [] : [...this.selected];
  }

  chosenInGridOrder() {
    const selected = this.selected;
    return selected === null ? [] : this.photos.filter((id) => selected.has(id));
  }

  get title() {
    if (!this.selecting) return 'Long press a photo';
    return this.count === 0 ? 'Select items' : `${this.count} selected`;
  }

  // null while browsing (the tab bar shows instead); the actions grey out with nothing chosen.
  get toolbar() {
    if (!this.selecting) return null;
    const any = this.count > 0;
    return { share: any, edit: any, move: any, delete: any, selectAll: true };
  }

  get trayCounter() {
    return this.limit === null ? null : `${this.count} of ${this.limit} photos`;
  }

  // Each photo's accessibilityValue, in grid order.
  accessibilityValues() {
    const selected = this.selected;
    if (selected === null) return this.photos.map(() => '');
    return this.photos.map((id) => (selected.has(id) ? 'Selected' : 'Not selected'));
  }

  // ---------------------------------------------------------------------------------------
  // Events.

  // Applies one event as a trace writes it ({ event: 'tap', photo: '3' }) and returns its step.
  apply(e) {
    // A drag ends when anything but the finger's own moves happens (SPEC.md section 6).
    if (this.drag !== null && e.event !== 'dragMoved' && e.event !== 'dragEnded') this.drag = null;
    switch (e.event) {
      case 'longPress': return this.longPress(e.photo);
      case 'selectItem': return this.selectItem(e.photo);
      case 'tap': return this.tap(e.photo);
      case 'select': return this.select();
      case 'selectAll': return this.selectAll();
      case 'deselectAll': return this.deselectAll();
      case 'done': return this.done();
      case 'back': return this.back();
      case 'delete': return this.delete();
      case 'move': return this.move();
      case 'share': return this.present('share');
      case 'edit': return this.present('edit');
      case 'dismiss': return this.dismiss();
      case 'removeFromTray': return this.removeFromTray(e.photo);
      case 'libraryChanged': return this.libraryChanged(e.removed || [], e.inserted || []);
      case 'dragBegan': return this.dragBegan(e.photo);
      case 'dragMoved': return this.dragMoved(e.photo);
      case 'dragEnded': return this.dragEnded();
      default: throw new Error(`unknown event ${JSON.stringify(e.event)}`);
    }
  }

  // The seed's onLongPress, grown to say why nothing happens.
  longPress(id) {
    if (!this.inGrid.has(id)) return rejected('unknownPhoto');
    if (this.selecting) return this.sheet ? rejected('covered') : ignored();
    return this.commit({ selected: new Set([id]) });
  }

  // The accessibility action "Select" on a photo: the long press's alternative.
  selectItem(id) {
    return this.longPress(id);
  }

  // The seed's onPress: opens the photo while browsing, toggles it while selecting.
  tap(id) {
    if (!this.inGrid.has(id)) return rejected('unknownPhoto');
    if (!this.selecting) return this.commit({}, { kind: 'open', photo: id });
    if (this.sheet) return rejected('covered');
    if (!this.selected.has(id) && this.isFull(this.selected)) return rejected('limitReached');
    return this.commit({ selected: this.toggle(id) });
  }

  // The seed's toggle: the next selection with `id` flipped; a photo picked again goes to the
  // end of the tray.
  toggle(id) {
    const next = new Set(this.selected);
    if (next.has(id)) next.delete(id);
    else next.add(id);
    return next;
  }

  isFull(selection) {
    return this.limit !== null && selection.size >= this.limit;
  }

  // The Select button in the app bar.
  select() {
    if (!this.selecting) return this.commit({ selected: new Set() });
    return this.sheet ? rejected('covered') : ignored();
  }

  selectAll() {
    if (!this.selecting) return ignored();
    if (this.sheet) return rejected('covered');
    if (this.selected.size === this.photos.length) return ignored();
    if (this.limit !== null && this.limit < this.photos.length) return rejected('limitReached');
    // Adding a photo a Set already has keeps its place, so new picks follow in grid order.
    return this.commit({ selected: new Set([...this.selected, ...this.photos]) });
  }

  deselectAll() {
    if (!this.selecting) return ignored();
    if (this.sheet) return rejected('covered');
    if (this.selected.size === 0) return ignored();
    return this.commit({ selected: new Set() });
  }

  done() {
    if (!this.selecting) return ignored();
    if (this.sheet) return rejected('covered');
    return this.leave();
  }

  // The system back gesture: the seed's usePreventRemove while selecting. A sheet on top
  // takes the gesture first and closes.
  back() {
    if (!this.selecting) return this.commit({}, { kind: 'navigateBack' });
    if (this.sheet) return this.commit({ sheet: null });
    return this.leave();
  }

  delete() {
    const refusal = this.refusalOfBulkAction();
    if (refusal) return refusal;
    const ids = this.actionPhotos();
    const selected = this.selected;
    this.setPhotos(this.photos.filter((id) => !selected.has(id)));
    return this.leave({ kind: 'deleted', photos: ids });
  }

  move() {
    const refusal = this.refusalOfBulkAction();
    if (refusal) return refusal;
    return this.leave({ kind: 'moved', photos: this.actionPhotos() });
  }

  // Share or Edit: a sheet over the grid; the mode stays for when the user comes back.
  present(sheet) {
    const refusal = this.refusalOfBulkAction();
    if (refusal) return refusal;
    return this.commit({ sheet }, { kind: 'present', sheet, photos: this.actionPhotos() });
  }

  // Why a toolbar action (Delete, Move, Share, Edit) cannot run now, as a step; null if it can.
  refusalOfBulkAction() {
    if (!this.selecting) return ignored();
    if (this.sheet) return rejected('covered');
    if (this.selected.size === 0) return rejected('nothingSelected');
    return null;
  }

  // The photos a toolbar action acts on, in grid order, as the action's effect lists them.
  actionPhotos() {
    return this.chosenInGridOrder();
  }

  dismiss() {
    if (!this.sheet) return ignored();
    return this.commit({ sheet: null });
  }

  leave(action) {
    return this.commit({ selected: null, sheet: null }, action);
  }

  // The tray thumbnail's "Remove photo N" button; there is no tray without a limit.
  removeFromTray(id) {
    if (this.limit === null) return ignored();
    if (this.sheet) return rejected('covered');
    if (!this.selecting || !this.selected.has(id)) return rejected('notInTray');
    return this.commit({ selected: this.toggle(id) });
  }

  // Photos that appear and disappear outside the app (sync, another app).
  libraryChanged(removed, inserted) {
    const gone = new Set(removed.filter((id) => this.inGrid.has(id)));
    const incoming = new Set();
    for (const { photo } of inserted) {
      // One bad insertion refuses the whole change, so the grid never holds a photo twice.
      if ((this.inGrid.has(photo) && !gone.has(photo)) || incoming.has(photo)) return rejected('duplicatePhoto');
      incoming.add(photo);
    }
    if (gone.size === 0 && inserted.length === 0) return ignored();
    const photos = this.photos.filter((id) => !gone.has(id));
    for (const { photo, at } of inserted) photos.splice(Math.min(Math.max(at, 0), photos.length), 0, photo);
    this.setPhotos(photos);
    return this.commit({ selected: this.pruned(this.selected, gone) });
  }

  // The selection keeping only photos still in the grid, in pick order. A photo removed and
  // inserted again by the same change is still in the grid, so it stays chosen.
  pruned(selection, gone) {
    if (selection === null || gone.size === 0) return selection;
    const kept = [...selection].filter((id) => this.inGrid.has(id));
    return kept.length === selection.size ? selection : new Set(kept);
  }

  // ---------------------------------------------------------------------------------------
  // Drag to select (SPEC.md section 6): the selection is always recomputed from the one the
  // drag began with, so photos the finger slides back over return to how they were.

  dragBegan(id) {
    if (!this.inGrid.has(id)) return rejected('unknownPhoto');
    if (!this.selecting) return ignored(); // while browsing a drag scrolls
    if (this.sheet) return rejected('covered');
    const unchoosing = this.selected.has(id);
    if (!unchoosing && this.isFull(this.selected)) return rejected('limitReached');
    this.drag = { anchor: id, unchoosing, base: this.selected };
    return this.commit({ selected: this.swept([id]).selected });
  }

  dragMoved(id) {
    if (this.drag === null) return ignored();
    // Over a gap or a photo the grid no longer has: refused, and the finger goes on.
    if (!this.inGrid.has(id)) return rejected('unknownPhoto');
    const { selected, keptOut } = this.swept(this.range(this.drag.anchor, id));
    if (samePicks(this.selected, selected)) return keptOut ? rejected('limitReached') : ignored();
    return this.commit({ selected });
  }

  dragEnded() {
    if (this.drag === null) return ignored();
    this.drag = null;
    return this.commit({});
  }

  // The drag's base with the range swept; `keptOut` says the limit kept a photo of it out.
  swept(range) {
    const { base, unchoosing } = this.drag;
    const next = new Set(base);
    let keptOut = false;
    for (const id of range) {
      if (unchoosing) next.delete(id);
      else if (!next.has(id)) {
        if (this.isFull(next)) keptOut = true;
        else next.add(id);
      }
    }
    return { selected: next, keptOut };
  }

  // The photos from the anchor to `id` inclusive, in grid order, listed from the anchor.
  range(anchor, id) {
    if (this.positions === null) this.positions = new Map(this.photos.map((photo, i) => [photo, i]));
    const from = this.positions.get(anchor);
    const to = this.positions.get(id);
    return from <= to ? this.photos.slice(from, to + 1) : this.photos.slice(to, from + 1).reverse();
  }

  // ---------------------------------------------------------------------------------------
  // Steps.

  // Sets the new state of an applied event, as the component's setState calls would, and
  // reports the step: the action's effect first, then a haptic when the selection changed and
  // the layout animation when the mode or the selection did, then what VoiceOver says.
  commit(next, action) {
    const before = this.selected;
    if ('selected' in next) this.selected = next.selected;
    if ('sheet' in next) this.sheet = next.sheet;
    const effects = action ? [action] : [];
    const selectionChanged = !sameMembers(before, this.selected);
    const modeChanged = (before === null) !== (this.selected === null);
    if (selectionChanged) effects.push({ kind: 'haptic' });
    if (selectionChanged || modeChanged) effects.push({ kind: 'animation', style: this.reduceMotion ? 'none' : 'snappy' });
    return { outcome: 'applied', effects, announcements: this.announcements(before, this.selected) };
  }

  // AccessibilityInfo.announceForAccessibility's texts for a change from `before` to `after`.
  announcements(before, after) {
    if (before === null && after !== null) return [`Selection mode, ${after.size} selected`];
    if (before !== null && after === null) return ['Selection mode off'];
    if (before !== null && before.size !== after.size) return [`${after.size} selected`];
    return [];
  }
}

module.exports = { PhotoGrid, EVENT_NAMES, PHOTO_EVENTS };
