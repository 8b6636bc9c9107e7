// Lookups of data, not configuration (decision 0109): what a program or a CI check reads about an app and
// never declares. Each is described once here, by zod schemas of its arguments and result; the plugin's
// functions (provider/hosts/plugin) and the TypeScript lookups (sdk/nodejs/functions.ts, generated) come from this model,
// beside the kinds' `get<Kind>` and `list<Kind>` (provider/kinds/functions.ts).
import { z } from "zod";
import { issueFailures, readableErrors } from "../engine/failures";
import { type Json, jsonOf } from "../engine/json-schema";
import type { Args, Ctx } from "../engine/kind";
import { defined } from "../engine/util";
import type { FunctionArg, ResultField } from "./functions";

interface DataLookupSpec<A extends z.ZodObject, R extends z.ZodObject> {
  readonly api: "chat" | "management";
  readonly doc: string;
  /** Beside the connection; `.describe()` gives each its doc. */
  readonly args: A;
  /** One object; `.describe()` gives each field its doc. */
  readonly result: R;
  readonly read: (ctx: Ctx, args: z.output<A>) => Promise<z.input<R>>;
}

const seconds = (what: string) => z.number().int().min(0).describe(what);
const count = (what: string) => z.number().int().min(0).describe(what);
/** The service writes times as Unix milliseconds, sometimes as strings: seconds, like every other time here. */
const toSeconds = (ms: number | string) => Math.floor(Number(ms) / 1000);

const usageMetrics = {
  api: "chat",
  doc: "What the app used between two times: call minutes, recorded minutes, active and concurrent users.",
  args: z
    .strictObject({
      fromDate: seconds("Start of the range, in Unix seconds."),
      toDate: seconds("End of the range, in Unix seconds; not before fromDate."),
    })
    .refine((a) => a.toDate >= a.fromDate, {
      path: ["toDate"],
      message: "toDate must not be before fromDate",
    }),
  result: z.object({
    fromDate: seconds("Start of the range, in Unix seconds."),
    toDate: seconds("End of the range, in Unix seconds."),
    audioMinutes: z.number().min(0).describe("Minutes of audio calls."),
    videoMinutes: z.number().min(0).describe("Minutes of video calls."),
    recordedMinutes: z.number().min(0).describe("Minutes of calls recorded."),
    activeUsers: count("Users active in the range."),
    concurrentUsers: count("The most users connected at once."),
  }),
  read: async (ctx, a) => {
    const { metrics, time_range } = (
      await ctx.chat().call("getUsageMetrics", { query: { fromDate: a.fromDate, toDate: a.toDate } })
    ).data;
    return {
      fromDate: toSeconds(time_range.fromDate),
      toDate: toSeconds(time_range.toDate),
      audioMinutes: metrics.audio_minutes,
      videoMinutes: metrics.video_minutes,
      recordedMinutes: metrics.recorded_minutes,
      activeUsers: metrics.active_users,
      concurrentUsers: metrics.concurrent_users,
    };
  },
} satisfies DataLookupSpec<z.ZodObject, z.ZodObject>;

const point = z.object({
  startTime: seconds("Start of the bucket, in Unix seconds."),
  endTime: seconds("End of the bucket, in Unix seconds."),
  messagesSent: count("Messages sent in the bucket."),
  deliveryReceipts: count("Delivery receipts in the bucket."),
  readReceipts: count("Read receipts in the bucket."),
});

const messageMetrics = {
  api: "chat",
  doc: "The app's message traffic over the last hour, in five-minute buckets: messages sent and receipts.",
  args: z.strictObject({}),
  result: z.object({
    startTime: seconds("Start of the hour, in Unix seconds."),
    endTime: seconds("End of the hour, in Unix seconds."),
    dataPoints: z.array(point).describe("Each five-minute bucket, oldest first."),
  }),
  read: async (ctx) => {
    const m = (await ctx.chat().call("getMessageMetrics")).data;
    return {
      startTime: toSeconds(m.startTime),
      endTime: toSeconds(m.endTime),
      dataPoints: m.dataPoints.map((p) => ({
        startTime: toSeconds(p.startTime),
        endTime: toSeconds(p.endTime),
        messagesSent: p.messagesSent,
        deliveryReceipts: p.deliveryReceipts,
        readReceipts: p.readReceipts,
      })),
    };
  },
} satisfies DataLookupSpec<z.ZodObject, z.ZodObject>;

