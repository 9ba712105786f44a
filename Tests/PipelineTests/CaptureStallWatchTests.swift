import Testing
@testable import Pipeline

@Suite struct CaptureStallWatchTests {
    let opened = ContinuousClock.now

    @Test func warnsOnceWhenNoFrameCameForTheThresholdAndOnceWhenFramesComeAgain() {
        var watch = CaptureStallWatch(opened: opened)
        #expect(watch.noFrame(at: opened + .milliseconds(1_750)) == nil)
        #expect(watch.noFrame(at: opened + .seconds(2)) == .stalled(for: .seconds(2)))
        // However long it lasts, a stall is reported once.
        for second in 3...60 { #expect(watch.noFrame(at: opened + .seconds(second)) == nil) }
        #expect(watch.frameCame(at: opened + .milliseconds(61_500)) == .resumed(after: .milliseconds(61_500)))
        #expect(watch.frameCame(at: opened + .milliseconds(61_530)) == nil)
        #expect(watch.stalls == 1)
    }

    @Test func countsFromTheLatestFrameAndFromAReopening() {
        var watch = CaptureStallWatch(opened: opened)
        #expect(watch.frameCame(at: opened + .seconds(10)) == nil)
        #expect(watch.noFrame(at: opened + .seconds(11)) == nil)
        #expect(watch.noFrame(at: opened + .seconds(12)) == .stalled(for: .seconds(2)))
        // A device lost and reopened is watched afresh; its stalls add up.
        watch.reopened(at: opened + .seconds(20))
        #expect(watch.noFrame(at: opened + .seconds(21)) == nil)
        #expect(watch.noFrame(at: opened + .seconds(23)) == .stalled(for: .seconds(3)))
        #expect(watch.stalls == 2)
    }
}
