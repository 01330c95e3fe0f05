/* Swift's standard library sizes its buffers from malloc_usable_size() and takes the
 * answer to be a multiple of 8 (String's storage asserts it; it then puts its 8-byte,
 * 8-aligned breadcrumbs pointer right below the end it was told). Chromium's allocator,
 * PartitionAlloc with BackupRefPtr on (Chromium's default), keeps a 4-byte reference
 * count in the last 4 bytes of every slot and answers "slot size - 4": 188 for a 192-byte
 * slot. A long String's breadcrumbs then overwrite that count, and PartitionAlloc stops
 * the browser (SIGTRAP, "corruption detected") when the String is freed.
 * docs/web-kiosks.md has the measurements.
 *
 * The guard gives the module's Swift code (the module itself, and the Swift runtime and
 * Foundation libraries it loads) a malloc family that never answers a size Swift cannot
 * use: every request is rounded up to a multiple of 8, and malloc_usable_size() is
 * rounded down to one. A request of R (a multiple of 8) gets at least R usable bytes,
 * so the rounded-down answer is still >= R, and nothing Swift aligns up crosses it.
 * It installs itself by pointing those objects' GOT entries for the malloc family at the
 * wrappers below; the C library, the host and its other libraries keep theirs. */

#define _GNU_SOURCE /* dl_iterate_phdr, RTLD_DEFAULT */
#include <dlfcn.h>
#include <elf.h>
#include <link.h>
#include <malloc.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>
#include "malloc_size_guard.h"

#if defined(__x86_64__)
#define GUARD_R_JUMP_SLOT R_X86_64_JUMP_SLOT
#define GUARD_R_GLOB_DAT R_X86_64_GLOB_DAT
#define GUARD_R_ABS64 R_X86_64_64
#elif defined(__aarch64__)
#define GUARD_R_JUMP_SLOT R_AARCH64_JUMP_SLOT
#define GUARD_R_GLOB_DAT R_AARCH64_GLOB_DAT
#define GUARD_R_ABS64 R_AARCH64_ABS64
#endif

static void *(*real_malloc)(size_t);
static void *(*real_calloc)(size_t, size_t);
static void *(*real_realloc)(void *, size_t);
static int (*real_posix_memalign)(void **, size_t, size_t);
static void *(*real_aligned_alloc)(size_t, size_t);
static void *(*real_memalign)(size_t, size_t);
static size_t (*real_malloc_usable_size)(void *);

#if defined(GUARD_R_JUMP_SLOT)
static size_t round_up(size_t size) {
    return size > SIZE_MAX - 7 ? size : (size + 7) & ~(size_t)7;
}

static void *guard_malloc(size_t size) {
    return real_malloc(round_up(size));
}

static void *guard_calloc(size_t count, size_t size) {
    size_t total;
    if (__builtin_mul_overflow(count, size, &total)) return real_calloc(count, size);
    return real_calloc(1, round_up(total));
}

static void *guard_realloc(void *pointer, size_t size) {
    /* realloc(p, 0) keeps its meaning: 0 rounds to 0. */
    return real_realloc(pointer, round_up(size));
}

static int guard_posix_memalign(void **out, size_t alignment, size_t size) {
    return real_posix_memalign(out, alignment, round_up(size));
}

static void *guard_aligned_alloc(size_t alignment, size_t size) {
    return real_aligned_alloc(alignment, round_up(size));
}

static void *guard_memalign(size_t alignment, size_t size) {
    return real_memalign(alignment, round_up(size));
}

static size_t guard_malloc_usable_size(void *pointer) {
    return pointer ? real_malloc_usable_size(pointer) & ~(size_t)7 : 0;
}

typedef struct {
    const char *name;
    void *wrapper;
} Replacement;

static const Replacement replacements[] = {
    { "malloc", (void *)guard_malloc },
    { "calloc", (void *)guard_calloc },
    { "realloc", (void *)guard_realloc },
    { "posix_memalign", (void *)guard_posix_memalign },
    { "aligned_alloc", (void *)guard_aligned_alloc },
    { "memalign", (void *)guard_memalign },
    { "malloc_usable_size", (void *)guard_malloc_usable_size },
};

static int failures;

/* Where the dynamic section's pointer `value` points: glibc relocates most of them in
 * place, other loaders leave them as offsets from the load address. */
static uintptr_t dynamic_address(const struct dl_phdr_info *info, ElfW(Addr) value) {
    return value < info->dlpi_addr ? info->dlpi_addr + value : value;
}

static void patch_slot(const struct dl_phdr_info *info, uintptr_t slot, void *wrapper) {
    long page_size = sysconf(_SC_PAGESIZE);
    uintptr_t page = slot & ~((uintptr_t)page_size - 1);
    /* Read-only after relocation (RELRO) or writable data: put back what it was. */
    int relro = 0;
    for (int i = 0; i < info->dlpi_phnum; i++) {
        const ElfW(Phdr) *header = &info->dlpi_phdr[i];
        uintptr_t start = info->dlpi_addr + header->p_vaddr;
        if (header->p_type == PT_GNU_RELRO && slot >= start && slot < start + header->p_memsz) relro = 1;
    }
    if (relro && mprotect((void *)page, (size_t)page_size, PROT_READ | PROT_WRITE) != 0) {
        failures++;
        return;
    }
    __atomic_store_n((void **)slot, wrapper, __ATOMIC_RELEASE);
    if (relro) mprotect((void *)page, (size_t)page_size, PROT_READ);
}

