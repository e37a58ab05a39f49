// libFuzzer target: the tools/list loader, then the whole pipeline and the JSON emitter on
// whatever it accepts.
#include <cstddef>
#include <cstdint>
#include <sstream>
#include <string_view>

#include "toolrisk/emit.h"
#include "toolrisk/pipeline.h"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  static const auto rules = toolrisk::load_rule_base({});
  const std::string_view text(reinterpret_cast<const char*>(data), size);
  auto doc = toolrisk::load_document("fuzz.json", text);
  if (!doc) return 0;
  const toolrisk::DocumentResult result =
      toolrisk::infer_document(*rules.value(), std::move(doc.value()), toolrisk::DeclaredMode::kMax);
  std::ostringstream out;
  toolrisk::emit_json(result, out, false);
  toolrisk::emit_ndjson(result, out);
  toolrisk::emit_table({result}, out);
  return 0;
}
