// Sentences that only vouch for a tool's safety ("Safe to call: does not change anything.",
// "IMPORTANT: read-only operation."), found where they open a description.
#pragma once

#include <cstddef>
#include <string_view>

namespace toolrisk {

// How many bytes at the start of `text` are sentences that say nothing but that the tool is
// safe, read-only, or changes nothing, with the space after them; 0 when the first sentence
// says anything else, or when nothing follows them. A claim of safety is no evidence (it may
// not lower what the name and schema show), so the engine takes a description's opening from
// after it: put before what the tool does, it would otherwise push aside the opening verb that
// raises a tool ("Safe to call: does not change anything. Applies and removes a stash" is
// still a removal).
std::size_t assurance_prefix(std::string_view text);

}  // namespace toolrisk
