// Whether a place in a tool description stands where the text says what the tool is *not* for.
// Serves the rule base's scope phrases (rule_base.cpp): "Not for listing multiple clusters" and
// "When NOT to use: the user asks for workspace-wide logs" name a scope the tool does not reach.
#pragma once

#include <cstddef>
#include <string_view>

namespace toolrisk {

// Whether text[begin, end) stands in a clause (what lies between . ! ? ; or a line break) that
// opens by saying the tool is not for it: a "When not to use" heading on that line, or a clause
// that opens with "Not for", "Not meant for", "Do not use this tool" and the like. A warning with
// a qualifier ("without", "unless", "before", "but", "only", "except", "other than", "first")
// still says what the tool can do ("do not use this tool on all namespaces without a dry run"),
// so it does not count, nor does what follows a colon after such an opening ("Not for the faint
// of heart: deletes every table"), nor a clause whose opening or end lies more than a couple of
// hundred bytes from the match (it is not looked for that far).
bool in_not_for_clause(std::string_view text, std::size_t begin, std::size_t end);

}  // namespace toolrisk
