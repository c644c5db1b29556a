import Foundation

/// Writes simulation records as JSON Lines, exactly as the README's simulate section lays them out (one frame per line, then events).
public enum JSONLines {
    /// A number rounded to 3 decimals, always with a decimal point: 16.667, 449.0.
    /// Never NaN or inf, which are not JSON: a value that is not finite is null (validation keeps them out; this is
    /// the last line of defence), and one too large to round to 3 decimals is printed in exponent form, 1e+306.
    public static func number(_ x: Double) -> String {
        guard x.isFinite else { return "null" }
        if abs(x) >= 1e15 { return "\(x)" }
        var r = (x * 1000).rounded() / 1000
        if r == 0 { r = 0 }  // no "-0.0"
        var s = String(format: "%.3f", r)
        while s.hasSuffix("0") && !s.hasSuffix(".0") { s.removeLast() }
        return s
    }

    /// A fraction such as the dimming, to 6 decimals, so that 0 means exactly 0: 0.0, 0.3, 0.000012; a value too
    /// small for 6 decimals is printed in full (1e-09) rather than as 0.
    public static func fraction(_ x: Double) -> String {
        guard x.isFinite else { return "null" }
        if x == 0 { return "0.0" }
        if abs(x) >= 1e15 { return "\(x)" }
        let r = (x * 1_000_000).rounded() / 1_000_000
        if r == 0 { return "\(x)" }
        var s = String(format: "%.6f", r)
        while s.hasSuffix("0") && !s.hasSuffix(".0") { s.removeLast() }
        return s
    }

    public static func string(_ s: String) -> String {
        var out = "\""
        for scalar in s.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\r": out += "\\r"
            case "\t": out += "\\t"
            // Control characters, and whatever else the terminal rule calls unsafe (C1, bidi, U+2028/2029): as \uXXXX.
            case let c where TerminalText.isUnsafe(c): out += String(format: "\\u%04x", c.value)
            default: out.unicodeScalars.append(scalar)
            }
        }
        return out + "\""
    }

    public static func line(_ record: SimulationRecord) -> String {
        switch record {
        case .frame(let f):
            return "{\"type\": \"frame\", \"t\": \(number(f.time)), \"top\": \(number(f.top)), \"height\": \(number(f.height)), "
                + "\"phase\": \"\(f.phase.rawValue)\", \"detent\": \(f.detent.map(string) ?? "null"), \"dim\": \(fraction(f.dim)), "
                + "\"alpha\": \(number(f.alpha)), \"scroll\": \(number(f.scroll)), \"keyboard\": \(number(f.keyboard))"
                + (f.stack.isEmpty ? "" : ", \"stack\": [" + f.stack.map(stackLine).joined(separator: ", ") + "]") + "}"
        case .event(let e):
            return line(e)
        }
    }

    /// One stacked sheet of a frame's `stack`.
    static func stackLine(_ s: StackFrame) -> String {
        "{\"sheet\": \(string(s.sheet)), \"top\": \(number(s.top)), \"height\": \(number(s.height)), "
            + "\"detent\": \(s.detent.map(string) ?? "null"), \"phase\": \"\(s.phase.rawValue)\"}"
    }

    /// An event, with `"sheet": <id>` last when it happened to a stacked sheet.
    public static func line(_ e: TimedEvent) -> String {
        let body = eventLine(e)
        guard let sheet = e.sheet else { return body }
        return String(body.dropLast()) + ", \"sheet\": \(string(sheet))}"
    }

    static func eventLine(_ e: TimedEvent) -> String {
        let t = number(e.time)
        switch e.event {
        case .detent(let id): return "{\"type\": \"detent\", \"t\": \(t), \"detent\": \(string(id))}"
        case .dismissed: return "{\"type\": \"dismissed\", \"t\": \(t)}"
        case .presented: return "{\"type\": \"presented\", \"t\": \(t)}"
        case .backgroundTap(let p): return "{\"type\": \"backgroundTap\", \"t\": \(t), \"x\": \(number(p.x)), \"y\": \(number(p.y))}"
        case .backgroundPan(let dx, let dy): return "{\"type\": \"backgroundPan\", \"t\": \(t), \"dx\": \(number(dx)), \"dy\": \(number(dy))}"
        case .dimmingTap(let p): return "{\"type\": \"dimmingTap\", \"t\": \(t), \"x\": \(number(p.x)), \"y\": \(number(p.y))}"
        case .dismissAttempt: return "{\"type\": \"dismissAttempt\", \"t\": \(t)}"
        case .action(let a): return "{\"type\": \"action\", \"t\": \(t), \"action\": \(string(a))}"
        case .keyboard(let h): return "{\"type\": \"keyboard\", \"t\": \(t), \"height\": \(number(h))}"
        case .focus(let field): return "{\"type\": \"focus\", \"t\": \(t), \"field\": \(field)}"
        case .blur(let field): return "{\"type\": \"blur\", \"t\": \(t), \"field\": \(field)}"
        case .text(let field, let text): return "{\"type\": \"text\", \"t\": \(t), \"field\": \(field), \"text\": \(string(text))}"
        case .minimized: return "{\"type\": \"minimized\", \"t\": \(t)}"
        case .restored(let id): return "{\"type\": \"restored\", \"t\": \(t), \"detent\": \(id.map(string) ?? "null")}"
        case .stack(let kept, let dropped):
            return "{\"type\": \"stack\", \"t\": \(t), \"kept\": [\(kept.map(string).joined(separator: ", "))], "
                + "\"dropped\": [\(dropped.map(string).joined(separator: ", "))]}"
        case .release(let r):
            let target = r.target.detentID.map(string) ?? "\"dismiss\""
            return "{\"type\": \"release\", \"t\": \(t), \"top\": \(number(r.top)), \"velocity\": \(number(r.velocity)), "
                + "\"projectedTop\": \(number(r.projectedTop)), \"target\": \(target)}"
        }
    }
}
