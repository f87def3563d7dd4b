import Testing

/// The error `body` throws, for a test to look at, as `#expect(throws:)` returns it from Swift 6.1 on: the tests also
/// build with Swift 6.0 (the aarch64 build, scripts/test-arm64), whose `#expect(throws:)` returns nothing. Records an
/// issue, at the caller, when `body` throws nothing or another kind of error.
public func thrownError<E: Error>(_ type: E.Type, sourceLocation: SourceLocation = #_sourceLocation,
                                  _ body: () throws -> Void) -> E? {
    do {
        try body()
        Issue.record("expected an error of type \(E.self), but nothing was thrown", sourceLocation: sourceLocation)
    } catch let error as E {
        return error
    } catch {
        Issue.record("expected an error of type \(E.self), but \(error) was thrown", sourceLocation: sourceLocation)
    }
    return nil
}
