// CampaignTemplate: its cases for the README table's test and the plugin's imports, its listing seeds and its
// lookup (test/support/kinds/index.ts says what each is for). No secret argument. The cases name no channelId
// (a channel's enabled flag changes in the channel's own case); test/integration/resources/campaigns.test.ts
// covers templates that name one.
import type { Fixture } from "./helpers";

const feed = (title: string) => ({
  channelType: "in_app",
  dataType: "ui_template",
  categoryFilterEnabled: true,
  content: { title },
});

export const fixture: Fixture = {
  cases: () => [
    {
      kind: "CampaignTemplate",
      name: "campaign-template",
      set: {
        templateId: "t-welcome",
        name: "Welcome",
        templateCategory: "Onboarding",
        label: "Hi",
        alternativeText: "Welcome aboard",
        tags: ["new"],
        status: "draft",
        channels: [feed("Welcome")],
        variableSchema: ["user_name"],
        config: { priority: "high" },
      },
      change: {
        templateId: "t-welcome",
        name: "Welcome!",
        templateCategory: "Marketing",
        label: "Hello",
        alternativeText: "Welcome, again",
        tags: ["new", "vip"],
        status: "approved",
        channels: [feed("Welcome back")],
        variableSchema: ["user_name", "plan"],
        config: { priority: "low" },
      },
      remove: { templateId: "t-welcome", name: "Welcome!", channels: [feed("Welcome back")] },
      replace: { templateId: "t-welcome-2", name: "Welcome", channels: [{ channelType: "push" }] },
    },
  ],
  seeds: [
    { templateId: "listed-t1", name: "T1", channels: [{ channelType: "in_app" }] },
    {
      templateId: "listed-t2",
      name: "T2",
      templateCategory: "Alerts",
      label: "Alert",
      alternativeText: "An alert",
      tags: ["a"],
      status: "approved",
      channels: [
        {
          channelType: "push",
          dataType: "data_template",
          content: { title: "x" },
          messageRetentionHours: 24,
          sequenceOrder: 1,
          stopCondition: "clicked",
          waitMinutes: 5,
        },
      ],
      variableSchema: ["v"],
      config: { k: "v" },
    },
  ],
  lookup: {
    holds: { templateId: "listed-t1", name: "T1", status: "draft", channels: [{ channelType: "in_app" }] },
  },
};
