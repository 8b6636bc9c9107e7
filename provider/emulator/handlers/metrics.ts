// Usage and message traffic, counted from the app's state (docs/service/metrics.md). The emulator places no
// calls and keeps no connections or receipts: call minutes, concurrent users and receipts are always 0.
import type { AppRecord, MessageRecord } from "../state";
import type { ChatHandlers } from "./types";

/** The traffic window the service reports: the last hour, in buckets of five minutes. */
const WINDOW_SECONDS = 3600;
const BUCKET_SECONDS = 300;

/** What users sent: actions (the service's own notes of joins, edits…) are not messages sent. */
const sent = (app: AppRecord): MessageRecord[] =>
  [...app.messages.values()].filter((m) => m.category !== "action");

const ms = (seconds: number) => String(seconds * 1000);

export const metricsHandlers = {
  getUsageMetrics: ({ app, query }) => {
    const { fromDate, toDate } = query;
    const active = new Set(
      sent(app)
        .filter((m) => m.sentAt >= fromDate && m.sentAt <= toDate)
        .map((m) => m.sender),
    );
    return {
      data: {
        metrics: {
          audio_minutes: 0,
          video_minutes: 0,
          recorded_minutes: 0,
          active_users: active.size,
          concurrent_users: 0,
        },
        time_range: { fromDate: fromDate * 1000, toDate: toDate * 1000 },
      },
    };
  },

  getMessageMetrics: ({ app, env }) => {
    // Buckets end on a five-minute boundary, the last one holding now.
    const end = (Math.floor(env.now() / BUCKET_SECONDS) + 1) * BUCKET_SECONDS;
    const start = end - WINDOW_SECONDS;
    const messages = sent(app);
    const dataPoints = [];
    for (let from = start; from < end; from += BUCKET_SECONDS) {
      const to = from + BUCKET_SECONDS;
      dataPoints.push({
        messagesSent: messages.filter((m) => m.sentAt >= from && m.sentAt < to).length,
        readReceipts: 0,
        deliveryReceipts: 0,
        startTime: ms(from),
        endTime: ms(to),
      });
    }
    return { data: { appId: app.id, startTime: ms(start), endTime: ms(end), dataPoints } };
  },
} satisfies ChatHandlers;
