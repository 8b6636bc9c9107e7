// What every app starts with that is not empty: the built-in moderation rules and keyword list (their ids are
// the ones in the vendor's list examples; names and patterns are ours), and the notification settings the
// service answers before any change (values from the vendor's example; the template texts are ours).
import type { Json, KeywordListRecord, RuleRecord } from "./state";

const PHONE = String.raw`\+?[0-9][0-9 ()-]{7,}[0-9]`;
const EMAIL = String.raw`[A-Za-z0-9._%+-]+@[A-Za-z0-9.-]+\.[A-Za-z]{2,}`;

export function defaultRules(at: number): RuleRecord[] {
  const rule = (id: string, name: string, conditions: Json[], action: string): RuleRecord => ({
    id,
    name,
    enabled: false,
    conditions,
    action: [action],
    createdAt: at,
    updatedAt: at,
    revision: 1,
    default: true,
  });
  const text = { entity: "message", operator: "contains" };
  return [
    rule(
      "text-profanity-filter",
      "Profanity in text",
      [
        {
          id: 1,
          ...text,
          operand: "text",
          category: "word",
          isKeywordsReferencePresent: true,
          value: ["profanity-list"],
        },
      ],
      "blockMessage",
    ),
    rule(
      "image-moderation",
      "Unsafe images",
      [{ id: 1, entity: "message", operand: "image", isMediaPresent: true, value: ["AnyOf_greaterThan_30"] }],
      "blockMessage",
    ),
    rule(
      "video-moderation",
      "Unsafe videos",
      [{ id: 1, entity: "message", operand: "video", isMediaPresent: true, value: ["AnyOf_greaterThan_30"] }],
      "dropMessage",
    ),
    rule(
      "custom-profanity-filter",
      "Profanity in custom messages",
      [
        {
          id: 1,
          ...text,
          operand: "custom",
          category: "word",
          isListReferencePresent: true,
          value: ["profanity-list"],
        },
      ],
      "dropMessage",
    ),
    rule(
      "contact_details_filter",
      "Phone numbers",
      [
        { id: 1, ...text, operand: "text", category: "pattern", value: [PHONE] },
        { id: 2, ...text, operand: "custom", category: "pattern", value: [PHONE] },
      ],
      "blockMessage",
    ),
    rule(
      "email_filter",
      "Email addresses",
      [{ id: 1, ...text, operand: "text", category: "pattern", value: [EMAIL] }],
      "blockMessage",
    ),
  ];
}

export function defaultKeywordLists(at: number): KeywordListRecord[] {
  return [
    {
      id: "profanity-list",
      name: "Profanity",
      category: "word",
      isCSV: false,
      searchTerms: ["darn", "heck"],
      createdAt: at,
      updatedAt: at,
      revision: 1,
      default: true,
    },
  ];
}

const pairs = (names: readonly string[], value: number, override: boolean): Json =>
  Object.fromEntries(
    names.flatMap((n) => [
      [`${n}Setting`, value],
      [`${n}Override`, override],
    ]),
  );
// Quoted replies in one-on-one conversations too, as the vendor's settings example has them.
const conversation = (): Json => ({
  ...pairs(["messages", "replies", "quotedReplies", "reactions"], 2, true),
  messageEditedSetting: 2,
  messageDeletedSetting: 2,
});
const template = (body: string): Json => ({
  titleOneOnOne: "{{message.sender.name}}",
  titleGroup: "{{message.sender.name}} in {{message.receiver.name}}",
  body,
});
const privacy = template("New message");
const media: Json = {
  titleOneOnOne: "{{message.sender.name}}",
  titleGroup: "{{message.sender.name}} in {{message.receiver.name}}",
  body_image: "Sent a photo",
  body_audio: "Sent an audio clip",
  body_video: "Sent a video",
  body_file: "Sent a file",
};
const digest = (): Json => ({
  notifyForUnreadOnly: true,
  intervalInSeconds: 7200,
  maxPerDay: 20,
  maxPerDayPerConversation: 2,
});
const WEEK = ["monday", "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday"];

