/// The renderer's output version, recorded in every goldens folder's `fingerprint.json`.
///
/// Bump it in the same commit as a change that alters pixels on purpose (a new corner shape, a blur
/// fix, a different text baseline), and re-record the goldens with `sheetlab test … --update=all`.
/// A run whose goldens carry another version then says so in one line before any pixel talk,
/// instead of leaving a reviewer to guess why every golden fails.
public enum RendererVersion {
    public static let current = 5
}
