// Moderation (chat API): rules with the spec's enums, built-in rules and lists, keyword lists sent as
// multipart/form-data (terms from a field and from a CSV file), and the links between rules and lists
// (decision 0040).
import { unique } from "../../support/emulator";
import { expectError, fetchRes, Harness } from "./harness";

let h: Harness;
beforeAll(async () => {
  h = await Harness.start();
});
afterAll(() => h.close());

const rule = (id: string, extra: Record<string, unknown> = {}) => ({
  id,
  name: "No spam",
  action: ["blockMessage"],
  conditions: [
    { entity: "message", operand: "text", operator: "contains", category: "word", value: ["spam"] },
  ],
  ...extra,
});

describe("rules", () => {
  it("creates, reads, replaces and deletes a rule; revisions count up", async () => {
    const id = unique("rule");
    const made = await h.ok("createRule", {
      body: rule(id, {
        description: "d",
        filters: [{ entity: "user", operand: "role", operator: "notEquals", value: "admin", type: "sender" }],
      }),
    });
    expect(made.data).toMatchObject({
      id,
      enabled: false,
      active: true,
      action: ["blockMessage"],
      revisionId: `${h.app.appId}_${id}_1`,
    });
    expect(made.data.conditions[0]).toMatchObject({ id: 1, value: ["spam"] });
    expect((await h.ok("getRule", { params: { ruleId: id } })).data).toEqual(made.data);
    const upd = await h.ok("updateRule", {
      params: { ruleId: id },
      body: rule(id, { enabled: true, action: ["dropMessage"] }),
    });
    // A PUT replaces: the description and filters it leaves out are gone.
    expect(upd.data).toMatchObject({
      enabled: true,
      action: ["dropMessage"],
      revisionId: `${h.app.appId}_${id}_2`,
    });
    expect(upd.data.description).toBeUndefined();
    expect(upd.data.filters).toBeUndefined();
    const del = await h.ok("deleteRule", { params: { ruleId: id } });
    expect(del.data.success).toBe(true);
    await h.fails("getRule", { params: { ruleId: id } }, 404, "ERR_RULE_NOT_FOUND");
    await h.fails("deleteRule", { params: { ruleId: id } }, 404, "ERR_RULE_NOT_FOUND");
  });

  it("lists the built-in rules with the app's own, up to limit", async () => {
    const listed = await h.ok("listRules", { query: { limit: 3 } });
    expect(listed.meta.current).toEqual({ limit: 3, count: 3 });
    const all = await h.ok("listRules");
    const builtIn = all.data.filter((r) => r.default).map((r) => r.id);
    expect(builtIn).toEqual([
      "text-profanity-filter",
      "image-moderation",
      "video-moderation",
      "custom-profanity-filter",
      "contact_details_filter",
      "email_filter",
    ]);
    expect(all.meta.current.limit).toBe(50);
  });

  it("a duplicate id is a conflict; a built-in rule can be changed but not deleted", async () => {
    const id = unique("dup");
    await h.ok("createRule", { body: rule(id) });
    await h.fails("createRule", { body: rule(id) }, 400, "ERR_RULE_ALREADY_EXISTS");
    await h.fails("createRule", { body: rule("email_filter") }, 400, "ERR_RULE_ALREADY_EXISTS");
    await h.fails("deleteRule", { params: { ruleId: "email_filter" } }, 403, "ERR_RULE_DELETE_DENIED");
    const on = await h.ok("updateRule", {
      params: { ruleId: "email_filter" },
      body: rule("email_filter", { enabled: true }),
    });
    expect(on.data).toMatchObject({ enabled: true, default: true });
  });

  it("validates enums, required fields and ids, by field", async () => {
    const e = await h.fails(
      "createRule",
      {
        body: {
          id: "bad id",
          action: ["shout"],
          conditions: [{ operand: "audio", operator: "like", value: [] }],
          filters: [{ entity: "group", operand: "guid", operator: "not equals", value: "g", type: "sender" }],
        },
      },
      400,
      "ERR_BAD_REQUEST",
    );
    expect(e.details).toEqual({
      id: ["id may contain only letters, digits, '-' and '_'"],
      name: ["The name field is required."],
      "action.0": [
        'action "shout" is not valid (closest valid: "dropMessage"; one of blockMessage, dropMessage)',
      ],
      "conditions.0.operand": [
        'operand "audio" is not valid (closest valid: "video"; one of text, image, video, custom)',
      ],
      "conditions.0.operator": [
        'operator "like" is not valid (closest valid: "equals"; one of contains, equals)',
      ],
      "conditions.0.value": ["value must not be empty"],
      "filters.0.operator": [expect.any(String)],
    });
    const id = unique("same");
    await h.ok("createRule", { body: rule(id) });
    const moved = await h.fails(
      "updateRule",
      { params: { ruleId: id }, body: rule("other") },
      400,
      "ERR_BAD_REQUEST",
    );
    expect(Object.keys(moved.details ?? {})).toEqual(["id"]);
  });
  it("spells a user filter's negations as the vendor's UserFilter does (notEquals, notIn), as group filters do", async () => {
    for (const entity of ["user", "group"]) {
      const operand = entity === "user" ? "uid" : "guid";
      for (const operator of ["notEquals", "notIn"]) {
        const filters = [{ entity, operand, operator, value: "x", type: "sender" }];
        const made = await h.ok("createRule", { body: rule(unique("neg"), { filters }) });
        expect(made.data.filters).toEqual(filters);
      }
      for (const operator of ["not equals", "not in"]) {
        const filters = [{ entity, operand, operator, value: "x", type: "sender" }];
        const e = await h.fails(
          "createRule",
          { body: rule(unique("spaced"), { filters }) },
          400,
          "ERR_BAD_REQUEST",
        );
        expect(Object.keys(e.details ?? {})).toEqual(["filters.0.operator"]);
      }
    }
  });
  it("refuses webhook fields: the vendor's rule body has none (docs/service/app-configuration.md)", async () => {
    for (const extra of [
      { webhookURL: "https://hooks.example.com/m" },
      { useBasicAuth: true, username: "u" },
    ]) {
      await h.fails("createRule", { body: rule(unique("hooked"), extra) }, 400, "ERR_BAD_REQUEST");
    }
  });
});

