#include "CICULineBreak.h"

#include <pthread.h>
#include <string.h>
#include <unicode/ubrk.h>

/// Opening an iterator parses its rules; one root-locale iterator is made once and cloned for each thread that breaks
/// lines, and that thread's clone is kept for its next text (cloning and closing per text was most of ICU's share of
/// laying out short texts).
static UBreakIterator *rootIterator;
static UErrorCode rootStatus = U_ZERO_ERROR;
static pthread_once_t rootOnce = PTHREAD_ONCE_INIT;
static pthread_key_t threadIteratorKey;

static void closeThreadIterator(void *iterator) { ubrk_close((UBreakIterator *)iterator); }

static void openRootIterator(void) {
    rootIterator = ubrk_open(UBRK_LINE, "", NULL, 0, &rootStatus);
    if (U_SUCCESS(rootStatus) && pthread_key_create(&threadIteratorKey, closeThreadIterator) != 0) {
        rootStatus = U_MEMORY_ALLOCATION_ERROR;
    }
}

int32_t flick_icu_line_breaks(const uint16_t *text, int32_t length, const char *locale, uint8_t *boundaries) {
    UErrorCode status = U_ZERO_ERROR;
    UBreakIterator *iterator;
    int kept = 0;
    if (locale != NULL && locale[0] != 0) {
        iterator = ubrk_open(UBRK_LINE, locale, (const UChar *)text, length, &status);
    } else {
        pthread_once(&rootOnce, openRootIterator);
        if (U_FAILURE(rootStatus)) return rootStatus;
        iterator = pthread_getspecific(threadIteratorKey);
        if (iterator == NULL) {
            iterator = ubrk_clone(rootIterator, &status);
            if (U_SUCCESS(status) && pthread_setspecific(threadIteratorKey, iterator) != 0) {
                status = U_MEMORY_ALLOCATION_ERROR;
            }
        }
        kept = U_SUCCESS(status);
        if (U_SUCCESS(status)) ubrk_setText(iterator, (const UChar *)text, length, &status);
    }
    if (U_FAILURE(status)) {
        if (iterator != NULL && !kept) ubrk_close(iterator);
        return status;
    }
    memset(boundaries, 0, (size_t)length + 1);
    for (int32_t at = ubrk_next(iterator); at != UBRK_DONE; at = ubrk_next(iterator)) {
        boundaries[at] = ubrk_getRuleStatus(iterator) >= UBRK_LINE_HARD ? 2 : 1;
    }
    if (!kept) ubrk_close(iterator);
    return 0;
}
