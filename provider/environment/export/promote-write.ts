// Writes a promotion's entries to add into the stack's environment file (`chat-export --compare --write`):
// edited as a YAML document, so its comments, key order and quoting stay, and written back in the file's own
// indentation (its step, and whether a list sits under its key indented or flush: layoutOf); each entry
// appended to its section, a section the file lacks added at the end. Entries hold secrets only as `{ secret: key }` references (the
// export never has a value), so no value reaches the file.
import { Document, isMap, isNode, isSeq, type Node, parseDocument } from "yaml";
import { checkedEnvironment } from "../load";
import type { KindPlan, PromotionPlan } from "./compare";

/** A block key with nothing after it on its line (a parent): its indentation, and where the key starts. */
const PARENT = /^( *)(- +)?[^\s#-][^#]*?:[ \t]*(#.*)?$/;
const CONTENT = /^( *)(- +)?\S/;

/**
 * The indentation `text` is written in: the step from a parent key to its children (2 when nothing says), and
 * whether a list under a key is indented (`key:\n  - a`) or flush (`key:\n- a`), as its first such parent says.
 */
export function layoutOf(text: string): { indent: number; indentSeq: boolean } {
  const lines = text.split("\n").filter((l) => l.trim() !== "" && !/^\s*#/.test(l));
  let indent: number | undefined;
  let indentSeq: boolean | undefined;
  lines.forEach((line, i) => {
    const parent = PARENT.exec(line);
    const child = CONTENT.exec(lines[i + 1] ?? "");
    if (!parent || !child) return;
    const keyAt = (parent[1] ?? "").length + (parent[2] ?? "").length;
    const at = (child[1] ?? "").length;
    if (child[2] !== undefined) {
      if (at === keyAt) indentSeq ??= false;
      else if (at > keyAt) {
        indentSeq ??= true;
        indent ??= at - keyAt;
      }
    } else if (at > keyAt) indent ??= at - keyAt;
  });
  return { indent: indent ?? 2, indentSeq: indentSeq ?? true };
}

/** `text` with the plan's added entries, checked as the component will read it (a problem: thrown). */
export function promotedText(text: string, plan: PromotionPlan, file: string, dir: string): string {
  const doc = parseDocument(text);
  if (doc.errors.length > 0) throw new Error(`${file}: ${doc.errors[0]?.message.split("\n")[0]}`);
  const layout = layoutOf(text);
  const out = insertedText(text, doc, plan, layout) ?? editedText(doc, plan, layout);
  // The file as the stack will read it: refused here rather than at the stack's next preview.
  checkedEnvironment(parseDocument(out).toJS(), file, dir);
  return out;
}

type Layout = ReturnType<typeof layoutOf>;

/** The entries to add as YAML nodes of `doc`: one line per user and per API key, as the export writes them. */
function itemsOf(doc: Document, k: KindPlan): Node[] {
  const at = k.kind.file.at;
  return k.added.map((a) => {
    const node = doc.createNode(a.entry);
    if (isMap(node) && (at[0] === "users" || at[0] === "apiKeys")) node.flow = true;
    return node;
  });
}

/** `value` as a YAML block in `layout`, each line `column` spaces in. */
function rendered(value: Node | Record<string, Node>, layout: Layout, column: number): string {
  const d = new Document();
  d.contents = isNode(value) ? value : d.createNode(value);
  const pad = " ".repeat(column);
  return d
    .toString({ lineWidth: 0, ...layout })
    .split("\n")
    .map((l) => (l === "" ? l : `${pad}${l}`))
    .join("\n");
}

/**
 * The file's text with only the new lines put in, every other byte left as it was: each entry after its block
 * list's last item at that list's column, and a top-level section the file lacks at the end. Undefined when a
 * section is held otherwise (a flow list, one entry, a section under a key the file has): editedText then.
 */
function insertedText(text: string, doc: Document, plan: PromotionPlan, layout: Layout): string | undefined {
  const inserts: Array<{ at: number; text: string }> = [];
  let appended = "";
  for (const k of plan.kinds) {
    if (k.added.length === 0) continue;
    const at = k.kind.file.at;
    if (k.kind.file.one) return undefined;
    const section = doc.getIn(at, true);
    const items = itemsOf(doc, k);
    if (section === undefined && !doc.hasIn([at[0]])) {
      const nested = at
        .slice(1)
        .reduceRight<Node | Record<string, Node>>(
          (inner, key) => ({ [key]: isNode(inner) ? inner : doc.createNode(inner) }),
          doc.createNode(items),
        );
      appended += rendered(
        { [at[0] as string]: isNode(nested) ? nested : doc.createNode(nested) },
        layout,
        0,
      );
      continue;
    }
    const last = isSeq(section) && !section.flow ? section.items.at(-1) : undefined;
    if (!isSeq(section) || !isNode(last) || !section.range || !last.range) return undefined;
    const column = section.range[0] - (text.lastIndexOf("\n", section.range[0] - 1) + 1);
    const lineEnd = text.indexOf("\n", Math.max(0, last.range[1] - 1));
    inserts.push({
      at: lineEnd === -1 ? text.length : lineEnd + 1,
      text: rendered(doc.createNode(items), layout, column),
    });
  }
  let out = text;
  for (const i of inserts.sort((a, b) => b.at - a.at)) {
    const before = out.slice(0, i.at);
    out = `${before}${before.endsWith("\n") || before === "" ? "" : "\n"}${i.text}${out.slice(i.at)}`;
  }
  if (appended !== "") out = `${out}${out.endsWith("\n") || out === "" ? "" : "\n"}${appended}`;
  return out;
}

/** The document with the entries added, written whole in the file's layout (comments, order, quoting kept). */
function editedText(doc: Document, plan: PromotionPlan, layout: Layout): string {
  for (const k of plan.kinds) {
    if (k.added.length === 0) continue;
    const at = k.kind.file.at;
    if (k.kind.file.one) {
      doc.setIn(at, doc.createNode(k.added[0]?.entry));
      continue;
    }
    const section = doc.getIn(at, true);
    const items = itemsOf(doc, k);
    if (isSeq(section)) {
      // An empty section is written `[]` by the export: its entries go one per item, as the others.
      if (section.items.length === 0) section.flow = false;
      section.items.push(...items);
    } else doc.setIn(at, doc.createNode(items));
  }
  return doc.toString({ lineWidth: 0, ...layout });
}
