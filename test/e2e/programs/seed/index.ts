// A users seed file (named by e2e:file) in four SeedData buckets (or e2e:buckets), in the app stack config names.
import * as pulumi from "@pulumi/pulumi";
import * as chat from "pulumi-chat";

const config = new pulumi.Config("e2e");
const file = config.require("file");
chat.seedData("people", { entity: "users", file, buckets: config.getNumber("buckets") ?? 4 });
