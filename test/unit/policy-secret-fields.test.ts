// The plain-secret rule reads each kind's own schema: a field named like one another kind marks secret is not
// secret (a template's content, a knowledge file's content), one its schema marks is, at any depth.
import { secretOf } from "../../provider/policy/rules";

describe("a secret field, by the kind's own schema", () => {
  it.each([
    ["PushCertificate", "content", true],
    ["PushCertificate", "password", true],
    ["AiAgent", "toolConnections", true],
    ["AgentApiTool", "basicAuthPassword", true],
    ["SendGridEmailProvider", "credentials.sendGridApiKey", true],
    ["CampaignTemplate", "channels.0.content", false],
    ["AgentKnowledgeFile", "content", false],
    ["User", "name", false],
  ])("%s %s: %s", (kind, path, secret) => {
    expect(secretOf(kind, path)).toBe(secret);
  });

  it("the provider resource (no kind) keeps its secret settings", () => {
    expect(secretOf(undefined, "managementSecret")).toBe(true);
  });
});
