// Where a path of the environment file sits in its text: line and column from the YAML document's node
// ranges (the `yaml` package keeps them), for the messages' `file:line:column:` (issue 43).
import { isAlias, isMap, isScalar, isSeq, LineCounter, type Node, parseDocument } from "yaml";
import type { FilePath } from "../engine/kind";

/** A place in the file: 1-based line and column. */
export interface Place {
  line: number;
  column: number;
}

/** The place of a path in the file: the key naming its last field, else the item or value it names. */
export type Locate = (path: FilePath) => Place | undefined;

/** A parsed YAML (or JSON) text, its problems with their places, and how to place a path in it. */
export interface Located {
  doc: ReturnType<typeof parseDocument>;
  locate: Locate;
  /** The text's syntax errors, each with its place, in the `yaml` package's words (first line). */
  syntax: { place: Place | undefined; message: string }[];
}

/** Parses `text`, keeping what places a path. */
export function locatedDocument(text: string): Located {
  const lines = new LineCounter();
  const doc = parseDocument(text, { lineCounter: lines, prettyErrors: true });
  const placeOf = (offset: number | undefined): Place | undefined => {
    if (offset === undefined) return undefined;
    const { line, col } = lines.linePos(offset);
    return { line, column: col };
  };
  const start = (node: unknown): number | undefined => (node as Node | null)?.range?.[0];
  const locate: Locate = (path) => {
    let node: unknown = doc.contents;
    let at = start(node);
    for (const part of path) {
      if (isAlias(node)) node = node.resolve(doc);
      if (isMap(node)) {
        const pair = node.items.find((p) => isScalar(p.key) && String(p.key.value) === String(part));
        if (!pair) break;
        at = start(pair.key) ?? at;
        node = pair.value;
      } else if (isSeq(node) && typeof part === "number") {
        const item = node.items[part];
        if (item === undefined) break;
        at = start(item) ?? at;
        node = item;
      } else break;
    }
    return placeOf(at);
  };
  const syntax = doc.errors.map((e) => ({
    place: e.linePos ? { line: e.linePos[0].line, column: e.linePos[0].col } : placeOf(e.pos[0]),
    // "… at line 3, column 5:" and the excerpt after it: the place is said in front.
    message: (e.message.split("\n")[0] ?? "").replace(/ at line \d+, column \d+:?$/, ""),
  }));
  return { doc, locate, syntax };
}
