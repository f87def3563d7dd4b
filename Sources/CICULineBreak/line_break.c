#include "CICULineBreak.h"

#include <pthread.h>
#include <string.h>
#include <unicode/ubrk.h>

/// Opening an iterator parses its rules; one root-locale iterator is made once and cloned per call (cloning is
/// cheap and safe from any thread).
static UBreakIterator *rootIterator;
static UErrorCode rootStatus = U_ZERO_ERROR;
static pthread_once_t rootOnce = PTHREAD_ONCE_INIT;

static void openRootIterator(void) {
    rootIterator = ubrk_open(UBRK_LINE, "", NULL, 0, &rootStatus);
}

int32_t flick_icu_line_breaks(const uint16_t *text, int32_t length, const char *locale, uint8_t *boundaries) {
    UErrorCode status = U_ZERO_ERROR;
    UBreakIterator *iterator;
    if (locale != NULL && locale[0] != 0) {
        iterator = ubrk_open(UBRK_LINE, locale, (const UChar *)text, length, &status);
    } else {
        pthread_once(&rootOnce, openRootIterator);
        if (U_FAILURE(rootStatus)) return rootStatus;
        iterator = ubrk_clone(rootIterator, &status);
        if (U_SUCCESS(status)) ubrk_setText(iterator, (const UChar *)text, length, &status);
    }
    if (U_FAILURE(status)) {
        if (iterator != NULL) ubrk_close(iterator);
        return status;
    }
    memset(boundaries, 0, (size_t)length + 1);
    for (int32_t at = ubrk_next(iterator); at != UBRK_DONE; at = ubrk_next(iterator)) {
        boundaries[at] = ubrk_getRuleStatus(iterator) >= UBRK_LINE_HARD ? 2 : 1;
    }
    ubrk_close(iterator);
    return 0;
}
