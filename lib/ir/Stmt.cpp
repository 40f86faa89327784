#include "ptoc/ir/Stmt.h"

namespace ptoc::ir {

static void flattenInto(const StmtPtr& s, std::vector<StmtPtr>& out) {
  if (!s) return;
  if (const auto* seq = s->as<SeqStmt>()) {
    for (const auto& c : seq->stmts) flattenInto(c, out);
  } else {
    out.push_back(s);
  }
}

std::vector<StmtPtr> flattenStmts(const StmtPtr& s) {
  std::vector<StmtPtr> out;
  flattenInto(s, out);
  return out;
}

StmtPtr makeSeq(std::vector<StmtPtr> stmts, Span span) {
  std::vector<StmtPtr> flat;
  for (auto& s : stmts) flattenInto(s, flat);
  if (flat.size() == 1) return flat.front();
  return std::make_shared<SeqStmt>(std::move(flat), span);
}

}  // namespace ptoc::ir
