// The data lookups (provider/kinds/data-lookups.ts: usage and message metrics, the moderation queues) against the emulator, in TypeScript
// (sdk/nodejs/functions.ts, generated) and through the plugin's invoke: counts from the app's state, times in Unix
// seconds, bad arguments refused naming the argument.
import type * as pulumi from "@pulumi/pulumi";
import { chatPlugin } from "../../provider/hosts/plugin/provider";
import { revealProps } from "../../provider/hosts/plugin/wire";
import {
  getBlockedMessages,
  getFlaggedMessages,
  getMessageMetrics,
  getReviewedMessages,
  getUsageMetrics,
} from "../../sdk/nodejs/functions";
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

describe("the moderation queues", () => {
  const emu = useEmulated({ clientOptions: FAST });
  let blocked: string;
  let clean: string;

  beforeAll(async () => {
    const chat = emu().chatClient();
    for (const uid of ["mia", "noa"]) await chat.call("createUser", { body: { uid, name: uid } });
    await chat.call("createKeywordList", {
      body: { id: "q-words", category: "word", searchTerms: "casino,lottery" },
    });
    await chat.call("createRule", {
      body: {
        id: "q-no-gambling",
        name: "No gambling",
        enabled: true,
        action: ["blockMessage"],
        conditions: [
          {
            operand: "text",
            operator: "contains",
            category: "word",
            isKeywordsReferencePresent: true,
            value: ["q-words"],
          },
        ],
      },
    });
    const send = async (text: string) =>
      (
        await chat.call("sendMessage", {
          body: { receiver: "noa", receiverType: "user", data: { text } },
          onBehalfOf: "mia",
        })
      ).data.id;
    blocked = await send("Try the casino tonight");
    clean = await send("See you at lunch");
  });

  it("getBlockedMessages lists what a blocking rule matched, with the rule, and nothing else", async () => {
    const r = await settled(getBlockedMessages({ connection: emu().connection }));
    expect(r.messages.map((m) => m.id)).toEqual([blocked]);
    expect(r.messages[0]).toMatchObject({
      sender: "mia",
      receiver: "noa",
      text: "Try the casino tonight",
      ruleId: "q-no-gambling",
      ruleName: "No gambling",
      action: ["blockMessage"],
      status: "disapproved",
    });
  });

  it("a flagged message is listed with its report until a moderator reviews it; then it is reviewed", async () => {
    const chat = emu().chatClient();
    await chat.call("flagMessage", {
      params: { id: clean },
      body: { reasonId: "spam", remark: "looks like an ad" },
      onBehalfOf: "noa",
    });
    const flagged = await settled(getFlaggedMessages({ connection: emu().connection }));
    expect(flagged.messages).toEqual([
      expect.objectContaining({
        id: clean,
        flaggedCount: 1,
        flags: [expect.objectContaining({ uid: "noa", reasonId: "spam", remark: "looks like an ad" })],
      }),
    ]);
    expect((await settled(getReviewedMessages({ connection: emu().connection }))).messages).toEqual([]);

    await chat.call("reviewFlaggedMessage", { params: { id: clean }, body: { status: "approved" } });
    expect((await settled(getFlaggedMessages({ connection: emu().connection }))).messages).toEqual([]);
    const reviewed = await settled(getReviewedMessages({ connection: emu().connection }));
    expect(reviewed.messages).toEqual([
      expect.objectContaining({ id: clean, status: "approved", action: [] }),
    ]);
  });

  it("limit caps one read; the plugin answers the same; a bad limit is refused naming it", async () => {
    const chat = emu().chatClient();
    const more = await chat.call("sendMessage", {
      body: { receiver: "noa", receiverType: "user", data: { text: "lottery results" } },
      onBehalfOf: "mia",
    });
    const connection = emu().connection;
    expect((await settled(getBlockedMessages({ connection }))).messages.map((m) => m.id)).toEqual([
      blocked,
      more.data.id,
    ]);
    expect((await settled(getBlockedMessages({ limit: 1, connection }))).messages.map((m) => m.id)).toEqual([
      blocked,
    ]);
    const invoked = await chatPlugin.invoke("chat:index:getBlockedMessages", { limit: 1, connection });
    expect(invoked.failures).toBeUndefined();
    expect(revealProps(invoked.outputs)).toEqual(await settled(getBlockedMessages({ limit: 1, connection })));
    const bad = await chatPlugin.invoke("chat:index:getFlaggedMessages", { limit: 0, connection });
    expect(bad.failures).toEqual([{ property: "limit", reason: "limit must be at least 1" }]);
  });
});
