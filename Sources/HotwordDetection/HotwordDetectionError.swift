import PocketSphinxSupport

/// Why a detector could not be set up or could not go on.
package enum HotwordDetectionError: Error, Equatable, CustomStringConvertible, DecoderFailureReporting {
    /// A model file or folder is missing; `package` is the Debian package that provides it.
    case modelFileMissing(path: String, package: String)
    /// A dictionary is there but cannot be one: a folder, empty, not `WORD PHONE...` lines.
    case unusableModelFile(path: String, problem: ModelFileProblem)
    /// A keyphrase holds no word at all.
    case emptyKeyphrase
    /// A keyphrase word holds a character PocketSphinx reads as markup: `(`, `)` or `/`.
    case reservedCharacterInWord(word: String, keyphrase: String)
    /// A keyphrase has more words than `PronunciationLexicon.maximumWordsPerKeyphrase`.
    case tooManyWords(keyphrase: String, words: Int)
    /// A keyphrase's words have more combinations of pronunciations than
    /// `PronunciationLexicon.maximumPronunciationsPerKeyphrase`; `combinations` is at least that.
    case tooManyPronunciations(keyphrase: String, combinations: Int)
    /// A word has no pronunciation in any dictionary.
    case unknownWord(word: String, keyphrase: String, dictionaries: [String])
    /// A pronunciation of `word` uses a phone the acoustic model does not have; `dictionary` is
    /// where the pronunciation came from, nil for the user's own (`UserPronunciation`).
    case unknownPhone(phone: String, word: String, dictionary: String?, phoneSet: AcousticModelPhoneSet)
    /// The acoustic model's `mdef` file is there but could not be read.
    case unreadableModelDefinition(path: String, reason: String)
    /// A dictionary line could not be understood.
    case malformedDictionary(path: String, line: Int, text: String)
    /// The same keyphrase was configured twice.
    case duplicateKeyphrase(String)
    /// Sensitivity outside 0...1 (or NaN).
    case invalidSensitivity(Double)
    /// Gain not a finite number above zero.
    case invalidGain(Double)
    /// PocketSphinx refused the configuration or failed while decoding.
    case decoderFailure(String)

    /// Whether the keyphrase goes beyond a documented limit: a bad argument rather than a
    /// set-up failure.
    package var exceedsKeyphraseLimits: Bool {
        switch self {
        case .tooManyWords, .tooManyPronunciations: true
        default: false
        }
    }

    package var description: String {
        switch self {
        case .modelFileMissing(let path, let package) where package == AcousticModelFiles.projectModels:
            return "model file missing: \(path) (part of the project's Models/ folder, which comes with susi-listen's source: "
                + "point SUSI_LISTEN_MODELS at a complete one, or restore the file from the repository)"
        case .modelFileMissing(let path, let package):
            return "model file missing: \(path) (install the Debian package \(package): sudo apt-get install \(package))"
        case .unusableModelFile(let path, let problem):
            return "unusable model file \(path): \(problem)"
        case .emptyKeyphrase:
            return "empty keyphrase: give at least one word"
        case .reservedCharacterInWord(let word, let keyphrase):
            return "\"\(word)\" in keyphrase \"\(keyphrase)\" holds ( ) or /, which PocketSphinx reads as markup "
                + "(word(2) is the second pronunciation of word); use the plain word, and give another pronunciation "
                + "with --pronunciation \"WORD=PHONES\""
        case .tooManyWords(let keyphrase, let words):
            return "keyphrase \"\(keyphrase)\" has \(words) words; a keyphrase has at most \(PronunciationLexicon.maximumWordsPerKeyphrase)"
        case .tooManyPronunciations(let keyphrase, let combinations):
            return "keyphrase \"\(keyphrase)\" can be said in at least \(combinations) ways (every combination of its words' "
                + "pronunciations); at most \(PronunciationLexicon.maximumPronunciationsPerKeyphrase) are spotted: use fewer words, or give "
                + "the words one pronunciation each with --pronunciation \"WORD=PHONES\""
        case .unknownWord(let word, let keyphrase, let dictionaries):
            return "no pronunciation for \"\(word)\" in keyphrase \"\(keyphrase)\" (looked in \(dictionaries.joined(separator: ", "))); "
                + "give one with --pronunciation \"\(word)=PHONES\" (or pronunciations = [\"\(word)=PHONES\"] under [hotword] in the configuration file), "
                + "or add a line \"\(word) PHONES\" to Models/keywords.dict; susi-listen pronounce \(word) guesses its PHONES"
        case .unknownPhone(let phone, let word, let dictionary, let phoneSet):
            let source = dictionary.map { "from \($0)" } ?? "given with --pronunciation or pronunciations"
            return "unknown phone \"\(phone)\" in the pronunciation of \"\(word)\" (\(source)): the acoustic model "
                + "(\(phoneSet.modelDefinition)) has the phones \(phoneSet.phones.joined(separator: " ")); "
                + "case does not matter and stress digits (AH0, IY1) are dropped"
        case .unreadableModelDefinition(let path, let reason):
            return "cannot read the acoustic model's phones from \(path): \(reason) (reinstall \(AcousticModelFiles.modelPackage) or check --acoustic-model)"
        case .malformedDictionary(let path, let line, let text):
            return "\(path):\(line): not a dictionary line (WORD PHONE...): \(text)"
        case .duplicateKeyphrase(let keyphrase):
            return "keyphrase \"\(keyphrase)\" given more than once"
        case .invalidSensitivity(let value):
            return "sensitivity \(value) is outside 0...1"
        case .invalidGain(let value):
            return "gain \(value) must be a finite number above 0"
        case .decoderFailure(let reason):
            return "PocketSphinx: \(reason)"
        }
    }
}
