// What the recorder of a release's state (scripts/record-upgrade.ts) and the upgrade test
// (test/e2e/upgrade.test.ts) agree on. The port is fixed: the recorded connections name the emulator's
// address, and a stack that is upgraded keeps its address.
export const UPGRADE = {
  port: 17931,
  passphrase: "upgrade-fixture",
  emulatorState: "emulator-state.json",
  stacks: { root: "upgrade-root", plugin: "upgrade-plugin" },
  /** The YAML program's Pulumi.yaml head, naming the plugin folder to run. */
  pluginHeader: (pluginDir: string) =>
    `name: upgrade-plugin\nruntime: yaml\nplugins:\n  providers:\n    - name: chat\n      path: ${pluginDir}\n`,
} as const;
