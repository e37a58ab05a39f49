// Look-alike letters: a name written with Cyrillic "е" or full-width letters must not slip
// past the verb lexicon. The skeleton maps known look-alikes to the ASCII letters they imitate.
#pragma once

#include <string>
#include <string_view>

namespace toolrisk {

// `text` (valid UTF-8) with Cyrillic, Greek and full-width look-alikes replaced by the ASCII
// letters they imitate and invisible format characters (zero-width joiners, soft hyphens,
// byte order marks) removed. Other characters are kept as they are.
std::string ascii_skeleton(std::string_view text);

// True when `text` has a byte below 0x20 or 0x7F (a control character, NUL included).
bool has_control_character(std::string_view text);

}  // namespace toolrisk
