// The exported environment as YAML: one line per user and per API key (a change to one is a one-line
// diff), other objects in block style, short lists (tags, triggers, features) inline. No timestamps: two
// exports of an unchanged app are the same bytes.
import { Document, isMap, isSeq, type YAMLMap, type YAMLSeq } from "yaml";
import type { Exported } from "./document";

export interface RenderOptions {
  appId: string;
  region: string;
}

/** `pulumi config set --secret <key>` for one placeholder (prompts for the value: it stays out of history). */
export const configSetLine = (key: string) => `pulumi config set --secret ${key}`;

function flow(node: unknown): void {
  if (isMap(node) || isSeq(node)) (node as YAMLMap | YAMLSeq).flow = true;
}

export function renderEnvironment(exported: Exported, opts: RenderOptions): string {
  const doc = new Document(exported.environment);
  const items = (key: string) => {
    const seq = doc.get(key, true);
    return isSeq(seq) ? seq.items : [];
  };
  for (const u of items("users")) flow(u);
  for (const k of items("apiKeys")) flow(k);
  flow(doc.get("app", true));
  for (const r of items("roles"))
    if (isMap(r)) for (const k of ["restrictedFeatures", "metadata", "settings"]) flow(r.get(k, true));
  for (const g of items("groups"))
    if (isMap(g)) for (const k of ["tags", "metadata", "password"]) flow(g.get(k, true));
  for (const w of items("webhooks"))
    if (isMap(w)) for (const k of ["basicAuth", "triggers"]) flow(w.get(k, true));

  const header = [
    ` The chat environment of app ${opts.appId} (region ${opts.region}), exported by chat-export.`,
    " Every object is adopted (adopt: true): the first `pulumi up` takes them over as they are.",
    " Adopted objects are protected from deletion, as `pulumi import` does; protectAdopted: false lifts that.",
    ' Point the stack at the app: chat:appId, chat:region and chat:apiKey (README, "Using the real service").',
  ];
  if (exported.secrets.length > 0) {
    header.push(
      " Values the API never returns come from secret stack config; set each before `pulumi up` (the preview",
      " refuses a key not set), or delete the field where the object holds none:",
    );
    for (const s of exported.secrets) header.push(`   ${configSetLine(s.key)}   # ${s.what}`);
  }
  if (exported.notes.length > 0) {
    header.push(" Notes:");
    for (const n of exported.notes) header.push(`   ${n}`);
  }
  doc.commentBefore = header.join("\n");
  return doc.toString({ lineWidth: 0 });
}
