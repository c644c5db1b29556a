/// A scenario's `settings`: lists of values for the iOS settings keys and `appearance`, whose every combination is
/// one run of the scenario, each snapshot named with the combination (`initial@AX3-dark`).
///
/// ```json
/// "settings": {"textSize": ["large", "AX3"], "appearance": ["light", "dark"]}
/// ```
///
/// A list of such objects is the union of their combinations, in order, each once: so one scenario can pin every
/// setting on and off without asking for the product of them all.
///
/// ```json
/// "settings": [{"textSize": ["large", "AX3"], "appearance": ["light", "dark"]},
///              {"reduceTransparency": [true], "appearance": ["light", "dark"]}]
/// ```
public struct SettingsMatrix: Sendable, Equatable {
    /// One key of the matrix and the values it takes, in the order the file lists them.
    public enum Axis: Sendable, Equatable {
        case textSize([TextSizeCategory])
        case boldText([Bool])
        case reduceTransparency([Bool])
        case increaseContrast([Bool])
        case reduceMotion([Bool])
        case liquidGlass([LiquidGlassChoice])
        case appearance([Appearance])

        public var key: Key {
            switch self {
            case .textSize: .textSize
            case .boldText: .boldText
            case .reduceTransparency: .reduceTransparency
            case .increaseContrast: .increaseContrast
            case .reduceMotion: .reduceMotion
            case .liquidGlass: .liquidGlass
            case .appearance: .appearance
            }
        }

        var count: Int {
            switch self {
            case .textSize(let v): v.count
            case .liquidGlass(let v): v.count
            case .appearance(let v): v.count
            case .boldText(let v), .reduceTransparency(let v), .increaseContrast(let v), .reduceMotion(let v): v.count
            }
        }

        /// The value at `i`, as an edit of the config and its word in a snapshot's name.
        func value(_ i: Int) -> Setting {
            switch self {
            case .textSize(let v): Setting(key: .textSize, json: .string(v[i].rawValue), word: v[i].rawValue)
            case .liquidGlass(let v): Setting(key: .liquidGlass, json: .string(v[i].rawValue), word: v[i].rawValue + "Glass")
            case .appearance(let v): Setting(key: .appearance, json: .string(v[i].rawValue), word: v[i].rawValue)
            case .boldText(let v), .reduceTransparency(let v), .increaseContrast(let v), .reduceMotion(let v):
                Setting(key: key, json: .bool(v[i]), word: v[i] ? key.rawValue : nil)
            }
        }
    }

    /// The keys a matrix may vary: the six settings keys and the appearance. Their order here is the order of
    /// the words in a snapshot's name, whatever order the file lists them in.
    public enum Key: String, Sendable, CaseIterable, CodingKey {
        case textSize, boldText, reduceTransparency, increaseContrast, reduceMotion, liquidGlass, appearance

        /// Where the key lives in a config.
        public var configPath: KeyPath {
            self == .appearance ? KeyPath.root / "appearance" : KeyPath.root / "settings" / rawValue
        }

        /// The key's valid values as text: names, or `true` and `false`.
        public var validValues: [String] {
            switch self {
            case .textSize: TextSizeCategory.allCases.map(\.rawValue)
            case .liquidGlass: LiquidGlassChoice.allCases.map(\.rawValue)
            case .appearance: Appearance.allCases.map(\.rawValue)
            case .boldText, .reduceTransparency, .increaseContrast, .reduceMotion: ["true", "false"]
            }
        }

        /// The setting `text` names for this key (`AX3`, `dark`, `true`), or why it names none.
        public func setting(_ text: String) -> Result<Setting, SettingProblem> {
            guard validValues.contains(text) else {
                return .failure(SettingProblem(message: "\(rawValue): " + Suggest.notValid(text, among: validValues)))
            }
            switch self {
            case .boldText, .reduceTransparency, .increaseContrast, .reduceMotion:
                let on = text == "true"
                return .success(Setting(key: self, json: .bool(on), word: on ? rawValue : nil))
            case .liquidGlass:
                return .success(Setting(key: self, json: .string(text), word: text + "Glass"))
            default:
                return .success(Setting(key: self, json: .string(text), word: text))
            }
        }
    }

