import SheetKit

/// The config that reproduces the measured sheet, as a JSON tree (never text to parse again). Firm readings are
/// written; the rest are left to the defaults, as the printout says.
extension SheetMeasurement {
    public var config: JSONNode {
        var root: [(String, JSONNode)] = [("device", .string(canvas.device.name))]
        var canvasKeys: [(String, JSONNode)] = []
        if canvas.landscape { canvasKeys += [("width", .number(canvas.width)), ("height", .number(canvas.height))] }
        if canvas.scale != canvas.device.scale { canvasKeys.append(("scale", .number(Double(canvas.scale)))) }
        if !canvasKeys.isEmpty { root.append(("canvas", .object(canvasKeys))) }
        root.append(("appearance", .string(appearance.value)))
        if let image = dimming.image {
            root.append(("background", .object([("image", .string(image))])))
        } else if let scene = dimming.scene {
            root.append(("background", .object([("scene", .string(scene))])))
        } else {
            root.append(("background", .object([("color", .string(dimming.meanColor.hex))])))
        }
        let h = (visibleHeight.value * 100).rounded() / 100
        var sheet: [(String, JSONNode)] = [
            ("style", .string(style.value)),
            ("detents", .array([.object([("id", .string(Self.detentID)), ("height", .number(h))])])),
            ("initialDetent", .string(Self.detentID)),
        ]
        if outline.topCorner.isFirm {
            sheet.append(("cornerRadius", .number((outline.topCorner.value.radius * 10).rounded() / 10)))
            if outline.topCorner.value.isToldApart { sheet.append(("cornerStyle", .string(outline.topCorner.value.curve.rawValue))) }
        }
        if let g = grabber, g.width.isFirm {
            func r(_ x: Double) -> JSONNode { .number((x * 10).rounded() / 10) }
            sheet.append(("grabber", .object([("visible", .bool(true)), ("width", r(g.width.value)), ("height", r(g.height.value)),
                                              ("top", r(g.top.value)), ("color", .string(g.color.hex))])))
        } else if grabber == nil {
            sheet.append(("grabber", .object([("visible", .bool(false))])))
        }
        if isSolidFill { sheet.append(("fill", .string(outline.surface.hex))) } else if let m = material { sheet.append(("material", m.value)) }
        if let s = shadow, !s.darkening.isFirm { sheet.append(("shadow", .null)) }
        if dimming.opacity.isFirm {
            let alpha = (dimming.opacity.value * 1000).rounded() / 1000
            sheet.append(("dimming", alpha < 0.005
                          ? .object([("largestUndimmedDetent", .string(Self.detentID))])
                          : .object([("color", .string("#000000")), ("opacity", .number(alpha)), ("largestUndimmedDetent", .null)])))
        }
        // The screenshot's content is not read: the sheet is written empty, so the default's sample content does not
        // stand in for it.
        sheet.append(("content", .array([])))
        root.append(("sheet", .object(sheet)))
        return .object(root)
    }
}
