#include "ptoc/ir/Stmt.h"

namespace ptoc::ir {

std::string_view stmtKindName(StmtKind k) {
  switch (k) {
#define PTOC_X(Kind, Class) \
  case StmtKind::Kind:      \
    return #Kind;
    PTOC_STMT_NODES(PTOC_X)
#undef PTOC_X
  }
  return "?";
}

StmtPtr SeqStmt::rebuild(const SeqStmt& o, std::vector<StmtPtr> stmts) {
  return makeSeq(std::move(stmts), o.span);
}

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
  // A body is usually a flat Seq (makeSeq flattens): one allocation of the right size
  // instead of a doubling vector (a third of the pipeline's flattening allocations).
  if (const auto* seq = s ? s->as<SeqStmt>() : nullptr) out.reserve(seq->stmts.size());
  flattenInto(s, out);
  return out;
}

const Stmt* lastFlatStmt(const Stmt* s) {
  if (!s) return nullptr;
  const auto* seq = s->as<SeqStmt>();
  if (!seq) return s;
  for (auto it = seq->stmts.rbegin(); it != seq->stmts.rend(); ++it)
    if (const Stmt* last = lastFlatStmt(it->get())) return last;
  return nullptr;
}

StmtPtr makeSeq(std::vector<StmtPtr> stmts, Span span) {
  // Usually already flat: then keep the vector (one pass, no reference-count
  // traffic on the statements, which matters for long bodies).
  bool flat = true;
  for (size_t i = 0; i < stmts.size() && flat; ++i) {
    if (i + 16 < stmts.size()) __builtin_prefetch(stmts[i + 16].get());  // a miss per node
    flat = stmts[i] && !stmts[i]->isa<SeqStmt>();
  }
  if (!flat) {
    std::vector<StmtPtr> out;
    out.reserve(stmts.size());
    for (const auto& s : stmts) flattenInto(s, out);
    stmts = std::move(out);
  }
  if (stmts.size() == 1) return std::move(stmts.front());
  return std::make_shared<SeqStmt>(std::move(stmts), span);
}

}  // namespace ptoc::ir
