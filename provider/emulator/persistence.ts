// The optional state file: loaded at start, written shortly after each change and on close, atomically
// (write a temporary file, then rename) so that a crash never leaves half a file.
import { existsSync, readFileSync, renameSync, writeFileSync } from "node:fs";
import {
  type Credentials,
  deserializeState,
  type EmulatorState,
  type SavedState,
  serializeState,
} from "./state";

export function loadStateFile(file: string): SavedState | undefined {
  if (!existsSync(file)) return undefined;
  return deserializeState(readFileSync(file, "utf8"));
}

/** Coalesces the writes of a burst of changes into one. */
const DEBOUNCE_MS = 100;

export class StateSaver {
  private timer: NodeJS.Timeout | undefined;

  constructor(
    private readonly file: string,
    private readonly snapshot: () => { state: EmulatorState; credentials: Credentials },
  ) {}

  schedule(): void {
    if (this.timer) return;
    this.timer = setTimeout(() => this.flush(), DEBOUNCE_MS);
    this.timer.unref();
  }

  flush(): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = undefined;
    const { state, credentials } = this.snapshot();
    const tmp = `${this.file}.${process.pid}.tmp`;
    writeFileSync(tmp, serializeState(state, credentials));
    renameSync(tmp, this.file);
  }
}
