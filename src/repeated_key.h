// Objects that name a key twice. RFC 8259 (section 4) leaves what a reader makes of them
// unpredictable: nlohmann/json and JavaScript keep the last value, others the first, others
// refuse. A server could send {"name": "delete_all", "name": "get_status"} so that toolrisk
// judges one tool and the client calls another; toolrisk refuses such input instead of
// picking a side (docs/SECURITY.md).
#pragma once

#include <cstddef>
#include <optional>
#include <string>
#include <string_view>

namespace toolrisk {

struct RepeatedKey {
  std::size_t offset = 0;  // byte offset, in the text, of the key's second appearance
  std::string key;         // as decoded ("a" and "\u0061" are the same key)
};

// The first key of `text` that an earlier key of the same object already names. `text` must be
// one JSON value that a parser has accepted (and within the nesting limit): only its structure
// is followed here.
std::optional<RepeatedKey> find_repeated_key(std::string_view text);

// The message for a repeated key, the same wherever it is found.
std::string repeated_key_message(const RepeatedKey& r);

}  // namespace toolrisk
