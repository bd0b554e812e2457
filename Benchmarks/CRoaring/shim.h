// CRoaring, installed by libroaring-dev; a benchmark peer only.
#include <roaring/roaring.h>
