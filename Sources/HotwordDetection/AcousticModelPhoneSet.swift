import FoundationEssentials

/// The phones an acoustic model can recognise: its base (context-independent) phones, read from
/// the model's `mdef` file. Every phone of a pronunciation must be one of them.
package struct AcousticModelPhoneSet: Sendable, Equatable {
    /// The base phones in the model's order; for the US English model `+NSN+`, `+SPN+`, `AA`,
    /// `AE`, ... `SIL`, ... `ZH`.
    package let phones: [String]
    /// The model definition file the phones were read from.
    package let modelDefinition: String
    /// Upper-cased phone -> the model's spelling.
    private let spellings: [String: String]

    /// A phone set with the given phones, as read from `modelDefinition`.
    package init(phones: [String], modelDefinition: String) {
        self.phones = phones
        self.modelDefinition = modelDefinition
        spellings = Dictionary(phones.map { ($0.uppercased(), $0) }, uniquingKeysWith: { first, _ in first })
    }

    /// Reads the base phones from the `mdef` file of the acoustic model in `folder`, in
    /// PocketSphinx's binary format or SphinxTrain's text format (PocketSphinx reads both).
    package init(acousticModel folder: String) throws(HotwordDetectionError) {
        let path = folder + "/mdef"
        guard let data = FileManager.default.contents(atPath: path) else {
            throw .modelFileMissing(path: path, package: AcousticModelFiles.modelPackage)
        }
        let bytes = [UInt8](data)
        let phones: [String]
        // The binary format starts with a 32-bit byte-order marker: BMDF when written little-endian.
        switch String(decoding: bytes.prefix(4), as: UTF8.self) {
        case "BMDF": phones = try Self.binaryBasePhones(bytes, littleEndian: true, path: path)
        case "FDMB": phones = try Self.binaryBasePhones(bytes, littleEndian: false, path: path)
        default: phones = try Self.textBasePhones(bytes, path: path)
        }
        self.init(phones: phones, modelDefinition: path)
    }

    /// `phone` as the model spells it, or nil when the model has no such phone. Case does not
    /// matter, and a CMUdict stress digit (`AH0`, `IY1`, `EY2`) is dropped: the model's phones
    /// carry no stress.
    package func modelPhone(_ phone: String) -> String? {
        let upper = phone.uppercased()
        if let spelling = spellings[upper] { return spelling }
        guard let last = upper.last, "012".contains(last) else { return nil }
        return spellings[String(upper.dropLast())]
    }

    /// The binary format: a byte-order marker, a version, a format description to skip, ten
    /// 32-bit counts of which the first is the number of base phones, then the base phones'
    /// names, each ending in a zero byte.
    private static func binaryBasePhones(_ bytes: [UInt8], littleEndian: Bool, path: String) throws(HotwordDetectionError) -> [String] {
        func int32(at offset: Int) -> Int? {
            guard offset >= 0, offset + 4 <= bytes.count else { return nil }
            let value = bytes[offset..<offset + 4].reversed().reduce(UInt32(0)) { $0 << 8 | UInt32($1) }
            return Int(Int32(bitPattern: littleEndian ? value : value.byteSwapped))
        }
        guard let descriptionLength = int32(at: 8), let phoneCount = int32(at: 12 + descriptionLength), phoneCount > 0 else {
            throw .unreadableModelDefinition(path: path, reason: "its binary header is cut short or damaged")
        }
        var phones: [String] = []
        var start = 12 + descriptionLength + 10 * 4
        while phones.count < phoneCount {
            guard start < bytes.count, let end = bytes[start...].firstIndex(of: 0), end > start else {
                throw .unreadableModelDefinition(path: path, reason: "it ends within its list of \(phoneCount) base phones")
            }
            phones.append(String(decoding: bytes[start..<end], as: UTF8.self))
            start = end + 1
        }
        return phones
    }

    /// The text format: a version line (`0.3`), counts (`42 n_base`), then one line per phone
    /// (`base left right position attribute tmat states...`); a base phone has no context, so
    /// `-` for left, right and position.
    private static func textBasePhones(_ bytes: [UInt8], path: String) throws(HotwordDetectionError) -> [String] {
        let lines = String(decoding: bytes, as: UTF8.self).split(separator: "\n")
            .map { $0.split(separator: "#", maxSplits: 1, omittingEmptySubsequences: false)[0] }
            .map { $0.split(whereSeparator: \.isWhitespace) }
            .filter { !$0.isEmpty }
        guard lines.first == ["0.3"] else {
            throw .unreadableModelDefinition(path: path, reason: "it is neither a binary nor a text (version 0.3) model definition")
        }
        let phones = lines.filter { $0.count > 4 && $0[1...3].allSatisfy { $0 == "-" } }.map { String($0[0]) }
        guard !phones.isEmpty else {
            throw .unreadableModelDefinition(path: path, reason: "it lists no base phones")
        }
        return phones
    }
}
