#include "toolrisk/engine.h"

namespace toolrisk {

std::string explain(const Assessment& a) {
  if (!a.classified) return "UNCLASSIFIED: no evidence of what it does (fail-closed values)";
  const Evidence* category = nullptr;
  const Evidence* level = nullptr;
  for (const auto& e : a.evidence) {
    if (e.field == "category") category = &e;
    if (e.field == "riskLevel" && e.rule != "engine.category-base") level = &e;
  }
  auto say = [](const Evidence& e) { return std::string(to_string(e.from)) + " '" + e.match + "' (" + e.rule + ")"; };
  std::string out = category ? say(*category) : "";
  if (level) out += (out.empty() ? "" : "; ") + std::string("level: ") + say(*level);
  if (!a.conflicts.empty()) out += "; CONFLICT: " + a.conflicts.front().message;
  return out;
}

}  // namespace toolrisk
