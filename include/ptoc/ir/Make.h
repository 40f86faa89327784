// How IR nodes are allocated: ir::makeNode<T>(args...) is std::make_shared<T> with the
// node taken from a bump-allocated chunk (ptoc/support/NodeChunks.h; docs/ir.md,
// "Memory"). Sanitizer builds (PTOC_NODE_CHUNKS=0) use std::make_shared, so that ASan
// sees every node.
#pragma once

#include <memory>
#include <utility>

#include "ptoc/support/NodeChunks.h"

#ifndef PTOC_NODE_CHUNKS
#define PTOC_NODE_CHUNKS 0
#endif

namespace ptoc::ir {

template <class T, class... Args>
std::shared_ptr<T> makeNode(Args&&... args) {
#if PTOC_NODE_CHUNKS
  return std::allocate_shared<T>(ChunkAllocator<T>{}, std::forward<Args>(args)...);
#else
  return std::make_shared<T>(std::forward<Args>(args)...);
#endif
}

}  // namespace ptoc::ir
