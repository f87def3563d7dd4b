import FlickJSON
import Testing

@Test func theOneJSONWriterPutsRowsOfObjectsOnLinesAndEscapesWhatMustBe() throws {
    let value = JSONValue.object([
        ("version", .number(1)), ("items", .array([
            .object([("text", .string("Milk \"2%\"\n\u{1}")), ("done", .bool(false))]),
            .object([("text", .string("Брот")), ("n", .number(2.5)), ("x", .null)]),
        ])),
        ("empty", .array([])), ("numbers", .array([.number(1), .number(-0.125)])),
    ])
    #expect(value.text() == #"{"version": 1, "items": [{"text": "Milk \"2%\"\n\u0001", "done": false}, {"text": "Брот", "n": 2.5, "x": null}], "empty": [], "numbers": [1, -0.125]}"#)
    #expect(value.text(rows: true) == """
        {"version": 1, "items": [
          {"text": "Milk \\"2%\\"\\n\\u0001", "done": false},
          {"text": "Брот", "n": 2.5, "x": null}
        ], "empty": [], "numbers": [1, -0.125]}
        """)
    // What it writes reads back as it was.
    let again = try JSONParser.parse(Array(value.text(rows: true).utf8))
    #expect(again.text() == value.text())
}
