/// How a file's bytes read as a `Document`: its format, the settings its tasks are read under (a vault's task
/// format and statuses, a global filter), its Markdown reading (CommonMark, or an Obsidian note) and whose file it
/// is. Every reader of a file (the commands, the archive, the language server, the sync) turns bytes into a
/// document through `decode(_:)` alone, so a file reads the same wherever it is read.
package struct FileReading: Hashable, Sendable {
    package var format: FileFormat
    package var settings: TaskSettings
    /// How its Markdown reads; a todo.txt file has none (`.commonMark`).
    package var markdown: MarkdownReading
    /// A todo.txt file is always a todo file.
    package var kind: FileKind

    package init(format: FileFormat = .markdown, settings: TaskSettings = TaskSettings(), markdown: MarkdownReading = .commonMark,
                 kind: FileKind = .todoFile) {
        self.format = format
        self.settings = settings
        self.markdown = format == .markdown ? markdown : .commonMark
        self.kind = format == .markdown ? kind : .todoFile
    }

    /// The bytes as a document read this way, or an error diagnostic at the first byte that is no text (a NUL
    /// byte, invalid UTF-8).
    package func decode(_ bytes: [UInt8]) -> Result<Document, Diagnostic> {
        SourceDecoder.decode(bytes).map(document(parsing:))
    }

    /// The text as a document read this way.
    package func document(parsing text: String) -> Document {
        Document(parsing: text, format: format, settings: settings, reading: markdown, kind: kind)
    }
}

extension Document {
    /// How this document's file reads: another text read this way reads as this one did.
    package var fileReading: FileReading {
        FileReading(format: format, settings: settings, markdown: reading, kind: kind)
    }
}
