import Foundation
import PocketSphinxSupport
import Testing
import Transcription

/// Setting a transcriber up: defaults, errors a user can act on, and the generated model files.
@Suite struct TranscriberSetupTests {
    @Test func defaultsAreTheDocumentedOnes() {
        let configuration = TranscriberConfiguration()
        #expect(configuration.languageModel == .domain(languageModel: "Models/commands/commands.arpa", dictionary: "Models/commands/commands.dict"))
        #expect(configuration.acousticModel == "/usr/share/pocketsphinx/model/en-us/en-us")
        #expect(configuration.trailingSilence == 0.7)
        #expect(configuration.maximumDuration == 10)
        #expect(configuration.noSpeechTimeout == 3)
        #expect(configuration.partialInterval == 0.2)
        #expect(LanguageModelChoice.general.languageModel == "/usr/share/pocketsphinx/model/en-us/en-us.lm.bin")
        #expect(LanguageModelChoice.general.dictionary == "/usr/share/pocketsphinx/model/en-us/cmudict-en-us.dict")
    }

    @Test func missingAcousticModelNamesTheDebianPackage() {
        var configuration = Fixtures.configuration()
        configuration.acousticModel = "/nonexistent/en-us"
        #expect(throws: TranscriptionError.modelFileMissing(path: "/nonexistent/en-us/mdef", package: "pocketsphinx-en-us")) {
            try PocketSphinxTranscriber(configuration: configuration)
        }
        let message = TranscriptionError.modelFileMissing(path: "/nonexistent/en-us/mdef", package: "pocketsphinx-en-us").description
        #expect(message.contains("/nonexistent/en-us/mdef"))
        #expect(message.contains("apt-get install pocketsphinx-en-us"))
    }

    @Test func missingDomainModelNamesTheProjectsModelsFolder() {
        let configuration = TranscriberConfiguration(languageModel: .domain(folder: "/nonexistent/commands"))
        let expected = TranscriptionError.modelFileMissing(path: "/nonexistent/commands/commands.arpa", package: LanguageModelChoice.projectModels)
        #expect(throws: expected) { try PocketSphinxTranscriber(configuration: configuration) }
        #expect(expected.description.contains("Models/commands"))
        #expect(expected.description.contains("Tools/models/make-command-model.py"))
    }

    /// The project's model files, each given as what the other is, and things that are no file.
    @Test(arguments: [
        ("/dev/null", "commands.dict", "/dev/null", ModelFileProblem.empty),
        ("/tmp", "commands.dict", "/tmp", ModelFileProblem.folder),
        ("commands.dict", "commands.dict", "commands.dict", ModelFileProblem.notALanguageModel),
        ("commands.arpa", "commands.arpa", "commands.arpa", ModelFileProblem.notADictionary(line: 4)),
    ])
    func refusesALanguageModelOrDictionaryThatCannotBeOne(_ languageModel: String, dictionary: String, named path: String, problem: ModelFileProblem) {
        let inModels = { (name: String) in name.hasPrefix("/") ? name : Fixtures.domainModelFolder + "/" + name }
        var configuration = Fixtures.configuration()
        configuration.languageModel = .domain(languageModel: inModels(languageModel), dictionary: inModels(dictionary))
        #expect(throws: TranscriptionError.unusableModelFile(path: inModels(path), problem: problem)) {
            try PocketSphinxTranscriber(configuration: configuration)
        }
    }

    @Test func missingDictionaryIsNamedToo() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("transcription-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        try FileManager.default.copyItem(atPath: Fixtures.domainModelFolder + "/commands.arpa", toPath: folder.path + "/commands.arpa")
        let configuration = TranscriberConfiguration(languageModel: .domain(folder: folder.path))
        #expect(throws: TranscriptionError.modelFileMissing(path: folder.path + "/commands.dict", package: LanguageModelChoice.projectModels)) {
            try PocketSphinxTranscriber(configuration: configuration)
        }
    }

    @Test(arguments: [0.0, -1, .nan, .infinity])
    func rejectsDurationsThatAreNotPositive(seconds: Double) {
        var configuration = Fixtures.configuration()
        configuration.trailingSilence = seconds
        #expect(throws: TranscriptionError.self) { try PocketSphinxTranscriber(configuration: configuration) }
        #expect(TranscriptionError.invalidDuration(name: "trailing silence", seconds: seconds).description.contains("trailing silence"))
    }

    @Test func domainDictionaryHoldsExactlyTheWordsOfTheModelAndCorpus() throws {
        let folder = Fixtures.domainModelFolder
        let arpa = try String(contentsOfFile: folder + "/commands.arpa", encoding: .utf8)
        var unigrams = Set<String>(), inUnigrams = false
        for line in arpa.split(separator: "\n") {
            if line.hasPrefix("\\") { inUnigrams = line == "\\1-grams:"; continue }
            if inUnigrams, let word = line.split(separator: "\t").dropFirst().first { unigrams.insert(String(word)) }
        }
        unigrams.subtract(["<s>", "</s>"])
        let dictionary = try String(contentsOfFile: folder + "/commands.dict", encoding: .utf8)
        let entries = dictionary.split(separator: "\n").compactMap { $0.split(separator: " ").first.map(String.init) }
        let dictionaryWords = Set(entries.map { $0.split(separator: "(").first.map(String.init) ?? $0 })
        let corpus = try String(contentsOfFile: folder + "/corpus.txt", encoding: .utf8)
        let corpusWords = Set(corpus.split(whereSeparator: { $0 == " " || $0 == "\n" }).map(String.init))
        #expect(unigrams.count > 500)
        #expect(unigrams == dictionaryWords)
        #expect(unigrams == corpusWords)
        // All variants are kept: "the" has two pronunciations in the CMU dictionary.
        #expect(entries.contains("the(2)"))
    }

    @Test func fixtureGroupsSayWhetherTheCommandIsInTheCorpus() throws {
        let corpus = Set(try String(contentsOfFile: Fixtures.domainModelFolder + "/corpus.txt", encoding: .utf8).split(separator: "\n").map(String.init))
        let commands = try Fixtures.commands(in: ["in-corpus", "held-out"])
        #expect(commands.count >= 15 && commands.count <= 25)
        for command in commands {
            #expect(corpus.contains(command.text) == (command.group == "in-corpus"), "\(command.file): \(command.text)")
        }
    }
}
