// The bundled DejaVu faces, assembled into the binary with .incbin (found through the target's header search
// path, ../../Fonts), so a program built on Flick draws text wherever it is copied: no fonts directory to
// install, no environment variable. The .c file does not depend on the .ttf files for the build system: after
// replacing a font, touch this file.
#include "bundled_fonts.h"

// Hidden, so they are addressed directly (PC-relative) rather than through the GOT: a GOT reference to a label
// local to this file is a section symbol plus an offset, which lld resolves wrongly on aarch64 (the end labels
// pointed into the font data, and FreeType read far past it).
#define HIDDEN __attribute__((visibility("hidden")))
extern const unsigned char flick_dejavu_sans_start[] HIDDEN, flick_dejavu_sans_end[] HIDDEN;
extern const unsigned char flick_dejavu_sans_bold_start[] HIDDEN, flick_dejavu_sans_bold_end[] HIDDEN;

__asm__(
    ".section .rodata\n"
    ".balign 16\n"
    "flick_dejavu_sans_start:\n"
    ".incbin \"DejaVuSans.ttf\"\n"
    "flick_dejavu_sans_end:\n"
    ".balign 16\n"
    "flick_dejavu_sans_bold_start:\n"
    ".incbin \"DejaVuSans-Bold.ttf\"\n"
    "flick_dejavu_sans_bold_end:\n"
    ".previous\n");

const unsigned char *flick_dejavu_sans(size_t *size) {
    *size = (size_t)(flick_dejavu_sans_end - flick_dejavu_sans_start);
    return flick_dejavu_sans_start;
}

const unsigned char *flick_dejavu_sans_bold(size_t *size) {
    *size = (size_t)(flick_dejavu_sans_bold_end - flick_dejavu_sans_bold_start);
    return flick_dejavu_sans_bold_start;
}
