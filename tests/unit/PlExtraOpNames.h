// The tile/system ops of PyPTO's catalog that lib/ops/PlExtraOps.cpp adds to the original
// tile catalog (OpRegistryTest's CatalogIsComplete lists the original one).
#pragma once

#include <set>
#include <string>

namespace ptoc {
inline const std::set<std::string> kPlExtraTileOps = {};
}  // namespace ptoc
