// ModerationRule: its cases for the README table's test and the plugin's imports, its listing seeds and its secret
// sample (test/support/kinds/index.ts says what each is for).
import { type Fixture, listCondition, patternCondition } from "./helpers";

export const fixture: Fixture = {
  cases: () => [
    {
      kind: "ModerationRule",
      name: "rule",
      dependsOn: ["list"],
      set: {
        ruleId: "t-rule",
        name: "Rule",
        description: "first",
        enabled: true,
        action: ["blockMessage"],
        conditions: [listCondition],
        filters: [{ entity: "user", operand: "role", operator: "equals", value: "default", type: "sender" }],
      },
      change: {
        ruleId: "t-rule",
        name: "Rule 2",
        description: "second",
        enabled: false,
        action: ["dropMessage", "blockMessage"],
        conditions: [patternCondition],
        filters: [
          { entity: "group", operand: "type", operator: "equals", value: "public", type: "receiver" },
        ],
      },
      remove: { ruleId: "t-rule", name: "Rule 2", action: ["blockMessage"], conditions: [patternCondition] },
      replace: { ruleId: "t-rule-2" },
    },
  ],
  seeds: [
    {
      ruleId: "listed-r1",
      name: "R1",
      enabled: true,
      action: ["blockMessage"],
      conditions: [{ operand: "text", category: "word", isListReferencePresent: true, value: ["listed-l1"] }],
    },
    {
      ruleId: "listed-r2",
      name: "R2",
      action: ["dropMessage"],
      conditions: [{ id: 3, operand: "text", category: "pattern", value: ["x+"] }],
    },
  ],
  lookup: { holds: { ruleId: "listed-r1", name: "R1", action: ["blockMessage"] } },
};
