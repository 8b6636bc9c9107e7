// The data lookups' model (provider/kinds/data-lookups.ts): what each takes and returns, as the plugin's schema and the
// TypeScript SDK declare it, and bad arguments refused before anything is read.
import type { Ctx } from "../../provider/engine/kind";
import { packageSchema } from "../../provider/hosts/plugin/schema";
import { dataLookups, readData } from "../../provider/kinds/data-lookups";
import * as functions from "../../sdk/nodejs/functions";

/** A context that fails the test when a lookup reaches the service. */
const unreachable = new Proxy({} as Ctx, {
  get: () => () => {
    throw new Error("the service was called");
  },
});

interface FunctionSpec {
  inputs: { properties: Record<string, unknown>; required: string[] };
  outputs: { properties: Record<string, { description?: string }>; required: string[] };
}

describe("data lookups", () => {
  const model = new Map(dataLookups().map((d) => [d.name, d]));

  it("usage and message metrics, each on the chat API, with their arguments and fields", () => {
    expect([...model.keys()]).toEqual([
      "getUsageMetrics",
      "getMessageMetrics",
      "getFlaggedMessages",
      "getReviewedMessages",
      "getBlockedMessages",
    ]);
    const usage = model.get("getUsageMetrics");
    expect(usage?.api).toBe("chat");
    expect(usage?.args.map((a) => [a.name, a.optional])).toEqual([
      ["fromDate", false],
      ["toDate", false],
    ]);
    expect(usage?.result.map((r) => r.name)).toEqual([
      "fromDate",
      "toDate",
      "audioMinutes",
      "videoMinutes",
      "recordedMinutes",
      "activeUsers",
      "concurrentUsers",
    ]);
    expect(model.get("getMessageMetrics")?.args).toEqual([]);
    expect(model.get("getMessageMetrics")?.result.map((r) => r.name)).toEqual([
      "startTime",
      "endTime",
      "dataPoints",
    ]);
    for (const d of model.values()) for (const f of [...d.args, ...d.result]) expect(f.doc).not.toBe(f.name);
  });

  it("the moderation queues: an optional limit each, and the messages they hold", () => {
    for (const name of ["getFlaggedMessages", "getReviewedMessages", "getBlockedMessages"] as const) {
      const d = model.get(name);
      expect([name, d?.api, d?.args.map((a) => [a.name, a.optional])]).toEqual([
        name,
        "chat",
        [["limit", true]],
      ]);
      expect(d?.result.map((r) => r.name)).toEqual(["messages"]);
    }
  });

  it("the plugin's schema declares each as a function: its arguments required, the connection beside them", () => {
    const fns = packageSchema().functions as Record<string, FunctionSpec>;
    for (const d of model.values()) {
      const f = fns[`chat:index:${d.name}`];
      expect(Object.keys(f?.inputs.properties ?? {})).toEqual([...d.args.map((a) => a.name), "connection"]);
      expect(f?.inputs.required).toEqual(d.args.filter((a) => !a.optional).map((a) => a.name));
      expect(f?.outputs.required).toEqual(d.result.map((r) => r.name));
      for (const r of d.result) expect(f?.outputs.properties[r.name]?.description).toBe(r.doc);
    }
  });

  it("the TypeScript SDK has a lookup of each", () => {
    const sdk = functions as unknown as Record<string, unknown>;
    for (const name of model.keys()) expect([name, typeof sdk[name]]).toEqual([name, "function"]);
  });

  it("bad arguments are refused naming each and its rule, before the service is called", async () => {
    await expect(readData(unreachable, "getUsageMetrics", { fromDate: 10, toDate: 5 })).rejects.toMatchObject(
      {
        failures: [{ property: "toDate", reason: "toDate must not be before fromDate" }],
      },
    );
    await expect(readData(unreachable, "getUsageMetrics", { fromDate: 1.5 })).rejects.toMatchObject({
      failures: [
        { property: "fromDate", reason: expect.stringMatching(/^fromDate/) },
        { property: "toDate", reason: "toDate is required (number)" },
      ],
    });
    await expect(readData(unreachable, "getBlockedMessages", { limit: 1001 })).rejects.toMatchObject({
      failures: [{ property: "limit", reason: "limit must be at most 1000" }],
    });
    await expect(readData(unreachable, "getMessageMetrics", { since: 1 })).rejects.toMatchObject({
      failures: [{ property: "since", reason: "since is not an argument" }],
    });
  });
});
