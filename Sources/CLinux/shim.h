// Linux and glibc interfaces Swift's Glibc module leaves out.
#include <wchar.h>          // wmemset: 32-bit fills with the widest stores the CPU has, chosen at run time
#include <sys/signalfd.h>
#include <sys/timerfd.h>
#include <sys/ioctl.h>
#include <linux/kd.h>
#include <linux/vt.h>
#include <linux/fb.h>
