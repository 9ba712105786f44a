import Pipeline

/// Writes events: JSON lines or readable lines on standard output, errors also on standard error.
struct EventPrinter {
    let json: Bool

    func print(_ event: ListenEvent) {
        if case .error = event {
            StandardError.write("susi-listen: " + event.readableLine.dropFirst("error: ".count))
            if !json { return }
        }
        StandardOutput.write(json ? event.json.text : event.readableLine)
    }
}
