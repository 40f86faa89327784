// Chunked bump allocation of IR nodes: see ptoc/support/NodeChunks.h.
//
// Each chunk starts with a header holding the count of its live objects. While a
// thread bumps through a chunk the count carries a bias (kOpen), so objects freed
// meanwhile (by any thread) can never bring it to zero, and allocating needs no
// atomic operation: the thread counts its allocations privately and settles them
// when it retires the chunk (count += allocated - kOpen). Whoever brings the count
// to zero returns the chunk to the heap. Counts are atomic only once the process
// has started a second thread (the same test libstdc++'s shared_ptr makes).
#include "ptoc/support/NodeChunks.h"

#include <ext/atomicity.h>

#include <mutex>
#include <new>
#include <vector>

#include "ptoc/support/Diagnostics.h"

namespace ptoc::node_chunks {

namespace {

struct alignas(kAlign) Header {
  _Atomic_word live;  // live objects, + kOpen while a thread bumps through the chunk
};
static_assert(sizeof(Header) == kAlign);

constexpr _Atomic_word kOpen = 1 << 30;
static_assert(kChunkBytes / kAlign < static_cast<size_t>(kOpen));

/// Chunks are carved from 2 MiB blocks (one huge page each) and, once free, kept for the
/// next chunk: never returned to the heap, so a program freed as a whole leaves its memory
/// hot for the next one. (Handing 64 KiB chunks back to jemalloc fragmented its extents:
/// the next program faulted in fresh huge pages.) A process's chunk memory is its peak.
constexpr size_t kBlockBytes = size_t{2} << 20;

struct Pool {
  std::mutex mu;
  std::vector<Header*> free;        // chunks with no live object
  std::vector<void*> blocks;        // every block (reachable for leak checkers)
  char* blockNext = nullptr;        // the rest of the newest block
  char* blockEnd = nullptr;
  size_t live = 0;                  // chunks in use
};
Pool& pool() {
  static Pool* p = new Pool;  // never destroyed: nodes may be freed during static destruction
  return *p;
}

Header* headerOf(void* p) {
  return reinterpret_cast<Header*>(reinterpret_cast<uintptr_t>(p) & ~(kChunkBytes - 1));
}

void freeChunk(Header* h) noexcept {
  Pool& p = pool();
  std::lock_guard<std::mutex> lock(p.mu);
  p.free.push_back(h);  // capacity reserved when the chunk was made: cannot throw
  --p.live;
}

void* takeChunk() {
  Pool& p = pool();
  std::lock_guard<std::mutex> lock(p.mu);
  ++p.live;
  if (!p.free.empty()) {
    void* c = p.free.back();
    p.free.pop_back();
    return c;
  }
  if (p.blockNext == p.blockEnd) {
    void* block = ::operator new(kBlockBytes, std::align_val_t{kBlockBytes});
    p.blocks.push_back(block);
    p.blockNext = static_cast<char*>(block);
    p.blockEnd = p.blockNext + kBlockBytes;
  }
  // Room for every chunk in the free list, so that freeChunk never allocates.
  if (size_t total = p.free.size() + p.live; p.free.capacity() < total) p.free.reserve(2 * total);
  void* c = p.blockNext;
  p.blockNext += kChunkBytes;
  return c;
}

/// Drops `n` references to the chunk; frees it when none is left.
void release(Header* h, _Atomic_word n) noexcept {
  if (__gnu_cxx::__exchange_and_add_dispatch(&h->live, -n) == n) freeChunk(h);
}

/// The calling thread's open chunk. Trivial, so that the hot path reads it without a
/// thread_local initialization check.
struct Bump {
  char* next;
  char* end;
  Header* chunk;
  _Atomic_word allocated;  // objects taken from `chunk`, not yet added to its count

  void retire() noexcept {
    if (!chunk) return;
    // count += allocated - kOpen, as one release of (kOpen - allocated) references.
    release(chunk, kOpen - allocated);
    chunk = nullptr;
    next = end = nullptr;
    allocated = 0;
  }
};
constinit thread_local Bump tBump{nullptr, nullptr, nullptr, 0};

/// Retires the thread's chunk when the thread ends (first touched when it opens one).
struct Retirer {
  bool armed = false;
  ~Retirer() { tBump.retire(); }
};
thread_local Retirer tRetirer;

void openChunk(Bump& b) {
  b.retire();
  tRetirer.armed = true;
  void* mem = takeChunk();
  b.chunk = new (mem) Header{kOpen};
  b.next = static_cast<char*>(mem) + sizeof(Header);
  b.end = static_cast<char*>(mem) + kChunkBytes;
}

}  // namespace

void* allocate(size_t bytes) {
  PTOC_CHECK(bytes <= kMaxObjectBytes, "node_chunks::allocate: object too large");
  bytes = (bytes + kAlign - 1) & ~(kAlign - 1);
  Bump& b = tBump;
  if (static_cast<size_t>(b.end - b.next) < bytes) openChunk(b);
  void* p = b.next;
  b.next += bytes;
  ++b.allocated;
  return p;
}

void deallocate(void* p) noexcept { release(headerOf(p), 1); }

size_t reservedBytes() noexcept {
  Pool& p = pool();
  std::lock_guard<std::mutex> lock(p.mu);
  return p.blocks.size() * kBlockBytes;
}

size_t liveChunks() noexcept {
  Pool& p = pool();
  std::lock_guard<std::mutex> lock(p.mu);
  return p.live;
}

}  // namespace ptoc::node_chunks
