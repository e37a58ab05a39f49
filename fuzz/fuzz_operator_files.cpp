// libFuzzer target: the files operators write or keep beside their dumps, read by `check`:
// catalogues (both formats), policy files and lock files. None may crash or hang; a catalogue
// that parses must apply to a tool without breaking the fail-closed invariant.
#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <string>

#include "toolrisk/catalog.h"
#include "toolrisk/lock.h"
#include "toolrisk/policy.h"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const std::string text(reinterpret_cast<const char*>(data), size);
  (void)toolrisk::parse_policy("fuzz.yaml", text);
  (void)toolrisk::parse_lock("fuzz.lock.json", text);
  auto catalog = toolrisk::parse_catalog("fuzz.yaml", text);
  if (!catalog) return 0;
  toolrisk::Assessment a;
  a.fields = toolrisk::fail_closed_annotations();
  toolrisk::apply_catalog(catalog.value(), {"server"}, "delete_pod", a);
  // Only a reviewed entry may classify; an unclassified tool keeps its fail-closed level.
  if (!a.classified && a.fields.risk_level != toolrisk::RiskLevel::kCritical) std::abort();
  return 0;
}
