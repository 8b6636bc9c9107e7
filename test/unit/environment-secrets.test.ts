// The values the environment file names by secret config keys, checked at preview by the rules of the
// arguments they become (provider/environment/secret-values.ts, decision 0120): each problem at the file's
// field, naming the config key, never the value; keys not set are said all at once.
import { parsedEnvironment } from "../../provider/environment/load";
import { secretProblems } from "../../provider/environment/secret-values";

const file = `app: { existing: true }
webhooks:
  - id: orders
    name: Orders
    url: "https://hooks.example.com/orders"
    basicAuth:
      username: hooks
      password: { secret: hook-password }
extensions:
  - { extension: gifs-giphy, secrets: { giphyApiKey: { secret: giphy-key } } }
`;

/** The lines the component would refuse the file with, for these config values. */
function lines(config: Record<string, string>): string[] {
  const checked = parsedEnvironment(file, "/project/chat-environment.yaml");
  const problems = secretProblems(checked.env, (key) => config[key], "chat-environment");
  return problems.length ? [...checked.refuse(problems).lines] : [];
}

describe("the environment file's secret config values", () => {
  it("takes values the arguments' rules take", () => {
    expect(lines({ "hook-password": "s3cretPassw0rd", "giphy-key": "abc123" })).toEqual([]);
  });

  it("refuses a value its argument does not take at the file's field, naming the key and never the value", () => {
    const said = lines({ "hook-password": "has-a-hyphen", "giphy-key": "abc123" });
    expect(said).toEqual([
      "chat-environment.yaml:8:7: webhooks[0].basicAuth.password (config chat-environment:hook-password): may contain only letters and digits",
    ]);
    expect(said.join("\n")).not.toContain("has-a-hyphen");
  });

  it("says every key that is not set, with the values of those set, at once", () => {
    expect(lines({ "hook-password": "has-a-hyphen" })).toEqual([
      "chat-environment.yaml:8:7: webhooks[0].basicAuth.password (config chat-environment:hook-password): may contain only letters and digits",
      "chat-environment.yaml:10:41: extensions[0].secrets.giphyApiKey (config chat-environment:giphy-key): is not set: pulumi config set --secret giphy-key <value>",
    ]);
    expect(lines({})).toEqual([
      "chat-environment.yaml:8:7: webhooks[0].basicAuth.password (config chat-environment:hook-password): is not set: pulumi config set --secret hook-password <value>",
      "chat-environment.yaml:10:41: extensions[0].secrets.giphyApiKey (config chat-environment:giphy-key): is not set: pulumi config set --secret giphy-key <value>",
    ]);
  });
});
