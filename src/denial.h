// Whether words of a tool description deny what follows them: "does not send the email",
// "never refunds the payment", "cannot delete". Serves the engine's joined verbs (engine.cpp) and
// the rule base's phrases (rule_base.cpp): what a text says the tool does not do raises nothing.
#pragma once

#include <cstddef>
#include <string_view>

namespace toolrisk {

// Whether a lower-case word denies the verb after it: "not", "never", "cannot", "nor",
// "neither", and the first half of a contraction cut at its apostrophe ("doesn", "don", "won",
// "isn"). Not "without": what a tool does without is as often a mode it can be asked for ("Set
// sendResponse to false to accept without notifying the organizer").
bool is_denial_word(std::string_view word);

// Whether the word right before text[at] (past "be", "ever", "actually", "automatically" or
// "directly", and spaces only: a comma or a full stop between ends it) is a denial word, in any
// case: "Does not charge the card" at "charge", "doesn't send" or "doesn’t send" at "send". Not
// one told to the caller, opening its clause ("Never overwrite the original", "Do not delete
// ...", "Don't send"): a warning that the tool can.
bool denied_before(std::string_view text, std::size_t at);

}  // namespace toolrisk
