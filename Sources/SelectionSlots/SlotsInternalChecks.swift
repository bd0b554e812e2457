/// Whether this build checks the slot collections' invariants after every mutation: builds
/// with `SLOTS_INTERNAL_CHECKS` (debug builds, and release builds given
/// `-Xswiftc -DSLOTS_INTERNAL_CHECKS`).
enum SlotsInternalChecks {
    static var areOn: Bool {
        #if SLOTS_INTERNAL_CHECKS
        true
        #else
        false
        #endif
    }
}
