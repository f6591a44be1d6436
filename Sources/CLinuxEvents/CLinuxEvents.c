#include "CLinuxEvents.h"
