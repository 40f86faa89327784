// scanPtoBuffers (include/ptoc/target/PtoasBufferLives.h): PlanMemory's liveness
// (MemLivenessAnalysis::RecursionIR, RecursiveForOp, RecursiveIfOp, UpdateOpGenInfo,
// OpKillHandle, GenerateBufferLife in PTOAS v0.27's PTOPlanMemory.cpp) on ptoc's PTO text.
#include "ptoc/target/PtoasBufferLives.h"

#include <algorithm>
#include <cctype>
#include <limits>
#include <map>

namespace ptoc::target {

namespace {

std::string_view trim(std::string_view s) {
  while (!s.empty() && std::isspace(static_cast<unsigned char>(s.front()))) s.remove_prefix(1);
  while (!s.empty() && std::isspace(static_cast<unsigned char>(s.back()))) s.remove_suffix(1);
  return s;
}

bool ssaChar(char c) {
  return std::isalnum(static_cast<unsigned char>(c)) || c == '_' || c == '.' || c == '$';
}

/// The SSA names of `s` (`%name`) with their offsets, in order.
std::vector<std::pair<std::string, size_t>> ssaNames(std::string_view s) {
  std::vector<std::pair<std::string, size_t>> out;
  for (size_t i = 0; i < s.size(); ++i) {
    if (s[i] != '%') continue;
    size_t j = i + 1;
    while (j < s.size() && ssaChar(s[j])) ++j;
    if (j > i + 1) out.emplace_back(std::string(s.substr(i, j - i)), i);
    i = j - 1;
  }
  return out;
}

/// The value of `key=` in a tile_buf type (up to ',' or '>').
std::string_view typeField(std::string_view type, std::string_view key) {
  size_t p = type.find(key);
  if (p == std::string_view::npos) return {};
  p += key.size();
  size_t e = type.find_first_of(",>", p);
  return trim(type.substr(p, e == std::string_view::npos ? e : e - p));
}

int64_t toInt(std::string_view s) {
  int64_t v = 0;
  for (char c : s) {
    if (!std::isdigit(static_cast<unsigned char>(c))) break;
    v = v * 10 + (c - '0');
  }
  return v;
}

/// Bytes of a PTO element type: the bit width after its letters (f32, bf16, i8, ui8, f8E4M3FN).
int64_t dtypeBytes(std::string_view dt) {
  size_t i = 0;
  while (i < dt.size() && !std::isdigit(static_cast<unsigned char>(dt[i]))) ++i;
  const int64_t bits = toInt(dt.substr(i));
  return std::max<int64_t>(1, (bits + 7) / 8);
}

/// Whether the op's result type (after its last `->`, else after its last ` : `) is a tile.
bool resultIsTile(std::string_view op) {
  size_t arrow = op.rfind("->");
  size_t at = arrow != std::string_view::npos ? arrow : op.rfind(" : ");
  return at != std::string_view::npos && op.find("!pto.tile_buf", at) != std::string_view::npos;
}

struct Use {
  int64_t index;
  std::vector<int> regions;  // enclosing region ops, outermost first
};

struct Buf {
  std::string name;
  PtoasSpace space;
  int64_t bytes;
  int64_t allocIndex;
  size_t allocDepth;  // regions enclosing the alloc
  std::vector<Use> uses;
  int64_t firstWrite = -1, firstWriteSeq = 0;
};

/// PTO ops whose scratch operand (`tmp`, written in `ins(...)`) PTOAS's getEffects marks as
/// written (lib/PTO/IR/PTO.cpp): PlanMemory generates it there like an output.
bool writesScratch(std::string_view op) {
  static const char* const kOps[] = {
      "pto.tcolargmax",    "pto.tcolargmin",    "pto.tcolsum",       "pto.tcvt",
      "pto.tmrgsort",      "pto.tprelu",        "pto.trem",          "pto.trems",
      "pto.trowargmax",    "pto.trowargmin",    "pto.trowexpanddiv", "pto.trowexpandexpdif",
      "pto.trowexpandmax", "pto.trowexpandmin", "pto.trowexpandmul", "pto.trowexpandsub",
      "pto.trowmax",       "pto.trowmin",       "pto.trowprod",      "pto.trowsum",
      "pto.trsqrt",        "pto.tsel",          "pto.tsels",         "pto.tsort32",
      "pto.ttrans",        "pto.txor",          "pto.txors"};
  for (const char* o : kOps)
    if (op == o) return true;
  return false;
}

/// PTO ops PlanMemory generates every operand of (UpdateOpGenInfo on all operands: the
/// pipe ops, tgetval, set_validshape, calls).
bool writesEveryOperand(std::string_view op) {
  return op.rfind("pto.tpush", 0) == 0 || op == "pto.tgetval" || op == "pto.set_validshape" ||
         op == "func.call";
}

struct RegionOp {
  int64_t begin = 0, end = 0;
  bool isFor = false;
  std::vector<int> regions;  // the regions enclosing the op itself
};

class FunctionScan {
 public:
  explicit FunctionScan(std::string name) { out.name = std::move(name); }

