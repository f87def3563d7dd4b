#ifndef FLICK_ICU_FORMAT_H
#define FLICK_ICU_FORMAT_H

#include <stdint.h>

/// Dates and numbers as a language writes them, through ICU's formatters (libicui18n). A C shim because ICU's C
/// API names carry its version (udat_open_72), which Swift would have to spell. Languages are BCP 47 tags ("en",
/// "ar", "ja-JP", "pt-BR"); one ICU cannot read is formatted as ICU's root locale. Each formatter is opened once
/// and used for many values; close it with its own close function.

/// Whether the language of `tag` is written right to left (Arabic, Hebrew, Persian): 1 or 0.
int flick_icu_is_right_to_left(const char *tag);

/// A date formatter for the language of `tag` whose pattern is the language's best for `skeleton` ("jmm",
/// "EEEEdMMMM"; udatpg_getBestPattern), in the time zone `zone` ("UTC", "Europe/Paris"). NULL when ICU cannot make
/// one (its data missing, a skeleton it rejects); `*status` is then ICU's error code.
void *flick_icu_date_open(const char *tag, const char *skeleton, const char *zone, int32_t *status);

/// `milliseconds` since 1970 written by `formatter` into `text` (UTF-16, at most `capacity` units): the length
/// written, or -1 when it did not fit or ICU failed.
int32_t flick_icu_date_format(const void *formatter, double milliseconds, uint16_t *text, int32_t capacity);

void flick_icu_date_close(void *formatter);

/// A decimal number formatter for the language of `tag`, with its digits and separators: `fractionDigits` >= 0
/// shows exactly that many digits after the point, -1 up to 6 with trailing zeros dropped. NULL when ICU cannot
/// make one (`*status` is its error code).
void *flick_icu_number_open(const char *tag, int32_t fractionDigits, int32_t *status);

/// `value` written by `formatter` into `text` (UTF-16, at most `capacity` units): the length written, or -1.
int32_t flick_icu_number_format(const void *formatter, double value, uint16_t *text, int32_t capacity);

void flick_icu_number_close(void *formatter);

#endif
