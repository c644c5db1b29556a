/// What the user sets over a config without editing it: `--device`, and the window's own defaults. Applied to
/// the decoded config only, never to the editable document, so a saved file keeps what the user wrote.
///
/// The device rule: `--device` wins over the config's own `device` for as long as it stands: at launch, on every
/// reload from disk and after every edit. It is never written to the file. Picking a device in the window (D)
/// ends it: that is an edit of the config's `device`, which Ctrl+S saves.
public struct ConfigOverrides: Sendable, Equatable {
    /// `--device`: the preset to show, whatever the config names.
    public var device: String?
    /// Whether to draw the display's rounded corners when the config leaves `canvas.displayCorners` unset
    /// (the window draws them; `render` and `test` do not). A config that sets the key keeps its value.
    public var displayCornersByDefault: Bool

    public init(device: String? = nil, displayCornersByDefault: Bool = false) {
        self.device = device
        self.displayCornersByDefault = displayCornersByDefault
    }

    /// Nothing overridden: what `render`, `test`, `clip` and the other commands use.
    public static let none = ConfigOverrides()

    /// `config` as the user sees it.
    public func applied(to config: SheetLabConfig) -> SheetLabConfig {
        var config = config
        if let device { config.device = device }
        if config.canvas.displayCorners == nil && displayCornersByDefault { config.canvas.displayCorners = true }
        return config
    }

    /// `document` with its config as the user sees it; its tree and warnings are the file's own.
    public func applied(to document: ConfigDocument) -> ConfigDocument {
        var document = document
        document.config = applied(to: document.config)
        return document
    }
}
