// chat-export --compare (promotion, decision 0130): the plan of what one app has that a stack's file lacks or
// holds differently, matched by each kind's key, field by field, secrets never shown, in the file's section
// order; and --write's edit of the file (comments and order kept, secrets as references).
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { type Exported, type Snapshot, toEnvironment } from "../../provider/environment/export";
import { comparePlan } from "../../provider/environment/export/compare";
import { planText } from "../../provider/environment/export/plan-text";
import { promote } from "../../provider/environment/export/promote";
import { promotedText } from "../../provider/environment/export/promote-write";
import { stackEnvironmentFile } from "../../provider/environment/export/stack-file";
import { parseEnvironment } from "../../provider/environment/load";
import { list } from "../support/json";

type Json = Record<string, unknown>;
const listed = (id: string, args: Json) => ({ id, args, state: {} });

/** Staging: a role, two users, a password group, a webhook with basic auth. */
function staging(): Json {
  const snap: Snapshot = {
    appId: "staging1",
    region: "eu",
    listed: {
      Role: [listed("support", { role: "support", name: "Support agents" })],
      User: [
        listed("zed", { uid: "zed", name: "Zed", role: "support", tags: ["b", "a"] }),
        listed("alice", { uid: "alice", name: "Alice Martin", metadata: { plan: "pro", seats: 3 } }),
      ],
      Group: [listed("desk", { guid: "desk", name: "Desk", type: "password" })],
    },
    ownApiKey: "own",
  };
  return toEnvironment(snap).environment as Json;
}

const PRODUCTION = `# Production's chat environment: reviewed by the ops team.
app:
  existing: true

# Who may do what.
roles:
  - role: support
    name: Support

users:
  - uid: alice # the first user
    name: Alice
    metadata: { plan: free, seats: 3 }
  - uid: carol
    name: Carol

groups:
  - guid: desk
    name: Desk
    type: password
    password: { secret: prodDeskPassword }
`;

const prod = () => parseEnvironment(PRODUCTION, "prod.yaml") as unknown as Json;

describe("comparePlan", () => {
  it("matches entries by the kind's key and lists, in the registry's order of sections, what to add and what differs field by field", () => {
    const plan = comparePlan(staging(), prod());
    // The registry's order of sections, whatever order the files use.
    expect(plan.kinds.map((k) => k.section)).toEqual(["users", "groups", "roles"]);
    const [users, groups, roles] = plan.kinds;
    expect(roles?.changed).toEqual([
      {
        id: "support",
        fields: [{ field: "name", staging: "Support agents", production: "Support", secret: false }],
      },
    ]);
    expect(users?.added.map((a) => a.id)).toEqual(["zed"]);
    expect(users?.added[0]?.entry).toEqual({ uid: "zed", name: "Zed", role: "support", tags: ["a", "b"] });
    // Nested objects field by field: only metadata.plan differs.
    expect(users?.changed).toEqual([
      {
        id: "alice",
        fields: [
          { field: "name", staging: "Alice Martin", production: "Alice", secret: false },
          { field: "metadata.plan", staging: "pro", production: "free", secret: false },
        ],
      },
    ]);
    expect(users?.onlyInProduction).toEqual(["carol"]);
    // The group's password: the same secret field under two config keys, compared, never shown.
    expect(groups?.changed).toEqual([
      {
        id: "desk",
        fields: [
          {
            field: "password",
            staging: { secret: "groupPassword-desk" },
            production: { secret: "prodDeskPassword" },
            secret: true,
          },
        ],
      },
    ]);
  });

  it("finds nothing when the stack declares the app as it is (adopt, set order and defaults aside)", () => {
    const env = staging();
    const users = env.users as Json[];
    const same = {
      ...env,
      users: users.map((u) => ({ ...u, adopt: true, ...(u.tags ? { tags: ["b", "a"] } : {}) })),
    };
    expect(comparePlan(env, same).kinds).toEqual([]);
  });

  it("prints the plan with secrets as [secret] and never any part of a value", () => {
    const env = staging();
    // A staging entry whose secret the production file lacks, and a webhook's basic auth inside an added entry.
    const plan = comparePlan(env, { ...prod(), groups: [] });
    const text = planText(plan, { from: "app staging1 (eu)", to: "stack production (prod.yaml)" });
    expect(text).toContain("Promotion plan: app staging1 (eu) -> stack production (prod.yaml)");
    expect(text).toContain('  ~ support\n      name: "Support" -> "Support agents"\n');
    expect(text).toContain('      metadata.plan: "free" -> "pro"\n');
    expect(text).toContain("  + desk\n");
    expect(text).toContain("      password: [secret]\n");
    expect(text).not.toContain("groupPassword-desk");
    expect(text).toContain("  = carol (only the stack declares it; left as it is)");
    expect(text).toMatch(/2 to add \(--write adds them\), 2 held differently/);
    const changedSecret = planText(comparePlan(env, prod()), { from: "a", to: "b" });
    expect(changedSecret).toContain("      password: [secret] differs\n");
    expect(changedSecret).not.toMatch(/prodDeskPassword|groupPassword/);
  });

  it("masks a secret inside a field held differently (a webhook's basic auth only one side has)", () => {
    const hook = { id: "events", name: "Events", url: "https://hooks.example.com/chat", version: 2 };
    const withAuth = { ...hook, basicAuth: { username: "ci", password: "hunter2plain" } };
    for (const [from, to] of [
      [hook, withAuth],
      [withAuth, hook],
    ]) {
      const plan = comparePlan({ ...staging(), webhooks: [from] }, { ...prod(), webhooks: [to] });
      const text = planText(plan, { from: "a", to: "b" });
      expect(text).toContain("  ~ events\n");
      expect(text).toMatch(/basicAuth: .*"password":"\[secret\]"/);
      expect(text).not.toContain("hunter2plain");
    }
  });
});

