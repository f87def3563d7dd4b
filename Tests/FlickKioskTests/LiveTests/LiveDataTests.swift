import FlickJSON
@testable import FlickKiosk
import Testing

@Suite struct LiveDataTests {
    @Test func valuesGoStaleAfterTheirFreshnessAndComeBack() {
        let live = LiveData(sources: [("temp", 10), ("name", nil)])
        #expect(live.reading("temp") == .waiting)
        live.receive(.number(21), for: "temp", at: 5)
        live.receive(.string("line 1"), for: "name", at: 5)
        #expect(live.reading("temp") == .live(.number(21)))
        #expect(live.nextDeadline == 15)
        let version = live.version(of: "temp")
        live.advance(to: 14.9)
        #expect(live.reading("temp") == .live(.number(21)))
        live.advance(to: 15)
        #expect(live.reading("temp") == .stale(.number(21)))
        #expect(live.version(of: "temp") == version + 1)
        #expect(live.nextDeadline == nil)
        #expect(live.reading("name") == .live(.string("line 1")))
        live.receive(.number(21), for: "temp", at: 20)
        #expect(live.reading("temp") == .live(.number(21)))
    }

    @Test func anEqualValueOnlyRenewsFreshness() {
        let live = LiveData(sources: [("temp", 10)])
        live.receive(.number(21), for: "temp", at: 0)
        let generation = live.generation
        live.receive(.number(21), for: "temp", at: 8)
        #expect(live.generation == generation)
        #expect(live.nextDeadline == 18)
    }

    @Test func failuresShowInsteadOfTheOldValue() {
        let live = LiveData(sources: [("count", nil)])
        live.receive(.number(3), for: "count", at: 0)
        live.fail("count", reason: "/run/count: no such file")
        #expect(live.reading("count") == .failed("/run/count: no such file"))
        live.receive(.number(4), for: "count", at: 1)
        #expect(live.reading("count") == .live(.number(4)))
        #expect(live.reading("nothing") == .failed(#"no source named "nothing""#))
    }

    @Test func payloads() throws {
        func value(_ text: String, _ path: String? = nil) -> Result<JSONValue, LiveValueProblem> {
            LivePayload.value(of: Array(text.utf8), at: path.flatMap(ValuePath.init))
        }
        #expect(try value("21.5").get() == .number(21.5))
        #expect(try value("21.5\n").get() == .number(21.5))
        #expect(try value(" open \n").get() == .string("open"))
        #expect(try value(#"{"a": [1, {"b": "x"}]}"#, "a[1].b").get() == .string("x"))
        #expect(value(#"{"a": 1}"#, "b") == .failure(.noValue(at: ValuePath("b")!)))
        #expect(value("plain", "b") == .failure(.notJSON))
        #expect(value("1e400") == .failure(.notFinite))
        #expect(value("nan") == .failure(.notFinite))
        #expect(LivePayload.value(of: [0xFF, 0xFE, 0x00], at: nil) == .failure(.notText))
        #expect(value(String(repeating: "x", count: 5000)) == .failure(.tooLong))
        let deep = String(repeating: "[", count: 10000) + String(repeating: "]", count: 10000)
        // Nested past the parser's limit it is no JSON: a value that is only text, too long to show.
        #expect(value(deep) == .failure(.tooLong))
        #expect(value(deep, "a") == .failure(.notJSON))
    }
}