// ---- the moderation queues (docs/service/metrics.md): one call, at most `limit` messages, oldest first ----

const queueArgs = z.strictObject({
  limit: z
    .number()
    .int()
    .min(1, "limit must be at least 1")
    .max(1000, "limit must be at most 1000")
    .optional()
    .describe(
      "How many messages to read, 1 to 1000 (the service's default: 50). The service gives no cursor.",
    ),
});

/** A message's own fields, as every queue gives them. */
const queuedMessage = {
  id: z.string().describe("The message's id."),
  sender: z.string().optional().describe("The sender's uid."),
  receiverType: z.string().optional().describe("user or group."),
  receiver: z.string().optional().describe("The receiving user's uid or group's guid."),
  type: z.string().optional().describe("The message type (text, image, ...)."),
  text: z.string().optional().describe("The text, for a text message."),
  sentAt: z.number().int().min(0).optional().describe("When it was sent, in Unix seconds."),
};

type Wire = Record<string, unknown>;
const str = (v: unknown) => (typeof v === "string" ? v : undefined);
const num = (v: unknown) =>
  typeof v === "number" ? v : typeof v === "string" && v !== "" ? Number(v) : undefined;
/** A time the service may write in seconds, milliseconds or as text with a fraction: whole seconds. */
const whole = (v: unknown) => {
  const n = num(v);
  if (n === undefined || !Number.isFinite(n)) return undefined;
  return Math.floor(n > 1e12 ? n / 1000 : n);
};
const messageOf = (m: Wire) => {
  const data = (m.data ?? {}) as Wire;
  return {
    id: String(m.id),
    sender: str(m.sender),
    receiverType: str(m.receiverType),
    receiver: str(m.receiver),
    type: str(m.type),
    text: str(data.text),
    sentAt: whole(m.sentAt),
  };
};

const flaggedMessages = {
  api: "chat",
  doc: "Messages users flagged for review and no moderator has decided on yet, with each user's report.",
  args: queueArgs,
  result: z.object({
    messages: z
      .array(
        z.object({
          ...queuedMessage,
          flaggedCount: z.number().int().min(0).describe("How many users flagged it."),
          flags: z
            .array(
              z.object({
                uid: z.string().describe("The user who flagged it."),
                reasonId: z.string().optional().describe("The reason the user picked."),
                remark: z.string().optional().describe("The user's remark."),
                flaggedAt: z.number().int().min(0).optional().describe("When, in Unix seconds."),
              }),
            )
            .describe("Each user's report."),
        }),
      )
      .describe("The flagged messages, oldest first."),
  }),
  read: async (ctx, a) => {
    const r = await ctx.chat().call("listFlaggedMessages", { query: defined({ limit: a.limit }) });
    return {
      messages: r.data.map((m) => ({
        ...messageOf(m),
        flaggedCount: m.flaggedCount ?? m.flaggedBy.length,
        flags: m.flaggedBy.map((f) => ({
          uid: f.uid,
          reasonId: str(f.reasonId),
          remark: str(f.remark),
          flaggedAt: whole(f.flaggedAt),
        })),
      })),
    };
  },
} satisfies DataLookupSpec<z.ZodObject, z.ZodObject>;

/** A message a rule blocked or a moderator reviewed. */
const moderatedResult = z.object({
  messages: z
    .array(
      z.object({
        ...queuedMessage,
        ruleId: z
          .string()
          .optional()
          .describe("The rule that blocked it (absent for a flagged one reviewed)."),
        ruleName: z.string().optional().describe("That rule's name."),
        action: z.array(z.string()).describe("What the rule does (blockMessage, ...); empty when no rule."),
        status: z.string().optional().describe("The moderation status: approved or disapproved (blocked)."),
        at: z.number().int().min(0).optional().describe("When it was blocked or reviewed, in Unix seconds."),
      }),
    )
    .describe("The messages, oldest first."),
});
const moderatedOf = (x: Wire) => {
  const m = (x.message ?? {}) as Wire;
  const moderation = ((m.data ?? {}) as Wire).moderation as Wire | undefined;
  return {
    ...messageOf(m),
    ruleId: str(x.ruleId),
    ruleName: str(x.ruleName),
    action: Array.isArray(x.action) ? x.action.map(String) : [],
    status: str(moderation?.status),
    at: whole(x.blockedAt ?? x.updatedAt ?? x.createdAt),
  };
};

