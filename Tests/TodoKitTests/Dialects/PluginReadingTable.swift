/// Task lines from the Obsidian Tasks plugin's own tests and documentation, each with the fields the plugin
/// reads from it and where it comes from (obsidian-tasks-group/obsidian-tasks at cc0fce3):
///
/// - `DTS` tests/TaskSerializer/DefaultTaskSerializer.test.ts (the body after `- [ ] ` is what it deserializes)
/// - `DVS` tests/TaskSerializer/DataviewTaskSerializer.test.ts
/// - `TT` tests/Task/Task.test.ts
/// - `TEF`, `DVF`, `ATF` docs/Reference/Task Formats/ Tasks Emoji Format.md, Dataview Format.md, About Task Formats.md
/// - `RT`, `OC`, `TD`, `DT`, `PR`, `TG`, `GF` docs/Getting Started/ Recurring Tasks.md, On Completion.md,
///   Task Dependencies.md, Dates.md, Priority.md, Tags.md, Global Filter.md
///
/// Expected fields are written `key=value; key=value`: `due`, `scheduled`, `start`, `created`, `done`,
/// `cancelled` (dates), `priority` (a level), `rec` (a rule the plugin reads), `badrec` (text it takes as a rule
/// but cannot read), `oc` (on completion), `id`, `dependsOn` (comma list), `tags` (comma list, no `#`), `desc`
/// (the plugin's description: the text before the fields, then the `#tags` found among them), `link` (block
/// link). A field not named must be absent.
struct PluginReadingRow {
    var source: String
    var line: String
    var expected: String
}

enum PluginReadingTable {
    static let rows: [PluginReadingRow] = explicit + dataviewWhitespace

