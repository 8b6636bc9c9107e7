import { REDACTED, Redactor } from "../../../provider/client";

describe("Redactor", () => {
  it("replaces every known secret value, longest first", () => {
    const r = new Redactor(["s3cr3t-key", "s3cr3t-key-and-more", undefined, ""]);
    expect(r.string("a s3cr3t-key-and-more b s3cr3t-key c")).toBe(`a ${REDACTED} b ${REDACTED} c`);
  });

  it("ignores values too short to be credentials", () => {
    expect(new Redactor(["ab"]).string("about a tab")).toBe("about a tab");
  });

  it("redacts credential-shaped assignments whatever the secret", () => {
    const r = new Redactor();
    expect(r.string('{"apiKey":"zzz","name":"n"}')).toBe(`{"apiKey":"${REDACTED}","name":"n"}`);
    expect(r.string("apikey=abc&x=1")).toBe(`apikey=${REDACTED}&x=1`);
    expect(r.string("secret: hunter2")).toBe(`secret: ${REDACTED}`);
    expect(r.string("password = 'p4ss'")).toBe(`password = '${REDACTED}'`);
    expect(r.string("authToken: u1_1630306819c3027ce530b2367f3c97b4106f0cb8")).not.toMatch(/c3027ce5/);
  });

  it("redacts API keys and auth tokens by their shape", () => {
    const r = new Redactor();
    expect(r.string("The key 0123456789abcdef0123456789abcdef01234567 cannot be used")).toBe(
      `The key ${REDACTED} cannot be used`,
    );
    expect(r.string("token cometchat-uid-1_1630306819c3027ce530b2367f3c97b4106f0cb8 expired")).toBe(
      `token cometchat-uid-1_${REDACTED} expired`,
    );
  });

  it("does not redact twice", () => {
    const r = new Redactor(["abcdef"]);
    const once = r.string("apikey=abcdef");
    expect(once).toBe(`apikey=${REDACTED}`);
    expect(r.string(once)).toBe(once);
  });

  it("keeps field names of validation details and redacts their messages", () => {
    const r = new Redactor(["topsecret"]);
    expect(r.details({ password: ["topsecret is too short"] })).toEqual({
      password: [`${REDACTED} is too short`],
    });
  });

  it("extends with per-request secrets without forgetting its own", () => {
    const r = new Redactor(["first-secret"]).with(["second-secret"]);
    expect(r.string("first-secret second-secret")).toBe(`${REDACTED} ${REDACTED}`);
  });

  it("prints nothing it holds", () => {
    const r = new Redactor(["abcdefgh"]);
    expect(JSON.stringify({ r })).not.toContain("abcdefgh");
    expect(require("node:util").inspect(r)).not.toContain("abcdefgh");
  });
});
