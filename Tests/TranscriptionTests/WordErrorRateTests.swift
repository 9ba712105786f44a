import Testing
import Transcription

/// Word error rate as `shared/devdata` defines it: lower-cased, punctuation removed, words.
@Suite struct WordErrorRateTests {
    @Test func identicalTextsHaveNoErrors() {
        let result = WordErrorRate.between(reference: "what is the weather in berlin", hypothesis: "what is the weather in berlin")
        #expect(result.errors == 0)
        #expect(result.words == 6)
    }

    @Test func ignoresCaseAndPunctuationOnBothSides() {
        let result = WordErrorRate.between(reference: "Printing, then, for our purpose!", hypothesis: "printing then for OUR purpose.")
        #expect(result.errors == 0)
        #expect(result.words == 5)
    }

    @Test func keepsApostrophesInsideWords() {
        #expect(WordErrorRate.between(reference: "What's the time?", hypothesis: "whats the time").errors == 1)
        #expect(WordErrorRate.between(reference: "'what's' the time", hypothesis: "what's the time").errors == 0)
    }

    @Test func countsASubstitutionAsOneError() {
        #expect(WordErrorRate.between(reference: "set a timer for five minutes", hypothesis: "set a diner for five minutes") == (1, 6))
    }

    @Test func countsDeletionsAndInsertions() {
        #expect(WordErrorRate.between(reference: "tell me a joke", hypothesis: "tell joke") == (2, 4))
        #expect(WordErrorRate.between(reference: "play music", hypothesis: "please play some music now") == (3, 2))
    }

    @Test func takesTheCheapestAlignment() {
        // "how do you" -> "can you": one substitution and one deletion, not three substitutions.
        #expect(WordErrorRate.between(reference: "how do you say thank you in german", hypothesis: "can you say thank you in german") == (2, 8))
    }

    @Test func emptyHypothesisMissesEveryWord() {
        #expect(WordErrorRate.between(reference: "zero", hypothesis: "") == (1, 1))
    }

    @Test func emptyReferenceCountsEveryHeardWord() {
        #expect(WordErrorRate.between(reference: "", hypothesis: "uh huh") == (2, 0))
        #expect(WordErrorRate.between(reference: " ... ", hypothesis: "") == (0, 0))
    }
}
