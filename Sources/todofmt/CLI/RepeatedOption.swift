/// An option that takes a value and may be given many times (`query -e A -e B`), declared once as `Option` is,
/// and read as every value given, in order.
struct RepeatedOption: Sendable {
    let spec: OptionSpec

    init(_ long: String, short: Character? = nil, value kind: ValueKind, valueName: String = "VALUE", help: String) {
        spec = OptionSpec(long, short: short, value: kind, valueName: valueName, repeatable: true, help: help)
    }
}
