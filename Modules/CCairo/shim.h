// cairo: used only by `lodestone bench render` as the peer the renderer is measured against.
#include <cairo.h>
