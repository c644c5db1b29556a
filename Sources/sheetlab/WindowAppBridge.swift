import SheetKit

// The window app (Sources/sheetlab/App, changed on another branch during issue 9) still calls these
// older names. The lead moves its call sites at merge and deletes this file:
//   CommandSupport.printWarnings(w)  →  Console.warnings(w)
enum CommandSupport {
    static func printWarnings(_ warnings: [Diagnostic]) { Console.warnings(warnings) }
}
