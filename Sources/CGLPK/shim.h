// GLPK, the GNU Linear Programming Kit (Debian: libglpk-dev).
//
// GLPK ships no pkg-config file, so the module map links `glpk` by name.
// Its API has no variadic functions or function-like macros, so the header
// is imported as it is.
#include <glpk.h>
