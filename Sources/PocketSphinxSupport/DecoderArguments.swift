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

    /// A decoder for `arguments`, with the settings every susi-listen decoder shares: its own
    /// log silenced, and PocketSphinx's voice-activity detection off, so that its frame numbers
    /// stay on the caller's sample count. The caller owns it and frees it with `ps_free`.
    public static func makeDecoder(_ arguments: [String]) throws(SetupFailure) -> OpaquePointer {
        let all = arguments + ["-remove_silence", "no", "-logfn", "/dev/null"]
        guard let config = parse(all) else { throw .rejectedArguments(all.joined(separator: " ")) }
        defer { cmd_ln_free_r(config) }
        // `-logfn` swaps PocketSphinx's one global log file, closing the previous one: two
        // decoders set up at once on different threads (as `bench` does) could close it twice.
        setupLock.lock()
        defer { setupLock.unlock() }
        guard let decoder = ps_init(config) else { throw .modelsNotLoaded }
        return decoder
    }

    /// Serialises decoder set-up across threads.
    private static let setupLock = NSLock()
}
