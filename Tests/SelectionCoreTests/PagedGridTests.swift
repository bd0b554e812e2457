import SeededRandom
import Testing

@testable import SelectionCore

/// `PagedGrid` against a plain array of the same numbers: every operation, over grids that
/// split pages, empty them and fill them again.
struct PagedGridTests {
    /// Every read the grid offers, compared with the plain array.
    private func expectSame(_ grid: PagedGrid, _ model: [UInt32], sampling random: inout SplitMix64) {
        #expect(grid.count == model.count)
        #expect(Array(grid) == model)
        for _ in 0..<min(model.count, 20) {
            let position = Int(random.next() % UInt64(model.count))
            #expect(grid[position] == model[position])
            #expect(grid.position(of: model[position]) == position)
            #expect(grid.contains(model[position]))
            let last = min(model.count - 1, position + Int(random.next() % 3000))
            var numbers: [UInt32] = []
            grid.append(from: position, through: last, to: &numbers)
            #expect(numbers == Array(model[position...last]))
        }
    }

    @Test(arguments: [0, 1, 1023, 1024, 1025, 5000])
    func aGridOfACountHoldsItsNumbersInOrder(count: Int) {
        var random = SplitMix64(seed: 1)
        let grid = PagedGrid(numbersBelow: count)
        expectSame(grid, (0..<UInt32(count)).map { $0 }, sampling: &random)
        #expect(!grid.contains(UInt32(count)))
    }

    @Test(arguments: [1, 2, 3])
    func randomChangesKeepTheGridEqualToAPlainArray(seed: UInt64) {
        var random = SplitMix64(seed: seed)
        var grid = PagedGrid(numbersBelow: 4000)
        var model = (0..<UInt32(4000)).map { $0 }
        var next: UInt32 = 4000
        var outside: [UInt32] = []
        for round in 0..<3000 {
            let choice = random.next() % 10
            if choice < 4 || model.isEmpty {
                // New numbers and numbers that left come back, often at one place so that a
                // page fills and splits.
                let number: UInt32
                if !outside.isEmpty && choice == 0 {
                    number = outside.removeLast()
                } else {
                    number = next
                    next += 1
                }
                let position = round % 7 == 0 ? 1500 % (model.count + 1) : Int(random.next() % UInt64(model.count + 1))
                grid.insert(number, at: position)
                model.insert(number, at: position)
            } else {
                let position = Int(random.next() % UInt64(model.count))
                let number = model.remove(at: position)
                grid.remove(number)
                outside.append(number)
                #expect(!grid.contains(number))
            }
            if round % 250 == 0 { expectSame(grid, model, sampling: &random) }
        }
        expectSame(grid, model, sampling: &random)
    }

    @Test func aGridEmptiedAndFilledAgainKeepsItsOrder() {
        var random = SplitMix64(seed: 9)
        var grid = PagedGrid(numbersBelow: 3000)
        var model = (0..<UInt32(3000)).map { $0 }
        while let number = model.popLast() { grid.remove(number) }
        expectSame(grid, model, sampling: &random)
        for number in UInt32(0)..<5000 {
            let position = Int(random.next() % UInt64(model.count + 1))
            grid.insert(number, at: position)
            model.insert(number, at: position)
        }
        expectSame(grid, model, sampling: &random)
    }
}
