import TextFormatting

// What SUSI writes is meant for a screen: HTML, markdown links, web addresses and emoji codes,
// which espeak-ng reads out sign by sign ("bee capital slash bee", an address spelled letter by
// letter for eight seconds). Everything the device says goes through `speakable` first.

extension String {
    /// The text as a voice should read it: HTML tags left out (a line or paragraph break, a
    /// list item or a table row becomes a sentence break), HTML entities decoded (the common
    /// named ones and numeric ones; an unknown name is left as it is), a markdown link or image
    /// read as its text, a web address (`http://`, `https://`, `www.`) said as `link` ("a link";
    /// left out when `link` is empty), a `:shortcode:` emoji left out, and white space
    /// collapsed.
    package func speakable(sayingForALink link: String) -> String {
        var text = replacing(/<!--.*?-->/.dotMatchesNewlines(), with: "")
        text = text.replacing(Self.breakingTag, with: String(Self.sentenceBreak))
        text = text.replacing(/<\/?[A-Za-z][^<>]*>/, with: "")
        text = text.replacing(/&(#[0-9]{1,7}|#[xX][0-9A-Fa-f]{1,6}|[A-Za-z]{2,8});/) { match in
            Self.text(ofEntity: match.output.1) ?? String(match.output.0)
        }
        text = text.replacing(/!?\[([^\[\]]*)\]\([^()\s]*\)/) { match in
            let label = match.output.1.trimmingWhitespace()
            return label.isEmpty ? link : label
        }
        text = text.replacing(Self.webAddress) { match in
            // Punctuation after an address ends the sentence around it, not the address.
            let trailing = match.output.reversed().prefix { Self.notInAnAddressAtItsEnd.contains($0) }
            return link + String(trailing.reversed())
        }
        // A letter or a leading sign tells a shortcode (`:smile:`, `:+1:`) from a time (`10:30:15`).
        text = text.replacing(/:(?:[+\-][0-9]+|[a-z0-9_+\-]*[a-z][a-z0-9_+\-]*):/, with: "")
        return Self.joiningSentences(text.split(separator: Self.sentenceBreak))
    }

    /// Whether the text, white space aside, is a web address and nothing else.
    package var isWebAddress: Bool {
        (try? Self.webAddress.wholeMatch(in: trimmingWhitespace())) != nil
    }

    /// A web address: a scheme or `www.` and what follows up to white space or markup.
    private static var webAddress: Regex<Substring> { /(?i:https?:\/\/|www\.)[^\s<>"]+/ }
    /// The tags after which a screen starts a new line: a line or paragraph break, a heading,
    /// list item, table row or cell, block, rule.
    private static var breakingTag: Regex<Substring> {
        /<\/?(?i:br|p|div|li|ul|ol|tr|td|th|table|h[1-6]|blockquote|hr|section|article)\b[^<>]*>/
    }
    /// Marks a sentence break between tags and the end, where it becomes punctuation or a space.
    private static let sentenceBreak: Character = "\u{2029}"
    /// What the end of an address matched up to white space is not: the sentence's punctuation.
    private static let notInAnAddressAtItsEnd: Set<Character> = [".", ",", ";", ":", "!", "?", ")", "]", "}", "'", "»", "”"]

    /// Pieces of text between sentence breaks, each with its white space collapsed, joined with
    /// a full stop where the piece before ends without punctuation of its own.
    private static func joiningSentences(_ pieces: [Substring]) -> String {
        var joined = ""
        for piece in pieces {
            let words = piece.split(whereSeparator: \.isWhitespace).joined(separator: " ")
            guard !words.isEmpty else { continue }
            if let last = joined.last {
                joined += ".?!…。？！:;,".contains(last) ? " " : ". "
            }
            joined += words
        }
        return joined
    }

    /// What an entity's name (`amp`, `#39`, `#x27`) stands for; nil for a name it does not
    /// know or a number that is no character.
    private static func text(ofEntity name: Substring) -> String? {
        let number = name.hasPrefix("#x") || name.hasPrefix("#X") ? UInt32(name.dropFirst(2), radix: 16)
            : name.hasPrefix("#") ? UInt32(name.dropFirst()) : nil
        if let number {
            // A control character (a line feed, a NUL that would end the C string) is a space.
            return Unicode.Scalar(number).map { $0.properties.generalCategory == .control ? " " : String(Character($0)) }
        }
        return name.hasPrefix("#") ? nil : namedEntities[String(name)]
    }

    /// The entities written most, for punctuation, symbols and the letters of the languages
    /// with a ``Phrasebook``; `nbsp` is a space, `shy` nothing.
    private static let namedEntities: [String: String] = [
        "amp": "&", "lt": "<", "gt": ">", "quot": "\"", "apos": "'", "nbsp": " ", "shy": "",
        "ndash": "–", "mdash": "—", "hellip": "…", "lsquo": "‘", "rsquo": "’", "sbquo": "‚", "ldquo": "“", "rdquo": "”",
        "bdquo": "„", "laquo": "«", "raquo": "»", "middot": "·", "bull": "•", "deg": "°", "copy": "©", "reg": "®",
        "trade": "™", "euro": "€", "pound": "£", "yen": "¥", "cent": "¢", "times": "×", "divide": "÷", "plusmn": "±",
        "frac12": "½", "frac14": "¼", "frac34": "¾", "sect": "§", "para": "¶", "iexcl": "¡", "iquest": "¿",
        "auml": "ä", "ouml": "ö", "uuml": "ü", "Auml": "Ä", "Ouml": "Ö", "Uuml": "Ü", "szlig": "ß",
        "eacute": "é", "egrave": "è", "ecirc": "ê", "euml": "ë", "Eacute": "É", "agrave": "à", "aacute": "á", "acirc": "â",
        "atilde": "ã", "ccedil": "ç", "iacute": "í", "icirc": "î", "iuml": "ï", "ntilde": "ñ", "oacute": "ó", "ocirc": "ô",
        "otilde": "õ", "uacute": "ú", "ugrave": "ù", "ucirc": "û", "oelig": "œ",
    ]
}
