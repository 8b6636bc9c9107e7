// The message types and categories role permissions name. Their own file so that the permission catalogues
// (provider/contract/catalogues.ts), which the blocks use, reach them without importing the generated schemas.

/** Types of the `message` category; a `custom` message's type is free-form. */
export const MESSAGE_TYPES = ["text", "image", "file", "audio", "video"] as const;
/** The categories a user sends; a listing also holds `action` messages (the list query's `category`). */
export const SENT_CATEGORIES = ["message", "custom"] as const;
export const LISTED_CATEGORIES = ["message", "action", "custom"] as const;
