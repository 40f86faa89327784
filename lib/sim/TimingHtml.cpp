// The report page of `ptoc run --report out.html` (docs/cost-model.md §4): one
// self-contained HTML file (no network, no scripts) with the timeline as SVG (a track per
// core and per pipe it uses), the per-pipe utilization bars, the stats table and the source
// of the kernel with the cycles of each line.
#include <fmt/format.h>

#include <algorithm>
#include <set>

#include "ptoc/sim/Timing.h"

namespace ptoc::sim::timing {

namespace {

std::string esc(std::string_view s) {
  std::string o;
  for (char c : s) {
    switch (c) {
      case '<':
        o += "&lt;";
        break;
      case '>':
        o += "&gt;";
        break;
      case '&':
        o += "&amp;";
        break;
      case '"':
        o += "&quot;";
        break;
      default:
        o += c;
    }
  }
  return o;
}

const char* colorOf(Pipe p) {
  switch (p) {
    case Pipe::MTE1:
      return "#8dd3c7";
    case Pipe::MTE2:
      return "#80b1d3";
    case Pipe::MTE3:
      return "#bebada";
    case Pipe::M:
      return "#fb8072";
    case Pipe::V:
      return "#b3de69";
    case Pipe::FIX:
      return "#fdb462";
    default:
      return "#cccccc";
  }
}

}  // namespace

std::string reportHtml(const std::vector<Segment>& segs, const Schedule& sch, const Stats& st,
                       const SourceManager& sm, const std::string& title) {
  const double width = 1000, left = 110, rowH = 18;
  double scale = sch.total > 0 ? width / static_cast<double>(sch.total) : 1.0;
  bool used[kCores][kPipes] = {};
  for (const auto& seg : segs)
    for (const auto& str : seg.streams)
      for (const auto& in : str.instrs)
        used[static_cast<int>(str.core)][static_cast<int>(in.pipe)] = true;

  // Tracks: each used core, then each pipe of it that has work.
  struct Track {
    std::string name, kind;
    int core, pipe;  // pipe -1: the core's row
  };
  std::vector<Track> tracks;
  for (int c = 0; c < kCores; ++c) {
    if (!st.coreUsed[c]) continue;
    tracks.push_back({std::string(coreName(static_cast<Core>(c))), "core", c, -1});
    for (int p = 0; p < kPipes; ++p)
      if (used[c][p])
        tracks.push_back(
            {fmt::format("{} {}", coreName(static_cast<Core>(c)), toString(static_cast<Pipe>(p))),
             "pipe", c, p});
  }
  double height = rowH * static_cast<double>(tracks.size()) + 24;
  std::string svg = fmt::format(
      "<svg id=\"timeline\" xmlns=\"http://www.w3.org/2000/svg\" width=\"{}\" height=\"{}\">\n",
      left + width + 10, height);
  for (size_t r = 0; r < tracks.size(); ++r) {
    const Track& tr = tracks[r];
    double y = 4 + rowH * static_cast<double>(r);
    svg += fmt::format("<text x=\"4\" y=\"{}\" font-size=\"11\">{}</text>\n", y + 12, esc(tr.name));
    svg += fmt::format("<g class=\"track {}\" data-track=\"{}\">\n", tr.kind, esc(tr.name));
    for (size_t k = 0; k < segs.size(); ++k)
      for (size_t s = 0; s < segs[k].streams.size(); ++s) {
        const Stream& str = segs[k].streams[s];
        if (static_cast<int>(str.core) != tr.core) continue;
        for (size_t i = 0; i < str.instrs.size(); ++i) {
          const Instr& in = str.instrs[i];
          if (tr.pipe >= 0 && static_cast<int>(in.pipe) != tr.pipe) continue;
          const Placed& p = sch.at[k][s][i];
          double x = left + static_cast<double>(p.start) * scale;
          double w = std::max(0.75, static_cast<double>(p.end - p.start) * scale);
          std::string line = in.span.valid()
                                 ? fmt::format(":{}", sm.lineCol(in.span.file, in.span.begin).line)
                                 : "";
          svg += fmt::format(
              "<rect x=\"{:.2f}\" y=\"{}\" width=\"{:.2f}\" height=\"{}\" fill=\"{}\">"
              "<title>{}{} [{}, {}) {} cycles</title></rect>\n",
              x, y, w, rowH - 4, colorOf(in.pipe), esc(in.name), line, p.start, p.end,
              p.end - p.start);
        }
      }
    svg += "</g>\n";
  }
  svg += fmt::format("<text x=\"{}\" y=\"{}\" font-size=\"11\">0</text>", left, height - 4);
  svg +=
      fmt::format("<text x=\"{}\" y=\"{}\" font-size=\"11\" text-anchor=\"end\">{} cycles</text>",
                  left + width, height - 4, sch.total);
  svg += "</svg>\n";

  // Utilization bars and the stats table.
  auto pct = [&](int64_t b) { return st.total > 0 ? 100.0 * b / st.total : 0.0; };
  std::string bars =
      "<table class=\"util\">\n<tr><th>track</th><th>busy</th><th>util</th>"
      "<th></th></tr>\n";
  for (const Track& tr : tracks) {
    int64_t b = tr.pipe < 0 ? st.coreBusy[tr.core] : st.pipeBusy[tr.core][tr.pipe];
    bars += fmt::format(
        "<tr><td>{}</td><td>{}</td><td>{:.1f}%</td><td><div class=\"bar\" style=\"width:{:.1f}px;"
        "background:{}\"></div></td></tr>\n",
        esc(tr.name), b, pct(b), 3.0 * pct(b),
        tr.pipe < 0 ? "#999" : colorOf(static_cast<Pipe>(tr.pipe)));
  }
  bars += "</table>\n";
  std::string stats = fmt::format(
      "<table class=\"stats\"><tr><th>total cycles</th><td>{}</td></tr>"
      "<tr><th>instructions</th><td>{}</td></tr>",
      st.total, st.instructions);
  for (const auto& [lvl, b] : st.bytesByLevel)
    stats += fmt::format("<tr><th>bytes {}</th><td>{}</td></tr>", esc(lvl), b);
  for (const auto& c : st.critical)
    stats +=
        fmt::format("<tr><th>critical path</th><td>{} cycles: {}</td></tr>", c.cycles, esc(c.what));
  stats += "</table>\n";

  // The source of every file that has costed lines, each line with its cycles.
  std::string src;
  std::set<uint32_t> files;
  for (const auto& [fl, cyc] : st.cyclesByLine) files.insert(fl.first);
  for (uint32_t f : files) {
    src += fmt::format("<h3>{}</h3>\n<pre class=\"src\">", esc(sm.name(f)));
    std::string_view text = sm.text(f);
    uint32_t lines = static_cast<uint32_t>(std::count(text.begin(), text.end(), '\n')) + 1;
    for (uint32_t l = 1; l <= lines; ++l) {
      auto it = st.cyclesByLine.find({f, l});
      std::string cyc = it == st.cyclesByLine.end() ? "" : fmt::format("{}", it->second);
      src += fmt::format("<span class=\"{}\">{:>8} {:>4}  {}</span>\n", cyc.empty() ? "" : "hot",
                         cyc, l, esc(sm.lineText(f, l)));
    }
    src += "</pre>\n";
  }

  return fmt::format(
      "<!DOCTYPE html>\n<html><head><meta charset=\"utf-8\"><title>{0}</title>\n<style>\n"
      "body{{font-family:sans-serif;margin:16px}} td,th{{padding:2px 8px;text-align:left}}\n"
      ".bar{{height:10px}} pre.src{{font-size:12px}} .hot{{background:#fff3c4}}\n"
      "</style></head><body>\n<h1>{0}</h1>\n<h2>Timeline</h2>\n{1}<h2>Utilization</h2>\n{2}"
      "<h2>Stats</h2>\n{3}<h2>Source, cycles per line</h2>\n{4}</body></html>\n",
      esc(title), svg, bars, stats, src);
}

}  // namespace ptoc::sim::timing
