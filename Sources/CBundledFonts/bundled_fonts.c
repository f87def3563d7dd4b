// The bundled DejaVu faces, assembled into the binary with .incbin (found through the target's header search
// path, ../../Fonts), so a program built on Flick draws text wherever it is copied: no fonts directory to
// install, no environment variable. The .c file does not depend on the .ttf files for the build system: after
// replacing a font, touch this file.
#include "bundled_fonts.h"

// Hidden: the labels are this binary's own, reached PC-relative. As plain externs, aarch64's position-independent
// code asked the GOT for them, and a GOT entry for a label local to the assembly pointed at the start of .rodata
// (FreeType then read other data as the font and crashed).
#define BUNDLED __attribute__((visibility("hidden")))
BUNDLED extern const unsigned char flick_dejavu_sans_start[], flick_dejavu_sans_end[];
BUNDLED extern const unsigned char flick_dejavu_sans_bold_start[], flick_dejavu_sans_bold_end[];

__asm__(
    ".section .rodata\n"
    ".globl flick_dejavu_sans_start, flick_dejavu_sans_end, flick_dejavu_sans_bold_start, flick_dejavu_sans_bold_end\n"
    ".hidden flick_dejavu_sans_start, flick_dejavu_sans_end, flick_dejavu_sans_bold_start, flick_dejavu_sans_bold_end\n"
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
