#include "CICULocale.h"

#include <string.h>
#include <unicode/uloc.h>
#include <unicode/unum.h>
#include <unicode/upluralrules.h>

int32_t flick_icu_language_tag(const char *tag, char *locale, int32_t capacity) {
    UErrorCode status = U_ZERO_ERROR;
    int32_t parsed = 0;
    size_t length = strlen(tag);
    if (length == 0) return 0;
    int32_t written = uloc_forLanguageTag(tag, locale, capacity, &parsed, &status);
    // ICU reads the longest well-formed start; anything it left over ("_US", a bad subtag) makes the tag ill-formed.
    if (U_FAILURE(status) || status == U_STRING_NOT_TERMINATED_WARNING || written <= 0 || (size_t)parsed != length) return 0;
    return 1;
}

int32_t flick_icu_is_right_to_left(const char *locale) {
    return uloc_isRightToLeft(locale) ? 1 : 0;
}

int32_t flick_icu_plural_category(const char *locale, double count, char *keyword, int32_t capacity) {
    UErrorCode status = U_ZERO_ERROR;
    UPluralRules *rules = uplrules_open(locale, &status);
    if (U_FAILURE(status)) return status;
    UChar buffer[16];
    int32_t length = uplrules_select(rules, count, buffer, 16, &status);
    uplrules_close(rules);
    if (U_FAILURE(status) || length >= capacity) return U_FAILURE(status) ? status : U_BUFFER_OVERFLOW_ERROR;
    // The keywords are ASCII.
    for (int32_t i = 0; i < length; i++) keyword[i] = (char)buffer[i];
    keyword[length] = 0;
    return 0;
}

int32_t flick_icu_format_integer(const char *locale, int64_t number, uint16_t *text, int32_t capacity) {
    UErrorCode status = U_ZERO_ERROR;
    UNumberFormat *format = unum_open(UNUM_DECIMAL, NULL, 0, locale, NULL, &status);
    if (U_FAILURE(status)) return -1;
    int32_t length = unum_formatInt64(format, number, (UChar *)text, capacity, NULL, &status);
    unum_close(format);
    if (U_FAILURE(status) || status == U_STRING_NOT_TERMINATED_WARNING) return -1;
    return length;
}
