import ArgumentParser
import Pipeline

extension Setting {
    /// The setting's flag as ArgumentParser names it.
    var flagName: NameSpecification { .customLong(flag?.name ?? key) }

    /// The flag's help, with the setting's default, and the name of its value.
    var argumentHelp: ArgumentHelp {
        switch flag?.form {
        case .value(let valueName)?, .optionalName(let valueName)?: ArgumentHelp(flagHelp, valueName: valueName)
        case .onOff?: ArgumentHelp(flagHelp, valueName: "on|off")
        default: ArgumentHelp(flagHelp)
        }
    }
}

extension CommandLineSettings {
    /// Checks each value given; a wrong one is a bad argument (exit code 64).
    func validate() throws {
        do {
            try check()
        } catch {
            throw ValidationError(error.description)
        }
    }

    /// Puts the settings given into `configuration`; a wrong one is a bad argument (exit code 64).
    func merge(into configuration: inout Configuration) throws {
        do {
            try apply(to: &configuration)
        } catch {
            throw ValidationError(error.description)
        }
    }
}
