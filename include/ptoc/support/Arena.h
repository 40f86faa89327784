// A bump allocator for data that dies all at once, such as a syntax tree: objects
// are carved out of large blocks and released together when the arena is
// destroyed; there is no per-object free. Objects with a non-trivial destructor
// are still destroyed then (latest first), so they may own heap memory.
//
//   Arena arena;
//   auto* n = arena.make<Node>(args...);
//   std::span<Item> items = arena.moveArray(scratch.data(), scratch.size());
#pragma once

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <memory>
#include <new>
#include <span>
#include <type_traits>
#include <utility>

#if __has_include(<sys/mman.h>)
#include <sys/mman.h>
#endif

namespace ptoc {

class Arena {
 public:
  Arena() = default;
  Arena(const Arena&) = delete;
  Arena& operator=(const Arena&) = delete;
  ~Arena() {
    for (Cleanup* c = cleanups_; c; c = c->next) c->destroy(c->object, c->count);
    while (blocks_) {
      Block* prev = blocks_->prev;
      if (blocks_->huge)
        releaseHuge(blocks_, blocks_->size);
      else
        ::operator delete(blocks_);
      blocks_ = prev;
    }
  }

  /// Uninitialized storage for `size` > 0 bytes aligned to `align` (a power of two).
  void* allocate(size_t size, size_t align) {
    uintptr_t p = (reinterpret_cast<uintptr_t>(cur_) + align - 1) & ~uintptr_t(align - 1);
    if (p + size > reinterpret_cast<uintptr_t>(end_)) return allocateSlow(size, align);
    cur_ = reinterpret_cast<char*>(p + size);
    return reinterpret_cast<void*>(p);
  }

  /// Constructs a T in the arena.
  template <class T, class... Args>
  T* make(Args&&... args) {
    T* p = new (allocate(sizeof(T), alignof(T))) T(std::forward<Args>(args)...);
    if constexpr (!std::is_trivially_destructible_v<T>) addCleanup(p, 1);
    return p;
  }

  /// Moves `n` objects starting at `first` into a new array in the arena.
  template <class T>
  std::span<T> moveArray(T* first, size_t n) {
    if (n == 0) return {};
    T* p = static_cast<T*>(allocate(sizeof(T) * n, alignof(T)));
    std::uninitialized_move(first, first + n, p);
    if constexpr (!std::is_trivially_destructible_v<T>) addCleanup(p, n);
    return {p, n};
  }

 private:
  struct Block {
    Block* prev;
    size_t size;
    bool huge;  // allocated aligned to kHugePage
  };
  struct Cleanup {
    void (*destroy)(void* object, size_t count);
    void* object;
    size_t count;
    Cleanup* next;
  };
  static constexpr size_t kFirstBlockSize = 4096;
  // Large arenas (a big syntax tree) grow by 2 MiB blocks, aligned and marked for
  // transparent huge pages: first touching a block then costs one page fault
  // instead of 512, which was about a third of a cold parse. The allocator maps
  // such blocks afresh each time, so freed ones are kept per thread for the next
  // arena (a process parsing many large modules does not fault them in again). The
  // cache holds a 400k-statement syntax tree (~130 MiB): with a smaller one the
  // blocks past it went back to the heap and the next parse faulted in fresh huge
  // pages (bench/README.md, "Session 13"). What it keeps is what the process used.
  static constexpr size_t kHugePage = size_t{2} << 20;
  static constexpr size_t kMaxBlockSize = kHugePage;
  struct HugeBlockCache {
    static constexpr size_t kCapacity = 128;  // 256 MiB
    void* blocks[kCapacity];
    size_t count = 0;
    ~HugeBlockCache() {
      while (count) ::operator delete (blocks[--count], std::align_val_t{kHugePage});
    }
  };
  static HugeBlockCache& hugeCache() {
    thread_local HugeBlockCache cache;
    return cache;
  }
  static void* acquireHuge(size_t size) {
    HugeBlockCache& cache = hugeCache();
    if (size == kHugePage && cache.count) return cache.blocks[--cache.count];
    void* p = ::operator new (size, std::align_val_t{kHugePage});
#ifdef MADV_HUGEPAGE
    madvise(p, size, MADV_HUGEPAGE);  // advisory: failure just keeps small pages
#endif
    return p;
  }
  static void releaseHuge(void* p, size_t size) {
    HugeBlockCache& cache = hugeCache();
    if (size == kHugePage && cache.count < HugeBlockCache::kCapacity)
      cache.blocks[cache.count++] = p;
    else
      ::operator delete (p, std::align_val_t{kHugePage});
  }

  void* allocateSlow(size_t size, size_t align) {
    size_t need = sizeof(Block) + size + align;
    size_t blockSize = std::max(nextBlockSize_, need);
    nextBlockSize_ = std::min(nextBlockSize_ * 2, kMaxBlockSize);
    bool huge = blockSize % kHugePage == 0;
    auto* block = static_cast<Block*>(huge ? acquireHuge(blockSize) : ::operator new(blockSize));
    block->size = blockSize;
    block->huge = huge;
    block->prev = blocks_;
    blocks_ = block;
    cur_ = reinterpret_cast<char*>(block + 1);
    end_ = reinterpret_cast<char*>(block) + blockSize;
    return allocate(size, align);
  }

  template <class T>
  void addCleanup(T* object, size_t count) {
    auto destroy = [](void* o, size_t n) { std::destroy_n(static_cast<T*>(o), n); };
    cleanups_ = make<Cleanup>(Cleanup{destroy, object, count, cleanups_});
  }

  char* cur_ = nullptr;
  char* end_ = nullptr;
  size_t nextBlockSize_ = kFirstBlockSize;
  Block* blocks_ = nullptr;
  Cleanup* cleanups_ = nullptr;
};

}  // namespace ptoc
