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

#endif
