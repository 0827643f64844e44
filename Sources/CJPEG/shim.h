#include <stddef.h>
#include <stdio.h>
#include <setjmp.h>
#include <jpeglib.h>

/* libjpeg's default error handler ends the process; this one jumps back to flightlog_jpeg_read. */
typedef struct {
    struct jpeg_error_mgr manager;
    jmp_buf jump;
} flightlog_jpeg_error;

static void flightlog_jpeg_exit(j_common_ptr info) { longjmp(((flightlog_jpeg_error *)info->err)->jump, 1); }
static void flightlog_jpeg_quiet(j_common_ptr info) { (void)info; }

/* Reads the JPEG image in `data`: its size into `width` and `height` and, when `pixels` is not NULL, its pixels in
   cairo's RGB24 layout (a native-endian 32-bit 0x00RRGGBB per pixel, `stride` bytes a row; `pixels` must hold
   `height` rows of the `width` read before). Returns 0, or -1 with libjpeg's reason in `message` (JMSG_LENGTH_MAX
   bytes) when the data is not a JPEG image it can decode. */
static inline int flightlog_jpeg_read(
    const unsigned char *data, unsigned long size, int *width, int *height, unsigned char *pixels, int stride,
    char *message) {
    struct jpeg_decompress_struct info;
    flightlog_jpeg_error error;
    info.err = jpeg_std_error(&error.manager);
    error.manager.error_exit = flightlog_jpeg_exit;
    error.manager.output_message = flightlog_jpeg_quiet;
    if (setjmp(error.jump)) {
        error.manager.format_message((j_common_ptr)&info, message);
        jpeg_destroy_decompress(&info);
        return -1;
    }
    jpeg_create_decompress(&info);
    jpeg_mem_src(&info, data, size);
    jpeg_read_header(&info, TRUE);
    *width = (int)info.image_width;
    *height = (int)info.image_height;
    if (pixels != NULL) {
#if __BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__
        info.out_color_space = JCS_EXT_BGRX;
#else
        info.out_color_space = JCS_EXT_XRGB;
#endif
        jpeg_start_decompress(&info);
        while (info.output_scanline < info.output_height) {
            JSAMPROW row = pixels + (size_t)info.output_scanline * (size_t)stride;
            jpeg_read_scanlines(&info, &row, 1);
        }
        jpeg_finish_decompress(&info);
    }
    jpeg_destroy_decompress(&info);
    return 0;
}
