// The evaluation of one tool. Evidence is gathered from the name, the description and the
// input schema; fields are then decided from it in a fixed, documented order
// (docs/rules.md, "How a field is decided"). Description text only ever raises.
#include "toolrisk/engine.h"

#include <algorithm>
#include <cctype>
#include <initializer_list>
#include <optional>
#include <span>
#include <string_view>

#include "assurance.h"
#include "denial.h"
#include "toolrisk/confusables.h"
#include "toolrisk/tokenizer.h"
#include "toolrisk/utf8.h"

namespace toolrisk {
namespace {

constexpr std::size_t kDescriptionLeadWords = 8;   // how far into a description its lead verb may stand
constexpr std::size_t kJoinWords = 8;              // how far after the lead verb a joined change may stand
constexpr std::size_t kLeadVerbBytes = 200;        // how far into a description an "or" beside the lead verb is looked for
constexpr std::size_t kDescriptionSearchChars = 2000;  // how far "this tool <verb>s" is looked for
constexpr std::size_t kDescriptionScanBytes = 8192;  // phrases are searched in this much of it
constexpr std::size_t kLaterSentenceBytes = 400;    // how far later sentences are read for steps joined to a read
static_assert(kDescriptionScanBytes == 8192, "the flag description-over-8192-bytes names the limit");
constexpr std::size_t kContextWords = 4;  // words after a description's verb that are its context ("a math expression")
constexpr std::size_t kMaxNameCharacters = 128;      // the specification's limit for tool names

// Whether a word of text is `lower` (written in lower case), whatever the case of its letters.
bool same_word(std::string_view w, std::string_view lower) {
  return w.size() == lower.size() && std::equal(w.begin(), w.end(), lower.begin(), [](char a, char b) { return (a | 0x20) == b; });
}

// The words after words[at] that are a description verb's context: up to kContextWords of them.
std::span<const std::string> context_after(const std::vector<std::string>& words, std::size_t at) {
  return std::span(words).subspan(at + 1, std::min<std::size_t>(kContextWords, words.size() - at - 1));
}

// The words a text opens with (its first 400 bytes), tokenized only as far as they are looked
// at: a lead verb stands among the first few, and what is joined to it a few after.
class OpeningWords {
 public:
  explicit OpeningWords(std::string_view text)
      : text_(without_identifiers(without_compound_hyphens(
            without_labels(http_method_as_verb(without_assurance(without_tag(text)).substr(0, 400), owned_), owned_), owned_), owned_)) {
    words_ = tokenize_text(text_, kFirst);
    whole_ = words_.size() < kFirst;
  }
  OpeningWords(const OpeningWords&) = delete;
  OpeningWords& operator=(const OpeningWords&) = delete;

  // The words, holding at least the first `n` when the text has that many.
  const std::vector<std::string>& upto(std::size_t n) {
    if (!whole_ && n >= words_.size()) {
      words_ = tokenize_text(text_);
      whole_ = true;
    }
    return words_;
  }

  // What stands before each word (commas_before_words), as far as a change joined to the verb
  // at words[at] is looked for: kJoinWords after it, then a few more for the adverbs before that
  // change and the word after it. Read only when asked for.
  const std::vector<char>& commas_after(std::size_t at) {
    const std::size_t n = std::min(at + kJoinWords + 8, words_.size());
    if (commas_.size() < n) commas_ = commas_before_words(text_, n);
    return commas_;
  }

  // A tag in brackets that opens the text ("[Acme] Deletes ...", "[Feishu/Lark]-Group Chat-...",
  // "(Beta) Creates ...") names the service or the stage, and an HTML tag ("<p>Deletes ...",
  // from an API's generated documentation) is markup; the opening is what follows it.
  static std::string_view without_tag(std::string_view text) {
    const std::size_t start = text.find_first_not_of(" \t\r\n");
    if (start == std::string_view::npos || (text[start] != '[' && text[start] != '(' && text[start] != '<')) return text;
    const std::size_t end = text.find(text[start] == '[' ? ']' : text[start] == '(' ? ')' : '>', start + 1);
    if (end == std::string_view::npos || end - start > 40) return text;
    return text.substr(end + 1);
  }

 private:
  // Sentences that only vouch for the tool's safety are no evidence, and do not push aside the
  // verb of the sentence after them (assurance.h).
  static std::string_view without_assurance(std::string_view text) { return text.substr(assurance_prefix(text)); }

  // A label before a colon ("Note:", "Tip:", "Important:", "Summary:", "Experimental:") heads
  // what follows; it is not what the tool does ("Note" would make a note, "Tip" pay one,
  // "Summary" summarize). Blanked in a copy when there is one.
  static std::string_view without_labels(std::string_view text, std::string& owned) {
    constexpr std::size_t kLongest = 12;  // "experimental"
    for (std::size_t colon = text.find(':'); colon != std::string_view::npos; colon = text.find(':', colon + 1)) {
      std::size_t begin = colon;
      while (begin > 0 && colon - begin <= kLongest && is_word_char(text[begin - 1])) --begin;
      if (colon - begin < 2 || colon - begin > kLongest || (begin > 0 && is_word_char(text[begin - 1]))) continue;
      char lowered[kLongest];
      for (std::size_t i = begin; i < colon; ++i) lowered[i - begin] = static_cast<char>(text[i] | 0x20);
      const std::string_view word(lowered, colon - begin);
      static constexpr std::string_view kLabels[] = {
          "note",     "notes",      "nb",       "tip",     "tips",       "hint",     "hints",       "important",
          "warning",  "caution",    "attention", "reminder", "remember",  "summary",  "description", "overview",
          "purpose",  "usage",      "details",  "workflow", "guardrails", "required", "experimental", "deprecated",
          "discovery", "beta",      "alpha",    "preview",  "legacy",     "notice",   "danger"};
      if (std::find(std::begin(kLabels), std::end(kLabels), word) == std::end(kLabels)) continue;
      if (owned.empty()) owned.assign(text);  // a copy once (`text` is it when the method was rewritten)
      std::fill(owned.begin() + static_cast<std::ptrdiff_t>(begin), owned.begin() + static_cast<std::ptrdiff_t>(colon), ' ');
    }
    return owned.empty() ? text : std::string_view(owned);
  }

  // A snake_case identifier ("local_task_create_compile", "get_user") names a tool, a
  // function or a field the text refers to; the words inside it are not the text's verb ("the
  // ID that local_task_create_compile returns" creates nothing). Made one word, in a copy when
  // there is one.
  static std::string_view without_identifiers(std::string_view text, std::string& owned) {
    const auto alnum = [&](std::size_t i) { return i < text.size() && std::isalnum(static_cast<unsigned char>(text[i])) != 0; };
    std::string joined;
    std::size_t copied = 0;  // text before this is in `joined`
    for (std::size_t u = text.find('_'); u != std::string_view::npos; u = text.find('_', u + 1)) {
      if (u == 0 || !alnum(u - 1) || !alnum(u + 1)) continue;
      joined.append(text.substr(copied, u - copied));
      joined.push_back('x');  // a letter: the parts stay one word, which no rule knows
      copied = u + 1;
    }
    if (copied == 0) return text;
    joined.append(text.substr(copied));
    owned = std::move(joined);  // `text` may be a view of the old copy: read in full above
    return owned;
  }

  // Four words or more joined by hyphens ("fill-in-the-middle", "state-of-the-art",
  // "pay-as-you-go") make one word, a name or an adjective: none of them is the tool's verb
  // ("Fill-in-the-middle code completion" fills nothing). So do words after a prefix of time or
  // negation ("post-processing", "pre-commit", "non-destructive": no post is made, no commit).
  // Joined in a copy when there is one.
  static bool is_prefix(std::string_view part) { return same_word(part, "post") || same_word(part, "pre") || same_word(part, "non"); }
  static std::string_view without_compound_hyphens(std::string_view text, std::string& owned) {
    constexpr std::size_t kParts = 4;
    if (text.find('-') == std::string_view::npos) return text;
    const auto letter = [&](std::size_t i) { return i < text.size() && std::isalpha(static_cast<unsigned char>(text[i])) != 0; };
    std::string joined;
    std::size_t copied = 0;  // text before this is in `joined`
    for (std::size_t i = 0; i < text.size();) {
      if (!letter(i) || (i > 0 && (is_word_char(text[i - 1]) || text[i - 1] == '-'))) {
        ++i;
        continue;
      }
      std::size_t parts = 0, end = i, first_end = i;
      for (std::size_t j = i;;) {
        std::size_t k = j;
        while (letter(k)) ++k;
        if (++parts == 1) first_end = k;
        end = k;
        if (k + 1 < text.size() && text[k] == '-' && letter(k + 1)) {
          j = k + 1;
          continue;
        }
        break;
      }
      if ((parts >= kParts || (parts > 1 && is_prefix(text.substr(i, first_end - i)))) && (end == text.size() || !is_word_char(text[end]))) {
        joined.append(text.substr(copied, i - copied));
        for (std::size_t k = i; k < end; ++k) {
          if (text[k] != '-') joined.push_back(text[k]);
        }
        copied = end;
      }
      i = end;
    }
    if (copied == 0) return text;
    joined.append(text.substr(copied));
    owned = std::move(joined);  // `text` may be a view of the old copy: read in full above
    return owned;
  }

  // A description generated from an API's routes opens with the HTTP method and the path
  // ("POST /network.resync"): POST, PUT and PATCH change what the path names, and say no more
  // (a POST sends no message); written as the plain change verbs of the same length (edit, set,
  // alter). GET and DELETE are read as the words they are.
  static std::string_view http_method_as_verb(std::string_view text, std::string& owned) {
    // Markdown's emphasis or code marks, or quotes, may wrap the method ("**POST** /x", "`PUT /x`").
    const std::size_t start = text.find_first_not_of(" \t\r\n*`_\"'");
    if (start == std::string_view::npos) return text;
    static constexpr std::pair<std::string_view, std::string_view> kMethods[] = {{"POST", "edit"}, {"PUT", "set"}, {"PATCH", "alter"}};
    for (const auto& [method, verb] : kMethods) {
      const std::string_view rest = text.substr(start);
      if (!rest.starts_with(method)) continue;
      const std::size_t marks = std::min(rest.find_first_not_of("*`_", method.size()), rest.size());
      if (rest.size() > marks + 1 && rest[marks] == ' ' && rest[marks + 1] == '/') {
        owned.assign(text);
        owned.replace(start, method.size(), verb);
        return owned;
      }
    }
    return text;
  }

