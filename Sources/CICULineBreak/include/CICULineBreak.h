#ifndef FLICK_ICU_LINE_BREAK_H
#define FLICK_ICU_LINE_BREAK_H

#include <stdint.h>

/// What ICU's line break iterator (UAX #14, with its dictionaries for Thai, Lao, Khmer, Burmese) allows at each
/// UTF-16 offset 0...length of `text`: 0 no break, 1 a break is allowed, 2 a break is mandatory.
/// `locale` ("ja", "zh"…; NULL or "" for the root rules) tunes a few classes.
/// Returns 0, or ICU's error code when the iterator cannot be made (its data missing).
/// A C shim because ICU's C API names carry its version (ubrk_open_72), which Swift would have to spell.
int32_t flick_icu_line_breaks(const uint16_t *text, int32_t length, const char *locale, uint8_t *boundaries);

#endif
