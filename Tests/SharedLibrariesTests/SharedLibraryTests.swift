import Glibc
import SharedLibraries
import Testing

@Suite struct SharedLibraryTests {
    /// A resolver written in Swift for the C library's `cos`, or for any function named `name`.
    private static func resolver(for name: String) -> SharedLibrary.Resolver<(@convention(c) (Double) -> Double)?> {
        { handle, missing in
            guard let symbol = dlsym(handle, name) else {
                missing.pointee = UnsafePointer(strdup(name))
                return nil
            }
            return unsafeBitCast(symbol, to: (@convention(c) (Double) -> Double).self)
        }
    }

    @Test func opensALibraryAndResolvesItsFunctions() throws {
        let cosine = try SharedLibrary.load("libm.so.6", debianPackage: "libc6", resolve: Self.resolver(for: "cos"))
        #expect(cosine?(0) == 1)
    }

    @Test func namesTheLibraryAndThePackageThatInstallsItWhenItIsMissing() {
        do {
            _ = try SharedLibrary.load("libsusi-listen-absent.so.9", debianPackage: "libabsent9", resolve: Self.resolver(for: "cos"))
            Issue.record("a library that does not exist was opened")
        } catch {
            #expect(error.soname == "libsusi-listen-absent.so.9")
            #expect(error.description.hasPrefix("cannot load libsusi-listen-absent.so.9: "))
            #expect(error.description.hasSuffix("; install the Debian package libabsent9"))
            #expect(error.reason.contains("No such file"), "\(error.reason)")
        }
    }

    @Test func namesAFunctionTheLibraryLacks() {
        do {
            _ = try SharedLibrary.load("libm.so.6", debianPackage: "libc6", resolve: Self.resolver(for: "susi_listen_absent"))
            Issue.record("a library without the function was accepted")
        } catch {
            #expect(error.reason == "it has no function susi_listen_absent")
            #expect(error.debianPackage == "libc6")
        }
    }
}
