@testable import FlickBench
import Testing

/// Bodies timed in turns take turns at starting a round: the one that starts runs after the others' blocks,
/// with the caches as they left them, and that must not always be the same body.
@Suite struct StopwatchTests {
    @Test func everyBodyStartsSomeRoundsAndRunsAWholeBlockInEach() {
        var calls: [Int] = []
        let bodies = (0..<4).map { i in { calls.append(i) } }
        let timing = Stopwatch.interleaved(bodies, block: 3, minRounds: 40, minSeconds: 0)
        let rounds = timing.rounds[0].count
        #expect(timing.rounds.allSatisfy { $0.count == rounds && $0.allSatisfy { $0.count == 2 } })
        #expect(calls.count == rounds * 4 * 3)
        let firsts = stride(from: 0, to: calls.count, by: 12).map { calls[$0] }
        for body in 0..<4 {
            #expect(firsts.filter { $0 == body }.count >= rounds / 8, "body \(body) starts \(firsts.filter { $0 == body }.count) of \(rounds) rounds")
        }
        // Each block is one body's runs, back to back.
        let blockStarts = Array(stride(from: 0, to: calls.count, by: 3))
        let whole = blockStarts.allSatisfy { (i: Int) -> Bool in calls[i + 1] == calls[i] && calls[i + 2] == calls[i] }
        #expect(whole)
    }
}
