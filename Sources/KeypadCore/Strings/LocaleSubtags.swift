/// The language, script and region a locale identifier names, read from its text alone.
///
/// Takes ICU's (`zh_Hant_TW`, `de_DE@currency=EUR`), BCP 47's (`zh-Hant-TW`) and POSIX's
/// (`de_DE.UTF-8`) spellings. Making nothing of ICU's likely subtags, it gives no script the
/// identifier does not write: `zh_TW` has language `zh`, region `TW` and no script.
struct LocaleSubtags: Equatable {
    /// The language, lowercased ("zh"), or nil for an empty or root identifier.
    var language: String?
    /// The script, capitalized ("Hant"), when the identifier writes one.
    var script: String?
    /// The region, uppercased ("TW", "419"), when the identifier writes one.
    var region: String?

    init(identifier: String) {
        let tags = identifier.prefix { $0 != "@" && $0 != "." }
            .split(whereSeparator: { $0 == "_" || $0 == "-" })
        guard let first = tags.first, first.allSatisfy(\.isASCIILetter), first.count >= 2 else { return }
        language = first.lowercased()
        for tag in tags.dropFirst().prefix(2) {
            if script == nil, region == nil, tag.count == 4, tag.allSatisfy(\.isASCIILetter) {
                script = tag.prefix(1).uppercased() + tag.dropFirst().lowercased()
            } else if region == nil,
                (tag.count == 2 && tag.allSatisfy(\.isASCIILetter))
                    || (tag.count == 3 && tag.allSatisfy(\.isASCIIDigit))
            {
                region = tag.uppercased()
            } else {
                break
            }
        }
    }
}

extension Character {
    fileprivate var isASCIILetter: Bool { asciiValue.map { (65...90).contains($0 & ~0x20) } ?? false }
    fileprivate var isASCIIDigit: Bool { asciiValue.map { (48...57).contains($0) } ?? false }
}