    static let explicit: [PluginReadingRow] = [
        // DefaultTaskSerializer.test.ts, "deserialize"
        .init(source: "DTS should parse an empty string", line: "- [ ] ", expected: "desc="),
        .init(source: "DTS should parse a startDate", line: "- [ ] 🛫 2021-06-20", expected: "start=2021-06-20"),
        .init(source: "DTS should parse a createdDate", line: "- [ ] ➕ 2021-06-20", expected: "created=2021-06-20"),
        .init(source: "DTS should parse a scheduledDate", line: "- [ ] ⏳ 2021-06-20", expected: "scheduled=2021-06-20"),
        .init(source: "DTS should parse a dueDate", line: "- [ ] 📅 2021-06-20", expected: "due=2021-06-20"),
        .init(source: "DTS should parse a doneDate", line: "- [x] ✅ 2021-06-20", expected: "done=2021-06-20"),
        .init(source: "DTS scheduledDate with non-standard emoji", line: "- [ ] ⌛ 2021-06-20", expected: "scheduled=2021-06-20"),
        .init(source: "DTS scheduledDate with Variation Selector", line: "- [ ] ⏳\u{FE0F} 2024-11-18", expected: "scheduled=2024-11-18"),
        .init(source: "DTS dueDate with non-standard emoji 1", line: "- [ ] 📆 2021-06-20", expected: "due=2021-06-20"),
        .init(source: "DTS dueDate with non-standard emoji 2", line: "- [ ] 🗓 2021-06-20", expected: "due=2021-06-20"),
        .init(source: "DTS should parse a priority (Highest)", line: "- [ ] 🔺", expected: "priority=highest"),
        .init(source: "DTS should parse a priority (High)", line: "- [ ] ⏫", expected: "priority=high"),
        .init(source: "DTS should parse a priority (None)", line: "- [ ] ", expected: ""),
        .init(source: "DTS should parse a priority (Medium)", line: "- [ ] 🔼", expected: "priority=medium"),
        .init(source: "DTS should parse a priority (Low)", line: "- [ ] 🔽", expected: "priority=low"),
        .init(source: "DTS should parse a priority (Lowest)", line: "- [ ] ⏬", expected: "priority=lowest"),
        .init(source: "DTS high priority with Variant Selector 16", line: "- [ ] ⏫\u{FE0F}", expected: "priority=high"),
        .init(source: "DTS should parse a recurrence", line: "- [ ] 🔁 every day", expected: "rec=every day"),
        .init(source: "DTS should parse delete action", line: "- [ ] 🏁 Delete", expected: "oc=delete"),
        .init(source: "DTS onCompletion should allow multiple spaces", line: "- [ ] 🏁  Keep", expected: "oc=keep"),
        .init(source: "DTS depends on one task", line: "- [ ] ⛔ F12345", expected: "dependsOn=F12345"),
        .init(source: "DTS depends on one task - with Variant Selector 16", line: "- [ ] ⛔\u{FE0F} F12345", expected: "dependsOn=F12345"),
        .init(source: "DTS depends on two tasks", line: "- [ ] ⛔ 123456,abC123", expected: "dependsOn=123456,abC123"),
        .init(source: "DTS depends on multiple tasks with varying spaces", line: "- [ ] ⛔ ab , CD ,  EF  ,    GK",
              expected: "dependsOn=ab,CD,EF,GK"),
        .init(source: "DTS id with lower-case and numbers", line: "- [ ] 🆔 pqrd0f", expected: "id=pqrd0f"),
        .init(source: "DTS id with capitals", line: "- [ ] 🆔 Abcd0f", expected: "id=Abcd0f"),
        .init(source: "DTS id with hyphen", line: "- [ ] 🆔 Abcd0f-", expected: "id=Abcd0f-"),
        .init(source: "DTS id with underscore", line: "- [ ] 🆔 Ab_cd0f", expected: "id=Ab_cd0f"),
        .init(source: "DTS id with asterisk is left in description", line: "- [ ] 🆔 A*bcd0f", expected: "desc=🆔 A*bcd0f"),
        .init(source: "DTS description of only tags", line: "- [ ] #hello #world #task",
              expected: "tags=hello,world,task; desc=#hello #world #task"),

        // DataviewTaskSerializer.test.ts, "deserialize" (the whitespace variants are in `dataviewWhitespace`)
        .init(source: "DVS should parse a startDate", line: "- [ ] [start:: 2021-06-20]", expected: "start=2021-06-20"),
        .init(source: "DVS should parse a dueDate", line: "- [ ] [due:: 2021-06-20]", expected: "due=2021-06-20"),
        .init(source: "DVS should parse a doneDate", line: "- [x] [completion:: 2021-06-20]", expected: "done=2021-06-20"),
        .init(source: "DVS should parse a createdDate", line: "- [ ] [created:: 2021-06-20]", expected: "created=2021-06-20"),
        .init(source: "DVS should parse a scheduledDate", line: "- [ ] [scheduled:: 2021-06-20]", expected: "scheduled=2021-06-20"),
        .init(source: "DVS should parse a cancelledDate", line: "- [-] [cancelled:: 2021-06-20]", expected: "cancelled=2021-06-20"),
        .init(source: "DVS should parse a priority (highest)", line: "- [ ] [priority:: highest]", expected: "priority=highest"),
        .init(source: "DVS should parse a priority (high)", line: "- [ ] [priority:: high]", expected: "priority=high"),
        .init(source: "DVS should parse a priority (medium)", line: "- [ ] [priority:: medium]", expected: "priority=medium"),
        .init(source: "DVS should parse a priority (low)", line: "- [ ] [priority:: low]", expected: "priority=low"),
        .init(source: "DVS should parse a priority (lowest)", line: "- [ ] [priority:: lowest]", expected: "priority=lowest"),
        .init(source: "DVS should parse a recurrence", line: "- [ ] [repeat:: every day]", expected: "rec=every day"),
        .init(source: "DVS should parse delete action", line: "- [ ] [onCompletion:: delete]", expected: "oc=delete"),
        .init(source: "DVS depends on one task", line: "- [ ] [dependsOn:: F12345]", expected: "dependsOn=F12345"),
        .init(source: "DVS depends on two tasks", line: "- [ ] [dependsOn:: 123456,abC123]", expected: "dependsOn=123456,abC123"),
        .init(source: "DVS depends on multiple tasks with varying spaces", line: "- [ ] [dependsOn::  ab , CD ,  EF  ,    GK]",
              expected: "dependsOn=ab,CD,EF,GK"),
        .init(source: "DVS dependsOn is case-sensitive", line: "- [ ] [dependson:: F12345]", expected: "desc=[dependson:: F12345]"),
        .init(source: "DVS id with lower-case and numbers", line: "- [ ] [id:: pqrd0f]", expected: "id=pqrd0f"),
        .init(source: "DVS id with capitals", line: "- [ ] [id:: Abcd0f]", expected: "id=Abcd0f"),
        .init(source: "DVS id with hyphen", line: "- [ ] [id:: Abcd0f-]", expected: "id=Abcd0f-"),
        .init(source: "DVS id with underscore", line: "- [ ] [id:: Ab_cd0f]", expected: "id=Ab_cd0f"),
        .init(source: "DVS id with asterisk is left in description", line: "- [ ] [id:: A*bcd0f]", expected: "desc=[id:: A*bcd0f]"),
        .init(source: "DVS a task with multiple fields and tags",
              line: "- [ ] Wobble [priority::high] #tag1 [completion:: 2024-09-04] #tag2  [due::2025-10-05] #tag3 [scheduled::2022-07-02] #tag4 [start::2023-08-03] #tag5  [repeat::every day]  #tag6 #tag7 #tag8 #tag9 #tag10",
              expected: "priority=high; done=2024-09-04; due=2025-10-05; scheduled=2022-07-02; start=2023-08-03; rec=every day; tags=tag1,tag2,tag3,tag4,tag5,tag6,tag7,tag8,tag9,tag10; desc=Wobble #tag1 #tag2 #tag3 #tag4 #tag5 #tag6 #tag7 #tag8 #tag9 #tag10"),
        .init(source: "DVS description of only tags", line: "- [ ] #hello #world #task",
              expected: "tags=hello,world,task; desc=#hello #world #task"),
        .init(source: "DVS inline fields in square brackets", line: "- [ ] Some task that is [due::2021-08-22] [priority:: high]",
              expected: "due=2021-08-22; priority=high; desc=Some task that is"),
        .init(source: "DVS inline fields in parens", line: "- [ ] Some task that is (due::2021-08-22) (priority:: high)",
              expected: "due=2021-08-22; priority=high; desc=Some task that is"),
        .init(source: "DVS mismatched surrounding pair", line: "- [ ] Some task that is [due::2021-08-22) (priority:: high]",
              expected: "desc=Some task that is [due::2021-08-22) (priority:: high]"),
        .init(source: "DVS unbracketed fields", line: "- [ ] Some task - due value not found by dataview - due:: 2021-08-22",
              expected: "desc=Some task - due value not found by dataview - due:: 2021-08-22"),
        .init(source: "DVS comma separated inline fields",
              line: "- [ ] Some task that is [due::2021-08-22], [priority::high]       , (start::2021-08-19)",
              expected: "due=2021-08-22; priority=high; start=2021-08-19; desc=Some task that is"),
        .init(source: "DVS fields in the middle of the line are not read (it.failing)",
              line: "- [ ] Some task that is [due::2021-08-02] and is [priority::high]",
              expected: "priority=high; desc=Some task that is [due::2021-08-02] and is"),

        // Task.test.ts
        .init(source: "TT should allow to read a done task", line: "- [x] this is a done task 🗓 2021-09-12 ✅ 2021-06-20 ➕ 2023-03-07",
              expected: "due=2021-09-12; done=2021-06-20; created=2023-03-07; desc=this is a done task"),
        .init(source: "TT allows signifier emojis as part of the description", line: "- [x] this is a ✅ done task 🗓 2021-09-12 ✅ 2021-06-20",
              expected: "due=2021-09-12; done=2021-06-20; desc=this is a ✅ done task"),
        .init(source: "TT also works with block links and trailing spaces", line: "- [x] this is a ✅ done task 🗓 2021-09-12 ✅ 2021-06-20 ^my-precious  ",
              expected: "due=2021-09-12; done=2021-06-20; link=my-precious; desc=this is a ✅ done task"),
        .init(source: "TT tags anywhere among signifier emojis", line: "- [ ] this is a task due 📅 2021-09-12 #inside_tag ⏫ #some/tags_with_underscore",
              expected: "due=2021-09-12; priority=high; tags=inside_tag,some/tags_with_underscore; desc=this is a task due #inside_tag #some/tags_with_underscore"),
        .init(source: "TT supports parsing large number of values",
              line: "- [ ] Wobble ⏫  #tag1 ✅ 2022-07-02 #tag2  📅 2022-07-02 #tag3 ⏳ 2022-07-02 #tag4 🛫 2022-07-02 #tag5  🔁 every day  #tag6 #tag7 #tag8 #tag9 #tag10",
              expected: "priority=high; done=2022-07-02; due=2022-07-02; scheduled=2022-07-02; start=2022-07-02; rec=every day; tags=tag1,tag2,tag3,tag4,tag5,tag6,tag7,tag8,tag9,tag10; desc=Wobble #tag1 #tag2 #tag3 #tag4 #tag5 #tag6 #tag7 #tag8 #tag9 #tag10"),
        .init(source: "TT emojis with no spaces", line: "- [ ] Wobble ✅2022-07-01 📅2022-07-02 ⏳2022-07-03 🛫2022-07-04 ➕2022-07-05 🔁every day",
              expected: "done=2022-07-01; due=2022-07-02; scheduled=2022-07-03; start=2022-07-04; created=2022-07-05; rec=every day; desc=Wobble"),
        .init(source: "TT emojis with one space", line: "- [ ] Wobble ✅ 2022-07-01 📅 2022-07-02 ⏳ 2022-07-03 🛫 2022-07-04 ➕ 2022-07-05 🔁 every day",
              expected: "done=2022-07-01; due=2022-07-02; scheduled=2022-07-03; start=2022-07-04; created=2022-07-05; rec=every day; desc=Wobble"),
        .init(source: "TT emojis with two spaces", line: "- [ ] Wobble ✅  2022-07-01 📅  2022-07-02 ⏳  2022-07-03 🛫  2022-07-04 ➕  2022-07-05 🔁  every day",
              expected: "done=2022-07-01; due=2022-07-02; scheduled=2022-07-03; start=2022-07-04; created=2022-07-05; rec=every day; desc=Wobble"),
        .init(source: "TT emojis with three spaces", line: "- [ ] Wobble ✅  2022-07-01 📅  2022-07-02 ⏳  2022-07-03 🛫  2022-07-04 ➕   2022-07-05 🔁  every day",
              expected: "done=2022-07-01; due=2022-07-02; scheduled=2022-07-03; start=2022-07-04; created=2022-07-05; rec=every day; desc=Wobble"),
        .init(source: "TT parsing tags 1", line: "- [x] this is a done task #tagone 🗓 2021-09-12 #another-tag ✅ 2021-06-20 #and_another",
              expected: "due=2021-09-12; done=2021-06-20; tags=tagone,another-tag,and_another; desc=this is a done task #tagone #another-tag #and_another"),
        .init(source: "TT parsing tags 2", line: "- [x] this is a done task #tagone #tagtwo 🗓 2021-09-12 ✅ 2021-06-20",
              expected: "due=2021-09-12; done=2021-06-20; tags=tagone,tagtwo; desc=this is a done task #tagone #tagtwo"),
        .init(source: "TT parsing tags 3", line: "- [ ] this is a normal task #tagone 🗓 2021-09-12 ✅ 2021-06-20",
              expected: "due=2021-09-12; done=2021-06-20; tags=tagone; desc=this is a normal task #tagone"),
        .init(source: "TT parsing tags 4", line: "- [ ] this is a normal task #tagone #tagtwo 🗓 2021-09-12 ✅ 2021-06-20",
              expected: "due=2021-09-12; done=2021-06-20; tags=tagone,tagtwo; desc=this is a normal task #tagone #tagtwo"),
        .init(source: "TT parsing tags 5", line: "- [ ] this is a normal task #tagone #tag/with/depth #tagtwo 🗓 2021-09-12 ✅ 2021-06-20",
              expected: "due=2021-09-12; done=2021-06-20; tags=tagone,tag/with/depth,tagtwo; desc=this is a normal task #tagone #tag/with/depth #tagtwo"),
        .init(source: "TT parsing tags 6 (without the global filter)", line: "- [x] #someglobaltasktag this is a done task #tagone 🗓 2021-09-12 ✅ 2021-06-20",
              expected: "due=2021-09-12; done=2021-06-20; tags=someglobaltasktag,tagone; desc=#someglobaltasktag this is a done task #tagone"),
        .init(source: "TT parsing tags 9 (without the global filter)", line: "- [ ] #someglobaltasktag this is a normal task #tagone #tagtwo 🗓 2021-09-12 #tagthree ✅ 2021-06-20 #tagfour",
              expected: "due=2021-09-12; done=2021-06-20; tags=someglobaltasktag,tagone,tagtwo,tagthree,tagfour; desc=#someglobaltasktag this is a normal task #tagone #tagtwo #tagthree #tagfour"),
        .init(source: "TT parsing tags 11", line: "* [ ] Export [Cloud Feedly feeds](https://cloud.feedly.com/#opml) #context/pc_clare 🔁 every 4 weeks on Sunday ⏳ 2022-05-15 #context/more_context",
              expected: "rec=every 4 weeks on Sunday; scheduled=2022-05-15; tags=context/pc_clare,context/more_context; desc=Export [Cloud Feedly feeds](https://cloud.feedly.com/#opml) #context/pc_clare #context/more_context"),
        .init(source: "TT parsing tags 12", line: "- [ ] Export [Cloud Feedly feeds](https://cloud.feedly.com/#opml) #context/pc_clare ⏳ 2022-05-15 🔁 every 4 weeks on Sunday #context/more_context",
              expected: "rec=every 4 weeks on Sunday; scheduled=2022-05-15; tags=context/pc_clare,context/more_context; desc=Export [Cloud Feedly feeds](https://cloud.feedly.com/#opml) #context/pc_clare #context/more_context"),
        .init(source: "TT parsing tags 13", line: "- [ ] Review [savings accounts and interest rates](https://www.moneysavingexpert.com/tips/2022/04/20/#hiya) #context/pc_clare ⏳ 2022-05-06",
              expected: "scheduled=2022-05-06; tags=context/pc_clare; desc=Review [savings accounts and interest rates](https://www.moneysavingexpert.com/tips/2022/04/20/#hiya) #context/pc_clare"),
        .init(source: "TT a single # is no tag", line: "- [ ] count the # of tomatoes #gardening",
              expected: "tags=gardening; desc=count the # of tomatoes #gardening"),
        .init(source: "TT recurring", line: "- [ ] recurring 🔁 every day 📅 2022-06-17", expected: "rec=every day; due=2022-06-17; desc=recurring"),
        .init(source: "TT invalid rule", line: "- [ ] recurring 🔁 invalid rule 📅 2022-06-17", expected: "badrec=invalid rule; due=2022-06-17; desc=recurring"),
        .init(source: "TT block link", line: "- [ ] this is a task 📅 2021-09-12 ^my-precious", expected: "due=2021-09-12; link=my-precious; desc=this is a task"),
        .init(source: "TT tags after fields", line: "- [x] this is a done task #tagone 📅 2021-09-12 ✅ 2021-06-20 #journal/daily",
              expected: "due=2021-09-12; done=2021-06-20; tags=tagone,journal/daily; desc=this is a done task #tagone #journal/daily"),
        .init(source: "TT I thought I finished", line: "- [x] I thought I finished ✅ 2021-09-12", expected: "done=2021-09-12; desc=I thought I finished"),
        .init(source: "TT due and recurrence", line: "- [ ] this is a task 🗓 2021-09-12 🔁 every day", expected: "due=2021-09-12; rec=every day; desc=this is a task"),
        .init(source: "TT should retain id and dependsOn", line: "- [ ] should retain *id* and *dependsOn* 🆔 id2 ⛔ id1",
              expected: "id=id2; dependsOn=id1; desc=should retain *id* and *dependsOn*"),
        .init(source: "TT a task in an asterisk list", line: "* [ ] this is a task in asterisk list", expected: "desc=this is a task in asterisk list"),
        .init(source: "TT a task in a plus list", line: "+ [ ] this is a task in asterisk list", expected: "desc=this is a task in asterisk list"),
        .init(source: "TT a numbered task", line: "1. [x] this is a done task", expected: "desc=this is a done task"),
        .init(source: "TT a deferred task", line: "- [D] this is a deferred task", expected: "desc=this is a deferred task"),

        // Tasks Emoji Format.md
        .init(source: "TEF Has a created date", line: "- [ ] #task Has a created date ➕ 2023-04-13", expected: "created=2023-04-13; tags=task; desc=#task Has a created date"),
        .init(source: "TEF Has a scheduled date", line: "- [ ] #task Has a scheduled date ⏳ 2023-04-14", expected: "scheduled=2023-04-14; tags=task; desc=#task Has a scheduled date"),
        .init(source: "TEF Has a start date", line: "- [ ] #task Has a start date 🛫 2023-04-15", expected: "start=2023-04-15; tags=task; desc=#task Has a start date"),
        .init(source: "TEF Has a due date", line: "- [ ] #task Has a due date 📅 2023-04-16", expected: "due=2023-04-16; tags=task; desc=#task Has a due date"),
        .init(source: "TEF Has a done date", line: "- [x] #task Has a done date ✅ 2023-04-17", expected: "done=2023-04-17; tags=task; desc=#task Has a done date"),
        .init(source: "TEF Has a cancelled date", line: "- [-] #task Has a cancelled date ❌ 2023-04-18", expected: "cancelled=2023-04-18; tags=task; desc=#task Has a cancelled date"),
        .init(source: "TEF Lowest priority", line: "- [ ] #task Lowest priority ⏬", expected: "priority=lowest; tags=task; desc=#task Lowest priority"),
        .init(source: "TEF Low priority", line: "- [ ] #task Low priority 🔽", expected: "priority=low; tags=task; desc=#task Low priority"),
        .init(source: "TEF Normal priority", line: "- [ ] #task Normal priority", expected: "tags=task; desc=#task Normal priority"),
        .init(source: "TEF Medium priority", line: "- [ ] #task Medium priority 🔼", expected: "priority=medium; tags=task; desc=#task Medium priority"),
        .init(source: "TEF High priority", line: "- [ ] #task High priority ⏫", expected: "priority=high; tags=task; desc=#task High priority"),
        .init(source: "TEF Highest priority", line: "- [ ] #task Highest priority 🔺", expected: "priority=highest; tags=task; desc=#task Highest priority"),
        .init(source: "TEF Is a recurring task", line: "- [ ] #task Is a recurring task 🔁 every day when done", expected: "rec=every day when done; tags=task; desc=#task Is a recurring task"),
        .init(source: "TEF Keep this task when done", line: "- [ ] #task Keep this task when done", expected: "tags=task; desc=#task Keep this task when done"),
        .init(source: "TEF Keep this task when done too", line: "- [ ] #task Keep this task when done too 🏁 keep", expected: "oc=keep; tags=task; desc=#task Keep this task when done too"),
        .init(source: "TEF Remove this task when done", line: "- [ ] #task Remove this task when done 🏁 delete", expected: "oc=delete; tags=task; desc=#task Remove this task when done"),
        .init(source: "TEF Remove completed instance", line: "- [ ] #task Remove completed instance of this recurring task when done 🔁 every day 🏁 delete",
              expected: "rec=every day; oc=delete; tags=task; desc=#task Remove completed instance of this recurring task when done"),
        .init(source: "TEF do this first", line: "- [ ] #task do this first 🆔 dcf64c", expected: "id=dcf64c; tags=task; desc=#task do this first"),
        .init(source: "TEF do this after", line: "- [ ] #task do this after first and some other task ⛔ dcf64c,0h17ye",
              expected: "dependsOn=dcf64c,0h17ye; tags=task; desc=#task do this after first and some other task"),

        // Dataview Format.md
        .init(source: "DVF Has a created date", line: "- [ ] #task Has a created date  [created:: 2023-04-13]", expected: "created=2023-04-13; tags=task; desc=#task Has a created date"),
        .init(source: "DVF Has a scheduled date", line: "- [ ] #task Has a scheduled date  [scheduled:: 2023-04-14]", expected: "scheduled=2023-04-14; tags=task; desc=#task Has a scheduled date"),
        .init(source: "DVF Has a start date", line: "- [ ] #task Has a start date  [start:: 2023-04-15]", expected: "start=2023-04-15; tags=task; desc=#task Has a start date"),
        .init(source: "DVF Has a due date", line: "- [ ] #task Has a due date  [due:: 2023-04-16]", expected: "due=2023-04-16; tags=task; desc=#task Has a due date"),
        .init(source: "DVF Has a done date", line: "- [x] #task Has a done date  [completion:: 2023-04-17]", expected: "done=2023-04-17; tags=task; desc=#task Has a done date"),
        .init(source: "DVF Has a cancelled date", line: "- [-] #task Has a cancelled date  [cancelled:: 2023-04-18]", expected: "cancelled=2023-04-18; tags=task; desc=#task Has a cancelled date"),
        .init(source: "DVF Lowest priority", line: "- [ ] #task Lowest priority  [priority:: lowest]", expected: "priority=lowest; tags=task; desc=#task Lowest priority"),
        .init(source: "DVF Low priority", line: "- [ ] #task Low priority  [priority:: low]", expected: "priority=low; tags=task; desc=#task Low priority"),
        .init(source: "DVF Medium priority", line: "- [ ] #task Medium priority  [priority:: medium]", expected: "priority=medium; tags=task; desc=#task Medium priority"),
        .init(source: "DVF High priority", line: "- [ ] #task High priority  [priority:: high]", expected: "priority=high; tags=task; desc=#task High priority"),
        .init(source: "DVF Highest priority", line: "- [ ] #task Highest priority  [priority:: highest]", expected: "priority=highest; tags=task; desc=#task Highest priority"),
        .init(source: "DVF Is a recurring task", line: "- [ ] #task Is a recurring task [repeat:: every day when done]", expected: "rec=every day when done; tags=task; desc=#task Is a recurring task"),
        .init(source: "DVF Keep this task when done too", line: "- [ ] #task Keep this task when done too  [onCompletion:: keep]", expected: "oc=keep; tags=task; desc=#task Keep this task when done too"),
        .init(source: "DVF Remove this task when done", line: "- [ ] #task Remove this task when done  [onCompletion:: delete]", expected: "oc=delete; tags=task; desc=#task Remove this task when done"),
        .init(source: "DVF Remove completed instance", line: "- [ ] #task Remove completed instance of this recurring task when done  [repeat:: every day]  [onCompletion:: delete]",
              expected: "rec=every day; oc=delete; tags=task; desc=#task Remove completed instance of this recurring task when done"),
        .init(source: "DVF do this first", line: "- [ ] #task do this first  [id:: dcf64c]", expected: "id=dcf64c; tags=task; desc=#task do this first"),
        .init(source: "DVF do this after", line: "- [ ] #task do this after first and some other task  [dependsOn:: dcf64c,0h17ye]",
              expected: "dependsOn=dcf64c,0h17ye; tags=task; desc=#task do this after first and some other task"),
        .init(source: "DVS serialize a fully populated task",
              line: "- [ ] Do exercises #todo #health  [id:: abcdef]  [dependsOn:: 123456,abc123]  [priority:: medium]  [repeat:: every day when done]  [onCompletion:: delete]  [created:: 2023-07-01]  [start:: 2023-07-02]  [scheduled:: 2023-07-03]  [due:: 2023-07-04]  [cancelled:: 2023-07-06]  [completion:: 2023-07-05] ^dcf64c",
              expected: "id=abcdef; dependsOn=123456,abc123; priority=medium; rec=every day when done; oc=delete; created=2023-07-01; start=2023-07-02; scheduled=2023-07-03; due=2023-07-04; cancelled=2023-07-06; done=2023-07-05; link=dcf64c; tags=todo,health; desc=Do exercises #todo #health"),

        // About Task Formats.md
        .init(source: "ATF emoji recurrence", line: "- [ ] ⏫ 🔁 every day when done", expected: "priority=high; rec=every day when done"),
        .init(source: "ATF emoji dates", line: "- [ ] 🛫 2023-04-05 ⏳ 2023-04-06 📅 2023-04-07", expected: "start=2023-04-05; scheduled=2023-04-06; due=2023-04-07"),
        .init(source: "ATF emoji created and done", line: "- [x] ➕ 2023-04-03 ✅ 2023-04-08", expected: "created=2023-04-03; done=2023-04-08"),
        .init(source: "ATF dataview recurrence", line: "- [ ] [priority:: high], [repeat:: every day when done]", expected: "priority=high; rec=every day when done"),
        .init(source: "ATF dataview dates", line: "- [ ] [start:: 2023-04-05], [scheduled:: 2023-04-06], [due:: 2023-04-07]",
              expected: "start=2023-04-05; scheduled=2023-04-06; due=2023-04-07"),
        .init(source: "ATF dataview created and done", line: "- [x] [created:: 2023-04-03], [completion:: 2023-04-08]", expected: "created=2023-04-03; done=2023-04-08"),

        // Recurring Tasks.md
        .init(source: "RT basic example", line: "- [ ] take out the trash 🔁 every Sunday 📅 2021-04-25", expected: "rec=every Sunday; due=2021-04-25; desc=take out the trash"),
        .init(source: "RT basic example, done", line: "- [x] take out the trash 🔁 every Sunday 📅 2021-04-25 ✅ 2021-04-24",
              expected: "rec=every Sunday; due=2021-04-25; done=2021-04-24; desc=take out the trash"),
        .init(source: "RT created dates", line: "- [ ] take out the trash 🔁 every Sunday ➕ 2023-03-10 📅 2021-05-02",
              expected: "rec=every Sunday; created=2023-03-10; due=2021-05-02; desc=take out the trash"),
        .init(source: "RT sweep the floors", line: "- [ ] sweep the floors 🔁 every week ⏳ 2021-02-13", expected: "rec=every week; scheduled=2021-02-13; desc=sweep the floors"),
        .init(source: "RT sweep the floors when done", line: "- [x] sweep the floors 🔁 every week when done ⏳ 2021-02-06 ✅ 2022-02-13",
              expected: "rec=every week when done; scheduled=2021-02-06; done=2022-02-13; desc=sweep the floors"),
        .init(source: "RT every month on the last", line: "- [ ] do stuff 🔁 every month on the last 📅 2022-01-31", expected: "rec=every month on the last; due=2022-01-31; desc=do stuff"),
        .init(source: "RT every month on the 31st", line: "- [ ] do stuff 🔁 every month on the 31st 📅 2022-01-31", expected: "rec=every month on the 31st; due=2022-01-31; desc=do stuff"),
        .init(source: "RT mow the lawn", line: "-   [ ] Mow the lawn 🔁 every 2 weeks ⏳ 2021-10-28 📅 2021-10-30",
              expected: "rec=every 2 weeks; scheduled=2021-10-28; due=2021-10-30; desc=Mow the lawn"),
        .init(source: "RT no dates", line: "- [x] Do stuff 🔁 every day ✅ 2023-02-11", expected: "rec=every day; done=2023-02-11; desc=Do stuff"),
        .init(source: "RT highest priority date invalid", line: "- [ ] Do stuff 🔁 every year 🛫 2024-02-27 ⏳ 2024-02-28 📅 2024-02-30",
              expected: "rec=every year; start=2024-02-27; scheduled=2024-02-28; desc=Do stuff"),
        .init(source: "RT example every 3 days", line: "- [ ] a 🔁 every 3 days", expected: "rec=every 3 days; desc=a"),
        .init(source: "RT example every 10 days when done", line: "- [ ] a 🔁 every 10 days when done", expected: "rec=every 10 days when done; desc=a"),
        .init(source: "RT example every weekday", line: "- [ ] a 🔁 every weekday", expected: "rec=every weekday; desc=a"),
        .init(source: "RT example every week on Sunday", line: "- [ ] a 🔁 every week on Sunday", expected: "rec=every week on Sunday; desc=a"),
        .init(source: "RT example every week on Tuesday, Friday", line: "- [ ] a 🔁 every week on Tuesday, Friday", expected: "rec=every week on Tuesday, Friday; desc=a"),
        .init(source: "RT example every 3 weeks on Friday", line: "- [ ] a 🔁 every 3 weeks on Friday", expected: "rec=every 3 weeks on Friday; desc=a"),
        .init(source: "RT example every 2 months", line: "- [ ] a 🔁 every 2 months", expected: "rec=every 2 months; desc=a"),
        .init(source: "RT example every month on the 1st", line: "- [ ] a 🔁 every month on the 1st", expected: "rec=every month on the 1st; desc=a"),
        .init(source: "RT example every month on the last Friday", line: "- [ ] a 🔁 every month on the last Friday", expected: "rec=every month on the last Friday; desc=a"),
        .init(source: "RT example every month on the 2nd last Friday", line: "- [ ] a 🔁 every month on the 2nd last Friday", expected: "rec=every month on the 2nd last Friday; desc=a"),
        .init(source: "RT example every 6 months on the 2nd Wednesday", line: "- [ ] a 🔁 every 6 months on the 2nd Wednesday", expected: "rec=every 6 months on the 2nd Wednesday; desc=a"),
        .init(source: "RT example every January on the 15th", line: "- [ ] a 🔁 every January on the 15th", expected: "rec=every January on the 15th; desc=a"),
        .init(source: "RT example every February on the last", line: "- [ ] a 🔁 every February on the last", expected: "rec=every February on the last; desc=a"),
        .init(source: "RT example every April and December on the 1st and 24th", line: "- [ ] a 🔁 every April and December on the 1st and 24th",
              expected: "rec=every April and December on the 1st and 24th; desc=a"),
        .init(source: "RT example every year", line: "- [ ] a 🔁 every year", expected: "rec=every year; desc=a"),

        // On Completion.md
        .init(source: "OC Leave me alone too", line: "- [ ] Leave me alone too! 🏁 keep", expected: "oc=keep; desc=Leave me alone too!"),
        .init(source: "OC Delete me upon completion", line: "- [ ] Delete me upon completion 🏁 delete", expected: "oc=delete; desc=Delete me upon completion"),
        .init(source: "OC Delete my completed instance", line: "- [ ] Delete my completed instance, leave my next instance 📅 2021-05-20 🔁 every day when done 🏁 delete",
              expected: "due=2021-05-20; rec=every day when done; oc=delete; desc=Delete my completed instance, leave my next instance"),

        // Task Dependencies.md
        .init(source: "TD do this first", line: "- [ ] do this first 🆔 abcdef", expected: "id=abcdef; desc=do this first"),
        .init(source: "TD do this after first", line: "- [ ] do this after first ⛔ abcdef", expected: "dependsOn=abcdef; desc=do this after first"),
        .init(source: "TD dataview do this first", line: "- [ ] do this first  [id:: abcdef]", expected: "id=abcdef; desc=do this first"),
        .init(source: "TD dataview do this after first", line: "- [ ] do this after first  [dependsOn:: abcdef]", expected: "dependsOn=abcdef; desc=do this after first"),
        .init(source: "TD Build a first draft", line: "- [ ] Build a first draft 🆔 4ijuhy", expected: "id=4ijuhy; desc=Build a first draft"),
        .init(source: "TD Test with users", line: "- [ ] Test with users ⛔ 4ijuhy", expected: "dependsOn=4ijuhy; desc=Test with users"),
        .init(source: "TD dependsOn with a space", line: "- [ ] x ⛔ dcf64c, 0h17ye", expected: "dependsOn=dcf64c,0h17ye; desc=x"),
        .init(source: "TD blocked by two", line: "- [ ] blocked ⛔ abcdef,ghijkl", expected: "dependsOn=abcdef,ghijkl; desc=blocked"),

        // Dates.md, Priority.md, Global Filter.md
        .init(source: "DT due date", line: "- [ ] take out the trash 📅 2021-04-09", expected: "due=2021-04-09; desc=take out the trash"),
        .init(source: "DT scheduled date", line: "- [ ] take out the trash ⏳ 2021-04-09", expected: "scheduled=2021-04-09; desc=take out the trash"),
        .init(source: "DT start date", line: "- [ ] take out the trash 🛫 2021-04-09", expected: "start=2021-04-09; desc=take out the trash"),
        .init(source: "DT created date", line: "- [ ] take out the trash ➕ 2021-04-09", expected: "created=2021-04-09; desc=take out the trash"),
        .init(source: "DT done date", line: "- [x] take out the trash ✅ 2021-04-09", expected: "done=2021-04-09; desc=take out the trash"),
        .init(source: "DT cancelled date", line: "- [-] take out the trash ❌ 2021-04-09", expected: "cancelled=2021-04-09; desc=take out the trash"),
        .init(source: "DT a date word is not understood", line: "- [ ] take out the trash 📅 today", expected: "desc=take out the trash 📅 today"),
        .init(source: "PR medium", line: "- [ ] take out the trash 🔼", expected: "priority=medium; desc=take out the trash"),
        .init(source: "PR lowest with variation selector", line: "- [ ] a ⏬\u{FE0F}", expected: "priority=lowest; desc=a"),
        .init(source: "GF example with global filter", line: "- [ ] #task take out the trash", expected: "tags=task; desc=#task take out the trash"),
    ]

