// The provider's configuration (stack config `chat:*`, or an explicit provider's inputs) arrives in the engine's
// Configure call. The Node SDK's provider server answers that call itself and drops the values, so the one
// gRPC service it registers is given a `configure` that reads them first, then answers as before.
import * as grpc from "@grpc/grpc-js";
import { reveal, type Value } from "./wire";

interface ConfigureCall {
  request: {
    getVariablesMap(): { entries(): Iterable<[string, string]> };
    getArgs(): { toJavaScript(): Record<string, Value> } | undefined;
  };
}
type Handler = (call: ConfigureCall, callback: unknown) => void;

/** Calls `take` with the configuration (full keys: `chat:apiKey`) of every Configure call, before it is answered. */
export function onConfigure(take: (config: ReadonlyMap<string, string>) => void): void {
  const addService = grpc.Server.prototype.addService;
  grpc.Server.prototype.addService = function (
    this: grpc.Server,
    service: grpc.ServiceDefinition,
    implementation: grpc.UntypedServiceImplementation,
  ) {
    const original = implementation.configure as Handler | undefined;
    if (original)
      implementation.configure = ((call: ConfigureCall, callback: unknown) => {
        take(configOf(call));
        original.call(implementation, call, callback);
      }) as grpc.UntypedHandleCall;
    addService.call(this, service, implementation);
  };
}

/** Variables are keyed `chat:config:apiKey` (older engines: `chat:apiKey`); args hold the same by name. */
function configOf(call: ConfigureCall): ReadonlyMap<string, string> {
  const config = new Map<string, string>();
  const args = call.request.getArgs()?.toJavaScript() ?? {};
  for (const [k, v] of Object.entries(args)) {
    const plain = reveal(v);
    if (typeof plain === "string" || typeof plain === "number" || typeof plain === "boolean")
      config.set(`chat:${k}`, String(plain));
  }
  for (const [k, v] of call.request.getVariablesMap().entries()) config.set(k.replace(":config:", ":"), v);
  return config;
}
