import Testing

import GestureInput
@testable import SyntheticSessions

/// The ids a library change brings are the interpolated `"s\(n)"`, digit for digit.
struct InsertedIDTests {
    @Test func insertedIDsAreTheInterpolatedOnes() {
        var numbers = [0, 1, 9, 10, 99, 100, 12345, 999_999_999, Int(Int32.max), Int.max]
        numbers += (0..<1000).map { $0 * 7919 }
        for number in numbers {
            #expect(SessionModel.insertedID(number) == "s\(number)")
        }
    }
}
