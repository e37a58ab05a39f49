// libFuzzer target: the small backtracking program against RE2. The input is a pattern, a
// newline, and a text; wherever both take the pattern, they must find the same match,
// unanchored, anchored at a start and anchored at both ends (src/backtrack_regex.h).
#include <re2/re2.h>

#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <string>
#include <string_view>

#include "backtrack_regex.h"
#include "folded_regex.h"
#include "rule_regex.h"
#include "toolrisk/utf8.h"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const std::string_view input(reinterpret_cast<const char*>(data), size);
  const std::size_t nl = input.find('\n');
  if (nl == std::string_view::npos || nl > 2000) return 0;
  const std::string pattern(input.substr(0, nl));
  const std::string_view text = input.substr(nl + 1);
  // The rule base searches descriptions, which the loader has found to be valid UTF-8.
  if (toolrisk::find_invalid_utf8(text)) return 0;
  const auto small = toolrisk::BacktrackRegex::compile(pattern);
  if (!small) return 0;
  RE2::Options options = toolrisk::rule_regex_options(false);
  options.set_max_mem(int64_t{8} << 20);
  const RE2 re(pattern, options);
  if (!re.ok()) return 0;  // RE2 refuses what a rule file could not hold
  std::string buffer;
  const toolrisk::FoldedText t = toolrisk::fold_text(text, buffer);
  if (!t.lowerable) return 0;
  const re2::StringPiece piece(text.data(), text.size());
  for (const std::size_t from : {std::size_t{0}, text.size() / 2}) {
    for (const RE2::Anchor anchor : {RE2::UNANCHORED, RE2::ANCHOR_START, RE2::ANCHOR_BOTH}) {
      re2::StringPiece want;
      const bool found = re.Match(piece, from, piece.size(), anchor, &want, 1);
      std::size_t begin = 0, end = 0, steps = 0;
      const auto r = small->search(t, from, anchor != RE2::UNANCHORED, anchor == RE2::ANCHOR_BOTH, &begin, &end, SIZE_MAX, &steps);
      if (r == toolrisk::BacktrackRegex::Result::kGaveUp) continue;
      if ((r == toolrisk::BacktrackRegex::Result::kMatch) != found) std::abort();
      if (found && (begin != static_cast<std::size_t>(want.data() - text.data()) || end - begin != want.size())) std::abort();
    }
  }
  return 0;
}
