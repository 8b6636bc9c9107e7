// The Environment component over the environment file config names (e2e:file), as an exported project does.
import * as pulumi from "@pulumi/pulumi";
import * as chat from "pulumi-chat";

new chat.Environment("env", { file: new pulumi.Config("e2e").require("file") });
