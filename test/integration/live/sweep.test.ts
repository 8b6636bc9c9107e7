// The live mode's sweeper (test/live/sweep.ts) against an emulator in this process: an MCP server a run left
// is deleted now that the API has a route for it (decision 0117), as every other kind's leftovers are; a
// younger run's and one without the run prefix are never touched.
import { contextFor } from "../../../provider/engine/generic";
import { runPrefix } from "../../live/prefix";
import { sweep } from "../../live/sweep";
import { useCleanEmulated } from "../../support/emulator";

const emulated = useCleanEmulated();

it("deletes the MCP servers an old run left (an agent naming one no longer does), and nothing else", async () => {
  const emu = emulated();
  const ctx = () =>
    contextFor({ connection: emu.connection, managementConnection: emu.managementConnection });
  const now = Date.now();
  const old = `${runPrefix(now - 2 * 60 * 60 * 1000)}mcp`;
  const young = `${runPrefix(now)}mcp`;
  for (const slug of [old, young, "not-ours"])
    await emu.chat.call("createMcpServer", { body: { slug, name: slug, url: "https://mcp.example.com" } });
  const agent = await emu.chat.call("createBuilderAgent", { body: { name: "keeper", mcpServers: [old] } });

  const lines: string[] = [];
  const dry = await sweep({ ctx: ctx(), dryRun: true, nowMs: now, log: (l) => lines.push(l) });
  expect(dry).toEqual({ deleted: [`McpServer ${old}`], kept: [] });
  expect(lines).toContain(`sweep: would delete McpServer ${old} (120 min old)`);
  const slugs = async () =>
    (await emu.chat.call("listMcpServers", { query: { limit: 100 } })).data.map((m) => m.slug).sort();
  expect(await slugs()).toEqual([old, young, "not-ours"].sort()); // a dry run deletes nothing

  const swept = await sweep({ ctx: ctx(), nowMs: now, log: (l) => lines.push(l) });
  expect(swept).toEqual({ deleted: [`McpServer ${old}`], kept: [] });
  expect(lines).toContain(`sweep: deleted McpServer ${old} (120 min old)`);
  expect(lines.some((l) => l.includes("cannot delete McpServer"))).toBe(false);
  expect(await slugs()).toEqual([young, "not-ours"].sort());
  const uid = agent.data.uid;
  expect((await emu.chat.call("getBuilderAgent", { params: { uid } })).data.mcpServers).toEqual([]);

  // Nothing of the old run is left for a second sweep.
  expect(await sweep({ ctx: ctx(), nowMs: now })).toEqual({ deleted: [], kept: [] });
});
