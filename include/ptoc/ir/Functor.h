// Value-returning, exhaustive walkers (TVM ExprFunctor / StmtFunctor style).
//
//   class Depth : public ir::ExprFunctor<int> { ... int visitBinary(...) override; ... };
//   int d = Depth{}(expr);
//
// Every node kind of ir/NodeList.h has a pure virtual `visit<Kind>` method: a walker
// that does not handle a kind cannot be instantiated, so adding a node kind breaks
// the build of every functor until it is handled. `Args...` are extra parameters
// passed through the dispatch (e.g. a context).
#pragma once

#include "ptoc/ir/Function.h"
#include "ptoc/support/Diagnostics.h"

namespace ptoc::ir {

template <class R, class... Args>
class ExprFunctor {
 public:
  virtual ~ExprFunctor() = default;

  R operator()(const ExprPtr& e, Args... args) { return visitExpr(e, args...); }

  /// Dispatches on the kind; `e` must not be null.
  virtual R visitExpr(const ExprPtr& e, Args... args) {
    switch (e->kind) {
#define PTOC_X(Kind, Class) \
  case ExprKind::Kind:      \
    return visit##Kind(std::static_pointer_cast<const Class>(e), args...);
      PTOC_EXPR_NODES(PTOC_X)
#undef PTOC_X
    }
    throw InternalError("ExprFunctor: unknown expression kind");
  }

 protected:
#define PTOC_X(Kind, Class) \
  virtual R visit##Kind(const std::shared_ptr<const Class>& e, Args... args) = 0;
  PTOC_EXPR_NODES(PTOC_X)
#undef PTOC_X
};

template <class R, class... Args>
class StmtFunctor {
 public:
  virtual ~StmtFunctor() = default;

  R operator()(const StmtPtr& s, Args... args) { return visitStmt(s, args...); }

  /// Dispatches on the kind; `s` must not be null.
  virtual R visitStmt(const StmtPtr& s, Args... args) {
    switch (s->kind) {
#define PTOC_X(Kind, Class) \
  case StmtKind::Kind:      \
    return visit##Kind(std::static_pointer_cast<const Class>(s), args...);
      PTOC_STMT_NODES(PTOC_X)
#undef PTOC_X
    }
    throw InternalError("StmtFunctor: unknown statement kind");
  }

 protected:
#define PTOC_X(Kind, Class) \
  virtual R visit##Kind(const std::shared_ptr<const Class>& s, Args... args) = 0;
  PTOC_STMT_NODES(PTOC_X)
#undef PTOC_X
};

}  // namespace ptoc::ir
