/// The keys the designer reads, as the shell hands them over.
public enum DesignerKey: Sendable, Hashable {
    case character(Character)
    case digit(Int)
    case escape, space, tab, enter, backspace, delete, up, down, left, right, f5
}
