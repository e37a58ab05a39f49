// libFuzzer target: name and text splitting, the marks between text words, UTF-8 checks and
// the look-alike skeleton.
#include <cstddef>
#include <cstdint>
#include <string_view>

#include "toolrisk/confusables.h"
#include "toolrisk/tokenizer.h"
#include "toolrisk/utf8.h"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const std::string_view text(reinterpret_cast<const char*>(data), size);
  (void)toolrisk::tokenize_name(text);
  // One mark of what stands before each word of the text, however the text is made.
  if (toolrisk::commas_before_words(text).size() != toolrisk::tokenize_text(text).size()) __builtin_trap();
  if (toolrisk::commas_before_words(text, 7).size() != toolrisk::tokenize_text(text, 7).size()) __builtin_trap();
  (void)toolrisk::has_non_ascii(text);
  (void)toolrisk::has_control_character(text);
  if (!toolrisk::find_invalid_utf8(text)) (void)toolrisk::ascii_skeleton(text);  // it takes valid UTF-8
  return 0;
}
