// Writes a promotion's entries to add into the stack's environment file (`chat-export --compare --write`):
// edited as a YAML document, so its comments, order and layout stay; each entry appended to its section, a
// section the file lacks added at the end. Entries hold secrets only as `{ secret: key }` references (the
// export never has a value), so no value reaches the file.
import { isMap, isSeq, parseDocument } from "yaml";
import { checkedEnvironment } from "../load";
import type { PromotionPlan } from "./compare";

/** `text` with the plan's added entries, checked as the component will read it (a problem: thrown). */
export function promotedText(text: string, plan: PromotionPlan, file: string, dir: string): string {
  const doc = parseDocument(text);
  if (doc.errors.length > 0) throw new Error(`${file}: ${doc.errors[0]?.message.split("\n")[0]}`);
  for (const k of plan.kinds) {
    if (k.added.length === 0) continue;
    const at = k.kind.file.at;
    if (k.kind.file.one) {
      doc.setIn(at, doc.createNode(k.added[0]?.entry));
      continue;
    }
    const section = doc.getIn(at, true);
    const items = k.added.map((a) => {
      const node = doc.createNode(a.entry);
      // One line per user and per API key, as the export writes them.
      if (isMap(node) && (at[0] === "users" || at[0] === "apiKeys")) node.flow = true;
      return node;
    });
    if (isSeq(section)) {
      // An empty section is written `[]` by the export: its entries go one per item, as the others.
      if (section.items.length === 0) section.flow = false;
      section.items.push(...items);
    } else doc.setIn(at, doc.createNode(items));
  }
  const out = doc.toString({ lineWidth: 0 });
  // The file as the stack will read it: refused here rather than at the stack's next preview.
  checkedEnvironment(parseDocument(out).toJS(), file, dir);
  return out;
}
