// The op catalog as text, generated from the registry: `ptoc ops` prints one line per op,
// `ptoc ops --format=markdown` prints docs/ops.md (tests/lit/cli/ops_doc_up_to_date.test
// fails when the committed page differs).
#pragma once

#include <string>

#include "ptoc/ops/OpRegistry.h"

namespace ptoc::ops {

/// "traits: elementwise, row-major lhs/rhs; pipes: V; pto: pto.tadd" (empty parts left out).
std::string opTraitSummary(const OpDef& op);
/// One line per op: `name(args; kwargs=)  doc  {traits ...}`.
std::string opCatalogText(const OpRegistry& registry);
/// The whole of docs/ops.md.
std::string opCatalogMarkdown(const OpRegistry& registry);

}  // namespace ptoc::ops
