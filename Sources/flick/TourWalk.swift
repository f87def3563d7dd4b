/// A touch script that visits every page of the tour: what a visitor does in the first minute.
enum TourWalk {
    static func script(width: Int, height: Int) -> String {
        var events: [String] = []
        var t = 0.0
        let w = Double(width), h = Double(height)
        func drag(from: (Double, Double), to: (Double, Double)) {
            events.append(#"{"t": \#(t), "type": "down", "id": 0, "x": \#(from.0), "y": \#(from.1)}"#)
            for i in 1...8 {
                let f = Double(i) / 8
                events.append(#"{"t": \#(t + 16 * Double(i)), "type": "move", "id": 0, "x": \#(from.0 + (to.0 - from.0) * f), "y": \#(from.1 + (to.1 - from.1) * f)}"#)
            }
            events.append(#"{"t": \#(t + 140), "type": "up", "id": 0}"#)
            t += 1500
        }
        func tap(_ x: Double, _ y: Double) {
            events.append(#"{"t": \#(t), "type": "down", "id": 0, "x": \#(x), "y": \#(y)}"#)
            events.append(#"{"t": \#(t + 60), "type": "up", "id": 0}"#)
            t += 1000
        }
        // home → info: open the second row's detail, flick to the next item, back by the edge swipe.
        drag(from: (w * 0.8, h * 0.5), to: (w * 0.3, h * 0.5))
        tap(w * 0.3, h * 0.3)
        drag(from: (w * 0.8, h * 0.5), to: (w * 0.3, h * 0.5))
        drag(from: (w * 0.005, h * 0.5), to: (w * 0.6, h * 0.5))
        // → more: Next twice.
        drag(from: (w * 0.8, h * 0.5), to: (w * 0.3, h * 0.5))
        tap(w * 0.89, h * 0.88)
        tap(w * 0.89, h * 0.88)
        // → world (its list scrolled), → home, down to the photos, flick the top photo away, then up to the to-do
        // page (from above the card).
        drag(from: (w * 0.8, h * 0.5), to: (w * 0.3, h * 0.5))
        drag(from: (w * 0.5, h * 0.8), to: (w * 0.5, h * 0.3))
        drag(from: (w * 0.8, h * 0.5), to: (w * 0.3, h * 0.5))
        drag(from: (w * 0.5, h * 0.8), to: (w * 0.5, h * 0.3))
        drag(from: (w * 0.5, h * 0.5), to: (w * 0.95, h * 0.5))
        drag(from: (w * 0.5, h * 0.02), to: (w * 0.5, h * 0.5))
        return "[" + events.joined(separator: ",\n") + "]"
    }
}
