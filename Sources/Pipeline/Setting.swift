/// Why a value cannot be a setting's. The configuration file and the command line name the key
/// or the flag in front of it; the wording is the same.
package enum SettingProblem: Error, Sendable, Equatable {
    /// A value of another kind or out of range; the setting takes `String` ("a number above 0").
    case expected(String)
    /// A value of the right kind that is wrong all the same, said in a message of its own.
    case refused(String)
}

/// How a setting's command-line flag sets it.
package enum SettingFlagForm: Sendable, Equatable {
    /// `--name VALUE`, the value as the configuration file has it (a string without quotes);
    /// the flag of a list is repeated, one element each.
    case value(valueName: String)
    /// `--name on|off` for a setting that is true or false.
    case onOff
    /// `--name` alone sets the setting to `to` (`--no-chat`, `--json`); `help` says what the
    /// flag does, as the setting's help says what the setting is.
    case switching(to: Bool, help: String)
    /// `--name` alone sets the setting true, `--name NAME` to a name (`--zeroconf`).
    case optionalName(valueName: String)
}

/// A setting's command-line flag.
package struct SettingFlag: Sendable, Equatable {
    /// The long name without its dashes: `gain` for `--gain`.
    package let name: String
    /// What the flag takes.
    package let form: SettingFlagForm

    /// The flag as it is typed: `--gain`.
    package var spelled: String { "--" + name }
}

