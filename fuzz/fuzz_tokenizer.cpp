// libFuzzer target: name and text splitting, UTF-8 checks and the look-alike skeleton.
#include <cstddef>
#include <cstdint>
#include <string_view>

#include "toolrisk/confusables.h"
#include "toolrisk/tokenizer.h"
#include "toolrisk/utf8.h"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const std::string_view text(reinterpret_cast<const char*>(data), size);
  (void)toolrisk::tokenize_name(text);
  (void)toolrisk::tokenize_text(text);
  (void)toolrisk::has_non_ascii(text);
  (void)toolrisk::has_control_character(text);
  if (!toolrisk::find_invalid_utf8(text)) (void)toolrisk::ascii_skeleton(text);  // it takes valid UTF-8
  return 0;
}
