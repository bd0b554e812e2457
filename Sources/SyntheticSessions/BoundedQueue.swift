import Foundation

/// A first-in, first-out hand-over between one producing thread and one consuming thread that
/// holds at most `capacity` elements: the producer waits while it is full, the consumer while
/// it is empty. What one thread pushes the other pops in the same order.
///
/// Either side may stop the other: the producer calls `finish()` after its last element (the
/// consumer drains what is left, then `pop()` gives nil); the consumer calls `cancel()` when
/// it can take no more (a write failed), and the producer's next `push` is refused, so it
/// stops instead of waiting for ever.
///
/// Each operation is O(1) amortised plus waiting; memory is at most `capacity` elements.
package final class BoundedQueue<Element: Sendable>: @unchecked Sendable {
    package let capacity: Int
    // Every stored property below is read and written only with `condition` locked: that is
    // what makes the class safe to share.
    private let condition = NSCondition()
    private var elements: [Element?]
    /// Where the oldest element is, and how many there are, in the ring `elements`.
    private var head = 0
    private var count = 0
    private var isFinished = false
    private var isCancelled = false

    /// - Precondition: `capacity` is at least 1.
    package init(capacity: Int) {
        precondition(capacity >= 1, "a queue holds at least one element")
        self.capacity = capacity
        elements = Array(repeating: nil, count: capacity)
    }

    /// Appends `element`, waiting while the queue is full. False, and the element dropped,
    /// once the consumer has cancelled.
    /// - Precondition: `finish()` has not been called.
    @discardableResult
    package func push(_ element: Element) -> Bool {
        condition.lock()
        defer { condition.unlock() }
        precondition(!isFinished, "pushed after finish()")
        while count == capacity && !isCancelled { condition.wait() }
        guard !isCancelled else { return false }
        elements[(head + count) % capacity] = element
        count += 1
        condition.broadcast()
        return true
    }

    /// Says no element follows: once the queue is drained, `pop()` gives nil.
    package func finish() {
        condition.lock()
        isFinished = true
        condition.broadcast()
        condition.unlock()
    }

    /// The oldest element, waiting while the queue is empty and not finished; nil once it is
    /// finished and drained, or cancelled.
    package func pop() -> Element? {
        condition.lock()
        defer { condition.unlock() }
        while count == 0 && !isFinished && !isCancelled { condition.wait() }
        guard count > 0 && !isCancelled else { return nil }
        let element = elements[head]
        elements[head] = nil
        head = (head + 1) % capacity
        count -= 1
        condition.broadcast()
        return element
    }

    /// Drops what the queue holds and refuses every later `push`: the consumer's way of
    /// stopping the producer.
    package func cancel() {
        condition.lock()
        isCancelled = true
        for index in elements.indices { elements[index] = nil }
        count = 0
        condition.broadcast()
        condition.unlock()
    }
}
