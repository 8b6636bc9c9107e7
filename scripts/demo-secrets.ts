// Stand-in values for the secret config keys the repository's chat-environment.yaml names, for runs against
// the emulator (`npm run demo`, the e2e tests): the emulator takes any well-formed key. Against the real
// service, set the real ones: `pulumi config set --secret fcm-service-account "$(cat service-account.json)"`.
export const DEMO_SECRETS: Record<string, { value: string; secret: true }> = {
  "chat-environment:fcm-service-account": {
    value: JSON.stringify({
      project_id: "demo-project",
      client_email: "push@demo-project.iam.gserviceaccount.com",
      private_key: "demo-placeholder-private-key",
      private_key_id: "demo-placeholder-key-id",
    }),
    secret: true,
  },
  "chat-environment:twilio-auth-token": { value: "demo-placeholder-twilio-token", secret: true },
  "chat-environment:giphy-api-key": { value: "demo-placeholder-giphy-key", secret: true },
  "chat-environment:moderation-webhook-password": {
    value: "demo-placeholder-moderation-password",
    secret: true,
  },
  "chat-environment:orders-api-authorization": {
    value: "Bearer demo-placeholder-orders-token",
    secret: true,
  },
};
