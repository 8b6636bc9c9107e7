import {
  ConfigurationError,
  callsBaseUrl,
  chatBaseUrl,
  checkBaseUrl,
  isLoopbackHost,
  managementBaseUrl,
} from "../../../provider/client";

describe("base addresses", () => {
  it("builds the vendor's chat, calls and management addresses, region us by default", () => {
    expect(chatBaseUrl({ appId: "abc123" })).toBe("https://abc123.api-us.cometchat.io/v3");
    expect(chatBaseUrl({ appId: "abc123", region: "eu" })).toBe("https://abc123.api-eu.cometchat.io/v3");
    expect(callsBaseUrl({ appId: "abc123", region: "in" })).toBe("https://abc123.call-in.cometchat.io/v3");
    expect(managementBaseUrl({})).toBe("https://apimgmt.cometchat.io");
  });

  it("replaces the vendor's host", () => {
    expect(chatBaseUrl({ appId: "a1", host: "chat.example.com" })).toBe(
      "https://a1.api-us.chat.example.com/v3",
    );
    expect(managementBaseUrl({ host: "chat.example.com" })).toBe("https://apimgmt.chat.example.com");
  });

  it("fills an endpoint template with the app id and region", () => {
    expect(
      chatBaseUrl({ appId: "a1", region: "eu", endpoint: "http://127.0.0.1:4000/chat/{appId}/{region}/v3/" }),
    ).toBe("http://127.0.0.1:4000/chat/a1/eu/v3");
    expect(chatBaseUrl({ appId: "a1", endpoint: "https://proxy.example.com/{region}/{appId}" })).toBe(
      "https://proxy.example.com/us/a1",
    );
    expect(managementBaseUrl({ endpoint: "http://localhost:4000/management" })).toBe(
      "http://localhost:4000/management",
    );
  });

  it("refuses an unknown region, a bad app id and a bad host, naming the field", () => {
    expect(() => chatBaseUrl({ appId: "a1", region: "xx" as "us" })).toThrow(
      /^region: must be one of us, eu, in/,
    );
    expect(() => chatBaseUrl({ appId: "a1.evil.com/x" })).toThrow(/^appId: /);
    expect(() => chatBaseUrl({ appId: "" })).toThrow(ConfigurationError);
    expect(() => managementBaseUrl({ host: "evil.com/path" })).toThrow(/^host: /);
  });
});

describe("the HTTPS rule", () => {
  it.each(["http://127.0.0.1:1/x", "http://127.1.2.3/x", "http://localhost:9/x", "http://[::1]:9/x"])(
    "allows plain http to the loopback address %s",
    (url) => {
      expect(checkBaseUrl(url, "endpoint")).toBe(url);
    },
  );

  it.each([
    "http://example.com/v3",
    "http://10.0.0.1/v3",
    "http://128.0.0.1/v3",
    "http://localhost.example.com/v3",
    "http://127.0.0.1.nip.io/v3",
  ])("refuses plain http to %s, naming the field", (url) => {
    let err: unknown;
    try {
      chatBaseUrl({ appId: "a1", endpoint: url });
    } catch (e) {
      err = e;
    }
    expect(err).toBeInstanceOf(ConfigurationError);
    expect((err as ConfigurationError).field).toBe("endpoint");
    expect((err as Error).message).toMatch(/^endpoint: must use https/);
  });

  it("refuses a management endpoint over plain http to a remote host", () => {
    expect(() => managementBaseUrl({ endpoint: "http://apimgmt.example.com" })).toThrow(
      /^endpoint: must use https/,
    );
  });

  it("refuses other protocols, credentials in the URL, queries and garbage", () => {
    expect(() => checkBaseUrl("ftp://example.com", "endpoint")).toThrow(/endpoint: must be an https URL/);
    expect(() => checkBaseUrl("https://u:p@example.com", "endpoint")).toThrow(/must not contain credentials/);
    expect(() => checkBaseUrl("https://example.com/?a=1", "endpoint")).toThrow(/query/);
    expect(() => checkBaseUrl("not a url", "endpoint")).toThrow(/endpoint: not a valid URL/);
  });

  it("recognises loopback hosts", () => {
    expect(isLoopbackHost("127.0.0.1")).toBe(true);
    expect(isLoopbackHost("127.255.255.254")).toBe(true);
    expect(isLoopbackHost("[::1]")).toBe(true);
    expect(isLoopbackHost("LOCALHOST")).toBe(true);
    expect(isLoopbackHost("127.0.0.256")).toBe(false);
    expect(isLoopbackHost("0.0.0.0")).toBe(false);
    expect(isLoopbackHost("::2")).toBe(false);
  });
});