  void line(std::string_view s) {
    if (s.front() == '}') {
      const bool reopens = s.back() == '{';  // `} else {`, `} do {`
      const int64_t at = next_++;
      if (!reopens && !stack_.empty()) {
        ops_[static_cast<size_t>(stack_.back())].end = at;
        stack_.pop_back();
      }
      return;
    }
    const int64_t at = next_++;
    std::vector<std::string> defs;
    std::string_view rest = s;
    if (s.front() == '%') {
      size_t eq = s.find(" = ");
      if (eq != std::string_view::npos) {
        for (auto& [n, off] : ssaNames(s.substr(0, eq))) defs.push_back(n);
        rest = s.substr(eq + 3);
      }
    }
    if (rest.rfind("pto.alloc_tile", 0) == 0 && !defs.empty()) {
      size_t t = rest.find("!pto.tile_buf<");
      if (t != std::string_view::npos) {
        std::string_view type = rest.substr(t);
        if (auto space = parsePtoasSpace(typeField(type, "loc="))) {
          const int64_t bytes = toInt(typeField(type, "rows=")) * toInt(typeField(type, "cols=")) *
                                dtypeBytes(typeField(type, "dtype="));
          byName_[defs[0]] = bufs_.size();
          bufs_.push_back({defs[0], *space, bytes, at, stack_.size(), {}});
        }
      }
      return;
    }
    if (rest.rfind("pto.reserve_buffer", 0) == 0) {
      size_t l = rest.find("location = <");
      size_t z = rest.find("size = ");
      if (l != std::string_view::npos && z != std::string_view::npos) {
        std::string_view loc = rest.substr(l + 12);
        loc = loc.substr(0, loc.find('>'));
        size_t nq = rest.find("name = \"");
        std::string name;
        if (nq != std::string_view::npos) {
          std::string_view n = rest.substr(nq + 8);
          name = std::string(n.substr(0, n.find('"')));
        }
        if (auto space = parsePtoasSpace(loc))
          out.reserve = PtoReserve{name, *space, toInt(rest.substr(z + 7))};
      }
    }
    // The buffers this op names. It writes (generates) its outputs (`outs(...)`), then its
    // scratch operands (UpdateOpGenInfo gets a DPS op's inits before its scratch buffers),
    // or every operand of a pipe op; a buffer that is only read is not generated here (one
    // never written is never planned).
    const std::string_view opName = rest.substr(0, rest.find_first_of(" ({"));
    const bool scratchOp = writesScratch(opName), allOp = writesEveryOperand(opName);
    std::vector<std::pair<size_t, bool>> named;  // buffer, in outs(...)
    const size_t outs = rest.find("outs(");
    const size_t outsEnd = outs == std::string_view::npos ? outs : rest.find(')', outs);
    for (auto& [n, off] : ssaNames(rest)) {
      auto it = byName_.find(n);
      if (it == byName_.end()) continue;
      const bool isOut = outs != std::string_view::npos && off > outs && off < outsEnd;
      named.emplace_back(it->second, isOut);
    }
    std::stable_sort(named.begin(), named.end(),
                     [](const auto& a, const auto& b) { return a.second && !b.second; });
    int64_t seq = 0;
    for (auto& [b, isOut] : named) {
      Buf& buf = bufs_[b];
      if (buf.firstWrite < 0 && (isOut || scratchOp || allOp))
        buf.firstWrite = at, buf.firstWriteSeq = seq++;
      buf.uses.push_back({at, stack_});
    }
    // A tile_buf result of an op that reads buffers (pto.treshape, pto.subset) is a view:
    // its uses are uses of its source (UpdateBufferAlias).
    if (!defs.empty() && !named.empty() && resultIsTile(rest) && rest.rfind("pto.tpop", 0) != 0)
      byName_[defs[0]] = named.front().first;
    if (s.back() == '{') {
      RegionOp op;
      op.begin = at;
      op.isFor = rest.rfind("scf.for", 0) == 0;
      op.regions = stack_;
      ops_.push_back(op);
      stack_.push_back(static_cast<int>(ops_.size() - 1));
    }
  }