/// One setting of `Configuration`, described once: its configuration file key and flag, what it
/// is, how a value is read, checked and stored, how two configurations are compared, whether a
/// running daemon applies it and whether it is secret. `Setting.all` lists them; the file's
/// reading, the flags' merge, the reload's classification and the help texts come from it.
package struct Setting: Sendable {
    /// The configuration file's `section.key`.
    package let key: String
    /// What the setting is, for `--help`.
    package let help: String
    /// The command-line flag that sets it too, if any.
    package let flag: SettingFlag?
    /// Whether a running daemon applies a new value read on SIGHUP (else it waits for a restart).
    package let isLive: Bool
    /// Whether its value is never shown in a message.
    package let isSecret: Bool
    /// What the setting means when a configuration holds no value for it ("a built-in chime").
    package let unsetMeaning: String?
    /// The value in a configuration as the file would write it; nil when it holds none.
    let value: @Sendable (Configuration) -> ConfigurationValue?
    /// Reads and checks `value`, then stores it into the draft.
    let store: @Sendable (ConfigurationValue, inout ConfigurationDraft) throws(SettingProblem) -> Void
    /// Whether two configurations agree on the setting, where equal values are not the measure.
    let agreement: (@Sendable (Configuration, Configuration) -> Bool)?

    /// A setting stored at `path` of `Configuration`, read and written by `format`.
    init<Value>(_ key: String, flag: SettingFlag? = nil, live: Bool, secret: Bool = false, unset: String? = nil, help: String,
                format: SettingFormat<Value>, at path: WritableKeyPath<Configuration, Value> & Sendable) {
        self.init(key, flag: flag, live: live, secret: secret, unset: unset, help: help,
                  value: { format.write($0[keyPath: path]) },
                  store: { value, draft throws(SettingProblem) in draft.configuration[keyPath: path] = try format.read(value) })
    }

    /// A setting read, stored and written by closures of its own; `agreement` when equal values
    /// are not what makes two configurations agree on it.
    init(_ key: String, flag: SettingFlag? = nil, live: Bool, secret: Bool = false, unset: String? = nil, help: String,
         value: @escaping @Sendable (Configuration) -> ConfigurationValue?,
         store: @escaping @Sendable (ConfigurationValue, inout ConfigurationDraft) throws(SettingProblem) -> Void,
         agreement: (@Sendable (Configuration, Configuration) -> Bool)? = nil) {
        self.key = key
        self.flag = flag
        self.isLive = live
        self.isSecret = secret
        self.unsetMeaning = unset
        self.help = help
        self.value = value
        self.store = store
        self.agreement = agreement
    }

    /// Whether `first` and `second` agree on this setting.
    package func isSame(_ first: Configuration, _ second: Configuration) -> Bool {
        agreement?(first, second) ?? (value(first) == value(second))
    }

    /// The default, as the configuration file writes it (`0.7`, `"default"`, `["susi"]`);
    /// nil when `Configuration()` holds no value.
    package var defaultValue: ConfigurationValue? { value(Configuration()) }

    /// The default as the README's configuration table shows it: the value in backquotes, or
    /// what no value means, or a dash.
    package var defaultText: String {
        defaultValue.map { "`\($0.written)`" } ?? unsetMeaning ?? "—"
    }

    /// The default as a flag would give it (`0.7`, `default`, `on`); nil for an empty list and
    /// for a flag that only switches.
    package var flagDefaultText: String? {
        guard let flag else { return nil }
        guard let value = defaultValue else { return unsetMeaning ?? "none" }
        switch (flag.form, value) {
        case (.switching, _): return nil
        case (.onOff, .bool(let on)), (.optionalName, .bool(let on)): return on ? "on" : "off"
        case (_, .array(let items)): return items.isEmpty ? nil : items.map(\.writtenAsFlag).joined(separator: " ")
        default: return value.writtenAsFlag
        }
    }

    /// The flag's help: what the setting is, with its default.
    package var flagHelp: String {
        if case .switching(_, let help)? = flag?.form { return help }
        return help + (flagDefaultText.map { " (default: \($0))." } ?? ".")
    }

    /// What is wrong with `value` (nil: with the values together), after whoever names the
    /// setting: `key "hotword.gain"` or `--gain`.
    func message(_ problem: SettingProblem, naming name: String, value: ConfigurationValue?) -> String {
        switch (problem, value) {
        case (.expected(let expected), let value?):
            "\(name): expected \(expected), got \(isSecret ? "a value not shown (it is secret)" : value.written)"
        case (.expected(let expected), nil):
            "\(name): expected \(expected)"
        case (.refused(let reason), _):
            "\(name): \(reason)"
        }
    }

    /// The setting as a configuration file's message names it: `key "hotword.gain"`.
    var nameInFileMessages: String { "key \"\(key)\"" }

    /// The setting as a flag's message names it: the flag as typed, or the key for a setting
    /// without one.
    var nameInFlagMessages: String { flag?.spelled ?? key }

    /// The value a flag gave, as the configuration file would write it: `on` is `true`, a
    /// switch gives its value and `--zeroconf` alone `true`.
    func fileValue(ofFlag given: ConfigurationValue) throws(SettingProblem) -> ConfigurationValue {
        switch (flag?.form, given) {
        case (.onOff?, .string("on")): return .bool(true)
        case (.onOff?, .string("off")): return .bool(false)
        case (.onOff?, _): throw .expected("on or off")
        case (.switching(let to, _)?, _): return .bool(to)
        case (.optionalName?, .string("")): return .bool(true)
        default: return given
        }
    }

    /// The setting a configuration file names `key`.
    package static func named(_ key: String) -> Setting? {
        all.first { $0.key == key }
    }
}

extension ConfigurationValue {
    /// The value as typed after a flag: a string without its quotes.
    var writtenAsFlag: String {
        if case .string(let text) = self { return text }
        return written
    }
}

/// How one kind of setting value is read from a configuration value, checked, and written back.
struct SettingFormat<Value>: Sendable {
    /// The value `value` gives, checked.
    let read: @Sendable (ConfigurationValue) throws(SettingProblem) -> Value
    /// The value as the configuration file writes it; nil for none.
    let write: @Sendable (Value) -> ConfigurationValue?
}

extension SettingFormat where Value == String {
    /// Any string; `expected` names what it is ("a path").
    static func string(_ expected: String) -> Self {
        SettingFormat(read: { value throws(SettingProblem) in
            guard case .string(let text) = value else { throw .expected(expected) }
            return text
        }, write: { .string($0) })
    }

