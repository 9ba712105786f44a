/// The sentences a device without a screen says in its own words, in one language: how many
/// results an answer has, and what it cannot do. SUSI's own expressions are not in it.
///
/// There is one for each language SUSI's users use most (``Phrasebook/all``); a query in any
/// other language gets ``english``.
package struct Phrasebook: Sendable {
    /// The language's ISO 639-1 code, lowercase: "en", "de", ...
    package let language: String
    /// What comes between a lead-in and what it introduces: ":" (French sets it apart, " :").
    let colon: String
    /// "I found 3 results", for a count of at least one, without closing punctuation.
    let foundResults: @Sendable (Int) -> String
    /// "I found no results."
    let foundNoResults: String
    /// "The first is", before the one title read of several results.
    let firstIs: String
    /// "The first are", before the titles read of several results.
    let firstAre: String
    /// "I would search the web for swift actors, but ...", from the query.
    let webSearch: @Sendable (String) -> String
    /// "I cannot show a map on this device."
    let map: String
    /// "I found a link, SUSI, but ...", from the link's text.
    let namedLink: @Sendable (String) -> String
    /// "I found a link, but ...", for a link without text.
    let link: String
    /// "a link", said for a web address in a sentence or a title, instead of the address.
    let webAddress: String
    /// "I cannot play audio on this device."
    let audio: String
    /// "I cannot play videos on this device."
    let video: String
    /// "I cannot set timers on this device."
    let timer: String
    /// Pause, resume, stop, next, ...
    let mediaControl: String
    /// "I cannot do audio volume on this device.", from SUSI's action type in words.
    let unknownAction: @Sendable (String) -> String
    /// "I have no answer to that.", for an answer with nothing else to say.
    let noAnswer: String

    /// The phrasebook for `language`, a code such as "de", "de-DE", "de_DE" or "DE" (matched on
    /// its primary subtag, in any case); nil for a language that has none.
    package static func forLanguage(_ language: String) -> Phrasebook? {
        let primary = language.prefix { $0 != "-" && $0 != "_" }.lowercased()
        return all.first { $0.language == primary }
    }

    /// Every language the device has its own sentences in.
    package static let all: [Phrasebook] = [english, german, french, spanish, italian, portuguese, dutch, russian]

    /// The sentences for a query in a language without a phrasebook of its own.
    package static let english = Phrasebook(
        language: "en", colon: ":",
        foundResults: { $0 == 1 ? "I found one result" : "I found \($0) results" },
        foundNoResults: "I found no results.",
        firstIs: "The first is", firstAre: "The first are",
        webSearch: { "I would search the web for \($0), but this device cannot show search results." },
        map: "I cannot show a map on this device.",
        namedLink: { "I found a link, \($0), but I cannot open links on this device." },
        link: "I found a link, but I cannot open links on this device.",
        webAddress: "a link",
        audio: "I cannot play audio on this device.",
        video: "I cannot play videos on this device.",
        timer: "I cannot set timers on this device.",
        mediaControl: "I cannot control playback on this device.",
        unknownAction: { "I cannot do \($0) on this device." },
        noAnswer: "I have no answer to that.")

    static let german = Phrasebook(
        language: "de", colon: ":",
        foundResults: { $0 == 1 ? "Ich habe ein Ergebnis gefunden" : "Ich habe \($0) Ergebnisse gefunden" },
        foundNoResults: "Ich habe keine Ergebnisse gefunden.",
        firstIs: "Das erste ist", firstAre: "Die ersten sind",
        webSearch: { "Ich würde im Internet nach \($0) suchen, aber dieses Gerät kann keine Suchergebnisse anzeigen." },
        map: "Ich kann auf diesem Gerät keine Karte zeigen.",
        namedLink: { "Ich habe einen Link gefunden, \($0), aber ich kann auf diesem Gerät keine Links öffnen." },
        link: "Ich habe einen Link gefunden, aber ich kann auf diesem Gerät keine Links öffnen.",
        webAddress: "ein Link",
        audio: "Ich kann auf diesem Gerät kein Audio abspielen.",
        video: "Ich kann auf diesem Gerät keine Videos abspielen.",
        timer: "Ich kann auf diesem Gerät keine Timer stellen.",
        mediaControl: "Ich kann auf diesem Gerät die Wiedergabe nicht steuern.",
        unknownAction: { "Ich kann die Aktion \($0) auf diesem Gerät nicht ausführen." },
        noAnswer: "Darauf habe ich keine Antwort.")

    static let french = Phrasebook(
        language: "fr", colon: " :",
        foundResults: { $0 == 1 ? "J'ai trouvé un résultat" : "J'ai trouvé \($0) résultats" },
        foundNoResults: "Je n'ai trouvé aucun résultat.",
        firstIs: "Le premier est", firstAre: "Les premiers sont",
        webSearch: { "Je chercherais \($0) sur le web, mais cet appareil ne peut pas afficher de résultats de recherche." },
        map: "Je ne peux pas afficher de carte sur cet appareil.",
        namedLink: { "J'ai trouvé un lien, \($0), mais je ne peux pas ouvrir de liens sur cet appareil." },
        link: "J'ai trouvé un lien, mais je ne peux pas ouvrir de liens sur cet appareil.",
        webAddress: "un lien",
        audio: "Je ne peux pas lire de contenu audio sur cet appareil.",
        video: "Je ne peux pas lire de vidéos sur cet appareil.",
        timer: "Je ne peux pas régler de minuteur sur cet appareil.",
        mediaControl: "Je ne peux pas contrôler la lecture sur cet appareil.",
        unknownAction: { "Je ne peux pas exécuter l'action \($0) sur cet appareil." },
        noAnswer: "Je n'ai pas de réponse à cela.")

    static let spanish = Phrasebook(
        language: "es", colon: ":",
        foundResults: { $0 == 1 ? "Encontré un resultado" : "Encontré \($0) resultados" },
        foundNoResults: "No encontré ningún resultado.",
        firstIs: "El primero es", firstAre: "Los primeros son",
        webSearch: { "Buscaría \($0) en la web, pero este dispositivo no puede mostrar resultados de búsqueda." },
        map: "No puedo mostrar un mapa en este dispositivo.",
        namedLink: { "Encontré un enlace, \($0), pero no puedo abrir enlaces en este dispositivo." },
        link: "Encontré un enlace, pero no puedo abrir enlaces en este dispositivo.",
        webAddress: "un enlace",
        audio: "No puedo reproducir audio en este dispositivo.",
        video: "No puedo reproducir videos en este dispositivo.",
        timer: "No puedo poner temporizadores en este dispositivo.",
        mediaControl: "No puedo controlar la reproducción en este dispositivo.",
        unknownAction: { "No puedo realizar la acción \($0) en este dispositivo." },
        noAnswer: "No tengo una respuesta para eso.")

    static let italian = Phrasebook(
        language: "it", colon: ":",
        foundResults: { $0 == 1 ? "Ho trovato un risultato" : "Ho trovato \($0) risultati" },
        foundNoResults: "Non ho trovato nessun risultato.",
        firstIs: "Il primo è", firstAre: "I primi sono",
        webSearch: { "Cercherei \($0) sul web, ma questo dispositivo non può mostrare i risultati della ricerca." },
        map: "Non posso mostrare una mappa su questo dispositivo.",
        namedLink: { "Ho trovato un link, \($0), ma non posso aprire link su questo dispositivo." },
        link: "Ho trovato un link, ma non posso aprire link su questo dispositivo.",
        webAddress: "un link",
        audio: "Non posso riprodurre audio su questo dispositivo.",
        video: "Non posso riprodurre video su questo dispositivo.",
        timer: "Non posso impostare timer su questo dispositivo.",
        mediaControl: "Non posso controllare la riproduzione su questo dispositivo.",
        unknownAction: { "Non posso eseguire l'azione \($0) su questo dispositivo." },
        noAnswer: "Non ho una risposta a questo.")

    static let portuguese = Phrasebook(
        language: "pt", colon: ":",
        foundResults: { $0 == 1 ? "Encontrei um resultado" : "Encontrei \($0) resultados" },
        foundNoResults: "Não encontrei nenhum resultado.",
        firstIs: "O primeiro é", firstAre: "Os primeiros são",
        webSearch: { "Eu pesquisaria \($0) na internet, mas este dispositivo não pode mostrar resultados de pesquisa." },
        map: "Não posso mostrar um mapa neste dispositivo.",
        namedLink: { "Encontrei um link, \($0), mas não posso abrir links neste dispositivo." },
        link: "Encontrei um link, mas não posso abrir links neste dispositivo.",
        webAddress: "um link",
        audio: "Não posso reproduzir áudio neste dispositivo.",
        video: "Não posso reproduzir vídeos neste dispositivo.",
        timer: "Não posso definir temporizadores neste dispositivo.",
        mediaControl: "Não posso controlar a reprodução neste dispositivo.",
        unknownAction: { "Não posso executar a ação \($0) neste dispositivo." },
        noAnswer: "Não tenho uma resposta para isso.")

    static let dutch = Phrasebook(
        language: "nl", colon: ":",
        foundResults: { $0 == 1 ? "Ik heb één resultaat gevonden" : "Ik heb \($0) resultaten gevonden" },
        foundNoResults: "Ik heb geen resultaten gevonden.",
        firstIs: "Het eerste is", firstAre: "De eerste zijn",
        webSearch: { "Ik zou op internet naar \($0) zoeken, maar dit apparaat kan geen zoekresultaten tonen." },
        map: "Ik kan op dit apparaat geen kaart tonen.",
        namedLink: { "Ik heb een link gevonden, \($0), maar ik kan op dit apparaat geen links openen." },
        link: "Ik heb een link gevonden, maar ik kan op dit apparaat geen links openen.",
        webAddress: "een link",
        audio: "Ik kan op dit apparaat geen audio afspelen.",
        video: "Ik kan op dit apparaat geen video's afspelen.",
        timer: "Ik kan op dit apparaat geen timers instellen.",
        mediaControl: "Ik kan op dit apparaat het afspelen niet bedienen.",
        unknownAction: { "Ik kan de actie \($0) op dit apparaat niet uitvoeren." },
        noAnswer: "Daar heb ik geen antwoord op.")

    static let russian = Phrasebook(
        language: "ru", colon: ":",
        foundResults: { $0 == 1 ? "Я нашёл один результат" : "Я нашёл \($0) \(russianResults($0))" },
        foundNoResults: "Я ничего не нашёл.",
        firstIs: "Первый", firstAre: "Первые",
        webSearch: { "Я бы поискал в интернете «\($0)», но это устройство не может показывать результаты поиска." },
        map: "Я не могу показать карту на этом устройстве.",
        namedLink: { "Я нашёл ссылку «\($0)», но не могу открывать ссылки на этом устройстве." },
        link: "Я нашёл ссылку, но не могу открывать ссылки на этом устройстве.",
        webAddress: "ссылка",
        audio: "Я не могу воспроизводить аудио на этом устройстве.",
        video: "Я не могу воспроизводить видео на этом устройстве.",
        timer: "Я не могу ставить таймеры на этом устройстве.",
        mediaControl: "Я не могу управлять воспроизведением на этом устройстве.",
        unknownAction: { "Я не могу выполнить действие «\($0)» на этом устройстве." },
        noAnswer: "У меня нет ответа на это.")

    /// "результат" in the form a Russian count takes: 1, 21, 101 результат; 2–4, 22–24
    /// результата; 5–20, 25–30, 111–114 результатов (the teens always take the genitive plural).
    static func russianResults(_ count: Int) -> String {
        let lastTwo = count % 100, last = count % 10
        if (11...14).contains(lastTwo) { return "результатов" }
        switch last {
        case 1: return "результат"
        case 2...4: return "результата"
        default: return "результатов"
        }
    }
}
