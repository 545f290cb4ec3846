/// `file:` URIs, as the protocol names documents, and the paths they stand for.
enum FileURI {
    /// The path of a `file:` URI (`file:///home/a%20b/TODO.md` is `/home/a b/TODO.md`); nil for another scheme.
    static func path(of uri: String) -> String? {
        guard uri.hasPrefix("file://") else { return nil }
        var rest = Array(uri.utf8.dropFirst("file://".count))
        // `file://host/path`: only the local host (empty or `localhost`) is a path here.
        if rest.first != UInt8(ascii: "/") {
            guard let slash = rest.firstIndex(of: UInt8(ascii: "/")),
                  String(decoding: rest[..<slash], as: UTF8.self).lowercased() == "localhost" else { return nil }
            rest = Array(rest[slash...])
        }
        var bytes: [UInt8] = []
        var i = 0
        while i < rest.count {
            if rest[i] == UInt8(ascii: "%"), i + 2 < rest.count, let value = UInt8(String(decoding: rest[(i + 1)...(i + 2)], as: UTF8.self), radix: 16) {
                bytes.append(value)
                i += 3
            } else {
                bytes.append(rest[i])
                i += 1
            }
        }
        return String(validating: bytes, as: UTF8.self)
    }

    /// The `file:` URI of an absolute path, with every byte but the unreserved ones and `/` percent-encoded.
    static func uri(ofPath path: String) -> String {
        var out = "file://"
        for byte in path.utf8 {
            switch byte {
            case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "0")...UInt8(ascii: "9"),
                 UInt8(ascii: "-"), UInt8(ascii: "."), UInt8(ascii: "_"), UInt8(ascii: "~"), UInt8(ascii: "/"):
                out.unicodeScalars.append(Unicode.Scalar(byte))
            default:
                let hex = String(byte, radix: 16, uppercase: true)
                out += "%" + (hex.count == 1 ? "0" + hex : hex)
            }
        }
        return out
    }
}
