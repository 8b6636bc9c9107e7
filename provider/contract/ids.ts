// Caller-chosen ids. Its own file so that the permission catalogues (provider/contract/catalogues.ts), which the
// blocks use, reach it without importing the blocks.
import { z } from "zod";
import { LIMITS } from "./generated/limits";

/**
 * A caller-chosen id (uid, guid, role): alpha-dash, at most 100 characters. The service lowercases it on
 * create, so the schema does too: both sides then compare the same value.
 */
export const chatId = (what: string) =>
  z
    .string()
    .min(1, `${what} must not be empty`)
    .max(LIMITS.idLength, `${what} must be at most ${LIMITS.idLength} characters`)
    .regex(/^[A-Za-z0-9_-]+$/, `${what} may contain only letters, digits, '-' and '_'`)
    .transform((s) => s.toLowerCase());