    /// DataviewTaskSerializer.test.ts, "whitespace within an inline field": each date field, `repeat` and
    /// `priority`, written with no extra whitespace, with whitespace after `::`, near the brackets, and both.
    static let dataviewWhitespace: [PluginReadingRow] = {
        let fields: [(String, String, String)] = [
            ("start::", "2021-06-20", "start=2021-06-20"), ("due::", "2021-06-20", "due=2021-06-20"),
            ("completion::", "2021-06-20", "done=2021-06-20"), ("created::", "2021-06-20", "created=2021-06-20"),
            ("scheduled::", "2021-06-20", "scheduled=2021-06-20"), ("cancelled::", "2021-06-20", "cancelled=2021-06-20"),
            ("repeat::", "every day", "rec=every day"), ("priority::", "high", "priority=high"),
        ]
        var rows: [PluginReadingRow] = []
        for (symbol, value, expected) in fields {
            let forms = ["[\(symbol)\(value)]", "[\(symbol) \(value)]", "[\(symbol)               \(value)]",
                         "[ \(symbol)\(value)]", "[      \(symbol)\(value)]", "[\(symbol)\(value) ]", "[\(symbol)\(value)     ]",
                         "[ \(symbol)\(value) ]", "[     \(symbol)\(value)     ]", "[     \(symbol)     \(value)     ]"]
            for form in forms {
                rows.append(.init(source: "DVS whitespace within an inline field: \(symbol)", line: "- [ ] \(form)", expected: expected))
            }
        }
        return rows
    }()
}
