import Testing
import TextFormatting

@Suite struct TextFormattingTests {
    @Test(arguments: [
        (String(printf: "%.1f", 0.25), "0.2"),
        (String(printf: "%5.2f|", 3.14159), " 3.14|"),
        (String(printf: "%02d:%02d:%02d", 1, 2, 3), "01:02:03"),
        (String(printf: "%+.2f MB", -1.5), "-1.50 MB"),
        (String(printf: "%6.1f %%", 12.34), "  12.3 %"),
        (String(printf: "\\u%04x", UInt32(0x1f)), "\\u001f"),
        (String(printf: "%.6e", 1234.5), "1.234500e+03"),
        (String(printf: "%g", 0.0001), "0.0001"),
    ])
    func laysOutNumbersAsCsPrintfDoes(_ formatted: String, _ expected: String) {
        #expect(formatted == expected)
    }

    @Test func laysOutTextLongerThanAnyFixedBuffer() {
        let formatted = String(printf: "%0300d", 7)
        #expect(formatted.count == 300)
        #expect(formatted.hasSuffix("07"))
    }

    @Test func doesNotDependOnTheLocale() {
        // A decimal comma would break the JSON and the tables; C's printf uses the "C" locale
        // unless a program calls setlocale, which susi-listen never does.
        #expect(String(printf: "%.3f", 1.5) == "1.500")
    }

    @Test(arguments: [
        (" \t computer \r\n", "computer"),
        ("think engine", "think engine"),
        ("  \n ", ""),
        ("", ""),
        ("a b \t", "a b"),
    ])
    func trimsWhiteSpaceAtBothEndsOnly(_ text: String, _ expected: String) {
        #expect(text.trimmingWhitespace() == expected)
        #expect(text[...].trimmingWhitespace() == expected)
    }

    @Test(arguments: [
        ("plain words, äöü 日本 ✓\tand a tab", "plain words, äöü 日本 ✓\tand a tab"),
        ("\u{1B}[2J\u{1B}]0;title\u{07} hi", "\\u{1B}[2J\\u{1B}]0;title\\u{07} hi"),
        ("overwrite\rthis", "overwrite\\u{0D}this"),
        ("first\nsusi-listen: hotword", "first\n  susi-listen: hotword"),
        ("nul\u{00} del\u{7F} csi\u{9B}", "nul\\u{00} del\\u{7F} csi\\u{9B}"),
        ("file\u{202E}vaw.exe", "file\\u{202E}vaw.exe"),
    ])
    func escapesControlCharactersAndIndentsLinesWithin(_ text: String, _ expected: String) {
        #expect(text.escapingControlCharacters == expected)
    }
}
