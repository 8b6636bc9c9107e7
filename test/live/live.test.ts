// `npm run test:live` (jest.live.config.js, not part of `npm test`): every kind's cases and the environment
// program against the endpoint a stack's config (CHAT_LIVE_STACK) or the CHAT_* variables name.
// scripts/live.sh checks the settings first and sweeps before and after.
import { setStackConfig } from "../../provider/client/config";
import { liveConfig, liveLookup } from "./config";
import { runEnvironment } from "./environment";
import { runPrefix } from "./prefix";
import { runLive } from "./run";

jest.setTimeout(30 * 60_000);

const lookup = liveLookup();
const config = liveConfig(lookup);
beforeAll(() => setStackConfig(lookup));
afterAll(() => setStackConfig(() => undefined));

it("every kind's cases hold against the configured endpoint", async () => {
  const appId = config["chat:appId"];
  if (!appId) throw new Error("chat:appId (CHAT_APP_ID) is not set (run through npm run test:live)");
  const prefix = runPrefix();
  process.stdout.write(`live run prefix ${prefix}\n`);
  const result = await runLive({ appId, prefix, log: (line) => process.stdout.write(`${line}\n`) });
  expect(result.problems).toEqual([]);
});

it("the environment program goes up, previews clean and is destroyed through the engine", async () => {
  const result = await runEnvironment(config, runPrefix(), (line) => process.stdout.write(`${line}\n`));
  expect(result.problems).toEqual([]);
});
