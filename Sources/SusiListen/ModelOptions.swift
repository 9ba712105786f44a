import ArgumentParser
import HotwordDetection

/// Where the acoustic model and dictionaries are.
struct ModelOptions: ParsableArguments, Sendable {
    @Option(name: .long, help: ArgumentHelp("Folder of the PocketSphinx acoustic model (default: \(AcousticModelFiles().acousticModel)).", valueName: "dir"))
    var acousticModel: String?

    @Option(name: .long, help: ArgumentHelp("General pronunciation dictionary (default: \(AcousticModelFiles().generalDictionary)).", valueName: "file"))
    var dictionary: String?

    @Option(name: .long, help: ArgumentHelp("The project's keyword dictionary, read before the general one (default: Models/keywords.dict of this installation).", valueName: "file"))
    var keywordDictionary: String?

    /// Puts the options that were given into `files`, and takes the project's keyword dictionary
    /// and verification vocabulary from its models folder where none is set.
    func apply(to files: inout AcousticModelFiles) {
        if let acousticModel { files.acousticModel = acousticModel }
        if let dictionary { files.generalDictionary = dictionary }
        if let keywordDictionary { files.keywordDictionary = keywordDictionary }
        guard let models = ModelsFolder.locate() else { return }
        if files.keywordDictionary == nil { files.keywordDictionary = models + "/" + ModelsFolder.marker }
        if files.verifierVocabulary == nil { files.verifierVocabulary = AcousticModelFiles.VerifierVocabulary(modelsFolder: models) }
    }
}
