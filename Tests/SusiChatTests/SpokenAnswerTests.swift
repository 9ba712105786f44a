import Foundation
import JSONText
import Testing
@testable import SusiChat

/// What a device without a screen says for each kind of action SUSI answers with, and in
/// which language.
@Suite struct SpokenAnswerTests {
    static let columns = [TableColumn(key: "city", header: "City"), TableColumn(key: "people", header: "People")]

    /// The phrasebook for `language`, which the test expects to exist.
    static func phrasebook(_ language: String) throws -> Phrasebook {
        try #require(Phrasebook.forLanguage(language), "no phrasebook for \(language)")
    }

    /// A table of `count` cities, for the summary's count alone.
    static func table(rows count: Int) -> ChatAction {
        .table(columns: columns, rows: Array(repeating: [" ", "1000000"], count: count))
    }

    @Test func speaksTheAnswerExpressionAsSUSIWroteIt() throws {
        #expect(ChatAction.answer(expression: "  It is 4 °C in Berlin.\n").spokenText(in: .english) == "It is 4 °C in Berlin.")
        #expect(ChatAction.answer(expression: "Es sind 4 °C.").spokenText(in: try Self.phrasebook("fr")) == "Es sind 4 °C.")
    }

    @Test func summarisesATableByItsRowCountAndTheFirstCellsOfTheFirstThreeRows() {
        let rows = [["Berlin", "3.7 M"], ["Hamburg", "1.9 M"], ["Munich", "1.5 M"], ["Cologne", "1.1 M"]]
        #expect(ChatAction.table(columns: Self.columns, rows: rows).spokenText(in: .english)
                == "I found 4 results. The first are: Berlin. Hamburg. Munich.")
        #expect(ChatAction.table(columns: Self.columns, rows: [["Berlin", "3.7 M"]]).spokenText(in: .english) == "I found one result: Berlin.")
        #expect(ChatAction.table(columns: Self.columns, rows: []).spokenText(in: .english) == "I found no results.")
    }

    @Test func summarisesAFeedByItsItemCountAndFirstTitles() {
        let items = ["Rain in Berlin.", "", "Sun in Rome", "Snow in Oslo?"].map { RSSItem(title: $0, description: "d", link: "https://x") }
        #expect(ChatAction.rss(items: items).spokenText(in: .english) == "I found 4 results. The first are: Rain in Berlin. Sun in Rome. Snow in Oslo?")
        let untitled = [RSSItem(title: " ", description: "d", link: "https://x"), RSSItem(title: "", description: "", link: "")]
        #expect(ChatAction.rss(items: untitled).spokenText(in: .english) == "I found 2 results.")
        #expect(ChatAction.rss(items: [untitled[0], RSSItem(title: "Only", description: "", link: "")]).spokenText(in: .english)
                == "I found 2 results. The first is: Only.")
    }

    @Test(arguments: [
        ("de", "Ich habe 4 Ergebnisse gefunden. Die ersten sind: Berlin. Hamburg. München.",
         "Ich habe ein Ergebnis gefunden: Berlin.", "Ich habe 2 Ergebnisse gefunden. Das erste ist: Berlin.", "Ich habe keine Ergebnisse gefunden."),
        ("fr", "J'ai trouvé 4 résultats. Les premiers sont : Berlin. Hamburg. München.",
         "J'ai trouvé un résultat : Berlin.", "J'ai trouvé 2 résultats. Le premier est : Berlin.", "Je n'ai trouvé aucun résultat."),
        ("es", "Encontré 4 resultados. Los primeros son: Berlin. Hamburg. München.",
         "Encontré un resultado: Berlin.", "Encontré 2 resultados. El primero es: Berlin.", "No encontré ningún resultado."),
        ("it", "Ho trovato 4 risultati. I primi sono: Berlin. Hamburg. München.",
         "Ho trovato un risultato: Berlin.", "Ho trovato 2 risultati. Il primo è: Berlin.", "Non ho trovato nessun risultato."),
        ("pt", "Encontrei 4 resultados. Os primeiros são: Berlin. Hamburg. München.",
         "Encontrei um resultado: Berlin.", "Encontrei 2 resultados. O primeiro é: Berlin.", "Não encontrei nenhum resultado."),
        ("nl", "Ik heb 4 resultaten gevonden. De eerste zijn: Berlin. Hamburg. München.",
         "Ik heb één resultaat gevonden: Berlin.", "Ik heb 2 resultaten gevonden. Het eerste is: Berlin.", "Ik heb geen resultaten gevonden."),
        ("ru", "Я нашёл 4 результата. Первые: Berlin. Hamburg. München.",
         "Я нашёл один результат: Berlin.", "Я нашёл 2 результата. Первый: Berlin.", "Я ничего не нашёл."),
    ])
    func summarisesTablesInTheQuerysLanguage(language: String, several: String, one: String, oneTitleOfTwo: String, none: String) throws {
        let book = try Self.phrasebook(language)
        let cities = [["Berlin"], ["Hamburg"], ["München"], ["Köln"]]
        #expect(ChatAction.table(columns: Self.columns, rows: cities).spokenText(in: book) == several)
        #expect(ChatAction.table(columns: Self.columns, rows: [["Berlin"]]).spokenText(in: book) == one)
        #expect(ChatAction.table(columns: Self.columns, rows: [["Berlin"], [""]]).spokenText(in: book) == oneTitleOfTwo)
        #expect(ChatAction.table(columns: Self.columns, rows: []).spokenText(in: book) == none)
    }

    @Test(arguments: [
        (1, "Я нашёл один результат."), (2, "Я нашёл 2 результата."), (4, "Я нашёл 4 результата."),
        (5, "Я нашёл 5 результатов."), (11, "Я нашёл 11 результатов."), (12, "Я нашёл 12 результатов."),
        (14, "Я нашёл 14 результатов."), (20, "Я нашёл 20 результатов."), (21, "Я нашёл 21 результат."),
        (22, "Я нашёл 22 результата."), (25, "Я нашёл 25 результатов."), (101, "Я нашёл 101 результат."),
        (111, "Я нашёл 111 результатов."), (112, "Я нашёл 112 результатов."), (1_003, "Я нашёл 1003 результата."),
    ])
    func countsRussianResultsInTheFormTheNumberTakes(count: Int, sentence: String) throws {
        #expect(Self.table(rows: count).spokenText(in: try Self.phrasebook("ru")) == sentence)
    }

    @Test(arguments: [
        ("en", 1, "I found one result."), ("en", 2, "I found 2 results."),
        ("de", 1, "Ich habe ein Ergebnis gefunden."), ("de", 21, "Ich habe 21 Ergebnisse gefunden."),
        ("fr", 1, "J'ai trouvé un résultat."), ("fr", 2, "J'ai trouvé 2 résultats."),
        ("es", 1, "Encontré un resultado."), ("it", 1, "Ho trovato un risultato."),
        ("pt", 1, "Encontrei um resultado."), ("nl", 1, "Ik heb één resultaat gevonden."), ("nl", 3, "Ik heb 3 resultaten gevonden."),
    ])
    func countsResultsInTheSingularForOneAndThePluralOtherwise(language: String, count: Int, sentence: String) throws {
        #expect(Self.table(rows: count).spokenText(in: try Self.phrasebook(language)) == sentence)
    }

    @Test func saysAWebSearchCannotBeShown() throws {
        #expect(ChatAction.websearch(query: "swift actors").spokenText(in: .english)
                == "I would search the web for swift actors, but this device cannot show search results.")
        #expect(ChatAction.websearch(query: "Swift Actors").spokenText(in: try Self.phrasebook("de"))
                == "Ich würde im Internet nach Swift Actors suchen, aber dieses Gerät kann keine Suchergebnisse anzeigen.")
        #expect(ChatAction.websearch(query: "акторы").spokenText(in: try Self.phrasebook("ru"))
                == "Я бы поискал в интернете «акторы», но это устройство не может показывать результаты поиска.")
    }

    @Test(arguments: [
        (ChatAction.map(latitude: 52.5, longitude: 13.4, zoom: 13), "I cannot show a map on this device."),
        (.anchor(link: "https://susi.ai", text: "SUSI"), "I found a link, SUSI, but I cannot open links on this device."),
        (.anchor(link: "https://susi.ai", text: ""), "I found a link, but I cannot open links on this device."),
        (.audioPlay(identifier: "x", identifierType: "youtube"), "I cannot play audio on this device."),
        (.videoPlay(identifier: "x", identifierType: nil), "I cannot play videos on this device."),
        (.timerSet(hour: 0, minute: 10, second: 0), "I cannot set timers on this device."),
        (.mediaControl(.pause), "I cannot control playback on this device."),
        (.unknown(type: "audio_volume", fields: [:]), "I cannot do audio volume on this device."),
    ])
    func saysWhatTheDeviceCannotDo(action: ChatAction, sentence: String) {
        #expect(action.spokenText(in: .english) == sentence)
    }

    /// An action without a type, or an answer the server sent without its expression, has
    /// nothing to say: not "I cannot do answer on this device".
    @Test func saysNothingForAnActionWithoutATypeOrAnAnswerWithoutItsText() throws {
        for text in [#"{"type":"answer"}"#, #"{"type":" "}"#, #"{"expression":"hi"}"#, #"[]"#] {
            let node = try #require(JSONValue.parse(Data(text.utf8)))
            #expect(ChatAction(susiAction: node, data: []).spokenText(in: .english) == "", "\(text)")
        }
    }

    @Test func anAnchorWithoutTextIsNotReadOutAsItsAddress() throws {
        let node = try #require(JSONValue.parse(Data(#"{"type":"anchor","link":"https://susi.ai/a?b=1"}"#.utf8)))
        let action = ChatAction(susiAction: node, data: [])
        #expect(action.spokenText(in: .english) == "I found a link, but I cannot open links on this device.")
        #expect(action.readableText == "https://susi.ai/a?b=1")
    }

    @Test(arguments: [
        ("de", ChatAction.map(latitude: 52.5, longitude: 13.4, zoom: 13), "Ich kann auf diesem Gerät keine Karte zeigen."),
        ("de", .anchor(link: "https://susi.ai", text: "SUSI"), "Ich habe einen Link gefunden, SUSI, aber ich kann auf diesem Gerät keine Links öffnen."),
        ("de", .audioPlay(identifier: "x", identifierType: "youtube"), "Ich kann auf diesem Gerät kein Audio abspielen."),
        ("de", .videoPlay(identifier: "x", identifierType: nil), "Ich kann auf diesem Gerät keine Videos abspielen."),
        ("de", .timerSet(hour: 0, minute: 10, second: 0), "Ich kann auf diesem Gerät keine Timer stellen."),
        ("de", .mediaControl(.next), "Ich kann auf diesem Gerät die Wiedergabe nicht steuern."),
        ("de", .unknown(type: "audio_volume", fields: [:]), "Ich kann die Aktion audio volume auf diesem Gerät nicht ausführen."),
        ("fr", .map(latitude: 48.9, longitude: 2.3, zoom: nil), "Je ne peux pas afficher de carte sur cet appareil."),
        ("fr", .anchor(link: "https://susi.ai", text: " "), "J'ai trouvé un lien, mais je ne peux pas ouvrir de liens sur cet appareil."),
        ("fr", .timerSet(hour: 0, minute: 5, second: 0), "Je ne peux pas régler de minuteur sur cet appareil."),
        ("es", .videoPlay(identifier: "x", identifierType: "youtube"), "No puedo reproducir videos en este dispositivo."),
        ("es", .mediaControl(.pause), "No puedo controlar la reproducción en este dispositivo."),
        ("it", .audioPlay(identifier: "x", identifierType: nil), "Non posso riprodurre audio su questo dispositivo."),
        ("it", .unknown(type: "alarm_set", fields: [:]), "Non posso eseguire l'azione alarm set su questo dispositivo."),
        ("pt", .timerSet(hour: 1, minute: 0, second: 0), "Não posso definir temporizadores neste dispositivo."),
        ("pt", .anchor(link: "https://susi.ai", text: "SUSI"), "Encontrei um link, SUSI, mas não posso abrir links neste dispositivo."),
        ("nl", .map(latitude: 52.4, longitude: 4.9, zoom: 10), "Ik kan op dit apparaat geen kaart tonen."),
        ("nl", .videoPlay(identifier: "x", identifierType: nil), "Ik kan op dit apparaat geen video's afspelen."),
        ("ru", .anchor(link: "https://susi.ai", text: "SUSI"), "Я нашёл ссылку «SUSI», но не могу открывать ссылки на этом устройстве."),
        ("ru", .audioPlay(identifier: "x", identifierType: "youtube"), "Я не могу воспроизводить аудио на этом устройстве."),
        ("ru", .mediaControl(.stop), "Я не могу управлять воспроизведением на этом устройстве."),
    ])
    func saysWhatTheDeviceCannotDoInTheQuerysLanguage(language: String, action: ChatAction, sentence: String) throws {
        #expect(action.spokenText(in: try Self.phrasebook(language)) == sentence)
    }

    @Test(arguments: ["de", "de-DE", "de_DE", "DE", "de-at"])
    func findsThePhrasebookByThePrimarySubtagInAnyCase(language: String) throws {
        #expect(try Self.phrasebook(language).language == "de")
    }

    @Test func hasAPhrasebookForEachOfTheLanguagesSUSIIsUsedInMost() throws {
        for language in ["en", "de", "fr", "es", "it", "pt", "nl", "ru"] {
            #expect(try Self.phrasebook(language).language == language)
        }
        #expect(Phrasebook.forLanguage("ja") == nil && Phrasebook.forLanguage("xx") == nil && Phrasebook.forLanguage("") == nil)
    }

    @Test func speaksTheWholeAnswerInTheQuerysLanguageWhenItHasAPhrasebook() {
        let answer = ChatAnswer(query: "zeig mir Berlin", actions: [
            .answer(expression: "Hier ist Berlin."), .map(latitude: 52.5, longitude: 13.4, zoom: 13),
        ], language: "de-DE")
        #expect(answer.spokenPassages == [SpokenPassage(text: "Hier ist Berlin. Ich kann auf diesem Gerät keine Karte zeigen.", language: "de-DE")])
    }

    @Test(arguments: ["ja", "xx"])
    func speaksTheDevicesOwnSentencesInEnglishForALanguageWithoutAPhrasebook(language: String) {
        let answer = ChatAnswer(query: "q", actions: [
            .answer(expression: "ベルリンです。"), .map(latitude: 52.5, longitude: 13.4, zoom: 13),
            .timerSet(hour: 0, minute: 1, second: 0), .answer(expression: "どうぞ。"),
        ], language: language)
        #expect(answer.spokenPassages == [
            SpokenPassage(text: "ベルリンです。", language: language),
            SpokenPassage(text: "I cannot show a map on this device. I cannot set timers on this device.", language: "en"),
            SpokenPassage(text: "どうぞ。", language: language),
        ])
    }

    @Test func speaksEveryActionInOrderAndEachCannotSentenceOnce() {
        let answer = ChatAnswer(query: "play two songs", actions: [
            .answer(expression: "Playing them."),
            .audioPlay(identifier: "a", identifierType: "youtube"),
            .audioPlay(identifier: "b", identifierType: "youtube"),
            .answer(expression: "Enjoy!"),
        ])
        #expect(answer.spokenPassages == [SpokenPassage(text: "Playing them. I cannot play audio on this device. Enjoy!", language: "en")])
    }

    /// A device without a screen says it has no answer rather than leave the person waiting.
    @Test func anAnswerWithoutActionsOrWithAnEmptyExpressionSaysItHasNone() {
        #expect(ChatAnswer(query: "q", actions: []).spokenPassages == [SpokenPassage(text: "I have no answer to that.", language: "en")])
        #expect(ChatAnswer(query: "q", actions: [.answer(expression: " ")], language: "ja").spokenPassages
                == [SpokenPassage(text: "I have no answer to that.", language: "en")])
        #expect(ChatAnswer(query: "q", actions: [], language: "de-DE").spokenPassages
                == [SpokenPassage(text: "Darauf habe ich keine Antwort.", language: "de-DE")])
    }

    // What SUSI writes for a screen, spoken: neither markup nor addresses read out sign by sign.

    @Test(arguments: [
        ("Berlin is the <b>capital</b> of Germany.", "Berlin is the capital of Germany."),
        ("Line one<br>Line two<br/>Line three.", "Line one. Line two. Line three."),
        ("<p>First.</p><p>Second</p>", "First. Second"),
        ("Results:<br><ul><li>Berlin</li><li>Hamburg</li></ul>", "Results: Berlin. Hamburg"),
        ("Tom &amp; Jerry &lt;3 &quot;cats&quot; &#39;n&#x27; mice&nbsp;&hellip; &eacute;t&eacute;", "Tom & Jerry <3 \"cats\" 'n' mice … été"),
        ("&lt;b&gt;bold&lt;/b&gt; stays as written, &unknown; too", "<b>bold</b> stays as written, &unknown; too"),
        ("3 < 5 and 6 > 4", "3 < 5 and 6 > 4"),
        ("See [Wikipedia](https://en.wikipedia.org/wiki/Berlin) :smile: for more :+1:", "See Wikipedia for more"),
        ("It is 10:30:15 now.", "It is 10:30:15 now."),
        ("Read more at https://en.wikipedia.org/wiki/Berlin?action=view&x=1.", "Read more at a link."),
        ("Go to www.susi.ai, or <a href=\"https://susi.ai\">https://susi.ai</a>!", "Go to a link, or a link!"),
        ("<a href=\"https://susi.ai\">SUSI's page</a> (https://susi.ai)", "SUSI's page (a link)"),
        ("[](https://susi.ai) ![a map](https://x/map.png)", "a link a map"),
    ])
    func speaksTextWithoutMarkupLinksOrEmojiCodes(written: String, spoken: String) {
        #expect(ChatAction.answer(expression: written).spokenText(in: .english) == spoken)
    }

    @Test func saysAWebAddressInTheAnswersLanguageAndLeavesItOutWithoutAPhrasebook() throws {
        let expression = "Mehr unter https://de.wikipedia.org/wiki/Berlin."
        #expect(ChatAction.answer(expression: expression).spokenText(in: try Self.phrasebook("de")) == "Mehr unter ein Link.")
        for (language, link) in [("fr", "un lien"), ("es", "un enlace"), ("it", "un link"), ("pt", "um link"), ("nl", "een link"), ("ru", "ссылка")] {
            #expect(ChatAction.answer(expression: "→ https://susi.ai").spokenText(in: try Self.phrasebook(language)) == "→ " + link)
        }
        // Japanese's voice would spell an English "a link" letter by letter.
        let answer = ChatAnswer(query: "q", actions: [.answer(expression: "詳しくは https://ja.wikipedia.org/ へ。")], language: "ja")
        #expect(answer.spokenPassages == [SpokenPassage(text: "詳しくは へ。", language: "ja")])
    }

    @Test func anAnchorWhoseTextIsItsAddressIsSaidToHaveNoText() {
        let link = "https://en.wikipedia.org/wiki/Berlin"
        #expect(ChatAction.anchor(link: link, text: link).spokenText(in: .english) == "I found a link, but I cannot open links on this device.")
        #expect(ChatAction.anchor(link: "susi.ai", text: "susi.ai").spokenText(in: .english) == "I found a link, but I cannot open links on this device.")
        #expect(ChatAction.anchor(link: link, text: "<b>Berlin</b> &amp; more").spokenText(in: .english)
                == "I found a link, Berlin & more, but I cannot open links on this device.")
    }

    @Test func readsFeedTitlesAndWebSearchesWithoutMarkup() {
        let items = (1...4).map { RSSItem(title: "Headline \($0) &amp; more <b>bold</b>", description: "d", link: "https://news.example/\($0)") }
        #expect(ChatAction.rss(items: items).spokenText(in: .english)
                == "I found 4 results. The first are: Headline 1 & more bold. Headline 2 & more bold. Headline 3 & more bold.")
        #expect(ChatAction.websearch(query: "<i>swift</i> &amp; actors").spokenText(in: .english)
                == "I would search the web for swift & actors, but this device cannot show search results.")
    }

    @Test func readsATablesTitleColumnOrItsFirstColumnOfWordsNotItsFirstColumn() {
        let numbersFirst = [TableColumn(key: "population", header: "Population"), TableColumn(key: "city", header: "City")]
        #expect(ChatAction.table(columns: numbersFirst, rows: [["3645000", "Berlin"], ["1,841,000", "Hamburg"]]).spokenText(in: .english)
                == "I found 2 results. The first are: Berlin. Hamburg.")
        let linksFirst = [TableColumn(key: "link", header: "Link"), TableColumn(key: "summary", header: "Summary"), TableColumn(key: "t", header: "Title")]
        #expect(ChatAction.table(columns: linksFirst, rows: [["https://a.example", "Long text", "A"], ["https://b.example", "More", "B"]])
                    .spokenText(in: .english) == "I found 2 results. The first are: A. B.")
        let named = [TableColumn(key: "id", header: "Id"), TableColumn(key: "NAME", header: "Who")]
        #expect(ChatAction.table(columns: named, rows: [["x1", "Ada"]]).spokenText(in: .english) == "I found one result: Ada.")
        let numbersAlone = [TableColumn(key: "year", header: "Year"), TableColumn(key: "share", header: "Share")]
        #expect(ChatAction.table(columns: numbersAlone, rows: [["2024", "12 %"], ["2025", "-3.5%"]]).spokenText(in: .english) == "I found 2 results.")
    }
}
