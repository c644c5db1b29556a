/// A style object in the JavaScript targets' code: its properties in order, each value a JavaScript expression.
/// gorhom writes it as an entry of `StyleSheet.create`, vaul as a `CSSProperties` constant; the parts of the sheet's
/// look both targets write alike (corners, grabber, text field, colours) are made here once.
struct JSStyle {
    var properties: [(name: String, value: String)]

    init(_ properties: [(name: String, value: String)] = []) { self.properties = properties }

    /// `name: value,` one a line, `indent` spaces in.
    func lines(indent: Int) -> [String] {
        let pad = String(repeating: " ", count: indent)
        return properties.map { "\(pad)\($0.name): \($0.value)," }
    }

    /// gorhom: `  name: {` … `  },`, inside `StyleSheet.create`.
    func entry(_ name: String) -> [String] { ["  \(name): {"] + lines(indent: 4) + ["  },"] }

    /// vaul: `const name: CSSProperties = {` … `};` and a blank line.
    func constant(_ name: String) -> [String] { ["const \(name): CSSProperties = {"] + lines(indent: 2) + ["};", ""] }

    /// This style with `name: value` inserted at `index`.
    func inserting(_ name: String, _ value: String, at index: Int) -> JSStyle {
        var out = self
        out.properties.insert((name, value), at: index)
        return out
    }

    static func + (a: JSStyle, b: JSStyle) -> JSStyle { JSStyle(a.properties + b.properties) }

    /// A colour as a JavaScript string of its CSS spelling.
    static func color(_ c: SRGBColor) -> String { ExportEscaping.jsString(ExportColor.css(c)) }

    /// The sheet's colour: its fill, or its material's tint (React Native and CSS draw no material of their own).
    static func background(_ model: ExportModel) -> String {
        switch model.background {
        case .fill(let c): return color(c)
        case .material(let m): return color(m.tint)
        }
    }

    /// The top corners' radius.
    static func topCorners(_ model: ExportModel) -> JSStyle {
        JSStyle([("borderTopLeftRadius", Fmt.n(model.cornerRadius)), ("borderTopRightRadius", Fmt.n(model.cornerRadius))])
    }

    /// A floating sheet's bottom corners, concentric with the display's; none for a sheet on the bottom edge.
    static func bottomCorners(_ model: ExportModel) -> JSStyle {
        guard model.floats else { return JSStyle() }
        let bottom = Fmt.n(max(0, model.canvas.displayCornerRadius - model.floatingInset))
        return JSStyle([("borderBottomLeftRadius", bottom), ("borderBottomRightRadius", bottom)])
    }

    /// The grabber's pill: its size, round ends and colour.
    static func grabber(_ model: ExportModel) -> JSStyle {
        let g = model.sheet.grabber
        return JSStyle([("width", Fmt.n(g.width)), ("height", Fmt.n(g.height)), ("borderRadius", Fmt.n(g.height / 2)),
                        ("backgroundColor", color(model.grabberColor))])
    }

    /// The text field: UIKit's rounded search field, 36 pt tall, its fill, ink and 17 pt text.
    static func field(_ model: ExportModel) -> JSStyle {
        JSStyle([("height", "36"), ("borderRadius", "10"), ("backgroundColor", color(model.fieldFill)),
                 ("color", color(model.titleColor)), ("fontSize", "17")])
    }
}