const reviewedMessages = {
  api: "chat",
  doc: "Messages a moderator decided on (flagged or blocked before), with the decision.",
  args: queueArgs,
  result: moderatedResult,
  read: async (ctx, a) => {
    const r = await ctx.chat().call("listReviewedMessages", { query: defined({ limit: a.limit }) });
    return { messages: r.data.map(moderatedOf) };
  },
} satisfies DataLookupSpec<z.ZodObject, z.ZodObject>;

const blockedMessages = {
  api: "chat",
  doc: "Messages a moderation rule blocked that no moderator has reviewed yet, with the rule.",
  args: queueArgs,
  result: moderatedResult,
  read: async (ctx, a) => {
    const r = await ctx.chat().call("listBlockedMessages", { query: defined({ limit: a.limit }) });
    return { messages: r.data.map(moderatedOf) };
  },
} satisfies DataLookupSpec<z.ZodObject, z.ZodObject>;

/** Every data lookup, by its function name (`chat:index:<name>` in the plugin). */
const SPECS = {
  getUsageMetrics: usageMetrics,
  getMessageMetrics: messageMetrics,
  getFlaggedMessages: flaggedMessages,
  getReviewedMessages: reviewedMessages,
  getBlockedMessages: blockedMessages,
} as const;

export type DataLookupName = keyof typeof SPECS;

/** A data lookup as both surfaces declare it. */
export interface DataLookup {
  readonly name: DataLookupName;
  /** The result type's name (`UsageMetrics`): `<name>Result` in TypeScript, `<name>Info` in the schema. */
  readonly type: string;
  readonly api: "chat" | "management";
  readonly doc: string;
  readonly args: readonly FunctionArg[];
  readonly result: readonly ResultField[];
}

const stripDoc = (s: Json): Json => {
  const { description: _, ...rest } = s;
  return rest;
};

function fieldsOf(schema: z.ZodObject): { name: string; schema: Json; doc: string; optional: boolean }[] {
  const json = jsonOf(schema, "input", true);
  const required: readonly string[] = json.required ?? [];
  return Object.entries(json.properties ?? {}).map(([name, v]) => ({
    name,
    schema: stripDoc(v),
    doc: v.description ?? name,
    optional: !required.includes(name),
  }));
}

/** Every data lookup, in the model's order. */
export function dataLookups(): DataLookup[] {
  return (Object.keys(SPECS) as DataLookupName[]).map((name) => {
    const spec: DataLookupSpec<z.ZodObject, z.ZodObject> = SPECS[name];
    return {
      name,
      type: name.replace(/^get/, ""),
      api: spec.api,
      doc: spec.doc,
      args: fieldsOf(spec.args),
      result: fieldsOf(spec.result).map((f) => ({ ...f, secret: false })),
    };
  });
}

export const isDataLookup = (name: string): name is DataLookupName => Object.hasOwn(SPECS, name);

/** The API a data lookup reads. */
export const apiOfDataLookup = (name: DataLookupName): "chat" | "management" => SPECS[name].api;

/**
 * Runs one data lookup: its arguments checked first (an error naming each bad one and its rule, nothing
 * sent), then read and shaped by its result schema.
 */
export async function readData(ctx: Ctx, name: DataLookupName, args: Args): Promise<Args> {
  const spec: DataLookupSpec<z.ZodObject, z.ZodObject> = SPECS[name];
  const given = spec.args.safeParse(args, { error: readableErrors });
  if (!given.success) throw new DataLookupArgsError(name, issueFailures(given.error.issues, spec.args));
  return spec.result.parse(await spec.read(ctx, given.data)) as Args;
}

/** Bad arguments of a data lookup: one line per argument, naming it and the rule. */
export class DataLookupArgsError extends Error {
  readonly failures: { property: string; reason: string }[];
  constructor(name: string, failures: { property: string; reason: string }[]) {
    // zod's own wording of a bound does not name the argument: said first, then.
    const named = failures.map((f) =>
      f.reason.startsWith(f.property) ? f : { ...f, reason: `${f.property}: ${f.reason}` },
    );
    super(`${name}: ${named.map((f) => f.reason).join("; ")}`);
    this.failures = named;
  }
}