static void patch_relocations(const struct dl_phdr_info *info, const ElfW(Rela) *relocations, size_t size,
                              const ElfW(Sym) *symbols, const char *strings) {
    for (size_t i = 0; i < size / sizeof *relocations; i++) {
        const ElfW(Rela) *relocation = &relocations[i];
        unsigned long type = ELF64_R_TYPE(relocation->r_info);
        if (type != GUARD_R_JUMP_SLOT && type != GUARD_R_GLOB_DAT
            && !(type == GUARD_R_ABS64 && relocation->r_addend == 0)) continue;
        const char *name = strings + symbols[ELF64_R_SYM(relocation->r_info)].st_name;
        for (size_t r = 0; r < sizeof replacements / sizeof *replacements; r++) {
            if (strcmp(name, replacements[r].name) == 0) {
                patch_slot(info, info->dlpi_addr + relocation->r_offset, replacements[r].wrapper);
            }
        }
    }
}

/* Whether the object is this module or runs Swift code: it is libswiftCore.so or needs it. */
static int is_swift_object(const struct dl_phdr_info *info, const ElfW(Dyn) *dynamic, const char *strings) {
    Dl_info self;
    if (dladdr((void *)keypad_im_guard_malloc_sizes, &self) && self.dli_fbase == (void *)info->dlpi_addr) return 1;
    if (info->dlpi_name && strstr(info->dlpi_name, "/libswiftCore.so")) return 1;
    for (const ElfW(Dyn) *entry = dynamic; entry->d_tag != DT_NULL; entry++) {
        if (entry->d_tag == DT_NEEDED && strcmp(strings + entry->d_un.d_val, "libswiftCore.so") == 0) return 1;
    }
    return 0;
}

static int patch_object(struct dl_phdr_info *info, size_t size, void *data) {
    (void)size;
    (void)data;
    const ElfW(Dyn) *dynamic = NULL;
    for (int i = 0; i < info->dlpi_phnum; i++) {
        if (info->dlpi_phdr[i].p_type == PT_DYNAMIC) {
            dynamic = (const ElfW(Dyn) *)(info->dlpi_addr + info->dlpi_phdr[i].p_vaddr);
        }
    }
    if (!dynamic) return 0;
    const ElfW(Sym) *symbols = NULL;
    const char *strings = NULL;
    const ElfW(Rela) *plt = NULL, *rela = NULL;
    size_t plt_size = 0, rela_size = 0;
    for (const ElfW(Dyn) *entry = dynamic; entry->d_tag != DT_NULL; entry++) {
        switch (entry->d_tag) {
        case DT_SYMTAB: symbols = (const ElfW(Sym) *)dynamic_address(info, entry->d_un.d_ptr); break;
        case DT_STRTAB: strings = (const char *)dynamic_address(info, entry->d_un.d_ptr); break;
        case DT_JMPREL: plt = (const ElfW(Rela) *)dynamic_address(info, entry->d_un.d_ptr); break;
        case DT_PLTRELSZ: plt_size = entry->d_un.d_val; break;
        case DT_RELA: rela = (const ElfW(Rela) *)dynamic_address(info, entry->d_un.d_ptr); break;
        case DT_RELASZ: rela_size = entry->d_un.d_val; break;
        default: break;
        }
    }
    if (!symbols || !strings || !is_swift_object(info, dynamic, strings)) return 0;
    if (plt) patch_relocations(info, plt, plt_size, symbols, strings);
    if (rela) patch_relocations(info, rela, rela_size, symbols, strings);
    return 0;
}

#endif /* GUARD_R_JUMP_SLOT */

/* Whether this process's malloc answers sizes that are not a multiple of 8. */
static int sizes_need_guard(void) {
    if (dlsym(RTLD_DEFAULT, "ChromeMain")) return 1; /* PartitionAlloc may turn BackupRefPtr on later */
    for (size_t size = 1; size <= 64; size += 7) {
        void *probe = real_malloc(size);
        size_t usable = probe ? real_malloc_usable_size(probe) : 0;
        free(probe);
        if (usable % 8 != 0) return 1;
    }
    return 0;
}

int keypad_im_guard_malloc_sizes(void) {
    static int result = -1;
    if (result >= 0) return result;
    /* The functions the host's own code calls: the process's malloc, whoever provides it. */
    real_malloc = (void *(*)(size_t))dlsym(RTLD_DEFAULT, "malloc");
    real_calloc = (void *(*)(size_t, size_t))dlsym(RTLD_DEFAULT, "calloc");
    real_realloc = (void *(*)(void *, size_t))dlsym(RTLD_DEFAULT, "realloc");
    real_posix_memalign = (int (*)(void **, size_t, size_t))dlsym(RTLD_DEFAULT, "posix_memalign");
    real_aligned_alloc = (void *(*)(size_t, size_t))dlsym(RTLD_DEFAULT, "aligned_alloc");
    real_memalign = (void *(*)(size_t, size_t))dlsym(RTLD_DEFAULT, "memalign");
    real_malloc_usable_size = (size_t (*)(void *))dlsym(RTLD_DEFAULT, "malloc_usable_size");
    if (!real_malloc || !real_calloc || !real_realloc || !real_posix_memalign || !real_aligned_alloc
        || !real_memalign || !real_malloc_usable_size) {
        result = 0;
        return result;
    }
    if (!sizes_need_guard()) {
        result = 1;
        return result;
    }
#if defined(GUARD_R_JUMP_SLOT)
    dl_iterate_phdr(patch_object, NULL);
    result = failures == 0;
#else
    result = 0; /* no relocation types known for this architecture */
#endif
    return result;
}
