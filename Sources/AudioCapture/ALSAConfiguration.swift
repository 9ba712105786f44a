import CALSA

/// An ALSA configuration tree parsed from text, for `snd_pcm_open_lconf`.
///
/// The only owner of its `snd_config_t*`. ALSA does not say whether a PCM opened from the
/// tree still refers to it, so the tree is kept until after the PCM is closed.
package final class ALSAConfiguration {
    package let handle: OpaquePointer

    /// Parses `text` in ALSA's configuration syntax (the syntax of `~/.asoundrc`).
    /// - Parameter device: named in errors.
    package init(text: String, device: String) throws(CaptureError) {
        var top: OpaquePointer?
        let created = snd_config_top(&top)
        guard created == 0, let top else {
            throw CaptureError.alsa(
                device: device, call: "snd_config_top", code: created, message: ALSA.message(created))
        }
        let (loaded, lines) = ALSADiagnostics.collecting { () -> Int32 in
            var input: OpaquePointer?
            var bytes = Array(text.utf8)
            let opened = snd_input_buffer_open(&input, &bytes, bytes.count)
            guard opened == 0, let input else { return opened }
            defer { snd_input_close(input) }
            return snd_config_load(top, input)
        }
        guard loaded == 0 else {
            snd_config_delete(top)
            throw CaptureError.alsa(
                device: device, call: "snd_config_load", code: loaded, message: ALSA.message(loaded, lines))
        }
        self.handle = top
    }

    deinit {
        snd_config_delete(handle)
    }

    /// The text of the ALSA configuration file at `path`.
    /// - Parameter device: the device it is read for, named in the error.
    /// - Throws: ``CaptureError/alsa(device:call:code:message:)`` when the file cannot be read.
    package static func text(ofFile path: String, device: String) throws(CaptureError) -> String {
        guard let text = try? String(contentsOfFile: path, encoding: .utf8) else {
            throw .alsa(device: device, call: "reading \(path)", code: -2, message: "cannot read the ALSA configuration file")
        }
        return text
    }

    /// The PCM names the tree defines (the ids under `pcm`), sorted.
    var pcmNames: [String] {
        var pcm: OpaquePointer?
        guard snd_config_search(handle, "pcm", &pcm) == 0, let pcm else { return [] }
        var names: [String] = []
        var iterator = snd_config_iterator_first(pcm)
        while iterator != snd_config_iterator_end(pcm) {
            var id: UnsafePointer<CChar>?
            if let entry = snd_config_iterator_entry(iterator), snd_config_get_id(entry, &id) == 0, let id {
                names.append(String(cString: id))
            }
            iterator = snd_config_iterator_next(iterator)
        }
        return names.sorted()
    }
}

/// Small helpers shared by the ALSA wrappers.
package enum ALSA {
    /// `snd_strerror(code)`, followed by the first diagnostic ALSA logged, which usually
    /// names the cause ("Unknown PCM nosuch").
    package static func message(_ code: Int32, _ diagnostics: [String] = []) -> String {
        let text = String(cString: snd_strerror(code))
        guard let first = diagnostics.first else { return text }
        return "\(text) (ALSA: \(first))"
    }
}
