// Splits tool and parameter names into lower-case words.
#pragma once

#include <string>
#include <string_view>
#include <vector>

namespace toolrisk {

// snake_case, kebab-case, camelCase, PascalCase, dots, slashes, spaces, digits and acronyms:
// "listS3Buckets" -> list s3 buckets; "getHTTPResponse" -> get http response;
// "TwilioApiV2010--CreateCall" -> twilio api v2010 create call.
// Bytes outside ASCII are kept inside words (never split, never dropped), so a look-alike
// letter makes a word that matches nothing rather than vanishing.
std::vector<std::string> tokenize_name(std::string_view name);
// The same words joined by `separator` in one string ("listS3Buckets", '_' -> "list_s3_buckets").
std::string join_name_words(std::string_view name, char separator);

// Words of free text, lower-cased (ASCII letters and Latin-1's capitals, À to Þ), split on
// anything that is not a letter or digit; the first `most` of them.
std::vector<std::string> tokenize_text(std::string_view text, std::size_t most = static_cast<std::size_t>(-1));
// For each of the first `most` words tokenize_text finds in `text`, what stands between it and
// the word before it: kMarkSentence, the end of a sentence (". ", "; ", a line's end); else
// kMarkColon, a colon ("Get a PR: title, merge info" gives 0 0 0 kMarkColon kMarkComma 0 0);
// else kMarkComma, a comma ("List repos, create issues" gives 0 0 kMarkComma 0); else 0. What
// stands inside brackets ("(users, invites)") is not counted.
constexpr char kMarkComma = 1;
constexpr char kMarkColon = 2;
constexpr char kMarkSentence = 3;
std::vector<char> commas_before_words(std::string_view text, std::size_t most = static_cast<std::size_t>(-1));

// Whether a byte belongs to a word (a letter, a digit, or a byte of a character past ASCII), as
// both tokenizers split. Inline: the engine asks it of every byte of a description's opening.
inline bool is_word_char(char c) {
  const auto u = static_cast<unsigned char>(c);
  return (u >= 'a' && u <= 'z') || (u >= 'A' && u <= 'Z') || (u >= '0' && u <= '9') || u >= 0x80;
}

// Whether a byte is an ASCII letter.
inline bool is_ascii_letter(char c) { return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z'); }

// Whether a byte ends a clause of free text: . ! ? ; or a line break.
inline bool ends_clause(char c) { return c == '.' || c == '!' || c == '?' || c == ';' || c == '\n'; }

// Lower-cases ASCII letters only.
std::string ascii_lower(std::string_view s);
// The same into `out` (reusing its storage).
void ascii_lower(std::string_view s, std::string& out);

}  // namespace toolrisk
