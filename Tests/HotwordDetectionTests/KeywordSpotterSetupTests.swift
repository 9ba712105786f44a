import Testing
@testable import HotwordDetection

@Suite struct KeywordSpotterSetupTests {
    @Test func namesTheMissingModelFileAndItsDebianPackage() {
        var configuration = Fixtures.spotter([KeywordSetting(keyphrase: "susi")])
        configuration.modelFiles.acousticModel = "/nonexistent/en-us"
        #expect(throws: HotwordDetectionError.modelFileMissing(path: "/nonexistent/en-us/mdef", package: "pocketsphinx-en-us")) {
            try KeywordSpotter(configuration: configuration)
        }
        let message = HotwordDetectionError.modelFileMissing(path: "/nonexistent/en-us/mdef", package: "pocketsphinx-en-us").description
        #expect(message.contains("apt-get install pocketsphinx-en-us"))
    }

    @Test(arguments: [-0.1, 1.5, Double.nan])
    func rejectsASensitivityOutsideZeroToOne(_ sensitivity: Double) {
        #expect(throws: HotwordDetectionError.self) {
            try KeywordSpotter(configuration: Fixtures.spotter([KeywordSetting(keyphrase: "susi", sensitivity: sensitivity)]))
        }
    }

    @Test(arguments: [0, -1, Double.infinity])
    func rejectsAGainThatIsNotAPositiveNumber(_ gain: Double) {
        #expect(throws: HotwordDetectionError.invalidGain(gain)) {
            try KeywordSpotter(configuration: Fixtures.spotter([KeywordSetting(keyphrase: "susi")], gain: gain))
        }
    }

    @Test func rejectsTheSameKeyphraseTwice() {
        #expect(throws: HotwordDetectionError.duplicateKeyphrase("Susi")) {
            try KeywordSpotter(configuration: Fixtures.spotter([KeywordSetting(keyphrase: "susi"), KeywordSetting(keyphrase: "Susi")]))
        }
    }

    @Test func givesHigherSensitivityAMorePermissiveThresholdForEveryLength() {
        for phones in [2, 4, 6, 8, 12] {
            let thresholds = stride(from: 0.0, through: 1.0, by: 0.1).map {
                SensitivityCalibration.log10Threshold(sensitivity: $0, phoneCount: phones)
            }
            #expect(zip(thresholds, thresholds.dropFirst()).allSatisfy { $0 > $1 })
        }
    }
}
