// jemalloc's options, compiled into every ptoc executable (CMake target ptoc_malloc; see
// docs/ir.md, "Memory"). jemalloc reads the global `malloc_conf` before its first
// allocation; the environment variable MALLOC_CONF still overrides it (for experiments).
//
// - thp:always: the heap is backed by transparent huge pages (madvise), so touching new
//   memory costs one page fault per 2 MiB instead of one per 4 KiB. A 100k-statement
//   program touches tens of MB, and on the machines ptoc runs on a fault costs more than
//   the work done on the page (bench/README.md, "Memory").
// - dirty_decay_ms:30000, muzzy_decay_ms:0: memory a pass frees is kept for the next
//   pass instead of being returned to the kernel and faulted in again; a process that
//   stays idle returns it after 30 s.
extern "C" {
extern const char* malloc_conf;
const char* malloc_conf = "thp:always,metadata_thp:auto,dirty_decay_ms:30000,muzzy_decay_ms:0";
}
