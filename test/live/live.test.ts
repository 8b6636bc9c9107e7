// `npm run test:live` (jest.live.config.js, not part of `npm test`): every kind's cases against the endpoint the
// CHAT_* variables name. scripts/live.sh checks the credentials first and sweeps before and after.
import { CONFIG_KEYS, configuredAppId } from "../../provider/config";
import { runEnvironment } from "./environment";
import { runPrefix } from "./prefix";
import { runLive } from "./run";

jest.setTimeout(30 * 60_000);

it("every kind's cases hold against the configured endpoint", async () => {
  const appId = configuredAppId();
  if (!appId) throw new Error("CHAT_APP_ID is not set (run through npm run test:live)");
  const prefix = runPrefix();
  process.stdout.write(`live run prefix ${prefix}\n`);
  const result = await runLive({ appId, prefix, log: (line) => process.stdout.write(`${line}\n`) });
  expect(result.problems).toEqual([]);
});

it("the environment program goes up, previews clean and is destroyed through the engine", async () => {
  const config = Object.fromEntries(CONFIG_KEYS.map((k) => [k.key, process.env[k.env]]));
  const result = await runEnvironment(config, runPrefix(), (line) => process.stdout.write(`${line}\n`));
  expect(result.problems).toEqual([]);
});