  static constexpr std::size_t kFirst = 48;
  std::string owned_;  // the text with its method or labels rewritten, when it has any
  std::string_view text_;
  std::vector<std::string> words_;
  std::vector<char> commas_;
  bool whole_ = false;
};

struct VerbHit {
  std::size_t rule;
  std::size_t position;
  std::string word;
};

struct ObjectHit {
  std::size_t rule;
  std::size_t position;
  std::string word;
};

struct ParamHit {
  std::size_t rule;
  const SchemaProperty* property;
  // Says what something is, not what the tool does: the body of what the tool creates (rule
  // `defines`), or the operation a read of API documentation looks up.
  bool defines = false;
};

bool has_trait(const Rule& r, std::string_view trait) {
  return std::find(r.traits.begin(), r.traits.end(), trait) != r.traits.end();
}

// Whether an object word only says how many (batch, bulk, all, every).
bool says_how_many(const Rule& r) { return has_trait(r, "batch") || has_trait(r, "everything"); }

// Whether `w` is one of `words`: the engine's small fixed vocabularies.
bool one_of(std::string_view w, std::initializer_list<std::string_view> words) {
  // The length and the first letter rule out almost every word before the bytes are compared.
  for (const std::string_view x : words) {
    if (x.size() == w.size() && (w.empty() || x.front() == w.front()) && x == w) return true;
  }
  return false;
}

// Words that open a description without saying what the tool does.
bool is_lead_filler(std::string_view w) {
  return one_of(w, {"this", "tool", "that", "will", "can", "to", "use", "a", "an", "the", "you", "it", "allows",
                    "helps", "lets", "used", "for", "please", "function", "endpoint", "api", "mcp", "which", "is",
                    "be", "simply", "also", "and", "or", "just", "quickly", "easily", "directly", "method", "command"});
}

// The level a category starts at, before any rule raises it.
RiskLevel base_level(Category c) {
  static constexpr RiskLevel kBase[] = {RiskLevel::kLow, RiskLevel::kLow, RiskLevel::kLow,
                                        RiskLevel::kMedium, RiskLevel::kHigh, RiskLevel::kCritical};
  return kBase[static_cast<int>(c)];
}

// Whether a word has a Latin letter: one without (a word of Korean text) is no verb the rules know.
bool has_latin_letter(std::string_view w) {
  return std::any_of(w.begin(), w.end(), [](char c) { return std::isalpha(static_cast<unsigned char>(c)) != 0; });
}

// Whether words[i] is one of a Latin word or two standing between the words of a text that
// opens in another script ("解析某 ref 的 commit sha（缺省 HEAD）"): such words name things, a
// ref or a commit, not what the tool does. A bilingual text's English runs on ("创建 Create a
// new issue").
bool embedded_latin_term(const std::vector<std::string>& words, std::size_t i) {
  if (words.empty() || has_latin_letter(words.front())) return false;
  // A word written with the other script's brackets or stops ("sha（缺省") ends the run.
  std::size_t begin = i, end = i + 1;
  while (begin > 0 && !has_non_ascii(words[begin - 1])) --begin;
  while (end < words.size() && !has_non_ascii(words[end])) ++end;
  return end - begin <= 2;
}

// Whether a rule says its words read, observe or compute: a category that changes nothing.
bool says_safe(const Rule& r) { return r.category && is_safe(*r.category); }

// An article or a possessive: what follows it is a thing ("a recording", "the listing").
bool is_article_or_possessive(std::string_view w) {
  return one_of(w, {"a", "an", "the", "your", "its", "their", "my", "our"});
}

// Whether what follows words[i] is plainly its object: an article, a possessive, a determiner or
// a pronoun ("Update a service", "Charge the card", "Order 2 servers", "Bill them").
bool object_follows(const std::vector<std::string>& words, std::size_t i) {
  if (i + 1 >= words.size()) return false;
  const std::string& next = words[i + 1];
  return is_article_or_possessive(next) || std::isdigit(static_cast<unsigned char>(next[0])) != 0 ||
         one_of(next, {"one", "all", "multiple", "existing", "specified", "given", "selected", "this", "that", "these", "those",
                       "each", "every", "any", "some", "new", "it", "them", "him", "her", "me", "us", "you"});
}

// Words after which the next word is a noun, not a verb ("for the page", "all messages").
bool is_noun_marker(std::string_view w) {
  return is_article_or_possessive(w) ||
         one_of(w, {"all", "every", "each", "any", "these", "those", "of", "for", "in", "on", "with", "from", "by", "into", "onto", "at"});
}

// Verbs whose object carries the action: "take a screenshot", "place an order", "exec_query"
// (exec is execute shortened, as in SQL Server's EXEC and the shells' exec).
bool is_light_verb(std::string_view w) {
  return one_of(w, {"take", "takes", "make", "makes", "perform", "performs", "do", "does", "run", "runs", "execute",
                    "executes", "exec", "execs", "capture", "captures", "place", "places", "file", "files", "leave",
                    "leaves"});
}

// "lists" -> list, "fetches" -> fetch, "queries" -> query: descriptions use the third person.
// ("News" is no form of "new", a create verb only in names: new_issue.)
std::vector<std::string> verb_forms(const std::string& w) {
  std::vector<std::string> forms{w};
  if (w.size() > 3 && w.back() == 's' && w != "news") {
    // "-ies" is tried as "-y" first: "verifies" is verify, not the French "verifie".
    if (w.size() > 4 && w.compare(w.size() - 3, 3, "ies") == 0) forms.push_back(w.substr(0, w.size() - 3) + "y");
    forms.push_back(w.substr(0, w.size() - 1));
    if (w.size() > 4 && w.compare(w.size() - 2, 2, "es") == 0) forms.push_back(w.substr(0, w.size() - 2));
  }
  // "managing" -> manage, "listing" -> list, "getting" -> get. (Not "-ed": "Deleted items"
  // describes, it does not delete.)
  if (w.size() > 5 && w.compare(w.size() - 3, 3, "ing") == 0) {
    const std::string stem = w.substr(0, w.size() - 3);
    forms.push_back(stem);
    forms.push_back(stem + "e");
    if (stem.size() > 2 && stem.back() == stem[stem.size() - 2]) forms.push_back(stem.substr(0, stem.size() - 1));
  }
  return forms;
}

// The values a free-text choice lists in its description where the schema gives no enum
// ("create, update or deactivate"; "One of 'add', 'update' or 'delete'"; "GET | SET | DEL"):
// every run of two or more single words joined by commas, "or", "and", "|" or "/", quotes
// dropped ("rename it, change its plan, or delete it" lists "plan, delete": failing closed,
// a word listed may be a value); runs of at least `fewest` words. Empty when the description
// lists nothing.
std::vector<std::string> described_values(std::string_view description, std::size_t fewest = 2) {
  description = description.substr(0, 300);
  enum class Kind { kWord, kJoin, kStop };
  struct Token {
    Kind kind;
    std::string_view text;
  };
  std::vector<Token> tokens;
  const auto letter = [](char c) { return std::isalpha(static_cast<unsigned char>(c)) != 0; };
  for (std::size_t i = 0; i < description.size();) {
    const char c = description[i];
    if (letter(c)) {
      std::size_t j = i + 1;
      while (j < description.size() && (std::isalnum(static_cast<unsigned char>(description[j])) != 0 || description[j] == '_' || description[j] == '-')) ++j;
      const std::string_view w = description.substr(i, j - i);
      tokens.push_back({w == "or" || w == "and" ? Kind::kJoin : Kind::kWord, w});
      i = j;
    } else if (c == ',' || c == '|' || c == '/') {
      tokens.push_back({Kind::kJoin, description.substr(i, 1)});
      ++i;
    } else if (c == ' ' || c == '\'' || c == '"' || c == '`') {
      ++i;
    } else {
      tokens.push_back({Kind::kStop, description.substr(i, 1)});
      ++i;
    }
  }
  std::vector<std::string> best, run;
  bool joined = false;  // a joining token since the run's last word
  const auto end_run = [&] {
    if (run.size() >= fewest) best.insert(best.end(), run.begin(), run.end());
    run.clear();
    joined = false;
  };
  for (const Token& t : tokens) {
    if (t.kind == Kind::kStop) {
      end_run();
    } else if (t.kind == Kind::kJoin) {
      if (run.empty()) continue;
      joined = true;
    } else {
      // Two words in a row end the list ("deactivate users"); the second may open another.
      if (!run.empty() && !joined) end_run();
      run.push_back(ascii_lower(t.text));
      joined = false;
    }
  }
  end_run();
  return best;
}

std::string snake(std::string_view name) {
  // Already snake case (lower-case letters and digits, single underscores between): as it is.
  const bool plain = !name.empty() && name.front() != '_' && name.back() != '_' && name.find("__") == std::string_view::npos &&
                     std::all_of(name.begin(), name.end(), [](char c) { return (c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') || c == '_'; });
  if (plain) return std::string(name);
  return join_name_words(name, '_');
}

class Evaluator {
 public:
  Evaluator(const RuleBase& rules, const Tool& tool) : rules_(rules), tool_(tool) {}

  Assessment run() {
    gather_name();
    gather_lead_verb();
    add_joined_in_later_sentences();
    gather_params();
    gather_phrases();
    decide_category();
    if (!category_) telemetry_named();
    record_matched();
    if (!category_) return unclassified();
    // Said only by the server's own words: worth an operator's look.
    const bool from_name_or_schema = std::any_of(out_.evidence.begin(), out_.evidence.end(), [](const Evidence& e) {
      return e.field == "category" && (e.from == EvidenceSource::kName || e.from == EvidenceSource::kSchema);
    });
    if (!from_name_or_schema) out_.flags.push_back("classified-from-description");
    decide_blast();
    decide_side_effects();
    decide_reversibility();
    decide_level();
    finish();
    return std::move(out_);
  }

 private:
  // ---- evidence ------------------------------------------------------------------------

  void gather_name() {
    name_words_ = tokenize_name(tool_.name);
    // A title that only spells the name again ("Network Networks To Sync" for
    // network-networksToSync) says nothing the name has not said: read as text, its words would
    // stand beside each other as the name's never do ("canCreateMoreServers" asks whether it
    // can; "Can Create More Servers" would create).
    // Nor does one that spells it without the group the name opens with ("Can Generate
    // Traefik.me Domains" for domain-canGenerateTraefikMeDomains, "Create Issue" for
    // github_create_issue): the group is the name's context, not more of what the title says.
    title_ = !tool_.title.empty() && !spells_tail(tool_.title, name_words_);
    // A version that ends a name ("mail_updateWebhookV1", "deploy_plan_get_v2") is no word of
    // its operation: the word before it is the name's last ("get" is then a CLI-style verb).
    // Nor is an adverb that ends it ("delete_workspace_safely", "run_report_now",
    // "filter_create_async"): it says how, not what is done or to what. Nor "tool" after two
    // words or more, the suffix some servers give every name ("validate_style_tool",
    // "run_tests_tool" runs tests, not a tool), unless it is an MCP tool ("call_mcp_tool").
    const auto tool_suffix = [&] {
      return name_words_.size() >= 3 && name_words_.back() == "tool" && name_words_[name_words_.size() - 2] != "mcp";
    };
    while (name_words_.size() > 1 && (is_version(name_words_.back()) || is_adverb(name_words_.back()) || tool_suffix())) {
      name_words_.pop_back();
    }
    join_split_prefixes();
    split_run_together();
    if (has_non_ascii(tool_.name)) out_.flags.push_back("non-ascii-name");
    if (has_control_character(tool_.name)) out_.flags.push_back("control-character-in-name");
    // The specification asks for names of 1 to 128 characters.
    if (utf8_length(tool_.name) > kMaxNameCharacters) out_.flags.push_back("name-over-128-characters");
    // Two-word objects first ("pull request", "api key", "node pool"): their words are not verbs.
    std::vector<bool> taken(name_words_.size(), false);
    for (std::size_t i = 0; i + 1 < name_words_.size(); ++i) {
      const std::string pair = name_words_[i] + " " + name_words_[i + 1];
      for (std::size_t r : rules_.match_object(pair)) {
        objects_.push_back({r, i + 1, pair});
        taken[i] = taken[i + 1] = true;
      }
    }
    std::vector<VerbHit> strong, weak;
    for (std::size_t i = 0; i < name_words_.size(); ++i) {
      if (taken[i]) continue;
      for (std::size_t r : verb_rules_in_context(name_words_[i], i)) {
        (rules_.rule(r).weak ? weak : strong).push_back({r, i, name_words_[i]});
      }
    }
    for (std::size_t r : bare_verb_in_context()) (rules_.rule(r).weak ? weak : strong).push_back({r, 0, name_words_[0]});
    // A verb between another verb and "status" says what the status is of: "check_import_status"
    // checks an import, "check_refund_eligibility" whether a refund may be made. A removing verb
    // is kept (failing closed), and so is one joined to the verb before it by "and", "or" or
    // "then": "get_and_store_result" stores the result.
    const auto removes = [&](const VerbHit& h) { return removing(rule(h.rule)); };
    const auto status_of = [&](const VerbHit& h) {
      const auto before = [&](const std::vector<VerbHit>& hits) {
        return std::any_of(hits.begin(), hits.end(), [&](const VerbHit& o) { return o.position < h.position; });
      };
      const bool earlier = before(strong) || before(weak);
      const bool joined = h.position > 0 && is_conjunction(name_words_[h.position - 1]);
      return earlier && !joined && h.position + 1 < name_words_.size() && is_status_noun(name_words_[h.position + 1]) &&
             !removes(h);
    };
    strong.erase(std::remove_if(strong.begin(), strong.end(), status_of), strong.end());
    // Drops the hits a predicate names from both lists (the name's verbs are chosen from them).
    const auto drop = [&](const auto& pred) {
      std::erase_if(strong, pred);
      std::erase_if(weak, pred);
    };
    // An -ing word right before "details", "info" or "status" names whose they are
    // ("billing_details", "airbnb_listing_details", "recording_info"): a thing, not a deed. A
    // removing verb is kept (failing closed).
    // So does a word as often a thing, a weak verb ("charge_details", "bill_summary").
    drop([&](const VerbHit& h) {
      return (modifies_aspect(name_words_, h.position) ||
              (rule(h.rule).weak && !says_safe(rule(h.rule)) && before_aspect(name_words_, h.position))) &&
             !removes(h);
    });
    // A resource-first name opens with its group in the plural and may name one of it again
    // ("drains-test-drain", "pages_update_page_settings", "checks-create-check"): there the
    // group's singular is that thing, not a verb (to drain a node, to page the on-call). A
    // removing verb is kept (failing closed).
    if (name_words_.size() >= 3 && name_words_[0].size() > 3 && name_words_[0].back() == 's') {
      const std::string_view one = std::string_view(name_words_[0]).substr(0, name_words_[0].size() - 1);
      drop([&](const VerbHit& h) { return h.position > 0 && h.word == one && !removes(h); });
    }
    // A waiting verb and "for" or "until" await what follows: "wait_for_run_to_complete" waits
    // for a run, it neither runs nor completes one; "await" says "wait for" alone
    // ("ws_await_fill" waits for a fill). A removing verb is kept (failing closed).
    for (std::size_t i = 0; i + 1 < name_words_.size(); ++i) {
      const bool waits_for = one_of(name_words_[i], {"wait", "await", "poll"}) && one_of(name_words_[i + 1], {"for", "until"});
      if (!waits_for && name_words_[i] != "await") continue;
      const std::size_t awaited = waits_for ? i + 1 : i;
      drop([&](const VerbHit& h) { return h.position > awaited && !removes(h); });
      break;
    }
    // A verb after "can", "is", "has" or "have" is asked about, not done ("canCreateMoreServers"
    // asks whether more servers may be made); one after "by" names what a listing is keyed by
    // ("allByType", "getByName"). Only changing verbs are dropped, and a removing one is kept
    // (failing closed).
    drop([&](const VerbHit& h) {
      const auto& c = rule(h.rule).category;
      return h.position > 0 && one_of(name_words_[h.position - 1], {"can", "is", "has", "have", "by"}) && c &&
             !is_safe(*c) && !removes(h);
    });
    // A verb after "to" that follows a thing says what the thing is for, not what the tool does:
    // "networksToSync" lists the networks to sync, "get_files_to_upload" gets them. One after a
    // verb is kept ("switch_to_branch"), and so is a removing verb (failing closed).
    const auto verb_at = [&](std::size_t at) {
      const auto at_pos = [&](const VerbHit& o) { return o.position == at; };
      return std::any_of(strong.begin(), strong.end(), at_pos) || std::any_of(weak.begin(), weak.end(), at_pos);
    };
    std::vector<std::size_t> purposes;
    for (std::size_t i = 2; i < name_words_.size(); ++i) {
      if (name_words_[i - 1] == "to" && !verb_at(i - 2) && !is_preposition(name_words_[i - 2])) purposes.push_back(i);
    }
    drop([&](const VerbHit& h) {
      return std::find(purposes.begin(), purposes.end(), h.position) != purposes.end() && !removes(h);
    });
    // A word right after "from" is where something comes from, not what is done to it:
    // "restore_from_trash" restores, "import_from_archive" imports. Only beside another verb.
    const auto after_from = [&](const VerbHit& h) { return h.position > 0 && name_words_[h.position - 1] == "from"; };
    const auto elsewhere = [&](const std::vector<VerbHit>& hits) {
      return std::any_of(hits.begin(), hits.end(), [&](const VerbHit& h) { return !after_from(h); });
    };
    if (elsewhere(strong) || elsewhere(weak)) drop(after_from);
    // A light verb hands the action to the noun after it: "perform_auto_cleanup" cleans up,
    // "run_purge" purges. Those nouns count as verbs of the name.
    const auto light = std::find_if(strong.begin(), strong.end(), [](const VerbHit& h) { return is_light_verb(h.word); });
    if (light != strong.end()) {
      const std::size_t light_index = static_cast<std::size_t>(light - strong.begin());  // push_back below moves it
      const std::size_t after = light->position;
      for (const auto& w : weak) {
        if (w.position > after) strong.push_back(w);
      }
      // Running a query or a search reads: "run_dashboard_query", "execute_search" (a free-form
      // statement parameter can still say more).
      const bool reads = std::any_of(strong.begin(), strong.end(), [&](const VerbHit& h) {
        // Not a scan or a crawl: running one sets work going.
        return h.position > after && one_of(h.word, {"query", "search"}) && rules_.rule(h.rule).category == Category::kRead;
      });
      const auto report = std::find_if(name_words_.begin() + static_cast<std::ptrdiff_t>(after) + 1, name_words_.end(),
                                       [](const std::string& w) { return one_of(w, {"report", "reports", "insight", "insights", "audit", "audits"}); });
      if (reads) {
        strong.erase(strong.begin() + static_cast<std::ptrdiff_t>(light_index));
      } else if (report != name_words_.end()) {
        // So does running a report, an insight or an audit ("run_report", "execute_insight",
        // "runAccessibilityAudit"): the run is a query of it, not a report filed.
        const std::size_t at = static_cast<std::size_t>(report - name_words_.begin());
        drop([&](const VerbHit& h) { return h.position == after || h.position == at; });
        for (std::size_t r : verb_rules_in_context("query", at)) strong.push_back({r, at, *report});
      }
    }
    // A word as often a noun, joined by "and", "or" or "then" right after a strong verb, is a
    // verb too: "summarize_and_email" emails, "fetch_and_log" logs ("get_build_and_log", whose
    // "build" is weak, leaves its log a thing).
    for (const auto& w : weak) {
      if (w.position < 2 || !is_conjunction(name_words_[w.position - 1])) continue;
      if (std::any_of(strong.begin(), strong.end(), [&](const VerbHit& s) { return s.position + 2 == w.position; })) strong.push_back(w);
    }
    // A weak verb that opens the name is its verb when the strong ones are words as often a
    // thing, the first right after it ("like_post", "pin_comment", "star_reply": a post is
    // liked, not posted; "compute_disk_update" is a service's update).
    const bool things_after = !strong.empty() && strong.front().position == 1 &&
                              std::all_of(strong.begin(), strong.end(), [&](const VerbHit& h) { return is_thing_too(h.word) && !removes(h); });
    if (things_after) {
      for (auto it = weak.rbegin(); it != weak.rend(); ++it) {
        if (it->position == 0) strong.insert(strong.begin(), *it);
      }
    } else if (!strong.empty()) {
      // Failing closed, a weak verb that removes, right before the first strong verb, is the
      // name's verb: "cleanup_download" cleans up a download, "empty_cache_build" empties.
      const std::size_t first_strong = strong.front().position;
      for (auto it = weak.rbegin(); it != weak.rend(); ++it) {
        if (it->position + 1 == first_strong && removes(*it)) strong.insert(strong.begin(), *it);
      }
    }
    // A name that opens with a verb that changes nothing and has a change after it
    // ("render_update_service", "check_update_service") may open with its service's name, which
    // is a verb too (Render, Checkly, Ping): when the description opens with the later verb
    // ("Update a service's configuration"), that is the operation and the first word the service.
    // The description only picks between the name's own words, and only toward the change.
    if (strong.size() >= 2 && strong.front().position == 0 && says_safe(rule(strong.front().rule))) {
      const std::string opening = description_opening_word();
      const std::vector<std::string> forms = opening.empty() ? std::vector<std::string>{} : verb_forms(opening);
      const auto confirmed = std::find_if(strong.begin(), strong.end(), [&](const VerbHit& h) {
        return h.position != 0 && !says_safe(rule(h.rule)) && std::find(forms.begin(), forms.end(), name_words_[h.position]) != forms.end();
      });
      if (confirmed != strong.end()) std::erase_if(strong, [](const VerbHit& h) { return h.position == 0; });
    }
    const bool conjunction = std::any_of(name_words_.begin(), name_words_.end(), [](const std::string& w) { return is_conjunction(w); });
    name_verbs_ = choose_verbs(strong.empty() ? weak : strong, conjunction);
    other_verbs_ = strong;
    for (const auto& v : name_verbs_) taken[v.position] = true;
    for (std::size_t i = 0; i < name_words_.size(); ++i) {
      if (taken[i]) continue;
      for (std::size_t r : rules_.match_object(name_words_[i])) objects_.push_back({r, i, name_words_[i]});
      // A modifier in the name ("force_delete_pod", "hard_delete_user") raises the grade as
      // the same word does as a parameter.
      for (std::size_t r : rules_.match_param(name_words_[i])) {
        if (rule(r).in_name) name_modifiers_.push_back({r, i, name_words_[i]});
      }
    }
  }

  // The description's first word that is not a filler, when what follows it is plainly its
  // object ("Update a service's configuration", "Updates the service"): a verb then, not a noun
  // ("Exchange standard operating hours"). Lower-cased; empty otherwise.
  std::string description_opening_word() const {
    OpeningWords opening(tool_.description);
    const std::vector<std::string>& words = opening.upto(kDescriptionLeadWords + 1);
    const std::size_t i = first_unfilled(words);
    if (i >= words.size() || i >= kDescriptionLeadWords) return {};
    return object_follows(words, i) ? words[i] : std::string();
  }

  // Where a description's opening words first hold one that is not a filler ("Use this tool to
  // update ..."), looked for among the first kDescriptionLeadWords (their end when all are).
  static std::size_t first_unfilled(const std::vector<std::string>& words) {
    std::size_t i = 0;
    while (i < words.size() && i < kDescriptionLeadWords && is_lead_filler(words[i])) ++i;
    return i;
  }

  // A name that is only a verb ("promote", "revert") has no words of its own to say what it
  // acts on; when the description opens with that verb, the words after it there do
  // ("Promote a deployment to production"). The rules that context adds stand beside the
  // word's own, and only those that change state at least as gravely do: text may raise a
  // tool, never talk it down from what its name says ("evaluate" stays code run, whatever
  // "Evaluate a math expression" says).
  std::vector<std::size_t> bare_verb_in_context() const {
    if (name_words_.size() != 1) return {};
    OpeningWords opening(tool_.description);
    const std::vector<std::string>& words = opening.upto(kDescriptionLeadWords + kContextWords + 1);
    const std::size_t i = first_unfilled(words);
    if (i >= words.size()) return {};
    const std::vector<std::string> forms = verb_forms(words[i]);
    if (std::find(forms.begin(), forms.end(), name_words_[0]) == forms.end()) return {};
    const std::span<const std::string> after = context_after(words, i);
    const std::vector<std::size_t> own = verb_rules_in_context(name_words_[0], 0);
    std::vector<std::size_t> added;
    for (std::size_t r : verb_rules_in_context(name_words_[0], 0, false, after)) {
      const Rule& c = rule(r);
      if (c.with.empty() || !c.category || is_safe(*c.category) || std::find(own.begin(), own.end(), r) != own.end()) continue;
      // At least as grave as each of the word's own rules: its category, its level and every
      // effect ("chat" that posts a message is not made a question to an assistant).
      const auto level = [](const Rule& x) { return x.level.value_or(base_level(*x.category)); };
      const bool as_grave = std::all_of(own.begin(), own.end(), [&](std::size_t o) {
        const Rule& w = rule(o);
        if (!w.category) return true;
        return *w.category <= *c.category && level(w) <= level(c) &&
               std::all_of(w.side_effects.begin(), w.side_effects.end(), [&](const std::string& e) {
                 return std::find(c.side_effects.begin(), c.side_effects.end(), e) != c.side_effects.end();
               });
      });
      if (as_grave) added.push_back(r);
    }
    return added;
  }

  // The verb rules of one name word. A rule with `with` applies only beside one of its
  // words ("resolve" beside "thread" changes state; "resolve" alone looks up), and then
  // it is the word's only rule.
  // A `lead_only` rule speaks only where the word opens a description (`opening`).
  // For a description's verb, `after` holds the words that follow it there: they are context too
  // ("Evaluate a math expression").
  static constexpr std::size_t kContextWords = 64;
  std::vector<std::size_t> verb_rules_in_context(const std::string& word, std::size_t position, bool opening = false,
                                                 std::span<const std::string> after = {}) const {
    std::vector<std::size_t> plain, contextual;
    for (std::size_t r : rules_.match_verb(word)) {
      const Rule& rl = rule(r);
      if (rl.lead_only && !opening) continue;
      if (rl.with.empty()) {
        plain.push_back(r);
        continue;
      }
      bool hit = names_its_object(rl, after, 0, after.size());
      // A thing named before a name's verb that has a thing of its own right after it is the
      // group the name opens with, not what the verb acts on: "redis_database_reset_password"
      // resets a password, "database_clear_cache" a cache; "database_reset" resets the database,
      // and a word that is no thing still says how ("soft_delete_user", "factory_reset_device").
      // (Asked only of a word found before the verb: most names have none.)
      const auto own_object = [&] {
        return position + 1 < operation_end() && !with_word_at(rl, name_words_, position + 1, name_words_.size()) &&
               !rules_.match_object(name_words_[position + 1]).empty();
      };
      // Its context: the name's other words, up to kContextWords on either side (a name the
      // specification allows, 128 characters, has fewer words; a far longer one is not read word
      // against word).
      const std::size_t from = position > kContextWords ? position - kContextWords : 0;
      const std::size_t to = std::min(name_words_.size(), position + kContextWords + 1);
      for (std::size_t j = from; j < to && !hit; ++j) {
        hit = j != position && with_word_at(rl, name_words_, j, position > j ? position : name_words_.size()) &&
              !(j < position && !rules_.match_object(name_words_[j]).empty() && own_object());
      }
      if (hit) contextual.push_back(r);
    }
    return contextual.empty() ? plain : contextual;
  }

  // The verb that says what a name does is its first verb, wherever it stands (delete_pod,
  // pods_delete, linear_deleteSavedView). With "or", "and" or "then" every verb counts, and a removing
  // verb counts wherever it stands: failing closed, a name that says "delete" may delete.
  std::vector<VerbHit> choose_verbs(const std::vector<VerbHit>& hits, bool all) const {
    if (hits.empty() || all) return hits;
    std::size_t first = hits.front().position;
    // CLI-style names put the verb last, after the service and resource (`az`-like
    // `deploy_app_logs_get`, `storage_blob_list`, `deploy-services-reader`): a final read verb
    // after at least two other words is the verb, even when the first word (a service) is one too.
    const std::size_t last = operation_end() - 1;
    // A name with a preposition reads as English, and its last word is a noun ("add_card_to_list").
    // So does one with a create, update, delete, save or write verb before its last word: services
    // are named "deploy" or "monitor", never "create", and "CreateSipCredentialList" makes a list.
    const bool english = name_has_preposition(last + 1) || std::any_of(hits.begin(), hits.end(), [&](const VerbHit& h) {
                           return h.position < last && is_crud_verb(name_words_[h.position]);
                         });
    const bool verb_last = std::any_of(hits.begin(), hits.end(), [&](const VerbHit& h) { return h.position == last; });
    // "get" and "describe" are never a noun or an adjective.
    const bool never_a_thing = one_of(name_words_[last], {"get", "describe"});
    // With two words, only such a final verb: "reply_get" gets a reply ("reply", "comment",
    // "update" are as often things), "create_view" creates a view.
    const bool cli_name = last >= 2 || (last == 1 && never_a_thing);
    // A name that opens with a change verb naming no service, and ends in a word that is as
    // often a thing ("send_contact_list", "clear_shopping_list": a list), does what it says to
    // that thing; failing closed, it then reads as English ("reply_get" still gets a reply).
    const bool changes_first = !never_a_thing && std::any_of(hits.begin(), hits.end(), [&](const VerbHit& h) {
      const auto& c = rule(h.rule).category;
      return h.position == 0 && c && !is_safe(*c) && !is_service_word(name_words_[0]);
    });
    if (cli_name && !english && !changes_first && is_cli_final_verb(name_words_[last]) && verb_last) first = last;
    // Resource-first names put the operation last ("filter_create", "nfs_share_delete"): a last
    // word that names a change is the verb when the resource right before it is a word that is
    // also a verb. With a verb further back the name reads as English and its last word is a
    // noun ("getWorkspaceUpdate", "archiveProjectUpdate": a project update).
    const bool resource_then_change = std::all_of(hits.begin(), hits.end(), [&](const VerbHit& h) { return h.position + 1 >= last; });
    if (last >= 1 && verb_last && !english && resource_then_change && is_final_change_verb(name_words_[last], name_words_[last - 1])) first = last;
    // A create, edit or rename that ends a name that does not read as English is its operation
    // even after another verb, one that is as often a noun there ("search_index_create", "view_table_create":
    // a search index, a view table); failing closed, both count. A last word that is as often a
    // thing ("getWorkspaceUpdate": a workspace's update) is left, unless every verb before it is
    // an API's resource as often ("view_table_update", "search_index_update").
    const auto after_resources = [&] {
      return std::all_of(hits.begin(), hits.end(), [&](const VerbHit& h) { return h.position == last || is_resource_too(name_words_[h.position]); });
    };
    const bool final_change = last >= 2 && verb_last && !english && is_crud_verb(name_words_[last]) &&
                              is_final_change_verb(name_words_[last], name_words_[last - 1]) &&
                              (!is_thing_too(name_words_[last]) || after_resources());
    // A name whose verb changes something and that names a task or a job of stopping or rebooting
    // (a verb whose rule says downtime) makes one, to be run ("assign_reboot_task",
    // "create_shutdown_job"); failing closed, the stop counts as well. Beside a read it names a
    // record ("get_restart_count").
    const bool first_changes = std::any_of(hits.begin(), hits.end(), [&](const VerbHit& h) {
      return h.position == first && rule(h.rule).category && *rule(h.rule).category >= Category::kMutate;
    });
    const auto stop_task = [&](const VerbHit& h) {
      const auto& effects = rule(h.rule).side_effects;
      return first_changes && std::find(effects.begin(), effects.end(), "downtime") != effects.end() && h.position + 1 < name_words_.size() &&
             one_of(name_words_[h.position + 1], {"task", "tasks", "job", "jobs", "operation", "operations", "action", "actions"});
    };
    std::vector<VerbHit> chosen;
    for (const auto& h : hits) {
      if (h.position == first || removing(rule(h.rule)) || stop_task(h) || (final_change && h.position == last)) chosen.push_back(h);
    }
    return chosen;
  }

  // Where a name's operation ends: words after it say which one or how much, not what is done
  // ("deploy_plan_get_by_id", "reply_get_details", "alerts_get_all"): the operation's last word
  // is the one before them. One past that word.
  std::size_t operation_end() const {
    std::size_t end = name_words_.size();
    while (end > 1) {
      const std::string& w = name_words_[end - 1];
      if (end > 2 && name_words_[end - 2] == "by" && (is_key_word(w) || w == "name")) {
        end -= 2;
        continue;
      }
      if (!one_of(w, {"details", "detail", "info", "all"})) break;
      --end;
    }
    return end;
  }

  // A prefix split from its verb ("re_order", "Re-run", "re-index": names made from titles
  // keep the hyphen) is one word with it when the rule base knows the joined word as a verb;
  // otherwise the verb would be the word after it ("order" pays).
  void join_split_prefixes() {
    for (std::size_t i = 0; i + 1 < name_words_.size(); ++i) {
      if (name_words_[i] != "re") continue;
      std::string joined = name_words_[i] + name_words_[i + 1];
      if (rules_.match_verb(joined).empty()) continue;
      name_words_[i] = std::move(joined);
      name_words_.erase(name_words_.begin() + static_cast<std::ptrdiff_t>(i) + 1);
    }
  }

  // A name written as one run of lower-case letters, as some generators write an API's
  // operation ids ("getvaultaccount", "deleteinternalwallet"), splits at nothing. When the
  // whole is no word of the rules, opens with a strong verb and ends with a known object of
  // four letters or more (or, failing that, goes on with one), those are its words ("get vault
  // account", "delete internal wallet", "get item usages"). Anything else stays one word
  // ("dropdown", "postgresql": unclassified, failing closed).
  void split_run_together() {
    if (name_words_.size() != 1) return;
    const std::string word = name_words_[0];
    // Operation ids are short; a longer run is tried at no place (each try copies a prefix).
    constexpr std::size_t kShortest = 8, kLongest = 64, kRestShortest = 4;
    if (word.size() < kShortest || word.size() > kLongest || !std::all_of(word.begin(), word.end(), [](char c) { return c >= 'a' && c <= 'z'; })) return;
    if (!rules_.match_verb(word).empty() || !rules_.match_object(word).empty() || !rules_.match_param(word).empty()) return;
    for (std::size_t k = word.size() - kRestShortest; k >= 3; --k) {
      const std::string verb = word.substr(0, k);
      const auto verbs = rules_.match_verb(verb);
      if (verbs.empty() || std::all_of(verbs.begin(), verbs.end(), [&](std::size_t r) { return rule(r).weak; })) continue;
      // The longest known object that ends the rest (the whole rest, or one with three letters
      // or more before it).
      const std::string rest = word.substr(k);
      for (std::size_t j = 0; j + kRestShortest <= rest.size(); j = j == 0 ? 3 : j + 1) {
        if (rules_.match_object(rest.substr(j)).empty()) continue;
        name_words_ = {verb};
        if (j > 0) name_words_.push_back(rest.substr(0, j));
        name_words_.push_back(rest.substr(j));
        return;
      }
      // The longest known object that opens the rest, with three letters or more after it.
      for (std::size_t j = rest.size() - 3; j >= kRestShortest; --j) {
        if (rules_.match_object(rest.substr(0, j)).empty()) continue;
        name_words_ = {verb, rest.substr(0, j), rest.substr(j)};
        return;
      }
    }
  }

  // A weak name verb that is also an object word ("pods_log", "jira_issue") is that object
  // when the description opens with a strong verb ("Get the logs of a pod"): the name then
  // names a thing, and the description says what is done with it.
  void nouns_not_verbs() {
    if (name_verbs_.empty()) return;
    std::vector<ObjectHit> nouns;
    for (const auto& v : name_verbs_) {
      const auto rules = rules_.match_object(v.word);
      if (rules.empty()) return;
      for (std::size_t r : rules) nouns.push_back({r, v.position, v.word});
    }
    objects_.insert(objects_.end(), nouns.begin(), nouns.end());
    name_verbs_.clear();
  }

  void gather_lead_verb() {
    // The description's lead verb speaks when the name has no verb, or only a word that is
    // as often a noun; then it can only raise.
    if (!all_verbs(name_verbs_, [](const Rule& r) { return r.weak; })) {
      lead_verbs_ = joined_to_the_name_verb();
      return;
    }
    // The title, then the description: the first strong verb among their opening words, or,
    // failing one, the first weak verb of each ("Use Template" says less than "Apply a template").
    std::vector<VerbHit> weak_lead;
    std::size_t weak_from_title = 0;  // how many of weak_lead, the first, the title's opening gave
    const std::string& title = title_ ? tool_.title : kNoText;
    for (const std::string* text : {&title, &tool_.description}) {
      OpeningWords opening(*text);
      std::size_t seen = 0;
      for (std::size_t i = 0; i < opening.upto(i + kJoinWords + 6).size(); ++i) {
        const std::vector<std::string>& words = opening.upto(i + kJoinWords + 6);
        const std::string& w = words[i];
        // A word with no Latin letter (the Korean half of "KR: ... EN: Searches for keys") does
        // not use up the opening.
        if (is_lead_filler(w) || !has_latin_letter(w) || embedded_latin_term(words, i)) continue;
        // After other words "like" gives examples ("actions like create folder, get assets"):
        // the verbs after it say what the tool does. Opening the text it is one ("Like a post").
        if (w == "like" && seen > 0) continue;
        // "Call this tool when ...", as "Use this tool when ...", tells the caller when to use
        // it ("Calling this tool ..." says what that call does); the call is the caller's, not
        // something the tool calls.
        if (one_of(w, {"call", "invoke", "run", "execute", "calling", "invoking", "running", "executing"}) &&
            i + 2 < words.size() && words[i + 1] == "this" && one_of(words[i + 2], {"tool", "function"})) {
          continue;
        }
        if (++seen > kDescriptionLeadWords) break;
        // "Read-only" and "read only" say what something is ("a safe, read-only operation"),
        // not what the tool does; passing over the read only ever lets a graver verb speak.
        if (w == "read" && i + 1 < words.size() && words[i + 1] == "only") continue;
        const std::span<const std::string> after = context_after(words, i);
        std::vector<VerbHit> found = lead_hits(w, [](const Rule&) { return true; }, after);
        if (found.empty()) continue;
        const bool weak = all_verbs(found, [](const Rule& r) { return r.weak; });
        // A word as often a thing that would move money ("order", "charge", "bill", "invoice")
        // is a verb only before what it acts on ("Charge the card", "Order 2 servers"); "Order
        // book for a trading pair" and "Invoice PDF" name things.
        if (weak && any_verb(found, [](const Rule& r) { return r.level && *r.level == RiskLevel::kCritical; }) && !object_follows(words, i)) {
          continue;
        }
        // A word as often a noun that would make a change, opening the text in its plural before
        // "in", "of" or "from" ("Messages in the inbox", "Logs from the pod"), names things; "Logs
        // in to" is a verb, and a read's noun still says what comes back ("Details of an order").
        if (weak && seen == 1 && w.size() > 3 && w.back() == 's' && i + 1 < words.size() && one_of(words[i + 1], {"in", "of", "from"}) &&
            !(i + 2 < words.size() && words[i + 2] == "to") && !any_verb(found, says_safe)) {
          continue;
        }
        // A word that is as often a noun is one after an article or a preposition ("for the
        // page", "all console messages"), unless a light verb hands it the action ("take a
        // screenshot", "make a request").
        // After "is" or "are" a word that is no participle is what something is ("when the
        // intent is clear"), not what the tool does; a participle still counts ("is deleted").
        const bool participle = w.size() > 4 && w.compare(w.size() - 2, 2, "ed") == 0;
        if (i > 0 && one_of(words[i - 1], {"is", "are", "was", "were", "be", "been", "being"}) && !participle) continue;
        // After "who" or "which" a verb says what someone or something else did ("a member who
        // has accepted"), not what the tool does.
        if (i > 0 && one_of(words[i - 1], {"who", "which", "whom", "whose"})) continue;
        // After "if", "when" or "unless" a verb says when the tool acts ("a session, if
        // matching"; "when called, deletes ..."), not what it does.
        if (i > 0 && one_of(words[i - 1], {"if", "when", "unless", "whenever", "once", "until"})) continue;
        // "Use when the user asks to remove ...": what the user asks, wants or needs to do is the
        // request; what the tool does is the verb after "to" ("asks which projects ..." or "asks
        // for the comments" is a question the tool answers).
        if (i > 0 && i + 1 < words.size() && words[i + 1] == "to" &&
            one_of(w, {"ask", "asks", "asked", "want", "wants", "need", "needs", "request", "requests", "requested"}) &&
            one_of(words[i - 1], {"user", "users", "you", "caller", "someone", "they", "customer", "client", "agent", "model", "i", "we"})) {
          continue;
        }
        // "Billing details of the account", "Recording information": an -ing word before an
        // aspect names whose it is, as in a name. A word before a lone "s", from "(s)" or "'s"
        // ("ticker update(s)", "the order's items"), is a thing, plural or owning.
        if ((modifies_aspect(words, i) || (weak && !any_verb(found, says_safe) && before_aspect(words, i)) ||
             (i + 1 < words.size() && words[i + 1] == "s")) &&
            !any_verb(found, removing)) {
          continue;
        }
        const bool gerund = w.size() > 5 && w.compare(w.size() - 3, 3, "ing") == 0;  // "for diagnosing"
        // An -ing word counts after a preposition ("for diagnosing"), not after an article or a
        // possessive ("about a recording", "the listing").
        const bool determined = i > 0 && is_article_or_possessive(words[i - 1]);
        if (weak && (!gerund || determined) && i > 0 && is_noun_marker(words[i - 1]) && !(i > 1 && is_light_verb(words[i - 2]))) continue;
        const std::vector<VerbHit> joined = joined_changes(words, i, all_verbs(found, says_safe), kJoinWords, opening.commas_after(i));
        if (!weak) {
          lead_verbs_ = std::move(found);
          lead_verbs_.insert(lead_verbs_.end(), joined.begin(), joined.end());
          lead_from_title_ = text == &title ? lead_verbs_.size() : 0;
          nouns_not_verbs();
          return;
        }
        // The first verb of each text counts; together they can only raise.
        weak_lead.insert(weak_lead.end(), found.begin(), found.end());
        weak_lead.insert(weak_lead.end(), joined.begin(), joined.end());
        if (text == &title) weak_from_title = weak_lead.size();
        break;
      }
    }
    // Failing a strong verb there, a sentence that says what the tool does speaks for it
    // ("Use this tool ONLY when asked to ... This tool creates an isolated git worktree"). Said
    // that far in, it only raises: the name's words stay its verbs.
    if (auto said = verb_the_tool_says(); !said.empty()) {
      lead_verbs_ = std::move(said);
      lead_from_title_ = 0;
      return;
    }
    lead_verbs_ = std::move(weak_lead);
    lead_from_title_ = weak_from_title;
  }

  // A later sentence that opens with a verb of the tool's in the third person that changes
  // nothing, and joins a change to it, tells a step the tool takes: the change is done too, as
  // after a lead verb that reads ("Fetch and return the quickstart guide. Resolves callback
  // URLs from the project configuration and updates them on the application."). Said after
  // the opening, it only raises: run after gather_lead_verb, it adds to the lead verbs. A
  // sentence that opens with the change itself ("Replaces the manual chain of geocode, search
  // and details", "Applies to any entity type") is left: over the corpus and tests/data such
  // sentences nearly always say what something else is or does.
  void add_joined_in_later_sentences() {
    const std::string_view text = std::string_view(tool_.description).substr(0, kLaterSentenceBytes);
    // Sentences end at a full stop or a line break (found with memchr: most of a text is neither);
    // ".\n" ends one sentence.
    const std::size_t opens = text.find_first_not_of(" \t\r\n.");  // a line break before the text opens nothing
    for (const char mark : {'.', '\n'}) {
      for (std::size_t i = text.find(mark); i != std::string_view::npos; i = text.find(mark, i + 1)) {
        if (i < opens || (mark == '\n' && i > 0 && text[i - 1] == '.')) continue;
        add_joined_in_sentence_at(text, i + 1);
      }
    }
  }

  // Whether a word opens what a verb acts on: an article, a pronoun, a determiner.
  static bool is_object_opener(std::string_view w) {
    return one_of(w, {"the", "a", "an", "it", "them", "its", "their", "this", "these", "those", "all", "each", "every", "any"});
  }

  // Whether a word of four letters or more that ends in "s" follows an "and", a "then" or a
  // comma in `text` (after "also", "then", "optionally" or "automatically"), with what it acts
  // on after it (is_object_opener): "... and updates them".
  static bool joins_a_third_person_word(std::string_view text) {
    for (std::size_t i = 0, end = 0; i < text.size(); i = end) {
      while (i < text.size() && !is_word_char(text[i])) ++i;
      end = i;
      while (end < text.size() && is_word_char(text[end])) ++end;
      const std::string_view word = text.substr(i, end - i);
      const bool comma = i > 1 && text[i - 2] == ',';
      if (!comma && word != "and" && word != "then") continue;
      // The word after spaces from `at`, and `at` moved past it.
      const auto word_after = [&](std::size_t& at) {
        while (at < text.size() && text[at] == ' ') ++at;
        const std::size_t from = at;
        while (at < text.size() && is_word_char(text[at])) ++at;
        return text.substr(from, at - from);
      };
      std::size_t j = comma ? i : end;
      std::string_view next = word_after(j);
      while (one_of(next, {"also", "then", "optionally", "automatically"})) next = word_after(j);
      // With what it acts on after it, which makes it a verb ("and updates them").
      if (next.size() >= 4 && next.back() == 's' && is_object_opener(ascii_lower(word_after(j)))) return true;
    }
    return false;
  }

  // The same for the sentence that starts at text[at] (after spaces).
  void add_joined_in_sentence_at(std::string_view text, std::size_t at) {
    while (at < text.size() && (text[at] == ' ' || text[at] == '\t' || text[at] == '\r')) ++at;
    // A capital, then letters to a space: a word of four letters or more in the third person.
    if (at >= text.size() || text[at] < 'A' || text[at] > 'Z') return;
    std::size_t end = at + 1;
    while (end < text.size() && text[end] >= 'a' && text[end] <= 'z') ++end;
    if (end - at < 4 || end >= text.size() || text[end] != ' ' || text[end - 1] != 's') return;
    // A step joined by "and", "then" or a comma, told in the third person as the first is
    // ("... and updates them"), within the sentence and the few words joined_changes reads
    // (kJoinWords, 100 bytes here): most sentences have none.
    const std::size_t last = std::min(text.size(), end + 100);
    std::size_t stop = end;
    while (stop < last && !ends_clause(text[stop])) ++stop;
    if (!joins_a_third_person_word(text.substr(end, stop - end))) return;
    const std::string first = ascii_lower(text.substr(at, end - at));
    // Not what comes back ("Returns user details and DM channel ID": things, not a message
    // sent), nor a plural that is the sentence's subject ("Filters can add labels, forward
    // messages").
    const std::vector<VerbHit> found = lead_hits(first, [](const Rule& r) { return !r.lead_only; });
    if (found.empty() || !all_verbs(found, says_safe)) return;
    OpeningWords sentence(text.substr(at));
    const std::vector<std::string>& words = sentence.upto(kJoinWords + 6);
    if (words.size() < 2 || words[0] != first ||
        one_of(words[1], {"can", "may", "will", "must", "should", "are", "were", "have", "do", "include", "contain", "return", "show"})) {
      return;
    }
    // Only a change with an article or a pronoun after it, which makes it a verb: in a list of
    // what comes back a plural is as often a thing ("Retrieves messages, timestamps, and
    // optionally replies and assets"; "Retrieves user details and DM channel ID").
    for (const VerbHit& v : joined_changes(words, 0, true, kJoinWords, sentence.commas_after(0))) {
      const auto it = std::find(words.begin() + 1, words.end(), v.word);
      if (!rule(v.rule).weak && it != words.end() && it + 1 != words.end() && is_object_opener(*(it + 1))) lead_verbs_.push_back(v);
    }
  }

  // Grave changes joined to the lead verb at words[at] by "and" or "then" within the next few
  // words ("Watch a folder and upload new files", "Builds and deploys the app"), or offered
  // beside it by an "or" right after it ("Update or delete workbooks"): a strong verb
  // (or a weak one with what it acts on after it) that deletes, or whose rule raises the level
  // or says the effect leaves the system, is done too. Not every change: in "analyze and validate and fix" the fixes may only be returned,
  // and "fetches a page and converts it" still reads. After a lead verb that changes nothing,
  // though, any strong change with what it acts on after it is done too ("Download and import
  // a model", "Convert text to speech and save the audio file", "Search for a product and add
  // it to the cart"): the read is only the first step of a change.
  static bool grave(const Rule& r, bool acts_on = false, bool after_safe = false) {
    if (!r.category || is_safe(*r.category)) return false;
    // A weak one only when it sends (email, message): "evaluate their responses" may only judge.
    if (r.weak) {
      return acts_on && std::any_of(r.side_effects.begin(), r.side_effects.end(), [](const std::string& e) {
               return e == "external_notification" || e == "data_exfiltration";
             });
    }
    if (after_safe && acts_on) return true;
    if (*r.category >= Category::kDelete || (r.level && *r.level >= RiskLevel::kHigh)) return true;
    return std::any_of(r.side_effects.begin(), r.side_effects.end(), [](const std::string& e) {
      return e == "external_notification" || e == "data_exfiltration" || e == "code_execution" || e == "cost";
    });
  }
  // Words between a joiner and the verb it joins ("and then deletes", "and optionally sends").
  static bool is_joined_adverb(const std::string& w) { return one_of(w, {"then", "also", "optionally", "automatically"}); }

  // Whether words[k] is a verb a comma (or a colon) lists beside the lead verb at words[at], by
  // `commas`, what stands before each word (OpeningWords::commas): joined as "and" would join
  // it, with what it acts on after it ("List repos, create issues, merge PRs"), or in a list of
  // verbs alone that the lead verb opens ("Lists, creates, updates and deletes events"). Not a
  // word alone after a lead verb with an object ("List accesses for the account, users,
  // invites"), which is one more thing listed.
  static bool listed_verb(const std::vector<std::string>& words, std::size_t at, std::size_t k, std::span<const char> commas,
                          bool after_safe) {
    if (k >= commas.size() || (commas[k] != kMarkComma && commas[k] != kMarkColon) || one_of(words[k], {"and", "or", "then"})) return false;
    // Not past the lead verb's sentence. A colon before the lead verb opens the list of verbs it
    // stands in ("Kubernetes: scale deployments, delete namespaces"); one after it, a list of
    // parts of what a read returns ("Get a PR: metadata, merge info"), or of the actions a change
    // takes in ("Manages blobs: upload, download, delete"), verbs alone.
    bool colon = commas[k] == kMarkColon;
    for (std::size_t j = at + 1; j < k; ++j) {
      if (commas[j] == kMarkSentence) return false;
      colon |= commas[j] == kMarkColon;
    }
    if (colon && after_safe) return false;
    std::size_t v = k;  // the verb, after the words joined_changes passes over
    while (v + 1 < words.size() && is_joined_adverb(words[v])) ++v;
    // "..., allowing jobs to be dispatched again" says what the change makes possible; other -ing
    // forms say what else it does ("Sync a folder, deleting remote files not present locally").
    if (one_of(words[v], {"allowing", "enabling", "letting", "permitting", "helping", "ensuring"})) return false;
    const bool alone = v + 1 == words.size() || (v + 1 < commas.size() && commas[v + 1] != 0) || one_of(words[v + 1], {"and", "or"});
    if (colon) return alone;
    return !alone || (at + 1 < commas.size() && commas[at + 1] == kMarkComma);
  }
  // Whether the comma list that words[k] stands in, after the verb words[at], is a list of
  // things: an item before it opens with a word that is no verb ("Return routes, provider
  // starts, timing, bypass reasons": "bypass" names a kind of reason, as "provider" one of
  // start). A list of steps opens each item with its verb ("Get the file, update it, delete
  // the copy").
  bool lists_things(const std::vector<std::string>& words, std::size_t at, std::size_t k, std::span<const char> commas) const {
    for (std::size_t j = at + 1; j < k; ++j) {
      if (commas[j] != kMarkComma) continue;
      std::size_t v = j;
      while (v + 1 < k && is_joined_adverb(words[v])) ++v;
      if (one_of(words[v], {"and", "or", "then"})) continue;
      if (lead_hits(words[v], [](const Rule&) { return true; }).empty()) return true;
    }
    return false;
  }

  std::vector<VerbHit> joined_changes(const std::vector<std::string>& words, std::size_t at, bool after_safe,
                                      std::size_t within = kJoinWords, std::span<const char> commas = {}) const {
    std::vector<VerbHit> out;
    // Past the lead verb's sentence only "can also" joins ("Looks up contacts; can also merge
    // them"); nothing does past a negation: what follows "not", "never" or "cannot" is what the
    // tool does not do ("Search logs; never update or delete anything").
    bool past_sentence = false;
    for (std::size_t k = at + 1; k < words.size() && k <= at + within; ++k) {
      if (is_denial_word(words[k])) break;
      past_sentence |= k < commas.size() && commas[k] == kMarkSentence;
      const bool listed = listed_verb(words, at, k, commas, after_safe);
      if (!listed && k + 1 == words.size()) break;
      // "Get or delete a webhook": a verb put beside the lead verb by "or" is offered too (not
      // beside an -ing form, which sets the scene: "after generating or editing code").
      const bool offered = words[k] == "or" && k == at + 1 && !words[at].ends_with("ing");
      // Further on, after a read, "or" offers a removal as "and" joins a change ("List repos or
      // delete them"); other verbs after it are as often what the caller may do instead ("... or
      // send it yourself"), and after a change a removal is a synonym ("Delete, remove, or destroy
      // a VM").
      const bool alternative = words[k] == "or" && !offered && after_safe;
      // "Looks up contacts; can also merge duplicates": what the tool can also do, it does.
      const bool also = one_of(words[k], {"can", "may", "will"}) && k + 1 < words.size() && words[k + 1] == "also";
      // "Read and write secrets": two verbs side by side share what follows them.
      const bool paired = words[k] == "and" && k == at + 1 && !words[at].ends_with("ing");
      if (!listed && !offered && !alternative && !also && !one_of(words[k], {"and", "then"})) continue;
      if (past_sentence && !also) continue;
      if (!listed && words[k - 1] == "drag" && words[k + 1] == "drop") continue;  // "drag and drop" is one gesture
      if (listed && lists_things(words, at, k, commas)) continue;
      std::size_t v = listed ? k : k + 1;
      while (v + 1 < words.size() && is_joined_adverb(words[v])) ++v;
      // A word as often a noun is a verb here when what it acts on follows ("and email the
      // link", "and message them"; not "the file and log output").
      // "Find and replace" is one edit, whatever follows it.
      const bool find_replace = one_of(words[k - 1], {"find", "search"}) && words[v] == "replace";
      const bool acts_on = find_replace || offered || paired || (v + 1 < words.size() && one_of(words[v + 1], {"the", "a", "an", "it", "them", "this", "that", "these", "those",
                                                                          "your", "their", "its", "all", "every", "each", "him", "her", "us", "me"}));
      // After a read, a report or a summary made ("Analyze the logs and create a report") is
      // what comes back, not a change.
      const bool makes_output = acts_on && v + 2 < words.size() && is_output_noun(words[v + 2]);
      // What it acts on picks the joined verb's sense, as for a lead verb ("and transfers their
      // files" moves files, not money).
      std::vector<VerbHit> hits = lead_hits(words[v], [&](const Rule& r) { return grave(r, acts_on) && (!alternative || removing(r)); },
                                            context_after(words, v));
      if (hits.empty() && after_safe && !makes_output && !alternative) hits = clause_changes(words, v, acts_on);
      out.insert(out.end(), hits.begin(), hits.end());
    }
    return out;
  }

  // The changes words[v] makes when it is joined to a read: a verb that needs an object beside
  // it ("convert" an issue or a page, "resolve" an issue) counts only with that object in its
  // own clause, not the name's words, and the other rules of the word count without it.
  std::vector<VerbHit> clause_changes(const std::vector<std::string>& words, std::size_t v, bool acts_on) const {
    std::vector<VerbHit> found;
    for (const auto& form : verb_forms(words[v])) {
      for (std::size_t r : rules_.match_verb(form)) {
        const Rule& rl = rule(r);
        if (!rl.lead || !grave(rl, acts_on, true)) continue;
        if (!rl.with.empty() && !names_its_object(rl, words, v + 1, 4)) continue;
        found.push_back({r, 0, words[v]});
      }
      if (!found.empty()) break;
    }
    return found;
  }

  // Whether one of the `count` words from words[from] is an object the `with` rule r needs
  // beside it.
  static bool names_its_object(const Rule& r, std::span<const std::string> words, std::size_t from, std::size_t count) {
    const std::size_t end = std::min(words.size(), from + count);
    for (std::size_t i = from; i < end; ++i) {
      if (with_word_at(r, words, i, end)) return true;
    }
    return false;
  }

  // Whether words[i] is one of the `with` words of r, or its plural ("thread", "threads",
  // "boxes"); an entry of two words ("working dir") is words[i] and words[i + 1], the second
  // before `end`, its plural in the second.
  static bool with_word_at(const Rule& r, std::span<const std::string> words, std::size_t i, std::size_t end) {
    const auto same = [](std::string_view word, std::string_view w) {
      if (!word.starts_with(w)) return false;
      const std::string_view rest = word.substr(w.size());
      return rest.empty() || rest == "s" || rest == "es";
    };
    const std::string_view word = words[i];
    for (std::string_view w : r.with) {
      if (same(word, w)) return true;  // a word has no space, so only a one-word entry matches here
      // A two-word entry: this word, a space, then the next word.
      if (w.size() > word.size() && w[word.size()] == ' ' && w.starts_with(word) && i + 1 < end && i + 1 < words.size() &&
          same(words[i + 1], w.substr(word.size() + 1))) {
        return true;
      }
    }
    return false;
  }

  // Whether some "and", "then", "can also" or comma of `text` joins a grave change to the word
  // before it (what joined_changes finds there; `after_safe`: as after a lead verb that changes
  // nothing), found by tokenizing only the few words around each: most descriptions join none,
  // and then their words need not be looked at.
  bool joins_a_grave_change(std::string_view text, bool after_safe) const {
    for (std::size_t i = 0, end = 0; i < text.size(); i = end) {
      bool comma = false;  // before this word
      while (i < text.size() && !is_word_char(text[i])) comma |= text[i++] == ',';
      end = i;
      while (end < text.size() && is_word_char(text[end])) ++end;
      // An "or" counts only right after the lead verb, which opens the text (within its first
      // eight words that are not fillers): one further in need not be looked at; nor need a
      // comma further in than that verb and the words it may be joined to.
      const std::string_view word = text.substr(i, end - i);
      // "can also", "may also", "will also" join what follows as "and" does.
      const auto also_after = [&] {
        std::size_t j = end;
        while (j < text.size() && !is_word_char(text[j])) ++j;
        std::size_t e = j;
        while (e < text.size() && is_word_char(text[e])) ++e;
        return same_word(text.substr(j, e - j), "also");
      };
      const bool joiner = same_word(word, "and") || same_word(word, "then") || (i < kLeadVerbBytes && same_word(word, "or")) ||
                          ((same_word(word, "can") || same_word(word, "may") || same_word(word, "will")) && also_after());
      // Any other word after a comma that may be a change: the opening words are read (few are).
      if (!joiner && comma && i < kLeadVerbBytes) {
        if (names_a_change(word)) return true;
        continue;
      }
      if (!joiner) continue;
      std::size_t before = i;  // the word before the joiner
      while (before > 0 && !is_word_char(text[before - 1])) --before;
      if (before == 0) continue;  // nothing before it to be joined to
      while (before > 0 && is_word_char(text[before - 1])) --before;
      if (!joined_changes(tokenize_text(text.substr(before), 2 * kJoinWords), 0, after_safe, 1).empty()) return true;
    }
    return false;
  }

  // Whether a word of text, as a verb, is one that some rule reads as a change (or is one of
  // the adverbs that may stand before such a verb).
  bool names_a_change(std::string_view word) const {
    std::string lowered;
    ascii_lower(word, lowered);
    if (is_joined_adverb(lowered)) return true;
    for (const auto& form : verb_forms(lowered)) {
      for (std::size_t r : rules_.match_verb(form)) {
        if (rule(r).category && !is_safe(*rule(r).category)) return true;
      }
    }
    return false;
  }

  // Under a name with a strong verb, the grave changes joined to the description's opening verb
  // when that verb is the name's ("create_release": "Create a release and publish it"): the
  // description says what else the named action does. They can only raise.
  std::vector<VerbHit> joined_to_the_name_verb() const {
    // Most descriptions join no grave change to anything: found out before looking for the verb.
    // A change joined to a read counts only when the name's verb reads (or computes).
    if (!joins_a_grave_change(std::string_view(tool_.description).substr(0, 400), any_verb(name_verbs_, says_safe))) return {};
    OpeningWords opening(tool_.description);
    std::size_t seen = 0;
    for (std::size_t i = 0; i < opening.upto(i + kJoinWords + 6).size(); ++i) {
      const std::vector<std::string>& words = opening.upto(i + kJoinWords + 6);
      const std::string& w = words[i];
      if (is_lead_filler(w) || !has_latin_letter(w)) continue;
      if (++seen > kDescriptionLeadWords) break;
      const std::vector<VerbHit> found = lead_hits(w, [](const Rule& r) { return !r.weak; });
      if (found.empty()) continue;
      const bool the_names = std::any_of(found.begin(), found.end(), [&](const VerbHit& f) {
        return std::any_of(name_verbs_.begin(), name_verbs_.end(), [&](const VerbHit& n) { return n.rule == f.rule; });
      });
      return the_names ? joined_changes(words, i, all_verbs(found, says_safe), kJoinWords, opening.commas_after(i)) : std::vector<VerbHit>{};
    }
    return {};
  }

  // The strong verb of the description's first "this tool <verb>s" ("the tool deletes"), with
  // "will", "can" or "also" between; none when there is no such sentence.
  std::vector<VerbHit> verb_the_tool_says() const {
    const auto words = tokenize_text(std::string_view(tool_.description).substr(0, kDescriptionSearchChars));
    for (std::size_t i = 1; i + 1 < words.size(); ++i) {
      if (words[i] != "tool" || !one_of(words[i - 1], {"this", "the"})) continue;
      std::size_t v = i + 1;
      while (v + 1 < words.size() && one_of(words[v], {"will", "can", "also"})) ++v;
      // "This tool allows you to parse ...": what the caller is let do is what the tool does.
      if (v + 2 < words.size() && one_of(words[v], {"allows", "lets", "helps", "enables"}) &&
          one_of(words[v + 1], {"you", "users", "agents", "callers", "clients"})) {
        v += words[v + 2] == "to" && v + 3 < words.size() ? 3 : 2;
      }
      const std::string& w = words[v];
      if (v == i + 1 && (w.size() < 3 || w.back() != 's')) continue;  // "the tool list": a noun
      // What it acts on picks the verb's sense, as after a lead verb ("opens a run" makes one).
      const std::span<const std::string> after = context_after(words, v);
      if (auto found = lead_hits(w, [](const Rule& r) { return !r.weak; }, after); !found.empty()) return found;
    }
    return {};
  }

  // The verb rules a description word speaks by as a lead verb (`lead`, and `keep`), for the
  // first of its forms that has any ("creates" -> create).
  template <class Keep>
  std::vector<VerbHit> lead_hits(const std::string& w, Keep keep, std::span<const std::string> after = {}) const {
    std::vector<VerbHit> found;
    for (const auto& form : verb_forms(w)) {
      for (std::size_t r : verb_rules_in_context(form, name_words_.size(), true, after)) {
        if (rule(r).lead && keep(rule(r))) found.push_back({r, 0, w});
      }
      if (!found.empty()) break;
    }
    return found;
  }

  // Some servers wrap every argument in one object ("params", "request", "args"): its
  // properties are the tool's own. So they are when the wrapper is one of several objects
  // (a Pydantic union of requests, `oneOf` an object per action: "object|object"). The
  // wrapper's path, or "" when there is none.
  std::string argument_wrapper() const {
    const SchemaProperty* top = nullptr;
    for (const auto& p : tool_.properties) {
      if (p.path.find('.') != std::string::npos) continue;
      if (top) return "";
      top = &p;
    }
    if (!top || json_type_bits(top->type) != kTypeObject) return "";
    return one_of(snake(top->name), {"params", "parameters", "args", "arguments", "input", "request", "body"}) ? top->path : "";
  }

  // Whether the head object of an action value's words after its verb (its last word that is
  // an object) is itself a scope: a namespace or wider, not a set of people or an audience.
  bool names_a_scope(const std::vector<std::string>& words, std::size_t from) const {
    for (std::size_t i = words.size(); i-- > from;) {
      const std::vector<std::size_t> rules = rules_.match_object(words[i]);
      if (!rules.empty()) return is_a_scope(rules);
    }
    return false;
  }

  // Whether a word, by the object rules it matches, is itself a scope: the widest blast any
  // of them says is a namespace or wider, and none makes it a set of people (a team is
  // removed with its memberships; the members remain) or an audience (a broadcast deleted is
  // one record, whatever audience it was for).
  bool is_a_scope(const std::vector<std::size_t>& object_rules) const {
    std::optional<BlastRadius> widest;
    for (const std::size_t r : object_rules) {
      const Rule& o = rule(r);
      if (has_trait(o, "members") || has_trait(o, "reaches_many")) return false;
      if (o.blast && (!widest || *o.blast > *widest)) widest = o.blast;
    }
    return widest && *widest >= BlastRadius::kNamespace;
  }

  bool has_property(std::string_view path) const {
    return std::any_of(tool_.properties.begin(), tool_.properties.end(), [&](const SchemaProperty& p) { return p.path == path; });
  }

  void gather_params() {
    const std::string wrapper = argument_wrapper();
    const std::string inside = wrapper.empty() ? "" : wrapper + ".";  // what its properties' paths start with
    const std::string_view description = std::string_view(tool_.description).substr(0, kDescriptionScanBytes);
    // The name's words after its last verb: what the tool acts on ("item" in "update-item");
    // in a name that ends in its verb, the words before its first ("item" in "item-update").
    std::size_t first = 0, last = name_words_.size();
    for (const auto& v : name_verbs_) {
      first = std::max(first, v.position + 1);
      last = std::min(last, v.position);
    }
    if (first >= name_words_.size()) first = 0;
    else last = name_words_.size();
    std::string subject;
    for (std::size_t i = first; i < last; ++i) subject += (subject.empty() ? "" : " ") + name_words_[i];
    for (const auto& p : tool_.properties) {
      if (!wrapper.empty() && p.path == wrapper) continue;
      const bool wrapped = !inside.empty() && std::string_view(p.path).starts_with(inside);
      const std::string_view path = std::string_view(p.path).substr(wrapped ? inside.size() : 0);
      std::string name = snake(p.name);
      // A generic field of a nested object is named by its parent: the "type" of each entry
      // of "actions" is an action ("actions_type"); the "type" of a filter is not a rule word.
      const bool nested = path.size() > p.name.size();
      const bool generic = one_of(name, {"type", "kind"}), operation_word = one_of(name, {"op", "operation", "action"});
      std::string parent;
      if (nested && (generic || operation_word)) {
        const std::string_view parents = path.substr(0, path.size() - p.name.size() - 1);
        const std::size_t dot = parents.rfind('.');
        parent = snake(dot == std::string_view::npos ? parents : parents.substr(dot + 1));
      }
      const bool named_by_parent = nested && generic;
      if (named_by_parent) name = parent + "_" + name;
      // So is the operation of each entry of a list of operations ("operations[].op",
      // "actions[].action"): each is something the tool does, unless the entries are JSON Patch
      // operations (with a "path" beside), which edit fields of one item.
      const bool action_of_each = nested && operation_word &&
                                  one_of(parent, {"operations", "actions", "ops", "steps", "changes", "edits"}) &&
                                  !has_property(std::string(p.path.substr(0, p.path.size() - p.name.size())) + "path");
      // Levels that do not count against a property's depth: the wrapper, the parent that names it.
      const int shallower = (wrapped ? 1 : 0) + (named_by_parent || action_of_each ? 1 : 0);
      // An undescribed top-level property is read as what the name acts on and its own words:
      // the "code" of "update-item" is an item code, the "code" of "update_function" is not.
      const std::vector<std::size_t> matched = rules_.match_param(name);
      if (matched.empty()) continue;
      std::string undescribed_as;
      if (p.description.empty() && !subject.empty() && path.find('.') == std::string_view::npos) {
        undescribed_as = subject + " " + name;
        std::replace(undescribed_as.begin(), undescribed_as.end(), '_', ' ');
      }
      for (std::size_t r : matched) {
        if (rules_.param_constraints_hold(r, p, shallower, {undescribed_as, description})) params_.push_back({r, &p});
      }
    }
    // A language chosen from a list (param.exec.language: an exec rule on enum values) runs code
    // only beside the code it runs, or under a name or an opening that runs something
    // ("execute_file(path, interpreter=bash)"); otherwise it is the language of what is looked
    // up or explained ("docs(question, language=python|node)").
    const auto choice = [&](const ParamHit& h) { return rule(h.rule).role == ParamRole::kExec && !rule(h.rule).values_pattern.empty(); };
    const bool free_code = std::any_of(params_.begin(), params_.end(), [&](const ParamHit& h) {
      return rule(h.rule).role == ParamRole::kExec && !choice(h);
    });
    const auto runs = [](const VerbHit& v) {
      return one_of(v.word, {"run", "runs", "execute", "executes", "exec", "eval", "evaluate", "evaluates", "invoke", "invokes",
                             "interpret", "interprets", "spawn", "spawns", "launch", "launches", "start", "starts"});
    };
    const bool running = std::any_of(name_verbs_.begin(), name_verbs_.end(), runs) ||
                         std::any_of(lead_verbs_.begin(), lead_verbs_.end(), runs);
    if (!free_code && !running) std::erase_if(params_, choice);
  }

  void gather_phrases() {
    // Text past the scan can only have raised the tool: an operator is told it went unread.
    if (tool_.description.size() > kDescriptionScanBytes) out_.flags.push_back("description-over-8192-bytes");
    std::string text = title_ ? tool_.title : std::string();
    text += "\n";
    // After a tag that opens the description ("[Acme] Deletes ..."), its first sentence opens
    // a line, as it would without the tag; the tag's own words are still searched. Sentences
    // that open it only to vouch for the tool ("Read-only. Deletes ...", assurance.h) are no
    // evidence: left out, so that what follows them opens the description as it would alone.
    // The description's own first line follows the title's, however many blank lines or
    // indents a server puts before it (a docstring's "\n    Deletes ...").
    std::string_view description = std::string_view(tool_.description).substr(0, kDescriptionScanBytes);
    description.remove_prefix(std::min(description.find_first_not_of(" \t\r\n"), description.size()));
    std::string_view rest = OpeningWords::without_tag(description);
    text += description.substr(0, description.size() - rest.size());
    if (rest.size() < description.size()) text += "\n";
    rest.remove_prefix(assurance_prefix(rest));
    text += rest;
    // Markdown's emphasis and code marks ("**Deletes** the", "`force`") stand between words
    // and the sentence or line they open; the phrases read the words without them.
    if (text.find('*') != std::string::npos || text.find('`') != std::string::npos) {  // memchr each, not a set per byte
      std::erase_if(text, [](char c) { return c == '*' || c == '`'; });
    }
    phrases_ = rules_.match_phrase(text);
    // Quoted as evidence without the line break or space an alternative opening a line matched.
    for (auto& phrase : phrases_) phrase.second.erase(0, phrase.second.find_first_not_of(" \t\r\n"));
  }

  void record_matched() {
    std::set<std::size_t> ids;
    for (const auto* hits : {&name_verbs_, &lead_verbs_, &action_verbs_}) {
      for (const auto& v : *hits) ids.insert(v.rule);
    }
    for (const auto& o : objects_) ids.insert(o.rule);
    for (const auto& m : name_modifiers_) ids.insert(m.rule);
    for (const auto& p : params_) {
      if (active_param(p)) ids.insert(p.rule);
    }
    for (const auto& ph : phrases_) ids.insert(ph.first);
    for (std::size_t i : ids) out_.matched_rules.push_back(rule(i).id);
  }

  // ---- decisions -----------------------------------------------------------------------

  template <typename T>
  void raise(std::optional<T>& field, T value, const char* field_name, const std::string& rule,
             EvidenceSource from, const std::string& match) {
    if (field && *field >= value) return;
    field = value;
    note(field_name, std::string(to_string(value)), rule, from, match);
  }

  void note(const std::string& field, const std::string& value, const std::string& rule,
            EvidenceSource from, const std::string& match) {
    out_.evidence.push_back({field, value, rule, from, match});
  }

  const Rule& rule(std::size_t i) const { return rules_.rule(i); }

  // Whether a word names telemetry (an object rule with that trait: logs, metrics, traces).
  bool names_telemetry(const std::string& word) const {
    const auto objects = rules_.match_object(word);
    return std::any_of(objects.begin(), objects.end(), [&](std::size_t r) { return has_trait(rule(r), "telemetry"); });
  }

  // Whether any / every hit's rule has a property (`creates`, `weak`, `collection` ...).
  template <typename Pred>
  bool any_verb(const std::vector<VerbHit>& hits, Pred pred) const {
    return std::any_of(hits.begin(), hits.end(), [&](const VerbHit& v) { return pred(rule(v.rule)); });
  }
  template <typename Pred>
  bool all_verbs(const std::vector<VerbHit>& hits, Pred pred) const {
    return std::all_of(hits.begin(), hits.end(), [&](const VerbHit& v) { return pred(rule(v.rule)); });
  }

  void decide_category() {
    // "manage_data_model(action=list|get)": a name that only says it manages leaves what it
    // does to an action enum whose every value is a verb; so does a description that opens
    // with "Manage" where the name has no verb of its own ("teams": "Manage teams:
    // list/get/get_members", action=list|get|get_members).
    const auto manages = [](const VerbHit& v) { return one_of(v.word, {"manage", "manager", "management", "administer", "administrate"}); };
    const bool only_manages = std::all_of(name_verbs_.begin(), name_verbs_.end(), manages) &&
                              (!name_verbs_.empty() || (!lead_verbs_.empty() && std::all_of(lead_verbs_.begin(), lead_verbs_.end(), manages)));
    const bool manages_by_action =
        only_manages &&
        std::any_of(params_.begin(), params_.end(), [&](const ParamHit& p) {
          const auto& values = p.property->enum_values;
          return rule(p.rule).role == ParamRole::kAction && !values.empty() &&
                 std::all_of(values.begin(), values.end(), [&](const std::string& value) {
                   const std::vector<std::string> words = tokenize_name(value);
                   return !words.empty() && is_action_verb(words[0]);
                 });
        });
    for (const auto& v : name_verbs_) {
      if (manages_by_action) {
        note("flag", "actions-say-what-is-managed", rule(v.rule).id, EvidenceSource::kName, v.word);
        continue;
      }
      if (rule(v.rule).category) raise(category_, *rule(v.rule).category, "category", rule(v.rule).id, EvidenceSource::kName, v.word);
    }
    for (std::size_t i = 0; i < lead_verbs_.size(); ++i) {
      const VerbHit& v = lead_verbs_[i];
      if (manages_by_action && manages(v)) {
        note("flag", "actions-say-what-is-managed", rule(v.rule).id, EvidenceSource::kDescription, v.word);
        continue;
      }
      if (rule(v.rule).category) {
        raise(category_, *rule(v.rule).category, "category", rule(v.rule).id, EvidenceSource::kDescription,
              (i < lead_from_title_ ? "title: " : "") + v.word);
      }
    }
    const bool name_restricts = !name_verbs_.empty() && all_verbs(name_verbs_, [](const Rule& r) { return r.restricts; });
    // When the name creates something, an action or method enum describes the thing made (a
    // request definition's "method", a firewall rule's "action"), not what the tool does.
    const bool name_creates = !name_verbs_.empty() && all_verbs(name_verbs_, [](const Rule& r) { return r.creates && !r.weak; });
    // When the name lists or searches, an action enum says which items come back
    // ("list_adjustments(action=refund|credit)": the refunds are listed, not made).
    const bool name_lists = !name_verbs_.empty() && all_verbs(name_verbs_, [](const Rule& r) { return r.collection && says_safe(r); });
    const bool name_reads = !name_verbs_.empty() && all_verbs(name_verbs_, says_safe);
    const bool name_checks = name_reads && std::any_of(name_verbs_.begin(), name_verbs_.end(), [](const VerbHit& v) {
      return one_of(v.word, {"check", "checks", "verify", "verifies", "validate", "validates", "simulate", "simulates", "evaluate", "evaluates"});
    });
    // When the name edits one item ("update_macro", "updateCollectionRequest"), an action or
    // method enum its description calls an attribute of an item ("The request's HTTP method",
    // "The intended use case of the macro") is a value stored there, not what the tool does.
    const bool name_edits = name_only_edits();
    const bool name_computes = !name_verbs_.empty() && all_verbs(name_verbs_, [](const Rule& r) {
      return r.category == Category::kUtility;
    });
    // A read of logs or events: an action enum names the actions the entries record
    // ("auditLog-all(action=create|delete)": the entries about deletions come back).
    const bool reads = name_verbs_.empty() ? !lead_verbs_.empty() && all_verbs(lead_verbs_, says_safe) : name_reads;
    // A verbless name leaves it to the description's opening verb, but only where the schema
    // too says the tool pages through records ("GET /auditLog.all" with limit and offset):
    // a description alone may not make an action enum a filter ("Only reads data." before
    // "Manage pipelines. Actions: list, create, delete" would talk the deletes away).
    const bool reads_records = reads && names_trait("telemetry") && (!name_verbs_.empty() || pages_through());
    // A read of an API's documentation (as its name says): a method and a path name the
    // operation documented ("get_api_spec(path, method=GET|POST|DELETE)"), not a request made.
    const bool reads_docs = name_reads && names_trait("documents");
    for (auto& p : params_) {
      const Rule& r = rule(p.rule);
      if (reads_docs && (r.role == ParamRole::kAction || r.role == ParamRole::kWiden || (r.role == ParamRole::kNote && removing(r)))) {
        note("flag", "operation-documented", r.id, EvidenceSource::kSchema,
             p.property->path + " (names what the documentation describes, not a request)");
        p.defines = true;
        continue;
      }
      if (r.role == ParamRole::kExec && r.defines && name_creates) {
        note("flag", "code-of-created-item", r.id, EvidenceSource::kSchema,
             p.property->path + " (the body of what the name creates, not run now)");
        p.defines = true;
        continue;
      }
      // A setting of what the name makes ("create_scale_set(instance_count)") says how it is
      // made; nothing running is scaled down.
      if (r.role == ParamRole::kNote && r.defines && name_creates) {
        p.defines = true;
        continue;
      }
      // Code a name says it explains, reviews, formats or lints ("explain_code(code)",
      // "lint_sql(sql)") is the text it reads, not code it runs.
      if (r.role == ParamRole::kExec && name_analyzes_its(p.property->name)) {
        note("flag", "code-analyzed", r.id, EvidenceSource::kSchema,
             p.property->path + " (the text the name's verb analyses, not run)");
        p.defines = true;
        continue;
      }
      // A switch named by a change ("apply", "auto_fix", "confirm_purchase", "publish") selects
      // that change, done now: its own name is the action chosen, whatever the tool's name
      // creates, lists or reads.
      const bool action_switch = r.role == ParamRole::kAction && p.property->enum_values.empty() && p.property->type == "boolean";
      if (r.role == ParamRole::kAction && name_creates && !action_switch) {
        note("flag", "action-of-created-item", r.id, EvidenceSource::kSchema, p.property->path);
        continue;
      }
      if (r.role == ParamRole::kAction && name_edits && describes_attribute(p.property->description)) {
        note("flag", "action-attribute-of-edited-item", r.id, EvidenceSource::kSchema,
             p.property->path + " (a value stored on the item the name edits)");
        continue;
      }
      // An enum that holds the name's own verb among its values ("list_files(action=list|delete)")
      // chooses the operation, listing among others; it filters nothing.
      const auto& values = p.property->enum_values;
      const bool names_own_verb = r.role == ParamRole::kAction && std::any_of(values.begin(), values.end(), [&](const std::string& value) {
        const std::vector<std::string> words = tokenize_name(value);
        return !words.empty() &&
               std::any_of(name_verbs_.begin(), name_verbs_.end(), [&](const VerbHit& v) { return v.word == words.front(); });
      });
      if (r.role == ParamRole::kAction && (name_lists || reads_records) && !names_own_verb && !action_switch) {
        note("flag", "action-filters-the-list", r.id, EvidenceSource::kSchema, p.property->path);
        continue;
      }
      // Under a name that only checks whether something may be done ("check_permission",
      // "policy_check_path", "simulate_policy", "validate_operation"), an action enum names the
      // operation checked for, not one the tool performs. A mode is the tool's own
      // ("verify_migration(mode=fix|analysis)": "fix" fixes).
      const auto names_operation = [&] {
        return one_of(snake(p.property->name), {"action", "actions", "operation", "operations", "op", "verb", "method", "http_method",
                                                "action_type", "operation_type"});
      };
      if (r.role == ParamRole::kAction && name_checks && !names_own_verb && !action_switch && names_operation()) {
        note("flag", "action-checked-for", r.id, EvidenceSource::kSchema, p.property->path + " (the operation the name's verb checks)");
        continue;
      }
      if (r.role == ParamRole::kAction) {
        // A switch's own name is its one value; no copy of either. A list of actions given as
        // objects keyed by the action ("actions: [{set_text: {...}}, {remove_attribute: {...}}]")
        // has its keys for values.
        std::vector<std::string> keys = values.empty() && !action_switch ? action_keys(*p.property) : std::vector<std::string>{};
        // A free-text choice whose description lists its values is read as that list.
        // With no description of its own, the tool's speaks for it where it lists three or more
        // ("File operations (read, write, move, delete)" with a bare `op`). Not for an HTTP
        // method: the methods a text lists are mostly how a service calls back, and a free-form
        // method is param.http_method_any's.
        const bool http_method = one_of(snake(p.property->name), {"method", "http_method", "request_method"});
        if (values.empty() && keys.empty() && !action_switch && p.property->type == "string" && !http_method) {
          keys = p.property->description.empty() ? described_values(tool_.description, 3) : described_values(p.property->description);
        }
        const std::span<const std::string> choices = action_switch ? std::span(&p.property->name, 1)
                                                     : keys.empty()  ? std::span(values)
                                                                     : std::span(keys);
        // Arithmetic choices ("add, subtract, multiply or divide") compute: "add" there adds
        // numbers, not a record.
        const auto arithmetic_word = [](std::string_view w) {
          return one_of(w, {"add", "subtract", "multiply", "divide", "plus", "minus", "times", "modulo", "mod", "power", "pow",
                            "sqrt", "sum", "difference", "product", "quotient", "remainder"});
        };
        const bool arithmetic = std::any_of(choices.begin(), choices.end(), [](const std::string& v) {
          return one_of(v, {"subtract", "multiply", "divide", "minus", "times", "modulo", "sqrt", "quotient"});
        });
        for (const auto& value : choices) {
          if (arithmetic && arithmetic_word(value)) continue;
          const std::vector<std::string> words = tokenize_name(value);
          const bool on_attribute = removes_attribute(words);
          const std::size_t verb_words = action_verb_words(words);
          bool removes_here = false;
          for (std::size_t i = 0; i < verb_words; ++i) {
            const std::string& w = words[i];
            for (std::size_t vr : verb_rules_in_context(w, name_words_.size())) {
              if (!rule(vr).category) continue;
              // Under a name that only reads, a value's words that are as often nouns name what
              // is read ("ui_get(method=issue_types)").
              if (name_reads && rule(vr).weak && !action_switch) continue;
              // Under a tool that reads, a value that names telemetry fetches it: "pipeline-steps
              // (action=list|get|log)", whose description lists and gets, gets a step's log.
              if (reads && rule(vr).weak && names_telemetry(w)) continue;
              if (on_attribute && removing(rule(vr))) {
                // "update_form(action=deleteTag)": the tag comes off the form, a change (rubric).
                raise(category_, Category::kMutate, "category", rule(vr).id, EvidenceSource::kSchema,
                      p.property->path + "=" + value + " (an attribute removed)");
                continue;
              }
              raise(category_, *rule(vr).category, "category", rule(vr).id, EvidenceSource::kSchema,
                    p.property->path + "=" + value);
              action_verbs_.push_back({vr, 0, w});
              removes_here = removes_here || removing(rule(vr));
            }
          }
          if (removes_here) {
            ++removing_values_;
            const bool named = std::any_of(words.begin() + static_cast<std::ptrdiff_t>(verb_words), words.end(), [&](const std::string& w) {
              const auto objects = rules_.match_object(w);
              return std::any_of(objects.begin(), objects.end(), [&](std::size_t o) { return !says_how_many(rule(o)); });
            });
            if (named) ++removing_values_named_;
          }
          // A value that deletes something that is itself a scope destroys, as the same name
          // would ("operation=delete_repo", "action=drop_database").
          if (removes_here && names_a_scope(words, verb_words)) {
            raise(category_, Category::kDestroy, "category", "engine.delete-of-scope", EvidenceSource::kSchema,
                  p.property->path + "=" + value);
          }
        }
        continue;
      }
      if (r.role == ParamRole::kExec && (name_restricts || reads_records) && !r.unconfined) {
        // A query language of a log or metrics store (LogQL, PromQL, a CLS query) under a tool
        // that reads logs or metrics searches them; it cannot change them.
        note("flag", "exec-restricted", r.id, EvidenceSource::kSchema,
             p.property->path + (name_restricts ? " (the name's read verb confines it to reading)"
                                                : " (a query of the logs or metrics the tool reads)"));
        restricted_exec_ = true;
        continue;
      }
      // A switch that says a change overwrites (`overwrite`) makes a read write; under a name
      // that only computes or validates, it describes the change checked ("validate_records").
      if (r.category && r.role == ParamRole::kModifier && name_computes) {
        note("flag", "modifier-of-checked-change", r.id, EvidenceSource::kSchema, p.property->path);
        continue;
      }
      // A free-form value noted for what it leaves open (any HTTP method) is, under a name that
      // creates or edits an item, a value stored on it (a webhook's callback method), not a
      // request made now; under a name that only computes or validates, a method that could
      // remove is part of what is checked ("validate_api_response(method, path, body)" checks
      // a response of that operation; a switch that also stores a short link still stores it).
      if (r.category && r.role == ParamRole::kNote && (name_creates || name_edits || (name_computes && removing(r)))) {
        note("flag", name_creates || name_edits ? "value-of-created-item" : "value-of-checked-input", r.id, EvidenceSource::kSchema,
             p.property->path);
        p.defines = true;
        continue;
      }
      if (r.category) raise(category_, *r.category, "category", r.id, EvidenceSource::kSchema, p.property->path);
    }
    for (const auto& [r, text] : phrases_) {
      // A phrase may raise a category; a safe one never classifies a tool by itself, unless it
      // stands for the description's lead verb (`opens`), whose safe category does.
      const auto& c = rule(r).category;
      if (c && (category_ || !is_safe(*c) || rule(r).opens)) raise(category_, *c, "category", rule(r).id, EvidenceSource::kDescription, text);
    }
    if (!category_) return;
    // A read of fixed guidance or examples the tool ships (as its *name* says) is a utility,
    // unless the name also names something that holds content of its own (a repository's
    // patterns or guidelines are what is in it, not text the tool ships).
    const bool names_holder = names_trait("contents");
    if (*category_ == Category::kRead && !names_holder) {
      for (const auto& o : objects_) {
        if (has_trait(rule(o.rule), "static")) {
          category_ = Category::kUtility;
          note("category", "utility", rule(o.rule).id, EvidenceSource::kName, o.word);
          return;
        }
      }
    }
    if (*category_ == Category::kRead) {
      for (const auto& o : objects_) {
        if (has_trait(rule(o.rule), "telemetry")) {
          raise(category_, Category::kObserve, "category", rule(o.rule).id, EvidenceSource::kName, o.word);
        }
      }
    }
  }

  // A name with no verb, whose description says nothing either, made of the telemetry it
  // returns in the plural ("container_logs", "pod_metrics", "audit_logs") names its read, as
  // "maps_weather" does (verb.read.lookup): observe. Only the plural of the name's last word: a
  // lone "alert" or "incident" may as well be made.
  void telemetry_named() {
    if (!name_verbs_.empty() || !lead_verbs_.empty() || name_words_.empty()) return;
    const std::size_t head = name_words_.size() - 1;
    const std::string& word = name_words_[head];
    if (word.size() < 4 || word.back() != 's') return;
    for (const auto& o : objects_) {
      if (o.position == head && has_trait(rule(o.rule), "telemetry")) {
        raise(category_, Category::kObserve, "category", rule(o.rule).id, EvidenceSource::kName, o.word);
        return;
      }
    }
  }

  // The object a name is about is its head noun (head_position): an object only if that word
  // is one; "update_project_domain" is about a domain, not a project.
  const ObjectHit* head_object(std::optional<std::size_t> head_pos) const { return head_pos ? object_at(*head_pos) : nullptr; }

  // The object named by the name's word at `position`, leaving out words that only say how many.
  const ObjectHit* object_at(std::size_t position) const {
    for (const auto& o : objects_) {
      if (o.position == position && !says_how_many(rule(o.rule))) return &o;
    }
    return nullptr;
  }

  // Settings, a config or preferences at the head belong to the object named just before them
  // and are set for all of it ("update_organization_settings": the organisation's, at its
  // scope; "update_user_settings": one user's). What is changed or deleted is still the
  // settings, not their owner. So are the policy and the sign-in settings (SSO, SAML, SCIM,
  // MFA) of an organisation, an account or a bucket: they apply to all its members or objects
  // ("update_org_policy", "update_org_sso", "put_bucket_policy"); before other words a policy is
  // about what they name ("sms_region_policy", "network_policy").
  const ObjectHit* settings_owner(std::optional<std::size_t> head_pos) const {
    if (!head_pos || *head_pos == 0) return nullptr;
    const std::string& head = name_words_[*head_pos];
    const ObjectHit* owner = object_at(*head_pos - 1);
    if (one_of(head, {"settings", "setting", "config", "configuration", "preferences"})) return owner;
    if (!one_of(head, {"policy", "policies", "sso", "saml", "scim", "mfa", "2fa"}) || !owner) return nullptr;
    const auto& blast = rule(owner->rule).blast;
    const bool spans_members = blast && *blast == BlastRadius::kOrganization;
    return spans_members || one_of(owner->word, {"account", "bucket"}) ? owner : nullptr;
  }

  // A plural of things of item scope right after one thing of item scope that a required
  // parameter names names what that one holds ("get_thread_replies(thread_ts)",
  // "get_page_images(page_id)", "get_order_items(order_id)"): reading them reads one item, as
  // reading a message's attachments does. Not a compound without such a parameter ("mail
  // messages", "auth tokens": all of them), nor the things of a person, whose mailbox or orders
  // are a collection of their own ("get_user_emails"), nor a collection's
  // ("get_repository_files", "get_channel_messages": the parent is not item scope).
  bool parts_of_one_item(std::optional<std::size_t> head_pos) const {
    if (!head_pos || *head_pos == 0) return false;
    const ObjectHit* head = object_at(*head_pos);
    const ObjectHit* parent = object_at(*head_pos - 1);  // object_at finds a hit at that place only
    if (!head || !parent) return false;
    const auto item_scope = [&](const ObjectHit& o) {
      const Rule& r = rule(o.rule);
      return (!r.blast || *r.blast == BlastRadius::kItem) && !has_trait(r, "person") && !has_trait(r, "telemetry");
    };
    if (!is_plural(*head) || is_plural(*parent) || !item_scope(*head) || !item_scope(*parent)) return false;
    const std::string& named = name_words_[*head_pos - 1];  // the parent's last word ("request" of "pull request": its first)
    const std::string first = parent->word.substr(0, parent->word.find(' '));
    return std::any_of(tool_.properties.begin(), tool_.properties.end(), [&](const SchemaProperty& p) {
      if (!p.required || p.path.find('.') != std::string::npos) return false;
      const std::string param = snake(p.name);
      return param.find(named) != std::string::npos || param.find(first) != std::string::npos;
    });
  }

  // Where the head noun stands in the name: the last word before any preposition
  // ("delete_node_pool" -> node pool; "create_filter_from_template" -> filter), skipping verbs,
  // words that qualify rather than name ("v2", "details", "id"), words that say how many
  // ("project_delete_batch" -> project) and a participle before a preposition.
  std::optional<std::size_t> head_position() const {
    std::optional<std::size_t> head_pos;
    // What stands at each place of the name, gathered once (a name of many words is not read
    // word against every hit).
    const std::size_t n = name_words_.size();
    std::vector<bool> verb(n, false), object(n, false), counted(n, true), modifier(n, false);
    for (const auto& v : name_verbs_) verb[v.position] = true;
    for (const auto& o : objects_) {
      if (o.position >= n) continue;
      object[o.position] = true;
      if (!says_how_many(rule(o.rule))) counted[o.position] = false;
    }
    for (const auto& m : name_modifiers_) {
      if (m.position < n) modifier[m.position] = true;
    }
    // A word that only says how many (batch, bulk, all): an object word with no other sense.
    const auto quantity = [&](std::size_t i) { return object[i] && counted[i]; };
    // A word that says how the action is done, not what it is done to: an adverb within the
    // name ("safely_delete_workspace"; one that ends it is dropped already) or a modifier's word
    // ("delete_repo_force", "delete_workspace_permanently"), unless that is an object itself.
    const auto how = [&](std::size_t i) { return is_adverb(name_words_[i]) || (modifier[i] && !object[i]); };
    for (std::size_t i = 0; i < n; ++i) {
      const std::string& w = name_words_[i];
      if (verb[i] || is_qualifier(w) || quantity(i) || how(i)) continue;
      // A participle before a preposition qualifies the head ("requirements_linked_to_case"),
      // unless the word is itself an object ("get_feed_for_user").
      const bool participle = w.size() > 4 && w.compare(w.size() - 2, 2, "ed") == 0 &&
                              i + 1 < n && is_preposition(name_words_[i + 1]) && !object[i];
      if (participle) continue;
      if (is_preposition(w)) {
        if (head_pos) break;
        continue;
      }
      head_pos = i;
    }
    return head_pos;
  }

  // A label or a tag deleted outright, not removed from something: the name (or its action
  // enum) says "delete" or "erase" and the name names nothing else, not even after a preposition
  // ("delete_label", "erase_tag", "git_tag(action=delete)"; not "remove_issue_label").
  bool deleted_outright(const ObjectHit* head) const {
    if (!head_has_trait(head, "freestanding")) return false;
    const bool other_object = std::any_of(objects_.begin(), objects_.end(), [&](const ObjectHit& o) { return o.position != head->position; });
    const auto delete_in = [](const std::vector<VerbHit>& hits) {
      return std::any_of(hits.begin(), hits.end(), [](const VerbHit& v) { return v.word == "delete" || v.word == "erase"; });
    };
    const bool says_delete = delete_in(name_verbs_) || delete_in(action_verbs_);
    return says_delete && !other_object && !name_has_preposition();
  }

  // The keys of an action parameter that is an object, or a list of objects, keyed by the
  // action: its properties one level down that are objects or switches (`set_text: {...}`,
  // `get_selected_element: true`) and open with a verb. None when some property is a plain
  // value ("actions: [{type, selector}]": `type` says the action, read as an enum).
  std::vector<std::string> action_keys(const SchemaProperty& parent) const {
    std::vector<std::string> keys;
    const std::string inside = parent.path + ".";
    for (const auto& q : tool_.properties) {
      if (!std::string_view(q.path).starts_with(inside) || q.path.find('.', inside.size()) != std::string::npos) continue;
      if (q.type != "object" && q.type != "boolean") return {};
      const std::vector<std::string> words = tokenize_name(q.name);
      if (!words.empty() && is_action_verb(words.front())) keys.push_back(q.name);
    }
    return keys;
  }

  // How many of an action value's words to read for its verb: a value that opens with a verb
  // followed by a word that is not one says what it does with that first word
  // ("get_workflow_run", "get_project_status_update": the run and the update are what is got);
  // any other value is read whole ("bulk_delete", and "read_write", which also writes).
  std::size_t action_verb_words(const std::vector<std::string>& words) const {
    return words.size() > 1 && is_action_verb(words[0]) && !is_action_verb(words[1]) ? 1 : words.size();
  }

  // Whether a word of an action value is a verb with a category (as the name's words around it
  // allow: `with` rules).
  bool is_action_verb(const std::string& w) const {
    const auto rules = verb_rules_in_context(w, name_words_.size());
    return std::any_of(rules.begin(), rules.end(), [&](std::size_t r) { return rule(r).category.has_value(); });
  }

  // An action value that removes an attribute (a label, tag, reaction or link) from what the
  // tool's name names ("update_form(action=deleteTag)"), not one deleted outright: a
  // freestanding attribute (a tag) with nothing else named ("tags(action=delete)") is deleted.
  bool removes_attribute(const std::vector<std::string>& value_words) const {
    for (const auto& w : value_words) {
      for (std::size_t o : rules_.match_object(w)) {
        const Rule& r = rule(o);
        if (!has_trait(r, "attribute")) continue;
        const bool other_object = std::any_of(objects_.begin(), objects_.end(), [&](const ObjectHit& h) {
          return !has_trait(rule(h.rule), "attribute");
        });
        if (!has_trait(r, "freestanding") || other_object) return true;
      }
    }
    return false;
  }

  // Among the name's words before `end` (all of them by default).
  bool name_has_preposition(std::size_t end = std::string::npos) const {
    const auto stop = name_words_.begin() + static_cast<std::ptrdiff_t>(std::min(end, name_words_.size()));
    return std::any_of(name_words_.begin(), stop, [](const std::string& w) { return is_preposition(w); });
  }

  // Whether any object the name names has a trait.
  bool names_trait(std::string_view trait) const {
    return std::any_of(objects_.begin(), objects_.end(), [&](const ObjectHit& o) { return has_trait(rule(o.rule), trait); });
  }

  // Whether an object rule the name's word at `position` matches satisfies `pred`: a word can
  // match several ("label" is an item and an attribute), and has what any of them gives.
  template <typename Pred>
  bool any_object_at(std::size_t position, Pred pred) const {
    return std::any_of(objects_.begin(), objects_.end(), [&](const ObjectHit& o) { return o.position == position && pred(rule(o.rule)); });
  }

  // The head has every trait any of its object rules gives, and the widest scope any of them says.
  bool head_has_trait(const ObjectHit* head, std::string_view trait) const {
    return head && any_object_at(head->position, [&](const Rule& r) { return has_trait(r, trait); });
  }

  template <typename Field>
  std::optional<std::pair<BlastRadius, const Rule*>> head_scope(const ObjectHit* head, Field field) const {
    std::optional<std::pair<BlastRadius, const Rule*>> best;
    if (!head) return best;
    for (const auto& o : objects_) {
      const Rule& r = rule(o.rule);
      const auto& value = r.*field;
      if (o.position != head->position || !value) continue;
      if (!best || *value > best->first) best = std::make_pair(*value, &r);
    }
    return best;
  }

  // Words that name an item's key after "by" ("projects-get-by-id", "get_user_by_uuid").
  static bool is_key_word(std::string_view w) { return one_of(w, {"id", "ids", "uuid", "uuids", "key", "slug"}); }

  // A limit, an offset, a page or a cursor among the top-level parameters: the tool returns
  // records a page at a time.
  bool pages_through() const {
    return std::any_of(tool_.properties.begin(), tool_.properties.end(), [](const SchemaProperty& p) {
      if (p.path.find('.') != std::string::npos) return false;
      const std::string n = join_name_words(p.name, ' ');
      return one_of(n, {"limit", "offset", "page", "page size", "per page", "cursor", "page token", "next token", "max results", "skip"});
    });
  }

  // "projects-get-by-id", "get_user_by_uuid": the name says one item is picked by its key.
  bool named_by_id() const {
    for (std::size_t i = 0; i + 1 < name_words_.size(); ++i) {
      if (name_words_[i] == "by" && is_key_word(name_words_[i + 1])) return true;
    }
    return false;
  }

  // Read verbs that, standing last, name the tool's operation ("storage_blob_list") or the
  // tool itself ("user-services-reader").
  static bool is_cli_final_verb(std::string_view w) {
    return one_of(w, {"get", "list", "show", "describe", "reader", "viewer", "getter", "lister"});
  }

  // Operation verbs that, standing last in a name after `before`, are its operation: those
  // that are never an adjective or a thing there ("get_new", "get_patch", "filter_set",
  // "list_add" are left out), and the verbs that set work going or stop it, after the work
  // ("security_scan_trigger", "export_cancel"; not "run", a thing there: "test_run"), or save
  // it ("search_save"); after a read verb those are the thing read ("functions_get_trigger").
  static bool is_final_change_verb(std::string_view w, std::string_view before) {
    // "add" after a thing added ("priceListFixedPricesAdd", "user_group_add"), not after a verb
    // or a resource that is one ("list_add").
    if (w == "add") return !is_cli_final_verb(before) && !is_resource_too(before);
    // A save is a CRUD verb before a name's last word, but last it is the operation only after
    // a verb that is not a read (below), as before it was one.
    if (is_crud_verb(w) && w != "save") return !one_of(w, {"new", "set", "put", "patch"});
    return one_of(w, {"trigger", "start", "stop", "restart", "cancel", "launch", "save"}) && !is_cli_final_verb(before) &&
           !one_of(before, {"fetch", "read", "find", "view"});
  }

  // Whether `text`'s words, lowered, are `words` or the last of them, all but up to
  // kMostGroupWords at the start.
  static bool spells_tail(std::string_view text, const std::vector<std::string>& words) {
    constexpr std::size_t kMostGroupWords = 2;
    for (std::size_t skip = 0; skip <= kMostGroupWords && skip < words.size(); ++skip) {
      if (spells(text, words, skip)) return true;
    }
    return false;
  }

  // Whether `text`'s words, lowered, are `words` from `from` on (what tokenize_text would make
  // of it), compared in place.
  static bool spells(std::string_view text, const std::vector<std::string>& words, std::size_t from) {
    std::size_t k = from;
    for (std::size_t i = 0;;) {
      while (i < text.size() && !is_word_char(text[i])) ++i;
      if (i == text.size()) return k == words.size();
      std::size_t end = i;
      while (end < text.size() && is_word_char(text[end])) ++end;
      if (k == words.size() || words[k].size() != end - i) return false;
      for (std::size_t j = i; j < end; ++j) {
        const char c = text[j] >= 'A' && text[j] <= 'Z' ? static_cast<char>(text[j] | 0x20) : text[j];
        if (c != words[k][j - i]) return false;
      }
      ++k;
      i = end;
    }
  }

  // Read verbs that are as often an API's resources, named before an operation (a view, a list,
  // a search index, a saved filter or query, a report, a request, a schedule, a watch).
  static bool is_resource_too(std::string_view w) {
    return one_of(w, {"view", "views", "list", "lists", "search", "filter", "filters", "query", "queries", "report", "reports",
                      "request", "requests", "schedule", "schedules", "watch", "watches", "index", "record", "records"});
  }

  // Verbs as often things (what is posted, commented, replied, shared; a network's or a page's
  // block, a grant, a ban): after another verb they are what it acts on ("check_block" looks
  // at a block of addresses, "verify_grant" at a grant).
  static bool is_thing_too(std::string_view w) {
    return one_of(w, {"post", "posts", "comment", "comments", "reply", "replies", "message", "messages", "note", "notes",
                      "review", "reviews", "update", "updates", "share", "shares", "block", "blocks", "grant", "grants",
                      "ban", "bans"});
  }

  // Whether a rule's category removes (delete or destroy).
  static bool removing(const Rule& r) { return r.category && *r.category >= Category::kDelete; }

  // Whether words[i] is an -ing word right before an aspect of a thing ("billing details",
  // "listing_details", "recording info", "processing status").
  static bool modifies_aspect(const std::vector<std::string>& words, std::size_t i) {
    const std::string& w = words[i];
    return w.size() > 5 && w.ends_with("ing") && before_aspect(words, i);
  }
  static bool before_aspect(const std::vector<std::string>& words, std::size_t i) {
    return i + 1 < words.size() && one_of(words[i + 1], {"details", "detail", "info", "information", "status", "summary", "history", "metadata", "report", "stats", "statistics", "date", "dates"});
  }

  static bool is_status_noun(std::string_view w) {
    return one_of(w, {"status", "progress", "result", "results", "eligibility", "history", "summary"});
  }

  // Verbs that are as often the name of a service or a product area that opens a CLI-style
  // name ("deploy_app_logs_get", "monitor_workspace_list", "build_pipeline_list").
  static bool is_service_word(std::string_view w) {
    return one_of(w, {"deploy", "deployment", "monitor", "build", "backup", "release", "trigger", "schedule", "workflow", "pipeline", "function", "functions"});
  }

  // Verbs that only ever say an operation, never name a service or a resource; writing verbs
  // too ("save_contact_list" saves a contact list, it lists nothing).
  static bool is_crud_verb(std::string_view w) {
    return one_of(w, {"create", "add", "insert", "new", "update", "edit", "modify", "set", "put", "patch", "rename", "delete", "remove",
                      "save", "write", "persist", "upsert", "append"});
  }

  // Verbs that edit an existing item in place.
  static bool is_edit_verb(std::string_view w) {
    return one_of(w, {"update", "edit", "modify", "set", "put", "patch", "change", "rename", "configure"});
  }

  // Whether every verb of the name only analyses text (explains, reviews, formats, lints) and
  // the name names the property analysed ("explain_code" and its "code").
  bool name_analyzes_its(const std::string& property) const {
    const std::vector<std::string> words = tokenize_name(property);  // "sourceCode": its head word, "code"
    // The name says the property's head word, or both name a query by another of its words
    // ("explain_query(sql)", "validate_sql(query)").
    const auto query_word = [](const std::string& w) { return one_of(w, {"sql", "query", "statement", "stmt"}); };
    const bool named = !words.empty() && std::any_of(name_words_.begin(), name_words_.end(), [&](const std::string& w) {
                         return w == words.back() || (query_word(w) && query_word(words.back()));
                       });
    // Not "convert", nor a name with no verb ("sql_to_X"): "convert_sql_to_csv(sql)" and
    // "sql_to_csv(sql)" may run the query and convert its rows.
    // Every word of the name that can be a verb analyses, or is the query analysed
    // ("estimate_query_cost", where "query" outranks the weak "estimate"; not "validate_and_run_query").
    const auto analyzes = [](const std::string& w) {
      return one_of(w, {"explain", "review", "analyze", "analyse", "lint", "format", "prettify", "beautify", "summarize",
                        "summarise", "describe", "document", "translate", "highlight", "parse", "tokenize", "classify",
                        "transpile", "validate", "estimate"});
    };
    return named && !name_verbs_.empty() && std::any_of(name_words_.begin(), name_words_.end(), analyzes) &&
           std::all_of(name_verbs_.begin(), name_verbs_.end(), [&](const VerbHit& v) { return analyzes(v.word) || query_word(v.word); }) &&
           std::all_of(name_words_.begin(), name_words_.end(),
                       [&](const std::string& w) { return analyzes(w) || query_word(w) || rules_.match_verb(w).empty(); });
  }

  // Whether every verb of the name edits an existing item in place ("update_macro").
  bool name_only_edits() const {
    return !name_verbs_.empty() && std::all_of(name_verbs_.begin(), name_verbs_.end(), [](const VerbHit& v) { return is_edit_verb(v.word); });
  }

  // Whether every verb of the name only sets the caller's own mark on something: a star, a
  // watch, a follow, a bookmark, a mute (the thing marked is not changed).
  bool name_only_marks() const {
    return !name_verbs_.empty() && std::all_of(name_verbs_.begin(), name_verbs_.end(), [](const VerbHit& v) {
      return one_of(v.word, {"star", "unstar", "watch", "unwatch", "follow", "unfollow", "bookmark", "unbookmark", "favorite",
                             "unfavorite", "favourite", "unfavourite", "mute", "unmute", "snooze", "unsnooze", "like", "unlike",
                             "upvote", "downvote", "unvote"});
    });
  }

  // Whether money the name names moves when the tool changes something: it is what the change
  // acts on (the head; with no head, failing closed, any money named), and the name does more
  // than file it. A payment's method, link or note is not the payment ("set_default_payment_method",
  // "create_payment_link", "add_transaction_note"), and tagging, labelling, categorising or
  // renaming a transaction changes how it is filed, not the money ("categorize_transactions").
  bool moves_money(const ObjectHit& o) const {
    if (head_ && head_ != &o && !has_trait(rule(head_->rule), "money")) return false;
    return !name_only_files();
  }

  // Whether every verb of the name only files something: a tag, a label, a category, a name.
  bool name_only_files() const {
    return !name_verbs_.empty() && std::all_of(name_verbs_.begin(), name_verbs_.end(), [](const VerbHit& v) {
      return one_of(v.word, {"tag", "untag", "label", "unlabel", "categorize", "categorise", "recategorize", "recategorise",
                             "classify", "reclassify", "annotate", "rename"});
    });
  }

  // Whether every verb of the name takes something out of a collection and leaves both
  // ("remove_project_from_task": the task is no longer in the project; neither is deleted), as
  // adding it would put it in: one link changes, not the collection.
  bool name_only_unlinks() const {
    return !name_verbs_.empty() && all_verbs(name_verbs_, [](const Rule& r) {
      return r.category == Category::kMutate && std::find(r.with.begin(), r.with.end(), "from") != r.with.end();
    });
  }

  // Whether a property description's first sentence names an attribute of an item: a noun
  // phrase that opens with "the" and holds a possessive or "of the" ("The request's HTTP
  // method", "The intended use case of the macro"), with no "to" of something done ("The
  // operation to apply to the error" is an action).
  // A parameter's description may open by saying whether it must be given ("Optional. The
  // ...", "(required) The ..."); what it is follows.
  static std::string_view without_presence(std::string_view d) {
    const std::size_t i = d.find_first_not_of(" \t([");
    if (i == std::string_view::npos) return d;
    for (const std::string_view marker : {"optional", "required"}) {
      if (d.size() < i + marker.size() || ascii_lower(d.substr(i, marker.size())) != marker) continue;
      const std::size_t rest = d.find_first_not_of(" \t.:;,)]-", i + marker.size());
      if (rest != std::string_view::npos && rest > i + marker.size()) return d.substr(rest);
    }
    return d;
  }

  bool describes_attribute(std::string_view description) const {
    description = without_presence(description);
    std::string sentence = ascii_lower(description.substr(0, std::min(description.find_first_of(".\n"), std::size_t{120})));
    if (sentence.rfind("the ", 0) != 0) return false;
    sentence += ' ';
    if (sentence.find(" to ") != std::string::npos) return false;
    if (sentence.find("'s ") != std::string::npos) return true;
    for (const auto& w : name_words_) {
      if (w.size() > 2 && !is_edit_verb(w) && sentence.find(" of the " + w + " ") != std::string::npos) return true;
    }
    return false;
  }

  // Words that join a name's actions: "get_or_create_label", "query_then_update" do both.
  static bool is_conjunction(std::string_view w) { return one_of(w, {"and", "or", "then"}); }
  // What a read hands back when it says it makes one ("and create a summary").
  static bool is_output_noun(std::string_view w) {
    return one_of(w, {"report", "summary", "overview", "plan", "analysis", "chart", "graph", "diagram", "explanation", "breakdown", "digest",
                      "outline", "recap", "visualization", "visualisation", "answer", "response"});
  }

  static bool is_preposition(std::string_view w) {
    return one_of(w, {"by", "for", "from", "to", "in", "on", "with", "of", "into", "at", "across", "within", "via", "per", "under", "over"});
  }

  static bool is_qualifier(std::string_view w) {
    if (one_of(w, {"id", "ids", "details", "detail", "info", "status", "data", "list", "a", "an", "the", "or", "and",
                   "tool", "mcp", "api", "new", "current", "my", "me"})) {
      return true;
    }
    return is_version(w);
  }

  // An adverb ("safely", "manually", "now", "async"), unless the rule base reads the word as a
  // verb, an object or a modifier ("apply", "reply", "permanently", "recursively").
  bool is_adverb(const std::string& w) const {
    if (one_of(w, {"now", "async", "asap"})) return true;
    if (w.size() <= 4 || !w.ends_with("ly")) return false;
    if (!rules_.match_verb(w).empty() || !rules_.match_object(w).empty()) return false;
    const std::vector<std::size_t> params = rules_.match_param(w);
    return std::none_of(params.begin(), params.end(), [&](std::size_t r) { return rule(r).in_name; });
  }

  // Version suffixes: v1, v2010, 2.
  static bool is_version(std::string_view w) {
    return !w.empty() && (w[0] == 'v' || (w[0] >= '0' && w[0] <= '9')) &&
           w.find_first_not_of("0123456789", w[0] == 'v' ? 1 : 0) == std::string::npos && w.size() > (w[0] == 'v' ? 1u : 0u);
  }

  const VerbHit* collection_verb() const {
    for (const auto* hits : {&name_verbs_, &other_verbs_, &lead_verbs_}) {
      for (const auto& v : *hits) {
        if (rule(v.rule).collection) return &v;
      }
    }
    return nullptr;
  }

  bool is_plural(const ObjectHit& o) const {
    const Rule& r = rule(o.rule);
    return o.word.size() > 3 && o.word.back() == 's' && std::find(r.words.begin(), r.words.end(), o.word) == r.words.end();
  }

  // Resource-first names put the resource group first, in the plural as an API's paths have it,
  // and the operation last ("sites_get", "projects_locations_get", Google's projects.get): a
  // final get, show, describe, retrieve, fetch or read ("subscribers-retrieve") returns the one
  // of the group an argument names (a required value, or one named as an id: "site_id",
  // "orderId"), not the group. Without one it may list; a required object or array is the
  // request's wrapper or a filter ("messages-retrieve(request)", "List all messages"), no name.
  bool gets_one_of_group(const ObjectHit& head) const {
    const std::size_t last = operation_end() - 1;
    const bool final_get = head.position < last && one_of(name_words_[last], {"get", "show", "describe", "retrieve", "fetch", "read"}) &&
                           std::any_of(name_verbs_.begin(), name_verbs_.end(), [&](const VerbHit& v) { return v.position == last; });
    if (!final_get) return false;
    // A sole object parameter wraps the arguments ("request": {"id": ...}, as generated SDKs
    // pass them): its properties are the ones looked at.
    const std::string wrapper = sole_wrapper();
    return std::any_of(tool_.properties.begin(), tool_.properties.end(), [&](const SchemaProperty& p) {
      const std::string_view n = p.name;
      const bool id = n == "id" || n == "ID" || (n.size() > 2 && (n.ends_with("_id") || n.ends_with("Id") || n.ends_with("ID") || n.ends_with("-id")));
      const std::string_view path = p.path;
      const bool argument = wrapper.empty() ? path.find('.') == std::string_view::npos
                                            : path.starts_with(wrapper) && path.find('.', wrapper.size()) == std::string_view::npos;
      return argument && ((p.required && p.type != "object" && p.type != "array") || id);
    });
  }

  // "request." when the schema's one top-level property is an object; empty otherwise.
  std::string sole_wrapper() const {
    const SchemaProperty* top = nullptr;
    for (const auto& p : tool_.properties) {
      if (p.path.find('.') != std::string::npos) continue;
      if (top) return {};
      top = &p;
    }
    return top && top->type == "object" ? top->path + "." : std::string();
  }

  bool active_param(const ParamHit& p) const {
    return !p.defines && !(restricted_exec_ && rule(p.rule).role == ParamRole::kExec);
  }

  // Whether the tool as classified is of a category a parameter rule's `only_for` lists (any,
  // when it lists none).
  bool in_only_for(const Rule& r) const {
    return r.only_for.empty() || std::find(r.only_for.begin(), r.only_for.end(), *category_) != r.only_for.end();
  }

  // Whether a parameter's effects, level and reversibility apply to the tool as classified.
  bool param_applies(const ParamHit& p) const { return active_param(p) && in_only_for(rule(p.rule)); }

  void decide_blast() {
    // The head and whether the name creates are decided once, here, and used again for the
    // side effects.
    const std::optional<std::size_t> head_pos = head_position();
    head_ = head_object(head_pos);
    // A name that creates ("create_team"), or a description that says the tool makes what it
    // does not find ("a new portal is created automatically").
    creates_ = any_verb(name_verbs_, [](const Rule& r) { return r.creates; }) ||
               std::any_of(phrases_.begin(), phrases_.end(), [&](const auto& ph) { return rule(ph.first).creates; });
    const ObjectHit* head = head_;
    const bool creates = creates_;
    // "list_pods", "get-dataset-list", or a read of a plural ("get_environments", not
    // "sites_get"), exposes a collection; a read of the items the caller must name
    // ("open_nodes(names)") returns those.
    const bool picked = std::any_of(params_.begin(), params_.end(), [&](const ParamHit& p) {
      return rule(p.rule).role == ParamRole::kPick && p.property->required;
    }) || named_by_id();
    // A description may say so too ("Returns a list of URLs").
    const auto listing_phrase = std::find_if(phrases_.begin(), phrases_.end(), [&](const auto& ph) { return rule(ph.first).collection; });
    const bool collection = !picked && (collection_verb() != nullptr || (head && is_plural(*head) && !gets_one_of_group(*head)) || listing_phrase != phrases_.end());
    const EvidenceSource from = EvidenceSource::kName;
    blast_ = BlastRadius::kItem;
    const bool reads_whole = any_verb(name_verbs_, [](const Rule& r) { return r.whole; });
    if (is_safe(*category_)) {
      if (collection && head && parts_of_one_item(head_pos)) {
        // Nothing past the one item: the blast stays item.
        note("blastRadius", "item", "engine.parts-of-one-item", from, name_words_[*head_pos - 1] + " " + head->word);
      } else if (collection && head) {
        const auto listed = head_scope(head, &Rule::listed);
        raise(blast_, listed ? listed->first : BlastRadius::kNamespace, "blastRadius",
              listed ? listed->second->id : "engine.collection", from, head->word);
      } else if (!collection && reads_whole && head_scope(head, &Rule::blast)) {
        // Reading, analysing or exporting a whole database or graph exposes all of it.
        const auto scope = head_scope(head, &Rule::blast);
        raise(blast_, scope->first, "blastRadius", scope->second->id, from, head->word);
      } else if (collection) {
        // No object named: what the verb itself exposes (a list: a collection; a web search:
        // items), and a scope parameter says which collection ("search(index, query)").
        const VerbHit* v = collection_verb();
        const BlastRadius listed = v && rule(v->rule).listed ? *rule(v->rule).listed : BlastRadius::kNamespace;
        if (v || listing_phrase == phrases_.end()) {
          raise(blast_, listed, "blastRadius", v ? rule(v->rule).id : "engine.collection", from, v ? v->word : "list");
        } else {
          raise(blast_, listed, "blastRadius", rule(listing_phrase->first).id, EvidenceSource::kDescription, listing_phrase->second);
        }
        for (const auto& p : params_) {
          const Rule& r = rule(p.rule);
          if (r.role == ParamRole::kScope && r.blast) raise(blast_, *r.blast, "blastRadius", r.id, EvidenceSource::kSchema, p.property->path);
        }
      }
    } else if (const auto scope = head_scope(head, &Rule::blast)) {
      // Making a new collection puts nothing that exists at risk; making a cluster still spans one.
      // Starring, watching or muting a repository or a channel changes the caller's own mark on
      // it, one item, not the collection. Removing a broadcast or a campaign (reaches_many)
      // removes its record; only making, changing or sending one reaches its audience.
      const bool removes_sender = *category_ >= Category::kDelete && has_trait(*scope->second, "reaches_many");
      if (!((creates || name_only_unlinks()) && scope->first == BlastRadius::kNamespace) && !name_only_marks() && !removes_sender) {
        raise(blast_, scope->first, "blastRadius", scope->second->id, from, head->word);
      }
    }
    if (!is_safe(*category_) && !creates) {
      const ObjectHit* owner = settings_owner(head_pos);
      if (const auto scope = head_scope(owner, &Rule::blast)) raise(blast_, scope->first, "blastRadius", scope->second->id, from, owner->word);
    }
    for (const auto& o : objects_) {
      const Rule& r = rule(o.rule);
      // Quantity words raise wherever they stand; so does, for a change, a public object (a
      // DNS record changed is changed for everyone, removed for everyone too) or one sent to
      // many (a broadcast made, changed or sent reaches its audience; deleting one removes a record).
      const bool wide = says_how_many(r) || (has_trait(r, "public") && !is_safe(*category_)) ||
                        (has_trait(r, "reaches_many") && !is_safe(*category_) && *category_ < Category::kDelete);
      if (wide && r.blast) raise(blast_, *r.blast, "blastRadius", r.id, from, o.word);
    }
    for (const auto& v : name_verbs_) {
      if (rule(v.rule).blast) raise(blast_, *rule(v.rule).blast, "blastRadius", rule(v.rule).id, from, v.word);
    }
    const ParamHit* widening = nullptr;
    for (const auto& p : params_) {
      const Rule& r = rule(p.rule);
      // A restricted query still exposes what it can read; a scope parameter only locates.
      if (!r.blast || r.role == ParamRole::kScope) continue;
      if (!in_only_for(r)) continue;
      if (p.defines || (!active_param(p) && !is_safe(*category_))) continue;
      if (r.role == ParamRole::kWiden && *r.blast >= BlastRadius::kCluster) widening = &p;
      raise(blast_, *r.blast, "blastRadius", r.id, EvidenceSource::kSchema, p.property->path);
    }
    for (const auto& [r, text] : phrases_) {
      // "Creates a team in the organization" makes a team: where a new thing is made is not at
      // risk. A grant made there reaches that far ("Bind a role to a user across the cluster").
      if (rule(r).locates && creates && !head_has_trait(head, "privilege")) continue;
      if (rule(r).blast) raise(blast_, *rule(r).blast, "blastRadius", rule(r).id, EvidenceSource::kDescription, text);
    }
    // Removing an attribute, a link or a reaction is a change, not a deletion (rubric).
    if (*category_ == Category::kDelete && head_has_trait(head, "attribute") && !deleted_outright(head)) {
      category_ = Category::kMutate;
      attribute_change_ = true;
      note("category", "mutate", "engine.attribute-removal", from, head->word);
    }
    // Deleting something that is itself a scope, or everything matching, destroys.
    if (*category_ == Category::kDelete) {
      const bool everything = names_trait("everything");
      std::vector<std::size_t> head_rules;
      for (const auto& o : objects_) {
        if (head && o.position == head->position) head_rules.push_back(o.rule);
      }
      // Not the name's thing where only action values remove, each naming what it removes
      // ("calendar(action=list_events|cancel_event)" cancels an event, not the calendar).
      const bool values_name_theirs = removing_values_ > 0 && removing_values_named_ == removing_values_ &&
                                      !any_verb(name_verbs_, removing) && !any_verb(lead_verbs_, removing);
      const bool scope_object = is_a_scope(head_rules) && !values_name_theirs;
      // So is a delete that can reach a whole cluster or organisation (all_namespaces, any API
      // path). A tree-wide modifier (recursive, cascade) only raises the level, as the rubric says.
      if (everything || scope_object || widening) {
        raise(category_, Category::kDestroy, "category", "engine.delete-of-scope", from,
              everything ? "all" : scope_object ? head->word : widening->property->path);
      }
    }
    if (*category_ == Category::kDestroy) raise(blast_, BlastRadius::kNamespace, "blastRadius", "engine.destroy-scope", EvidenceSource::kEngine, "destroy");
  }

  void add_effect(const std::string& effect, const std::string& rule_id, EvidenceSource from, const std::string& match) {
    if (side_effects_.insert(effect).second) note("sideEffects", effect, rule_id, from, match);
  }

  void add_effects(const Rule& r, EvidenceSource from, const std::string& match) {
    for (const auto& e : r.side_effects) add_effect(e, r.id, from, match);
  }

  void decide_side_effects() {
    for (const auto& v : name_verbs_) add_effects(rule(v.rule), EvidenceSource::kName, v.word);
    for (const auto& v : lead_verbs_) add_effects(rule(v.rule), EvidenceSource::kDescription, v.word);
    for (const auto& v : action_verbs_) add_effects(rule(v.rule), EvidenceSource::kSchema, v.word);
    const Category c = *category_;
    const bool writes = !is_safe(c);
    for (const auto& p : params_) {
      // A note parameter (attachments, recipients) says what a change carries; on a read it says nothing.
      if (!param_applies(p) || (!writes && rule(p.rule).role == ParamRole::kNote)) continue;
      add_effects(rule(p.rule), EvidenceSource::kSchema, p.property->path);
    }
    for (const auto& [r, text] : phrases_) add_effects(rule(r), EvidenceSource::kDescription, text);

    const ObjectHit* head = head_;
    const bool creates = creates_;
    // A draft is kept until someone sends it: drafting a message or a post notifies no one.
    const bool drafted = std::any_of(name_words_.begin(), name_words_.end(), [](const std::string& w) { return w == "draft" || w == "drafts"; });
    // A description that says what a verbless name does ("nfs-snapshot": "Create a snapshot")
    // makes its head too; that only adds effects here, and moves no scope down in decide_blast.
    const bool makes = creates || (name_verbs_.empty() && any_verb(lead_verbs_, [](const Rule& r) { return r.creates; }));
    for (const auto& o : objects_) {
      const Rule& r = rule(o.rule);
      add_effects(r, EvidenceSource::kName, o.word);
      if (!writes) continue;
      // Making a new issue, comment or event notifies its watchers; making capacity costs money.
      const bool made = makes && head && o.position == head->position;
      if (has_trait(r, "notifies") && made && !drafted) add_effect("external_notification", r.id, EvidenceSource::kName, o.word);
      // Putting people on an item (assignees, reviewers, attendees) tells them; taking one off
      // (a removal turned into a change of an attribute) does not count.
      const bool on_head = head && o.position == head->position;
      if (has_trait(r, "summons") && on_head && c == Category::kMutate && !attribute_change_ && !drafted) add_effect("external_notification", r.id, EvidenceSource::kName, o.word);
      if (has_trait(r, "privilege") || has_trait(r, "secret")) add_effect("privilege_change", r.id, EvidenceSource::kName, o.word);
      // A forwarding rule or a webhook made or changed sends data on; its secret rotated does not.
      if (has_trait(r, "forwards") && on_head && c < Category::kDelete) add_effect("data_exfiltration", r.id, EvidenceSource::kName, o.word);
      if (has_trait(r, "billable") && made) add_effect("cost", r.id, EvidenceSource::kName, o.word);
      if (has_trait(r, "money") && moves_money(o)) add_effect("cost", r.id, EvidenceSource::kName, o.word);
      if (has_trait(r, "workload") && c >= Category::kDelete) add_effect("downtime", r.id, EvidenceSource::kName, o.word);
    }
    if (c == Category::kMutate) {
      if (const auto joined = person_joined_to_scope()) {
        add_effect("privilege_change", "engine.membership-change", EvidenceSource::kName, *joined);
      }
    }
    if (c >= Category::kDelete) add_effect("state_loss", "engine.delete-loses-state", EvidenceSource::kEngine, std::string(to_string(c)));
    // A new collection that the text says is billed (a cloud project with its billing account, a
    // team of paid seats, a database branch) holds what it will cost at that collection's scope,
    // though a new one puts nothing that exists at risk (decide_blast). Capacity billed by itself
    // (a disk, a machine: the billable trait) is one resource.
    if (writes && creates && head && !any_object_at(head->position, [&](const Rule& r) { return has_trait(r, "billable"); }) && side_effects_.count("cost")) {
      if (const auto scope = head_scope(head, &Rule::blast); scope && scope->first == BlastRadius::kNamespace) {
        raise(blast_, scope->first, "blastRadius", "engine.billed-collection", EvidenceSource::kName, head->word);
      }
    }
    if (!writes) {
      // Reading changes nothing: only what leaves the system or costs money remains.
      for (auto it = side_effects_.begin(); it != side_effects_.end();) {
        if (*it == "data_exfiltration" || *it == "cost") ++it;
        else it = side_effects_.erase(it);
      }
    }
  }

  // Adding a person to, or taking one out of, a group, a team, an organisation, a workspace or a
  // project ("add_user_to_group", "remove_user_from_org") changes who may see and do what there,
  // as a membership does (object.privilege: "member"). The name's words from the person to the
  // scope ("user to group"), when a person word (an object rule with the `person` trait) comes
  // before "to", "into" or "from" and a scope (an object rule of namespace breadth or more, or a
  // set of people) after it.
  std::optional<std::string> person_joined_to_scope() const {
    const auto person = [&](const Rule& r) { return has_trait(r, "person"); };
    const auto scope = [&](const Rule& r) { return has_trait(r, "members") || (r.blast && *r.blast >= BlastRadius::kNamespace); };
    for (std::size_t p = 0; p + 2 < name_words_.size(); ++p) {
      if (!any_object_at(p, person)) continue;
      for (std::size_t j = p + 1; j + 1 < name_words_.size(); ++j) {
        if (!one_of(name_words_[j], {"to", "into", "from"})) continue;
        for (std::size_t k = j + 1; k < name_words_.size(); ++k) {
          if (any_object_at(k, scope)) return name_words_[p] + " " + name_words_[j] + " " + name_words_[k];
        }
      }
    }
    return std::nullopt;
  }

  // Whether the evidence that set the category last is one of the name's verbs.
  bool category_decided_by_name_verb() const {
    const auto last = std::find_if(out_.evidence.rbegin(), out_.evidence.rend(), [](const Evidence& e) { return e.field == "category"; });
    return last != out_.evidence.rend() && last->from == EvidenceSource::kName &&
           any_verb(name_verbs_, [&](const Rule& r) { return r.id == last->rule; });
  }

  void decide_reversibility() {
    const Category c = *category_;
    reversibility_ = is_safe(c) ? Reversibility::kAuto : c == Category::kMutate ? Reversibility::kManual : Reversibility::kNone;
    // The name's verbs that decided the category, when the name alone decided it, may say how
    // their change is undone ("trash": restored from the trash; "move_to_trash" too, where
    // "move" only changes), below the category's default; the rest can raise it.
    std::vector<const VerbHit*> deciding;
    for (const auto& v : name_verbs_) {
      if (rule(v.rule).category == c) deciding.push_back(&v);
    }
    const bool verb_decided = !deciding.empty() &&
                              std::all_of(deciding.begin(), deciding.end(), [&](const VerbHit* v) { return rule(v->rule).reversibility.has_value(); }) &&
                              category_decided_by_name_verb();
    const VerbHit* said = nullptr;
    if (verb_decided) {
      said = deciding.front();
      for (const VerbHit* v : deciding) {
        if (*rule(v->rule).reversibility > *rule(said->rule).reversibility) said = v;
      }
      if (*rule(said->rule).reversibility >= *reversibility_) said = nullptr;
    }
    if (said) {
      reversibility_ = *rule(said->rule).reversibility;
      note("reversibility", std::string(to_string(*reversibility_)), rule(said->rule).id, EvidenceSource::kName, said->word);
    } else {
      note("reversibility", std::string(to_string(*reversibility_)), "engine.category-default", EvidenceSource::kEngine, std::string(to_string(c)));
    }
    if (is_safe(c)) return;
    auto consider = [&](const Rule& r, EvidenceSource from, const std::string& match) {
      // Removing a label or a link can be redone by adding it back.
      if (attribute_change_ && removing(r)) return;
      if (r.reversibility) raise(reversibility_, *r.reversibility, "reversibility", r.id, from, match);
    };
    for (const auto& v : name_verbs_) consider(rule(v.rule), EvidenceSource::kName, v.word);
    for (const auto& v : lead_verbs_) consider(rule(v.rule), EvidenceSource::kDescription, v.word);
    for (const auto& v : action_verbs_) consider(rule(v.rule), EvidenceSource::kSchema, v.word);
    for (const auto& p : params_) {
      if (param_applies(p)) consider(rule(p.rule), EvidenceSource::kSchema, p.property->path);
    }
    for (const auto& [r, text] : phrases_) consider(rule(r), EvidenceSource::kDescription, text);
    if (side_effects_.count("code_execution")) raise(reversibility_, Reversibility::kNone, "reversibility", "engine.executed-code", EvidenceSource::kEngine, "code_execution");
    // Money that moves is not moved back by undoing the call ("create_payment", "run_payroll");
    // editing a stored payment's details ("update_payment") is undone by editing it back.
    if (head_ && has_trait(rule(head_->rule), "money") && !name_only_edits()) {
      raise(reversibility_, Reversibility::kNone, "reversibility", rule(head_->rule).id, EvidenceSource::kName, head_->word);
    }
  }

  void decide_level() {
    const Category c = *category_;
    level_ = base_level(c);
    note("riskLevel", std::string(to_string(*level_)), "engine.category-base", EvidenceSource::kEngine, std::string(to_string(c)));
    auto floor = [&](const Rule& r, EvidenceSource from, const std::string& match) {
      if (r.level) raise(level_, *r.level, "riskLevel", r.id, from, match);
    };
    for (const auto& v : name_verbs_) floor(rule(v.rule), EvidenceSource::kName, v.word);
    for (const auto& v : lead_verbs_) floor(rule(v.rule), EvidenceSource::kDescription, v.word);
    for (const auto& v : action_verbs_) floor(rule(v.rule), EvidenceSource::kSchema, v.word);
    // What an object says about the level is about changing it; reading only gets the
    // secret-reading floor.
    for (const auto& o : objects_) {
      const Rule& r = rule(o.rule);
      if (!is_safe(c)) floor(r, EvidenceSource::kName, o.word);
      if (has_trait(r, "secret") && is_safe(c)) raise(level_, RiskLevel::kMedium, "riskLevel", r.id, EvidenceSource::kName, o.word);
      if (has_trait(r, "money") && !is_safe(c) && moves_money(o)) raise(level_, RiskLevel::kCritical, "riskLevel", r.id, EvidenceSource::kName, o.word);
    }
    for (const auto& p : params_) {
      if (param_applies(p)) floor(rule(p.rule), EvidenceSource::kSchema, p.property->path);
    }
    for (const auto& [r, text] : phrases_) {
      if (!rule(r).changes_only || !is_safe(c)) floor(rule(r), EvidenceSource::kDescription, text);
    }
    if (!is_safe(c)) {
      if (*blast_ >= BlastRadius::kCluster) raise(level_, RiskLevel::kCritical, "riskLevel", "engine.wide-change", EvidenceSource::kEngine, std::string(to_string(*blast_)));
      else if (*blast_ == BlastRadius::kNamespace) raise(level_, RiskLevel::kHigh, "riskLevel", "engine.namespace-change", EvidenceSource::kEngine, "namespace");
      for (const char* effect : {"code_execution", "privilege_change", "cost"}) {
        if (side_effects_.count(effect)) raise(level_, RiskLevel::kHigh, "riskLevel", std::string("engine.") + effect, EvidenceSource::kEngine, effect);
      }
      if (side_effects_.count("external_notification") && *reversibility_ == Reversibility::kNone) {
        raise(level_, RiskLevel::kHigh, "riskLevel", "engine.unrecallable-notification", EvidenceSource::kEngine, "external_notification");
      }
    }
    // Modifiers raise one grade however many there are, as the rubric says.
    const Rule* modifier = nullptr;
    std::string modifier_match;
    EvidenceSource modifier_from = EvidenceSource::kSchema;
    // The first of the highest bumps, parameters before phrases before the name's words.
    const auto consider = [&](std::size_t r, const std::string& match, EvidenceSource from) {
      if (rule(r).bump > 0 && (!modifier || rule(r).bump > modifier->bump)) {
        modifier = &rule(r);
        modifier_match = match;
        modifier_from = from;
      }
    };
    for (const auto& p : params_) {
      if (param_applies(p)) consider(p.rule, p.property->path, EvidenceSource::kSchema);  // a delete's pattern, not a route's
    }
    for (const auto& [r, text] : phrases_) consider(r, text, EvidenceSource::kDescription);
    for (const auto& m : name_modifiers_) consider(m.rule, m.word, EvidenceSource::kName);
    if (modifier && !is_safe(c)) {
      const RiskLevel bumped = bump(*level_, modifier->bump);
      if (bumped != *level_) {
        level_ = bumped;
        note("riskLevel", std::string(to_string(bumped)), modifier->id, modifier_from, modifier_match);
      }
    }
    for (const auto& p : params_) {
      if (rule(p.rule).role == ParamRole::kDryRun) note("flag", "dry-run", rule(p.rule).id, EvidenceSource::kSchema, p.property->path);
    }
  }

  void finish() {
    RiskAnnotations& f = out_.fields;
    f.category = *category_;
    f.blast_radius = *blast_;
    f.reversibility = *reversibility_;
    f.risk_level = *level_;
    f.side_effects = side_effects_;
    f.approval = approval_for(f.risk_level);
    f.min_trust_level = min_trust_for(f.risk_level);
    out_.classified = true;
    set_sources(out_, FieldSource::kInferred);
    for (const auto& w : tool_.input_warnings) out_.flags.push_back(w);
  }

  Assessment unclassified() {
    out_.fields = fail_closed_annotations();
    out_.classified = false;
    set_sources(out_, FieldSource::kDefault);
    out_.flags.insert(out_.flags.begin(), "unclassified");
    note("category", std::string(to_string(out_.fields.category)), "engine.unclassified", EvidenceSource::kEngine,
         "no verb in the name, title or description and no schema evidence of what the tool does");
    for (const auto& w : tool_.input_warnings) out_.flags.push_back(w);
    return std::move(out_);
  }

  const RuleBase& rules_;
  const Tool& tool_;
  Assessment out_;

  std::vector<std::string> name_words_;
  std::vector<VerbHit> name_verbs_;
  std::vector<VerbHit> other_verbs_;  // every strong verb of the name, chosen or not
  std::vector<VerbHit> lead_verbs_;
  bool title_ = false;  // whether the tool has a title that is not its name spelled again
  inline static const std::string kNoText;
  std::vector<VerbHit> action_verbs_;
  // Action values that remove, and those of them that name what they remove ("cancel_event"),
  // which is then not the thing the name names ("calendar(action=cancel_event)").
  std::size_t removing_values_ = 0, removing_values_named_ = 0;
  std::size_t lead_from_title_ = 0;  // how many of lead_verbs_, the first, came from the title
  std::vector<ObjectHit> objects_;
  std::vector<ObjectHit> name_modifiers_;  // name words that are modifier parameters' words (Rule::in_name)
  std::vector<ParamHit> params_;
  std::vector<std::pair<std::size_t, std::string>> phrases_;
  bool restricted_exec_ = false;
  const ObjectHit* head_ = nullptr;  // set by decide_blast
  bool creates_ = false;             // set by decide_blast
  bool attribute_change_ = false;  // a removing verb on an attribute: a change that can be redone

  std::optional<Category> category_;
  std::optional<BlastRadius> blast_;
  std::optional<Reversibility> reversibility_;
  std::optional<RiskLevel> level_;
  std::set<std::string> side_effects_;
};

}  // namespace

std::string_view to_string(EvidenceSource s) {
  switch (s) {
    case EvidenceSource::kName: return "name";
    case EvidenceSource::kDescription: return "description";
    case EvidenceSource::kSchema: return "schema";
    case EvidenceSource::kDeclared: return "declared";
    case EvidenceSource::kEngine: return "engine";
    case EvidenceSource::kCatalog: return "catalog";
  }
  return "?";
}

std::string_view to_string(FieldSource s) {
  switch (s) {
    case FieldSource::kInferred: return "inferred";
    case FieldSource::kDeclared: return "declared";
    case FieldSource::kCatalog: return "catalog";
    case FieldSource::kDefault: return "default";
  }
  return "?";
}

const std::vector<std::string>& sep_field_names() {
  static const std::vector<std::string> names = {"riskLevel", "category", "blastRadius", "reversibility",
                                                 "sideEffects", "approvalRecommendation", "minTrustLevel"};
  return names;
}

void set_sources(Assessment& a, FieldSource s) {
  for (const auto& name : sep_field_names()) a.sources[name] = s;
}

namespace {

// The stricter of two assessments, field by field (what a look-alike name imitates may be
// riskier than what its own letters say).
void take_stricter(Assessment& a, const Assessment& b) {
  RiskAnnotations& f = a.fields;
  const RiskAnnotations& g = b.fields;
  f.category = std::max(f.category, g.category);
  f.risk_level = std::max(f.risk_level, g.risk_level);
  f.blast_radius = std::max(f.blast_radius, g.blast_radius);
  f.reversibility = std::max(f.reversibility, g.reversibility);
  f.side_effects.insert(g.side_effects.begin(), g.side_effects.end());
  f.approval = std::max(f.approval, g.approval);
  f.min_trust_level = std::max(f.min_trust_level, g.min_trust_level);
  for (const auto& e : b.evidence) a.evidence.push_back(e);
  for (const auto& r : b.matched_rules) {
    if (std::find(a.matched_rules.begin(), a.matched_rules.end(), r) == a.matched_rules.end()) a.matched_rules.push_back(r);
  }
}

}  // namespace

Assessment evaluate_tool(const RuleBase& rules, const Tool& tool) {
  Assessment a = Evaluator(rules, tool).run();
  // A name with look-alike letters is judged as written and as the name it imitates, and
  // gets the stricter of the two: "dеlete_file" (Cyrillic е) is never safer than delete_file.
  // So are the title and description, which could otherwise hide a phrase ("dеletes аll").
  // Most tools are ASCII throughout: nothing to imitate, nothing copied.
  if (!has_non_ascii(tool.name) && !has_non_ascii(tool.title) && !has_non_ascii(tool.description)) return a;
  std::string name = ascii_skeleton(tool.name), title = ascii_skeleton(tool.title), description = ascii_skeleton(tool.description);
  if (name != tool.name) {
    a.flags.push_back("confusable-name: reads as \"" + name + "\"");
    a.evidence.push_back({"flag", "confusable-name", "engine.confusable-name", EvidenceSource::kName, name});
  }
  if (name != tool.name || title != tool.title || description != tool.description) {
    Tool imitated = tool;
    imitated.name = std::move(name);
    imitated.title = std::move(title);
    imitated.description = std::move(description);
    // A reading that finds nothing adds nothing: the look-alikes of a text really written in
    // Cyrillic or Greek make no English of it ("Удаляет запись" reads "Удaляeт зaпиcь"), and its
    // own reading stands, the stricter for what the imitated one finds where it finds something.
    Assessment b = Evaluator(rules, imitated).run();
    if (b.classified) take_stricter(a, b);
  }
  return a;
}

}  // namespace toolrisk
