import ArgumentParser
import HotwordDetection
import Pipeline
import SpeechSynthesis

/// `susi-listen pronounce`: how the spotter would say each word, for choosing a keyword or
/// writing a `--pronunciation`. The user's own pronunciations (`--pronunciation`, else the
/// configuration file's) come first, then the dictionaries', as for detection; a word none of
/// them has gets a guess from espeak-ng's US English letter-to-sound rules, in the acoustic
/// model's phones, to check and give with `--pronunciation`.
struct PronounceCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "pronounce",
        abstract: "Print each word's pronunciations as WORD=PHONES: the dictionaries' or, for a word they lack, espeak-ng's guess, to give with --pronunciation.")

    @Argument(help: ArgumentHelp("Words to pronounce (any case).", valueName: "word"))
    var words: [String]

    @OptionGroup var userPronunciations: PronunciationOptions

    @OptionGroup var models: ModelFileOptions

    @OptionGroup var configurationFile: ConfigurationOptions

    /// The voice whose letter-to-sound rules guess a word's phones: US English, the acoustic
    /// model's language.
    static let guessingVoice = "en-us"

    func validate() throws {
        for word in words {
            if word.isEmpty || word.contains(where: \.isWhitespace) {
                throw ValidationError("\"\(word)\" is not one word: give each word of a keyphrase on its own")
            }
            if word.contains(where: PronunciationLexicon.reservedCharacters.contains) {
                throw ValidationError("\"\(word)\" holds ( ) or /, which PocketSphinx reads as markup in a keyphrase word")
            }
        }
    }

    func run() throws {
        var settings = try ConfigurationOptions.load(configurationFile.file)
        var given = userPronunciations.settings
        given.add(models.settings)
        try given.merge(into: &settings)
        ModelsFolder.useProjectModels(in: &settings.modelFiles, decision: .spotting)
        let files = settings.modelFiles
        var seen = Set<String>()
        let wanted = words.map { $0.lowercased() }.filter { seen.insert($0).inserted }
        var lines: [String] = []
        do {
            let phoneSet = try AcousticModelPhoneSet(acousticModel: files.acousticModel)
            let dictionaries = [files.keywordDictionary, files.generalDictionary].compactMap { $0 }
            let own = try PronunciationLexicon.userEntries(settings.pronunciations, phoneSet: phoneSet)
            let known = try PronunciationLexicon.dictionaryEntries(of: Set(wanted).subtracting(own.keys), in: dictionaries, phoneSet: phoneSet)
            for word in wanted {
                if let variants = own[word] {
                    lines += variants.map { "\(word)=\($0.joined(separator: " "))  # your pronunciation" }
                } else if let entry = known[word] {
                    lines += entry.variants.map { "\(word)=\($0.joined(separator: " "))  # \(entry.dictionary)" }
                } else {
                    let phones = try guessedPhones(of: word)
                    // Checked as a pronunciation the user gives: the phones must be the model's.
                    _ = try PronunciationLexicon.userEntries([UserPronunciation(word: word, phones: phones)], phoneSet: phoneSet)
                    lines.append("\(word)=\(phones.joined(separator: " "))  # guessed by espeak-ng: check it")
                }
            }
        } catch let error as HotwordDetectionError {
            StandardError.write("susi-listen pronounce: \(error)")
            throw ExitStatus.setupFailed.exitCode
        }
        try StandardOutput.writeReport(lines.joined(separator: "\n"))
    }

    /// espeak-ng's guess at `word`'s phones; exit code 2 when espeak-ng cannot be used or says
    /// a sound US English has no phone for.
    private func guessedPhones(of word: String) throws -> [String] {
        do {
            let phonemes = try SpeechSynthesizer.shared().phonemes(of: word, language: Self.guessingVoice)
            let phones = try USEnglishPhones.phones(ofPhonemes: phonemes.flatMap { $0 }, word: word)
            if phones.isEmpty { throw SpeechSynthesisError.failed(text: word, reason: "espeak-ng says no sound for it") }
            return phones
        } catch {
            StandardError.write("susi-listen pronounce: no pronunciation for \"\(word)\" in the dictionaries, and none guessed: \(error)")
            throw ExitStatus.setupFailed.exitCode
        }
    }
}
