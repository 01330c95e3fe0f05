/* Linked into a test program (im-c-form-odd-malloc), this replaces the process's malloc
 * with one shaped like Chromium's PartitionAlloc with BackupRefPtr on: every slot is a
 * multiple of 16 bytes, its last 4 bytes hold a count (1 while allocated), and
 * malloc_usable_size() answers "slot size - 4", never a multiple of 8. free() checks the
 * count and aborts, as PartitionAlloc does, when something wrote over it. The keypad
 * module must keep typing in such a process (Chromium's, docs/web-kiosks.md). */
#define _GNU_SOURCE
#include <errno.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

extern void *__libc_memalign(size_t alignment, size_t size);
extern void __libc_free(void *pointer);

#define HEADER 16
#define COUNT_HELD 0x1u

static size_t slot_of(void *pointer) {
    return *(size_t *)((char *)pointer - HEADER);
}

static uint32_t *count_of(void *pointer) {
    return (uint32_t *)((char *)pointer + slot_of(pointer) - sizeof(uint32_t));
}

static void *allocate(size_t alignment, size_t size) {
    if (alignment < HEADER) alignment = HEADER;
    if (size > SIZE_MAX / 2) return NULL;
    size_t slot = (size + sizeof(uint32_t) + 15) & ~(size_t)15;
    char *raw = __libc_memalign(alignment, alignment + slot);
    if (!raw) return NULL;
    char *pointer = raw + alignment;
    *(size_t *)(pointer - HEADER) = slot;
    *(void **)(pointer - HEADER + sizeof(size_t)) = raw;
    *count_of(pointer) = COUNT_HELD;
    return pointer;
}

void *malloc(size_t size) {
    return allocate(HEADER, size);
}

void free(void *pointer) {
    if (!pointer) return;
    if (*count_of(pointer) != COUNT_HELD) {
        static const char line[] = "odd-malloc: the count at the end of a slot was overwritten\n";
        if (write(2, line, sizeof line - 1) < 0) { /* aborting anyway */ }
        abort();
    }
    __libc_free(*(void **)((char *)pointer - HEADER + sizeof(size_t)));
}

void *calloc(size_t count, size_t size) {
    size_t total;
    if (__builtin_mul_overflow(count, size, &total)) return NULL;
    void *pointer = malloc(total);
    if (pointer) memset(pointer, 0, total);
    return pointer;
}

size_t malloc_usable_size(void *pointer) {
    return pointer ? slot_of(pointer) - sizeof(uint32_t) : 0;
}

void *realloc(void *pointer, size_t size) {
    if (!pointer) return malloc(size);
    if (size == 0) {
        free(pointer);
        return NULL;
    }
    void *moved = malloc(size);
    if (!moved) return NULL;
    size_t old = malloc_usable_size(pointer);
    memcpy(moved, pointer, old < size ? old : size);
    free(pointer);
    return moved;
}

int posix_memalign(void **out, size_t alignment, size_t size) {
    void *pointer = allocate(alignment, size);
    if (!pointer) return ENOMEM;
    *out = pointer;
    return 0;
}

void *aligned_alloc(size_t alignment, size_t size) {
    return allocate(alignment, size);
}

void *memalign(size_t alignment, size_t size) {
    return allocate(alignment, size);
}

void *valloc(size_t size) {
    return allocate((size_t)sysconf(_SC_PAGESIZE), size);
}

void *pvalloc(size_t size) {
    size_t page = (size_t)sysconf(_SC_PAGESIZE);
    return allocate(page, (size + page - 1) & ~(page - 1));
}
