/// The D and O keys as edits: the next device preset, and the canvas turned to landscape or back.
public enum DeviceEdits {
    /// The preset after `current` (wrapping), as an edit of `device`.
    public static func nextDevice(after current: String) -> (edit: ConfigEditor.Edit, name: String) {
        let names = DevicePreset.all.map(\.name)
        let index = names.firstIndex(of: current) ?? 0
        let next = names[(index + 1) % names.count]
        return (.set(KeyPath.root / SheetLabConfig.CodingKeys.device, .string(next)), next)
    }

    /// Landscape is the device's canvas turned: its height as width, no top safe area, the home
    /// indicator's 21 pt at the bottom on devices that have one, and the device's landscape side insets
    /// (`DevicePreset.landscapeSide`, applied by the canvas itself). Portrait removes the override.
    public static func rotation(device: String, canvas: Canvas) -> (edit: ConfigEditor.Edit, message: String) {
        if canvas.width > canvas.height {
            return (.remove(KeyPath.root / SheetLabConfig.CodingKeys.canvas), "Portrait")
        }
        let preset = DevicePreset.named(device) ?? DevicePreset.named(DevicePreset.defaultName)!
        let landscape: JSONNode = .object(["width": .number(preset.height), "height": .number(preset.width),
                                           "safeArea": .object(["top": .number(0), "bottom": .number(preset.safeBottom > 0 ? 21 : 0)])])
        let turned = CanvasOverrides(width: preset.height, height: preset.width).applied(to: Canvas(preset))
        let message = !turned.isCompactHeight ? "Landscape"
            : "Landscape (compact height): the sheet is full screen, or edge-attached with sheet.edgeAttachedInCompactHeight"
        return (.set(KeyPath.root / SheetLabConfig.CodingKeys.canvas, landscape), message)
    }
}
