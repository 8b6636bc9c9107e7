// What a registry shows of the package beside its resources (issue 32 item 3): who publishes it, where its
// source, releases and logo are. The plugin's releases would be attached to the repository's GitHub
// releases, which is where `pluginDownloadURL` sends an engine that lacks the plugin.

export const REPOSITORY = "https://github.com/pulumi-chat/pulumi-chat";

export const packageMetadata = {
  displayName: "Chat",
  description: "Declare a chat service's apps, users, groups, roles, keys, webhooks and settings.",
  publisher: "pulumi-chat",
  homepage: REPOSITORY,
  repository: REPOSITORY,
  license: "Apache-2.0",
  logoUrl: "https://raw.githubusercontent.com/pulumi-chat/pulumi-chat/main/docs/registry/logo.svg",
  pluginDownloadURL: "github://api.github.com/pulumi-chat",
  keywords: ["pulumi", "chat", "messaging", "cometchat", "kind/native", "category/utility"],
} as const;
