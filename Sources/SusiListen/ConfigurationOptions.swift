import ArgumentParser
import FoundationEssentials
import Pipeline

/// Where the configuration file is, and reading it.
struct ConfigurationOptions: ParsableArguments, Sendable {
    @Option(name: .long, help: ArgumentHelp("Configuration file (default: the first of $XDG_CONFIG_HOME/susi-listen/config.toml, ~/.config/susi-listen/config.toml, /etc/susi-listen/config.toml that exists).", valueName: "file"))
    var config: String?

    /// The configuration file: `--config`, else the first of the default locations that exists
    /// now; nil for none. A daemon finds it once, at start, and reads that file on SIGHUP.
    var file: String? {
        config ?? Self.defaultLocations.first(where: { FileManager.default.fileExists(atPath: $0) })
    }

    /// The settings of `file` (the configuration file found at start) over the defaults; exit
    /// code 78 when the file is wrong.
    static func load(_ file: String?) throws -> Configuration {
        do {
            let (configuration, warnings) = try read(file)
            warnings.forEach { StandardError.write("susi-listen: warning: \($0)") }
            return configuration
        } catch {
            StandardError.write("susi-listen: \(error)")
            throw ExitStatus.badConfiguration.exitCode
        }
    }

    /// The settings of the configuration file found (`file`) over the defaults, for a measuring
    /// command (`bench`, `soak`), which says on standard error which file its figures are of.
    func loadForMeasuring(by command: String) throws -> Configuration {
        let found = file
        let configuration = try Self.load(found)
        if let found { StandardError.write("\(command): hotword settings from \(found), under the flags given") }
        return configuration
    }

    /// The settings of the configuration file `file` over the defaults (none without a file),
    /// with warnings about it (unknown keys, a token others can read); at start and again on
    /// SIGHUP, where a file that has gone since is an error rather than the defaults.
    static func read(_ file: String?) throws(ConfigurationError) -> (configuration: Configuration, warnings: [String]) {
        var configuration = Configuration()
        guard let path = file else { return (configuration, []) }
        let entries = try ConfigurationFile.read(path)
        let warnings = try configuration.apply(entries, from: path)
            + [ConfigurationFile.exposureWarning(path: path, entries: entries)].compactMap { $0 }
        return (configuration, warnings)
    }

    static var defaultLocations: [String] {
        let environment = ProcessInfo.processInfo.environment
        var locations: [String] = []
        if let xdg = environment["XDG_CONFIG_HOME"], !xdg.isEmpty { locations.append(xdg + "/susi-listen/config.toml") }
        if let home = environment["HOME"], !home.isEmpty { locations.append(home + "/.config/susi-listen/config.toml") }
        locations.append("/etc/susi-listen/config.toml")
        return locations
    }
}