    /// Why a `key=value` text is not a setting.
    public struct SettingProblem: Error, Sendable, Equatable {
        public var message: String
    }

    /// The setting a `key=value` text names (`textSize=AX3`, `boldText=true`, `appearance=dark`), or why not.
    public static func setting(parsing text: String) -> Result<Setting, SettingProblem> {
        guard let eq = text.firstIndex(of: "=") else {
            return .failure(SettingProblem(message: "expected KEY=VALUE, such as textSize=AX3, found '\(text)'"))
        }
        let name = String(text[..<eq]), value = String(text[text.index(after: eq)...])
        guard let key = Key(rawValue: name) else {
            let names = Key.allCases.map(\.rawValue)
            let near = Suggest.nearest(to: name, in: names).map { "; did you mean \($0)?" } ?? ""
            return .failure(SettingProblem(message: "unknown key '\(name)'\(near) (keys: \(names.joined(separator: ", ")))"))
        }
        return key.setting(value)
    }

    /// One setting of one combination.
    public struct Setting: Sendable, Equatable {
        public var key: Key
        public var json: JSONValue
        /// Its word in the snapshot's name; nil for a boolean that is off, which the name leaves out.
        public var word: String?
    }

    /// One combination: the settings it applies over the scenario's config, and its label in snapshot names.
    public struct Combination: Sendable, Equatable {
        public var settings: [Setting]
        /// The words of the settings joined by `-` (`AX3-dark`, `large-light-boldText`); `standard` when every
        /// word is left out (only booleans, all off).
        public var label: String {
            let words = settings.compactMap(\.word)
            return words.isEmpty ? "standard" : words.joined(separator: "-")
        }

        /// The snapshot name `name` under this combination: `name@label`.
        public func name(_ name: String) -> String { "\(name)@\(label)" }
    }

    /// The axes in `Key` order: of the one matrix, or of each matrix of a list.
    public var groups: [[Axis]]

    /// The most combinations a matrix may have: enough for every text size in both appearances twice over,
    /// few enough that one scenario cannot ask for thousands of renders by accident.
    public static let maxCombinations = 48

    /// Every combination, group by group, the first axis varying slowest, each axis in the order its values are
    /// listed; a combination a group before already gave (the same label) is not repeated.
    public var combinations: [Combination] {
        var seen = Set<String>()
        return groups.flatMap(Self.product).filter { seen.insert($0.label).inserted }
    }

    static func product(_ axes: [Axis]) -> [Combination] {
        var out: [[Setting]] = [[]]
        for axis in axes {
            out = out.flatMap { prefix in (0..<axis.count).map { prefix + [axis.value($0)] } }
        }
        return out.map(Combination.init)
    }

    public var count: Int { combinations.count }
}

extension SettingsMatrix: Decodable {
    public init(from decoder: any Decoder) throws {
        if var list = try? decoder.unkeyedContainer() {
            if list.count == 0 { throw DecodeIssue("lists no matrices; give an object, or a list of objects, as in {\"textSize\": [\"large\", \"AX3\"]}") }
            // Each matrix gives at least one combination, so a list longer than the combinations allowed has
            // too many, or repeats itself; refused before any is decoded (a 16 MB list of one matrix took 27 s).
            if let n = list.count, n > Self.maxCombinations {
                throw DecodeIssue("lists \(n) matrices; a scenario may have at most \(Self.maxCombinations) combinations, "
                                  + "and each matrix gives at least one")
            }
            var groups: [[Axis]] = []
            while !list.isAtEnd { groups += try list.decode(SettingsMatrix.self).groups }
            self.groups = groups
            let total = count
            if total > Self.maxCombinations {
                throw DecodeIssue("the \(groups.count) matrices give \(total) combinations; a scenario may have at most "
                                  + "\(Self.maxCombinations) (split it into several scenarios)")
            }
            return
        }
        let c = try decoder.container(keyedBy: Key.self)
        var axes: [Axis] = []
        for key in Key.allCases where c.contains(key) {
            switch key {
            case .textSize: if let v = try Self.values(TextSizeCategory.self, key, in: c) { axes.append(.textSize(v)) }
            case .liquidGlass: if let v = try Self.values(LiquidGlassChoice.self, key, in: c) { axes.append(.liquidGlass(v)) }
            case .appearance: if let v = try Self.values(Appearance.self, key, in: c) { axes.append(.appearance(v)) }
            case .boldText, .reduceTransparency, .increaseContrast, .reduceMotion:
                guard let v = try Self.flags(key, in: c) else { continue }
                switch key {
                case .boldText: axes.append(.boldText(v))
                case .reduceTransparency: axes.append(.reduceTransparency(v))
                case .increaseContrast: axes.append(.increaseContrast(v))
                default: axes.append(.reduceMotion(v))
                }
            }
        }
        groups = [axes]
        if axes.isEmpty, Key.allCases.allSatisfy({ !c.contains($0) }) {
            throw DecodeIssue("lists values for at least one of \(Key.allCases.map(\.rawValue).joined(separator: ", ")), "
                              + "as in {\"textSize\": [\"large\", \"AX3\"]}")
        }
        let product = axes.reduce(1) { $0 * $1.count }
        if product > Self.maxCombinations {
            let factors = axes.map { "\($0.count) \($0.key.rawValue)" }.joined(separator: " × ")
            throw DecodeIssue("\(factors) is \(product) combinations; a scenario may have at most \(Self.maxCombinations) "
                              + "(split it into several scenarios)")
        }
    }

