import CALSA
import Glibc

/// Catches the diagnostics ALSA would print to standard error while a call runs.
///
/// alsa-lib reports the cause of many failures only as text ("Unknown PCM nosuch",
/// "cannot find card '0'"), through a handler that prints to standard error. A daemon
/// that reopens a missing microphone with back-off would print those lines at each try,
/// so they are collected here instead and the first one goes into the thrown error.
/// `snd_lib_error_set_local` installs the handler for the calling thread only, so other
/// threads using ALSA keep ALSA's default handling.
enum ALSADiagnostics {
    /// Runs `body` and returns its result with the lines ALSA logged meanwhile on this thread.
    static func collecting<T, E: Error>(_ body: () throws(E) -> T) throws(E) -> (result: T, lines: [String]) {
        let collector = LineCollector()
        let outer = pthread_getspecific(collectorKey)
        pthread_setspecific(collectorKey, Unmanaged.passUnretained(collector).toOpaque())
        let previous = snd_lib_error_set_local(handler)
        defer {
            snd_lib_error_set_local(previous)
            pthread_setspecific(collectorKey, outer)
        }
        return (try body(), collector.lines)
    }

    /// The thread's collector of the innermost `collecting` call running on it, for the handler
    /// to find (unretained: the call keeps it alive while it is set).
    private static let collectorKey: pthread_key_t = {
        var key = pthread_key_t()
        precondition(pthread_key_create(&key, nil) == 0, "no thread-specific key left for ALSA's diagnostics")
        return key
    }()

    /// The lines of one `collecting` call; a class so the C handler can append to it.
    private final class LineCollector {
        var lines: [String] = []
    }

    private static let handler: snd_local_error_handler_t = { _, _, _, errorCode, format, arguments in
        guard let format, let arguments, let pointer = pthread_getspecific(collectorKey) else { return }
        let collector = Unmanaged<LineCollector>.fromOpaque(pointer).takeUnretainedValue()
        var buffer = [CChar](repeating: 0, count: 1_024)
        _ = vsnprintf(&buffer, buffer.count, format, arguments)
        var line = String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
        if errorCode != 0 {
            line += ": " + String(cString: snd_strerror(errorCode))
        }
        collector.lines.append(line)
    }
}
