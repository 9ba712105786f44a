import Glibc

/// A two-sided 95 % confidence interval: the range of true values that the counts measured are
/// consistent with.
///
/// Benchmarks here count few events: 80 keywords per keyword, and a background stream in which
/// one false alarm is 3.4 an hour. A miss rate of 15 % or "no false alarm" says little without
/// the range it stands for, and two settings whose intervals overlap widely are not told apart.
package struct ConfidenceInterval: Sendable, Equatable {
    /// The interval's ends, in the unit of the value measured.
    package var lower: Double
    package var upper: Double

    /// The interval from `lower` to `upper`.
    package init(lower: Double, upper: Double) {
        self.lower = lower
        self.upper = upper
    }

    /// The normal quantile of 97.5 %, for a two-sided 95 % interval.
    static let z = 1.959963984540054

    /// The Wilson score interval of a proportion: `count` of `trials` (for example misses of
    /// labelled keywords). Unlike the normal approximation it stays inside 0...1 and is not
    /// empty at 0 or `trials`. Nil with no trials.
    package static func proportion(_ count: Int, of trials: Int) -> ConfidenceInterval? {
        guard trials > 0, (0...trials).contains(count) else { return nil }
        let n = Double(trials)
        let p = Double(count) / n
        let z2 = z * z
        let centre = (p + z2 / (2 * n)) / (1 + z2 / n)
        let halfWidth = z * (p * (1 - p) / n + z2 / (4 * n * n)).squareRoot() / (1 + z2 / n)
        return ConfidenceInterval(lower: max(0, centre - halfWidth), upper: min(1, centre + halfWidth))
    }

    /// The exact (Garwood) interval of a Poisson rate: `events` in `exposure` (for example false
    /// alarms in hours of background). With no event the upper end is 3.69 / `exposure`. Nil
    /// without exposure.
    package static func rate(_ events: Int, per exposure: Double) -> ConfidenceInterval? {
        guard exposure > 0, events >= 0 else { return nil }
        // The means at which seeing `events` or more, or `events` or fewer, has probability 2.5 %.
        let lower = events == 0 ? 0 : mean { 1 - poissonCumulative(events - 1, mean: $0) }
        let upper = mean { poissonCumulative(events, mean: $0) }
        return ConfidenceInterval(lower: lower / exposure, upper: upper / exposure)
    }

    /// The Poisson mean at which `tail` (monotonic in the mean) equals 2.5 %, by bisection.
    private static func mean(where tail: (Double) -> Double) -> Double {
        var low = 0.0
        var high = 10.0
        // `low` only ever moves to a mean on its own side of 2.5 %, so that side is known once.
        let lowSide = tail(low) - 0.025
        while (tail(high) - 0.025) * lowSide > 0 { high *= 2 }
        for _ in 0..<100 {
            let middle = (low + high) / 2
            if (tail(middle) - 0.025) * lowSide > 0 { low = middle } else { high = middle }
        }
        return (low + high) / 2
    }

    /// P(X ≤ `count`) for X Poisson with `mean`, summed in logarithms so that large counts do
    /// not overflow.
    static func poissonCumulative(_ count: Int, mean: Double) -> Double {
        guard count >= 0 else { return 0 }
        guard mean > 0 else { return 1 }
        let logMean = log(mean)
        var logTerm = -mean
        var sum = exp(logTerm)
        for k in stride(from: 1, through: count, by: 1) {
            logTerm += logMean - log(Double(k))
            sum += exp(logTerm)
        }
        return min(1, sum)
    }
}
