import Testing
@testable import HotwordDetection

/// Spotters built with the user's own pronunciations, run over `TestAudio/` with real PocketSphinx.
@Suite struct UserPronunciationDetectionTests {
    let susiFixture = Fixtures.testAudio.appendingPathComponent("positive_alone_slt_z_norm_noise.wav").path
    let mixedFixture = Fixtures.testAudio.appendingPathComponent("mixed_susi_and_near_misses.wav").path

    private func spotter(_ keyphrases: [String], _ pronunciations: [String]) throws -> KeywordSpotter {
        var configuration = Fixtures.spotter(keyphrases.map { KeywordSetting(keyphrase: $0) })
        configuration.pronunciations = try pronunciations.map { try UserPronunciation(parsing: $0) }
        return try KeywordSpotter(configuration: configuration)
    }

    @Test func detectsAMadeUpWordPronouncedLikeSusiInASusiFixture() throws {
        let spotter = try spotter(["soozee"], ["soozee=s uw1 z iy0"])
        let hits = try Fixtures.hits(in: Fixtures.samples(of: susiFixture), with: spotter)
        #expect(hits.map(\.keyword) == ["soozee"])
    }

    @Test func spotsEveryPronunciationNotOnlyTheFirst() throws {
        // The first pronunciation is nothing like the audio; the second is what was said.
        let spotter = try spotter(["soozee"], ["soozee=K AH M P Y UW T ER", "soozee=S UW Z IY"])
        let hits = try Fixtures.hits(in: Fixtures.samples(of: susiFixture), with: spotter)
        #expect(hits.map(\.keyword) == ["soozee"])
    }

    @Test func runsAMadeUpWordOverAFixtureWithoutError() throws {
        let spotter = try spotter(["zorblat"], ["zorblat=Z AO R B L AE T"])
        #expect(spotter.thresholds.map(\.phoneCount) == [7])
        let hits = try Fixtures.hits(in: Fixtures.samples(of: mixedFixture), with: spotter)
        #expect(hits.allSatisfy { $0.keyword == "zorblat" })
    }

    @Test func runsMultiWordKeyphrasesWithAllTheirVariants() throws {
        let spotter = try spotter(["hey computer", "interesting again", "hey zorblat"], ["zorblat=Z AO R B L AE T"])
        #expect(spotter.thresholds.map(\.keyphrase) == ["hey computer", "interesting again", "hey zorblat"])
        #expect(spotter.thresholds.map(\.phoneCount) == [2 + 8, 9 + 4, 2 + 7])
        _ = try Fixtures.hits(in: Fixtures.samples(of: mixedFixture), with: spotter)
    }

    @Test func refusesToStartWithAPhoneTheModelDoesNotHave() throws {
        let phoneSet = try AcousticModelPhoneSet(acousticModel: AcousticModelFiles().acousticModel)
        #expect(throws: HotwordDetectionError.unknownPhone(phone: "Q", word: "zorblat", dictionary: nil, phoneSet: phoneSet)) {
            try spotter(["zorblat"], ["zorblat=Z AO R B L AE Q"])
        }
    }
}
