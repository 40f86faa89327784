// The tile/system ops of PyPTO's catalog that lib/ops/PlExtraOps.cpp adds to the original
// tile catalog (OpRegistryTest's CatalogIsComplete lists the original one).
#pragma once

#include <set>
#include <string>

namespace ptoc {
inline const std::set<std::string> kPlExtraTileOps = {"tile.read",
                                                      "tile.write",
                                                      "tile.assemble",
                                                      "tile.transpose_view",
                                                      "tile.fillpad",
                                                      "tile.fillpad_inplace",
                                                      "tile.fillpad_expand",
                                                      "tile.sin",
                                                      "tile.cos",
                                                      "tile.row_prod",
                                                      "tile.col_prod",
                                                      "tile.col_expand",
                                                      "tile.col_expand_add",
                                                      "tile.col_expand_sub",
                                                      "tile.col_expand_mul",
                                                      "tile.col_expand_div",
                                                      "tile.col_expand_max",
                                                      "tile.col_expand_min",
                                                      "tile.col_expand_expdif",
                                                      "tile.row_expand",
                                                      "tile.row_expand_max",
                                                      "tile.row_expand_min",
                                                      "tile.row_expand_expdif",
                                                      "tile.cmp",
                                                      "tile.cmps",
                                                      "tile.prelu",
                                                      "tile.matmul_bias",
                                                      "tile.gemv",
                                                      "tile.gemv_bias",
                                                      "tile.gemv_acc",
                                                      "system.syncall",
                                                      "system.bar_v",
                                                      "system.bar_m",
                                                      "system.bar_all",
                                                      "system.fence",
                                                      "system.cacheinvalid",
                                                      "system.task_invalid"};
}  // namespace ptoc
