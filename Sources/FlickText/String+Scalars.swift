extension String {
    /// The text of `scalars`, encoded into the string's UTF-8 storage in one pass: building it through
    /// `String.UnicodeScalarView` appends scalar by scalar and was a sixth of the time of laying text out.
    package init<Scalars: Collection<Unicode.Scalar>>(scalars: Scalars) {
        var utf8Count = 0
        for scalar in scalars { utf8Count += UTF8.width(scalar) }
        self.init(unsafeUninitializedCapacity: utf8Count) { buffer in
            var at = 0
            for scalar in scalars {
                UTF8.encode(scalar) { buffer[at] = $0; at += 1 }
            }
            return at
        }
    }
}
