import Testing
@testable import FlickText

@Test func aPagedTableMakesOnlyThePagesAskedForAndKeepsWhatIsWritten() {
    let table = PagedTable(count: 1000, empty: -1)
    #expect(table.existingEntry(5) == nil)
    table.entry(5)!.pointee = 50
    table.entry(700)!.pointee = 7000
    #expect(table.existingEntry(5)?.pointee == 50)
    #expect(table.existingEntry(255)?.pointee == -1)  // same page as 5, made with it
    #expect(table.existingEntry(256) == nil)          // the next page was never asked for
    #expect(table.entry(1000) == nil && table.entry(-1) == nil && table.existingEntry(999) == nil)
    var seen: [Int] = []
    table.forEachEntry { if $0 != -1 { seen.append($0) } }
    #expect(seen == [50, 7000])
    table.removeAll()
    #expect(table.existingEntry(5) == nil)
    #expect(PagedTable(count: 0, empty: 0).entry(0) == nil)
}
