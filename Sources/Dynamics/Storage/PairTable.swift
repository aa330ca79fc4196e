/// A hash map from contact keys to contact-list indices for the narrow phase's warm-start matching: open addressing
/// with linear probing and Fibonacci hashing (Knuth, TAOCP vol. 3, 6.4), so a lookup costs a multiply and a probe or
/// two instead of SipHash, and `removeAll(keepingCapacity:)` lets the table be reused every sub-step without
/// allocating. Keys are never `UInt64.max` (contact keys use at most 63 + 32 bits of structure, see `collide`).
struct PairTable: ExpressibleByDictionaryLiteral {
    private static let empty = UInt64.max
    private var keys: [UInt64] = []
    private var values: [Int] = []
    private var shift: UInt64 = 64
    /// Number of entries.
    private(set) var count = 0

    init() {}

    init(dictionaryLiteral elements: (UInt64, Int)...) {
        for (k, v) in elements { self[k] = v }
    }

    @inline(__always) private func slot(_ key: UInt64) -> Int {
        Int(truncatingIfNeeded: (key &* 0x9E37_79B9_7F4A_7C15) >> shift)
    }

    /// The value stored for `key`, or nil. Setting nil is not supported (the narrow phase never removes one key).
    subscript(key: UInt64) -> Int? {
        get {
            guard count > 0 else { return nil }
            let mask = keys.count - 1
            var i = slot(key)
            while true {
                let k = keys[i]
                if k == key { return values[i] }
                if k == PairTable.empty { return nil }
                i = (i + 1) & mask
            }
        }
        set {
            guard let value = newValue else { preconditionFailure("PairTable: removing a key is not supported") }
            if (count + 1) * 2 > keys.count { grow() }
            let mask = keys.count - 1
            var i = slot(key)
            while true {
                let k = keys[i]
                if k == key { values[i] = value; return }
                if k == PairTable.empty {
                    keys[i] = key
                    values[i] = value
                    count += 1
                    return
                }
                i = (i + 1) & mask
            }
        }
    }

    private mutating func grow() {
        let old = (keys, values)
        let capacity = max(16, keys.count * 2)
        keys = [UInt64](repeating: PairTable.empty, count: capacity)
        values = [Int](repeating: 0, count: capacity)
        shift = UInt64(64 - capacity.trailingZeroBitCount)
        count = 0
        for (k, v) in zip(old.0, old.1) where k != PairTable.empty { self[k] = v }
    }

    /// Removes every entry, keeping the storage when asked.
    mutating func removeAll(keepingCapacity: Bool) {
        guard keepingCapacity else { self = PairTable(); return }
        for i in keys.indices { keys[i] = PairTable.empty }
        count = 0
    }
}
