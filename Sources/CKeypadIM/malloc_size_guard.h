#ifndef KEYPAD_MALLOC_SIZE_GUARD_H
#define KEYPAD_MALLOC_SIZE_GUARD_H

/* Makes the malloc family of this module and of the Swift libraries it loads answer only
 * sizes that are multiples of 8, when the process's malloc does not (Chromium's
 * PartitionAlloc with BackupRefPtr). Once per process, before any Swift code runs.
 * Returns 1 when Swift code can allocate safely here (guarded, or no guard needed),
 * 0 when it cannot (the guard could not be installed). */
int keypad_im_guard_malloc_sizes(void);

#endif
