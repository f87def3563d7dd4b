#include <setjmp.h>
#include <stdio.h>
#include <stdlib.h>
#include <jpeglib.h>
#include <jerror.h>
#include "jpeg_guard.h"

struct guarded {
    struct jpeg_decompress_struct info; // first, so the decompressor handed out is the whole struct
    struct jpeg_error_mgr errors;
    jmp_buf jump;
    char message[JMSG_LENGTH_MAX];
};

static struct guarded *guarded(void *info) { return (struct guarded *)info; }

static void fail(j_common_ptr info) {
    info->err->format_message(info, guarded(info)->message);
    longjmp(guarded(info)->jump, 1);
}

// Padding between segments, an unknown JFIF version or Adobe transform leave every pixel as it was: those pass.
static void warn(j_common_ptr info, int level) {
    if (level >= 0) return;
    switch (info->err->msg_code) {
    case JWRN_JPEG_EOF: case JWRN_HIT_MARKER: case JWRN_HUFF_BAD_CODE: case JWRN_ARITH_BAD_CODE:
    case JWRN_MUST_RESYNC: case JWRN_BOGUS_PROGRESSION:
        fail(info);
    }
}

static void silent(j_common_ptr info) { (void)info; }

struct jpeg_decompress_struct *flick_jpeg_create(const unsigned char *data, unsigned long size) {
    struct guarded *g = calloc(1, sizeof *g);
    if (!g) return NULL;
    g->info.err = jpeg_std_error(&g->errors);
    g->errors.error_exit = fail;
    g->errors.emit_message = warn;
    g->errors.output_message = silent;
    if (setjmp(g->jump)) {
        jpeg_destroy_decompress(&g->info);
        free(g);
        return NULL;
    }
    jpeg_create_decompress(&g->info);
    jpeg_mem_src(&g->info, data, size);
    jpeg_save_markers(&g->info, JPEG_APP0 + 1, 0xFFFF);
    return &g->info;
}

int flick_jpeg_read_header(struct jpeg_decompress_struct *info) {
    if (setjmp(guarded(info)->jump)) return 0;
    return jpeg_read_header(info, TRUE) == JPEG_HEADER_OK;
}

int flick_jpeg_start(struct jpeg_decompress_struct *info) {
    if (setjmp(guarded(info)->jump)) return 0;
    return jpeg_start_decompress(info);
}

int flick_jpeg_read_rows(struct jpeg_decompress_struct *info, unsigned char **rows, unsigned count) {
    if (setjmp(guarded(info)->jump)) return -1;
    unsigned read = 0;
    while (read < count && info->output_scanline < info->output_height)
        read += jpeg_read_scanlines(info, rows + read, count - read);
    return (int)read;
}

const char *flick_jpeg_message(struct jpeg_decompress_struct *info) { return guarded(info)->message; }

void flick_jpeg_destroy(struct jpeg_decompress_struct *info) {
    jpeg_destroy_decompress(info);
    free(guarded(info));
}
