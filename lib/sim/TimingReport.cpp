// What the cycle model shows in text and JSON (docs/cost-model.md §4): the statistics of
// `ptoc run --stats` and the Chrome trace-event file of `ptoc run --trace`.
#include <fmt/format.h>

#include <algorithm>
#include <ostream>

#include "ptoc/sim/Timing.h"

namespace ptoc::sim::timing {

namespace {

std::string where(const SourceManager& sm, Span s) {
  if (!s.valid()) return "?";
  std::string file = sm.name(s.file);
  if (auto slash = file.rfind('/'); slash != std::string::npos) file = file.substr(slash + 1);
  return fmt::format("{}:{}", file, sm.lineCol(s.file, s.begin).line);
}

std::string jsonEscape(std::string_view s) {
  std::string o;
  for (char c : s) {
    if (c == '"' || c == '\\')
      o += '\\', o += c;
    else if (static_cast<unsigned char>(c) < 0x20)
      o += fmt::format("\\u{:04x}", static_cast<int>(c));
    else
      o += c;
  }
  return o;
}

/// Length of the union of intervals.
int64_t unionLength(std::vector<std::pair<int64_t, int64_t>> iv) {
  std::sort(iv.begin(), iv.end());
  int64_t total = 0, curS = 0, curE = -1;
  bool open = false;
  for (auto [s, e] : iv) {
    if (e <= s) continue;
    if (!open || s > curE) {
      if (open) total += curE - curS;
      curS = s;
      curE = e;
      open = true;
    } else {
      curE = std::max(curE, e);
    }
  }
  if (open) total += curE - curS;
  return total;
}

}  // namespace

Stats computeStats(const std::vector<Segment>& segs, const Schedule& sch, const SourceManager& sm) {
  Stats st;
  st.total = sch.total;
  std::vector<std::pair<int64_t, int64_t>> busy[kCores];
  for (size_t k = 0; k < segs.size(); ++k)
    for (size_t s = 0; s < segs[k].streams.size(); ++s) {
      const Stream& str = segs[k].streams[s];
      int c = static_cast<int>(str.core);
      for (size_t i = 0; i < str.instrs.size(); ++i) {
        const Instr& in = str.instrs[i];
        const Placed& p = sch.at[k][s][i];
        st.coreUsed[c] = true;
        st.pipeBusy[c][static_cast<int>(in.pipe)] += p.end - p.start;
        busy[c].push_back({p.start, p.end});
        if (in.bytes > 0 && !in.level.empty()) st.bytesByLevel[in.level] += in.bytes;
        if (in.span.valid())
          st.cyclesByLine[{in.span.file, sm.lineCol(in.span.file, in.span.begin).line}] +=
              p.end - p.start;
        ++st.instructions;
      }
    }
  for (int c = 0; c < kCores; ++c) st.coreBusy[c] = unionLength(busy[c]);

  // The critical path: from the instruction that ends last, back along the constraint that
  // decided each start; a segment's first instructions continue in the previous segment.
  std::map<std::string, int64_t> onPath;
  for (size_t k = segs.size(); k-- > 0;) {
    int bs = -1, bi = -1;
    int64_t bestEnd = -1;
    for (size_t s = 0; s < segs[k].streams.size(); ++s)
      for (size_t i = 0; i < segs[k].streams[s].instrs.size(); ++i)
        if (sch.at[k][s][i].end > bestEnd) {
          bestEnd = sch.at[k][s][i].end;
          bs = static_cast<int>(s);
          bi = static_cast<int>(i);
        }
    size_t guard = 0;
    // Each instruction of the path counts until its successor on the path started (an
    // instruction that only issued its successor, running alongside it, counts its issue).
    int64_t next = bestEnd;
    while (bs >= 0 && bi >= 0 && guard++ < 10'000'000) {
      const Instr& in = segs[k].streams[bs].instrs[bi];
      const Placed& p = sch.at[k][bs][bi];
      int64_t part = std::max<int64_t>(0, std::min(p.end, next) - p.start);
      next = p.start;
      onPath[fmt::format("{} at {}", in.name, where(sm, in.span))] += part;
      st.pathByCore[static_cast<int>(segs[k].streams[bs].core)] += part;
      int ns = p.byStream, ni = p.byInstr;
      if (ns == bs && ni >= bi) break;  // defensive: never loop
      bs = ns;
      bi = ni;
    }
  }
  for (auto& [what, cyc] : onPath) st.critical.push_back({what, cyc});
  std::stable_sort(st.critical.begin(), st.critical.end(),
                   [](const auto& a, const auto& b) { return a.cycles > b.cycles; });
  if (st.critical.size() > 5) st.critical.resize(5);
  return st;
}

void printStats(std::ostream& os, const Stats& st) {
  auto pct = [&](int64_t b) { return st.total > 0 ? 100.0 * b / st.total : 0.0; };
  os << fmt::format("cycle model: {} cycles, {} instructions\n", st.total, st.instructions);
  os << "core   busy  util   per pipe (busy cycles, util)\n";
  for (int c = 0; c < kCores; ++c) {
    if (!st.coreUsed[c]) continue;
    std::string pipes;
    for (int p = 0; p < kPipes; ++p)
      if (st.pipeBusy[c][p] > 0)
        pipes += fmt::format("  {} {} ({:.1f}%)", toString(static_cast<Pipe>(p)), st.pipeBusy[c][p],
                             pct(st.pipeBusy[c][p]));
    os << fmt::format("{:<5} {:>6} {:5.1f}%{}\n", coreName(static_cast<Core>(c)), st.coreBusy[c],
                      pct(st.coreBusy[c]), pipes);
  }
  os << "bytes moved:";
  if (st.bytesByLevel.empty()) os << " none";
  for (const auto& [lvl, b] : st.bytesByLevel) os << fmt::format(" {} {}", lvl, b);
  os << "\ncritical path, top contributors:\n";
  for (const auto& c : st.critical) os << fmt::format("  {:>6} cycles  {}\n", c.cycles, c.what);
}

std::string traceJson(const std::vector<Segment>& segs, const Schedule& sch,
                      const SourceManager& sm) {
  std::vector<std::string> ev;
  bool used[kCores][kPipes] = {};
  for (const auto& seg : segs)
    for (const auto& str : seg.streams)
      for (const auto& in : str.instrs)
        used[static_cast<int>(str.core)][static_cast<int>(in.pipe)] = true;
  for (int c = 0; c < kCores; ++c) {
    bool any = false;
    for (int p = 0; p < kPipes; ++p) any = any || used[c][p];
    if (!any) continue;
    ev.push_back(
        fmt::format(R"({{"name":"process_name","ph":"M","pid":{},"tid":0,"args":{{"name":"{}"}}}})",
                    c + 1, coreName(static_cast<Core>(c))));
    ev.push_back(fmt::format(
        R"({{"name":"process_sort_index","ph":"M","pid":{},"tid":0,"args":{{"sort_index":{}}}}})",
        c + 1, c));
    for (int p = 0; p < kPipes; ++p)
      if (used[c][p])
        ev.push_back(fmt::format(
            R"({{"name":"thread_name","ph":"M","pid":{},"tid":{},"args":{{"name":"{} {}"}}}})",
            c + 1, p + 1, coreName(static_cast<Core>(c)), toString(static_cast<Pipe>(p))));
  }
  int64_t flowId = 0;
  for (size_t k = 0; k < segs.size(); ++k) {
    const Segment& seg = segs[k];
    for (size_t s = 0; s < seg.streams.size(); ++s) {
      const Stream& str = seg.streams[s];
      int pid = static_cast<int>(str.core) + 1;
      for (size_t i = 0; i < str.instrs.size(); ++i) {
        const Instr& in = str.instrs[i];
        const Placed& p = sch.at[k][s][i];
        std::string args =
            fmt::format(R"("task":"{}","cycles":{})", jsonEscape(str.name), in.cycles);
        if (in.bytes > 0) args += fmt::format(R"(,"bytes":{},"path":"{}")", in.bytes, in.level);
        ev.push_back(fmt::format(
            R"({{"name":"{} {}","cat":"{}","ph":"X","pid":{},"tid":{},"ts":{},"dur":{},"args":{{{}}}}})",
            jsonEscape(in.name), jsonEscape(where(sm, in.span)), toString(in.pipe), pid,
            static_cast<int>(in.pipe) + 1, p.start, p.end - p.start, args));
        // Flow arrows: from the push to each pop of its tile.
        if (in.sync.kind != SyncKind::Pop) continue;
        for (size_t s2 = 0; s2 < seg.streams.size(); ++s2) {
          const Stream& peer = seg.streams[s2];
          if ((peer.core == Core::AIC) == (str.core == Core::AIC)) continue;
          for (size_t j = 0; j < peer.instrs.size(); ++j) {
            const Sync& y = peer.instrs[j].sync;
            if (y.kind != SyncKind::Push || y.c2v != in.sync.c2v || y.pipeId != in.sync.pipeId ||
                y.seq != in.sync.seq)
              continue;
            const Placed& q = sch.at[k][s2][j];
            ++flowId;
            ev.push_back(fmt::format(
                R"({{"name":"transfer","cat":"flow","ph":"s","id":{},"pid":{},"tid":{},"ts":{}}})",
                flowId, static_cast<int>(peer.core) + 1, static_cast<int>(peer.instrs[j].pipe) + 1,
                q.start));
            ev.push_back(fmt::format(
                R"({{"name":"transfer","cat":"flow","ph":"f","bp":"e","id":{},"pid":{},"tid":{},"ts":{}}})",
                flowId, pid, static_cast<int>(in.pipe) + 1, p.start));
          }
        }
      }
    }
  }
  std::string out =
      "{\"displayTimeUnit\":\"ns\",\"otherData\":{\"time_unit\":\"1 ts = 1 cycle\"},"
      "\"traceEvents\":[\n";
  for (size_t i = 0; i < ev.size(); ++i) out += ev[i] + (i + 1 < ev.size() ? ",\n" : "\n");
  out += "]}\n";
  return out;
}

}  // namespace ptoc::sim::timing
