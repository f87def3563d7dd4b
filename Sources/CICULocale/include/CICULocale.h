#ifndef FLICK_ICU_LOCALE_H
#define FLICK_ICU_LOCALE_H

#include <stdint.h>

/// What ICU knows of a language, for the kiosk's words and the direction its controls run. A C shim because ICU's C
/// API names carry its version (uloc_isRightToLeft_72), which Swift would have to spell.

/// Whether `tag` is a well-formed BCP 47 language tag, all of it ("ar", "pt-BR", "zh-Hant-TW"; not "en_US", not "").
/// Writes ICU's locale id for it ("pt_BR") into `locale` (`capacity` bytes, NUL-terminated). Returns 1 or 0.
int32_t flick_icu_language_tag(const char *tag, char *locale, int32_t capacity);

/// Whether the language's script is written right to left (ar, he, fa, ur…; from its likely script when the tag
/// names none). `locale` is an ICU locale id (from flick_icu_language_tag).
int32_t flick_icu_is_right_to_left(const char *locale);

/// The CLDR plural category of `count` in the language ("zero", "one", "two", "few", "many" or "other") into
/// `keyword` (`capacity` bytes, NUL-terminated). Returns 0, or ICU's error code (its data missing).
int32_t flick_icu_plural_category(const char *locale, double count, char *keyword, int32_t capacity);

/// `number` in the language's own digits ("٣" in Arabic) as UTF-16 into `text` (`capacity` units). Returns the
/// length, or -1 when ICU cannot format it (its data missing, no room).
int32_t flick_icu_format_integer(const char *locale, int64_t number, uint16_t *text, int32_t capacity);

// Dates and numbers as a language writes them, through ICU's formatters (libicui18n). Each formatter is opened
// once and used for many values; close it with its own close function.

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
