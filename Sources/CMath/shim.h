#ifndef ITINERARY_CMATH_SHIM_H
#define ITINERARY_CMATH_SHIM_H

// glibc's `sincos` is declared only with _GNU_SOURCE, which Swift's Glibc
// module does not set: its sine and cosine are those of `sin` and `cos`,
// bit for bit, for about the price of one.
#define _GNU_SOURCE
#include <math.h>

static inline void itinerary_sincos(double x, double *sine, double *cosine) {
  sincos(x, sine, cosine);
}

#endif
