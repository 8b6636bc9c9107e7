// Declare a chat service's apps, users, groups, roles, keys, webhooks and settings.
package chat
