// Live mode's run prefix (what the sweeper may touch) and its settings (what it says to set).
import { liveConfig, missingSettings } from "../../live/config";
import { prefixTime, runPrefix, withPrefix } from "../../live/prefix";

describe("the run prefix", () => {
  it("carries the run's start, which the sweeper reads back; a name without it has none", () => {
    const at = Date.UTC(2026, 10, 25, 9, 0, 0);
    const p = runPrefix(at);
    expect(p).toMatch(/^lv[0-9a-z]{6,7}-$/);
    expect(prefixTime(`${p}t-user`)).toBe(at);
    expect(prefixTime(`${p.toUpperCase()}T-USER`)).toBe(at); // a service that upper-cases ids
    for (const name of ["t-user", "alice", "lvx-user", "my-lvabcdef-x", "LV"])
      expect(prefixTime(name)).toBeUndefined();
  });

  it("rewrites the fixtures' ids and names everywhere, and nothing else", () => {
    const p = "lvabcdef-";
    expect(
      withPrefix(
        {
          uid: "T-User",
          role: "t-role",
          name: "table key",
          tags: ["x"],
          conditions: [{ value: ["t-list"] }],
          n: 1,
        },
        p,
      ),
    ).toEqual({
      uid: "lvabcdef-T-User",
      role: "lvabcdef-t-role",
      name: "lvabcdef-table key",
      tags: ["x"],
      conditions: [{ value: ["lvabcdef-t-list"] }],
      n: 1,
    });
  });
});

describe("live mode's settings", () => {
  const saved = { ...process.env };
  afterEach(() => {
    process.env = { ...saved };
  });

  it("names by variable and key what is missing; stack config and variables both count", () => {
    for (const v of ["CHAT_APP_ID", "CHAT_API_KEY", "CHAT_MANAGEMENT_KEY", "CHAT_MANAGEMENT_SECRET"])
      delete process.env[v];
    expect(missingSettings(() => undefined)).toEqual([
      "CHAT_APP_ID (or chat:appId)",
      "CHAT_API_KEY (or chat:apiKey)",
      "CHAT_MANAGEMENT_KEY (or chat:managementKey)",
      "CHAT_MANAGEMENT_SECRET (or chat:managementSecret)",
    ]);
    process.env.CHAT_APP_ID = "app1";
    process.env.CHAT_API_KEY = "k";
    const stack = (k: string) => ({ "chat:managementKey": "mk", "chat:managementSecret": "ms" })[k];
    expect(missingSettings(stack)).toEqual([]);
    expect(liveConfig(stack)).toMatchObject({ "chat:appId": "app1", "chat:managementKey": "mk" });
  });
});
