import Foundation

/// Typed reads of JSON values, each failing with the field's name and place.
extension LayoutParser {
    func checkFields(_ object: [String: Any], allowed: Set<String>, in place: String) throws(LayoutError) {
        if let unknown = object.keys.sorted().first(where: { !allowed.contains($0) }) {
            throw fail("unknown field \"\(unknown)\" in \(place)")
        }
    }

    func string(_ value: Any?, _ field: String, in place: String) throws(LayoutError) -> String {
        guard let value else { throw fail("\(place) has no \"\(field)\"") }
        guard let text = value as? String, !text.isEmpty else {
            throw fail("\"\(field)\" in \(place) must be a non-empty string")
        }
        return text
    }

    func optionalString(_ value: Any?, _ field: String, in place: String) throws(LayoutError) -> String? {
        guard let value else { return nil }
        guard let text = value as? String else { throw fail("\"\(field)\" in \(place) must be a string") }
        return text
    }

    func optionalStrings(_ value: Any?, _ field: String, in place: String) throws(LayoutError) -> [String]? {
        guard let value else { return nil }
        guard let list = value as? [String] else { throw fail("\"\(field)\" in \(place) must be an array of strings") }
        return list
    }

    func number(_ value: Any?, _ field: String, in place: String) throws(LayoutError) -> Double? {
        guard let value else { return nil }
        guard let number = value as? NSNumber else {
            throw fail("\"\(field)\" in \(place) must be a number")
        }
        return number.doubleValue
    }

    func keyboardTypes(_ value: Any?) throws(LayoutError) -> [KeyboardType] {
        guard let value else { return [] }
        guard let names = value as? [String] else { throw fail("\"keyboardTypes\" must be an array of strings") }
        var types: [KeyboardType] = []
        for name in names {
            guard let type = KeyboardType(rawValue: name) else { throw fail("unknown keyboard type \"\(name)\"") }
            types.append(type)
        }
        return types
    }
}
