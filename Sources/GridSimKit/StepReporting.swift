// What an adapter's steps carry. Each part is a protocol of its own, so that a part added in
// a later release is compared only for adapters that say they report it.

/// The steps `apply` returns carry the outcome the code under test reported (applied,
/// ignored, or rejected with its reason): the kit compares it at every step. `apply` must
/// then return a step for every event.
public protocol OutcomeReporting: PhotoGridAdapter {}

/// The steps `apply` returns carry the effects the code under test emitted (open, deleted,
/// moved, present, haptic, animation), in the order SPEC.md lists them: the kit compares them
/// at every step. `apply` must then return a step for every event.
public protocol EffectReporting: PhotoGridAdapter {}

/// The steps `apply` returns carry the VoiceOver announcements the code under test made: the
/// kit compares them at every step. `apply` must then return a step for every event.
public protocol AnnouncementReporting: PhotoGridAdapter {}
