// Two gaps of the Node SDK's provider server (@pulumi/pulumi/provider), filled in the one gRPC service it
// registers: it answers Configure itself and drops the values (the provider's configuration: stack config
// `chat:*`, or an explicit provider's inputs), and its Read fails on `pulumi import`, whose request carries no
// properties. The service's `configure` reads the values first; its `read` gets empty properties.
import * as grpc from "@grpc/grpc-js";
import { Struct } from "google-protobuf/google/protobuf/struct_pb";
import { reveal, type Value } from "./wire";

interface ConfigureCall {
  request: {
    getVariablesMap(): { entries(): Iterable<[string, string]> };
    getArgs(): { toJavaScript(): Record<string, Value> } | undefined;
  };
}
interface ReadCall {
  request: { getProperties(): Struct | undefined; setProperties(s: Struct): void };
}
type Handler<C> = (call: C, callback: unknown) => void;

/**
 * Calls `take` with the configuration (full keys: `chat:apiKey`) of every Configure call, before it is
 * answered; gives an import's Read the empty properties the server expects.
 */
export function fillServerGaps(take: (config: ReadonlyMap<string, string>) => void): void {
  const addService = grpc.Server.prototype.addService;
  grpc.Server.prototype.addService = function (
    this: grpc.Server,
    service: grpc.ServiceDefinition,
    implementation: grpc.UntypedServiceImplementation,
  ) {
    const configure = implementation.configure as Handler<ConfigureCall> | undefined;
    if (configure)
      implementation.configure = ((call: ConfigureCall, callback: unknown) => {
        take(configOf(call));
        configure.call(implementation, call, callback);
      }) as grpc.UntypedHandleCall;
    const read = implementation.read as Handler<ReadCall> | undefined;
    if (read)
      implementation.read = ((call: ReadCall, callback: unknown) => {
        if (!call.request.getProperties()) call.request.setProperties(new Struct());
        read.call(implementation, call, callback);
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
