/// A path into a JSON document, written the way a person reads it:
/// `modules[1].options.waitMinutes`, `routes["test.resultCaptured"]`.
struct JSONPath: CustomStringConvertible {
    private var text = ""

    static let root = JSONPath()

    /// The member `key` of this object.
    func key(_ key: String) -> JSONPath {
        var path = self
        let isIdentifier =
            !key.isEmpty && key.allSatisfy { $0.isLetter || $0.isNumber || $0 == "_" } && !(key.first?.isNumber ?? true)
        if isIdentifier {
            path.text += text.isEmpty ? key : ".\(key)"
        } else {
            path.text += "[\"\(key)\"]"
        }
        return path
    }

    /// The element `index` of this array (from 0).
    func index(_ index: Int) -> JSONPath {
        var path = self
        path.text += "[\(index)]"
        return path
    }

    var description: String { text }
}
