#ifndef FLICK_BUNDLED_FONTS_H
#define FLICK_BUNDLED_FONTS_H
#include <stddef.h>

/// The bytes of Fonts/DejaVuSans.ttf and Fonts/DejaVuSans-Bold.ttf, built into the binary, and their sizes.
const unsigned char *flick_dejavu_sans(size_t *size);
const unsigned char *flick_dejavu_sans_bold(size_t *size);

#endif
