// A kind's note on an argument says only what the document cannot (behaviour): the limits, the default and the
// values the schema states are shown from the schema, beside the document's description (decision 0128).
import { z } from "zod";
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

  it("are shown with the document's description, the limits and the default", () => {
    const docs = argDocs(kinds.McpServer);
    expect(docs.name).toMatch(/At most 100 characters\.$/);
    expect(argDocs(kinds.Webhook).enabled).toMatch(/Default: true\.$/);
    expect(argDocs(kinds.AgentKnowledgeSource).text).toMatch(/^The text the agents may draw on\./);
  });
});
