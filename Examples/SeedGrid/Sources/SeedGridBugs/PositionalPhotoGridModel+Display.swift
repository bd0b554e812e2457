import SeedGridRecording

/// What the copy shows, as the recorder reads it: the photos now at the chosen positions.
extension PositionalPhotoGridModel: PhotoGridDisplay {
    public var chosenInGridOrder: [String] { selection }
}
