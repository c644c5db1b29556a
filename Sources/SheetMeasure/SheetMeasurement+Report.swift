/// The printout: one line per feature, its value, residual and confidence, and whether the config takes it.
extension SheetMeasurement {
    public struct Line: Sendable, Equatable {
        public var feature: String
        public var value: String
        /// "±0.02 pt", or "–" where a decision has no residual.
        public var residual: String
        public var confidence: Double
        /// Whether the config is written with this reading (else it keeps the default, and says so).
        public var written: Bool
    }

    public var lines: [Line] {
        func line<V>(_ feature: String, _ value: String, _ m: Measured<V>, unit: String = "pt", written: Bool? = nil) -> Line {
            Line(feature: feature, value: value, residual: m.residual.isFinite ? "±\(format(m.residual)) \(unit)" : "–",
                 confidence: m.confidence, written: written ?? m.isFirm)
        }
        let c = canvas
        var out: [Line] = [
            Line(feature: "canvas", value: "\(c.device.name) \(format(c.width))×\(format(c.height)) pt at \(c.scale)×\(c.landscape ? ", landscape" : "")"
                 + (c.alternatives.isEmpty ? "" : " (same size: \(c.alternatives.joined(separator: ", ")))"),
                 residual: "–", confidence: c.alternatives.isEmpty ? 1 : 0.9, written: true),
            line("style", "\(style.value): \(styleReason)", style, written: true),
            line("visible height", "\(format(visibleHeight.value)) pt (top at \(format(outline.top.value)) pt): detent \"\(Self.detentID)\"", visibleHeight),
            line("top corners", "\(format(outline.topCorner.value.radius)) pt \(outline.topCorner.value.curve.rawValue)\(outline.topCorner.value.isToldApart ? "" : " (not told apart from the other curve: not written)") (rms \(format(outline.topCorner.value.rms)) pt; "
                 + "\(outline.topCorner.value.curve == .continuous ? "circular" : "continuous") \(format(outline.topCorner.value.otherRadius)) pt, rms \(format(outline.topCorner.value.otherRMS)))",
                 outline.topCorner),
            line("side insets", "left \(format(outline.leftInset.value)) pt, right \(format(outline.rightInset.value)) pt",
                 Measured(0, residual: max(outline.leftInset.residual, outline.rightInset.residual),
                          confidence: min(outline.leftInset.confidence, outline.rightInset.confidence)), written: false),
            line("bottom inset", "\(format(outline.bottomInset.value)) pt", outline.bottomInset, written: false),
        ]
        if let b = outline.bottomCorner {
            out.append(line("bottom corners", "\(format(b.value.radius)) pt \(b.value.curve.rawValue) (rms \(format(b.value.rms)) pt; the style draws the display's radius less the inset)", b, written: false))
        }
        if let g = grabber {
            out.append(line("grabber", "\(format(g.width.value))×\(format(g.height.value)) pt, \(format(g.top.value)) pt below the top", g.width))
            out.append(Line(feature: "grabber colour", value: "\(g.color.hex) as seen over \(g.surface.hex) (a translucent grey reads composited)",
                            residual: "–", confidence: g.width.confidence, written: g.width.isFirm))
        } else {
            out.append(Line(feature: "grabber", value: "none under the top edge", residual: "–", confidence: 0.8, written: true))
        }
        out.append(line("appearance", "\(appearance.value): \(appearanceReason)", appearance))
        out.append(Line(feature: isSolidFill ? "fill" : "material",
                        value: isSolidFill ? "\(outline.surface.hex) (even to \(format(outline.surfaceSpread)) levels)"
                            : material.map { "\($0.line)" }
                                ?? "mean \(outline.surface.hex), uneven by \(format(outline.surfaceSpread)) levels: a blurred material; written as `regular`, its tint not solved",
                        residual: "±\(format(outline.surfaceSpread)) levels", confidence: isSolidFill ? 0.9 : material == nil ? 0.3 : 0.8,
                        written: isSolidFill || material != nil))
        if let image = dimming.image {
            out.append(line("background", "the picture behind, \(image)", dimming.opacity, unit: "α"))
            out.append(line("dimming", "α \(format(dimming.opacity.value)) over black", dimming.opacity, unit: "α"))
        } else if let scene = dimming.scene {
            out.append(line("background", "the \(scene) scene, \(dimming.appearance ?? "")", dimming.opacity, unit: "α"))
            out.append(line("dimming", "α \(format(dimming.opacity.value)) over black", dimming.opacity, unit: "α"))
        } else {
            out.append(Line(feature: "background", value: "no built-in scene fits; written as its mean colour \(dimming.meanColor.hex)", residual: "–", confidence: 0, written: true))
            out.append(Line(feature: "dimming", value: "not measurable without the background (the style's default kept)", residual: "–", confidence: 0, written: false))
        }
        if let s = shadow {
            out.append(line("shadow", s.darkening.isFirm ? "darkens the edge by \(format(s.darkening.value * 100)) %, half by \(format(s.reach)) pt (the style's shadow kept)"
                             : "none found (\(format(s.darkening.value * 100)) % at the edge)", s.darkening, unit: "", written: !s.darkening.isFirm))
        } else {
            out.append(Line(feature: "shadow", value: "not measurable without the background (the style's default kept)", residual: "–", confidence: 0, written: false))
        }
        return out
    }

    /// The lines as a table, for the terminal.
    public var report: String {
        lines.map { l in
            l.feature.padding(toLength: 16, withPad: " ", startingAt: 0) + l.value + "  [" + l.residual + ", confidence "
                + format(l.confidence) + (l.written ? "" : ", not written: default kept") + "]"
        }.joined(separator: "\n")
    }
}
