import Foundation
import Synchronization
import Testing

@testable import SyntheticSessions

/// The hand-over between a producing and a consuming thread: order, bound, both ends stopping.
struct BoundedQueueTests {
    /// Runs `body` on another thread; the returned group is done when it is.
    private func onAnotherThread(_ body: @escaping @Sendable () -> Void) -> DispatchGroup {
        let group = DispatchGroup()
        DispatchQueue.global().async(group: group, execute: body)
        return group
    }

    @Test(arguments: [1, 3, 64])
    func theConsumerGetsEveryElementInTheOrderPushed(capacity: Int) {
        let queue = BoundedQueue<Int>(capacity: capacity)
        let producer = onAnotherThread {
            for value in 0..<20_000 { #expect(queue.push(value)) }
            queue.finish()
        }
        var popped: [Int] = []
        while let value = queue.pop() { popped.append(value) }
        producer.wait()
        #expect(popped == Array(0..<20_000))
        #expect(queue.pop() == nil)
    }

    @Test func aProducerWaitsWhileTheQueueIsFull() {
        let capacity = 4
        let queue = BoundedQueue<Int>(capacity: capacity)
        let pushed = Atomic(0)
        let producer = onAnotherThread {
            for value in 0..<200 {
                queue.push(value)
                pushed.add(1, ordering: .sequentiallyConsistent)
            }
            queue.finish()
        }
        // The producer fills the queue without waiting, then must wait for a pop.
        while pushed.load(ordering: .sequentiallyConsistent) < capacity { sched_yield() }
        for _ in 0..<1000 { sched_yield() }
        #expect(pushed.load(ordering: .sequentiallyConsistent) == capacity)
        var popped = 0
        while let value = queue.pop() {
            #expect(value == popped)
            popped += 1
            // A push completes only once there is room: never more than `capacity` ahead.
            #expect(pushed.load(ordering: .sequentiallyConsistent) - popped <= capacity)
        }
        producer.wait()
        #expect(popped == 200)
    }

    @Test func cancellingRefusesTheWaitingProducerAndDropsWhatIsQueued() {
        let queue = BoundedQueue<Int>(capacity: 2)
        let refused = Atomic(-1)
        let producer = onAnotherThread {
            var value = 0
            while queue.push(value) { value += 1 }
            refused.store(value, ordering: .sequentiallyConsistent)
        }
        #expect(queue.pop() == 0)
        #expect(queue.pop() == 1)
        queue.cancel()
        // Were the producer not woken and refused, this would wait for ever.
        producer.wait()
        #expect(refused.load(ordering: .sequentiallyConsistent) >= 2)
        #expect(queue.pop() == nil)
        #expect(!queue.push(99))
    }

    @Test func aFinishedQueueIsDrainedBeforeItEnds() {
        let queue = BoundedQueue<String>(capacity: 3)
        queue.push("a")
        queue.push("b")
        queue.finish()
        #expect(queue.pop() == "a")
        #expect(queue.pop() == "b")
        #expect(queue.pop() == nil)
        #expect(queue.pop() == nil)
    }
}
