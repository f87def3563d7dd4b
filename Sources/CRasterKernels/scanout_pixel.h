// One pixel of each scan-out format, as FlickDisplay converts it: the scalar tails the x86 and NEON rows share.
// Not part of the module's interface.
#ifndef FLICK_RASTER_SCANOUT_PIXEL_H
#define FLICK_RASTER_SCANOUT_PIXEL_H

#include <stdint.h>

/// Each channel's top bits: red 5, green 6, blue 5.
static inline uint16_t rgb565_pixel(uint32_t p) {
    return (uint16_t)((p >> 8 & 0xF800) | (p >> 5 & 0x07E0) | (p >> 3 & 0x001F));
}

/// Red and blue swapped, the unused byte zero.
static inline uint32_t xbgr8888_pixel(uint32_t p) { return (p & 0xFF00) | (p >> 16 & 0xFF) | (p & 0xFF) << 16; }

/// Three bytes: B, G, R in memory, or R, G, B with swap_red_blue.
static inline void store_pixel24(uint8_t *dst, uint32_t p, int swap_red_blue) {
    dst[0] = (uint8_t)(swap_red_blue ? p >> 16 : p);
    dst[1] = (uint8_t)(p >> 8);
    dst[2] = (uint8_t)(swap_red_blue ? p : p >> 16);
}

#endif
