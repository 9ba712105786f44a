internal import CPocketSphinx

/// Builds a PocketSphinx configuration from command-line style arguments.
///
/// Swift cannot call the variadic `cmd_ln_init`, so the arguments go through `cmd_ln_parse_r`
/// as a C argv of duplicated strings, freed once parsed.
enum DecoderArguments {
    /// A configuration the caller frees with `cmd_ln_free_r`, or nil when PocketSphinx rejects it.
    static func parse(_ arguments: [String]) -> OpaquePointer? {
        var argv: [UnsafeMutablePointer<CChar>?] = (["susi-listen"] + arguments).map { strdup($0) }
        defer { argv.forEach { free($0) } }
        return argv.withUnsafeMutableBufferPointer { buffer in
            cmd_ln_parse_r(nil, ps_args(), Int32(buffer.count), buffer.baseAddress, 1)
        }
    }
}
