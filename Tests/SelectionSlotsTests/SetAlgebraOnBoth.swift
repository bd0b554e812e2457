@testable import SelectionSlots

/// Applies in-place set operation `operation` (0 intersection, 1 subtraction, 2 union,
/// 3 symmetric difference) to a bitmap and to its model alike.
func combine(
    _ bits: inout SelectionBitmap, _ model: inout Set<Int>, with other: SelectionBitmap, _ otherModel: Set<Int>,
    operation: Int
) {
    switch operation {
    case 0:
        bits.formIntersection(other)
        model.formIntersection(otherModel)
    case 1:
        bits.subtract(other)
        model.subtract(otherModel)
    case 2:
        bits.formUnion(other)
        model.formUnion(otherModel)
    default:
        bits.formSymmetricDifference(other)
        model.formSymmetricDifference(otherModel)
    }
}
