// jemalloc's options, compiled into every ptoc executable (CMake target ptoc_malloc; see
// docs/ir.md, "Memory"). jemalloc reads the global `malloc_conf` before its first
// allocation; the environment variable MALLOC_CONF still overrides it (for experiments).
//
// - thp:always: the heap is backed by transparent huge pages (madvise), so touching new
//   memory costs one page fault per 2 MiB instead of one per 4 KiB. A 100k-statement
//   program touches tens of MB, and on the machines ptoc runs on a fault costs more than
//   the work done on the page (bench/README.md, "Memory").
// - dirty_decay_ms:-1, muzzy_decay_ms:0: memory a pass frees is never returned to the
//   kernel; the next pass reuses it instead of faulting in fresh (zeroed) pages. A decay
//   time does not do this: jemalloc's decay purges part of the freed pages within
//   milliseconds (a smooth curve over the decay time), and on a 100k-statement pipeline
//   that cost 2-6k page faults and about 40 % of its CPU time (bench/README.md, "Session
//   9"). A ptoc process lives for one compilation, so its resident memory is its peak,
//   returned at exit.
// - lg_extent_max_active_fit:20: freed memory is really reused. Once a program is freed, its
//   slabs coalesce into a few large dirty extents, and by default (6) jemalloc does not carve
//   a slab out of a free extent more than 2^6 times its size: it maps fresh memory instead,
//   so every later program of the same size faulted in its whole heap again (28 MB more
//   resident per 100k-statement front-end run, and the fresh pages' cost, half of a warm
//   run's CPU time; bench/README.md, "Session 12"). 2^20 lets any free extent serve.
extern "C" {
extern const char* malloc_conf;
const char* malloc_conf =
    "thp:always,metadata_thp:auto,dirty_decay_ms:-1,muzzy_decay_ms:0,"
    "lg_extent_max_active_fit:20";
}
