import HotwordDetection
import JSONText
import Pipeline

/// Why a two-stage detector missed the keywords it missed, and which rule heard its false alarms,
/// read from the candidates it decided on (the verdicts `detect --candidates` reports).
package struct DetectionCauses: Sendable, Equatable {
    /// Missed keywords with no candidate in their scoring window: the spotter never proposed them.
    package var neverProposed: Int
    /// Missed keywords whose only candidates in their window were heard: the hit was scored for
    /// a neighbouring keyword whose window it fell in too.
    package var heardForANeighbour: Int
    /// Missed keywords with candidates turned down in their window, by the reason the nearest of
    /// them (fewest phone edits, then highest score) was turned down. A candidate heard a second time speaks
    /// through its second verdict: `heard_its_start` counts only where that never came (a hit or
    /// the stream's end came first).
    package var turnedDown: [CandidateVerdict.Reason: Int]
    /// False alarms on the negatives, by the rule that heard them; nil when there were no negatives.
    package var falseAlarms: [CandidateVerdict.Reason: Int]?

    /// - Parameters:
    ///   - missedLabels: the keywords missed in the positive stream (stream seconds).
    ///   - positiveCandidates: every candidate decided on in the positive stream.
    ///   - negativeCandidates: every candidate decided on in the negative stream; nil without negatives.
    ///   - tolerance: how long after a label's end a candidate still belongs to it, as in scoring.
    package init(missedLabels: [ClosedRange<Double>], positiveCandidates: [CandidateEvent], negativeCandidates: [CandidateEvent]?,
                tolerance: Double = DetectionScore.defaultTolerance) {
        var neverProposed = 0, heardForANeighbour = 0
        var turnedDown: [CandidateVerdict.Reason: Int] = [:]
        let finalVerdicts = Self.finalVerdicts(of: positiveCandidates)
        for label in missedLabels {
            let window = label.lowerBound...(label.upperBound + tolerance)
            let inWindow = finalVerdicts.filter { window.contains($0.candidate.time) }
            let nearest = inWindow.filter { !$0.isHeard }.min {
                ($0.phoneEdits ?? .max, -$0.candidate.score) < ($1.phoneEdits ?? .max, -$1.candidate.score)
            }
            if let nearest {
                turnedDown[nearest.reason, default: 0] += 1
            } else if inWindow.isEmpty {
                neverProposed += 1
            } else {
                heardForANeighbour += 1
            }
        }
        self.neverProposed = neverProposed
        self.heardForANeighbour = heardForANeighbour
        self.turnedDown = turnedDown
        falseAlarms = negativeCandidates.map { candidates in
            candidates.filter(\.isHeard).reduce(into: [:]) { counts, candidate in counts[candidate.reason, default: 0] += 1 }
        }
    }

    /// `candidates` without the first verdicts that a second hearing of the same candidate (the
    /// same keyphrase, start and score, reported later) replaced.
    private static func finalVerdicts(of candidates: [CandidateEvent]) -> [CandidateEvent] {
        candidates.filter { first in
            first.reason != .heardItsStart || !candidates.contains { second in
                second.candidate.keyword == first.candidate.keyword && second.candidate.start == first.candidate.start
                    && second.candidate.score == first.candidate.score && second.candidate.time > first.candidate.time
            }
        }
    }

    /// One line for a person: `missed 18: never proposed 6, too_far 12; false alarms 1: near_words 1`
    /// (a keyword whose candidate's hit was scored for a neighbour: `hit scored for a neighbour 1`)
    /// (without negatives, nothing on false alarms).
    package var summary: String {
        let missed = neverProposed + heardForANeighbour + turnedDown.values.reduce(0, +)
        let causes = (neverProposed > 0 ? ["never proposed \(neverProposed)"] : [])
            + (heardForANeighbour > 0 ? ["hit scored for a neighbour \(heardForANeighbour)"] : []) + Self.counts(turnedDown)
        let falseAlarmText = falseAlarms.map { counts in
            "; false alarms \(counts.values.reduce(0, +))" + (counts.isEmpty ? "" : ": " + Self.counts(counts).joined(separator: ", "))
        } ?? ""
        return "missed \(missed)" + (causes.isEmpty ? "" : ": " + causes.joined(separator: ", ")) + falseAlarmText
    }

    /// The causes as a JSON object: `never_proposed`, `heard_for_a_neighbour`, and `turned_down` and `false_alarms` by
    /// reason (`false_alarms` null without negatives).
    package var json: JSONValue {
        .object([
            ("never_proposed", .integer(neverProposed)),
            ("heard_for_a_neighbour", .integer(heardForANeighbour)),
            ("turned_down", .object(Self.ordered(turnedDown).map { ($0.reason.rawValue, .integer($0.count)) })),
            ("false_alarms", falseAlarms.map { counts in .object(Self.ordered(counts).map { ($0.reason.rawValue, .integer($0.count)) }) } ?? .null),
        ])
    }

    /// The counts in the order the reasons are declared.
    private static func ordered(_ counts: [CandidateVerdict.Reason: Int]) -> [(reason: CandidateVerdict.Reason, count: Int)] {
        CandidateVerdict.Reason.allCases.compactMap { reason in counts[reason].map { (reason, $0) } }
    }

    private static func counts(_ counts: [CandidateVerdict.Reason: Int]) -> [String] {
        ordered(counts).map { "\($0.reason.rawValue) \($0.count)" }
    }
}
