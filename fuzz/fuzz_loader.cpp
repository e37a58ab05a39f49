// libFuzzer target: the tools/list loader, then the whole pipeline and the JSON emitter on
// whatever it accepts. Differential: the fast reader (fast_json.h) and the reference reader
// (nlohmann/json) must accept the same inputs and write the same bytes; any difference aborts.
#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <sstream>
#include <string_view>

#include "toolrisk/emit.h"
#include "toolrisk/pipeline.h"

namespace {

std::string run(const toolrisk::RuleBase& rules, std::string_view text, toolrisk::JsonReader reader) {
  auto doc = toolrisk::load_document("fuzz.json", text, {}, reader);
  if (!doc) {
    std::string errors = "errors:";
    for (const auto& e : doc.errors()) errors += "\n" + toolrisk::format(e);
    return errors;
  }
  const toolrisk::DocumentResult result =
      toolrisk::infer_document(rules, std::move(doc.value()), toolrisk::DeclaredMode::kMax);
  std::ostringstream out;
  toolrisk::emit_json(result, out, true);
  toolrisk::emit_json(result, out, false, toolrisk::RiskForm::kMeta);
  toolrisk::emit_ndjson(result, out);
  toolrisk::emit_table({result}, out);
  return out.str();
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  static const auto rules = toolrisk::load_rule_base({});
  const std::string_view text(reinterpret_cast<const char*>(data), size);
  const std::string fast = run(*rules.value(), text, toolrisk::JsonReader::kFast);
  const std::string reference = run(*rules.value(), text, toolrisk::JsonReader::kReference);
  if (fast != reference) {
    std::fprintf(stderr, "the readers disagree:\n--- fast\n%s\n--- reference\n%s\n", fast.c_str(), reference.c_str());
    std::abort();
  }
  return 0;
}
