#include "CICULocale.h"

#include <string.h>
#include <unicode/udat.h>
#include <unicode/udatpg.h>
#include <unicode/uloc.h>
#include <unicode/unum.h>
#include <unicode/ustring.h>

/// Skeletons and zone ids are short ASCII.
enum { idCapacity = 64, patternCapacity = 128 };

static int toUChars(const char *text, UChar *out) {
    size_t length = strlen(text);
    if (length >= idCapacity) return -1;
    u_charsToUChars(text, out, (int32_t)length);
    return (int)length;
}

/// ICU's locale id ("pt_BR") for a BCP 47 tag ("pt-BR"); the root locale for a tag it cannot read.
static void localeID(const char *tag, char *out) {
    if (!flick_icu_language_tag(tag, out, ULOC_FULLNAME_CAPACITY)) out[0] = 0;
}

void *flick_icu_date_open(const char *tag, const char *skeleton, const char *zone, int32_t *status) {
    UErrorCode error = U_ZERO_ERROR;
    char locale[ULOC_FULLNAME_CAPACITY];
    localeID(tag, locale);
    UChar skeletonChars[idCapacity], zoneChars[idCapacity], pattern[patternCapacity];
    int skeletonLength = toUChars(skeleton, skeletonChars), zoneLength = toUChars(zone, zoneChars);
    if (skeletonLength < 0 || zoneLength < 0) {
        *status = U_ILLEGAL_ARGUMENT_ERROR;
        return NULL;
    }
    UDateTimePatternGenerator *generator = udatpg_open(locale, &error);
    int32_t patternLength = udatpg_getBestPattern(generator, skeletonChars, skeletonLength, pattern, patternCapacity, &error);
    if (generator != NULL) udatpg_close(generator);
    UDateFormat *format = udat_open(UDAT_PATTERN, UDAT_PATTERN, locale, zoneChars, zoneLength, pattern, patternLength, &error);
    if (U_FAILURE(error)) {
        if (format != NULL) udat_close(format);
        *status = error;
        return NULL;
    }
    *status = 0;
    return format;
}

int32_t flick_icu_date_format(const void *formatter, double milliseconds, uint16_t *text, int32_t capacity) {
    UErrorCode error = U_ZERO_ERROR;
    int32_t length = udat_format((const UDateFormat *)formatter, milliseconds, (UChar *)text, capacity, NULL, &error);
    return U_FAILURE(error) || length > capacity ? -1 : length;
}

void flick_icu_date_close(void *formatter) { udat_close((UDateFormat *)formatter); }

void *flick_icu_number_open(const char *tag, int32_t fractionDigits, int32_t *status) {
    UErrorCode error = U_ZERO_ERROR;
    char locale[ULOC_FULLNAME_CAPACITY];
    localeID(tag, locale);
    UNumberFormat *format = unum_open(UNUM_DECIMAL, NULL, 0, locale, NULL, &error);
    if (U_FAILURE(error)) {
        if (format != NULL) unum_close(format);
        *status = error;
        return NULL;
    }
    unum_setAttribute(format, UNUM_MIN_FRACTION_DIGITS, fractionDigits < 0 ? 0 : fractionDigits);
    unum_setAttribute(format, UNUM_MAX_FRACTION_DIGITS, fractionDigits < 0 ? 6 : fractionDigits);
    // ICU rounds half to even by default (86.25 to 86.2); people reading a display round half up.
    unum_setAttribute(format, UNUM_ROUNDING_MODE, UNUM_ROUND_HALFUP);
    *status = 0;
    return format;
}

int32_t flick_icu_number_format(const void *formatter, double value, uint16_t *text, int32_t capacity) {
    UErrorCode error = U_ZERO_ERROR;
    int32_t length = unum_formatDouble((const UNumberFormat *)formatter, value, (UChar *)text, capacity, NULL, &error);
    return U_FAILURE(error) || length > capacity ? -1 : length;
}

void flick_icu_number_close(void *formatter) { unum_close((UNumberFormat *)formatter); }
