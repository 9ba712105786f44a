import AudioInput
import CEspeakNG
import SharedLibraries
import Threading

/// Speaks text with espeak-ng's C API, into samples in memory at the pipeline's rate.
///
/// espeak-ng keeps one voice and one synthesis state for the whole process, so there is one
/// synthesizer per process (``shared()``) and every call into the library holds its lock:
/// the library is never used from two threads at once. Synthesis runs in espeak-ng's
/// synchronous mode: ``speak(_:language:)`` returns once the whole text is spoken.
package final class SpeechSynthesizer: @unchecked Sendable {
    /// The longest text spoken, in characters; a longer one is cut at the last sentence end
    /// before it (else at the last word, closed with a full stop). About 40 seconds of speech:
    /// a device without a screen should not read a web page aloud.
    package static let maximumCharacters = 600
    /// The language spoken when the one asked for has no espeak-ng voice.
    package static let fallbackLanguage = "en"

    /// The rate espeak-ng synthesises at (22 050 Hz for its own voices).
    package let nativeSampleRate: Int
    /// espeak-ng's functions, from the library opened when the synthesizer is set up.
    private let espeak: cespeak_functions
    private let lock = Lock()

    private static let sharedLock = Lock()
    nonisolated(unsafe) private static var sharedInstance: SpeechSynthesizer?

    /// The process's synthesizer, set up on first use (loads espeak-ng's data, a few milliseconds).
    package static func shared() throws(SpeechSynthesisError) -> SpeechSynthesizer {
        sharedLock.lock()
        defer { sharedLock.unlock() }
        if let sharedInstance { return sharedInstance }
        let created = try SpeechSynthesizer()
        sharedInstance = created
        return created
    }

    private init() throws(SpeechSynthesisError) {
        do {
            espeak = try SharedLibrary.load("libespeak-ng.so.1", debianPackage: "libespeak-ng1", resolve: cespeak_resolve)
        } catch {
            throw .unavailable(reason: error.description)
        }
        // Buffer of 200 ms per callback; DONT_EXIT keeps a missing data folder from ending the process.
        let rate = espeak.espeak_Initialize(AUDIO_OUTPUT_SYNCHRONOUS, 200, nil, Int32(espeakINITIALIZE_DONT_EXIT))
        guard rate > 0 else { throw .unavailable(reason: "espeak_Initialize failed (is espeak-ng-data installed?)") }
        nativeSampleRate = Int(rate)
        espeak.espeak_SetSynthCallback { samples, count, events in
            guard let samples, count > 0, let collector = events?.pointee.user_data else { return 0 }
            let buffer = UnsafeBufferPointer(start: samples, count: Int(count))
            Unmanaged<SampleCollector>.fromOpaque(collector).takeUnretainedValue().samples += buffer.map { Float($0) / 32_768 }
            return 0
        }
    }

    /// Speaks passages one after another, each in its own language, and returns the speech of
    /// each that is not blank, in order. Together they are cut to ``maximumCharacters``: a
    /// passage beyond the limit is cut at a sentence end, and those after it are left out.
    package func speak(_ passages: [(text: String, language: String)]) throws(SpeechSynthesisError) -> [SynthesizedSpeech] {
        var remaining = Self.maximumCharacters
        var spoken: [SynthesizedSpeech] = []
        for passage in passages {
            let text = Self.limited(passage.text, to: remaining)
            let speech = try speak(text, language: passage.language)
            if !speech.text.isEmpty {
                spoken.append(speech)
                remaining -= speech.text.count + 1 // and the space between passages
            }
            guard text == passage.text, remaining > 0 else { break }
        }
        return spoken
    }

    /// Speaks `text` in `language` (an ISO 639-1 code such as "en" or "de", with or without a
    /// region such as "de-DE", "de_DE" or "pt-BR", or an espeak-ng voice name) and returns the
    /// speech at ``pipelineSampleRate``. A language espeak-ng has no voice for is spoken in
    /// ``fallbackLanguage`` (the result says so); an empty or blank text gives no samples; a
    /// text longer than ``maximumCharacters`` is cut.
    package func speak(_ text: String, language: String) throws(SpeechSynthesisError) -> SynthesizedSpeech {
        let spoken = Self.limited(text, to: Self.maximumCharacters)
        guard !spoken.allSatisfy(\.isWhitespace) else {
            return SynthesizedSpeech(text: "", samples: [], language: language, requestedLanguage: language)
        }
        let (voice, native) = try synthesise(spoken, language: language)
        let samples: [Float]
        do {
            samples = try Resampler.resampled(native, from: Double(nativeSampleRate))
        } catch {
            throw .failed(text: spoken, reason: error.problem)
        }
        return SynthesizedSpeech(text: spoken, samples: samples, language: voice, requestedLanguage: language)
    }

    /// Speaks `text` at espeak-ng's own rate in `language`'s voice or the fallback's; returns
    /// the voice's language and the samples. Holds the lock: espeak-ng has one global state.
    private func synthesise(_ text: String, language: String) throws(SpeechSynthesisError) -> (String, [Float]) {
        lock.lock()
        defer { lock.unlock() }
        let voice = try selectVoiceOrFallback(for: language)
        let collector = SampleCollector()
        let pointer = Unmanaged.passRetained(collector)
        defer { pointer.release() }
        let bytes = Array(text.utf8CString)
        let result = espeak.espeak_Synth(bytes, bytes.count, 0, POS_CHARACTER, 0, UInt32(espeakCHARS_UTF8), nil, pointer.toOpaque())
        guard result == EE_OK else { throw .failed(text: text, reason: "espeak_Synth returned \(result.rawValue)") }
        return (voice, collector.samples)
    }

    /// The phonemes espeak-ng would say for `text` in `language`'s voice (or the fallback's):
    /// for each word, its phonemes in IPA, stress marks included (`kəmpjˈuːɾɚ` is
    /// `["k", "ə", "m", "p", "j", "ˈuː", "ɾ", "ɚ"]`). Numbers and abbreviations come out as the
    /// words espeak-ng reads them as. Holds the lock: espeak-ng has one global state.
    package func phonemes(of text: String, language: String) throws(SpeechSynthesisError) -> [[String]] {
        lock.lock()
        defer { lock.unlock() }
        _ = try selectVoiceOrFallback(for: language)
        // IPA names, one phoneme from the next parted by the separator (bits 8-23).
        let mode = Int32(espeakPHONEMES_IPA) | Int32(Self.phonemeSeparator.value) << 8
        var clauses: [String] = []
        let bytes = Array(text.utf8CString)
        bytes.withUnsafeBufferPointer { buffer in
            // espeak-ng moves the pointer on past each clause it translates, to nil after the last.
            var next: UnsafeRawPointer? = UnsafeRawPointer(buffer.baseAddress)
            while next != nil, let clause = espeak.espeak_TextToPhonemes(&next, espeakCHARS_UTF8, mode) {
                clauses.append(String(cString: clause))
            }
        }
        return clauses.flatMap { $0.split(separator: " ") }.map { word in
            word.split(separator: Character(Self.phonemeSeparator)).map(String.init)
        }
    }

    /// Parts one phoneme from the next in what ``phonemes(of:language:)`` reads from espeak-ng.
    private static let phonemeSeparator: Unicode.Scalar = "|"

    /// Makes `language`'s voice espeak-ng's current one, or else ``fallbackLanguage``'s, and
    /// returns the language of the voice it tried last. The caller holds the lock.
    private func selectVoiceOrFallback(for language: String) throws(SpeechSynthesisError) -> String {
        let voice = selectVoice(for: language) ? language : Self.fallbackLanguage
        if voice != language, !selectVoice(for: voice) {
            throw .unavailable(reason: "espeak-ng has neither a voice for \"\(language)\" nor for \"\(voice)\"")
        }
        return voice
    }

    /// Makes the voice named `language`, or else one that speaks it, espeak-ng's current voice;
    /// false when it has neither. espeak-ng's voices are named "de" or "pt-br", but it matches
    /// a language such as "de-DE" or "es-MX" to its nearest voice; it knows no "de_DE".
    private func selectVoice(for language: String) -> Bool {
        if espeak.espeak_SetVoiceByName(language) == EE_OK { return true }
        return language.replacing("_", with: "-").withCString { code in
            var properties = espeak_VOICE()
            properties.languages = code
            return espeak.espeak_SetVoiceByProperties(&properties) == EE_OK
        }
    }

    /// `text`, or its beginning up to the last sentence end within `limit` characters; where no
    /// sentence ends that early, up to the last whole word, closed with a full stop (a comma,
    /// colon or dash it stopped at left out) so that the voice ends as at a sentence's end.
    static func limited(_ text: String, to limit: Int) -> String {
        guard text.count > limit else { return text }
        let head = text.prefix(limit)
        if let end = lastSentenceEnd(in: head, of: text), !head[..<end].allSatisfy(\.isWhitespace) {
            return String(head[..<end])
        }
        // One character less, for the full stop.
        let shorter = text.prefix(limit - 1)
        guard let lastSpace = shorter.lastIndex(where: \.isWhitespace) else { return String(head) }
        let words = shorter[..<lastSpace].reversed().drop { $0.isWhitespace || ",;:-–—/(&".contains($0) }.reversed()
        return words.isEmpty ? String(head) : String(words) + "."
    }

    /// Where the last sentence that ends within `head`, the beginning of `text`, ends: after
    /// its closing punctuation (and any closing quotes or brackets) where white space or the
    /// text's end follows; a Chinese or Japanese full stop needs no space after it.
    private static func lastSentenceEnd(in head: Substring, of text: String) -> String.Index? {
        for index in head.indices.reversed() {
            let character = head[index]
            if "。？！".contains(character) { return head.index(after: index) }
            guard ".?!…".contains(character) else { continue }
            var end = text.index(after: index)
            while end < head.endIndex, "\"'”’»)]".contains(text[end]) { end = text.index(after: end) }
            if end <= head.endIndex, end == text.endIndex || text[end].isWhitespace { return end }
        }
        return nil
    }
}

