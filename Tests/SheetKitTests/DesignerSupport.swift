import XCTest
@testable import SheetKit

/// A designer on the built-in default (iPhone 15: 393 × 852; detents peek 120, medium 391.5, large 783).
func makeDesigner(configPath: String? = nil) throws -> Designer {
    let root = try JSONNodeEncoder.encode(SheetLabConfig())
    let workspace = Workspace(editor: ConfigEditor(document: root), document: .builtInDefault, setup: SheetSetup(config: SheetLabConfig()))
    return Designer(workspace: workspace, configPath: configPath)
}

/// Loads and resolves a document as the shell does, with estimated text metrics and no renderer.
func deriveForTests(_ root: JSONNode) throws(DiagnosticsError) -> Workspace.Derived<Void> {
    switch ConfigLoader.load(root: root, file: "test") {
    case .success(let document): return .init(document: document, setup: SheetSetup(config: document.config), output: ())
    case .failure(let error): throw error
    }
}

extension Designer {
    /// Feeds inputs and carries out adoptions as the shell would; returns the other effects.
    @discardableResult
    mutating func run(_ inputs: [DesignerInput], at time: Double = 0) -> [DesignerEffect] {
        var out: [DesignerEffect] = []
        for input in inputs {
            for effect in handle(input, at: time) {
                if case .adopt(let next, let message) = effect { out += adopt(next, message: message, derive: deriveForTests).effects } else { out.append(effect) }
            }
        }
        return out
    }
}
