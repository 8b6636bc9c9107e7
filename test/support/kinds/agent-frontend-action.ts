// AgentFrontendAction: its cases for the README table's test and the plugin's imports, and its listing seeds
// (test/support/kinds/index.ts says what each is for).
import { type Fixture, steady } from "./helpers";

const param = (key: string) => ({ key, type: "string", description: `the ${key}`, required: true });

export const fixture: Fixture = {
  cases: () => [
    {
      kind: "AgentFrontendAction",
      name: "frontend-action",
      set: {
        triggerFunction: "tOpenOrder",
        name: "Open order",
        description: "Opens an order's page",
        parameters: [param("orderId")],
        icon: "https://cdn.example.com/f1.png",
      },
      change: {
        triggerFunction: "tOpenOrder",
        name: "Open order 2",
        description: "Opens the order's page",
        parameters: [param("orderId"), param("tab")],
        icon: "https://cdn.example.com/f2.png",
      },
      remove: { triggerFunction: "tOpenOrder", name: "Open order 2", description: "Opens the order's page" },
      replace: { triggerFunction: "tOpenOrder2" },
    },
    steady("AgentFrontendAction", "frontend-action-b", {
      triggerFunction: "tShowCart",
      name: "Show cart",
      description: "Shows the cart",
    }),
  ],
  seeds: [
    { triggerFunction: "listedF1", name: "F1", description: "first action" },
    {
      triggerFunction: "listedF2",
      name: "F2",
      description: "with every part",
      parameters: [param("id")],
      icon: "https://cdn.example.com/f.png",
    },
  ],
  lookup: { holds: { triggerFunction: "listedF1", name: "F1", description: "first action" } },
};
