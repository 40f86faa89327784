// Bump allocation of small, shared objects (IR nodes) from 64 KiB chunks.
//
// A node is allocated by advancing a per-thread pointer through the current chunk;
// freeing it only decrements its chunk's count of live objects, and a chunk goes back
// to the heap when its last object dies. Objects made one after the other (the
// nodes of one statement, one pass's output) lie next to each other, so walks in
// program order sweep memory, and neither making nor freeing a node runs the heap's
// size-class bookkeeping. The price: a chunk lives as long as its longest-lived
// object (see docs/ir.md, "Memory").
//
// Used through ChunkAllocator with std::allocate_shared (ir::make in ptoc/ir/Make.h).
// Thread-safe: each thread bumps its own chunk; any thread may free any object.
#pragma once

#include <cstddef>
#include <cstdint>
#include <memory>

namespace ptoc::node_chunks {

inline constexpr size_t kChunkBytes = size_t{64} * 1024;
/// Objects larger than this (or more aligned than kAlign) come from the heap.
inline constexpr size_t kMaxObjectBytes = 1024;
inline constexpr size_t kAlign = 16;

/// `bytes` (at most kMaxObjectBytes) from the calling thread's chunk, aligned to kAlign.
void* allocate(size_t bytes);
/// Frees an object from allocate() (any thread).
void deallocate(void* p) noexcept;

/// Chunks holding live objects or open for allocation, over all threads (tests, benches).
size_t liveChunks() noexcept;
/// Bytes taken from the heap for chunks (never given back: freed chunks are reused).
size_t reservedBytes() noexcept;

}  // namespace ptoc::node_chunks

namespace ptoc {

/// Allocator for std::allocate_shared: single objects that fit a chunk come from
/// node_chunks, anything else from std::allocator.
template <class T>
struct ChunkAllocator {
  using value_type = T;
  ChunkAllocator() noexcept = default;
  template <class U>
  ChunkAllocator(const ChunkAllocator<U>&) noexcept {}

  static constexpr bool kFits =
      sizeof(T) <= node_chunks::kMaxObjectBytes && alignof(T) <= node_chunks::kAlign;

  T* allocate(size_t n) {
    if (kFits && n == 1) return static_cast<T*>(node_chunks::allocate(sizeof(T)));
    return std::allocator<T>().allocate(n);
  }
  void deallocate(T* p, size_t n) noexcept {
    if (kFits && n == 1)
      node_chunks::deallocate(p);
    else
      std::allocator<T>().deallocate(p, n);
  }
  template <class U>
  bool operator==(const ChunkAllocator<U>&) const noexcept {
    return true;
  }
};

}  // namespace ptoc
