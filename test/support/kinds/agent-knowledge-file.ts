// AgentKnowledgeFile: a file uploaded from a path, the path's file changed (uploaded again), then a file given
// as content with its digest stated; its listing seeds and lookup are content files (no path to carry).
import { createHash } from "node:crypto";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import type { Fixture } from "./helpers";

const file = (name: string) => join(__dirname, "..", "knowledge", name);
const NOTES = "Orders ship within two days.";
const NOTES_2 = "Orders ship within one day.";
const sha256 = (bytes: string | Buffer) => createHash("sha256").update(bytes).digest("hex");

export const fixture: Fixture = {
  cases: () => [
    {
      // Content with its type and digest stated, then a path with them left out; the replace step (a preview)
      // renames it, types it other than its extension does, and states another file's digest.
      kind: "AgentKnowledgeFile",
      name: "kb-notes",
      set: { fileName: "notes-2.txt", content: NOTES, mimeType: "text/plain", contentHash: sha256(NOTES) },
      change: {
        fileName: "notes-2.txt",
        content: NOTES_2,
        mimeType: "text/plain",
        contentHash: sha256(NOTES_2),
      },
      remove: { path: file("faq.md") },
      replace: {
        path: file("faq-v2.md"),
        fileName: "faq-2.md",
        mimeType: "text/plain",
        contentHash: sha256(readFileSync(file("faq-v2.md"))),
      },
    },
    {
      kind: "AgentKnowledgeFile",
      name: "kb-file",
      set: { path: file("faq.md"), fileName: "faq.md" },
      change: { path: file("faq-v2.md"), fileName: "faq.md" },
      remove: { fileName: "notes.txt", content: NOTES },
    },
  ],
  seeds: [
    { fileName: "listed-f1.txt", content: "First file." },
    { fileName: "listed-f2.md", content: "# Second file", mimeType: "text/markdown" },
  ],
  lookup: { holds: { fileName: "listed-f1.txt" } },
};