describe("promotedText (--write)", () => {
  it("appends the entries to add to their sections, keeping comments and order, secrets as references", () => {
    const plan = comparePlan(staging(), { ...prod(), groups: undefined });
    const out = promotedText(PRODUCTION.replace(/\ngroups:[\s\S]*$/, "\n"), plan, "prod.yaml", tmpdir());
    expect(out).toContain("# Production's chat environment: reviewed by the ops team.\n");
    expect(out).toContain("# Who may do what.\nroles:\n");
    expect(out).toContain("  - uid: alice # the first user\n");
    // zed after carol (appended), the section the file lacked at the end, its password a reference.
    expect(out.indexOf("uid: carol")).toBeLessThan(out.indexOf("{ uid: zed"));
    expect(out).toMatch(
      /\ngroups:\n {2}- guid: desk\n {4}name: Desk\n {4}type: password\n {4}password:\n {6}secret: groupPassword-desk\n$/,
    );
    // Held differently: not written (the stack's values stay).
    expect(out).toContain("name: Support\n");
    expect(out).toContain("name: Alice\n");
    expect(list(parseEnvironment(out, "prod.yaml"), "users").map((u) => u.uid)).toEqual([
      "alice",
      "carol",
      "zed",
    ]);
  });

  it("an empty section written `[]` takes its entries one per item", () => {
    const plan = comparePlan(staging(), { ...prod(), groups: [] });
    const text = `${PRODUCTION.replace(/\ngroups:[\s\S]*$/, "\n")}groups: []\n`;
    const out = promotedText(text, plan, "prod.yaml", tmpdir());
    expect(out).toMatch(/\ngroups:\n {2}- guid: desk\n/);
  });
});

describe("promote", () => {
  it("compares the management API's kinds only when staging was read with management credentials", () => {
    const env = {
      ...prod(),
      webhooks: [{ id: "audit", name: "Audit", url: "https://audit.example.com/in" }],
    };
    const target = { file: "prod.yaml", text: "", env };
    const exported: Exported = {
      environment: staging() as Exported["environment"],
      secrets: [],
      notes: [],
    };
    const sections = (management: boolean) =>
      promote(exported, {
        stack: "production",
        target,
        write: false,
        management,
        app: { appId: "staging1", region: "eu" },
      }).plan.kinds.map((k) => k.section);
    expect(sections(false)).toEqual(["users", "groups", "roles"]);
    expect(sections(true)).toEqual(["users", "groups", "roles", "webhooks"]);
  });
});

describe("stackEnvironmentFile", () => {
  let dir: string;
  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), "promote-"));
  });
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  it("takes the stack's file config, else the YAML program's Environment file, else chat-environment.yaml", () => {
    writeFileSync(join(dir, "Pulumi.yaml"), "name: shop\nruntime: nodejs\n");
    writeFileSync(join(dir, "Pulumi.production.yaml"), "config:\n  shop:file: envs/prod.yaml\n");
    mkdirSync(join(dir, "envs"));
    writeFileSync(join(dir, "envs", "prod.yaml"), "roles: []\n");
    expect(stackEnvironmentFile(dir, "production").file).toBe(join(dir, "envs", "prod.yaml"));
    writeFileSync(
      join(dir, "Pulumi.yaml"),
      "name: yamlshop\nruntime: yaml\nresources:\n  env:\n    type: chat:index:Environment\n    properties:\n      file: envs/prod.yaml\n",
    );
    expect(stackEnvironmentFile(dir, "production").file).toBe(join(dir, "envs", "prod.yaml"));
    writeFileSync(join(dir, "Pulumi.yaml"), "name: shop\nruntime: nodejs\n");
    writeFileSync(join(dir, "Pulumi.production.yaml"), "config: {}\n");
    expect(() => stackEnvironmentFile(dir, "production")).toThrow(
      `environment file not found: ${join(dir, "chat-environment.yaml")} (named by the default name); check that it exists, or the stack's file config`,
    );
  });

  it("an unknown stack or a folder without a project is one line naming what to check", () => {
    expect(() => stackEnvironmentFile(dir, "production")).toThrow(
      /^no Pulumi project in .* \(no Pulumi.yaml\): check --project <dir>, the folder of the stack's project$/,
    );
    writeFileSync(join(dir, "Pulumi.yaml"), "name: shop\nruntime: nodejs\n");
    expect(() => stackEnvironmentFile(dir, "prod")).toThrow(
      `unknown stack "prod": no ${join(dir, "Pulumi.prod.yaml")} in the project; check the stack's name (pulumi stack ls) and --project <dir>`,
    );
  });
});
