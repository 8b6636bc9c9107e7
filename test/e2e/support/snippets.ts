// The TypeScript snippets of a Markdown document: each ```ts block, with the line it starts on.
export interface Snippet {
  line: number;
  code: string;
}

export function tsBlocks(markdown: string): Snippet[] {
  const blocks: Snippet[] = [];
  const lines = markdown.split("\n");
  for (let i = 0; i < lines.length; i++) {
    if (!/^```(ts|typescript)\s*$/.test(lines[i] ?? "")) continue;
    const start = i + 1;
    while (i + 1 < lines.length && !/^```\s*$/.test(lines[i + 1] ?? "")) i++;
    blocks.push({ line: start + 1, code: `${lines.slice(start, i + 1).join("\n")}\n` });
    i++;
  }
  return blocks;
}
