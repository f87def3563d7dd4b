import CHarfBuzz

/// Unicode script of each scalar, for splitting text into runs HarfBuzz shapes one script at a time (UAX #24):
/// Common and Inherited characters (spaces, punctuation, digits, combining marks) take the script around them.
enum ScriptRuns {
    static func scripts(_ codepoints: [UInt32]) -> [hb_script_t] {
        let functions = hb_unicode_funcs_get_default()
        var scripts = codepoints.map { hb_unicode_script(functions, $0) }
        func neutral(_ s: hb_script_t) -> Bool {
            s == HB_SCRIPT_COMMON || s == HB_SCRIPT_INHERITED || s == HB_SCRIPT_UNKNOWN
        }
        // Forwards from the first real script; what comes before it takes that one.
        var current: hb_script_t?
        for i in scripts.indices {
            if neutral(scripts[i]) { if let current { scripts[i] = current } } else { current = scripts[i] }
        }
        // Text of no script at all (emoji, digits, punctuation) is one Common run: a joiner must not split it.
        let first = scripts.first(where: { !neutral($0) }) ?? HB_SCRIPT_COMMON
        for i in scripts.indices where neutral(scripts[i]) { scripts[i] = first }
        return scripts
    }

    /// Scripts whose letters join (Arabic, Syriac, N'Ko, Mongolian…): cutting one of their words leaves a
    /// letter in the wrong form, so an ellipsis goes between words.
    static func joins(_ script: hb_script_t) -> Bool {
        [HB_SCRIPT_ARABIC, HB_SCRIPT_SYRIAC, HB_SCRIPT_NKO, HB_SCRIPT_MONGOLIAN, HB_SCRIPT_MANDAIC, HB_SCRIPT_ADLAM]
            .contains { $0.rawValue == script.rawValue }
    }
}
