/// A growing UTF-8 buffer for exporters: appends bytes, not Characters, so
/// writing a million-node graph costs little more than copying its text.
struct TextBuffer {
    private(set) var bytes: [UInt8] = []
    /// Where full chunks go; `nil` keeps everything (for ``string``).
    private let sink: ((UnsafeBufferPointer<UInt8>) -> Void)?
    private let chunk: Int

    init(capacity: Int) {
        bytes.reserveCapacity(capacity)
        sink = nil
        chunk = .max
    }

    /// A buffer that hands `sink` the text in chunks of about `chunk` bytes.
    init(chunk: Int = 1 << 16, sink: @escaping (UnsafeBufferPointer<UInt8>) -> Void) {
        bytes.reserveCapacity(chunk + 4096)
        self.sink = sink
        self.chunk = chunk
    }

    /// Hands a full chunk to the sink.
    @inline(__always)
    mutating func flushIfFull() {
        if bytes.count >= chunk { flush() }
    }

    /// Hands what is buffered to the sink.
    mutating func flush() {
        guard let sink, !bytes.isEmpty else { return }
        bytes.withUnsafeBufferPointer(sink)
        bytes.removeAll(keepingCapacity: true)
    }

    @inline(__always)
    mutating func append(_ text: StaticString) {
        text.withUTF8Buffer { bytes.append(contentsOf: $0) }
    }

    @inline(__always)
    mutating func append(_ text: String) {
        var text = text
        text.withUTF8 { bytes.append(contentsOf: $0) }
    }

    mutating func append(_ number: Int) {
        append(String(number))
    }

    /// Appends `text` in double quotes, escaping each byte `escape` maps
    /// to a replacement; text with nothing to escape is copied as is.
    @inline(__always)
    mutating func appendQuoted(_ text: String, escape: (UInt8) -> StaticString?) {
        bytes.append(UInt8(ascii: "\""))
        var text = text
        text.withUTF8 { utf8 in
            var start = 0
            for index in 0..<utf8.count {
                guard let replacement = escape(utf8[index]) else { continue }
                bytes.append(contentsOf: UnsafeBufferPointer(rebasing: utf8[start..<index]))
                replacement.withUTF8Buffer { bytes.append(contentsOf: $0) }
                start = index + 1
            }
            bytes.append(contentsOf: UnsafeBufferPointer(rebasing: utf8[start..<utf8.count]))
        }
        bytes.append(UInt8(ascii: "\""))
    }

    /// The text.
    var string: String { String(decoding: bytes, as: UTF8.self) }
}
