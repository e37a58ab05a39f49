// Shell-style wildcards for catalogue entries: `*` any run of characters (also none), `?` one
// character; everything else matches itself, case-sensitively.
#pragma once

#include <string_view>

namespace toolrisk {

bool glob_match(std::string_view pattern, std::string_view text);

}  // namespace toolrisk