  PtoFunctionBuffers finish() {
    struct Entry {
      int64_t gen, seq;
      size_t buf;
      int64_t kill;
    };
    std::vector<Entry> entries;
    for (size_t b = 0; b < bufs_.size(); ++b) {
      Buf& buf = bufs_[b];
      if (buf.uses.empty()) continue;
      const int64_t never = std::numeric_limits<int64_t>::max();
      int64_t gen = buf.firstWrite < 0 ? never : buf.firstWrite, seq = buf.firstWriteSeq;
      // RecursiveForOp / GetLiveBuffersInLoop: at an scf.for's start, the buffers allocated
      // before it, live there (used in or after the loop) and not written yet are generated.
      for (const RegionOp& op : ops_) {
        if (!op.isFor || op.begin <= buf.allocIndex || op.begin >= gen) continue;
        if (op.regions.size() < buf.allocDepth || buf.uses.back().index < op.begin) continue;
        gen = op.begin, seq = static_cast<int64_t>(b);
        break;
      }
      if (gen == never) continue;  // never written: no storage entry
      // OpKillHandle: a buffer dies at the op of its own block after which it is dead, so a
      // use inside a region counts as a use by the region's op, at the region's end.
      int64_t kill = gen;
      for (const Use& u : buf.uses) {
        int64_t at = u.index;
        if (u.regions.size() > buf.allocDepth)
          at = ops_[static_cast<size_t>(u.regions[buf.allocDepth])].end;
        kill = std::max(kill, at);
      }
      entries.push_back({gen, seq, b, kill});
    }
    std::stable_sort(entries.begin(), entries.end(), [](const Entry& a, const Entry& b) {
      return a.gen != b.gen ? a.gen < b.gen : a.seq < b.seq;
    });
    for (const Entry& e : entries) {
      const Buf& buf = bufs_[e.buf];
      out.buffers[buf.space].push_back({buf.name, buf.bytes, e.gen, e.kill});
    }
    return std::move(out);
  }

  PtoFunctionBuffers out;

 private:
  int64_t next_ = 0;
  std::vector<Buf> bufs_;
  std::map<std::string, size_t> byName_;
  std::vector<RegionOp> ops_;
  std::vector<int> stack_;
};

}  // namespace

std::vector<PtoFunctionBuffers> scanPtoBuffers(std::string_view text) {
  std::vector<PtoFunctionBuffers> result;
  std::optional<FunctionScan> fn;
  int depth = 0;  // regions open inside the current function
  size_t pos = 0;
  while (pos < text.size()) {
    size_t nl = text.find('\n', pos);
    std::string_view raw = text.substr(pos, nl == std::string_view::npos ? nl : nl - pos);
    pos = nl == std::string_view::npos ? text.size() : nl + 1;
    std::string_view s = trim(raw);
    if (s.empty()) continue;
    if (s.rfind("func.func @", 0) == 0) {
      std::string_view n = s.substr(11);
      fn.emplace(std::string(n.substr(0, n.find('('))));
      depth = 0;
      continue;
    }
    if (!fn) continue;
    if (s.front() == '}' && s.back() != '{' && depth == 0) {  // the function's end
      result.push_back(fn->finish());
      fn.reset();
      continue;
    }
    if (s.front() == '}' && s.back() != '{')
      --depth;
    else if (s.front() != '}' && s.back() == '{')
      ++depth;
    fn->line(s);
  }
  return result;
}

}  // namespace ptoc::target
