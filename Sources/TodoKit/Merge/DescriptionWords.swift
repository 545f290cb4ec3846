/// A task description as a sequence of words, `key:value` tags and the fields of a Tasks or Dataview task
/// marked, for a word-level three-way merge.
struct DescriptionWords: Equatable {
    struct Word: Equatable {
        var text: String
        /// The key of a `key:value` tag (a field's name after `fieldKey`), nil for any other word.
        var tagKey: String?
        /// A tag's value; a field's whole text (`📅 2026-12-01`).
        var tagValue: String?

        /// What the merge aligns words by: a tag by its key alone, so a changed value is not a changed word.
        var identity: String { tagKey.map { "\u{1}\($0):" } ?? text }

        /// A tag with this key and value, or a field with this text.
        init(key: String, value: String) {
            self.init(text: key.hasPrefix(Word.fieldKey) ? value : "\(key):\(value)", tagKey: key, tagValue: value)
        }

        init(text: String, tagKey: String? = nil, tagValue: String? = nil) {
            self.text = text
            self.tagKey = tagKey
            self.tagValue = tagValue
        }

        /// Starts the key of a Tasks or Dataview field, which no tag's key can.
        static let fieldKey = "\u{2}"
    }

    /// The description as written.
    var text: String
    var words: [Word]

    init(body: TaskBody) {
        text = body.description
        // A Tasks or Dataview task's fields are words of their own, each a field merged by its value.
        let fieldsStart = body.dialect != .todotxt && body.hasTrailingFields ? body.fieldsStart : Int.max
        words = body.tokens.filter { $0.range.lowerBound < fieldsStart }.map { token in
            token.kind == .tag
                ? Word(text: body.text(of: token), tagKey: String(body.slice(token.nameRange)), tagValue: String(body.slice(token.valueRange)))
                : Word(text: body.text(of: token))
        }
        guard fieldsStart < .max else { return }
        for (field, text) in body.trailingSpanTexts {
            words.append(field.map { Word(key: Word.fieldKey + $0.description, value: text) } ?? Word(text: text))
        }
    }

    init(words: [Word]) {
        self.words = words
        text = words.map(\.text).joined(separator: " ")
    }

    /// The first value of each tag key, or nil when the key is absent.
    func value(of key: String) -> String? {
        words.first { $0.tagKey == key }?.tagValue
    }

    var tagKeys: [String] { words.compactMap(\.tagKey) }

    /// What both sides changed differently: `description` for its words, `due: tag` for a tag's value.
    struct Conflict: Error, Equatable {
        var field: String
    }

    /// Merges three versions of a description word by word: the words as a sequence (diff3), and each
    /// tag's value as a field, so one side may change `due:` while the other rewords the text. Throws when
    /// both sides changed the same words, or the same tag, differently.
    static func merge(base: DescriptionWords, ours: DescriptionWords, theirs: DescriptionWords) throws(Conflict) -> DescriptionWords {
        if let same = FieldMerge.merge(base, ours, theirs) { return same }
        let ids = (base.words.map(\.identity), ours.words.map(\.identity), theirs.words.map(\.identity))
        var merged: [Word] = []
        for chunk in Diff3.chunks(base: ids.0, ours: ids.1, theirs: ids.2) {
            switch chunk {
            case .stable(_, let o, _):
                merged += ours.words[o]
            case .changed(let b, let o, let t):
                let (bi, oi, ti) = (ids.0[b], ids.1[o], ids.2[t])
                if oi == ti || ti == bi { merged += ours.words[o] } else if oi == bi { merged += theirs.words[t] } else { throw Conflict(field: "description") }
            }
        }
        var seen = Set<String>()
        for key in base.tagKeys + ours.tagKeys + theirs.tagKeys where seen.insert(key).inserted {
            guard let value = FieldMerge.merge(base.value(of: key), ours.value(of: key), theirs.value(of: key))
                ?? earlierCompletion(key, ours.value(of: key), theirs.value(of: key)) else {
                throw Conflict(field: key.hasPrefix(Word.fieldKey) ? "\(key.dropFirst()) field" : "\(key): tag")
            }
            if let position = merged.firstIndex(where: { $0.tagKey == key }) {
                if let value {
                    if merged[position].tagValue != value { merged[position] = Word(key: key, value: value) }
                } else {
                    merged.removeAll { $0.tagKey == key }
                }
            } else if let value {
                merged.append(Word(key: key, value: value))
            }
        }
        return DescriptionWords(words: merged)
    }

    /// Both sides completed the task on different days (`✅ 2026-03-09` and `✅ 2026-03-04`, or Dataview's
    /// `[completion:: ]`): it was done when it was first completed, so the earlier field; nil for any other field.
    private static func earlierCompletion(_ key: String, _ ours: String?, _ theirs: String?) -> String?? {
        guard key == Word.fieldKey + TaskField.done.description, let ours, let theirs,
              let mine = firstDate(in: ours), let other = firstDate(in: theirs) else { return nil }
        return .some(other < mine ? theirs : ours)
    }

    /// The first `YYYY-MM-DD` date in a field's text.
    private static func firstDate(in text: String) -> CalendarDate? {
        let bytes = Array(text.utf8)
        guard bytes.count >= 10 else { return nil }
        for start in 0...(bytes.count - 10) where BlockStart.isDigit(bytes[start]) {
            if let date = CalendarDate(iso: String(decoding: bytes[start..<(start + 10)], as: UTF8.self)) { return date }
        }
        return nil
    }
}
