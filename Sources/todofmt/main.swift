import TodoKit
let path = CommandLine.arguments[1]
var text = ""
while let line = readLine(strippingNewline: false) { text += line }
let doc = Document(parsing: text, format: FileFormat.inferred(fromPath: path))
for (i, r) in doc.roles.enumerated() { print(i+1, r.kind, r.item as Any) }
for t in doc.tasks { print(t.line, t.endLine, t.status, t.priority as Any, t.creationDate as Any, t.completionDate as Any, t.text, "|", t.title, t.projects, t.contexts, t.tags.map{"\($0.key)=\($0.value)"}, "parent", t.parent as Any, "depth", t.depth, t.list, t.notes) }
for h in doc.headings { print(h) }
for d in doc.diagnostics { print(d) }
print(doc.text == text)
