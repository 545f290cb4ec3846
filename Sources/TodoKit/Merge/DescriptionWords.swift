/// A task description as a sequence of words, `key:value` tags marked, for a word-level three-way merge.
struct DescriptionWords: Equatable {
    struct Word: Equatable {
        var text: String
        /// The key of a `key:value` tag, nil for any other word.
        var tagKey: String?
        var tagValue: String?

        /// What the merge aligns words by: a tag by its key alone, so a changed value is not a changed word.
        var identity: String { tagKey.map { "\u{1}\($0):" } ?? text }
    }

    /// The description as written.
    var text: String
    var words: [Word]

    init(body: TaskBody) {
        text = body.description
        words = body.tokens.map { token in
            token.kind == .tag
                ? Word(text: body.text(of: token), tagKey: String(body.slice(token.nameRange)), tagValue: String(body.slice(token.valueRange)))
                : Word(text: body.text(of: token))
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
            guard let value = FieldMerge.merge(base.value(of: key), ours.value(of: key), theirs.value(of: key)) else {
                throw Conflict(field: "\(key): tag")
            }
            if let position = merged.firstIndex(where: { $0.tagKey == key }) {
                if let value {
                    if merged[position].tagValue != value {
                        merged[position] = Word(text: "\(key):\(value)", tagKey: key, tagValue: value)
                    }
                } else {
                    merged.removeAll { $0.tagKey == key }
                }
            } else if let value {
                merged.append(Word(text: "\(key):\(value)", tagKey: key, tagValue: value))
            }
        }
        return DescriptionWords(words: merged)
    }
}
