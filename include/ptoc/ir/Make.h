// How IR nodes are allocated: ir::makeNode<T>(args...) is std::make_shared<T>, with the
// node taken from a bump-allocated chunk inside a node_chunks::Scope (the front end's
// binding; ptoc/support/NodeChunks.h, docs/ir.md "Memory"). Sanitizer builds
// (PTOC_NODE_CHUNKS=0) always use std::make_shared, so that ASan sees every node.
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
  if (node_chunks::active())
    return std::allocate_shared<T>(ChunkAllocator<T>{}, std::forward<Args>(args)...);
#endif
  return std::make_shared<T>(std::forward<Args>(args)...);
}

}  // namespace ptoc::ir
