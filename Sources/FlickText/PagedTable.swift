/// A table by index, in pages of 256 entries made (filled with `empty`) when an index in them is first asked for:
/// a face's tables by character or by glyph cost only the pages its text reaches — a CJK face's 20,000 glyphs, a
/// few pages. The one paged table behind the character map, the advances and the rendered glyphs. Not copyable, so
/// the class that holds one reaches it with no reference counting on the way to an entry (a class here cost layout
/// a third of its time).
struct PagedTable<Element>: ~Copyable {
    private static var pageShift: Int { 8 }
    private static var pageSize: Int { 1 << pageShift }

    /// Indexes below this have entries.
    let count: Int
    private let empty: Element
    private let pageCount: Int
    private let pages: UnsafeMutablePointer<UnsafeMutablePointer<Element>?>

    init(count: Int, empty: Element) {
        self.count = max(0, count)
        self.empty = empty
        pageCount = (self.count + Self.pageSize - 1) >> Self.pageShift
        pages = .allocate(capacity: max(1, pageCount))
        pages.initialize(repeating: nil, count: max(1, pageCount))
    }

    deinit {
        removeAll()
        pages.deallocate()
    }

    /// The entry at `index`, its page made if it was not; nil at or past ``count``.
    @inline(__always)
    func entry(_ index: Int) -> UnsafeMutablePointer<Element>? {
        guard index >= 0, index < count else { return nil }
        let p = index >> Self.pageShift
        if pages[p] == nil {
            let page = UnsafeMutablePointer<Element>.allocate(capacity: Self.pageSize)
            page.initialize(repeating: empty, count: Self.pageSize)
            pages[p] = page
        }
        return pages[p]! + (index & (Self.pageSize - 1))
    }

    /// The entry at `index` when its page was made, else nil: a read that makes nothing.
    @inline(__always)
    func existingEntry(_ index: Int) -> UnsafeMutablePointer<Element>? {
        guard index >= 0, index < count, let page = pages[index >> Self.pageShift] else { return nil }
        return page + (index & (Self.pageSize - 1))
    }

    /// Every entry of the pages made, in index order.
    func forEachEntry(_ body: (Element) -> Void) {
        for p in 0..<pageCount {
            guard let page = pages[p] else { continue }
            for i in 0..<Self.pageSize { body(page[i]) }
        }
    }

    /// Drops every page: the table is as new.
    func removeAll() {
        for p in 0..<pageCount {
            guard let page = pages[p] else { continue }
            page.deinitialize(count: Self.pageSize)
            page.deallocate()
            pages[p] = nil
        }
    }
}