/// Collects what espeak-ng's callback hands over during one `espeak_Synth` call.
private final class SampleCollector {
    var samples: [Float] = []
}

/// Speech synthesised from a text.
package struct SynthesizedSpeech: Sendable, Equatable {
    /// The text spoken (cut to ``SpeechSynthesizer/maximumCharacters``).
    package var text: String
    /// Mono samples in -1...1 at ``pipelineSampleRate``.
    package var samples: [Float]
    /// The language of the voice that spoke.
    package var language: String
    /// The language asked for; differs from `language` when espeak-ng had no voice for it.
    package var requestedLanguage: String

    /// Whether espeak-ng lacked the language asked for and spoke in its fallback instead.
    package var fellBack: Bool { language != requestedLanguage }
    /// Length of the speech in seconds.
    package var seconds: Double { Double(samples.count) / Double(pipelineSampleRate) }
}

/// Why speech could not be synthesised.
package enum SpeechSynthesisError: Error, Equatable, CustomStringConvertible {
    /// espeak-ng could not be set up.
    case unavailable(reason: String)
    /// A text could not be spoken or converted to the pipeline's rate.
    case failed(text: String, reason: String)

    package var description: String {
        switch self {
        case .unavailable(let reason): "speech synthesis unavailable: \(reason)"
        case .failed(let text, let reason): "could not speak \"\(text.prefix(60))\": \(reason)"
        }
    }
}
