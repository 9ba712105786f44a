import CPocketSphinx
import Foundation

/// Builds a PocketSphinx configuration from command-line style arguments.
///
/// Swift cannot call the variadic `cmd_ln_init`, so the arguments go through `cmd_ln_parse_r`
/// as a C argv of duplicated strings, freed once parsed.
public enum DecoderArguments {
    /// A configuration the caller frees with `cmd_ln_free_r`, or nil when PocketSphinx rejects it.
    public static func parse(_ arguments: [String]) -> OpaquePointer? {
        var argv: [UnsafeMutablePointer<CChar>?] = (["susi-listen"] + arguments).map { strdup($0) }
        defer { argv.forEach { free($0) } }
        return argv.withUnsafeMutableBufferPointer { buffer in
            cmd_ln_parse_r(nil, ps_args(), Int32(buffer.count), buffer.baseAddress, 1)
        }
    }

    /// Why `makeDecoder` failed.
    public enum SetupFailure: Error, Equatable {
        /// PocketSphinx rejected the arguments (shown joined by spaces).
        case rejectedArguments(String)
        /// The arguments were accepted but the models did not load.
        case modelsNotLoaded
    }

    /// A decoder for `arguments`, with the settings every susi-listen decoder shares: no log,
    /// and PocketSphinx's voice-activity detection off, so that its frame numbers stay on the
    /// caller's sample count. The caller owns it and frees it with `ps_free`.
    ///
    /// Even with the detection off, PocketSphinx 5prealpha numbers the frames of every utterance
    /// after a stream's first from where its detection would have declared speech
    /// (`-vad_startspeech` frames in) less the frames it keeps from before speech
    /// (`-vad_prespeech`). Its defaults, 10 and 20, put everything after a restart 10 frames
    /// (0.1 s) early; equal counts keep every utterance on the stream's own count.
    public static func makeDecoder(_ arguments: [String]) throws(SetupFailure) -> OpaquePointer {
        _ = logSilenced
        let all = arguments + ["-remove_silence", "no", "-vad_startspeech", "10", "-vad_prespeech", "10"]
        guard let config = parse(all) else { throw .rejectedArguments(all.joined(separator: " ")) }
        defer { cmd_ln_free_r(config) }
        guard let decoder = ps_init(config) else { throw .modelsNotLoaded }
        return decoder
    }

    /// PocketSphinx's log, silenced once for the process. The log is one global stream: a
    /// per-decoder `-logfn` would open a new file and close the old one while decoders on other
    /// threads (as in `bench`) may still be writing to it.
    private static let logSilenced: Void = {
        err_set_logfp(nil)
    }()
}
