import ArgumentParser
import HotwordDetection

/// Where the acoustic model and dictionaries are.
struct ModelOptions: ParsableArguments {
    @Option(name: .long, help: ArgumentHelp("Folder of the PocketSphinx acoustic model.", valueName: "dir"))
    var acousticModel: String = AcousticModelFiles().acousticModel

    @Option(name: .long, help: ArgumentHelp("General pronunciation dictionary (CMUdict format).", valueName: "file"))
    var dictionary: String = AcousticModelFiles().generalDictionary

    @Option(name: .long, help: ArgumentHelp("The project's keyword dictionary, read before the general one (default: Models/keywords.dict of this installation).", valueName: "file"))
    var keywordDictionary: String?

    /// The files these options name.
    var modelFiles: AcousticModelFiles {
        AcousticModelFiles(acousticModel: acousticModel, generalDictionary: dictionary,
                           keywordDictionary: keywordDictionary ?? ModelsFolder.locate().map { $0 + "/" + ModelsFolder.marker })
    }
}
