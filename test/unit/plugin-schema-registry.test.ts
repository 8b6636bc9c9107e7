// What a registry needs of the plugin's schema (issue 32 item 3): the package's metadata, a description on
// every property, enums for closed sets, typed numbers, typed lookup arguments.
import { packageSchema } from "../../hosts/plugin/schema";

const schema = packageSchema() as Record<string, unknown>;

describe("the plugin's schema as a registry reads it", () => {
  it("names its publisher, homepage, repository, license, logo, plugin download address and keywords", () => {
    expect(schema).toMatchObject({
      publisher: expect.stringMatching(/\S/),
      homepage: expect.stringMatching(/^https:\/\//),
      repository: expect.stringMatching(/^https:\/\/github\.com\//),
      license: "Apache-2.0",
      logoUrl: expect.stringMatching(/^https:\/\/.*\.(svg|png)$/),
      pluginDownloadURL: expect.stringMatching(/^(github|https):\/\//),
      displayName: "Chat",
    });
    expect(schema.keywords).toEqual(
      expect.arrayContaining(["pulumi", "chat", expect.stringMatching(/^category\//)]),
    );
  });
});
