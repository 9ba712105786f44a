import CPocketSphinx

/// A snapshot of PocketSphinx's running cepstral mean normalisation (`-cmn live`): the mean it
/// subtracts, and the sum and frame count it updates that mean from.
///
/// A freshly loaded decoder starts from the model's `-cmninit` mean with no frames behind it, so
/// its first update takes the mean of the audio heard so far. `cmn_live_set` instead puts the
/// mean `CMN_WIN` (500) frames deep, so a decoder restored with it adapts far more slowly at the
/// start of a stream and hears the rest of the stream differently. Restoring all three fields
/// makes a new stream start exactly as a fresh decoder does.
struct CepstralMeanState {
    let mean: [Float]
    let sum: [Float]
    let frames: Int32

    /// The state of `decoder`'s normalisation, or nil when it has none (`-cmn none`).
    init?(of decoder: OpaquePointer) {
        guard let cmn = Self.normalisation(of: decoder) else { return nil }
        let length = Int(cmn.pointee.veclen)
        mean = Array(UnsafeBufferPointer(start: cmn.pointee.cmn_mean, count: length))
        sum = Array(UnsafeBufferPointer(start: cmn.pointee.sum, count: length))
        frames = cmn.pointee.nframe
    }

    /// Puts this state back into `decoder`, which must be the one it was taken from.
    func restore(into decoder: OpaquePointer) {
        guard let cmn = Self.normalisation(of: decoder) else { return }
        cmn.pointee.cmn_mean.update(from: mean, count: mean.count)
        cmn.pointee.sum.update(from: sum, count: sum.count)
        cmn.pointee.nframe = frames
    }

    /// `decoder`'s cepstral mean normalisation, nil with `-cmn none`.
    private static func normalisation(of decoder: OpaquePointer) -> UnsafeMutablePointer<cmn_t>? {
        ps_get_feat(decoder)?.pointee.cmn_struct
    }
}
