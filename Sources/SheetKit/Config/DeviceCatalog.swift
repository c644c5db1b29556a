/// Every iPhone screen since the iPhone X and the current iPads, one preset per distinct screen.
///
/// Why these numbers: points and scale are Apple's (the HIG's Layout specifications); safe areas are what UIKit
/// reports, as published per device (useyourloaf's screen-size posts, iOS 26 for the iPhone 17 family), and corner
/// radii are iOS's private `_displayCornerRadius` as ScreenCorners and BezelKit read it. docs/ios-reference.md,
/// "Device presets (issue 37)", cites each column and says where sources disagree.
///
/// The order is the D key's: iPhones, then iPads, each from the smallest screen up, so that cycling grows the canvas
/// step by step. The first six names predate issue 37 and are kept as they were: goldens, configs and tests use them.
extension DevicePreset {
    public static let all: [DevicePreset] = [
        DevicePreset(name: "iphone-se", width: 375, height: 667, scale: 2, safeTop: 20, safeBottom: 0,
                     models: ["iPhone SE (3rd generation)", "iPhone SE (2nd generation)", "iPhone 8", "iPhone 7",
                              "iPhone 6s", "iPhone 6"]),
        DevicePreset(name: "iphone-11-pro", width: 375, height: 812, scale: 3, safeTop: 44, safeBottom: 34, landscapeSide: 44,
                     displayCornerRadius: 39, models: ["iPhone 11 Pro", "iPhone XS", "iPhone X"]),
        // Renders at 375 × 812 @3 and is downsampled to a 1080 × 2340 panel (UIScreen.nativeScale 2.88); one copy of the
        // HIG's table lists it as 360 × 780, what the panel would be at 3×, but apps and screenshots see 375 × 812.
        DevicePreset(name: "iphone-13-mini", width: 375, height: 812, scale: 3, safeTop: 50, safeBottom: 34, landscapeSide: 50,
                     displayCornerRadius: 44, models: ["iPhone 13 mini", "iPhone 12 mini"]),
        DevicePreset(name: "iphone-17e", width: 390, height: 844, scale: 3, safeTop: 47, safeBottom: 34, landscapeSide: 47,
                     displayCornerRadius: 47.33,
                     models: ["iPhone 17e", "iPhone 16e", "iPhone 14", "iPhone 13", "iPhone 13 Pro", "iPhone 12", "iPhone 12 Pro"]),
        DevicePreset(name: "iphone-15", width: 393, height: 852, scale: 3, safeTop: 59, safeBottom: 34, landscapeSide: 59,
                     displayCornerRadius: 55, models: ["iPhone 16", "iPhone 15", "iPhone 15 Pro", "iPhone 14 Pro"]),
        // The same screen as iphone-15, kept under its own name for the configs that use it.
        DevicePreset(name: "iphone-15-pro", width: 393, height: 852, scale: 3, safeTop: 59, safeBottom: 34, landscapeSide: 59,
                     displayCornerRadius: 55, models: ["iPhone 16", "iPhone 15", "iPhone 15 Pro", "iPhone 14 Pro"]),
        DevicePreset(name: "iphone-18-pro", width: 402, height: 874, scale: 3, safeTop: 62, safeBottom: 34, landscapeSide: 62,
                     displayCornerRadius: 62, models: ["iPhone 18 Pro", "iPhone 17 Pro", "iPhone 17", "iPhone 16 Pro"]),
        DevicePreset(name: "iphone-11", width: 414, height: 896, scale: 2, safeTop: 48, safeBottom: 34, landscapeSide: 48,
                     displayCornerRadius: 41.5, models: ["iPhone 11", "iPhone XR"]),
        DevicePreset(name: "iphone-11-pro-max", width: 414, height: 896, scale: 3, safeTop: 44, safeBottom: 34, landscapeSide: 44,
                     displayCornerRadius: 39, models: ["iPhone 11 Pro Max", "iPhone XS Max"]),
        DevicePreset(name: "iphone-air", width: 420, height: 912, scale: 3, safeTop: 68, safeBottom: 34, landscapeSide: 68,
                     displayCornerRadius: 62, models: ["iPhone Air"]),
        DevicePreset(name: "iphone-14-plus", width: 428, height: 926, scale: 3, safeTop: 47, safeBottom: 34, landscapeSide: 47,
                     displayCornerRadius: 53.33, models: ["iPhone 14 Plus", "iPhone 13 Pro Max", "iPhone 12 Pro Max"]),
        DevicePreset(name: "iphone-15-pro-max", width: 430, height: 932, scale: 3, safeTop: 59, safeBottom: 34, landscapeSide: 59,
                     displayCornerRadius: 55, models: ["iPhone 16 Plus", "iPhone 15 Pro Max", "iPhone 15 Plus", "iPhone 14 Pro Max"]),
        DevicePreset(name: "iphone-18-pro-max", width: 440, height: 956, scale: 3, safeTop: 62, safeBottom: 34, landscapeSide: 62,
                     displayCornerRadius: 62, models: ["iPhone 18 Pro Max", "iPhone 17 Pro Max", "iPhone 16 Pro Max"]),
        DevicePreset(name: "ipad-mini", width: 744, height: 1133, scale: 2, safeTop: 24, safeBottom: 20, displayCornerRadius: 21.5,
                     models: ["iPad mini (A17 Pro)", "iPad mini (6th generation)"]),
        DevicePreset(name: "ipad-a16", width: 820, height: 1180, scale: 2, safeTop: 24, safeBottom: 20, displayCornerRadius: 25,
                     models: ["iPad (A16)", "iPad (10th generation)"]),
        // The iPad (A16)'s screen in points, with the Air's smaller corners.
        DevicePreset(name: "ipad-air-11", width: 820, height: 1180, scale: 2, safeTop: 24, safeBottom: 20, displayCornerRadius: 18,
                     models: ["iPad Air 11-inch (M4)", "iPad Air 11-inch (M3)", "iPad Air 11-inch (M2)",
                              "iPad Air (5th generation)", "iPad Air (4th generation)"]),
        DevicePreset(name: "ipad-pro-11", width: 834, height: 1210, scale: 2, safeTop: 24, safeBottom: 20, displayCornerRadius: 30,
                     models: ["iPad Pro 11-inch (M5)", "iPad Pro 11-inch (M4)"]),
        DevicePreset(name: "ipad-air-13", width: 1024, height: 1366, scale: 2, safeTop: 24, safeBottom: 20, displayCornerRadius: 18,
                     models: ["iPad Air 13-inch (M4)", "iPad Air 13-inch (M3)", "iPad Air 13-inch (M2)",
                              "iPad Pro 12.9-inch (3rd–6th generation)"]),
        DevicePreset(name: "ipad-pro-13", width: 1032, height: 1376, scale: 2, safeTop: 24, safeBottom: 20, displayCornerRadius: 30,
                     models: ["iPad Pro 13-inch (M5)", "iPad Pro 13-inch (M4)"]),
    ]
}
