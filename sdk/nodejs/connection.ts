// What an App's `connection` output holds, apart from the package's face (index.ts) so that the Environment
// component, which the face re-exports, can name it without importing the face.
import type * as pulumi from "@pulumi/pulumi";
import type { App } from "./kinds";

/** What an App's `connection` output holds: pass it as a chat resource's `connection`. */
export type AppConnection = pulumi.Unwrap<App["connection"]>;
