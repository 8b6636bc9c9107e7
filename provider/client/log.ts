// One debug line per HTTP attempt (and per recovery step), redacted, to the caller's logger if it gave one.
import type { Target } from "./options";
import type { Prepared } from "./prepare";

export function logAttempt(
  t: Pick<Target, "api" | "logger">,
  p: Prepared,
  status: number | undefined,
  code: string | undefined,
  ms: number,
  attempt: number,
  note?: string,
): void {
  const logger = t.logger;
  if (!logger) return;
  const outcome = status !== undefined ? String(status) : (code ?? "-");
  const line = p.redactor.string(
    `${t.api} ${p.info.method} ${p.info.path} -> ${outcome}${code && status !== undefined ? ` ${code}` : ""} in ${Math.round(ms)} ms (attempt ${attempt})${note ? `: ${note}` : ""}`,
  );
  try {
    logger.debug(line, {
      api: t.api,
      route: p.name,
      method: p.info.method,
      path: p.info.path,
      status,
      code,
      ms: Math.round(ms),
      attempt,
    });
  } catch {
    // A failing logger must not fail the request.
  }
}
