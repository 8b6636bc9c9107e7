// ChatWidget: its cases for the README table's test and the plugin's imports, its listing seeds and its lookup
// (test/support/kinds/index.ts says what each is for). No secret argument.
import type { Fixture } from "./helpers";

/** The flags `main` must carry (the vendor gives them no default). */
const required = (on: boolean) => ({
  allow_creating_polls: on,
  allow_message_reactions: on,
  allow_moderator_to_delete_member_messages: on,
  allow_promote_demote_members: on,
  enable_collaborative_document: on,
  enable_collaborative_whiteboard: on,
  enable_message_translation: on,
  send_message_in_private_to_group_member: on,
});

export const fixture: Fixture = {
  cases: ({ appId }) => [
    {
      kind: "ChatWidget",
      name: "widget",
      set: {
        appId,
        name: "table widget",
        style: { primary_color: "#112233", custom_css: ".a{}" },
        sidebar: { calls: true, user_listing: "friends" },
        main: { ...required(true), send_gifs: true },
      },
      change: {
        appId,
        name: "table widget 2",
        style: { primary_color: "#445566" },
        sidebar: { calls: false, sidebar_navigation_sequence: ["chats", "groups"] },
        main: { ...required(false), send_gifs: false, share_location: true },
      },
      // appId removed: it defaults to the configured app, the same one, so nothing changes.
      remove: { name: "table widget 2" },
      replace: { appId: "another-app" },
    },
  ],
  seeds: [
    { name: "listed-w1" },
    {
      name: "listed-w2",
      style: { background_color: "#000000" },
      sidebar: { calls: true },
      main: required(true),
    },
  ],
  lookup: { holds: { name: "listed-w1" } },
};
