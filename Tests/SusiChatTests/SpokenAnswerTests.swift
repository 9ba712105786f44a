import Testing
import SusiChat

/// What a device without a screen says for each kind of action SUSI answers with.
@Suite struct SpokenAnswerTests {
    @Test func speaksTheAnswerExpressionAsSUSIWroteIt() {
        #expect(ChatAction.answer(expression: "  It is 4 °C in Berlin.\n").spokenText == "It is 4 °C in Berlin.")
    }

    @Test func summarisesATableByItsRowCountAndTheFirstCellsOfTheFirstThreeRows() {
        let columns = [TableColumn(key: "city", header: "City"), TableColumn(key: "people", header: "People")]
        let rows = [["Berlin", "3.7 M"], ["Hamburg", "1.9 M"], ["Munich", "1.5 M"], ["Cologne", "1.1 M"]]
        #expect(ChatAction.table(columns: columns, rows: rows).spokenText
                == "I found 4 results. The first are: Berlin. Hamburg. Munich.")
        #expect(ChatAction.table(columns: columns, rows: [["Berlin", "3.7 M"]]).spokenText == "I found one result: Berlin.")
        #expect(ChatAction.table(columns: columns, rows: []).spokenText == "I found no results.")
    }

    @Test func summarisesAFeedByItsItemCountAndFirstTitles() {
        let items = ["Rain in Berlin.", "", "Sun in Rome"].map { RSSItem(title: $0, description: "d", link: "https://x") }
        #expect(ChatAction.rss(items: items).spokenText == "I found 3 results. The first are: Rain in Berlin. Sun in Rome.")
        let untitled = [RSSItem(title: " ", description: "d", link: "https://x"), RSSItem(title: "", description: "", link: "")]
        #expect(ChatAction.rss(items: untitled).spokenText == "I found 2 results.")
        #expect(ChatAction.rss(items: [untitled[0], RSSItem(title: "Only", description: "", link: "")]).spokenText
                == "I found 2 results. The first is: Only.")
    }

    @Test func saysAWebSearchCannotBeShown() {
        #expect(ChatAction.websearch(query: "swift actors").spokenText
                == "I would search the web for swift actors, but this device cannot show search results.")
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
        #expect(action.spokenText == sentence)
    }

    @Test func speaksEveryActionInOrderAndEachCannotSentenceOnce() {
        let answer = ChatAnswer(query: "play two songs", actions: [
            .answer(expression: "Playing them."),
            .audioPlay(identifier: "a", identifierType: "youtube"),
            .audioPlay(identifier: "b", identifierType: "youtube"),
            .answer(expression: "Enjoy!"),
        ])
        #expect(answer.spokenText == "Playing them. I cannot play audio on this device. Enjoy!")
    }

    @Test func anAnswerWithoutActionsOrWithAnEmptyExpressionSaysNothing() {
        #expect(ChatAnswer(query: "q", actions: []).spokenText == "")
        #expect(ChatAnswer(query: "q", actions: [.answer(expression: " ")]).spokenText == "")
    }
}
