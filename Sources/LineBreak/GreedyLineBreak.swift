/// The one word-wrapping rule in SheetLab, shared by the layout's estimate (SheetKit) and the real text
/// (Raster's `TextEngine`), so that the two agree on where lines break.
public enum LineBreak {
    /// The lines `text` breaks into, greedily, within `maxWidth` as measured by `width`:
    /// - each `\n` starts a new line, and an empty paragraph is an empty line;
    /// - words are separated by spaces; runs of spaces collapse to one, and leading or trailing spaces vanish;
    /// - a line takes the next word while the line with it measures at most `maxWidth`;
    /// - a word wider than a line is broken between characters, each piece as long as fits (at least one character).
    /// `width` measures whole candidate lines (so kerning counts); its unit is the caller's (pixels, points).
    public static func greedy<Width: Comparable>(_ text: String, maxWidth: Width, width: (String) -> Width) -> [String] {
        var out: [String] = []
        for paragraph in text.split(separator: "\n", omittingEmptySubsequences: false) {
            var current = ""
            for word in paragraph.split(separator: " ") {
                let candidate = current.isEmpty ? String(word) : current + " " + word
                if width(candidate) <= maxWidth {
                    current = candidate
                    continue
                }
                if !current.isEmpty { out.append(current); current = "" }
                var piece = ""
                for ch in word {
                    if !piece.isEmpty && width(piece + String(ch)) > maxWidth {
                        out.append(piece)
                        piece = ""
                    }
                    piece.append(ch)
                }
                current = piece
            }
            out.append(current)
        }
        return out
    }
}
