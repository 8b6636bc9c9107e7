// AgentKnowledgeFile: a file uploaded from a path, the path's file changed (uploaded again), then a file given
// as content with its digest stated; its listing seeds and lookup are content files (no path to carry).
import { createHash } from "node:crypto";
import { join } from "node:path";
import type { Fixture } from "./helpers";

const file = (name: string) => join(__dirname, "..", "knowledge", name);
const NOTES = "Orders ship within two days.";

export const fixture: Fixture = {
  cases: () => [
    {
      kind: "AgentKnowledgeFile",
      name: "kb-file",
      set: { path: file("faq.md"), fileName: "faq.md" },
      change: { path: file("faq-v2.md"), fileName: "faq.md" },
      remove: {
        fileName: "notes.txt",
        content: NOTES,
        mimeType: "text/plain",
        contentHash: createHash("sha256").update(NOTES).digest("hex"),
      },
    },
  ],
  seeds: [
    { fileName: "listed-f1.txt", content: "First file." },
    { fileName: "listed-f2.md", content: "# Second file", mimeType: "text/markdown" },
  ],
  lookup: { holds: { fileName: "listed-f1.txt" } },
};
