// Entry point of the `random` resource plugin: serves the provider over gRPC for the Pulumi engine, which
// runs it as `pulumi-resource-random` (a launcher on PATH) and passes its own address as the argument.
import * as provider from "@pulumi/pulumi/provider";
import { readEmptyPropertiesOnImport } from "./import-fix";
import { randomProvider } from "./resources";

readEmptyPropertiesOnImport();
void provider.main(randomProvider, process.argv.slice(2));
