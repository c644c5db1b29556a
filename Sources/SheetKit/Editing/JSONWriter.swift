import Foundation

/// Writes a JSON tree back out, two-space indented, keys in their original order.
public enum JSONWriter {
    public static func write(_ node: JSONNode) -> String {
        var out = ""
        append(node, indent: 0, to: &out)
        return out + "\n"
    }

    static func append(_ node: JSONNode, indent: Int, to out: inout String) {
        let pad = String(repeating: "  ", count: indent)
        switch node.value {
        case .null: out += "null"
        case .bool(let b): out += b ? "true" : "false"
        case .number(let d): out += number(d)
        case .string(let s): out += JSONLines.string(s)
        case .array(let items):
            if items.isEmpty { out += "[]"; return }
            // Short arrays of scalars stay on one line: [0.42, 0, 0.58, 1].
            if items.count <= 6, items.allSatisfy({ if case .number = $0.value { return true }; return false }) {
                out += "[" + items.map { item -> String in
                    if case .number(let d) = item.value { return number(d) }
                    return "0"
                }.joined(separator: ", ") + "]"
                return
            }
            out += "[\n"
            for (i, item) in items.enumerated() {
                out += pad + "  "
                append(item, indent: indent + 1, to: &out)
                out += i < items.count - 1 ? ",\n" : "\n"
            }
            out += pad + "]"
        case .object(let members):
            if members.isEmpty { out += "{}"; return }
            out += "{\n"
            for (i, m) in members.enumerated() {
                out += pad + "  " + JSONLines.string(m.key) + ": "
                append(m.value, indent: indent + 1, to: &out)
                out += i < members.count - 1 ? ",\n" : "\n"
            }
            out += pad + "}"
        }
    }

    /// Integers without a decimal point; other numbers in their shortest exact form.
    public static func number(_ d: Double) -> String {
        if d == d.rounded(), abs(d) < 1e15 { return String(Int(d)) }
        return "\(d)"
    }
}
