@testable import FlickKiosk
import Foundation
import Testing

/// A config with sources `temperature` and `parts` and one panel page of `widgets` (JSON).
private func panel(_ widgets: String, columns: String = "") -> String {
    """
    {"mqtt": {"broker": "mqtt://localhost"},
     "sources": {"temperature": {"mqtt": "line1/temp"}, "parts": {"file": "parts"}},
     "pages": [{"id": "line", "content": {"type": "panel", \(columns) "widgets": \(widgets)}},
               {"id": "start", "content": {"type": "text", "title": "", "body": ""}}]}
    """
}

/// The lines `flick check` would print for `json`; empty when it is valid.
private func problems(_ json: String, directory: String = "/nonexistent") -> [String] {
    ConfigFixtures.problems(json, directory: directory)
}

private let at = "kiosk.json: pages[0].content"

extension ConfigTests {
    /// A panel's widgets in the config: read into their layout, and every mistake named with its JSON path.
    @Suite struct PanelConfigTests {
        @Test func readsWidgetsIntoRowsColumnsAndGrids() throws {
            let json = panel("""
                [{"label": "Line 1", "style": "title", "size": 48},
                 {"row": [{"value": "temperature", "unit": "°C", "decimals": 1, "limits": {"high": 80}, "weight": 2},
                          {"column": [{"button": "Ack", "action": {"publish": "line1/ack"}}, {"clock": "date"}]}]},
                 {"grid": [{"toggle": "Fan", "action": "back"}, {"slider": "Speed", "min": 0, "max": 1, "step": 0.25, "span": 2}], "columns": 3}]
                """)
            let config = try KioskConfig.parse(Array(json.utf8), file: "kiosk.json", directory: "/tmp")
            let kind = try #require(config.page("line")?.content.kind as? KioskConfig.Panel)
            #expect(kind.title == nil)
            guard case .grid(1, let items) = kind.layout else { Issue.record("not a one-column grid: \(kind.layout)"); return }
            #expect(items.map(\.size) == [48, nil, nil])
            guard case .row(let row) = items[1].node, case .widget(.value("temperature", let readout)) = row[0].node else {
                Issue.record("not a row starting with a value: \(items[1].node)"); return
            }
            #expect(readout == PanelReadout(title: nil, decimals: 1, unit: "°C", low: nil, high: 80))
            #expect(row[0].weight == 2)
            guard case .column(let column) = row[1].node else { Issue.record("not a column: \(row[1].node)"); return }
            #expect(column.map(\.node) == [.widget(.button("Ack", action: .publish(topic: "line1/ack", payload: "{value}", retain: false))),
                                           .widget(.clock(.date, source: nil, PanelTextStyle()))])
            guard case .grid(3, let cells) = items[2].node, case .widget(.slider(_, let steps, nil, nil)) = cells[1].node else {
                Issue.record("not a grid of 3 with a slider: \(items[2].node)"); return
            }
            #expect(cells[1].span == 2)
            #expect(steps.decimals == 2)
            #expect(steps.snapped(0.6) == 0.5)
        }

        @Test func anUnknownWidgetListsTheKinds() {
            #expect(problems(panel(#"[{"label": "A"}, {"dial": "temperature"}]"#)) == [
                "\(at).widgets[1]: expected a widget: an object whose first key is one of label, value, button, toggle, slider, gauge, progress, image, clock, row, column, grid; \"dial\" is not one of them",
            ])
        }

        @Test func aWidgetThatIsNotAnObjectIsNamed() {
            #expect(problems(panel(#"["Oven", {}]"#)) == [
                "\(at).widgets[0]: expected a widget: an object whose first key is one of label, value, button, toggle, slider, gauge, progress, image, clock, row, column, grid, got \"Oven\"",
                "\(at).widgets[1]: expected a widget: an object whose first key is one of label, value, button, toggle, slider, gauge, progress, image, clock, row, column, grid; got an empty object",
            ])
        }

        @Test func anUnknownSourceListsTheSources() {
            #expect(problems(panel(#"[{"row": [{"label": "T"}, {"value": "temprature"}]}]"#)) == [
                "\(at).widgets[0].row[1].value: unknown source \"temprature\" (sources: temperature, parts)",
            ])
        }

        @Test func eachMistakeIsNamedWithItsPath() {
            let json = panel("""
                [{"value": "parts", "limits": {"low": 10, "high": 5}, "decimals": 1.5},
                 {"button": "Ack"},
                 {"slider": "Speed", "min": 0, "max": 10, "step": 20, "colour": "#ff0000"},
                 {"grid": [{"clock": "now", "span": 3}], "columns": 2},
                 {"toggle": "Fan", "value": "parts"},
                 {"image": 3, "weight": 2, "size": 40},
                 {"gauge": "temperature", "min": 5, "max": 5, "span": 1}]
                """)
            #expect(problems(json) == [
                "\(at).widgets[0].decimals: expected a whole number from 0 to 6, got 1.5",
                "\(at).widgets[0].limits.high: the high limit 5 is below the low one 10",
                "\(at).widgets[1].action: missing; expected an action",
                "\(at).widgets[2].colour: unknown field (expected one of: slider, min, max, step, source, action, weight, size, span)",
                "\(at).widgets[2].step: a step of 20 is more than the slider's range: make it smaller or the range wider",
                "\(at).widgets[3].grid[0].span: the grid has 2 columns: a widget spans at most 2",
                "\(at).widgets[3].grid[0].clock: expected one of \"time\", \"date\", \"dateTime\", got \"now\"",
                "\(at).widgets[4]: one widget per object: \"toggle\" and \"value\" are each a widget",
                "\(at).widgets[5].size: give a size or a weight, not both",
                "\(at).widgets[5].image: expected the path of a picture, or {\"source\": name} for the path a source holds, got 3",
                "\(at).widgets[6].max: expected a number above min (5), got 5",
            ])
        }

        @Test func columnsAndEmptyContainersAreChecked() {
            #expect(problems(panel(#"[{"row": []}]"#, columns: #""columns": 2.5,"#)) == [
                "\(at).columns: expected a whole number of columns, got 2.5",
                "\(at).widgets[0].row: expected at least one of widgets, got an empty array",
            ])
            #expect(problems(panel("[]")) == ["\(at).widgets: expected at least one of widgets, got an empty array"])
        }

        @Test func aPictureWidgetNamesItsFileForTheCheck() throws {
            let dir = try ConfigFixtures.directory(["logo.png": "not checked until decoded"])
            let json = panel(#"[{"row": [{"label": "A"}, {"image": "logo.png"}]}, {"image": {"source": "parts"}}]"#)
            let config = try KioskConfig.parse(Array(json.utf8), file: "kiosk.json", directory: dir)
            let kind = try #require(config.page("line")?.content.kind as? KioskConfig.Panel)
            #expect(kind.imageFiles.map(\.field) == ["widgets[0].row[1].image"])
            #expect(kind.imageFiles.map(\.file) == [dir + "/logo.png"])
            #expect(problems(panel(#"[{"image": "gone.png"}]"#), directory: dir) == ["\(at).widgets[0].image: no file at \(dir)/gone.png"])
        }
    }
}
