#include "assurance.h"

#include <algorithm>
#include <array>
#include <cstdint>
#include <span>

#include "toolrisk/tokenizer.h"

namespace toolrisk {
namespace {

constexpr std::size_t kLongestSentence = 160;  // bytes; a claim is short

bool one_of(std::string_view w, std::span<const std::string_view> words) {
  return std::find(words.begin(), words.end(), w) != words.end();
}

// Words that carry no claim of their own: articles, the tool itself, emphasis, labels.
constexpr std::array<std::string_view, 41> kFiller = {
    "this", "tool", "it", "is", "a", "an", "the", "and", "or",
    "completely", "fully", "totally", "entirely", "purely", "strictly", "always", "guaranteed", "operation",
    "call", "to", "use", "important", "note", "nb", "notice", "any", "anything",
    "nothing", "state", "data", "will", "do", "does", "be", "has", "have",
    "freely", "there", "are", "at", "all"};
// Negations; a change verb is a claim only after one ("never deletes", "does not modify").
constexpr std::array<std::string_view, 5> kNegation = {"not", "never", "no", "cannot", "without"};
// Contracted negations, split by the tokenizer ("doesn't" -> doesn, t).
constexpr std::array<std::string_view, 6> kContracted = {"doesn", "don", "won", "can", "isn", "shouldn"};
constexpr std::array<std::string_view, 26> kChangeVerbs = {
    "modify", "modifies", "change", "changes", "alter", "alters", "write", "writes",
    "delete", "deletes", "remove", "removes", "mutate", "mutates", "affect", "affects",
    "touch", "touches", "destroy", "destroys", "edit", "edits", "side", "effects",
    "risk", "risks"};
// Words that are part of a claim only as a pair: "read only", "non destructive", "doesn t".
constexpr std::array<std::string_view, 5> kPaired = {"read", "only", "non", "destructive", "t"};
// What makes the sentence a claim of safety at all.
constexpr std::array<std::string_view, 5> kSafe = {"safe", "readonly", "harmless", "nondestructive", "idempotent"};

// Every word above, sorted, built from the lists themselves: a word not among them ends the
// reading at once.
template <std::size_t... N>
constexpr auto sorted_union(const std::array<std::string_view, N>&... lists) {
  std::array<std::string_view, (N + ...)> all{};
  auto out = all.begin();
  ((out = std::copy(lists.begin(), lists.end(), out)), ...);
  std::sort(all.begin(), all.end());
  return all;
}
constexpr auto kVocabulary = sorted_union(kFiller, kNegation, kContracted, kChangeVerbs, kPaired, kSafe);
static_assert(std::adjacent_find(kVocabulary.begin(), kVocabulary.end()) == kVocabulary.end(), "a word is in one list only");

// For each first letter, the second letters some word of the vocabulary has after it: most
// descriptions open with a word ("get", "list", "create") that this alone rules out.
constexpr std::array<std::uint32_t, 26> kOpenings = [] {
  std::array<std::uint32_t, 26> bits{};
  for (const std::string_view w : kVocabulary) {
    if (w.size() >= 2) bits[static_cast<std::size_t>(w[0] - 'a')] |= 1u << (w[1] - 'a');
  }
  return bits;
}();

char lowered(char c) { return c >= 'A' && c <= 'Z' ? static_cast<char>(c | 0x20) : c; }

// Whether the word text[begin, end) may be in the vocabulary, from its first two letters.
bool may_be_in_vocabulary(std::string_view text, std::size_t begin, std::size_t end) {
  if (end - begin < 2) return true;
  const auto first = static_cast<unsigned>(lowered(text[begin]) - 'a');
  const auto second = static_cast<unsigned>(lowered(text[begin + 1]) - 'a');
  return first < 26 && second < 26 && (kOpenings[first] >> second & 1u);
}

// Where the sentence that opens `text` ends (just past its '.', '!', ';' or line break) when it
// says only that the tool is safe or changes nothing; npos otherwise. Its words are read into a
// small buffer without allocating, and the first word outside every list above ends the
// reading: most descriptions are known not to open with a claim at their first word.
std::size_t claim_end(std::string_view text) {
  constexpr std::size_t kMostWords = 24;   // a claim is short
  constexpr std::size_t kLongestWord = 16;  // longer than any word in the lists
  char store[kMostWords][kLongestWord];
  std::uint8_t lengths[kMostWords];  // not initialised: only the first n are read
  std::size_t n = 0;
  std::size_t at = 0;
  const std::size_t reach = std::min(text.size(), kLongestSentence);
  while (at < reach && text[at] != '.' && text[at] != '!' && text[at] != ';' && text[at] != '\n') {
    if (!is_word_char(text[at])) {
      ++at;
      continue;
    }
    const std::size_t begin = at;
    while (at < text.size() && is_word_char(text[at])) ++at;
    if (n == kMostWords || at - begin > kLongestWord || !may_be_in_vocabulary(text, begin, at)) return std::string_view::npos;
    for (std::size_t i = begin; i < at; ++i) store[n][i - begin] = lowered(text[i]);
    const std::string_view w(store[n], at - begin);
    if (!std::binary_search(kVocabulary.begin(), kVocabulary.end(), w)) return std::string_view::npos;
    lengths[n++] = static_cast<std::uint8_t>(w.size());
  }
  if (at >= reach) return std::string_view::npos;  // no end within a claim's length
  bool negated = false;
  bool claims = false;
  for (std::size_t i = 0; i < n; ++i) {
    const std::string_view w(store[i], lengths[i]);
    const std::string_view next = i + 1 < n ? std::string_view(store[i + 1], lengths[i + 1]) : std::string_view();
    if (one_of(w, kSafe)) {
      claims = true;
    } else if ((w == "read" && next == "only") || (w == "non" && next == "destructive")) {
      claims = true;
      ++i;
    } else if (one_of(w, kNegation)) {
      negated = true;
    } else if (one_of(w, kContracted) && next == "t") {
      negated = true;
      ++i;
    } else if (one_of(w, kChangeVerbs) && negated) {
      claims = true;
    } else if (!one_of(w, kFiller)) {
      return std::string_view::npos;
    }
  }
  return claims ? at + 1 : std::string_view::npos;
}

}  // namespace

std::size_t assurance_prefix(std::string_view text) {
  std::size_t at = 0;
  // However many there are: each is at least a byte, so this is linear in the text.
  for (;;) {
    const std::size_t start = std::min(text.find_first_not_of(" \t\r\n", at), text.size());
    const std::size_t end = claim_end(text.substr(start));
    if (end == std::string_view::npos) break;
    at = start + end;
  }
  // Nothing after the claims: they are all the description says, and stay its opening.
  if (at == 0 || text.find_first_not_of(" \t\r\n.!;", at) == std::string_view::npos) return 0;
  return text.find_first_not_of(" \t\r\n", at);  // the next sentence opens the text, as it would alone
}

}  // namespace toolrisk
