#include "toolrisk/diagnostic.h"

namespace toolrisk {

std::string format(const Diagnostic& d) {
  std::string out = d.file;
  if (d.line > 0) {
    out += ":" + std::to_string(d.line);
    if (d.column > 0) out += ":" + std::to_string(d.column);
  }
  if (!d.path.empty()) out += (out.empty() ? "" : ": ") + d.path;
  out += (out.empty() ? "" : ": ") + d.message;
  return out;
}

}  // namespace toolrisk
