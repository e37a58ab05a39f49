#include "repeated_key.h"

#include <deque>
#include <unordered_set>
#include <vector>

#include <nlohmann/json.hpp>

#include "json_scan.h"

namespace toolrisk {
namespace {

struct Frame {
  bool object = false;
  bool want_key = false;                      // the next string is a key
  std::unordered_set<std::string_view> keys;  // decoded: views of the text, or of `decoded`
};

}  // namespace

std::optional<RepeatedKey> find_repeated_key(std::string_view text) {
  std::vector<Frame> stack;
  std::deque<std::string> decoded;  // keys written with escapes, unescaped (a deque keeps them in place)
  for (std::size_t i = 0; i < text.size();) {
    const char c = text[i];
    if (c == '"') {
      const std::size_t end = string_end(text, i);
      if (!stack.empty() && stack.back().want_key) {
        std::string_view key = text.substr(i + 1, end - i - 2);
        if (key.find('\\') != std::string_view::npos) {
          // Rare: the parser that accepted the text unescapes it, so both agree on what it says.
          key = decoded.emplace_back(nlohmann::json::parse(text.substr(i, end - i)).get<std::string>());
        }
        if (!stack.back().keys.insert(key).second) return RepeatedKey{i, std::string(key)};
        stack.back().want_key = false;
      }
      i = end;
      continue;
    }
    if (c == '{') stack.push_back(Frame{true, true, {}});
    else if (c == '[') stack.push_back(Frame{false, false, {}});
    else if ((c == '}' || c == ']') && !stack.empty()) stack.pop_back();
    else if (c == ',' && !stack.empty() && stack.back().object) stack.back().want_key = true;
    ++i;
  }
  return std::nullopt;
}

std::string repeated_key_message(const RepeatedKey& r) {
  return "the key " + nlohmann::json(r.key).dump(-1, ' ', false, nlohmann::json::error_handler_t::replace) +
         " appears twice in one object; JSON readers differ on which value counts (RFC 8259, section 4), so "
         "the input is refused";
}

}  // namespace toolrisk
