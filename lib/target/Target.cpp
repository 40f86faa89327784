// Hardware facts of the Ascend targets (see Target.h for the sources).
#include "ptoc/target/Target.h"

namespace ptoc::target {

namespace {
constexpr int64_t kKiB = 1024;
}

std::string_view archName(Arch a) {
  switch (a) {
    case Arch::A2A3:
      return "a2a3";
    case Arch::A5:
      return "a5";
  }
  return "?";
}

std::optional<Arch> parseArch(std::string_view name) {
  if (name == "a2a3") return Arch::A2A3;
  if (name == "a5") return Arch::A5;
  return std::nullopt;
}

int64_t bufferBytes(Arch arch, Buffer b) {
  const bool a5 = arch == Arch::A5;
  switch (b) {
    case Buffer::UB:
      return (a5 ? 248 : 192) * kKiB;
    case Buffer::L1:
      return 512 * kKiB;
    case Buffer::L0A:
    case Buffer::L0B:
      return 64 * kKiB;
    case Buffer::L0C:
      return (a5 ? 256 : 128) * kKiB;
    case Buffer::Bias:
      return 64 * kKiB;  // what PTOAS plans (catlass uses 1 KiB of it)
  }
  return 0;
}

int64_t bufferAlignment(Buffer b) {
  switch (b) {
    case Buffer::UB:
    case Buffer::L1:
    case Buffer::Bias:
      return 32;
    case Buffer::L0A:
    case Buffer::L0B:
    case Buffer::L0C:
      return 512;
  }
  return 1;
}

bool gatherNeedsNzAdapter(Arch arch) { return arch == Arch::A5; }

bool noSplitDualAivDispatch(Arch arch) { return arch == Arch::A2A3; }

}  // namespace ptoc::target
