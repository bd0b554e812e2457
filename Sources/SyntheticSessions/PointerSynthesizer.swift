import GestureInput
import SeededRandom
@_spi(GridSimInternals) import SelectionCore
@_spi(GridSimInternals) import SelectionTrace

/// Turns a session's steps into the raw samples a finger and a scroll view would produce, so
/// that the recogniser resolves each step to exactly its event.
///
/// Its randomness (jitter, durations, stray touches) comes from its own generator, so the
/// semantic layer of a seed is the same with or without the pointer layer. Now and then it adds
/// a stray touch before a gesture, one that must resolve to nothing: a press that slides away
/// beyond the slop, or a second finger landing. Each call is O(samples produced).
package struct PointerSynthesizer {
    package let layout: GridLayout
    package let gestures: GestureSettings
    /// How often a stray touch comes before a gesture.
    package var strayTouchRate: Double

    private var random: Xoshiro256
    /// Where the dragging finger is, between the steps of a drag (viewport coordinates).
    private var dragPoint = Point(x: 0, y: 0)

    package init(setup: PointerSetup, seed: UInt64, strayTouchRate: Double = 0.05) {
        layout = setup.layout
        gestures = setup.gestures
        self.strayTouchRate = strayTouchRate
        random = Xoshiro256(seed: seed)
    }

    /// The samples of `step`, given the visible area it happens in (for a scroll or a
    /// rotation: the one before it).
    package mutating func samples(for step: SessionStep, viewport: GridViewport) -> [PointerSample] {
        var samples: [PointerSample] = []
        switch step {
        case .gridGesture(let event, let index, let windowStart, let liftTime):
            let t = event.t ?? windowStart
            let isLong = liftTime != nil
            // Quick taps: 40–180 ms down, but never before the window opens.
            let downTime =
                isLong ? t - gestures.minimumPressDuration : t - min(random.int(in: 40...180), t - windowStart - 1)
            addStrayTouch(from: windowStart, before: downTime, viewport: viewport, to: &samples)
            let down = point(inCellAt: index, viewport: viewport)
            samples.append(PointerSample(t: downTime, .down(0, down)))
            // A finger is never perfectly still: small moves, well within the slop.
            let moveCount = random.int(in: 0...2)
            for step in 0..<moveCount {
                let time = downTime + (t - downTime) * (step + 1) / (moveCount + 1)
                if time < t { samples.append(PointerSample(t: time, .move(0, jittered(down)))) }
            }
            samples.append(PointerSample(t: liftTime ?? t, .up(0, jittered(down))))

        case .drag(let event, let index, let windowStart):
            addDrag(event, index: index, windowStart: windowStart, viewport: viewport, to: &samples)

        case .appEvent(let event, let windowStart):
            if let t = event.t { addStrayTouch(from: windowStart, before: t, viewport: viewport, to: &samples) }

        case .scroll(let from, let to, let start, let end):
            addScroll(from: from, to: to, start: start, end: end, viewport: viewport, to: &samples)

        case .viewport(let size, let offset, let time):
            samples.append(PointerSample(t: time, .viewport(size)))
            if offset != viewport.scrollOffset { samples.append(PointerSample(t: time, .scroll(offset))) }
        }
        return samples
    }

    /// A point in the middle half of the visible part of the cell at `index`, rounded to
    /// 0.01 pt, so that it lies well inside both the cell and the visible area.
    package mutating func point(inCellAt index: Int, viewport: GridViewport) -> Point {
        let frame = layout.metrics(forWidth: viewport.size.width).frame(ofIndex: index)
        let top = max(frame.minY, viewport.scrollOffset)
        let bottom = min(frame.maxY, viewport.scrollOffset + viewport.size.height)
        let x = frame.minX + frame.width * random.double(0.25, 0.75)
        let y = top + (bottom - top) * random.double(0.25, 0.75) - viewport.scrollOffset
        return Point(x: rounded(x), y: rounded(y))
    }

    /// One moment of a drag to select, so that the recogniser resolves it to exactly `event`.
    /// `dragBegan`: the finger goes down in the middle half of the photo's cell, perhaps
    /// wobbles within 3 pt, and at the event slides 2–6 pt past the slop sideways (at most 2 pt
    /// up or down), towards the cell's wider side, still over the photo. `dragMoved`: perhaps a
    /// wobble over the photo it is on, then a move into the middle half of the new photo's
    /// visible part. `dragEnded`: the lift, within 3 pt of where the finger was. The model
    /// only plans drags in cells at least four times the slop and 8 pt wide, so that the
    /// slide stays on its photo. No stray touch comes near a drag: a second finger would end it.
    private mutating func addDrag(
        _ event: TraceEvent, index: Int, windowStart: Int, viewport: GridViewport, to samples: inout [PointerSample]
    ) {
        let t = event.t ?? windowStart
        switch event.event {
        case .dragBegan:
            let downTime = t - min(random.int(in: 60...200), t - windowStart - 1)
            let down = point(inCellAt: index, viewport: viewport)
            samples.append(PointerSample(t: downTime, .down(0, down)))
            if t - downTime >= 2, random.chance(0.5) {
                samples.append(PointerSample(t: downTime + (t - downTime) / 2, .move(0, jittered(down))))
            }
            let frame = layout.metrics(forWidth: viewport.size.width).frame(ofIndex: index)
            let slide = gestures.slop + random.double(2, 6)
            let x = down.x < frame.mid.x ? down.x + slide : down.x - slide
            dragPoint = Point(x: rounded(x), y: rounded(down.y + random.double(-2, 2)))
            samples.append(PointerSample(t: t, .move(0, dragPoint)))
        case .dragMoved:
            if t - windowStart >= 2, random.chance(0.3) {
                samples.append(PointerSample(t: windowStart + (t - windowStart) / 2, .move(0, jittered(dragPoint))))
            }
            dragPoint = point(inCellAt: index, viewport: viewport)
            samples.append(PointerSample(t: t, .move(0, dragPoint)))
        default:
            samples.append(PointerSample(t: t, .up(0, jittered(dragPoint))))
        }
    }

    private mutating func jittered(_ point: Point) -> Point {
        Point(x: rounded(point.x + random.double(-3, 3)), y: rounded(point.y + random.double(-3, 3)))
    }

    private func rounded(_ value: Double) -> Double {
        (value * 100).rounded() / 100
    }

    /// A touch that comes to nothing, if the rate says so and the window leaves room for it:
    /// it starts and ends well before `end`, and fails long before the minimum press duration.
    private mutating func addStrayTouch(
        from start: Int, before end: Int, viewport: GridViewport, to samples: inout [PointerSample]
    ) {
        guard end - start >= 260, random.chance(strayTouchRate) else { return }
        let downTime = start + random.int(in: 20...(end - start - 220))
        let down = Point(
            x: rounded(random.double(0, viewport.size.width)), y: rounded(random.double(0, viewport.size.height)))
        samples.append(PointerSample(t: downTime, .down(0, down)))
        if random.chance(0.5) {
            // It slides away, down: beyond the slop within a tenth of a second. (Sideways, while
            // selecting, it would drag to select.)
            let away = Point(x: down.x, y: down.y + gestures.slop + random.double(2, 20))
            samples.append(PointerSample(t: downTime + random.int(in: 30...100), .move(0, away)))
            samples.append(PointerSample(t: downTime + random.int(in: 110...180), .up(0, away)))
        } else {
            // A second finger lands: a pinch is not a tap.
            let second = Point(x: rounded(random.double(0, viewport.size.width)), y: down.y)
            samples.append(PointerSample(t: downTime + random.int(in: 20...80), .down(1, second)))
            samples.append(PointerSample(t: downTime + random.int(in: 100...140), .up(1, second)))
            samples.append(PointerSample(t: downTime + random.int(in: 150...190), .up(0, down)))
        }
    }

    /// A drag then a fling: the finger drags the content (the press it starts fails at once,
    /// by the scroll), lifts, and the content coasts to `to`. An instant change (the scroll
    /// view settling by itself) is one scroll sample.
    private mutating func addScroll(
        from: Double, to: Double, start: Int, end: Int, viewport: GridViewport, to samples: inout [PointerSample]
    ) {
        guard end > start else {
            samples.append(PointerSample(t: start, .scroll(to)))
            return
        }
        let direction: Double = to > from ? 1 : -1
        let distance = abs(to - from)
        let drag = min(distance, viewport.size.height * 0.6)
        let dragEnd = start + (end - start) / 2
        // Dragging the content up means the finger moves up: start low, and the other way round.
        let height = viewport.size.height
        let startY = direction > 0 ? height * random.double(0.7, 0.9) : height * random.double(0.1, 0.3)
        let x = rounded(viewport.size.width * random.double(0.2, 0.8))
        samples.append(PointerSample(t: start, .down(0, Point(x: x, y: rounded(startY)))))
        let dragSteps = random.int(in: 3...6)
        for step in 1...dragSteps {
            let time = start + (dragEnd - start) * step / dragSteps
            let moved = drag * Double(step) / Double(dragSteps)
            samples.append(PointerSample(t: time, .move(0, Point(x: x, y: rounded(startY - direction * moved)))))
            samples.append(
                PointerSample(
                    t: time, .scroll(step == dragSteps && drag == distance ? to : rounded(from + direction * moved))))
        }
        samples.append(PointerSample(t: dragEnd, .up(0, Point(x: x, y: rounded(startY - direction * drag)))))
        guard drag < distance else { return }
        let coastSteps = random.int(in: 2...4)
        for step in 1...coastSteps {
            let time = dragEnd + (end - dragEnd) * step / coastSteps
            // Ease out: the content slows as it coasts.
            let remaining = 1 - Double(step) / Double(coastSteps)
            let fraction = 1 - remaining * remaining
            let offset = step == coastSteps ? to : rounded(from + direction * (drag + (distance - drag) * fraction))
            samples.append(PointerSample(t: time, .scroll(offset)))
        }
    }
}
