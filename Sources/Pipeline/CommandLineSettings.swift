/// Why a flag's value cannot be used; names the flag, as a configuration file's error names the
/// key, in the same words.
package struct FlagError: Error, Equatable, CustomStringConvertible {
    /// The flag and what is wrong with its value: `--gain: expected a number above 0, got 0.0`.
    package var description: String
}

/// The settings given as command-line flags, each over the configuration file's value.
package struct CommandLineSettings: Sendable {
    /// The flags given, in order, with their values.
    private var given: [(setting: Setting, value: ConfigurationValue)] = []

    /// No flags given.
    package init() {}

    /// Adds the value `setting`'s flag was given, as the configuration file would write it
    /// (`on` and `off` of an on-or-off flag as strings); nil when the flag was not given.
    package mutating func add(_ setting: Setting, _ value: ConfigurationValue?) {
        if let value { given.append((setting, value)) }
    }

    /// Adds a repeated flag's values; none when it was not given.
    package mutating func add(_ setting: Setting, _ values: [ConfigurationValue]) {
        add(setting, values.isEmpty ? nil : values.count == 1 ? values[0] : .array(values))
    }

    /// Adds the text a flag was given; nil when it was not given.
    package mutating func add(_ setting: Setting, _ text: String?) {
        add(setting, text.map(ConfigurationValue.string))
    }

    /// Adds the number a flag was given; nil when it was not given.
    package mutating func add(_ setting: Setting, _ number: Double?) {
        add(setting, number.map(ConfigurationValue.float))
    }

    /// Adds the whole number a flag was given; nil when it was not given.
    package mutating func add(_ setting: Setting, _ number: Int?) {
        add(setting, number.map(ConfigurationValue.integer))
    }

    /// Adds the texts a repeated flag was given; none when it was not given.
    package mutating func add(_ setting: Setting, _ texts: [String]) {
        add(setting, texts.map(ConfigurationValue.string))
    }

    /// Adds the numbers a repeated flag was given; none when it was not given.
    package mutating func add(_ setting: Setting, _ numbers: [Double]) {
        add(setting, numbers.map(ConfigurationValue.float))
    }

    /// Adds a flag that switches `setting`, when it was given.
    package mutating func add(_ setting: Setting, switched: Bool) {
        add(setting, switched ? .bool(true) : nil)
    }

    /// The flags given, as messages name them (`--gain`), in order.
    package var flagNames: [String] { given.map(\.setting.nameInFlagMessages) }

    /// Adds the flags `other` holds, after these.
    package mutating func add(_ other: CommandLineSettings) {
        given += other.given
    }

    /// Checks each value on its own, as the configuration file's are, and several
    /// sensitivities against the keyphrases when these are given too (else `apply(to:)` matches
    /// them with the configured ones).
    package func check() throws(FlagError) {
        var draft = ConfigurationDraft(Configuration())
        try store(into: &draft)
        if draft.keyphrases != nil { _ = try finished(draft) }
    }

    /// Puts the settings given into `configuration`: each flag's value replaces the
    /// configuration's; `--keyword` and `--sensitivity` are combined with the configured
    /// keyphrases and sensitivities as `ConfigurationDraft.finished()` says.
    package func apply(to configuration: inout Configuration) throws(FlagError) {
        var draft = ConfigurationDraft(configuration)
        try store(into: &draft)
        configuration = try finished(draft)
    }

    /// `draft` with its keyphrases and sensitivities combined.
    private func finished(_ draft: ConfigurationDraft) throws(FlagError) -> Configuration {
        do {
            return try draft.finished()
        } catch {
            throw FlagError(description: Setting.sensitivity.message(error, naming: Setting.sensitivity.nameInFlagMessages, value: nil))
        }
    }

    /// Reads, checks and stores each value given into `draft`.
    private func store(into draft: inout ConfigurationDraft) throws(FlagError) {
        for (setting, given) in given {
            do {
                try setting.store(setting.fileValue(ofFlag: given), &draft)
            } catch {
                throw FlagError(description: setting.message(error, naming: setting.nameInFlagMessages, value: given))
            }
        }
    }
}