describe("keyword lists (multipart)", () => {
  it("creates a word list from a field and a CSV file; reads, replaces and deletes it", async () => {
    const id = unique("kw");
    const made = await h.ok("createKeywordList", {
      body: {
        id,
        name: "Spam words",
        category: "word",
        searchTerms: "buy, cheap",
        file: { filename: "more.csv", content: "cheap\nfree\r\nwin" },
      },
    });
    expect(made.data).toMatchObject({ id, name: "Spam words", category: "word", isCSV: true, active: true });
    expect(made.data.searchTerms).toEqual(["buy", "cheap", "free", "win"]);
    const upd = await h.ok("updateKeywordList", {
      params: { keywordId: id },
      body: { category: "sentence-similarity", disallowedSentences: "send me your password" },
    });
    expect(upd.data).toMatchObject({
      category: "sentence-similarity",
      isCSV: false,
      disallowedSentences: ["send me your password"],
    });
    expect(upd.data.searchTerms).toBeUndefined();
    expect(upd.data.revisionId).toBe(`${h.app.appId}_${id}_2`);
    await h.ok("deleteKeywordList", { params: { keywordId: id } });
    await h.fails("getKeywordList", { params: { keywordId: id } }, 404, "ERR_KEYWORD_NOT_FOUND");
  });

  it("keeps a Custom API list's webhook and basic auth, never shows the password, refuses half an auth", async () => {
    const id = unique("custom");
    const made = await h.ok("createKeywordList", {
      body: {
        id,
        name: "Own moderation",
        category: "custom-api",
        webhookURL: "https://mod.example.com/check",
        username: "moderator",
        password: "hunter22pw",
      },
    });
    expect(made.data).toMatchObject({
      id,
      category: "custom-api",
      webhookURL: "https://mod.example.com/check",
      username: "moderator",
    });
    expect(made.data.searchTerms).toBeUndefined();
    const got = await h.call("getKeywordList", { params: { keywordId: id } });
    expect(got.text).not.toContain("hunter22pw");
    // Replaced as a whole: basic auth left out is gone.
    const upd = await h.ok("updateKeywordList", {
      params: { keywordId: id },
      body: { category: "custom-api", webhookURL: "https://mod.example.com/v2" },
    });
    expect(upd.data.username).toBeUndefined();
    expect(upd.data.webhookURL).toBe("https://mod.example.com/v2");
    for (const body of [
      { id: unique("c"), category: "custom-api", webhookURL: "https://m.example.com", username: "u" },
      { id: unique("c"), category: "custom-api", webhookURL: "http://m.example.com" },
      { id: unique("c"), category: "custom-api" },
      { id: unique("c"), category: "custom-api", webhookURL: "https://m.example.com", searchTerms: "a" },
    ])
      await h.fails("createKeywordList", { body }, 400, "ERR_BAD_REQUEST");
    await h.ok("deleteKeywordList", { params: { keywordId: id } });
  });

  it("takes only multipart/form-data, as the spec has it", async () => {
    const r = await fetchRes(h.url("createKeywordList"), {
      method: "POST",
      headers: { apikey: h.app.apiKey, "content-type": "application/json" },
      body: JSON.stringify({ id: unique("json"), category: "word", searchTerms: "a" }),
    });
    const e = expectError(r, 400, "ERR_BAD_REQUEST");
    expect(e.details).toEqual({ body: ["The request body must be multipart/form-data."] });
    // A broken form is a 400 too, never a 5xx.
    const broken = await fetchRes(h.url("createKeywordList"), {
      method: "POST",
      headers: { apikey: h.app.apiKey, "content-type": "multipart/form-data; boundary=xyz" },
      body: '--xyz\r\nContent-Disposition: form-data; name="id"\r\n\r\nunterminated',
    });
    expect(expectError(broken, 400, "ERR_BAD_REQUEST").details).toEqual({
      body: ["The request body is not valid multipart/form-data."],
    });
    // And a JSON route refuses a form.
    const form = new FormData();
    form.append("uid", "x");
    const j = await fetchRes(h.url("createUser"), {
      method: "POST",
      headers: { apikey: h.app.apiKey },
      body: form,
    });
    expectError(j, 400, "ERR_BAD_REQUEST");
  });

  it("validates by category: terms required, patterns must compile, files must be CSV", async () => {
    const e = await h.fails(
      "createKeywordList",
      {
        body: {
          id: unique("p"),
          category: "pattern",
          searchTerms: "ok,([",
          file: { filename: "x.txt", content: "" },
        },
      },
      400,
      "ERR_BAD_REQUEST",
    );
    expect(e.details).toEqual({
      searchTerms: ["every pattern in searchTerms must be a valid regular expression"],
      "file.filename": ["file must be a .csv file"],
    });
    const none = await h.fails(
      "createKeywordList",
      { body: { id: unique("w"), category: "word" } },
      400,
      "ERR_BAD_REQUEST",
    );
    expect(none.details).toEqual({ searchTerms: ["The searchTerms field is required."] });
    // The vendor's sentence-similarity list requires its sentences, as the document now says.
    const sentences = await h.fails(
      "createKeywordList",
      { body: { id: unique("s"), category: "sentence-similarity" } },
      400,
      "ERR_BAD_REQUEST",
    );
    expect(Object.keys(sentences.details ?? {})).toEqual(["disallowedSentences"]);
    const cat = await h.fails(
      "createKeywordList",
      { body: { id: unique("c"), category: "colour" } },
      400,
      "ERR_BAD_REQUEST",
    );
    expect(Object.keys(cat.details ?? {})).toEqual(["category"]);
  });

  it("rules refer to lists that exist; a list in use, or built in, is not deleted", async () => {
    const list = unique("ref");
    const ref = (value: string[]) =>
      rule(unique("uses"), {
        conditions: [
          { operand: "text", operator: "contains", category: "word", isKeywordReferencePresent: true, value },
        ],
      });
    await h.fails("createRule", { body: ref([list]) }, 404, "ERR_KEYWORD_NOT_FOUND");
    await h.ok("createKeywordList", { body: { id: list, category: "word", searchTerms: "x" } });
    const user = await h.ok("createRule", { body: ref([list]) });
    await h.fails("deleteKeywordList", { params: { keywordId: list } }, 400, "ERR_KEYWORD_IN_USE");
    await h.fails(
      "deleteKeywordList",
      { params: { keywordId: "profanity-list" } },
      403,
      "ERR_KEYWORD_DELETE_DENIED",
    );
    await h.ok("deleteRule", { params: { ruleId: user.data.id } });
    await h.ok("deleteKeywordList", { params: { keywordId: list } });
    await h.fails(
      "createKeywordList",
      { body: { id: "profanity-list", category: "word", searchTerms: "x" } },
      400,
      "ERR_KEYWORD_ALREADY_EXISTS",
    );
  });

  it("the listing takes no parameters and shows at most 10", async () => {
    for (let i = 0; i < 11; i++)
      await h.ok("createKeywordList", { body: { id: unique("many"), category: "word", searchTerms: "x" } });
    const listed = await h.ok("listKeywordLists");
    expect(listed.meta.current).toEqual({ limit: 10, count: 10 });
    expect(listed.data[0]).toMatchObject({ id: "profanity-list", default: true });
  });
});
