// A users seed file (named by e2e:file) in four SeedData buckets, in the app stack config names.
import * as pulumi from "@pulumi/pulumi";
import * as chat from "pulumi-chat";

const file = new pulumi.Config("e2e").require("file");
chat.seedData("people", { entity: "users", file, buckets: 4 });