    /// A string that is not empty.
    static func name(_ expected: String) -> Self {
        string(expected).checked(expected) { !$0.isEmpty }
    }

    /// One of `choices`.
    static func choice(_ choices: [String]) -> Self {
        let expected = "one of " + choices.joined(separator: ", ")
        return string(expected).checked(expected) { choices.contains($0) }
    }
}

extension SettingFormat where Value: CaseIterable & RawRepresentable & Sendable, Value.RawValue == String {
    /// One of the enumeration's cases, by its raw value.
    static var oneOfTheCases: Self {
        let expected = "one of " + Value.allCases.map(\.rawValue).joined(separator: ", ")
        return SettingFormat(read: { value throws(SettingProblem) in
            guard case .string(let text) = value, let chosen = Value(rawValue: text) else { throw .expected(expected) }
            return chosen
        }, write: { .string($0.rawValue) })
    }
}

extension SettingFormat where Value == Bool {
    static let bool = SettingFormat(read: { value throws(SettingProblem) in
        guard case .bool(let flag) = value else { throw .expected("true or false") }
        return flag
    }, write: { .bool($0) })
}

extension SettingFormat where Value == Int {
    /// A whole number in `range`, of `unit` when it has one ("milliseconds").
    static func integer(in range: ClosedRange<Int>, of unit: String? = nil) -> Self {
        let expected = "a whole number \(unit.map { "of \($0) " } ?? "")from \(range.lowerBound) to \(range.upperBound)"
        return SettingFormat(read: { value throws(SettingProblem) in
            guard case .integer(let number) = value, range.contains(number) else { throw .expected(expected) }
            return number
        }, write: { .integer($0) })
    }
}

extension SettingFormat where Value == Double {
    /// A number, whole or not, of which `isAllowed` holds.
    static func number(_ expected: String, _ isAllowed: @escaping @Sendable (Double) -> Bool) -> Self {
        SettingFormat(read: { value throws(SettingProblem) in
            guard let number = value.number, isAllowed(number) else { throw .expected(expected) }
            return number
        }, write: { .float($0) })
    }

    /// A number of seconds in `range`.
    static func seconds(in range: ClosedRange<Double>) -> Self {
        let bound = { (seconds: Double) in seconds.rounded() == seconds ? String(Int(seconds)) : String(seconds) }
        return number("a number of seconds from \(bound(range.lowerBound)) to \(bound(range.upperBound))") { range.contains($0) }
    }
}

extension SettingFormat {
    /// The same values, of which `isAllowed` also holds.
    func checked(_ expected: String, _ isAllowed: @escaping @Sendable (Value) -> Bool) -> Self {
        let read = self.read
        return SettingFormat(read: { value throws(SettingProblem) in
            let checked = try read(value)
            guard isAllowed(checked) else { throw .expected(expected) }
            return checked
        }, write: write)
    }

    /// The same values where a configuration may hold none.
    var optional: SettingFormat<Value?> {
        let read = self.read, write = self.write
        return SettingFormat<Value?>(read: { value throws(SettingProblem) in try read(value) }, write: { $0.flatMap(write) })
    }

    /// One value or an array of them, read by this format; `expected` names both.
    func list(_ expected: String) -> SettingFormat<[Value]> {
        let read = self.read, write = self.write
        return SettingFormat<[Value]>(read: { value throws(SettingProblem) in
            let values: [ConfigurationValue]
            if case .array(let items) = value { values = items } else { values = [value] }
            var elements: [Value] = []
            for item in values {
                do throws(SettingProblem) {
                    elements.append(try read(item))
                } catch {
                    if case .expected = error { throw .expected(expected) }
                    throw error
                }
            }
            return elements
        }, write: { .array($0.compactMap(write)) })
    }
}

extension ConfigurationValue {
    /// One number (an integer or a float), not an array.
    var number: Double? {
        switch self {
        case .integer(let number): Double(number)
        case .float(let number): number
        default: nil
        }
    }
}