/** The whole settings tree as a new app answers it (and as a reset leaves it). */
export function defaultNotificationSettings(): Json {
  return {
    preferences: {
      group: {
        ...conversation(),
        ...pairs(
          [
            "memberLeft",
            "memberAdded",
            "memberJoined",
            "memberKicked",
            "memberBanned",
            "memberUnbanned",
            "memberScopeChanged",
          ],
          1,
          true,
        ),
      },
      oneOnOne: conversation(),
      call: pairs(["initiated", "ongoing", "cancelled", "busy", "rejected", "unanswered", "ended"], 1, false),
      bypassPreferencesForMentions: false,
      mute: {
        dndPreferenceSetting: 1,
        dndPreferenceOverride: true,
        mutedGroupsOverride: true,
        mutedOneOnOnesOverride: true,
        schedulePreferenceOverride: true,
        schedulePreferenceSetting: Object.fromEntries(
          WEEK.map((d) => [d, { from: 0, to: 2359, dnd: false }]),
        ),
      },
      email: digest(),
      sms: digest(),
      push: {
        includeMessageObjectSetting: false,
        includeSenderMetadataSetting: true,
        includeReceiverMetadataSetting: true,
        trimTextFieldSetting: false,
        includeMessageMetadataSetting: true,
        customJson: {},
      },
    },
    sound: { chat: "default", call: "default" },
    templates: {
      usePrivacyTemplate: 3,
      textMessageTemplateDefault: template("{{message.data.text}}"),
      textMessageTemplatePrivacy: privacy,
      mediaMessageTemplateDefault: media,
      mediaMessageTemplatePrivacy: {
        ...media,
        body_image: "New message",
        body_audio: "New message",
        body_video: "New message",
        body_file: "New message",
      },
      customMessageTemplateDefault: { ...template("{{message.data.text}}"), body_fallback: "New message" },
      customMessageTemplatePrivacy: { ...privacy, body_fallback: "New message" },
      pollMessageTemplateDefault: { ...template("{{message.data.text}}"), body_fallback: "" },
      pollMessageTemplatePrivacy: { ...privacy, body_fallback: "" },
      reminderMessageTemplateDefault: { ...template("{{message.data.text}}"), body_fallback: "" },
      reminderMessageTemplatePrivacy: { ...privacy, body_fallback: "" },
      userMentionTemplateDefault: {
        titleOneOnOne: "{{message.sender.name}}",
        titleGroup: "{{message.sender.name}} in {{message.receiver.name}}",
        bodyOneOnOne: "{{message.sender.name}} mentioned you: {{message.data.text}}",
        bodyGroup:
          "{{message.sender.name}} mentioned you in {{message.receiver.name}}: {{message.data.text}}",
        body_fallback: "New mention",
      },
      userMentionTemplatePrivacy: {
        titleOneOnOne: "{{message.sender.name}}",
        titleGroup: "{{message.sender.name}} in {{message.receiver.name}}",
        bodyOneOnOne: "New mention",
        bodyGroup: "New mention",
        body_fallback: "New mention",
      },
      groupMentionTemplateDefault: {
        titleGroup: "{{message.sender.name}} in {{message.receiver.name}}",
        body: "{{message.sender.name}} mentioned everyone: {{message.data.text}}",
        body_fallback: "New mention",
      },
      groupMentionTemplatePrivacy: {
        titleGroup: "{{message.sender.name}} in {{message.receiver.name}}",
        body: "New mention",
        body_fallback: "New mention",
      },
      // Interactive templates: in a later copy of the vendor's file than S1 (provider/contract/divergences.yaml).
      interactiveFormTemplateDefault: template("Sent a form"),
      interactiveFormTemplatePrivacy: privacy,
      interactiveCardTemplateDefault: template("Sent a card"),
      interactiveCardTemplatePrivacy: privacy,
      interactiveSchedulerTemplateDefault: template("Sent a meeting invitation"),
      interactiveSchedulerTemplatePrivacy: privacy,
      interactiveCustomTemplateDefault: template("Sent a message"),
      interactiveCustomTemplatePrivacy: privacy,
      emailSubjectTemplateDefault: {
        subjectGroup: "New messages in {{message.receiver.name}}",
        subjectOneOnOne: "New messages from {{message.sender.name}}",
      },
      emailSubjectTemplatePrivacy: { subjectGroup: "New messages", subjectOneOnOne: "New messages" },
      smsContentTemplateDefault: {
        bodyGroup: "{{message.sender.name}} in {{message.receiver.name}}: {{message.data.text}}",
        bodyOneOnOne: "{{message.sender.name}}: {{message.data.text}}",
      },
      smsContentTemplatePrivacy: { bodyGroup: "New message", bodyOneOnOne: "New message" },
    },
  };
}

/** `patch` merged into `base`: objects key by key, anything else replaced. Neither is changed. */
export function deepMerge(base: Json, patch: Json): Json {
  const out: Json = { ...base };
  for (const [k, v] of Object.entries(patch)) {
    if (v === undefined || k === "__proto__") continue;
    const b = out[k];
    out[k] = isPlainObject(v) && isPlainObject(b) ? deepMerge(b, v) : isPlainObject(v) ? deepMerge({}, v) : v;
  }
  return out;
}

const isPlainObject = (v: unknown): v is Json => typeof v === "object" && v !== null && !Array.isArray(v);
