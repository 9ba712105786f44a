import AudioInput
import Testing

/// The ring of recent samples, addressed by stream position.
@Suite struct RecentAudioTests {
    @Test func keepsTheNewestSamplesAndKnowsWhereTheyLie() {
        var recent = RecentAudio(capacity: 4)
        #expect(recent.firstSample == 0 && recent.endSample == 0)
        recent.append([1, 2, 3], endingAt: 3)
        recent.append([4, 5, 6], endingAt: recent.endSample + 3)
        #expect(recent.firstSample == 2)
        #expect(recent.endSample == 6)
        #expect(recent.samples(from: 4) == [5, 6])
        // A position older than what is kept gives everything kept.
        #expect(recent.samples(from: 0) == [3, 4, 5, 6])
        // Up to a position: the ring's end when it is newer, nothing when it is older than the start.
        #expect(recent.samples(from: 3, upTo: 5) == [4, 5])
        #expect(recent.samples(from: 0, upTo: 4) == [3, 4])
        #expect(recent.samples(from: 4, upTo: 9) == [5, 6])
        #expect(recent.samples(from: 5, upTo: 4).isEmpty)
        recent.removeAll()
        #expect(recent.firstSample == 0 && recent.endSample == 0 && recent.samples(from: 0).isEmpty)
    }
}
