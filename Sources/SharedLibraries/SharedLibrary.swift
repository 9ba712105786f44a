import Glibc

/// Opens C libraries that only some of the program's features use, when a feature first needs one.
///
/// A library the executable links is loaded at start-up into every process, with all the
/// libraries it depends on: libcurl alone brings about thirty (TLS, Kerberos, LDAP, SSH), and
/// espeak-ng brings PulseAudio and X11, several megabytes of resident memory in a process that
/// may only ever detect a hotword. Such a library is opened here instead, the first time a chat
/// query, a spoken answer or a zeroconf announcement needs it, and stays open for the life of the
/// process, as a linked one would.
///
/// The functions are resolved by a C function of the library's system-library module, which
/// declares each function's type from the library's own header, so a signature can never drift
/// from the header the program was built against.
package enum SharedLibrary {
    /// The type of a C resolver: it fills a table of the library's functions from `handle`, and
    /// sets `missing` to the name of the first function the library lacks.
    package typealias Resolver<Functions> = (
        _ handle: UnsafeMutableRawPointer, _ missing: UnsafeMutablePointer<UnsafePointer<CChar>?>
    ) -> Functions

    /// Opens the library `soname` (such as `libcurl.so.4`) and resolves its functions with
    /// `resolve`; throws, naming the Debian package that installs it, when the library cannot be
    /// opened or lacks a function.
    package static func load<Functions>(
        _ soname: String, debianPackage: String, resolve: Resolver<Functions>
    ) throws(SharedLibraryError) -> Functions {
        guard let handle = dlopen(soname, RTLD_NOW | RTLD_LOCAL) else {
            let reason = dlerror().map { String(cString: $0) } ?? "not found"
            throw SharedLibraryError(soname: soname, debianPackage: debianPackage, reason: reason)
        }
        var missing: UnsafePointer<CChar>?
        let functions = resolve(handle, &missing)
        if let missing {
            let name = String(cString: missing)
            dlclose(handle)
            throw SharedLibraryError(soname: soname, debianPackage: debianPackage, reason: "it has no function \(name)")
        }
        return functions
    }
}

/// A library a feature needs could not be opened, or is not the version the program was built for.
package struct SharedLibraryError: Error, Equatable, CustomStringConvertible {
    /// The library's file name, such as `libcurl.so.4`.
    package let soname: String
    /// The Debian package that installs it.
    package let debianPackage: String
    /// Why it could not be used, as the dynamic loader said.
    package let reason: String

    package var description: String {
        "cannot load \(soname): \(reason); install the Debian package \(debianPackage)"
    }
}
