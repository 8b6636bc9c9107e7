// Entry point of the `chat` resource plugin (`pulumi-resource-chat`): serves the provider over gRPC; the engine
// starts it with its own address as the argument and reads the port it prints.
import * as provider from "@pulumi/pulumi/provider";
import { setStackConfig } from "../../client/config";
import { constructEnvironment } from "../../environment/construct";
import { chatPlugin } from "./provider";
import { quietFailures } from "./quiet";
import { fillServerGaps } from "./server-gaps";

fillServerGaps((config) => setStackConfig((key) => config.get(key)));
void provider.main({ ...quietFailures(chatPlugin), construct: constructEnvironment }, process.argv.slice(2));
