// The engine, one evidence source at a time, on small tools built for the purpose.
#include "toolrisk/engine.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <utility>

#include "test_support.h"
#include "toolrisk/tokenizer.h"

namespace toolrisk {
namespace {

using testing::assess;
using testing::builtin_rules;
using testing::has_evidence;
using testing::make_tool;

TEST(EngineNameVerbs, VerbFirstOrLast) {
  for (const char* name : {"delete_pod", "pods_delete", "deletePod", "DeletePod", "delete-pod"}) {
    const Assessment a = assess(name);
    EXPECT_EQ(a.fields.category, Category::kDelete) << name;
    EXPECT_EQ(a.fields.risk_level, RiskLevel::kHigh) << name;
    EXPECT_TRUE(a.classified);
  }
  EXPECT_EQ(assess("issue_read").fields.category, Category::kRead);
  EXPECT_EQ(assess("listS3Buckets").fields.category, Category::kRead);
}

TEST(EngineNameVerbs, ConjunctionTakesTheMostHarmful) {
  EXPECT_EQ(assess("get_or_create_label").fields.category, Category::kMutate);
  EXPECT_EQ(assess("resources_create_or_update").fields.category, Category::kMutate);
  EXPECT_EQ(assess("query_then_update").fields.category, Category::kMutate);
  EXPECT_EQ(assess("list_then_archive").fields.category, Category::kMutate);
  // A word as often a noun, joined right after a strong verb, is a verb too.
  const Assessment emailed = assess("summarize_and_email");
  EXPECT_EQ(emailed.fields.category, Category::kMutate);
  EXPECT_TRUE(emailed.fields.side_effects.count("external_notification"));
  EXPECT_EQ(assess("fetch_and_log").fields.category, Category::kMutate);
}

// A modifier word in the name raises the grade once, as the parameter does; not on a read,
// and not twice with the parameter too.
TEST(EngineNameVerbs, AModifierInTheNameRaisesTheGrade) {
  EXPECT_EQ(assess("delete_pod").fields.risk_level, RiskLevel::kHigh);
  const Assessment forced = assess("force_delete_pod");
  EXPECT_EQ(forced.fields.category, Category::kDelete);
  EXPECT_EQ(forced.fields.risk_level, RiskLevel::kCritical);
  EXPECT_TRUE(has_evidence(forced, "riskLevel", "param.force"));
  EXPECT_EQ(assess("hardDeleteUser").fields.risk_level, RiskLevel::kCritical);
  EXPECT_EQ(assess("update_user").fields.risk_level, RiskLevel::kMedium);
  EXPECT_EQ(assess("force_update_user").fields.risk_level, RiskLevel::kHigh);
  EXPECT_EQ(assess("list_hard_links").fields.risk_level, RiskLevel::kLow);  // a read
  EXPECT_EQ(assess("force_update_user", "", {"force:boolean"}).fields.risk_level, RiskLevel::kHigh);
}

TEST(EngineNameVerbs, ARemovingVerbCountsWhereverItStands) {
  // "view" is the last word but the name says delete.
  EXPECT_GE(assess("linear_deleteSavedView").fields.category, Category::kDelete);
}

// A task or a job of stopping or rebooting, made or assigned, stops or reboots when it runs; named
// beside a read, it is a record.
TEST(EngineNameVerbs, ATaskToRebootMadeOrAssignedCausesDowntime) {
  for (const char* name : {"assign_reboot_task", "create_shutdown_job", "schedule_restart_operation"}) {
    const Assessment a = assess(name);
    EXPECT_EQ(a.fields.category, Category::kMutate) << name;
    EXPECT_TRUE(a.fields.side_effects.count("downtime")) << name;
  }
  EXPECT_FALSE(assess("get_reboot_task").fields.side_effects.count("downtime"));
  EXPECT_EQ(assess("get_reboot_task").fields.category, Category::kRead);
  EXPECT_FALSE(assess("create_log_drain").fields.side_effects.count("downtime"));
}

TEST(EngineNameVerbs, AVerbBeforeStatusSaysWhatTheStatusIsOf) {
  // "import" qualifies "status": the tool checks an import, it does not import.
  EXPECT_EQ(assess("check_import_status").fields.category, Category::kRead);
  EXPECT_EQ(assess("check_glossary_import_status").fields.category, Category::kRead);
  // So do eligibility, history and a summary: whether a refund may be made, what deploys were.
  EXPECT_EQ(assess("check_refund_eligibility").fields.category, Category::kRead);
  EXPECT_EQ(assess("get_deploy_history").fields.category, Category::kRead);
  EXPECT_EQ(assess("get_sync_summary").fields.category, Category::kRead);
  // Only after another verb: alone, "update_status" sets a status.
  EXPECT_EQ(assess("update_status").fields.category, Category::kMutate);
  // A removing verb still counts (failing closed).
  EXPECT_GE(assess("check_delete_status").fields.category, Category::kDelete);
  // A verb joined to the one before by "and" or "or" is an action of its own.
  EXPECT_EQ(assess("get_and_store_result").fields.category, Category::kMutate);
  EXPECT_EQ(assess("check_or_save_results").fields.category, Category::kMutate);
  // With no other verb, a process word before status or progress names the process
  // (verb.read.process_status); a verb that also acts on a status as a post keeps acting.
  EXPECT_EQ(assess("deploy_status").fields.category, Category::kRead);
  EXPECT_EQ(assess("backup_restore_progress").fields.category, Category::kRead);
  EXPECT_EQ(assess("publish_status").fields.category, Category::kMutate);
  EXPECT_GE(assess("delete_status").fields.category, Category::kDelete);
}

TEST(EngineNameVerbs, RunningAReportOrAnInsightReadsIt) {
  // A light verb before a report or an insight runs a query of it; "report" alone files one.
  EXPECT_EQ(assess("run_report").fields.category, Category::kRead);
  EXPECT_EQ(assess("execute_insight").fields.category, Category::kRead);
  EXPECT_EQ(assess("runAccessibilityAudit", "Run an accessibility audit on the current page").fields.category, Category::kRead);
  EXPECT_EQ(assess("report_bug").fields.category, Category::kMutate);
  EXPECT_EQ(assess("run_analysis").fields.category, Category::kMutate);
  // exec is execute shortened: it hands the action on as execute and run do.
  EXPECT_EQ(assess("exec_query").fields.category, assess("execute_query").fields.category);
  EXPECT_EQ(assess("exec_report").fields.category, Category::kRead);
  EXPECT_GE(assess("exec_purge").fields.category, Category::kDelete);
  EXPECT_EQ(assess("exec_query", "", {"sql:string#The SQL statement to execute"}).fields.category, Category::kDestroy);
  // A removing verb still counts.
  EXPECT_GE(assess("run_report_and_delete_rows").fields.category, Category::kDelete);
}

// A name that opens with a verb that changes nothing, with a change after it, may open with its
// service's name ("render_update_service"): the description that opens with the later verb says
// that is the operation. Only toward the change, and only with its object plainly after it.
TEST(EngineNameVerbs, TheDescriptionSaysWhichOfTheNamesVerbsIsTheOperation) {
  EXPECT_EQ(assess("render_update_service", "Update a service's configuration.", {"id:string"}).fields.category, Category::kMutate);
  EXPECT_EQ(assess("check_update_service", "Updates the service's settings.", {"id:string"}).fields.category, Category::kMutate);
  // Without it the first verb stands; a description that opens with the first verb keeps it.
  EXPECT_EQ(assess("check_update_service", "", {"id:string"}).fields.category, Category::kRead);
  EXPECT_EQ(assess("check_update_available", "Check whether an update is available.").fields.category, Category::kRead);
  EXPECT_EQ(assess("get_merge_request", "Get a merge request.", {"id:string"}).fields.category, Category::kRead);
  // A noun that opens the description is no verb ("Exchange standard operating hours").
  EXPECT_EQ(assess("get_exchange_schedule", "Exchange standard operating hours.").fields.category, Category::kRead);
}

TEST(EngineNameVerbs, WhatIsAwaitedIsNoVerb) {
  // Waiting for a run to complete neither runs nor completes anything.
  EXPECT_EQ(assess("wait_for_run_to_complete").fields.category, Category::kObserve);
  EXPECT_EQ(assess("poll_until_deploy_finishes").fields.category, Category::kObserve);
  // Without "for" or "until" the words are verbs again; a removing verb always counts.
  EXPECT_EQ(assess("wait_and_run_job").fields.category, Category::kMutate);
  EXPECT_GE(assess("wait_for_delete_job").fields.category, Category::kDelete);
  // "await" says "wait for" alone: a fill awaited is not made.
  EXPECT_EQ(assess("ws_await_fill", "Wait for your next order fill.").fields.category, Category::kObserve);
  EXPECT_GE(assess("await_delete_job").fields.category, Category::kDelete);
}

TEST(EngineNameVerbs, WhatIsAskedAboutOrKeyedByIsNoVerb) {
  // "can", "is", "has" ask a question; a changing verb after them is what they ask about.
  EXPECT_EQ(assess("canCreateMoreServers").fields.category, Category::kRead);
  EXPECT_EQ(assess("settings-haveActivateRequests").fields.category, Category::kRead);
  // A word after "by" is what a listing is keyed by: "type" here is no browser typing.
  EXPECT_EQ(assess("deployment-allByType", "GET /deployment.allByType").fields.category, Category::kRead);
  EXPECT_EQ(assess("type_text").fields.category, Category::kMutate);
  // Without the question word the verb acts again; a removing verb always counts.
  EXPECT_EQ(assess("createMoreServers").fields.category, Category::kMutate);
  EXPECT_GE(assess("canDeleteServer").fields.category, Category::kDelete);
  EXPECT_GE(assess("purge_by_type").fields.category, Category::kDelete);
}

TEST(EngineNameVerbs, AVerbAfterToSaysWhatAThingIsFor) {
  // "networksToSync" lists the networks to sync; "get_files_to_upload" gets them.
  EXPECT_EQ(assess("network-networksToSync", "GET /network.networksToSync").fields.category, Category::kRead);
  EXPECT_EQ(assess("get_files_to_upload").fields.category, Category::kRead);
  // With no other verb and nothing in the description, the name says nothing it does (fail closed).
  EXPECT_FALSE(assess("networksToSync").classified);
  // After a verb the word is the verb's destination or its new form; a removing verb counts.
  EXPECT_EQ(assess("switch_to_branch").fields.category, assess("switch_branch").fields.category);
  EXPECT_GE(assess("get_items_to_delete").fields.category, Category::kDelete);
  EXPECT_EQ(assess("sync_networks").fields.category, Category::kMutate);
}

TEST(EngineLeadVerb, WordsOfAnotherScriptDoNotUseUpTheOpening) {
  // A bilingual description: the English half's verb leads.
  const std::string bilingual = "KR: \xEC\xA3\xBC\xEC\x96\xB4\xEC\xA7\x84 \xED\x8C\xA8\xED\x84\xB4\xEC\x97\x90 \xEB\xA7\xA4\xEC\xB9\xAD\xEB\x90\x98\xEB\x8A\x94 "
                                "\xED\x82\xA4 \xEB\xAA\xA9\xEB\xA1\x9D\xEC\x9D\x84 \xEA\xB2\x80\xEC\x83\x89\xED\x95\xA9\xEB\x8B\x88\xEB\x8B\xA4. EN: Searches for keys matching a given pattern.";
  EXPECT_EQ(assess("redis_keys", bilingual).fields.category, Category::kRead);
  // English words still count: a verb past the opening says nothing.
  EXPECT_FALSE(assess("redis_keys", "KR: a b c d e f g h i. EN: Searches for keys.").classified);
}

TEST(EngineLeadVerb, ALatinWordOrTwoInTextOfAnotherScriptNameThings) {
  // "解析某 ref 的 commit sha（缺省 HEAD）。": resolves a ref to a commit's sha; "commit" is the thing.
  EXPECT_EQ(assess("rev_parse", "\xE8\xA7\xA3\xE6\x9E\x90\xE6\x9F\x90 ref \xE7\x9A\x84 commit sha\xEF\xBC\x88\xE7\xBC\xBA\xE7\x9C\x81 HEAD\xEF\xBC\x89\xE3\x80\x82").fields.category, Category::kUtility);
  // A bilingual text's English runs on, and its verb leads: "创建 Create a new issue".
  EXPECT_EQ(assess("rev_parse", "\xE5\x88\x9B\xE5\xBB\xBA Create a new issue").fields.category, Category::kMutate);
}

TEST(EngineLeadVerb, TheWordsOfAnIdentifierAreNotTheLeadVerb) {
  // A snake_case identifier names a tool or a field the text refers to: "create" inside
  // "local_task_create_compile" creates nothing. In a description of another script its Latin
  // words would otherwise be the only ones read.
  const std::string zh = "\xE6\x9F\xA5\xE8\xAF\xA2\xE4\xBB\xBB\xE5\x8A\xA1\xE7\x8A\xB6\xE6\x80\x81\xE3\x80\x82 id=\xE4\xBB\xBB\xE5\x8A\xA1 ID"
                         "\xEF\xBC\x88local_task_create_compile \xE8\xBF\x94\xE5\x9B\x9E\xEF\xBC\x89";
  EXPECT_EQ(assess("local_task_status", zh).fields.category, Category::kRead);
  EXPECT_EQ(assess("review_tests", "This is a sub tool of the orchestrate_component_testing. Reviews test coverage.").fields.category,
            Category::kRead);
  // The same words written apart are the verb they are.
  EXPECT_EQ(assess("task_tool", "Create a task and compile it.").fields.category, Category::kMutate);
}

// A tag in brackets opening the description names the service or the stage, and a label before a
// colon heads what follows: neither is what the tool does, nor uses up the opening.
TEST(EngineLeadVerb, ATagOrALabelIsNotTheLeadVerb) {
  for (const char* desc : {"In the selected project, for each app, lists the functions.",
                           "[Acme Cloud Platform] In the selected project, for each app, lists the functions.",
                           "(Beta, early access) In the selected project, for each app, lists the functions.",
                           "<p>In the selected project, for each app, lists the functions.</p>"}) {
    const Assessment a = assess("functions", desc);
    EXPECT_TRUE(a.classified) << desc;
    EXPECT_EQ(a.fields.category, Category::kRead) << desc;
  }
  // After the tag the first sentence opens a line, for phrases as for the lead verb.
  EXPECT_EQ(assess("site_map", "[Acme] Returns a list of URLs found from the base URL.", {"url:string"}).fields.blast_radius,
            BlastRadius::kNamespace);
  // "Note:" makes no note and "Tip:" pays none: a verbless name stays unclassified.
  EXPECT_FALSE(assess("ai_inference", "Inference on a model.").classified);
  EXPECT_FALSE(assess("ai_inference", "Inference on a model. Note: requires an API key.").classified);
  EXPECT_FALSE(assess("ai_inference", "Inference on a model. TIP: cheaper at night.").classified);
  // Labels that head a section ("Summary:", "Experimental:", "Workflow:") are no verbs either.
  EXPECT_FALSE(assess("ai_inference", "Summary: inference on a model.").classified);
  EXPECT_EQ(assess("items", "Summary: Deletes the item.").fields.category, Category::kDelete);
  EXPECT_EQ(assess("fix_lists", "EXPERIMENTAL: Attempts to detect paragraphs that look like lists").fields.category,
            assess("fix_lists", "Attempts to detect paragraphs that look like lists").fields.category);
  // Without a colon the word is the verb it is.
  EXPECT_EQ(assess("memo_tool", "Note a new idea in the memo.").fields.category, Category::kMutate);
}

// Markdown's emphasis and code marks do not hide a phrase: a sentence that opens with a bold
// verb, or a setting written in bold or as code, says what it says without them.
TEST(EnginePhrases, MarkdownMarksDoNotHideAPhrase) {
  for (const char* desc : {"Clears all values from a range.", "**Clears** all values from a range.", "*Clears* all values from a range.",
                           "`Clears` all values from a range."}) {
    EXPECT_EQ(assess("clearSpreadsheetRange", desc).fields.category, Category::kDestroy) << desc;
  }
  EXPECT_TRUE(assess("publishMock", "Publishes a mock server. It sets its **Access Control** setting to public.")
                  .fields.side_effects.count("privilege_change"));
}

// A phrase that only widens the scope says nothing where the text says what the tool is not for
// (a "When NOT to use" line, a clause opening "Do not use this tool to ..."); a phrase that says
// what the tool does still speaks there, and a later match outside such a clause still widens.
// What the text says the tool does not do raises nothing; a warning to the caller still does.
TEST(EnginePhrases, ADeniedPhraseRaisesNothing) {
  EXPECT_FALSE(assess("preview_invoice", "Preview an invoice. Does not charge the customer's card.").fields.side_effects.count("cost"));
  EXPECT_TRUE(assess("preview_invoice", "Preview an invoice, then charge the customer's card.").fields.side_effects.count("cost"));
  EXPECT_FALSE(assess("draft_email", "Create a draft; it does not send the email.").fields.side_effects.count("external_notification"));
  EXPECT_TRUE(assess("draft_email", "Create a draft. Do not send the email yet.").fields.side_effects.count("external_notification"));
}

TEST(EnginePhrases, AScopeTheToolIsNotForWidensNothing) {
  const Assessment one = assess("query_resource_logs", "Query logs for one resource.\nWhen NOT to use: the user asks for workspace-wide logs.");
  EXPECT_EQ(one.fields.blast_radius, BlastRadius::kItem);
  EXPECT_FALSE(has_evidence(one, "blastRadius", "phrase.organization_scope"));
  EXPECT_EQ(assess("query_resource_logs", "Query workspace-wide logs.").fields.blast_radius, BlastRadius::kOrganization);
  const Assessment later = assess("query_resource_logs", "When NOT to use: workspace-wide logs.\nThen it reads workspace-wide logs.");
  EXPECT_EQ(later.fields.blast_radius, BlastRadius::kOrganization);
  // Deleting everything is what the tool can do, whatever the warning says.
  const Assessment warned = assess("update_record", "Updates one record. Do not use this tool to delete all records in the table.");
  EXPECT_EQ(warned.fields.category, Category::kDestroy);
  // Bulk changes still speak; only the organisation they are not for is dropped.
  const Assessment bulk = assess("update_record", "Updates one record. Do not use this tool to update all records in the organization.");
  EXPECT_EQ(bulk.fields.blast_radius, BlastRadius::kNamespace);
  EXPECT_TRUE(has_evidence(bulk, "blastRadius", "phrase.bulk_change"));
  // A qualified warning says what the tool can do.
  EXPECT_EQ(assess("update_record", "Updates one record. Do not use this tool to update records across the organization without approval.")
                .fields.blast_radius,
            BlastRadius::kOrganization);
}

// The evidence of a weak lead verb says which text gave it: the title's opening or the
// description's, each its own.
TEST(EngineLeadVerb, EvidenceSaysWhichTextAWeakLeadVerbCameFrom) {
  const auto match_of = [](const Assessment& a, std::string_view rule) {
    for (const auto& e : a.evidence) {
      if (e.field == "category" && e.rule == rule) return e.match;
    }
    return std::string("(none)");
  };
  Tool from_description = make_tool("acme_widget", "Email the widget to the reader.", {});
  from_description.title = "Widget Snapshot";  // a weak verb of its own ("snapshot") opens the title
  EXPECT_EQ(match_of(evaluate_tool(builtin_rules(), from_description), "verb.mutate.send.noun.mail"), "email");
  Tool from_title = make_tool("acme_widget", "A snapshot of the widget.", {});
  from_title.title = "Email Widget";
  EXPECT_EQ(match_of(evaluate_tool(builtin_rules(), from_title), "verb.mutate.send.noun.mail"), "title: email");
}

// A title that only spells the name again, whole or without the group it opens with ("Can
// Generate Traefik Me Domains" for domain-canGenerateTraefikMeDomains), says nothing the name
// has not: the name's own reading stands. A title with words of its own still speaks.
TEST(EngineLeadVerb, ATitleThatSpellsTheNameAgainSaysNothingMore) {
  for (const char* name : {"stripe-canCreateMoreServers", "create_cluster_queue", "network-networksToSync",
                           "domain-canGenerateTraefikMeDomains"}) {
    Tool titled = make_tool(name, "", {"id:string"});
    const Assessment plain = evaluate_tool(builtin_rules(), titled);
    const std::vector<std::string> words = tokenize_name(name);
    for (std::size_t group = 0; group < 2; ++group) {
      std::string title;
      for (std::size_t i = group; i < words.size(); ++i) {
        if (!title.empty()) title += ' ';
        title += static_cast<char>(std::toupper(words[i][0]));
        title.append(words[i], 1);
      }
      titled.title = title;
      const Assessment a = evaluate_tool(builtin_rules(), titled);
      EXPECT_EQ(a.fields.category, plain.fields.category) << title;
      EXPECT_EQ(a.fields.risk_level, plain.fields.risk_level) << title;
      EXPECT_EQ(a.fields.blast_radius, plain.fields.blast_radius) << title;
      EXPECT_EQ(a.fields.side_effects, plain.fields.side_effects) << title;
    }
  }
  // Blank lines or an indent before the description (a docstring's) do not part a phrase that
  // runs from the title into it.
  Tool segment = make_tool("reach_updateAProfileSegmentV1", "Rename a segment and/or replace the conditions that define it.");
  segment.title = "Update a profile segment";
  const Assessment tight = evaluate_tool(builtin_rules(), segment);
  segment.description = "\n\n    " + segment.description;
  const Assessment indented = evaluate_tool(builtin_rules(), segment);
  EXPECT_EQ(indented.fields.side_effects, tight.fields.side_effects);
  EXPECT_EQ(indented.fields.risk_level, tight.fields.risk_level);
  // "Reply to Comment" says the reply is sent (high), which comment_reply alone leaves open.
  Tool reply = make_tool("comment_reply");
  const RiskLevel untitled = evaluate_tool(builtin_rules(), reply).fields.risk_level;
  reply.title = "Reply to Comment";
  EXPECT_GT(evaluate_tool(builtin_rules(), reply).fields.risk_level, untitled);
}

// Phrases are searched in a description's first 8 KiB; text past it could only have raised the
// tool, and the operator is told it went unread.
TEST(EnginePhrases, ADescriptionPastTheScanIsFlagged) {
  const auto flagged = [](const Assessment& a) {
    return std::find(a.flags.begin(), a.flags.end(), "description-over-8192-bytes") != a.flags.end();
  };
  EXPECT_FALSE(flagged(assess("get_item", "Gets an item. " + std::string(8000, 'x'))));
  const Assessment long_one = assess("get_item", "Gets an item. " + std::string(9000, 'x') + " This permanently deletes the account.");
  EXPECT_TRUE(flagged(long_one));
  EXPECT_EQ(long_one.fields.category, Category::kRead);  // the sentence past the scan is unread
}

// A description generated from an API's routes opens with the HTTP method and the path: a POST
// changes what the path names and sends no message; "Post a message" still sends one.
TEST(EngineLeadVerb, AnHttpMethodBeforeAPathIsAChange) {
  for (const char* name : {"network-resync", "backup-manualBackupPostgres"}) {
    const Assessment a = assess(name, std::string("POST /") + name);
    EXPECT_EQ(a.fields.category, Category::kMutate) << name;
    EXPECT_FALSE(a.fields.side_effects.count("external_notification")) << name;
  }
  // So it is when Markdown marks wrap the method.
  for (const char* description : {"**POST** /backup.manualBackupPostgres", "`POST /backup.manualBackupPostgres`",
                                   "\"POST /backup.manualBackupPostgres\""}) {
    EXPECT_FALSE(assess("backup-manualBackupPostgres", description).fields.side_effects.count("external_notification")) << description;
  }
  EXPECT_EQ(assess("network-resync", "PATCH /network.resync").fields.category, Category::kMutate);
  EXPECT_EQ(assess("network-one", "GET /network.one").fields.category, Category::kRead);
  EXPECT_TRUE(assess("channel_tool", "Post a message to the channel.").fields.side_effects.count("external_notification"));
}

// After other words "like" gives examples of what the tool does; opening the text it is a verb.
TEST(EngineLeadVerb, LikeAfterOtherWordsGivesExamples) {
  EXPECT_EQ(assess("file_tool", "Tool to perform actions like listing and reading files.").fields.category, Category::kRead);
  EXPECT_EQ(assess("asset_tool", "Asset tool to perform actions like create folder, get all assets.").fields.category,
            Category::kMutate);
  EXPECT_EQ(assess("social_tool", "Like a post.").fields.category, Category::kMutate);
  EXPECT_EQ(assess("social_tool", "Use this tool to like a post.").fields.category, Category::kMutate);
}

// A word as often a noun that opens the text in its plural before "in", "of" or "from" names
// things ("Messages in the inbox" sends nothing); "Logs in to" is the verb, and so is the word
// before an object.
TEST(EngineLeadVerb, APluralBeforeAPrepositionNamesThings) {
  const Assessment inbox = assess("inbox", "Messages in the inbox.");
  EXPECT_FALSE(inbox.classified);  // nothing else says what it does: it fails closed, sending nothing
  for (const auto& e : inbox.evidence) EXPECT_NE(e.match, "messages") << e.rule;
  const Assessment sends = assess("inbox", "Messages the user about the inbox.");
  EXPECT_TRUE(sends.classified);
  EXPECT_TRUE(sends.fields.side_effects.count("external_notification"));
  EXPECT_EQ(assess("session", "Logs in to the service.").fields.category, Category::kMutate);
  // A read's noun still says what comes back.
  EXPECT_EQ(assess("thing", "Details of an order.").fields.category, Category::kRead);
  EXPECT_EQ(assess("thing", "Status of a deployment.").fields.category, Category::kRead);
  // "News" is no form of "new" (a create verb only in names).
  const Assessment news = assess("headlines", "News search tool");
  EXPECT_EQ(news.fields.category, Category::kRead);
  for (const auto& e : news.evidence) EXPECT_NE(e.rule, "verb.mutate.create");
}

// A name with no verb made of the telemetry it returns, in the plural, observes it; a lone
// singular ("pod_metric"), "events" (a calendar's as often) or a name with a verb is not read
// that way.
TEST(EngineLeadVerb, ANameOfTelemetryInThePluralObservesIt) {
  for (const char* name : {"container_logs", "pod_metrics", "audit_logs"}) {
    const Assessment a = assess(name, "");
    EXPECT_TRUE(a.classified) << name;
    EXPECT_EQ(a.fields.category, Category::kObserve) << name;
  }
  EXPECT_FALSE(assess("pod_metric", "").classified);
  EXPECT_FALSE(assess("security_events", "").classified);
  EXPECT_EQ(assess("delete_logs", "").fields.category, Category::kDelete);
}

// "Call this tool when ..." tells the caller when to use the tool, as "Use this tool when ..." does:
// the call is the caller's, not a capability the tool calls.
TEST(EngineLeadVerb, CallThisToolIsAnInstructionToTheCaller) {
  EXPECT_EQ(assess("initial_instructions", "Call this tool first to get the instructions for the other tools.").fields.category,
            Category::kRead);
  EXPECT_FALSE(assess("onboarding", "Call this tool if it was not called yet in this conversation.").classified);
  EXPECT_EQ(assess("prep", "Running this tool first is required; it returns the project conventions.").fields.category,
            Category::kRead);
  // Calling a tool the caller names still calls it.
  for (const auto& [name, description] : {std::pair{"call_tool", "Calls the tool the caller names with the given arguments."},
                                          std::pair{"proxy", "Call the tool named by the caller."}}) {
    const Assessment a = assess(name, description);
    EXPECT_TRUE(a.classified) << name;
    EXPECT_EQ(a.fields.category, Category::kMutate) << name;
    EXPECT_EQ(a.fields.risk_level, RiskLevel::kHigh) << name;
  }
}

// A grave change joined to the lead verb by "and" or "then" is done too; an ordinary change or
// a read joined so is not taken as the tool's.
TEST(EngineLeadVerb, AGraveChangeJoinedByAndIsDoneToo) {
  const Assessment watched = assess("watch_folder", "Watch a folder and upload new files to S3.");
  EXPECT_GE(watched.fields.category, Category::kMutate);
  EXPECT_TRUE(watched.fields.side_effects.count("data_exfiltration"));
  EXPECT_GE(assess("snapshots", "List and delete old snapshots.").fields.category, Category::kDelete);
  EXPECT_GE(assess("site", "Builds the site and then deploys it.").fields.risk_level, RiskLevel::kHigh);
  // Not an ordinary change (the fixes may only be returned), nor one too far from the verb.
  EXPECT_EQ(assess("config_helper", "Helps analyze and validate and fix configuration files.").fields.category,
            Category::kRead);
  EXPECT_EQ(assess("reader", "Reads the file, its metadata, its owner, its size, its history and deletes nothing.").fields.category,
            Category::kRead);
  EXPECT_EQ(assess("browser_drag", "Perform drag and drop between two elements.").fields.category, Category::kMutate);
  // A word as often a noun, with what it acts on after it ("and email the link").
  EXPECT_TRUE(assess("export_contacts", "Export all contacts to a CSV file and email the download link.").fields.side_effects.count("external_notification"));
  EXPECT_FALSE(assess("export_contacts", "Export all contacts and email addresses to a CSV file.").fields.side_effects.count("external_notification"));
  EXPECT_FALSE(assess("query_agents", "Query the agents with prompts and evaluate their responses.").fields.side_effects.count("code_execution"));
  // Under a name with a strong verb, when the description opens with the name's verb: what else
  // the named action does. Another opening verb speaks of something else.
  const Assessment released = assess("create_release", "Create a release and publish it.");
  EXPECT_GE(released.fields.risk_level, RiskLevel::kHigh);
  EXPECT_TRUE(released.fields.side_effects.count("external_notification"));
  EXPECT_EQ(assess("create_release", "Create a release.").fields.risk_level, RiskLevel::kMedium);
  EXPECT_GE(assess("edit_databases", "Update and delete SQL databases.").fields.category, Category::kDelete);
  EXPECT_EQ(assess("create_draft", "Drafts a message; send_draft sends it and deletes the draft.").fields.category, Category::kMutate);
  // What the joined verb acts on picks its sense: files transferred are not money moved.
  EXPECT_FALSE(assess("offboard_user", "Offboard a user: revokes access and transfers their files to the manager.")
                   .fields.side_effects.count("cost"));
  EXPECT_TRUE(assess("close_account", "Close the account and transfer the remaining funds to the owner.").fields.side_effects.count("cost"));
}

// After a lead verb that changes nothing, any change joined to it with what it acts on after it
// is done too: the read is the first step of a change. A report or a summary made is what comes
// back, and a verb that needs an object beside it needs it in its own clause.
TEST(EngineLeadVerb, AChangeJoinedToAReadIsDoneToo) {
  for (const auto& [name, description] : {std::pair{"download_asset", "Download and import a Poly Haven asset."},
                                          std::pair{"text_to_speech", "Convert text to speech and save the audio file."},
                                          std::pair{"find_product", "Search for a product and add it to the cart."},
                                          std::pair{"triage_issues", "List open issues and close the stale ones."}}) {
    EXPECT_EQ(assess(name, description).fields.category, Category::kMutate) << name;
  }
  EXPECT_EQ(assess("fetch_page", "Fetch a web page and convert it to markdown.").fields.category, Category::kRead);
  EXPECT_NE(assess("analyze_logs", "Analyze the logs and create a report.").fields.category, Category::kMutate);
  EXPECT_EQ(assess("get_user", "Look up a user by email and return their profile.").fields.category, Category::kRead);
  // Nothing it acts on after the change: "and save settings" may be a noun phrase.
  EXPECT_EQ(assess("show_config", "Show the current theme and save settings.").fields.category, Category::kRead);
  // "Find and replace" is one edit, whatever follows it.
  EXPECT_EQ(assess("tool_1", "Find and replace text in a document.").fields.category, Category::kMutate);
  EXPECT_EQ(assess("text_search", "Search and replace strings in files.").fields.category, Category::kMutate);
  // A verb offered beside the lead verb by "or" right after it.
  EXPECT_EQ(assess("tool_5", "Get or delete a webhook.").fields.category, Category::kDelete);
  EXPECT_EQ(assess("tool_2", "Subscribe or unsubscribe from watching a list.").fields.category, Category::kMutate);
  EXPECT_EQ(assess("tool_6", "List or search issues.").fields.category, Category::kRead);
  // Further on, after a read, "or" offers a removal; not another kind of change (what the
  // caller may do instead), nor a synonym after a change.
  EXPECT_EQ(assess("webhooks", "List webhooks or delete them.").fields.category, Category::kDelete);
  EXPECT_EQ(assess("tool_7", "Show a draft or send it yourself from the app.").fields.category, Category::kRead);
  EXPECT_EQ(assess("tool_8", "Delete, remove, or destroy a virtual machine.").fields.category, Category::kDelete);
  EXPECT_EQ(assess("tool_9", "List files or folders in a directory.").fields.category, Category::kRead);
  // Not beside an -ing form, which sets the scene.
  EXPECT_NE(assess("validate", "Mandatory after generating or editing code. Catches made-up fields.").fields.category, Category::kMutate);
  // Two verbs side by side share what follows them: any change joined so to a read is done too.
  EXPECT_EQ(assess("vault_secrets", "Read and write secrets in Vault.").fields.category, Category::kMutate);
  EXPECT_EQ(assess("issues", "Get and update issues.").fields.category, Category::kMutate);
  EXPECT_EQ(assess("issues", "Get issues and update labels.").fields.category, Category::kRead);
  // What the tool can also do, it does.
  EXPECT_EQ(assess("crm", "Looks up contacts; can also merge duplicate contacts.").fields.category, Category::kMutate);
  EXPECT_EQ(assess("search_contacts", "Search contacts; can also merge duplicate contacts.").fields.category, Category::kMutate);
}

// A later sentence that opens with a read in the third person and joins a change to it, with an
// article or a pronoun after the change, tells a step the tool takes; one that opens with the
// change, says what comes back, or has a plural for its subject does not.
TEST(EngineLeadVerb, AChangeJoinedToAReadInALaterSentenceIsDoneToo) {
  const std::string opening = "Fetch and return the quickstart implementation prompt for a specific framework and language. ";
  EXPECT_EQ(assess("get_quickstart_guide", opening + "Resolves callback URLs from the project configuration and updates them on the application.")
                .fields.category,
            Category::kMutate);
  EXPECT_EQ(assess("get_page", opening + "Fetches the draft of the page and deletes it.").fields.category, Category::kDelete);
  for (const char* later : {"Returns user details, timestamps and optionally replies and assets.",
                            "Replaces the manual chain of geocode, search and place details.", "Applies to any entity type being fetched.",
                            "Filters can add labels, forward messages, or archive them.",
                            "Retrieves user details and DM channel ID if available."}) {
    EXPECT_EQ(assess("get_page", opening + later).fields.category, Category::kRead) << later;
  }
}

// A comma joins a verb to the lead verb as "and" does: one more of what the tool does.
TEST(EngineLeadVerb, AChangeListedAfterACommaIsDoneToo) {
  EXPECT_EQ(assess("github", "List repos, create issues, merge PRs.").fields.category, Category::kMutate);
  EXPECT_EQ(assess("jira", "Search issues, create tickets, delete comments.").fields.category, Category::kDelete);
  EXPECT_EQ(assess("db", "Query tables, insert rows, drop tables.").fields.category, Category::kDestroy);
  const Assessment mail = assess("mail", "Read the inbox, send an email.");
  EXPECT_EQ(mail.fields.risk_level, RiskLevel::kHigh);
  EXPECT_TRUE(mail.fields.side_effects.count("external_notification"));
  // Verbs alone, in a list the lead verb opens.
  EXPECT_EQ(assess("events", "Lists, deletes, and archives events.").fields.category, Category::kDelete);
  // A colon before the lead verb opens the list of verbs it stands in.
  EXPECT_GE(assess("kube", "Kubernetes: scale deployments, restart pods, delete namespaces.").fields.category, Category::kDelete);
  // After a change, a colon opens the actions it takes in, verbs alone.
  EXPECT_EQ(assess("storage", "Manages blobs: upload, download, delete.").fields.category, Category::kDelete);
  EXPECT_EQ(assess("customer", "Create a customer: name, email, charge settings.").fields.category, Category::kMutate);
  // Under a name's verb, what the description lists beside it.
  EXPECT_TRUE(assess("vm_create", "Create, deploy a single VM.").fields.side_effects.count("downtime"));
  // Not a word alone after a lead verb with its object: one more thing listed.
  EXPECT_EQ(assess("list_accesses", "List accesses of the account, users, invites, tokens.").fields.category, Category::kRead);
  // Nor in a list whose items open with things: a word there that could be a verb names a kind.
  EXPECT_EQ(assess("routes", "Return routes, provider starts, timing, bypass reasons and outcomes.").fields.category, Category::kRead);
  EXPECT_EQ(assess("routes", "Return routes, delete reasons and outcomes.").fields.category, Category::kDelete);
  // Not in brackets, nor in a list a colon opens: they name parts.
  EXPECT_EQ(assess("list_accesses", "List accesses (users, invites, API tokens) for the account.").fields.category, Category::kRead);
  EXPECT_EQ(assess("get_pr", "Get a pull request: metadata, reviewer status, merge info, comments and changed files.").fields.category,
            Category::kRead);
  // An -ing form says what else the change does; not one that says what it makes possible.
  EXPECT_EQ(assess("sync", "Sync a local folder to the remote bucket, deleting extraneous files.").fields.category, Category::kDelete);
  EXPECT_FALSE(assess("resume_queue", "Resume dispatch on a paused queue, allowing jobs to be dispatched again.")
                   .fields.side_effects.count("privilege_change"));
  // Not past the lead verb's sentence.
  EXPECT_EQ(assess("fetch_issues", "Fetch issues of a scan. Without its id, start a new scan.").fields.category, Category::kRead);
}

// A change joined by "and" or "or" past a negation, or in a later sentence, is what the tool
// does not do; before them it is done.
TEST(EngineLeadVerb, AChangeJoinedPastANegationOrASentenceIsNotDone) {
  const std::pair<const char*, Category> cases[] = {
      {"Read a file but do not write or delete it.", Category::kRead},
      {"Read a file; never update or delete it.", Category::kRead},
      {"Read a file. This tool cannot update or delete anything.", Category::kRead},
      {"Read a file or delete it.", Category::kDelete},
      {"Read a file and delete it; never touch others.", Category::kDelete},
  };
  for (const auto& [description, category] : cases) EXPECT_EQ(assess("get_file", description).fields.category, category) << description;
}

// A verb after "if", "when" or "unless" says when the tool acts, not what it does.
TEST(EngineLeadVerb, AVerbAfterIfOrWhenSaysWhenNotWhat) {
  // "if matching" says when the prompt is routed: it is no read, and with no other verb the
  // tool fails closed.
  EXPECT_FALSE(assess("terminal_route", "Route a prompt to an active terminal session if matching.").classified);
  // The main clause's verb still speaks past it.
  EXPECT_EQ(assess("session_tool", "If matching, closes the session and deletes its files.").fields.category, Category::kDelete);
  EXPECT_EQ(assess("temp_files", "When called, deletes the temporary files.").fields.category, Category::kDelete);
}

// What the user asks, wants or needs is the request; the tool's verb is the one after it.
TEST(EngineLeadVerb, WhatTheUserAsksIsNotWhatTheToolDoes) {
  EXPECT_EQ(assess("tool_6", "Use when the user asks to remove stored credentials.").fields.category, Category::kDelete);
  EXPECT_EQ(assess("tool_16", "Use when the user asks to add a comment to a ticket.").fields.category, Category::kMutate);
  EXPECT_EQ(assess("tool_3", "Use when the user wants to list the projects.").fields.category, Category::kRead);
  // Asked without "to", it is a question the tool answers.
  EXPECT_EQ(assess("tool_8", "Use when the user asks which projects they can access.").fields.category, Category::kRead);
  // Asking, as the tool's own verb, still reads ("Asks the model a question").
  EXPECT_EQ(assess("tool_4", "Asks a question about the documentation.").fields.category, Category::kRead);
}

TEST(EngineLeadVerb, ASentenceThatSaysWhatTheToolDoesSpeaksForIt) {
  const char* guarded = "Use this tool ONLY when explicitly instructed to work in a worktree. "
                        "This tool creates an isolated git worktree and switches the session into it.";
  const Assessment a = assess("EnterWorktree", guarded);
  EXPECT_TRUE(a.classified);
  EXPECT_EQ(a.fields.category, Category::kMutate);
  EXPECT_EQ(assess("janitor", "Helps with old files. The tool will delete the file it is given.").fields.category,
            Category::kDelete);
  // Without such a sentence nothing is said; in "the tool update notes" the verb is a noun.
  EXPECT_FALSE(assess("EnterWorktree", "Use this tool only when asked.").classified);
  const std::string far = "Mentioned beside settings screens, browser windows, toolbar buttons, menus and dialogs, near ";
  EXPECT_FALSE(assess("EnterWorktree", far + "the tool update notes.").classified);
  EXPECT_EQ(assess("EnterWorktree", far + "the tool updates.").fields.category, Category::kMutate);
  // "This tool allows you to parse ..." lets the caller parse; it allows (grants) nothing.
  const Assessment lets = assess("parse_stack", "Parse Error Stack Trace. This tool allows you to parse error stack traces.");
  EXPECT_EQ(lets.fields.category, Category::kUtility);
  EXPECT_FALSE(lets.fields.side_effects.count("privilege_change"));
  EXPECT_EQ(assess("EnterWorktree", "Use this tool only when asked. This tool lets you delete the worktree.").fields.category, Category::kDelete);
}

TEST(EngineNameObjects, GuidanceIsShippedTextUnlessAHolderOfContentIsNamed) {
  EXPECT_EQ(assess("get_bestpractices").fields.category, Category::kUtility);
  EXPECT_EQ(assess("get_azure_bestpractices_ai_app").fields.category, Category::kUtility);
  // A repository's guidelines or patterns are what is in it.
  EXPECT_EQ(assess("get_repo_guidelines").fields.category, Category::kRead);
  EXPECT_EQ(assess("list_repository_tool_patterns").fields.category, Category::kRead);
}

TEST(EngineNameVerbs, AWeakVerbThatIsAnObjectYieldsToAStrongLeadVerb) {
  // "log" names the pod's logs here; the description says what is done with them.
  const Assessment logs = assess("pods_log", "Get the logs of a Kubernetes Pod");
  EXPECT_EQ(logs.fields.category, Category::kObserve);
  EXPECT_EQ(assess("pipelines_build", "Retrieve build data for a project.").fields.category, Category::kRead);
  // With a weak lead verb, or none, the name's word still counts (failing closed).
  EXPECT_EQ(assess("pods_log").fields.category, Category::kMutate);
  // "top" is no object word: it keeps its say over "Lists".
  EXPECT_EQ(assess("pods_top", "List the resource consumption of pods").fields.category, Category::kObserve);
}

// A weak verb that opens the name is its verb when the strong word right after it is as often a
// thing: a post is liked, a comment pinned; not when a service's name comes first.
TEST(EngineNameVerbs, AWeakVerbFirstActsOnAThingThatIsAlsoAVerb) {
  for (const char* name : {"like_post", "pin_comment", "star_message", "vote_reply"}) {
    const Assessment a = assess(name);
    EXPECT_EQ(a.fields.category, Category::kMutate) << name;
    EXPECT_EQ(a.fields.risk_level, RiskLevel::kMedium) << name;
    EXPECT_EQ(a.fields.side_effects.count("external_notification"), 0U) << name;
  }
  EXPECT_EQ(assess("post_message").fields.risk_level, RiskLevel::kHigh);
  EXPECT_EQ(assess("like_and_post_reply").fields.risk_level, RiskLevel::kHigh);  // joined: both done
  EXPECT_EQ(assess("pin_delete_comment").fields.category, Category::kDelete);     // a removing verb counts
  // A block of addresses checked, a grant verified: looked at, no one blocked or granted.
  for (const char* name : {"check_block", "verify_grant", "check_ban"}) {
    EXPECT_EQ(assess(name).fields.category, Category::kRead) << name;
  }
  const Assessment blocked = assess("block_user");
  EXPECT_EQ(blocked.fields.category, Category::kMutate);
  EXPECT_TRUE(blocked.fields.side_effects.count("privilege_change"));
}

// Failing closed, a weak verb that removes, right before the first strong verb, counts: a
// download cleaned up is removed, not downloaded again. After the strong verb it stays a word.
TEST(EngineNameVerbs, AWeakRemovingVerbBeforeAStrongOneCounts) {
  EXPECT_GE(assess("chat_cleanup_download", "Clean up a previously downloaded attachment file.", {"path:string"})
                .fields.category,
            Category::kDelete);
  EXPECT_EQ(assess("list_empty_folders").fields.category, Category::kRead);
  EXPECT_EQ(assess("download_cleanup_report").fields.category, Category::kRead);
}

// Starring, watching or muting a repository or a channel sets the caller's own mark: one item,
// a medium change, not a change to the collection marked.
TEST(EngineNameVerbs, AMarkOnACollectionIsOneItem) {
  for (const char* name : {"star_repository", "mute_channel", "follow_project"}) {
    const Assessment a = assess(name);
    EXPECT_EQ(a.fields.blast_radius, BlastRadius::kItem) << name;
    EXPECT_EQ(a.fields.risk_level, RiskLevel::kMedium) << name;
  }
  EXPECT_EQ(assess("archive_repository").fields.blast_radius, BlastRadius::kNamespace);
}

// A version that ends a name is no word of its operation: the answer is the unversioned name's.
TEST(EngineNameVerbs, AVersionSuffixChangesNothing) {
  for (const char* name : {"deploy_plan_get", "projects_get", "mail_updateWebhook", "delete_user", "storage_blob_list"}) {
    const Assessment plain = assess(name, "", {"id:string"});
    for (const char* suffix : {"_v2", "V1", "-v2010"}) {
      const std::string versioned = std::string(name) + suffix;
      const Assessment a = assess(versioned, "", {"id:string"});
      EXPECT_EQ(a.fields.category, plain.fields.category) << versioned;
      EXPECT_EQ(a.fields.risk_level, plain.fields.risk_level) << versioned;
      EXPECT_EQ(a.fields.blast_radius, plain.fields.blast_radius) << versioned;
    }
  }
  EXPECT_EQ(assess("deploy_plan_get_v2").fields.category, Category::kRead);
}

// A resource-first name puts its group first, in the plural, and the operation last
// ("sites_get", Google's projects.get): a final get returns the one of the group its arguments
// name. A plural after the verb ("get_sites"), after a list, or with nothing naming the one, is
// the collection read.
TEST(EngineNameVerbs, AFinalGetAfterAResourceGroupReadsOne) {
  for (const char* name : {"sites_get", "projects_locations_get", "pods_get", "orders_describe"}) {
    const Assessment a = assess(name, "Gets details of a specific one.", {"id:string"});
    EXPECT_EQ(a.fields.category, Category::kRead) << name;
    EXPECT_EQ(a.fields.blast_radius, BlastRadius::kItem) << name;
  }
  EXPECT_EQ(assess("orders_get", "Gets an order.", {"orderId:string"}).fields.blast_radius, BlastRadius::kItem);
  // Nothing names the one: it may list the group.
  EXPECT_GT(assess("orders_get", "Gets orders.", {"status:string"}).fields.blast_radius, BlastRadius::kItem);
  EXPECT_GT(assess("get_sites", "Gets the sites.", {"id:string"}).fields.blast_radius, BlastRadius::kItem);
  EXPECT_GT(assess("sites_list", "Lists the sites.", {"id:string"}).fields.blast_radius, BlastRadius::kItem);
  EXPECT_GT(assess("pods_get", "Get the list of pods in the namespace.", {"id:string"}).fields.blast_radius, BlastRadius::kItem);
  // Retrieve, fetch and read are gets there too; a required value names the one, a required
  // wrapper object ("request", as generated SDKs wrap their query) names no one.
  const auto required = [](const std::string& name, const std::string& description, const std::string& param) {
    Tool t = make_tool(name, description, {param});
    t.properties.front().required = true;
    return evaluate_tool(builtin_rules(), t).fields.blast_radius;
  };
  EXPECT_EQ(required("subscribers-retrieve", "Retrieve a subscriber by its key.", "key:string"), BlastRadius::kItem);
  EXPECT_EQ(required("subscribers_fetch", "Fetch one subscriber.", "email:string"), BlastRadius::kItem);
  EXPECT_GT(required("messages-retrieve", "List all messages for the environment.", "request:object"), BlastRadius::kItem);
  // A sole object parameter wraps the arguments: the id inside it names the one.
  EXPECT_EQ(assess("subscriptions-get", "Get a subscription by ID.", {"request:object", "request.id:string"}).fields.blast_radius,
            BlastRadius::kItem);
  EXPECT_GT(assess("subscriptions-get", "Get subscriptions.", {"request:object", "request.status:string"}).fields.blast_radius,
            BlastRadius::kItem);
}

// A resource-first name that names one of its group again uses the group's singular as that
// thing: a drain tested is no node drained.
TEST(EngineNameVerbs, TheGroupNamedAgainIsAThing) {
  EXPECT_FALSE(assess("drains-test-drain").fields.side_effects.count("downtime"));
  EXPECT_TRUE(assess("nodes-drain-node").fields.side_effects.count("downtime"));
  EXPECT_TRUE(assess("drain_node").fields.side_effects.count("downtime"));
}

// A new collection puts nothing that exists at risk, one item; one the text says is billed holds
// its bill at the collection's scope. Capacity billed by itself (a disk) stays one resource.
TEST(EngineNameVerbs, ANewCollectionThatIsBilledIsAtItsScope) {
  EXPECT_EQ(assess("create_project", "Creates a project.").fields.blast_radius, BlastRadius::kItem);
  const Assessment billed = assess("create_project", "Creates a project and links a billing account to it.");
  EXPECT_EQ(billed.fields.blast_radius, BlastRadius::kNamespace);
  EXPECT_EQ(billed.fields.risk_level, RiskLevel::kHigh);
  EXPECT_EQ(assess("create_team", "Creates a billable team.").fields.blast_radius, BlastRadius::kNamespace);
  EXPECT_EQ(assess("create_disk", "Creates a managed disk; billing starts at once.").fields.blast_radius, BlastRadius::kItem);
}

// Taking a task out of a project changes one link, as putting it in does; the project stays.
TEST(EngineNameVerbs, TakingSomethingOutOfACollectionChangesOneLink) {
  for (const char* name : {"remove_project_from_task", "add_project_to_task", "removeProjectFromInitiative"}) {
    const Assessment a = assess(name);
    EXPECT_EQ(a.fields.category, Category::kMutate) << name;
    EXPECT_EQ(a.fields.blast_radius, BlastRadius::kItem) << name;
    EXPECT_EQ(a.fields.risk_level, RiskLevel::kMedium) << name;
  }
  EXPECT_EQ(assess("update_project").fields.blast_radius, BlastRadius::kNamespace);
  EXPECT_EQ(assess("remove_project").fields.blast_radius, BlastRadius::kNamespace);
}

// Adding a person to a group, a team or an organisation, or taking one out, changes who may
// see and do what there; a project put in a workspace, or a label taken off an issue, does not.
TEST(EngineNameVerbs, APersonJoinedToOrTakenFromAGroupChangesPrivileges) {
  for (const char* name : {"add_user_to_group", "remove_user_from_org", "removeUserFromTeam", "add_employee_to_project"}) {
    const Assessment a = assess(name);
    EXPECT_TRUE(a.fields.side_effects.count("privilege_change")) << name;
    EXPECT_EQ(a.fields.risk_level, RiskLevel::kHigh) << name;
    EXPECT_TRUE(has_evidence(a, "sideEffects", "engine.membership-change")) << name;
  }
  for (const char* name : {"add_project_to_workspace", "remove_label_from_issue", "get_user_from_org", "create_user"}) {
    EXPECT_FALSE(assess(name).fields.side_effects.count("privilege_change")) << name;
  }
}

// Opening an application or a studio starts it (the rule says "creates"): the app itself, a
// collection when it is a deployed one, is not changed.
TEST(EngineNameVerbs, OpeningAnAppStartsItAndChangesNoCollection) {
  const Assessment a = assess("open_app", "Open an application on the computer");
  EXPECT_EQ(a.fields.category, Category::kMutate);
  EXPECT_EQ(a.fields.blast_radius, BlastRadius::kItem);
  EXPECT_EQ(a.fields.risk_level, RiskLevel::kMedium);
  EXPECT_EQ(assess("update_app").fields.blast_radius, BlastRadius::kNamespace);
}

// A draft is kept until someone sends it: making one notifies no one; sending it does.
TEST(EngineNameVerbs, ADraftNotifiesNoOneUntilSent) {
  EXPECT_TRUE(assess("create_email").fields.side_effects.count("external_notification"));
  EXPECT_FALSE(assess("create_draft_email").fields.side_effects.count("external_notification"));
  EXPECT_FALSE(assess("draft_email", "Create a draft email without sending it.").fields.side_effects.count("external_notification"));
  EXPECT_TRUE(assess("send_draft").fields.side_effects.count("external_notification"));
}

// Putting people on an item tells them: assignees, reviewers, attendees. Reading who they are,
// or taking someone off, notifies no one.
TEST(EngineNameVerbs, PeoplePutOnAnItemAreTold) {
  for (const char* name : {"update_issue_assignees", "add_reviewers", "set_attendees"}) {
    EXPECT_TRUE(assess(name).fields.side_effects.count("external_notification")) << name;
  }
  EXPECT_FALSE(assess("list_assignees").fields.side_effects.count("external_notification"));
  EXPECT_FALSE(assess("update_issue").fields.side_effects.count("external_notification"));
  EXPECT_FALSE(assess("remove_assignee").fields.side_effects.count("external_notification"));
}

// A word right after "from" is where something comes from; alone it still counts.
TEST(EngineNameVerbs, AWordAfterFromIsWhereSomethingComesFrom) {
  const Assessment restored = assess("restore_from_trash");
  EXPECT_EQ(restored.fields.category, Category::kMutate);
  EXPECT_FALSE(restored.fields.side_effects.count("state_loss"));
  EXPECT_EQ(assess("import_from_archive").fields.category, Category::kMutate);
  EXPECT_EQ(assess("move_to_trash").fields.category, Category::kDelete);
  EXPECT_EQ(assess("from_delete").fields.category, Category::kDelete);
  // A recycle bin is a place, and emptying it destroys what it holds.
  EXPECT_EQ(assess("empty_recycle_bin").fields.category, Category::kDestroy);
}

TEST(EngineNameVerbs, WeakVerbsOnlyWithoutAStrongOne) {
  EXPECT_EQ(assess("issueCert").fields.category, Category::kMutate);  // "issue" as a verb
  EXPECT_EQ(assess("issue_read").fields.category, Category::kRead);   // "issue" as a noun
}

TEST(EngineNameVerbs, CliStyleNamesEndInTheirVerb) {
  // service_resource_verb: "deploy" is the service here, "get" the operation.
  EXPECT_EQ(assess("deploy_app_logs_get").fields.category, Category::kObserve);
  EXPECT_EQ(assess("storage_blob_list").fields.category, Category::kRead);
  // Two words are not a CLI name: the first verb stays the verb.
  EXPECT_EQ(assess("create_view").fields.category, Category::kMutate);
  EXPECT_EQ(assess("update_list").fields.category, Category::kMutate);
  EXPECT_EQ(assess("share_list").fields.category, Category::kMutate);
  // Unless the last is "get" or "describe", never a thing: the first word is what is got.
  EXPECT_EQ(assess("reply_get", "Get a specific reply to a comment.").fields.category, Category::kRead);
  EXPECT_EQ(assess("comment_describe").fields.category, Category::kRead);
  EXPECT_GE(assess("delete_get").fields.category, Category::kDelete);  // a removing verb still counts
  // Nor is a name with a preposition: after "to", "list" is a noun.
  EXPECT_EQ(assess("add_card_to_list").fields.category, Category::kMutate);
  // Nor is one whose earlier verb only ever says an operation: a "credential list" is made.
  EXPECT_EQ(assess("TwilioApiV2010--CreateSipCredentialList").fields.category, Category::kMutate);
  EXPECT_EQ(assess("update_ip_access_control_list").fields.category, Category::kMutate);
  // Saving or writing one says an operation too: a contact list is saved, nothing is listed.
  EXPECT_EQ(assess("save_contact_list").fields.category, Category::kMutate);
  EXPECT_EQ(assess("write_call_list").fields.category, Category::kMutate);
  // So does any change verb that opens the name, before a last word that is as often a thing:
  // a contact list is sent, a shopping list cleared. A service name that is a verb is not one.
  EXPECT_EQ(assess("send_contact_list").fields.category, Category::kMutate);
  EXPECT_GE(assess("clear_shopping_list").fields.category, Category::kMutate);
  EXPECT_EQ(assess("monitor_workspace_list").fields.category, Category::kRead);
}

TEST(EngineReversibility, TheNameVerbSaysHowItsDeleteIsUndone) {
  // Trashing deletes, and the trash gives it back: manual, not none.
  const Assessment trashed = assess("message_trash", "Move a message to the trash.");
  EXPECT_EQ(trashed.fields.category, Category::kDelete);
  EXPECT_EQ(trashed.fields.reversibility, Reversibility::kManual);
  EXPECT_EQ(assess("delete_message").fields.reversibility, Reversibility::kNone);
  // A verb that only changes beside it ("move") does not take that say away.
  EXPECT_EQ(assess("move_to_trash", "Move a file to the trash.").fields.reversibility, Reversibility::kManual);
  // Other evidence still raises it.
  EXPECT_EQ(assess("message_trash", "Permanently removes the message.").fields.reversibility, Reversibility::kNone);
  EXPECT_EQ(assess("trash_or_delete_message").fields.reversibility, Reversibility::kNone);
}

// Money that moves is not moved back by undoing the call; a stored payment's details edited are
// edited back, and a link that takes payments is not itself a payment.
TEST(EngineReversibility, MovedMoneyIsNotUndone) {
  for (const char* name : {"create_payment", "create_transfer", "run_payroll", "createRefund"}) {
    const Assessment a = assess(name);
    EXPECT_EQ(a.fields.reversibility, Reversibility::kNone) << name;
    EXPECT_TRUE(has_evidence(a, "reversibility", "object.money")) << name;
  }
  EXPECT_EQ(assess("update_payment").fields.reversibility, Reversibility::kManual);
  EXPECT_EQ(assess("create_payment_link").fields.reversibility, Reversibility::kManual);
  EXPECT_EQ(assess("list_payments").fields.reversibility, Reversibility::kAuto);
}

// Money moves where the change acts on it: a payment made, refunded or charged is critical and
// costs; a payment's method, link or note is not the payment, and filing a transaction (a tag, a
// label, a category, a new name) moves nothing.
TEST(EngineLevels, MoneyMovesWhereTheChangeActsOnIt) {
  const auto costs = [](const Assessment& a) { return a.fields.side_effects.count("cost") != 0; };
  for (const char* name : {"create_payment", "refund_payment", "createRefund", "send_payment", "payments_create"}) {
    const Assessment a = assess(name);
    EXPECT_EQ(a.fields.risk_level, RiskLevel::kCritical) << name;
    EXPECT_TRUE(costs(a)) << name;
  }
  for (const char* name : {"categorize_transactions", "label_payment", "rename_wallet", "add_transaction_note", "create_payment_link",
                           "set_default_payment_method"}) {
    const Assessment a = assess(name);
    EXPECT_EQ(a.fields.category, Category::kMutate) << name;
    EXPECT_LT(a.fields.risk_level, RiskLevel::kCritical) << name;
    EXPECT_FALSE(costs(a)) << name;
  }
  EXPECT_EQ(assess("delete_payment_method").fields.risk_level, RiskLevel::kHigh);
}

TEST(EngineNameVerbs, AChangeVerbLastFollowsAResourceThatIsAlsoAVerb) {
  // resource_verb: a Gmail "filter", a file "share", a "scan" are made or changed.
  EXPECT_EQ(assess("filter_create").fields.category, Category::kMutate);
  EXPECT_EQ(assess("filter_get").fields.category, Category::kRead);
  EXPECT_EQ(assess("scan_update").fields.category, Category::kMutate);
  // A verb further back makes the name English, and its last word a noun: a project update is read.
  EXPECT_EQ(assess("getWorkspaceUpdate").fields.category, Category::kRead);
  EXPECT_EQ(assess("linear_archiveProjectUpdate").fields.category, Category::kMutate);
  // A create or rename last is the operation even after a verb as often a noun further back (a
  // search index, a view table); failing closed, it counts beside that verb.
  for (const char* name : {"search_index_create", "view_table_create", "list_item_create", "searchIndexRename"}) {
    EXPECT_EQ(assess(name).fields.category, Category::kMutate) << name;
  }
  EXPECT_EQ(assess("search_index_get").fields.category, Category::kRead);
  // An update last counts too when every verb before it is as often a resource (a view, a list).
  for (const char* name : {"view_table_update", "list_position_update", "search_index_update"}) {
    EXPECT_EQ(assess(name).fields.category, Category::kMutate) << name;
  }
  EXPECT_EQ(assess("get_workspace_update").fields.category, Category::kRead);
  // A usage trigger fetched is a thing, not a trigger pulled.
  EXPECT_EQ(assess("FetchUsageTrigger").fields.category, Category::kRead);
  // "new" or "set" last can be an adjective or a thing: the first verb stays the verb.
  EXPECT_EQ(assess("search_new").fields.category, Category::kRead);
  // "add" last after the thing added is the operation (a GraphQL mutation's name: a price list's
  // fixed prices are added, not a list read).
  EXPECT_EQ(assess("priceListFixedPricesAdd").fields.category, Category::kMutate);
  EXPECT_EQ(assess("collectionAddProducts").fields.category, Category::kMutate);
  // Setting work going or stopping it, after the work: a scan is triggered, an export cancelled.
  EXPECT_EQ(assess("security-scan-trigger").fields.category, Category::kMutate);
  EXPECT_GE(assess("export_cancel").fields.category, Category::kMutate);
  // So is saving one, after a resource that is also a verb: a search saved is stored.
  EXPECT_EQ(assess("search_save").fields.category, Category::kMutate);
  EXPECT_EQ(assess("list_save").fields.category, Category::kRead);
  // After a read verb the last word is the thing read; "run" last is a thing ("test_run").
  EXPECT_EQ(assess("functions-get-trigger").fields.category, Category::kRead);
  EXPECT_EQ(assess("scan_run").fields.category, Category::kRead);
}

// A name with no verb of its own (a snapshot, as often a noun) says through its description's
// lead verb that it makes what it names: new billed capacity costs, as it does when the name
// says so; the description takes away neither the cost nor the level.
TEST(EngineNameVerbs, CapacityMadeAsTheDescriptionSaysCosts) {
  for (const char* desc : {"", "Create a snapshot of an NFS file share"}) {
    const Assessment a = assess("nfs-snapshot", desc, {"ShareID:string"});
    EXPECT_EQ(a.fields.category, Category::kMutate) << desc;
    EXPECT_TRUE(a.fields.side_effects.count("cost")) << desc;
    EXPECT_EQ(a.fields.risk_level, RiskLevel::kHigh) << desc;
  }
  EXPECT_FALSE(assess("nfs-snapshot-info", "Get a snapshot of an NFS file share").fields.side_effects.count("cost"));
}

// How many copies of a workload run, set by a change, scales it (downtime when down, cost when
// up); set where the name creates, it only says how the new workload is made.
TEST(EngineParams, AReplicaCountScalesWhatIsChangedNotWhatIsMade) {
  // A cluster's replicas: downtime only, medium (hand labels).
  const Assessment replicas = assess("update_deployment", "", {"replicas:integer"});
  EXPECT_TRUE(replicas.fields.side_effects.count("downtime"));
  EXPECT_FALSE(replicas.fields.side_effects.count("cost"));
  EXPECT_EQ(replicas.fields.risk_level, RiskLevel::kMedium);
  // A managed service's billed instances: downtime and cost.
  const Assessment scaled = assess("update_service", "", {"desiredCount:integer"});
  EXPECT_TRUE(scaled.fields.side_effects.count("downtime"));
  EXPECT_TRUE(scaled.fields.side_effects.count("cost"));
  // A count typed as a number (zod's z.number()) is one too.
  EXPECT_TRUE(assess("update_service", "", {"desired_count:number"}).fields.side_effects.count("downtime"));
  const Assessment made = assess("create_service", "", {"desiredCount:integer"});
  EXPECT_FALSE(made.fields.side_effects.count("downtime"));
  EXPECT_FALSE(made.fields.side_effects.count("cost"));
}

// A free-text action whose description lists its values is read as that list, as an enum is;
// with no description of its own, a list of three or more in the tool's description speaks.
TEST(EngineParams, AnActionListedInItsDescriptionIsReadAsAnEnum) {
  EXPECT_EQ(assess("manage_rows", "Changes rows.", {"action:string#One of 'add', 'update' or 'delete'"}).fields.category,
            Category::kDelete);
  EXPECT_EQ(assess("dml_records", "", {"operation:string#insert, update, delete or upsert"}).fields.category, Category::kDelete);
  EXPECT_EQ(assess("file_ops", "File operations (read, write, move, delete)", {"op:string"}).fields.category, Category::kDelete);
  // Two listed in the tool's own text are not enough to speak for a bare property.
  EXPECT_FALSE(assess("redis-update", "POST /redis.update", {"mode:string"}).fields.side_effects.count("external_notification"));
  // Arithmetic choices compute: "add" beside "subtract" adds numbers, listed or an enum.
  EXPECT_EQ(assess("calculate", "Perform arithmetic.", {"operation:string#add, subtract, multiply or divide", "a:number"}).fields.category,
            Category::kUtility);
  EXPECT_EQ(assess("calculate", "Perform arithmetic.", {"operation=add|subtract", "a:number"}).fields.category, Category::kUtility);
  EXPECT_EQ(assess("manage", "", {"action=add|delete"}).fields.category, Category::kDelete);
  // An operation named to be checked is not done.
  EXPECT_EQ(assess("check_auth", "Checks whether the caller may act.", {"verb:string#The verb to check. e.g. get, list, delete"})
                .fields.category,
            Category::kRead);
}

TEST(EngineParams, AnActionEnumThatFiltersPicksItems) {
  const Assessment todos = assess("list_todos", "", {"action=assigned|build_failed|merged#Filter by to-do action"});
  EXPECT_EQ(todos.fields.category, Category::kRead);
  EXPECT_EQ(assess("manage_todos", "", {"action=list|add|remove#What to do"}).fields.category, Category::kDelete);
}

TEST(EngineParams, AnActionEnumOfAListPicksWhatComesBack) {
  const Assessment listed = assess("list_adjustments", "", {"action=credit|refund#Return entities for the specified action."});
  EXPECT_EQ(listed.fields.category, Category::kRead);
  EXPECT_TRUE(has_evidence(listed, "flag", "param.action"));
  // A name that does not list still takes its enum's most harmful action.
  EXPECT_EQ(assess("manage_adjustments", "", {"action=credit|refund#What to do."}).fields.category, Category::kMutate);
}

TEST(EngineParams, AnActionEnumDescribedAsAnAttributeOfAnEditedItemIsData) {
  // Postman's updateCollectionRequest: the stored request's method, not a DELETE sent now.
  const Assessment method = assess("updateCollectionRequest", "", {"method=GET|DELETE|PURGE#The request's HTTP method."});
  EXPECT_EQ(method.fields.category, Category::kMutate);
  EXPECT_TRUE(has_evidence(method, "flag", "param.action"));
  EXPECT_EQ(assess("update_macro", "", {"intent=order/cancel|refund/request#The intended use case of the macro."}).fields.category,
            Category::kMutate);
  // Something done to the item is an action ("to apply"), and so is any enum the description
  // does not call an attribute.
  EXPECT_EQ(assess("update_error", "", {"operation=fix|discard#The operation to apply to the error"}).fields.category,
            Category::kDelete);
  EXPECT_EQ(assess("update_message", "", {"action=force|cancel#Policy for failed external actions"}).fields.category,
            Category::kDelete);
  // Only under a name that edits: a tool that makes the request sends its method.
  EXPECT_EQ(assess("execute_request", "", {"method=GET|DELETE#The request's HTTP method."}).fields.category, Category::kDelete);
}

TEST(EngineParams, AnActionEnumUnderANameThatChecksIsTheOperationCheckedFor) {
  // A name that only checks whether something may be done names, in its action enum, the
  // operation checked for: nothing is written or deleted.
  const Assessment path = assess("policy_check_path", "Check whether a path operation would pass path policy constraints.",
                                 {"path:string", "operation=read|write|delete"});
  EXPECT_EQ(path.fields.category, Category::kRead);
  EXPECT_TRUE(has_evidence(path, "flag", "param.action"));
  EXPECT_TRUE(is_safe(assess("check_permission", "", {"resource:string", "action=read|write|delete"}).fields.category));
  EXPECT_TRUE(is_safe(assess("simulate_policy", "", {"action=s3:GetObject|s3:DeleteObject"}).fields.category));
  EXPECT_TRUE(is_safe(assess("validate_operation", "", {"operation=create|update|delete", "payload:object"}).fields.category));
  // A mode is the tool's own: "fix" fixes, whatever the name checks.
  EXPECT_FALSE(is_safe(assess("verify_migration", "", {"mode=fix|analysis"}).fields.category));
  // A name that does not only check still does what its enum says.
  EXPECT_EQ(assess("manage_files", "", {"operation=read|write|delete", "path:string"}).fields.category, Category::kDelete);
  EXPECT_EQ(assess("check_and_delete", "", {"operation=read|delete"}).fields.category, Category::kDelete);
}

TEST(EngineParams, AnActionEnumOfALogReadNamesTheActionsRecorded) {
  // A read of logs or events, by its name or (with no verb in the name) its description.
  const Assessment audit = assess("auditLog-all", "GET /auditLog.all", {"action=create|delete|deploy", "limit:number"});
  EXPECT_TRUE(is_safe(audit.fields.category));
  EXPECT_TRUE(has_evidence(audit, "flag", "param.action"));
  EXPECT_TRUE(is_safe(assess("get_audit_logs", "", {"action=create|delete"}).fields.category));
  // A tool that manages logs by action is no read: its enum is what it does.
  EXPECT_EQ(assess("manage_logs", "", {"action=list|delete"}).fields.category, Category::kDelete);
  // With no verb in the name, the description's read makes the enum a filter only where the
  // schema pages through records too: a sentence put first may not talk the deletes away.
  EXPECT_EQ(assess("logs_pipelines", "Only reads data. Manage Logs pipelines. Actions: list, create, delete.",
                   {"action=list|create|delete", "id:string"}).fields.category,
            Category::kDelete);
  EXPECT_FALSE(is_safe(assess("auditLog-all", "GET /auditLog.all", {"action=create|delete|deploy"}).fields.category));
}

TEST(EngineParams, AMethodAndPathOfADocumentationReadNameTheOperationLookedUp) {
  // An OpenAPI explorer: the method and path say which operation's documentation comes back.
  const std::vector<std::string> op = {"path:string#The API endpoint path (e.g. '/api/card/{id}')",
                                       "method=GET|POST|PUT|DELETE|PATCH#The HTTP method of the endpoint"};
  const Assessment spec = assess("get_api_spec", "", op);
  EXPECT_EQ(spec.fields.category, Category::kRead);
  EXPECT_EQ(spec.fields.blast_radius, BlastRadius::kItem);
  EXPECT_TRUE(has_evidence(spec, "flag", "param.action"));
  EXPECT_TRUE(has_evidence(spec, "flag", "param.api_path"));
  // The same parameters on a tool that makes the call reach every operation of the API.
  const Assessment call = assess("api_call", "", op);
  EXPECT_EQ(call.fields.category, Category::kDestroy);
  EXPECT_EQ(call.fields.blast_radius, BlastRadius::kOrganization);
  // Documentation named by a tool that changes it is no read.
  EXPECT_FALSE(is_safe(assess("update_api_spec", "", op).fields.category));
  // An endpoint's details are its documentation too, and a method left free-form there names
  // the operation as a listed one does.
  EXPECT_EQ(assess("get_endpoint_details", "", op).fields.category, Category::kRead);
  const Assessment free_form =
      assess("get_endpoint_details", "", {"path:string#The endpoint path", "method:string#The HTTP method (GET, POST, DELETE)"});
  EXPECT_EQ(free_form.fields.category, Category::kRead);
  EXPECT_TRUE(has_evidence(free_form, "flag", "param.http_method_any"));
}

TEST(EngineParams, AnAgentRunThatCanSkipItsApprovalsCanDoWhatAShellCan) {
  // A coding agent started with a mode that skips its approvals edits files and runs commands.
  const Assessment run = assess("query", "Execute a Claude Code query.",
                                {"prompt:string", "permissionMode=default|acceptEdits|bypassPermissions|plan"});
  EXPECT_EQ(run.fields.category, Category::kDestroy);
  EXPECT_TRUE(run.fields.side_effects.count("code_execution"));
  // Modes that all keep the approvals say nothing; nor does the mode of an agent made, not run.
  EXPECT_EQ(assess("query", "", {"prompt:string", "permissionMode=default|plan"}).fields.category, Category::kRead);
  EXPECT_EQ(assess("create_agent", "", {"name:string", "permission_mode=default|bypassPermissions"}).fields.category,
            Category::kMutate);
}

TEST(EngineParams, AnHttpMethodGivenToAValidationNamesWhatIsChecked) {
  // A response is checked against the schema of the operation the method and path name.
  const std::vector<std::string> checked = {"path:string#The endpoint path", "method:string#The HTTP method (GET, POST, DELETE)",
                                            "responseBody:object"};
  const Assessment validation = assess("validate_api_response", "", checked);
  EXPECT_EQ(validation.fields.category, Category::kUtility);
  EXPECT_TRUE(has_evidence(validation, "flag", "param.http_method_any"));
  // The same method given to a tool that sends the request can delete.
  EXPECT_EQ(assess("send_api_request", "", checked).fields.category, Category::kDestroy);
  // A name with any other verb than a check keeps the request.
  EXPECT_FALSE(is_safe(assess("validate_and_send_request", "", checked).fields.category));
}

TEST(EngineParams, UnderAReadAnActionThatNamesTelemetryFetchesIt) {
  // No verb in the name; the description lists and gets, and "log" is the step's log.
  const Assessment steps = assess("pipeline-steps", "Use action list to list all steps, get to fetch one step, log to fetch its log output.",
                                  {"action=list|get|log"});
  EXPECT_EQ(steps.fields.category, Category::kRead);
  // A strong changing verb among the values still counts.
  EXPECT_FALSE(is_safe(assess("pipeline-steps", "List steps, fetch one, or rerun one.", {"action=list|get|log|rerun"}).fields.category));
  // A tool that does not read keeps "log" as what it does (writes a log entry).
  EXPECT_FALSE(is_safe(assess("logger", "", {"action=log"}).fields.category));
}

TEST(EngineBlast, ThePartsOfOneItemThatARequiredParameterNamesAreThatItem) {
  const auto blast = [](const std::string& name, const std::string& param, bool required) {
    Tool t = make_tool(name, "", {param + ":string"});
    t.properties.front().required = required;
    return evaluate_tool(builtin_rules(), t).fields.blast_radius;
  };
  // The replies of one thread, the comments of one issue: one item.
  EXPECT_EQ(blast("get_thread_replies", "thread_ts", true), BlastRadius::kItem);
  EXPECT_EQ(blast("get_issue_comments", "issue_key", true), BlastRadius::kItem);
  // Without the parameter that names the one, a compound names them all ("mail messages").
  EXPECT_EQ(blast("get_issue_comments", "issue_key", false), BlastRadius::kNamespace);
  EXPECT_EQ(blast("list_mail_messages", "folder", true), BlastRadius::kNamespace);
  // A collection's contents stay a collection.
  EXPECT_EQ(blast("get_repository_files", "repository", true), BlastRadius::kNamespace);
}

TEST(EngineBlast, ABroadcastReachesItsAudienceOnlyWhenChangedOrSent) {
  EXPECT_EQ(assess("send-broadcast", "Send a broadcast").fields.blast_radius, BlastRadius::kNamespace);
  EXPECT_EQ(assess("get-broadcast", "Get details of a specific broadcast").fields.blast_radius, BlastRadius::kItem);
  // Deleting one is deleting a record, not destroying the audience.
  const Assessment removed = assess("remove-broadcast", "Remove a broadcast by ID.");
  EXPECT_EQ(removed.fields.category, Category::kDelete);
  EXPECT_EQ(removed.fields.blast_radius, BlastRadius::kItem);
  // A public object is removed for everyone.
  EXPECT_EQ(assess("delete_dns_record", "Delete a DNS record.").fields.blast_radius, BlastRadius::kGlobal);
}

TEST(EngineParams, AnOverwriteSwitchMakesAReadWriteButNotAValidation) {
  // Downloading into the project with `overwrite` writes files there.
  const Assessment download = assess("downloadTemplate", "", {"template=react|vue", "overwrite:boolean"});
  EXPECT_EQ(download.fields.category, Category::kMutate);
  EXPECT_EQ(download.fields.reversibility, Reversibility::kNone);
  // Validating records before an update: the switch is part of the change being checked.
  EXPECT_EQ(assess("validate_records", "", {"domain:string", "overwrite:boolean"}).fields.category, Category::kUtility);
  // A truncate switch on a read shortens the output.
  EXPECT_TRUE(is_safe(assess("read_log", "", {"truncate:boolean"}).fields.category));
}

TEST(EngineParams, AQueryOfTheLogsAToolReadsSearchesThem) {
  const std::vector<std::string> query = {"queryString:string#The query statement in the log service's syntax"};
  const Assessment logs = assess("queryLogs", "", query);
  EXPECT_EQ(logs.fields.category, Category::kObserve);
  EXPECT_TRUE(has_evidence(logs, "flag", "param.exec.sql.query"));
  // The same parameter on a database query can write.
  EXPECT_EQ(assess("queryDatabase", "", query).fields.category, Category::kDestroy);
}

TEST(EngineParams, AManageNameLeavesWhatItDoesToAnEnumOfVerbs) {
  EXPECT_EQ(assess("alerting_manage_routing", "", {"operation=get_notification_policies|get_contact_points"}).fields.category,
            Category::kRead);
  EXPECT_EQ(assess("manage_users", "", {"action=list|create|delete"}).fields.category, Category::kDelete);
  // A value that is no verb leaves the name its say.
  EXPECT_EQ(assess("manage_models", "", {"action=list|get|docs"}).fields.category, Category::kMutate);
  // So does a description that opens with "Manage" where the name has no verb.
  EXPECT_EQ(assess("teams", "Manage teams: list/get/get_members", {"action=list|get|get_members"}).fields.category,
            Category::kRead);
  EXPECT_EQ(assess("teams", "Manage teams: list/get/delete", {"action=list|get|delete"}).fields.category, Category::kDelete);
  EXPECT_EQ(assess("teams", "Manage teams.", {"action=list|get|docs"}).fields.category, Category::kMutate);
  // A verb of the name's own is not left to the enum.
  EXPECT_EQ(assess("update_teams", "Manage teams.", {"action=list|get"}).fields.category, Category::kMutate);
}

// An -ing word before "details", "info" or "status" names whose they are, in a name and in a
// description's opening; so does one after an article. A removing word is still a delete.
TEST(EngineName, AnIngWordBeforeAnAspectIsAThing) {
  const Assessment billing = assess("billing_details", "Billing details of the account");
  EXPECT_EQ(billing.fields.category, Category::kRead);
  EXPECT_FALSE(billing.fields.side_effects.count("cost"));
  EXPECT_EQ(assess("airbnb_listing_details", "Get detailed information about a specific listing", {"id:string"}).fields.blast_radius,
            BlastRadius::kItem);
  EXPECT_EQ(assess("recording_info", "Information about a recording", {"recording_id:string"}).fields.category, Category::kRead);
  EXPECT_EQ(assess("job_details", "Deleting details of finished jobs").fields.category, Category::kDelete);
  // A description that opens with the deed still says it.
  EXPECT_EQ(assess("billing", "Billing the customer for the order").fields.category, Category::kMutate);
  // So does a word as often a thing, a weak verb that changes: "charge_details" reads a charge.
  EXPECT_EQ(assess("charge_details", "", {"id:string"}).fields.category, Category::kRead);
  EXPECT_EQ(assess("bill_summary", "Bill summary for the month.").fields.category, Category::kRead);
  // A store is as often a thing (a shop, a memory or vector store): its details, or a report
  // or the stats of one, are read; storing something is still a write.
  EXPECT_EQ(assess("store_details").fields.category, Category::kRead);
  EXPECT_TRUE(is_safe(assess("memory_detailed-stats", "Detailed memory-store report: backend, entry count, total bytes.").fields.category));
  EXPECT_EQ(assess("store_memory").fields.category, Category::kMutate);
  EXPECT_EQ(assess("memory_store", "Store a value under a key.").fields.category, Category::kMutate);
  EXPECT_EQ(assess("order_history", "Order history of the account.").fields.category, Category::kRead);
  // A date is an aspect too: "release date" and "order date" name when, not a release or an order.
  EXPECT_TRUE(is_safe(assess("film_facts", "Facts about a film from Wikidata: release date, runtime, director.").fields.category));
  EXPECT_EQ(assess("get_order_date", "", {"order_id:string"}).fields.category, Category::kRead);
}

// A weak word that would move money opens a description as a verb only before what it acts on.
TEST(EngineLeadVerb, AMoneyWordIsAVerbOnlyBeforeWhatItActsOn) {
  EXPECT_FALSE(assess("orderbook", "Order book for a trading pair.", {"symbol:string"}).fields.side_effects.count("cost"));
  EXPECT_TRUE(assess("servers", "Order 2 servers in the region.", {"region:string"}).fields.side_effects.count("cost"));
  EXPECT_TRUE(assess("card", "Charge the card on file.", {"amount:number"}).fields.side_effects.count("cost"));
}

// A word before a lone "s", from "(s)" or "'s", is a thing in a description's opening: plural
// or owning, never the deed. A removing word still counts (failing closed).
TEST(EngineName, AWordBeforeAPluralOrPossessiveSIsAThing) {
  EXPECT_EQ(assess("ws_ticker_snapshot", "Next live ticker update(s) for markets via WebSocket.").fields.category,
            Category::kObserve);
  EXPECT_EQ(assess("ws_ticker_snapshot", "Next live ticker updates and changes them.").fields.category, Category::kMutate);
  EXPECT_GE(assess("ws_ticker_snapshot", "Delete(s) the ticker snapshot.").fields.category, Category::kDelete);
}

TEST(EngineName, ALightVerbHandsTheActionToTheNounAfterIt) {
  // "cleanup" is a noun as often as a verb; after "perform" it is the action.
  const Assessment cleanup = assess("perform_auto_cleanup");
  EXPECT_EQ(cleanup.fields.category, Category::kDestroy);
  EXPECT_EQ(assess("get_cleanup_status").fields.category, Category::kRead);
  EXPECT_EQ(assess("run_build").fields.category, Category::kMutate);
  // Running a query or a search is the query: it reads. A scan or a test still runs.
  EXPECT_EQ(assess("run_panel_query").fields.category, Category::kRead);
  EXPECT_EQ(assess("execute_search").fields.category, Category::kRead);
  EXPECT_EQ(assess("run_scan").fields.category, Category::kMutate);
  // Many weak verbs handed on before the query (found by fuzz_engine: the light verb's place
  // was kept across the pushes that moved it): the weak verbs, now strong, still count.
  EXPECT_EQ(assess("run_pull_label_tag_pin_star_lock_query").fields.category, Category::kMutate);
  // A free-form statement parameter still says what the query can do.
  EXPECT_EQ(assess("run_query", "", {"sql:string#The SQL statement to execute"}).fields.category, Category::kDestroy);
}

TEST(EngineParams, AnActionThatRemovesAnAttributeIsAChange) {
  // The tag comes off the form; the form stays.
  const Assessment form = assess("update_form", "", {"action=updateName|deleteTag#What to do"});
  EXPECT_EQ(form.fields.category, Category::kMutate);
  EXPECT_FALSE(form.fields.side_effects.count("state_loss"));
  // A tag tool whose action deletes deletes the tag itself; deleting the form is a deletion.
  EXPECT_EQ(assess("manage_tags", "", {"action=list|delete#What to do"}).fields.category, Category::kDelete);
  EXPECT_EQ(assess("update_form", "", {"action=update|delete#What to do"}).fields.category, Category::kDelete);
}

TEST(EngineParams, TheCodeOfWhatANameCreatesIsNotRun) {
  // A function's code is stored with it, not run; the same parameter on a tool that runs it is.
  const Assessment made = assess("create_function", "", {"name:string", "code:string#The function code"});
  EXPECT_EQ(made.fields.category, Category::kMutate);
  EXPECT_EQ(made.fields.risk_level, RiskLevel::kMedium);
  EXPECT_FALSE(made.fields.side_effects.count("code_execution"));
  EXPECT_TRUE(has_evidence(made, "flag", "param.exec.code"));
  EXPECT_TRUE(assess("run_function", "", {"code:string"}).fields.side_effects.count("code_execution"));
  EXPECT_TRUE(assess("create_and_run", "", {"code:string"}).fields.side_effects.count("code_execution"));
  // A shell command keeps its effects: a created cron job runs it.
  EXPECT_TRUE(assess("create_cron_job", "", {"command:string"}).fields.side_effects.count("code_execution"));
  // The language of an SDK being made is not code run.
  EXPECT_EQ(assess("create_sdk", "", {"language=typescript|python|go#Target language"}).fields.category, Category::kMutate);
  EXPECT_EQ(assess("run_snippet", "", {"language=python|bash#Language"}).fields.category, Category::kDestroy);
}

// A property with no description of its own is read with what the tool says: the name's object
// for an exception ("item code"), the tool's description for a widening or noting parameter
// ("any endpoint of the API"), never for code or SQL a parameter would run.
TEST(EngineParams, AnUndescribedPropertyIsReadWithTheTool) {
  EXPECT_EQ(assess("update-item", "", {"code:string", "name:string"}).fields.risk_level, RiskLevel::kMedium);
  EXPECT_EQ(assess("update_function", "", {"code:string"}).fields.risk_level, RiskLevel::kHigh);
  EXPECT_EQ(assess("update-item", "", {"code:string#Code to run on save"}).fields.risk_level, RiskLevel::kHigh);

  const char* any_endpoint = "Make an authenticated request to any endpoint of the API.";
  EXPECT_EQ(assess("api_request", any_endpoint, {"path:string"}).fields.blast_radius, BlastRadius::kOrganization);
  EXPECT_EQ(assess("api_request", any_endpoint, {"path:string#Path of the file to attach"}).fields.blast_radius,
            BlastRadius::kItem);
  EXPECT_EQ(assess("api_request", "Make a request.", {"path:string"}).fields.blast_radius, BlastRadius::kItem);
  EXPECT_EQ(assess("send_request", "Send an HTTP request to the service.", {"method:string"}).fields.category,
            Category::kDelete);
  EXPECT_EQ(assess("search", "Search the logs with SQL-like filters, e.g. select or update fields.", {"query:string"}).fields.category,
            Category::kRead);

  // A bare query is SQL where the tool says it runs SQL, or its name names the language; not
  // where the same text holds it to reading, nor where SQL is only what the tool reads about.
  EXPECT_EQ(assess("run_query", "Run a SQL query and return the rows.", {"query:string"}).fields.category, Category::kDestroy);
  EXPECT_EQ(assess("execute_query", "Execute a query against the PostgreSQL database.", {"query:string"}).fields.category,
            Category::kDestroy);
  EXPECT_EQ(assess("execute_sql", "", {"query:string"}).fields.category, Category::kDestroy);
  EXPECT_EQ(assess("run_query", "Run a read-only SQL query.", {"query:string"}).fields.category, Category::kRead);
  EXPECT_EQ(assess("run_query", "Run a SQL query. Only SELECT statements are allowed.", {"query:string"}).fields.category,
            Category::kRead);
  EXPECT_EQ(assess("search_docs", "Search the docs on how to run a SQL query.", {"query:string"}).fields.category, Category::kRead);
  EXPECT_EQ(assess("run_query", "Run a SQL query and return the rows.", {"query:string#Text to look for"}).fields.category,
            Category::kRead);
}

// Code a name says it explains, reviews, formats or lints is the text it reads; a name that
// tests, runs or views something else runs it.
TEST(EngineParams, CodeTheNameAnalysesIsNotRun) {
  const std::pair<const char*, const char*> cases[] = {{"explain_code", "sourceCode:string"}, {"review_code", "code:string"},
                                                       {"lint_script", "script:string"}};
  for (const auto& [name, param] : cases) {
    const Assessment a = assess(name, "", {param});
    EXPECT_FALSE(a.fields.side_effects.count("code_execution")) << name;
    EXPECT_LE(a.fields.risk_level, RiskLevel::kLow) << name;
    EXPECT_TRUE(has_evidence(a, "flag", "param.exec.code")) << name;
  }
  EXPECT_EQ(assess("format_sql", "", {"sql:string"}).fields.category, Category::kUtility);
  EXPECT_TRUE(assess("test_code", "", {"code:string"}).fields.side_effects.count("code_execution"));
  EXPECT_TRUE(assess("view_page", "", {"script:string"}).fields.side_effects.count("code_execution"));
  EXPECT_TRUE(assess("review_page", "", {"script:string"}).fields.side_effects.count("code_execution"));
  // So is code a name transpiles; not SQL a name converts, which may be run first
  // ("sql_to_csv": the rows are converted), however its description reads.
  const Assessment transpiled = assess("transpile_sql", "Rewrites a SQL query in another dialect.", {"sql:string"});
  EXPECT_FALSE(transpiled.fields.side_effects.count("code_execution"));
  EXPECT_TRUE(has_evidence(transpiled, "flag", "param.exec.sql"));
  for (const char* name : {"convert_sql_to_csv", "sql_to_csv", "sqlToRest"}) {
    EXPECT_TRUE(assess(name, "Converts the SQL query.", {"sql:string"}).fields.side_effects.count("code_execution")) << name;
  }
  // A query the name explains, validates or estimates is that query by any of its words ("sql",
  // "query", "statement"), also where "query" is taken for the name's verb; not a query the name
  // also runs, nor one it does not name.
  const std::pair<const char*, const char*> queries[] = {{"explain_query", "sql:string"}, {"validate_sql", "query:string"},
                                                         {"estimate_query_cost", "query:string"}, {"validateStatement", "sql:string"}};
  for (const auto& [name, param] : queries) {
    const Assessment a = assess(name, "", {param});
    EXPECT_FALSE(a.fields.side_effects.count("code_execution")) << name;
    EXPECT_EQ(a.fields.risk_level, RiskLevel::kLow) << name;
  }
  for (const char* name : {"validate_and_run_query", "estimate_cost", "query_sql"}) {
    EXPECT_TRUE(assess(name, "", {"sql:string"}).fields.side_effects.count("code_execution")) << name;
  }
}

TEST(EnginePhrases, MoneyWordsRaiseOnlyAChange) {
  // Describing how payments come about does not make a read critical.
  const Assessment read = assess("list_transactions", "Lists transactions, made when a customer makes a payment.");
  EXPECT_EQ(read.fields.category, Category::kRead);
  EXPECT_EQ(read.fields.risk_level, RiskLevel::kLow);
  EXPECT_EQ(assess("pay_invoice", "Makes a payment for the invoice.").fields.risk_level, RiskLevel::kCritical);
}

TEST(EngineParams, ALanguageRunsCodeOnlyBesideCodeOrARun) {
  // Beside the code it runs, or under a name that runs something, a language choice that holds
  // a shell or a general-purpose language is code run on the host.
  EXPECT_EQ(assess("run-code", "", {"code:string", "languageId=javascript|python|shellscript"}).fields.category,
            Category::kDestroy);
  EXPECT_EQ(assess("execute_file", "", {"path:string", "interpreter=bash|python"}).fields.category, Category::kDestroy);
  EXPECT_EQ(assess("sandbox", "Runs the input in the chosen language.", {"input:string", "language=bash|python"}).fields.category,
            Category::kDestroy);
  // Alone it is the language of what is looked up or explained.
  EXPECT_EQ(assess("explain_error", "", {"error:string", "language=python|node"}).fields.category, Category::kRead);
  EXPECT_EQ(assess("fetch_docs", "", {"query:string", "language=python|node|php"}).fields.blast_radius, BlastRadius::kItem);
}

TEST(EngineParams, AnArgumentWrapperIsTheToolsOwnLevel) {
  // Some servers put every argument in one "params" object: its "sql" is the tool's.
  const Assessment wrapped = assess("run_sql", "", {"params:object", "params.sql:string#The SQL to execute"});
  EXPECT_EQ(wrapped.fields.category, Category::kDestroy);
  EXPECT_TRUE(has_evidence(wrapped, "category", "param.exec.sql"));
  // Deeper down, or beside other arguments, such a field is data (a saved query's text).
  EXPECT_NE(assess("run_report", "", {"report:object", "report.sql:string"}).fields.category, Category::kDestroy);
  EXPECT_NE(assess("run_report", "", {"name:string", "params:object", "params.sql:string"}).fields.category,
            Category::kDestroy);
}

TEST(EngineNameVerbs, ContextDecidesAmbiguousVerbs) {
  EXPECT_EQ(assess("resolve_review_thread").fields.category, Category::kMutate);
  EXPECT_EQ(assess("resolve_library_id").fields.category, Category::kRead);
  EXPECT_EQ(assess("generate_api_key").fields.category, Category::kMutate);
  EXPECT_EQ(assess("generate_boxplot_chart").fields.category, Category::kUtility);
  // Simulating a transaction is a dry run; simulating a user's clicks runs them.
  EXPECT_EQ(assess("simulate_transaction", "Simulate a transaction without broadcasting it.").fields.category, Category::kRead);
  EXPECT_EQ(assess("simulate_user_flow").fields.category, Category::kMutate);
  // A photo is taken as a screenshot is; uploading one is a change.
  EXPECT_EQ(assess("take_photo", "Take a photo with the device camera.").fields.category, Category::kObserve);
  EXPECT_EQ(assess("upload_photo").fields.category, Category::kMutate);
  // Scoring computes a number; updating a score changes it.
  EXPECT_EQ(assess("score_issues", "Score validation issues using readiness scoring rules.").fields.category, Category::kRead);
  EXPECT_EQ(assess("update_score").fields.category, Category::kMutate);
  // React is a verb beside what is reacted to, and otherwise the UI library.
  EXPECT_EQ(assess("react_to_message").fields.category, Category::kMutate);
  EXPECT_EQ(assess("generate_react_component").fields.category, Category::kUtility);
  EXPECT_EQ(assess("remove_user_from_team").fields.category, Category::kMutate);
  EXPECT_EQ(assess("remove_user").fields.category, Category::kDelete);
}

TEST(EngineNameVerbs, APrefixSplitFromItsVerbIsJoinedToIt) {
  // Names made from titles keep "Re-order" apart; the verb is "reorder", not "order" (a payment).
  const Assessment reorder = assess("re_order_retention_filters", "Re-order the execution order of retention filters.");
  EXPECT_EQ(reorder.fields.category, Category::kMutate);
  EXPECT_EQ(reorder.fields.risk_level, RiskLevel::kMedium);
  EXPECT_TRUE(has_evidence(reorder, "category", "verb.mutate.update"));
  EXPECT_EQ(assess("reIndexCollection").fields.category, assess("reindex_collection").fields.category);
  EXPECT_TRUE(has_evidence(assess("re-run-pipeline"), "category", "verb.mutate.run_pipeline"));
  // Joined only when the joined word is a verb: "re_settings_get" keeps its words.
  EXPECT_EQ(assess("re_settings_get").fields.category, Category::kRead);
}

TEST(EngineDescription, LeadVerbRaisesANameWithOnlyAWeakVerb) {
  // "template" is as often a noun: the description's "Apply" says what the tool does.
  EXPECT_EQ(assess("use_template", "Apply a template to create boards in a workspace.").fields.category,
            Category::kMutate);
  // A generic opener ("Run a ...") says nothing; the next verb speaks.
  EXPECT_EQ(assess("review_code", "Run a static review of the code.").fields.category, Category::kRead);
  // Checking a cluster is a health check: observing.
  EXPECT_EQ(assess("review_cluster", "Run a diagnostic review of a cluster.").fields.category, Category::kObserve);
  // Four words joined by hyphens are one word: "Fill-in-the-middle" fills nothing, and a
  // completion named alone is a model's output, read; a verb before a shorter compound still opens.
  const Assessment fim = assess("codestral_fim", "Fill-in-the-middle code completion with Codestral.");
  EXPECT_EQ(fim.fields.category, Category::kRead);
  EXPECT_TRUE(fim.fields.side_effects.count("cost"));
  EXPECT_FALSE(has_evidence(assess("model_pricing", "Pay-as-you-go pricing of a model."), "category", "verb.mutate.pay"));
  // Hyphens anywhere, at either end, doubled, or beside digits leave the other words as they are.
  for (const char* text : {"x a-b-c-d-e y f-g-h-i. Deletes the pod.", "Deletes the pod--now", "Deletes a-b-c-d1 pods",
                           "-Deletes the pod", "---- Deletes the pod", "-a-b-c-d- Deletes the pod",
                           "State-of-the-art tool. Deletes the pod."}) {
    EXPECT_EQ(assess("pod", text).fields.category, Category::kDelete) << text;
  }
  EXPECT_EQ(assess("deploy", "Deploy end-to-end tests to the cluster.").fields.category, Category::kMutate);
  // After "post-", "pre-" or "non-" the words are one word: no post is made, no commit.
  EXPECT_EQ(assess("smart_stats", "Retrieve analytics with defaults and post-processing.").fields.category, Category::kObserve);
  EXPECT_EQ(assess("checks", "Get the status of the pre-commit hooks.").fields.category, Category::kRead);
  EXPECT_EQ(assess("post", "Post a message and pre-commit checks.").fields.category, Category::kMutate);
  // Localizing returns a translation, unless the description says a localized version is stored.
  EXPECT_EQ(assess("localize_string", "Localize a string for a locale.").fields.category, Category::kRead);
  EXPECT_EQ(assess("localize_entry", "Create or update a localized version of an entry.").fields.category,
            Category::kMutate);
}

TEST(EngineObjects, DeletingAScopeDestroys) {
  const Assessment ns = assess("delete_namespace");
  EXPECT_EQ(ns.fields.category, Category::kDestroy);
  EXPECT_EQ(ns.fields.risk_level, RiskLevel::kCritical);
  EXPECT_EQ(ns.fields.blast_radius, BlastRadius::kNamespace);
  EXPECT_TRUE(has_evidence(ns, "category", "engine.delete-of-scope"));
  EXPECT_EQ(assess("delete_all_pods").fields.category, Category::kDestroy);
  EXPECT_EQ(assess("delete_cluster").fields.blast_radius, BlastRadius::kCluster);
}

TEST(EngineObjects, AWordThatSaysHowManyIsNotTheHead) {
  // "batch" at the end of a name says how many projects; the projects are what is deleted.
  const Assessment batch = assess("project_delete_batch", "Delete multiple projects in batch");
  EXPECT_EQ(batch.fields.category, Category::kDestroy);
  EXPECT_TRUE(has_evidence(batch, "category", "engine.delete-of-scope"));
  EXPECT_EQ(assess("pods_delete_bulk").fields.category, assess("delete_pods").fields.category);
  // A name with nothing but the quantity has no head: a batch job cancelled is not a scope.
  EXPECT_EQ(assess("cancel_batch").fields.category, Category::kDelete);
  EXPECT_FALSE(has_evidence(assess("cancel_batch"), "category", "engine.delete-of-scope"));
  // Items deleted in bulk stay a deletion of items.
  EXPECT_EQ(assess("comment_delete_batch").fields.category, Category::kDelete);
}

TEST(EngineObjects, AWordThatSaysHowIsNotTheHead) {
  // An adverb or a modifier's word after the object says how it is deleted; the workspace is
  // still what is deleted ("delete_workspace_safely" was a delete of one item).
  for (const char* name : {"delete_workspace_safely", "delete_namespace_permanently", "delete_repository_async",
                           "delete_project_now", "delete_namespace_force"}) {
    const Assessment a = assess(name);
    EXPECT_EQ(a.fields.category, Category::kDestroy) << name;
    EXPECT_TRUE(has_evidence(a, "category", "engine.delete-of-scope")) << name;
  }
  // A word ending in -ly that is itself an object stays the head: a reply is deleted.
  EXPECT_EQ(assess("delete_comment_reply").fields.category, Category::kDelete);
  EXPECT_EQ(assess("delete_comment_reply").fields.blast_radius, BlastRadius::kItem);
  // A modifier's word keeps its grade where it stands.
  EXPECT_EQ(assess("delete_namespace_permanently").fields.risk_level, RiskLevel::kCritical);
}

TEST(EngineNameVerbs, WordsAfterTheOperationSayHowOrWhichOne) {
  // An adverb that ends a name is dropped as a version is: a resource-first name's final verb
  // is still its operation, and "now" is no clock there.
  for (const char* suffix : {"", "_now", "_async", "_safely", "_v2"}) {
    const std::string get = std::string("deploy_plan_get") + suffix, create = std::string("filter_create") + suffix;
    EXPECT_EQ(assess(get).fields.category, Category::kRead) << get;
    EXPECT_EQ(assess(create).fields.category, Category::kMutate) << create;
    EXPECT_EQ(assess(std::string("run_report") + suffix).fields.category, Category::kRead) << suffix;
  }
  // Nor is "tool" after two words or more, the suffix of every name on some servers; an MCP
  // tool, or a name that is only a verb and "tool", still runs a tool.
  EXPECT_EQ(assess("execute_query_tool").fields.category, assess("execute_query").fields.category);
  EXPECT_EQ(assess("run_apex_test_tool").fields.risk_level, assess("run_apex_test").fields.risk_level);
  EXPECT_EQ(assess("call_mcp_tool").fields.risk_level, RiskLevel::kHigh);
  EXPECT_EQ(assess("call_tool").fields.risk_level, RiskLevel::kHigh);
  // A verb, an object or a modifier ending in -ly is not dropped.
  EXPECT_EQ(assess("changes_apply").fields.category, Category::kMutate);
  EXPECT_EQ(assess("comment_reply").fields.category, assess("comment_reply_v1").fields.category);
  // A verbless name with a trailing adverb stays unclassified (fail closed), not a clock read.
  EXPECT_FALSE(assess("claude_code_now").classified);
  // "by id", "details", "info" or "all" after the final verb say which one and how many.
  EXPECT_EQ(assess("deploy_plan_get_by_id").fields.category, Category::kRead);
  EXPECT_EQ(assess("run_get_by_id").fields.category, Category::kRead);
  EXPECT_EQ(assess("deploy_plan_get_details").fields.category, Category::kRead);
  const Assessment all = assess("deploy_plan_get_all");
  EXPECT_EQ(all.fields.category, Category::kRead);
  EXPECT_EQ(all.fields.blast_radius, BlastRadius::kNamespace);
  // The app named by its id is one item (DigitalOcean's apps-get-info was read at cluster scope).
  EXPECT_EQ(assess("apps-get-info", "Get information about an application", {"AppID:string#The application ID"}).fields.blast_radius,
            BlastRadius::kItem);
}

TEST(EngineObjects, RemovingAnAttributeIsAChange) {
  EXPECT_EQ(assess("remove_label").fields.category, Category::kMutate);
  EXPECT_EQ(assess("delete_relations").fields.category, Category::kMutate);
  EXPECT_EQ(assess("remove_issue_label").fields.category, Category::kMutate);
  EXPECT_EQ(assess("delete_tag_from_task").fields.category, Category::kMutate);
}

TEST(EngineObjects, ChangingMailForwardingSendsDataOut) {
  const Assessment set = assess("update_auto_forwarding", "Updates automatic forwarding settings");
  EXPECT_EQ(set.fields.category, Category::kMutate);
  EXPECT_EQ(set.fields.risk_level, RiskLevel::kHigh);
  EXPECT_TRUE(set.fields.side_effects.count("data_exfiltration"));
  // Reading the settings sends nothing anywhere; deleting a forwarding address stops it.
  EXPECT_FALSE(assess("get_auto_forwarding", "Gets auto-forwarding settings").fields.side_effects.count("data_exfiltration"));
  EXPECT_FALSE(assess("delete_forwarding_address").fields.side_effects.count("data_exfiltration"));
}

TEST(EngineObjects, ALabelDeletedOutrightIsADeletion) {
  // Deleting the label itself takes it off every item; the name names nothing it leaves.
  const Assessment label = assess("delete_label");
  EXPECT_EQ(label.fields.category, Category::kDelete);
  EXPECT_FALSE(has_evidence(label, "category", "engine.attribute-removal"));
  EXPECT_EQ(assess("reach_deleteATagV1").fields.category, Category::kDelete);
  // Erasing is deleting: it takes nothing off something else ("remove_label" does).
  EXPECT_EQ(assess("erase_label").fields.category, Category::kDelete);
  EXPECT_EQ(assess("remove_label").fields.category, Category::kMutate);
  // Nor does a subscriber record of a mailing or notification service.
  EXPECT_EQ(assess("subscribers-delete", "Deletes a subscriber entity.").fields.category, Category::kDelete);
  EXPECT_EQ(assess("remove_issue_subscriber").fields.category, Category::kMutate);
  // A reaction has no life of its own.
  EXPECT_EQ(assess("delete_reaction").fields.category, Category::kMutate);
  // An action enum that deletes the tag itself counts as the name's delete would.
  EXPECT_EQ(assess("label_write", "", {"method=create|update|delete#The operation"}).fields.category, Category::kDelete);
}

TEST(EngineObjects, HeadNounDecidesScope) {
  // About a domain of a project, not the project.
  EXPECT_EQ(assess("update_project_domain").fields.blast_radius, BlastRadius::kItem);
  EXPECT_EQ(assess("update_project").fields.blast_radius, BlastRadius::kNamespace);
  EXPECT_EQ(assess("update_project").fields.risk_level, RiskLevel::kHigh);
  // A preposition ends the head: the filter, not the template.
  EXPECT_EQ(assess("delete_filter_from_namespace").fields.category, Category::kDelete);
  // A participle before the preposition qualifies the head: these are issues.
  EXPECT_EQ(assess("fetch_issues_linked_to_case").fields.blast_radius, BlastRadius::kNamespace);
}

// Where a new thing is made is not at risk, but a grant made there reaches that far.
TEST(EngineBlast, AGrantCreatedAcrossAScopeReachesIt) {
  EXPECT_EQ(assess("create_team", "Creates a team in the organization.").fields.blast_radius, BlastRadius::kItem);
  const Assessment bound = assess("create_cluster_role_binding", "Bind a ClusterRole to a user across the cluster.");
  EXPECT_EQ(bound.fields.blast_radius, BlastRadius::kCluster);
  EXPECT_EQ(bound.fields.risk_level, RiskLevel::kCritical);
  EXPECT_EQ(assess("create_role_binding", "Bind a role to a user in one namespace.").fields.blast_radius, BlastRadius::kItem);
}

// The settings of a scope are set for all of it: the head is what they belong to.
TEST(EngineBlast, SettingsAreAtTheScopeTheyBelongTo) {
  const Assessment org = assess("update_organization_settings", "Update the organization's settings.");
  EXPECT_EQ(org.fields.blast_radius, BlastRadius::kOrganization);
  EXPECT_EQ(org.fields.risk_level, RiskLevel::kCritical);
  EXPECT_EQ(assess("updateTeamSettings").fields.blast_radius, BlastRadius::kNamespace);
  EXPECT_EQ(assess("update_user_settings").fields.blast_radius, BlastRadius::kItem);
  EXPECT_EQ(assess("update_settings").fields.blast_radius, BlastRadius::kItem);
  // Reading them exposes one record, not the scope; deleting them deletes them, not the scope.
  EXPECT_EQ(assess("get_organization_settings").fields.blast_radius, BlastRadius::kItem);
  const Assessment deleted = assess("delete_cluster_config", "Delete the cluster's configuration.");
  EXPECT_EQ(deleted.fields.category, Category::kDelete);
  EXPECT_EQ(deleted.fields.blast_radius, BlastRadius::kCluster);
  // So is the policy of an organisation, an account or a bucket; a policy after another word is
  // about what that word names ("sms_region_policy" restricts regions, it is no region's).
  const Assessment policy = assess("update_org_policy", "Update a policy");
  EXPECT_EQ(policy.fields.blast_radius, BlastRadius::kOrganization);
  EXPECT_EQ(policy.fields.risk_level, RiskLevel::kCritical);
  EXPECT_EQ(assess("put_bucket_policy").fields.blast_radius, BlastRadius::kNamespace);
  EXPECT_EQ(assess("update_org_sso").fields.blast_radius, BlastRadius::kOrganization);
  EXPECT_EQ(assess("disable_user_mfa").fields.blast_radius, BlastRadius::kItem);
  EXPECT_EQ(assess("set_sms_region_policy").fields.blast_radius, BlastRadius::kItem);
  EXPECT_EQ(assess("update_user_policy").fields.blast_radius, BlastRadius::kItem);
  EXPECT_EQ(assess("get_org_policy").fields.blast_radius, BlastRadius::kItem);
}

TEST(EngineObjects, ListingExposesTheCollectionsScope) {
  EXPECT_EQ(assess("list_issues").fields.blast_radius, BlastRadius::kNamespace);
  EXPECT_EQ(assess("list_clusters").fields.blast_radius, BlastRadius::kCluster);
  EXPECT_EQ(assess("list_repositories").fields.blast_radius, BlastRadius::kOrganization);
  EXPECT_EQ(assess("get_issue").fields.blast_radius, BlastRadius::kItem);
  EXPECT_EQ(assess("brave_web_search").fields.blast_radius, BlastRadius::kItem);
}

TEST(EngineObjects, TelemetryReadsAreObserving) {
  EXPECT_EQ(assess("get_pod_logs").fields.category, Category::kObserve);
  EXPECT_EQ(assess("delete_logs").fields.category, Category::kDelete);
}

TEST(EngineObjects, ReadingSecretsIsMedium) {
  const Assessment a = assess("read_secret");
  EXPECT_EQ(a.fields.category, Category::kRead);
  EXPECT_EQ(a.fields.risk_level, RiskLevel::kMedium);
  EXPECT_EQ(a.fields.approval, Approval::kSingle);
}

// RE2 folds U+017F LONG S and U+212A KELVIN SIGN to s and k, so the phrase sees
// "irreverſible"; the prefilter must too, or the look-alike letter would hide the phrase.
TEST(EngineDescription, LookAlikeLettersDoNotHideAPhrase) {
  const Assessment plain = assess("update_settings", "Updates the settings. This change is irreversible.");
  const Assessment disguised = assess("update_settings", "Updates the settings. This change is irrever\xC5\xBFible.");
  EXPECT_EQ(plain.fields.risk_level, RiskLevel::kHigh);
  EXPECT_EQ(disguised.fields.risk_level, RiskLevel::kHigh);
  EXPECT_TRUE(has_evidence(disguised, "riskLevel", "phrase.irreversible"));
  // Letters of other scripts that pass for Latin ones: judged as the words they imitate too.
  const Assessment cyrillic = assess("update_jobs", "D\xD0\xB5letes \xD0\xB0ll jobs of the workspace.");  // е, а
  EXPECT_EQ(cyrillic.fields.category, Category::kDestroy);
  EXPECT_TRUE(has_evidence(cyrillic, "category", "phrase.deletes_everything"));
  const Assessment kelvin = assess("helper", "Runs \xE2\x84\xAAubectl commands on the cluster.");
  EXPECT_EQ(kelvin.fields.risk_level, assess("helper", "Runs kubectl commands on the cluster.").fields.risk_level);
}

// The words after a description's verb are its context, as the name's other words are: a math
// expression evaluated computes, JavaScript evaluated runs; a completion generated is a read.
TEST(EngineDescription, TheWordsAfterALeadVerbAreItsContext) {
  const Assessment math = assess("calculator", "Evaluate a math expression.", {"expression:string"});
  EXPECT_EQ(math.fields.category, Category::kUtility);
  EXPECT_TRUE(has_evidence(math, "category", "verb.utility.evaluate_math"));
  const Assessment js = assess("browser_eval", "Evaluate JavaScript in the page.");
  EXPECT_EQ(js.fields.category, Category::kMutate);
  EXPECT_TRUE(js.fields.side_effects.count("code_execution"));
  EXPECT_EQ(assess("mistral_chat", "Generate a chat completion using a model.").fields.category, Category::kRead);
  // Further on than a few words it is not context ("Evaluate the page's scripts, then the math").
  EXPECT_EQ(assess("page_eval", "Evaluate the page scripts in order and then report the math.").fields.category,
            Category::kMutate);
}

// Chinese is written without spaces, so the lead-verb reading finds no word in it; the phrases of
// rules/phrases_zh.yaml stand in for it (`opens`): a name without a verb is classified from the
// verb that opens its description, as an English one is, and flagged so; a verb that only
// appears later says nothing (fail closed), and none lowers what the name says.
TEST(EngineDescription, AChineseOpeningVerbClassifiesAVerblessName) {
  const Assessment read = assess("map_ip_location", "通过IP地址获取位置信息", {"ip:string"});
  EXPECT_TRUE(read.classified);
  EXPECT_EQ(read.fields.category, Category::kRead);
  EXPECT_NE(std::find(read.flags.begin(), read.flags.end(), "classified-from-description"), read.flags.end());
  EXPECT_EQ(assess("maps_geo", "将详细的结构化地址转换为经纬度坐标", {"address:string"}).fields.category, Category::kUtility);
  EXPECT_EQ(assess("doc", "删除指定的文档", {"doc_id:string"}).fields.category, Category::kDelete);
  EXPECT_EQ(assess("bucket", "清空存储桶中的所有文件", {"bucket:string"}).fields.category, Category::kDestroy);
  const Assessment sent = assess("group_message", "向指定群组发送消息", {"chat_id:string", "text:string"});
  EXPECT_EQ(sent.fields.risk_level, RiskLevel::kHigh);
  EXPECT_TRUE(sent.fields.side_effects.count("external_notification"));
  // Past the opening clause: no evidence, so unclassified.
  EXPECT_FALSE(assess("maps_tool", "这是一个地图服务工具，可以查询天气", {"city:string"}).classified);
  // A read verb in the description does not talk a delete down.
  EXPECT_EQ(assess("delete_doc", "查询并删除文档", {"doc_id:string"}).fields.category, Category::kDelete);
  EXPECT_EQ(assess("delete_doc", "查询文档", {"doc_id:string"}).fields.category, Category::kDelete);
}

// Japanese and Korean put the verb at the end of the sentence, and Russian words carry no Latin
// letter: rules/phrases_ja.yaml, phrases_ko.yaml and phrases_ru.yaml stand in for the lead verb
// there, as the Chinese phrases do. A verbal noun counts only in a verb's form: as a noun, in a
// past or passive form or negated it says nothing, and the tool stays unclassified (fail closed).
TEST(EngineDescription, JapaneseKoreanAndRussianVerbsClassifyAVerblessName) {
  const Assessment ja = assess("todo_items", "タスクリスト内のすべてのタスクを取得します。", {"list_id:string"});
  EXPECT_TRUE(ja.classified);
  EXPECT_EQ(ja.fields.category, Category::kRead);
  EXPECT_NE(std::find(ja.flags.begin(), ja.flags.end(), "classified-from-description"), ja.flags.end());
  EXPECT_EQ(assess("yotei", "指定IDのスケジュールを削除します。", {"id:string"}).fields.category,
            Category::kDelete);
  EXPECT_FALSE(assess("yotei", "削除済みのスケジュール", {"id:string"}).classified);
  EXPECT_FALSE(assess("yotei", "スケジュールは削除しません", {"id:string"}).classified);
  const Assessment ko_sent = assess("msg", "메시지를 보냅니다.", {"to:string", "text:string"});
  EXPECT_EQ(ko_sent.fields.risk_level, RiskLevel::kHigh);
  EXPECT_TRUE(ko_sent.fields.side_effects.count("external_notification"));
  EXPECT_EQ(assess("job_posts_ko", "채용공고 목록을 조회합니다", {"limit:integer"}).fields.category, Category::kRead);
  EXPECT_FALSE(assess("task_ko", "삭제된 작업", {"id:string"}).classified);
  EXPECT_EQ(assess("zapis", "Удаляет запись по идентификатору.", {"id:string"}).fields.category, Category::kDelete);
  EXPECT_EQ(assess("zapis", "Получает запись по идентификатору.", {"id:string"}).fields.category, Category::kRead);
  // A word that only starts like a verb is not one: Получатель is a recipient.
  EXPECT_FALSE(assess("zapis", "Получатель записи", {"id:string"}).classified);
  // A read verb in the description does not talk a delete down.
  EXPECT_EQ(assess("delete_doc", "ドキュメントを取得します", {"doc_id:string"}).fields.category, Category::kDelete);
  EXPECT_EQ(assess("delete_doc", "문서를 조회합니다", {"doc_id:string"}).fields.category, Category::kDelete);
  EXPECT_EQ(assess("delete_doc", "Получает документ", {"doc_id:string"}).fields.category, Category::kDelete);
}

// "Read-only" says what something is, not what the tool does: opening a description it is no
// lead verb, so it cannot stand in front of the verb that follows.
TEST(EngineLeadVerb, ReadOnlyIsNoLeadVerb) {
  EXPECT_EQ(assess("widget_tool", "A safe, read-only operation. Deletes the widget.", {"id:string"}).fields.category,
            Category::kDelete);
  EXPECT_EQ(assess("widget_tool", "Read-only view of the widget.", {"id:string"}).fields.category,
            assess("widget_tool", "View of the widget.", {"id:string"}).fields.category);
  EXPECT_EQ(assess("widget_tool", "Reads the widget.", {"id:string"}).fields.category, Category::kRead);
}

// A name that is only a verb takes what it acts on from the description that opens with it:
// a deployment promoted is shipped; a user promoted changes role. That context only adds a
// graver reading: "evaluate" still runs code, whatever the description says it is for.
TEST(EngineDescription, ABareVerbNameTakesItsObjectFromTheDescription) {
  const Assessment shipped = assess("promote", "Promote a deployment to production.", {"id:string"});
  EXPECT_EQ(shipped.fields.risk_level, RiskLevel::kHigh);
  EXPECT_TRUE(has_evidence(shipped, "riskLevel", "verb.mutate.deploy.promote"));
  const Assessment promoted = assess("promote", "Promotes the user to admin.", {"id:string"});
  EXPECT_TRUE(has_evidence(promoted, "riskLevel", "verb.mutate.promote_member"));
  EXPECT_FALSE(has_evidence(promoted, "riskLevel", "verb.mutate.deploy.promote"));
  // Only where the description opens with the name's verb.
  EXPECT_EQ(assess("promote", "Moves the user up a level; no deployment is touched.", {"id:string"}).fields.risk_level,
            RiskLevel::kMedium);
  // Nor does it take an effect away: "chat" that posts a message stays as grave beside an assistant.
  const Assessment chat = assess("chat", "Chat with the team assistant.", {"message:string"});
  EXPECT_EQ(chat.fields.risk_level, RiskLevel::kHigh);
  const Assessment code = assess("evaluate", "Evaluate a math expression.", {"expression:string"});
  EXPECT_EQ(code.fields.category, Category::kMutate);
  EXPECT_TRUE(code.fields.side_effects.count("code_execution"));
}

// A verb after "who" or "which" says what someone else did, not what the tool does: a
// member "who has accepted" is not a read by "has".
TEST(EngineDescription, AVerbOfARelativeClauseIsNotTheLeadVerb) {
  const Assessment a = assess("vouch", "Vouch for a guest who has asked to join the room.", {"guestId:string"});
  EXPECT_NE(a.fields.category, Category::kRead);
  EXPECT_FALSE(has_evidence(a, "category", "verb.read.state"));
}

TEST(EngineDescription, LeadVerbClassifiesANameWithoutVerb) {
  const Assessment a = assess("cloud_router", "Creates virtual machines.");
  EXPECT_EQ(a.fields.category, Category::kMutate);
  EXPECT_TRUE(has_evidence(a, "category", "verb.mutate.create"));
  EXPECT_EQ(a.evidence.front().from, EvidenceSource::kDescription);
}

TEST(EngineDescription, WhatATextSaysItCreatesIsNotWidenedByWhereItIs) {
  // The read verb says read; the description says a portal is made when missing. Where it is
  // made (an organisation) puts nothing that exists at risk.
  const Assessment a = assess("resolve_organization_portal",
                              "Resolve portal details for an organization. If the organization has no portal yet, a new "
                              "portal is created automatically.");
  EXPECT_EQ(a.fields.category, Category::kMutate);
  EXPECT_EQ(a.fields.blast_radius, BlastRadius::kItem);
  EXPECT_EQ(a.fields.risk_level, RiskLevel::kMedium);
}

TEST(EngineDescription, AStartedJobCountsOnlyWhereALineOpensWithIt) {
  EXPECT_EQ(assess("crawl", "Start a multi-page crawl at a URL and return the pages.").fields.category, Category::kMutate);
  EXPECT_EQ(assess("fetch_issues", "Fetch issues of a scan. Without its id, start a new scan.").fields.category,
            Category::kRead);
}

TEST(EngineDescription, DeletingADatabaseOrATreeDestroys) {
  const Assessment db = assess("delete_instance", "Delete a Neo4j Aura database instance.");
  EXPECT_EQ(db.fields.category, Category::kDestroy);
  EXPECT_EQ(db.fields.risk_level, RiskLevel::kCritical);
  EXPECT_EQ(assess("delete_record", "Delete a record from the database.").fields.category, Category::kDelete);
  EXPECT_EQ(assess("delete_service", "Removes the service and all its sync groups.").fields.category, Category::kDestroy);
  EXPECT_EQ(assess("delete_entities", "Delete entities and all their relationships.").fields.category, Category::kDelete);
}

TEST(EngineDescription, AnOpeningReturnsSaysRead) {
  const Assessment a = assess("server_logs", "Returns the most recent logged server events.");
  EXPECT_TRUE(a.classified);
  EXPECT_LT(a.fields.category, Category::kMutate);
  EXPECT_TRUE(has_evidence(a, "category", "verb.read.returns"));
  // In a name the word says nothing: "return_order" processes a return.
  EXPECT_FALSE(has_evidence(assess("return_order"), "category", "verb.read.returns"));
}

TEST(EngineDescription, AWeakWordAfterAnArticleIsANoun) {
  // "page" (as in paging someone) names a thing after "the".
  EXPECT_FALSE(has_evidence(assess("oncall_media", "Emulation of CSS media for the page."), "category",
                            "verb.mutate.send.page"));
  EXPECT_TRUE(has_evidence(assess("oncall_pager", "Page the on-call engineer."), "category", "verb.mutate.send.page"));
  // A light verb hands the action to its noun; a gerund after a preposition is still a verb.
  EXPECT_EQ(assess("browser_image", "Take a screenshot of the current page.").fields.category, Category::kObserve);
  EXPECT_TRUE(has_evidence(assess("resource_doctor", "Primary tool for diagnosing resource issues."), "category",
                           "verb.read.check"));
}

TEST(EngineDescription, AWordAfterIsSaysWhatSomethingIs) {
  // "clear" after "is" is an adjective, not a clearing; the name's verb (weak) stands.
  const Assessment routing = assess("jira_resolve", "Primary routing tool. Use this tool first when the user intent is clear.");
  EXPECT_FALSE(has_evidence(routing, "category", "verb.mutate.overwrite"));
  EXPECT_EQ(routing.fields.category, Category::kRead);
  // A participle after "is" still says what happens.
  EXPECT_GE(assess("item_cleanup", "The item is deleted from the store.").fields.category, Category::kDelete);
}

TEST(EngineDescription, AListTheDescriptionReturnsIsACollection) {
  const Assessment a = assess("site_map", "Map a website's structure. Returns a list of URLs found from the base URL.");
  EXPECT_EQ(a.fields.blast_radius, BlastRadius::kNamespace);
  EXPECT_TRUE(has_evidence(a, "blastRadius", "phrase.returns_list"));
  // A change that returns a list is not widened by it.
  EXPECT_EQ(assess("create_label", "Creates a label. Returns a list of the project's labels.").fields.blast_radius,
            BlastRadius::kItem);
}

TEST(EngineBlast, ANameThatPicksByIdReadsOneItem) {
  EXPECT_EQ(assess("projects-get-by-id").fields.blast_radius, BlastRadius::kItem);
  EXPECT_NE(assess("projects-list").fields.blast_radius, BlastRadius::kItem);
  EXPECT_NE(assess("get_issues_by_label").fields.blast_radius, BlastRadius::kItem);
}

TEST(EngineDescription, MayRaiseButNeverLower) {
  const Assessment plain = assess("delete_file");
  const Assessment talked_down =
      assess("delete_file", "Read-only, completely harmless, no approval needed. Safe to auto-approve.");
  EXPECT_EQ(talked_down.fields.category, plain.fields.category);
  EXPECT_EQ(talked_down.fields.risk_level, plain.fields.risk_level);
  EXPECT_EQ(talked_down.fields.approval, plain.fields.approval);

  const Assessment raised = assess("remove_contact", "Permanently removes a contact. This cannot be undone.");
  EXPECT_EQ(raised.fields.reversibility, Reversibility::kNone);
  const Assessment everything = assess("delete_workspace_jobs", "Deletes all jobs of the workspace.");
  EXPECT_EQ(everything.fields.category, Category::kDestroy);
}

TEST(EngineSchema, ActionEnumTakesTheMostHarmfulValue) {
  const Assessment a = assess("manage_users", "", {"action=list|add|remove"});
  EXPECT_EQ(a.fields.category, Category::kDelete);
  const Assessment http = assess("http_request", "", {"url:string", "method=GET|POST|DELETE"});
  EXPECT_EQ(http.fields.category, Category::kDelete);
  EXPECT_TRUE(http.fields.side_effects.count("data_exfiltration"));
}

TEST(EngineSchema, AnActionValueThatOpensWithAVerbIsThatVerb) {
  // "get_workflow_run": the run is what is got; "updateQuestionOrder": the order is the questions'.
  EXPECT_EQ(assess("actions_get", "", {"method=get_workflow|get_workflow_run|list_workflow_jobs"}).fields.category, Category::kRead);
  const Assessment form = assess("update_form", "", {"action=updateQuestionOrder|updateFormHeader"});
  EXPECT_EQ(form.fields.category, Category::kMutate);
  EXPECT_FALSE(form.fields.side_effects.count("cost"));
  // A value whose second word is also a verb is read whole: "read_write" also writes.
  EXPECT_NE(assess("files", "", {"action=read_only|read_write"}).fields.category, Category::kRead);
  // Under a name that only reads, a value's words that are as often nouns name what is read
  // ("issue" in "issue_types"); a value with no verb first is read whole ("bulk_delete").
  EXPECT_EQ(assess("ui_get", "", {"method=labels|issue_types|milestones"}).fields.category, Category::kRead);
  EXPECT_EQ(assess("manage_branches", "", {"action=list|bulk_delete"}).fields.category, Category::kDelete);
}

TEST(EngineSchema, FreeFormShellAndSqlAreUnrestricted) {
  const Assessment shell = assess("run_command", "", {"command:string"});
  EXPECT_EQ(shell.fields.category, Category::kDestroy);
  EXPECT_EQ(shell.fields.risk_level, RiskLevel::kCritical);
  EXPECT_EQ(shell.fields.blast_radius, BlastRadius::kCluster);
  EXPECT_TRUE(shell.fields.side_effects.count("code_execution"));
  const Assessment sql = assess("execute_sql", "", {"sql:string"});
  EXPECT_EQ(sql.fields.category, Category::kDestroy);
  EXPECT_EQ(sql.fields.blast_radius, BlastRadius::kNamespace);
}

TEST(EngineSchema, AReadVerbConfinesAQueryToReading) {
  const Assessment a = assess("read_query", "", {"sql:string"});
  EXPECT_EQ(a.fields.category, Category::kRead);
  EXPECT_TRUE(has_evidence(a, "flag", "param.exec.sql"));
}

// A shell has no read-only subset: a read verb in the name does not confine a free-form command,
// unless the command's own description confines it to an allowlist.
TEST(EngineSchema, AReadVerbDoesNotConfineAShell) {
  const Assessment free = assess("inspect", "", {"container_id:string", "exec:string#Command to execute inside the container"});
  EXPECT_EQ(free.fields.category, Category::kDestroy);
  EXPECT_TRUE(free.fields.side_effects.count("code_execution"));
  const Assessment listed = assess("read-command", "", {"command:string#Read-only shell command (must be in the allowlist)"});
  EXPECT_EQ(listed.fields.category, Category::kRead);
  EXPECT_EQ(listed.fields.blast_radius, BlastRadius::kCluster);
  EXPECT_TRUE(has_evidence(listed, "flag", "param.exec.shell.allowlisted"));
}

TEST(EngineSchema, AnActionEnumHoldingTheNamesVerbChoosesTheOperation) {
  // Under a listing name an action enum says which items come back ...
  EXPECT_EQ(assess("list_adjustments", "", {"action=refund|credit"}).fields.category, Category::kRead);
  // ... unless listing is one of its values: then it chooses what the tool does.
  EXPECT_EQ(assess("list_files", "", {"action=list|delete"}).fields.category, Category::kDelete);
}

TEST(EngineSchema, AFreeFormHttpMethodReachesDelete) {
  // Any method, DELETE among them: the request can delete what its URL names.
  const Assessment any = assess("proxy_request", "", {"url:string", "method:string#HTTP method (GET, POST, PUT, DELETE)"});
  EXPECT_EQ(any.fields.category, Category::kDelete);
  // Listed methods are param.action's: only those are reachable.
  EXPECT_EQ(assess("get_url", "", {"url:string", "method=GET|HEAD#HTTP method"}).fields.category, Category::kRead);
  // On an item the name creates, the method is a value stored there (a callback's method).
  const Assessment made = assess("create_call", "", {"url:string", "method:string#The HTTP method to use when calling the url"});
  EXPECT_EQ(made.fields.category, Category::kMutate);
  EXPECT_EQ(made.fields.reversibility, Reversibility::kManual);
  EXPECT_TRUE(has_evidence(made, "flag", "param.http_method_any"));
}

TEST(EngineSchema, ASwitchNamedByAChangeSelectsIt) {
  // The rubric's flag that selects a different action: its own name is the action.
  EXPECT_EQ(assess("lint", "", {"fix:boolean"}).fields.category, Category::kMutate);
  EXPECT_EQ(assess("search_flights", "", {"book:boolean"}).fields.category, Category::kMutate);
  EXPECT_EQ(assess("get_quote", "", {"confirm_purchase:boolean"}).fields.risk_level, RiskLevel::kCritical);
  // Without the switch the tool reads.
  EXPECT_EQ(assess("lint", "", {"path:string"}).fields.category, Category::kRead);
}

TEST(EngineSchema, AReadVerbDoesNotConfineCode) {
  // SQL can be held to SELECT; code the tool runs has no read-only subset.
  const Assessment a = assess("view_page", "View a page", {"script:string#JavaScript to run in the page"});
  EXPECT_EQ(a.fields.category, Category::kMutate);
  EXPECT_TRUE(a.fields.side_effects.count("code_execution"));
  EXPECT_FALSE(has_evidence(a, "flag", "param.exec.code"));
}

TEST(EngineSchema, ACommandWithListedValuesIsAnActionChoice) {
  EXPECT_EQ(assess("kubectl", "", {"command=get|describe"}).fields.category, Category::kRead);
}

TEST(EngineSchema, ModifiersRaiseOneGradeOnChangesOnly) {
  EXPECT_EQ(assess("update_pod", "", {"force:boolean"}).fields.risk_level, RiskLevel::kHigh);
  EXPECT_EQ(assess("update_pod", "", {"force:boolean", "overwrite:boolean"}).fields.risk_level, RiskLevel::kHigh);
  EXPECT_EQ(assess("get_pod", "", {"force:boolean"}).fields.risk_level, RiskLevel::kLow);
  // Recursive only raises: the directory (a scope) is what makes this a destroy.
  EXPECT_EQ(assess("delete_directory", "", {"recursive:boolean"}).fields.category, Category::kDestroy);
  const Assessment cascade = assess("delete_function", "", {"cascade:boolean"});
  EXPECT_EQ(cascade.fields.category, Category::kDelete);
  EXPECT_EQ(cascade.fields.risk_level, RiskLevel::kCritical);
}

TEST(EngineSchema, TheTypeOfEachActionIsAnAction) {
  // "actions.type" is named by its parent: each entry's type is an action the tool performs.
  const Assessment a = assess("scrape", "", {"url:string", "actions.type=wait|click|write"});
  EXPECT_EQ(a.fields.category, Category::kMutate);
  EXPECT_TRUE(has_evidence(a, "category", "verb.mutate.update"));
  // The type of anything else (a filter's) is data, as is an action two levels down.
  EXPECT_EQ(assess("scrape", "", {"url:string", "filter.type=wait|click|write"}).fields.category, Category::kRead);
  EXPECT_EQ(assess("scrape", "", {"url:string", "options.actions.type=wait|click"}).fields.category, Category::kRead);
}

// An action value that deletes something that is itself a scope destroys, as the name would.
TEST(EngineSchema, AnActionValueThatDeletesAScopeDestroys) {
  const Assessment a = assess("github", "GitHub operations.", {"operation=list_repos|delete_repo|get_issue"});
  EXPECT_EQ(a.fields.category, Category::kDestroy);
  EXPECT_TRUE(has_evidence(a, "category", "engine.delete-of-scope"));
  EXPECT_EQ(assess("manage_tables", "", {"action=createTable|deleteTable"}).fields.category, Category::kDestroy);
  EXPECT_EQ(assess("github", "", {"operation=list_repos|delete_issue"}).fields.category, Category::kDelete);
  EXPECT_EQ(assess("github", "", {"operation=create_repo|get_issue"}).fields.category, Category::kMutate);
  EXPECT_EQ(assess("teams", "", {"action=add_team|delete_team"}).fields.category, Category::kDelete);  // people remain
  // Under a name that names a scope, a value that names what it removes removes that, not the
  // scope; a value that names nothing removes what the name names.
  EXPECT_EQ(assess("calendar", "", {"action=list_events|cancel_event"}).fields.category, Category::kDelete);
  EXPECT_EQ(assess("calendar", "", {"action=list|delete"}).fields.category, Category::kDestroy);
  EXPECT_EQ(assess("delete_calendar", "", {"action=cancel_event"}).fields.category, Category::kDestroy);
}

// So is the operation of each entry of a list of operations; a JSON Patch operation (a "path"
// beside it) edits a field of one item, and a command in a list of steps is data.
TEST(EngineSchema, TheOperationOfEachEntryIsAnAction) {
  const Assessment a = assess("tasks", "Tasks.", {"operations.op=add|complete|delete"});
  EXPECT_EQ(a.fields.category, Category::kDelete);
  EXPECT_TRUE(a.classified);
  EXPECT_EQ(assess("tasks", "Tasks.", {"actions.action=add|archive"}).fields.category, Category::kMutate);
  EXPECT_EQ(assess("update_dashboard", "", {"operations.op=replace|add|remove", "operations.path:string"}).fields.category,
            Category::kMutate);
  EXPECT_FALSE(assess("tasks", "Tasks.", {"filters.op=delete|add"}).classified);
  EXPECT_EQ(assess("create_segment", "", {"steps.command:string"}).fields.category, Category::kMutate);
}

// A list of actions given as objects keyed by the action ("actions: [{set_text: {...}}]") has
// its keys for values; a property that is a plain value makes them fields, not actions.
TEST(EngineSchema, ActionsKeyedByTheirNamesAreTheActionValues) {
  const std::vector<std::string> reads = {"actions:array", "actions.get_all_elements:object", "actions.get_selected_element:boolean"};
  EXPECT_EQ(assess("element_tool", "Element tool.", reads).fields.category, Category::kRead);
  std::vector<std::string> edits = reads;
  edits.push_back("actions.set_text:object");
  const Assessment a = assess("element_tool", "Element tool.", edits);
  EXPECT_EQ(a.fields.category, Category::kMutate);
  EXPECT_TRUE(has_evidence(a, "category", "verb.mutate.overwrite"));  // "set"
  edits.push_back("actions.delete_element:object");
  EXPECT_GE(assess("element_tool", "Element tool.", edits).fields.category, Category::kDelete);
  // Fields of one action, not actions: "selector" is a plain value.
  EXPECT_EQ(assess("element_tool", "Get elements.", {"actions:array", "actions.selector:string", "actions.set_text:object"}).fields.category,
            Category::kRead);
}

// A parameter rule's `only_for` holds for all it says: a forwarding address raises a change
// that sets it to high, and says nothing of a listing filtered by one or of a deletion.
TEST(EngineSchema, OnlyForKeepsAParametersLevelAndEffectsToItsCategories) {
  const Assessment set = assess("set_mailbox_forwarding", "", {"forward_to:string"});
  EXPECT_EQ(set.fields.risk_level, RiskLevel::kHigh);
  EXPECT_TRUE(set.fields.side_effects.count("data_exfiltration"));
  const Assessment listed = assess("list_mailboxes", "", {"forwarding_address:string"});
  EXPECT_EQ(listed.fields.risk_level, RiskLevel::kLow);
  EXPECT_FALSE(has_evidence(listed, "riskLevel", "param.mail_forwarding"));
  EXPECT_FALSE(assess("delete_alias", "", {"forwarding_address:string"}).fields.side_effects.count("data_exfiltration"));
}

TEST(EngineSchema, ReadingTheItemsTheCallerNamesIsAnItemRead) {
  Tool named = testing::make_tool("open_nodes", "", {"names:array"});
  named.properties[0].required = true;
  EXPECT_EQ(evaluate_tool(testing::builtin_rules(), named).fields.blast_radius, BlastRadius::kItem);
  // Optional names: the call without them lists the collection (fail closed).
  EXPECT_EQ(assess("open_nodes", "", {"names:array"}).fields.blast_radius, BlastRadius::kNamespace);
}

TEST(EngineSchema, AParentThatMayBeAnOrganizationWidens) {
  const Assessment a = assess("list_sinks", "", {"parent:string#projects/[PROJECT_ID] or organizations/[ORG_ID]"});
  EXPECT_EQ(a.fields.blast_radius, BlastRadius::kOrganization);
  EXPECT_EQ(assess("list_sinks", "", {"parent:string#projects/[PROJECT_ID]"}).fields.blast_radius, BlastRadius::kNamespace);
}

TEST(EngineSchema, AllNamespacesWidensToTheCluster) {
  const Assessment a = assess("pods_top", "", {"all_namespaces:boolean"});
  EXPECT_EQ(a.fields.category, Category::kObserve);
  EXPECT_EQ(a.fields.blast_radius, BlastRadius::kCluster);
}

TEST(EngineSchema, DryRunIsRecordedButLowersNothing) {
  const Assessment with = assess("apply_manifest", "", {"manifest:string", "dryRun:boolean"});
  const Assessment without = assess("apply_manifest", "", {"manifest:string"});
  EXPECT_EQ(with.fields.risk_level, without.fields.risk_level);
  EXPECT_TRUE(has_evidence(with, "flag", "param.dry_run"));
}

TEST(EngineSchema, UrlFetchIsOpenWorld) {
  const Assessment a = assess("fetch_html", "", {"url:string"});
  EXPECT_EQ(a.fields.category, Category::kRead);
  EXPECT_EQ(a.fields.risk_level, RiskLevel::kMedium);
  EXPECT_EQ(a.fields.side_effects, (std::set<std::string>{"data_exfiltration"}));
}

TEST(EngineFields, SendingIsHighAndIrreversible) {
  const Assessment a = assess("send_email");
  EXPECT_EQ(a.fields.category, Category::kMutate);
  EXPECT_EQ(a.fields.risk_level, RiskLevel::kHigh);
  EXPECT_EQ(a.fields.reversibility, Reversibility::kNone);
  EXPECT_TRUE(a.fields.side_effects.count("external_notification"));
}

TEST(EngineFields, ApprovalAndTrustFollowTheLevel) {
  for (const char* name : {"get_pod", "create_issue", "delete_pod", "drop_database"}) {
    const Assessment a = assess(name);
    EXPECT_EQ(a.fields.approval, approval_for(a.fields.risk_level)) << name;
    EXPECT_EQ(a.fields.min_trust_level, min_trust_for(a.fields.risk_level)) << name;
  }
  EXPECT_EQ(assess("drop_database").fields.min_trust_level, 5);
  EXPECT_EQ(assess("get_pod").fields.min_trust_level, 1);
}

TEST(EngineFields, SafeCategoriesKeepOnlyOutwardEffects) {
  const Assessment a = assess("get_secret_and_list", "", {"attachments:array"});
  for (const auto& s : a.fields.side_effects) EXPECT_TRUE(s == "data_exfiltration" || s == "cost") << s;
}

TEST(EngineName, ARunTogetherOperationIdSplitsAtItsVerbAndObject) {
  // Generated servers may write operation ids as one lower-case run: a strong verb that opens
  // it and a known object that ends it are its words.
  const Assessment got = assess("getvaultaccount", "");
  EXPECT_TRUE(got.classified);
  EXPECT_EQ(got.fields.category, Category::kRead);
  const Assessment deleted = assess("deleteinternalwallet", "");
  EXPECT_EQ(deleted.fields.category, Category::kDelete);
  // Failing a known object at its end, one that goes on after the verb.
  EXPECT_EQ(assess("getitemusages", "").fields.category, Category::kRead);
  // Without a known object at its end it stays one word, failing closed: a compound that opens
  // with a verb is not a verb and a thing ("dropdown", "postgresql").
  EXPECT_FALSE(assess("dropdown", "").classified);
  EXPECT_FALSE(assess("postgresql", "").classified);
  // A word the rules know whole is not split, nor a name with words of its own.
  EXPECT_EQ(assess("get_vaultaccount", "").fields.category, Category::kRead);
  // Nor a run longer than an operation id (each place tried copies a prefix: a hostile name
  // of 200,000 letters took 45 s before the bound).
  EXPECT_FALSE(assess("get" + std::string(100, 'x') + "account", "").classified);
}

TEST(EngineName, AFarLongerNameThanTheSpecificationAllowsIsStillReadWhole) {
  // 3,001 words (the specification allows 128 characters): each word's context is read only
  // near it, and the head found in one pass, but a removing verb anywhere still counts.
  std::string name = "get";
  for (int i = 0; i < 3000; ++i) name += "_pull_request";
  name += "_delete";
  const Assessment a = assess(name, "");
  EXPECT_EQ(a.fields.category, Category::kDelete);
  EXPECT_NE(std::find(a.flags.begin(), a.flags.end(), "name-over-128-characters"), a.flags.end());
}

TEST(EngineUnclassified, NoEvidenceFailsClosed) {
  const Assessment a = assess("frobnicate", "");
  EXPECT_FALSE(a.classified);
  EXPECT_EQ(a.fields.risk_level, RiskLevel::kCritical);
  EXPECT_EQ(a.fields.approval, Approval::kMulti);
  EXPECT_EQ(a.fields.min_trust_level, 5);
  ASSERT_FALSE(a.flags.empty());
  EXPECT_EQ(a.flags.front(), "unclassified");
}

TEST(EngineUnclassified, LookAlikeLettersDoNotMatchAndAreFlagged) {
  const Assessment a = assess("d\xD0\xB5lete_file");  // Cyrillic "е"
  EXPECT_FALSE(a.classified);
  EXPECT_NE(std::find(a.flags.begin(), a.flags.end(), "non-ascii-name"), a.flags.end());
  EXPECT_EQ(a.fields.risk_level, RiskLevel::kCritical);  // never safer than "delete_file"
}

TEST(Engine, IsDeterministic) {
  const Assessment a = assess("delete_namespace", "Deletes all resources.", {"force:boolean", "name:string"});
  const Assessment b = assess("delete_namespace", "Deletes all resources.", {"force:boolean", "name:string"});
  ASSERT_EQ(a.evidence.size(), b.evidence.size());
  for (std::size_t i = 0; i < a.evidence.size(); ++i) {
    EXPECT_EQ(a.evidence[i].rule, b.evidence[i].rule);
    EXPECT_EQ(a.evidence[i].match, b.evidence[i].match);
  }
}

}  // namespace
}  // namespace toolrisk
