// The data lookups (kinds/data-lookups.ts: usage and message metrics) against the emulator, in TypeScript
// (sdk/functions.ts, generated) and through the plugin's invoke: counts from the app's state, times in Unix
// seconds, bad arguments refused naming the argument.
import type * as pulumi from "@pulumi/pulumi";
import { chatPlugin } from "../../hosts/plugin/provider";
import { revealProps } from "../../hosts/plugin/wire";
import { getMessageMetrics, getUsageMetrics } from "../../sdk/functions";
import { FAST, useEmulated } from "../support/emulator";

/** The value of an Output outside a deployment (its rejection when the lookup fails). */
function settled<T>(o: pulumi.Output<T>): Promise<T> {
  const inner = o as unknown as {
    promise(): Promise<T>;
    isKnown: Promise<boolean>;
    isSecret: Promise<boolean>;
  };
  for (const p of [inner.isKnown, inner.isSecret]) p.catch(() => undefined);
  return inner.promise();
}

describe("usage and message metrics", () => {
  const emu = useEmulated({ clientOptions: FAST });
  let before: number;
  let after: number;

  beforeAll(async () => {
    const chat = emu().chatClient();
    for (const uid of ["ada", "bob", "eve"]) await chat.call("createUser", { body: { uid, name: uid } });
    const send = (from: string, to: string) =>
      chat.call("sendMessage", {
        body: { receiver: to, receiverType: "user", data: { text: "hi" } },
        onBehalfOf: from,
      });
    const sent = [await send("ada", "bob"), await send("ada", "eve"), await send("bob", "ada")];
    const times = sent.map((s) => s.data.sentAt);
    before = Math.min(...times) - 1;
    after = Math.max(...times) + 1;
  });

  it("getUsageMetrics counts the users who sent in the range, and echoes the range in seconds", async () => {
    const connection = emu().connection;
    const inRange = await settled(getUsageMetrics({ fromDate: before, toDate: after, connection }));
    expect(inRange).toEqual({
      fromDate: before,
      toDate: after,
      audioMinutes: 0,
      videoMinutes: 0,
      recordedMinutes: 0,
      activeUsers: 2,
      concurrentUsers: 0,
    });
    const later = await settled(getUsageMetrics({ fromDate: after, toDate: after + 60, connection }));
    expect(later.activeUsers).toBe(0);
  });

  it("getMessageMetrics: the last hour in twelve five-minute buckets, the messages in them", async () => {
    const m = await settled(getMessageMetrics({ connection: emu().connection }));
    expect(m.endTime - m.startTime).toBe(3600);
    expect(m.dataPoints).toHaveLength(12);
    expect(m.dataPoints[0]?.startTime).toBe(m.startTime);
    expect(m.dataPoints.at(-1)?.endTime).toBe(m.endTime);
    for (const [i, p] of m.dataPoints.entries()) {
      expect(p.endTime - p.startTime).toBe(300);
      if (i > 0) expect(p.startTime).toBe(m.dataPoints[i - 1]?.endTime);
    }
    expect(m.dataPoints.reduce((n, p) => n + p.messagesSent, 0)).toBe(3);
  });

  it("the plugin's functions answer the same", async () => {
    const connection = emu().connection;
    const usage = await chatPlugin.invoke("chat:index:getUsageMetrics", {
      fromDate: before,
      toDate: after,
      connection,
    });
    expect(usage.failures).toBeUndefined();
    expect(revealProps(usage.outputs)).toEqual(
      await settled(getUsageMetrics({ fromDate: before, toDate: after, connection })),
    );
    const traffic = await chatPlugin.invoke("chat:index:getMessageMetrics", { connection });
    expect(revealProps(traffic.outputs).dataPoints).toHaveLength(12);
  });

  it("bad arguments are refused, each named with its rule", async () => {
    const connection = emu().connection;
    const invoked = await chatPlugin.invoke("chat:index:getUsageMetrics", {
      fromDate: after,
      toDate: before,
      fromDat: 1,
      connection,
    });
    expect(invoked.failures).toEqual([
      { property: "fromDat", reason: 'fromDat is not an argument (closest valid: "fromDate")' },
      { property: "toDate", reason: "toDate must not be before fromDate" },
    ]);
    await expect(
      settled(getUsageMetrics({ fromDate: -1, toDate: before, connection } as never)),
    ).rejects.toThrow(/getUsageMetrics: .*fromDate/);
  });
});
