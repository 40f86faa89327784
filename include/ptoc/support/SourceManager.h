// Source buffers and locations. A Span is a half-open byte range in one buffer;
// line/column are computed on demand from the buffer's line table.
#pragma once

#include <cstdint>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

namespace ptoc {

struct Span {
  uint32_t file = 0;  // 0 = no location; otherwise SourceManager buffer id
  uint32_t begin = 0;
  uint32_t end = 0;

  bool valid() const { return file != 0; }
};

struct LineCol {
  uint32_t line = 0;  // 1-based
  uint32_t col = 0;   // 1-based, in bytes
};

class SourceManager {
 public:
  /// Adds a buffer and returns its id (>= 1).
  uint32_t addBuffer(std::string name, std::string text);
  const std::string& name(uint32_t file) const;
  std::string_view text(uint32_t file) const;
  LineCol lineCol(uint32_t file, uint32_t offset) const;
  /// The full text of the given 1-based line (without the newline).
  std::string_view lineText(uint32_t file, uint32_t line) const;

 private:
  struct Buffer {
    std::string name;
    std::string text;
    std::vector<uint32_t> lineStarts;
  };
  std::vector<std::unique_ptr<Buffer>> buffers_;
  const Buffer& buffer(uint32_t file) const;
};

/// Reads a file (or stdin for "-") into a string; returns false on failure.
bool readFileOrStdin(const std::string& path, std::string& out);

}  // namespace ptoc
