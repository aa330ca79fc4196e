import Foundation

/// A growable column of trivial values in manually managed memory: the structure-of-arrays storage of a ``World``.
/// Hot loops read its `base` pointer directly, with no copy-on-write or exclusivity checks. Freed by the world.
struct Column<Element> {
    private(set) var base: UnsafeMutablePointer<Element>
    private(set) var count = 0
    private var capacity: Int

    init() {
        capacity = 8
        base = .allocate(capacity: capacity)
    }

    mutating func append(_ element: Element) {
        if count == capacity {
            let grown = UnsafeMutablePointer<Element>.allocate(capacity: capacity * 2)
            grown.moveInitialize(from: base, count: count)
            base.deallocate()
            base = grown
            capacity *= 2
        }
        (base + count).initialize(to: element)
        count += 1
    }

    subscript(i: Int) -> Element {
        get { base[i] }
        nonmutating set { base[i] = newValue }
    }

    func free() {
        base.deinitialize(count: count)
        base.deallocate()
    }
}
