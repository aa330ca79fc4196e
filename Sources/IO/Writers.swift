#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Output formats of `dynsim run`.
public enum OutputFormat: String, Sendable, CaseIterable {
    /// RFC 4180 CSV: a header row of column names, then one row per sample; '.' decimals, shortest round-trip numbers.
    case csv
    /// JSON Lines: one object per sample, keys in column order.
    case jsonl
}

/// Why writing output failed.
public enum SinkError: Error, Equatable, CustomStringConvertible {
    /// The reader closed the pipe (EPIPE): not an error for the user (`dynsim | head` ends quietly).
    case brokenPipe
    /// Any other write failure, with errno's text.
    case io(String)

    /// A short human-readable reason.
    public var description: String {
        switch self {
        case .brokenPipe: return "broken pipe"
        case .io(let s): return s
        }
    }
}

/// Where output bytes go: a C stream (stdout or a file), written with `fwrite` and checked.
public final class FileSink {
    private let stream: UnsafeMutablePointer<FILE>

    /// Wraps an open stream; the caller keeps ownership (closes it).
    public init(_ stream: UnsafeMutablePointer<FILE>) { self.stream = stream }

    /// Writes all bytes and flushes the stream. Throws ``SinkError``.
    public func write(_ bytes: [UInt8]) throws {
        guard !bytes.isEmpty else { return }
        let written = bytes.withUnsafeBytes { fwrite($0.baseAddress, 1, $0.count, stream) }
        if written != bytes.count || fflush(stream) != 0 {
            let code = errno
            clearerr(stream)
            if code == EPIPE { throw SinkError.brokenPipe }
            throw SinkError.io(String(cString: strerror(code)))
        }
    }
}

/// One of several outputs, as `tee` treats them: when its reader closes the pipe (`dynsim run --events FILE | head`)
/// while `othersPending` says another output the user asked for is still being written, it drops further bytes
/// quietly (``readerGone``) so the run goes on for that one; otherwise the ``SinkError/brokenPipe`` ends the run.
public final class TeeSink {
    private let sink: FileSink
    private let othersPending: () -> Bool
    /// Whether the reader has gone and the bytes are being dropped.
    public private(set) var readerGone = false

    /// Wraps `sink`; `othersPending` is asked at the moment the reader goes.
    public init(_ sink: FileSink, othersPending: @escaping () -> Bool) {
        self.sink = sink
        self.othersPending = othersPending
    }

    /// Writes the bytes, or drops them once the reader has gone. Throws ``SinkError`` (a broken pipe only when no other
    /// output is pending).
    public func write(_ bytes: [UInt8]) throws {
        guard !readerGone else { return }
        do {
            try sink.write(bytes)
        } catch SinkError.brokenPipe where othersPending() {
            readerGone = true
        }
    }
}

/// Bytes being formatted: storage owned by ``RowWriter`` (freed in its deinit), grown by doubling. A value type of a
/// pointer and two counts, so the row loop works on a local copy without the class's access checks or Array's
/// uniqueness checks per byte.
struct ByteBuffer {
    private(set) var base: UnsafeMutablePointer<UInt8>
    private(set) var count = 0
    private(set) var capacity: Int

    init(capacity: Int) {
        self.capacity = max(capacity, 64)
        base = .allocate(capacity: self.capacity)
    }

    /// Makes room for `extra` more bytes.
    @inline(__always)
    mutating func reserve(_ extra: Int) {
        if count + extra > capacity { grow(count + extra) }
    }

    @inline(never)
    private mutating func grow(_ needed: Int) {
        var newCapacity = capacity * 2
        while newCapacity < needed { newCapacity *= 2 }
        let newBase = UnsafeMutablePointer<UInt8>.allocate(capacity: newCapacity)
        newBase.update(from: base, count: count)
        base.deallocate()
        base = newBase
        capacity = newCapacity
    }

    @inline(__always)
    mutating func append(_ byte: UInt8) {
        reserve(1)
        base[count] = byte
        count += 1
    }

    mutating func append(contentsOf bytes: some Collection<UInt8>) {
        reserve(bytes.count)
        for b in bytes { base[count] = b; count += 1 }
    }

    /// Appends the shortest text of a finite number (``NumberFormat/write(_:to:)``).
    @inline(__always)
    mutating func append(number x: Double) {
        reserve(NumberFormat.maxLength)
        count += NumberFormat.write(x, to: base + count)
    }

    /// The bytes as an array; the buffer is then empty.
    mutating func take() -> [UInt8] {
        let out = Array(UnsafeBufferPointer(start: base, count: count))
        count = 0
        return out
    }

    func deallocate() { base.deallocate() }
}

