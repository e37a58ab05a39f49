#include "toolrisk/diagnostic.h"

namespace toolrisk {

// Appended piece by piece: GCC 12 at -O3 warns falsely (-Wrestrict) on ":" + std::to_string(...).
std::string format(const Diagnostic& d) {
  std::string out = d.file;
  if (d.line > 0) {
    out += ':';
    out += std::to_string(d.line);
    if (d.column > 0) {
      out += ':';
      out += std::to_string(d.column);
    }
  }
  if (!d.path.empty()) {
    if (!out.empty()) out += ": ";
    out += d.path;
  }
  if (!out.empty()) out += ": ";
  out += d.message;
  return out;
}

}  // namespace toolrisk
