#ifndef FLICK_JPEG_GUARD_H
#define FLICK_JPEG_GUARD_H

// libjpeg reports a damaged file through error_exit, which by default exits the process, and a truncated one only
// as a warning (the missing rows come out grey). Each function here runs one libjpeg step under setjmp, which
// Swift cannot call, with an error manager that jumps back instead of exiting and that also fails on the warnings
// meaning pixels were lost; it then returns 0 (or -1) and flick_jpeg_message says why.

struct jpeg_decompress_struct;

/// A decompressor reading `size` bytes at `data`, keeping APP1 (EXIF) markers; NULL when memory ran out.
struct jpeg_decompress_struct *flick_jpeg_create(const unsigned char *data, unsigned long size);
/// jpeg_read_header: 1, or 0 when the file is not a readable JPEG.
int flick_jpeg_read_header(struct jpeg_decompress_struct *info);
/// jpeg_start_decompress: 1, or 0.
int flick_jpeg_start(struct jpeg_decompress_struct *info);
/// jpeg_read_scanlines until `count` rows are in `rows` or the image ends: the rows read, or -1.
int flick_jpeg_read_rows(struct jpeg_decompress_struct *info, unsigned char **rows, unsigned count);
/// Why the last step failed.
const char *flick_jpeg_message(struct jpeg_decompress_struct *info);
/// jpeg_destroy_decompress, and the memory flick_jpeg_create took.
void flick_jpeg_destroy(struct jpeg_decompress_struct *info);

#endif
