// A kind's note on an argument says only what the document cannot (behaviour): the limits, the default and the
// values the schema states are shown from the schema, beside the document's description (decision 0128).
import { z } from "zod";
import { routes } from "../../provider/contract";
import { DESCRIPTIONS } from "../../provider/contract/generated/descriptions";
import * as G from "../../provider/contract/generated/schemas";
import type { RouteSpec } from "../../provider/contract/route";
import { argDocs, limitNumbers } from "../../provider/engine/arg-docs";
import { declare, none } from "../../provider/engine/fields";
import { type Json, jsonOf } from "../../provider/engine/json-schema";
import type { Kind } from "../../provider/engine/kind";
import { kinds } from "../../provider/kinds";

type Checked = Pick<Kind, "name" | "args" | "docs" | "defaults">;

const literal = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
/** A number as a note may write it: 5000 or 5,000. */
const numeral = (n: number) => `(?:${n}|${n.toLocaleString("en-US")})`;

/** What a kind's notes restate of its schema, one line each: a limit, the default, the list of values. */
function restatements(kind: Checked): string[] {
  const input = jsonOf(kind.args, "input");
  const defaults = (kind.defaults ?? {}) as Record<string, unknown>;
  const out: string[] = [];
  for (const [k, note] of Object.entries(kind.docs as Record<string, string>)) {
    const p: Json = input.properties?.[k] ?? {};
    const at = `${kind.name}.${k}`;
    for (const n of limitNumbers(p))
      if (
        new RegExp(
          `\\b(?:at most|up to|at least|max(?:imum)?|from)\\s+${numeral(n)}\\b|\\b${numeral(n)}\\s+characters|\\b${numeral(n)}\\s+to\\s+\\d`,
          "i",
        ).test(note)
      )
        out.push(`${at}: restates the limit ${n}: ${note}`);
    if (Object.hasOwn(defaults, k)) {
      const v = literal(String(defaults[k]));
      const said = new RegExp(
        `default[^.;,)]{0,30}?"?${v}"?(?![\\w-])|(?<![\\w-])"?${v}"?\\s*\\((?:the )?default`,
        "i",
      );
      if (said.test(note)) out.push(`${at}: restates the default ${JSON.stringify(defaults[k])}: ${note}`);
    }
    const values = (p.enum ?? p.items?.enum ?? []).map(String);
    if (values.length > 1) {
      const one = `"?(?:${values.map(literal).join("|")})"?`;
      const list = new RegExp(`${one}(?:(?:, | or | and | and/or )${one}){${values.length - 1}}`);
      if (list.test(note)) out.push(`${at}: lists the values ${values.join(", ")}: ${note}`);
    }
  }
  return out;
}

const all = Object.values(kinds) as Checked[];

/** A doc's clauses (split at sentence ends and semicolons), in lower case, without punctuation. */
const clauses = (doc: string) =>
  doc
    .split(/[.;!?](?:\s+|$)/)
    .map((c) =>
      c
        .toLowerCase()
        .replace(/[^a-z0-9:]+/g, " ")
        .trim(),
    )
    .filter((c) => c !== "");

/** What a field's doc says twice, one line each: a clause repeated, the default stated more than once. */
function repeats(kind: Checked): string[] {
  return Object.entries(argDocs(kind)).flatMap(([k, doc]) => {
    const seen = new Set<string>();
    const out: string[] = [];
    for (const c of clauses(doc)) {
      if (seen.has(c)) out.push(`${kind.name}.${k}: says "${c}" twice: ${doc}`);
      seen.add(c);
    }
    if ((doc.match(/\(default[:,]|\bdefault:/gi) ?? []).length > 1)
      out.push(`${kind.name}.${k}: states its default twice: ${doc}`);
    return out;
  });
}

/**
 * The document's own descriptions of a kind's arguments, where the kind's arguments are an operation's body
 * or a declaration of the document as they are: the descriptions of that schema's fields.
 */
function ownDescriptions(kind: Checked): Record<string, string> {
  const components = G as unknown as Record<string, unknown>;
  const tables = [
    ...(Object.entries(routes) as [string, RouteSpec][])
      .filter(([, r]) => r.body === kind.args)
      .map(([n]) => n),
    ...Object.keys(components).filter((n) => components[n] === kind.args && !Object.hasOwn(routes, n)),
  ].flatMap((n) => (DESCRIPTIONS[n] ? [DESCRIPTIONS[n]] : []));
  return Object.assign(
    {},
    ...tables.map((t) => Object.fromEntries(Object.entries(t).filter(([p]) => !/[.[{]/.test(p)))),
  );
}

describe("a kind's notes on its arguments", () => {
  it("restate no limit, default or list of values the schema states", () => {
    expect(all.flatMap(restatements)).toEqual([]);
  });

  it("are caught restating one", () => {
    const fake: Checked = {
      name: "Fake",
      ...declare(
        z.strictObject({
          name: z.string().max(100),
          tags: z.array(z.string().max(50)).max(25).optional(),
          text: z.string().max(5000),
          mode: z.enum(["a", "b", "c"]).optional(),
          on: z.boolean().optional(),
        }),
        z.object({}),
        {
          name: { doc: "Name, at most 100 characters." },
          tags: { doc: "Tags, each up to 50.", default: none },
          text: { doc: "The text, at most 5,000 characters." },
          mode: { doc: "Mode: a, b or c.", default: none },
          on: { doc: "Whether it is on (default true).", default: true },
        },
      ),
    };
    expect(restatements(fake).map((l) => l.split(":")[0])).toEqual([
      "Fake.name",
      "Fake.tags",
      "Fake.text",
      "Fake.mode",
      "Fake.on",
    ]);
  });

  it("say no clause twice and state a default once, for every argument of every kind", () => {
    expect(all.flatMap(repeats)).toEqual([]);
  });

  it("are caught saying something twice", () => {
    const fake: Checked = {
      name: "Fake",
      ...declare(z.strictObject({ slug: z.string(), on: z.boolean().optional() }), z.object({}), {
        slug: { doc: "Templates name it by it. Templates name it by it." },
        on: { doc: "Whether it is on (default: true).", default: true },
      }),
    };
    expect(repeats(fake).map((l) => l.split(":")[0])).toEqual(["Fake.slug", "Fake.on"]);
  });

  it("start with the document's description of the kind's own field, not another object's", () => {
    const wrong = all.flatMap((kind) =>
      Object.entries(ownDescriptions(kind)).flatMap(([k, description]) => {
        const doc = argDocs(kind)[k];
        return doc === undefined || doc.startsWith(description.replace(/[.!?]$/, ""))
          ? []
          : [`${kind.name}.${k}: ${doc} (the document: ${description})`];
      }),
    );
    expect(wrong).toEqual([]);
    // The channel's name and the category's are one schema of the document (CampaignName), described apart.
    expect(ownDescriptions(kinds.CampaignChannel as Checked).name).toBe("The channel's display name.");
    expect(argDocs(kinds.CampaignChannel).name).toMatch(/^The channel's display name\./);
    expect(argDocs(kinds.CampaignCategory).name).toMatch(/^The category's name/);
  });

  it("are shown with the document's description, the limits and the default", () => {
    const docs = argDocs(kinds.McpServer);
    expect(docs.name).toMatch(/At most 100 characters\.$/);
    expect(argDocs(kinds.Webhook).enabled).toMatch(/Default: true\.$/);
    expect(argDocs(kinds.AgentKnowledgeSource).text).toMatch(/^The text the agents may draw on\./);
  });
});
