// jemalloc's public API (mallctl and friends), installed by libjemalloc-dev.
#include <jemalloc/jemalloc.h>