/// Formats rows as CSV or JSON Lines into a buffer and hands it to a sink right after the header, whenever the buffer
/// reaches 64 KiB or 100 ms have passed since the last hand-over, and at ``finish()``, so a reader of a pipe sees rows
/// while a slow run goes on. Nothing but data is written; the bytes never depend on the timing.
public final class RowWriter {
    /// Flush threshold in bytes.
    public static let flushThreshold = 64 * 1024
    /// Longest time rows wait in the buffer, nanoseconds.
    public static let flushInterval: UInt64 = 100_000_000
    private var lastFlush: UInt64 = 0
    private var rowsSinceClockCheck = 0
    private let format: OutputFormat
    private let columns: [String]
    private let sink: (([UInt8]) throws -> Void)
    private var buffer: ByteBuffer
    private var jsonKeys: [[UInt8]] = []

    /// - Parameters:
    ///   - format: CSV or JSON Lines.
    ///   - columns: column names (validated names: no quoting needed).
    ///   - sink: receives each full buffer.
    public init(format: OutputFormat, columns: [String], sink: @escaping ([UInt8]) throws -> Void) {
        self.format = format
        self.columns = columns
        self.sink = sink
        buffer = ByteBuffer(capacity: RowWriter.flushThreshold + 4096)
        // JSON Lines' quoted keys, made once; a CSV needs none (quoting 330,000 column names of a 55,000-item scene
        // took 8 % of its run).
        if format == .jsonl {
            jsonKeys = columns.enumerated().map { k, c in Array(((k == 0 ? "{" : ",") + TextQuoting.json(c) + ":").utf8)
            }
        }
    }

    deinit { buffer.deallocate() }

    /// Writes the header (CSV only).
    public func header() throws {
        if format == .csv {
            buffer.append(contentsOf: Array(columns.joined(separator: ",").utf8))
            buffer.append(0x0A)
            try flush()
        }
    }

    /// Writes one row. Where `texts` has a string, that column is text: in CSV always double-quoted (inner quotes
    /// doubled, RFC 4180), in JSON Lines a JSON string.
    /// - Precondition: `values.count == columns.count` (and `texts`, when given), values finite.
    public func row(_ values: [Double], texts: [String?]? = nil) throws {
        precondition(values.count == columns.count, "RowWriter: wrong number of values")
        var out = buffer  // a local copy: no access checks per byte; stored back below
        switch format {
        case .csv where texts == nil:
            // Numbers only (trajectories): the common case, without the per-column text check.
            out.reserve(values.count * (NumberFormat.maxLength + 1) + 1)
            var first = true
            for v in values {
                if !first { out.append(UInt8(ascii: ",")) }
                first = false
                out.append(number: v)
            }
            out.append(0x0A)
        case .csv:
            for (k, v) in values.enumerated() {
                if k > 0 { out.append(UInt8(ascii: ",")) }
                if let text = texts?[k] {
                    out.append(UInt8(ascii: "\""))
                    for b in text.utf8 {
                        out.append(b)
                        if b == UInt8(ascii: "\"") { out.append(b) }
                    }
                    out.append(UInt8(ascii: "\""))
                } else {
                    out.append(number: v)
                }
            }
            out.append(0x0A)
        case .jsonl:
            for (k, v) in values.enumerated() {
                out.append(contentsOf: jsonKeys[k])
                if let text = texts?[k] {
                    out.append(contentsOf: Array(TextQuoting.json(text).utf8))
                } else {
                    out.append(number: v)
                }
            }
            out.append(UInt8(ascii: "}"))
            out.append(0x0A)
        }
        buffer = out
        try flushIfFull()
    }

    private func flushIfFull() throws {
        if buffer.count >= RowWriter.flushThreshold { try flush(); return }
        // Read the clock every 16 rows: cheap, and frequent enough for any run slow enough to need it.
        rowsSinceClockCheck += 1
        if rowsSinceClockCheck >= 16 {
            rowsSinceClockCheck = 0
            if monotonicNanoseconds() - lastFlush >= RowWriter.flushInterval { try flush() }
        }
    }

    private func monotonicNanoseconds() -> UInt64 {
        var ts = timespec()
        clock_gettime(CLOCK_MONOTONIC, &ts)
        return UInt64(ts.tv_sec) * 1_000_000_000 + UInt64(ts.tv_nsec)
    }

    /// Hands whatever is buffered to the sink.
    public func flush() throws {
        lastFlush = monotonicNanoseconds()
        guard buffer.count > 0 else { return }
        try sink(buffer.take())
    }

    /// Flushes the rest; call once at the end.
    public func finish() throws { try flush() }
}
