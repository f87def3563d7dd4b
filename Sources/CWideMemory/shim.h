// wmemset: glibc fills 32-bit units with the widest stores the CPU has, chosen at run time.
#include <wchar.h>
