import FlickFiles

/// Everything FlickText can fail at: opening a font, or finding the bundled ones.
/// Each description is one line that names the file and says what to do.
public enum TextError: Error, Equatable, CustomStringConvertible {
    /// A FreeType call returned `code` while working on the font at `file`.
    case freeType(file: String, call: String, code: Int32)
    /// The file opened but is not something we can draw with (bitmap-only, no Unicode cmap, no glyphs).
    case unusableFont(file: String, reason: String)
    /// The file's table directory lists `table` past its end: a partial copy or download.
    case truncatedFont(file: String, table: String)
    /// The font file is missing, not a regular file or too large to read.
    case unreadableFont(FileError)

    public var description: String {
        switch self {
        case let .freeType(file, call, code):
            let hex = "0x" + (code < 16 ? "0" : "") + String(code, radix: 16, uppercase: true)
            return "\(file): \(call) failed (error \(hex) \(Self.freeTypeMessage(code))): \(Self.advice(code))"
        case let .unreadableFont(error):
            return "\(error): use a TrueType/OpenType font file"
        case let .unusableFont(file, reason):
            return "\(file): \(reason): use a scalable TrueType/OpenType font with a Unicode cmap"
        case let .truncatedFont(file, table):
            return "\(file): table '\(table)' runs past the end of the file: font file is truncated: replace it"
        }
    }

    private static func advice(_ code: Int32) -> String {
        switch code {
        case 0x01, 0x51: "file missing or unreadable: check the path and permissions"
        case 0x02: "not a font file"
        case 0x03, 0x08, 0x09, 0x14, 0x15, 0x52...0x58, 0x8E...0x9B: "font file is damaged or truncated: replace it"
        case 0x40: "out of memory"
        default: "FreeType cannot use this font: replace it"
        }
    }

    /// FreeType's own strings (fterrdef.h). `FT_Error_String` returns NULL unless FreeType was built
    /// with FT_CONFIG_OPTION_ERROR_STRINGS, which distributions usually leave off.
    static func freeTypeMessage(_ code: Int32) -> String {
        switch code {
        case 0x01: "cannot open resource"
        case 0x02: "unknown file format"
        case 0x03: "broken file"
        case 0x04: "invalid FreeType version"
        case 0x05: "module version is too low"
        case 0x06: "invalid argument"
        case 0x07: "unimplemented feature"
        case 0x08: "broken table"
        case 0x09: "broken offset within table"
        case 0x0A: "array allocation size too large"
        case 0x0B: "missing module"
        case 0x0C: "missing property"
        case 0x10: "invalid glyph index"
        case 0x11: "invalid character code"
        case 0x12: "unsupported glyph image format"
        case 0x13: "cannot render this glyph format"
        case 0x14: "invalid outline"
        case 0x15: "invalid composite glyph"
        case 0x16: "too many hints"
        case 0x17: "invalid pixel size"
        case 0x18: "invalid SVG document"
        case 0x20: "invalid object handle"
        case 0x21: "invalid library handle"
        case 0x22: "invalid module handle"
        case 0x23: "invalid face handle"
        case 0x24: "invalid size handle"
        case 0x25: "invalid glyph slot handle"
        case 0x26: "invalid charmap handle"
        case 0x27: "invalid cache manager handle"
        case 0x28: "invalid stream handle"
        case 0x30: "too many modules"
        case 0x31: "too many extensions"
        case 0x40: "out of memory"
        case 0x41: "unlisted object"
        case 0x51: "cannot open stream"
        case 0x52: "invalid stream seek"
        case 0x53: "invalid stream skip"
        case 0x54: "invalid stream read"
        case 0x55: "invalid stream operation"
        case 0x56: "invalid frame operation"
        case 0x57: "nested frame access"
        case 0x58: "invalid frame read"
        case 0x60: "raster uninitialized"
        case 0x61: "raster corrupted"
        case 0x62: "raster overflow"
        case 0x63: "negative height while rastering"
        case 0x70: "too many registered caches"
        case 0x80: "invalid opcode"
        case 0x81: "too few arguments"
        case 0x82: "stack overflow"
        case 0x83: "code overflow"
        case 0x84: "bad argument"
        case 0x85: "division by zero"
        case 0x86: "invalid reference"
        case 0x87: "found debug opcode"
        case 0x88: "found ENDF opcode in execution stream"
        case 0x89: "nested DEFS"
        case 0x8A: "invalid code range"
        case 0x8B: "execution context too long"
        case 0x8C: "too many function definitions"
        case 0x8D: "too many instruction definitions"
        case 0x8E: "SFNT font table missing"
        case 0x8F: "horizontal header (hhea) table missing"
        case 0x90: "locations (loca) table missing"
        case 0x91: "name table missing"
        case 0x92: "character map (cmap) table missing"
        case 0x93: "horizontal metrics (hmtx) table missing"
        case 0x94: "PostScript (post) table missing"
        case 0x95: "invalid horizontal metrics"
        case 0x96: "invalid character map (cmap) format"
        case 0x97: "invalid ppem value"
        case 0x98: "invalid vertical metrics"
        case 0x99: "could not find context"
        case 0x9A: "invalid PostScript (post) table format"
        case 0x9B: "invalid PostScript (post) table"
        case 0x9C: "found FDEF or IDEF opcode in glyf bytecode"
        case 0x9D: "missing bitmap in strike"
        case 0x9E: "SVG hooks have not been set"
        case 0xA0: "opcode syntax error"
        case 0xA1: "argument stack underflow"
        case 0xA2: "ignore"
        case 0xA3: "no Unicode glyph name found"
        case 0xA4: "glyph too big for hinting"
        default: "unknown error"
        }
    }
}