    /// The list at `key` of names of `T`: every one valid, none twice, at least one. Nil when it is not (reported).
    static func values<T: RawRepresentable & CaseIterable & Equatable>(_ type: T.Type, _ key: Key,
                                                                     in c: KeyedDecodingContainer<Key>) throws -> [T]?
    where T.RawValue == String {
        guard var list = try listContainer(key, in: c) else { return nil }
        var out: [T] = []
        var ok = true
        while !list.isAtEnd {
            let i = list.currentIndex
            guard let v = try list.decodeIfPresent(Choice<T>.self) else { ok = false; continue }
            if out.contains(v.value) { c.report("lists \"\(v.value.rawValue)\" twice (item \(i))", at: key); ok = false }
            out.append(v.value)
        }
        return ok ? out : nil
    }

    /// The list at `key` of booleans: `[false, true]`, `[true]` or `[false]`.
    static func flags(_ key: Key, in c: KeyedDecodingContainer<Key>) throws -> [Bool]? {
        guard var list = try listContainer(key, in: c) else { return nil }
        var out: [Bool] = []
        var ok = true
        while !list.isAtEnd {
            let i = list.currentIndex
            // Through a wrapper, so that a bad item is recorded where it stands and the rest still decode.
            guard let v = try list.decodeIfPresent(Flag.self)?.value else { ok = false; continue }
            if out.contains(v) { c.report("lists \(v) twice (item \(i))", at: key); ok = false }
            out.append(v)
        }
        return ok ? out : nil
    }

    /// The list at `key`, or nil (reported) when the value is not a non-empty list.
    static func listContainer(_ key: Key, in c: KeyedDecodingContainer<Key>) throws -> UnkeyedDecodingContainer? {
        guard let list = try? c.nestedUnkeyedContainer(forKey: key) else {
            c.report("takes a list of values, as in \"\(key.rawValue)\": \(example(key))", at: key)
            return nil
        }
        if list.count == 0 {
            c.report("lists no values; give at least one, as in \"\(key.rawValue)\": \(example(key))", at: key)
            return nil
        }
        return list
    }

    static func example(_ key: Key) -> String {
        switch key {
        case .textSize: "[\"large\", \"AX3\"]"
        case .liquidGlass: "[\"clear\", \"tinted\"]"
        case .appearance: "[\"light\", \"dark\"]"
        default: "[false, true]"
        }
    }

    /// One boolean in a list.
    struct Flag: Decodable {
        var value: Bool
        init(from decoder: any Decoder) throws { value = try decoder.singleValueContainer().decode(Bool.self) }
    }

    /// One name of `T` in a list, checked where it stands so that the error points at it.
    struct Choice<T: RawRepresentable & CaseIterable>: Decodable where T.RawValue == String {
        var value: T
        init(from decoder: any Decoder) throws {
            let raw = try decoder.singleValueContainer().decode(String.self)
            guard let v = T(rawValue: raw) else {
                throw DecodeIssue(Suggest.notValid(raw, among: T.allCases.map(\.rawValue)))
            }
            value = v
        }
    }
}
