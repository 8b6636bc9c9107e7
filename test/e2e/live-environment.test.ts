// Live mode's environment program through the engine, once, against an emulator as a remote endpoint would
// be (its own process, no admin API, the free plan's 500 requests a minute): up, a clean preview, destroy,
// and nothing with the run prefix left for the sweeper.
import { setStackConfig } from "../../provider/client/config";
import { contextFor } from "../../provider/engine/generic";
import { runEnvironment } from "../live/environment";
import { runPrefix } from "../live/prefix";
import { sweep } from "../live/sweep";
import { type RemoteEmulator, remoteConfig, startRemoteEmulator } from "../support/remote-emulator";

describe("live mode: the environment program through the engine", () => {
  let remote: RemoteEmulator;
  beforeAll(async () => {
    remote = await startRemoteEmulator();
  });
  afterAll(async () => {
    setStackConfig(() => undefined);
    await remote?.close();
  });

  it("is made, previews clean and is destroyed, leaving nothing with the prefix", async () => {
    const config = remoteConfig(remote);
    const prefix = runPrefix();
    const started = Date.now();
    const run = await runEnvironment(config, prefix);
    process.stdout.write(
      `live environment: ${remote.requests()} requests in ${Math.round((Date.now() - started) / 1000)} s\n`,
    );
    expect(run.problems).toEqual([]);
    expect(run.lines).toEqual(expect.arrayContaining([expect.stringMatching(/^environment: preview clean/)]));
    setStackConfig((k) => config[k]);
    const left = await sweep({ ctx: contextFor({}), olderThanMs: 0, dryRun: true });
    expect(left).toEqual({ deleted: [], kept: [] });
  });
});
