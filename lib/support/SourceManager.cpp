#include "ptoc/support/SourceManager.h"

#include <algorithm>
#include <cstring>
#include <fstream>
#include <iostream>
#include <iterator>
#include <sstream>

#include "ptoc/support/Diagnostics.h"

namespace ptoc {

uint32_t SourceManager::addBuffer(std::string name, std::string text) {
  auto buf = std::make_unique<Buffer>();
  buf->name = std::move(name);
  buf->text = std::move(text);
  // memchr finds each newline with wide loads; a byte loop was 7 instructions a byte.
  buf->lineStarts.push_back(0);
  const char* begin = buf->text.data();
  const char* end = begin + buf->text.size();
  for (const char* p = begin;
       (p = static_cast<const char*>(std::memchr(p, '\n', static_cast<size_t>(end - p))));) {
    ++p;
    buf->lineStarts.push_back(static_cast<uint32_t>(p - begin));
  }
  buffers_.push_back(std::move(buf));
  return static_cast<uint32_t>(buffers_.size());
}

const SourceManager::Buffer& SourceManager::buffer(uint32_t file) const {
  if (file == 0 || file > buffers_.size()) throw InternalError("invalid source buffer id");
  return *buffers_[file - 1];
}

const std::string& SourceManager::name(uint32_t file) const { return buffer(file).name; }

std::string_view SourceManager::text(uint32_t file) const { return buffer(file).text; }

LineCol SourceManager::lineCol(uint32_t file, uint32_t offset) const {
  const Buffer& b = buffer(file);
  auto it = std::upper_bound(b.lineStarts.begin(), b.lineStarts.end(), offset);
  uint32_t line = static_cast<uint32_t>(it - b.lineStarts.begin());
  return LineCol{line, offset - b.lineStarts[line - 1] + 1};
}

std::string_view SourceManager::lineText(uint32_t file, uint32_t line) const {
  const Buffer& b = buffer(file);
  if (line == 0 || line > b.lineStarts.size()) return {};
  uint32_t start = b.lineStarts[line - 1];
  uint32_t end =
      line < b.lineStarts.size() ? b.lineStarts[line] - 1 : static_cast<uint32_t>(b.text.size());
  std::string_view v(b.text.data() + start, end - start);
  if (!v.empty() && v.back() == '\r') v.remove_suffix(1);
  return v;
}

bool readFileOrStdin(const std::string& path, std::string& out) {
  if (path == "-") {
    std::ostringstream ss;
    ss << std::cin.rdbuf();
    out = ss.str();
    return true;
  }
  std::ifstream in(path, std::ios::binary);
  if (!in) return false;
  out.assign(std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>());
  return true;
}

}  // namespace ptoc
