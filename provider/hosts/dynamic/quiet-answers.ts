// @pulumi/pulumi logs the engine's answer to every resource RPC at debug level ("RegisterResource RPC finished:
// …, resp: …"), and that answer holds the resource's secret outputs in plain text inside their secret wrapper;
// an invoke's arguments too ("Invoke RPC prepared: tok=…, obj=…").
// Debug messages are not shown by `pulumi up`, but `pulumi up --json`, `--event-log` and the Automation API's
// events carry them. This cuts the answer from those messages in the program's process; every other message
// passes unchanged. The SDK reads `log.debug` from its module object at each call, so replacing it there
// reaches every caller.
import * as pulumi from "@pulumi/pulumi";

/**
 * An SDK message that ends with the engine's answer (`resp: `) or with what was sent (`obj=`, `outputs=`: the
 * SDK prints an invoke's arguments always, by a slip of operator precedence): what follows is cut.
 */
const ANSWER = /^(.* RPC (?:finished: .*?resp: |prepared: .*?, (?:obj|outputs)=)).*$/s;

/** `message` without the engine's answer, if it holds one. */
export function withoutAnswer(message: string): string {
  return message.replace(ANSWER, "$1(not shown: it may hold secrets)");
}

const MARK = Symbol.for("pulumi-chat.quiet-answers");
type Debug = typeof pulumi.log.debug & { [MARK]?: true };

/** Replaces the SDK's `log.debug` once per SDK copy (several copies of this package may load). */
export function quietAnswers(log: { debug: Debug } = pulumi.log): void {
  if (log.debug[MARK]) return;
  const debug = log.debug;
  const quiet: Debug = (msg, ...rest) => debug(withoutAnswer(msg), ...rest);
  quiet[MARK] = true;
  Object.assign(log, { debug: quiet });
}
