// A support desk in an existing chat app (stack config chat:appId, chat:region, chat:apiKey): a role, two
// users, a private group with its members, and an API key for the backend.
package main

import (
	chat "github.com/pulumi-chat/pulumi-chat/sdk/go/chat"
	"github.com/pulumi/pulumi/sdk/v3/go/pulumi"
)

func main() {
	pulumi.Run(func(ctx *pulumi.Context) error {
		agents, err := chat.NewRole(ctx, "agents", &chat.RoleArgs{
			Role:               pulumi.String("agents"),
			Name:               pulumi.String("Support agents"),
			RestrictedFeatures: pulumi.StringArray{pulumi.String("u.listUsers")},
		})
		if err != nil {
			return err
		}
		ada, err := chat.NewUser(ctx, "ada", &chat.UserArgs{
			Uid:             pulumi.String("ada"),
			Name:            pulumi.String("Ada"),
			Role:            agents.Role,
			PermanentDelete: pulumi.Bool(true),
		})
		if err != nil {
			return err
		}
		grace, err := chat.NewUser(ctx, "grace", &chat.UserArgs{
			Uid:             pulumi.String("grace"),
			Name:            pulumi.String("Grace"),
			PermanentDelete: pulumi.Bool(true),
		})
		if err != nil {
			return err
		}
		desk, err := chat.NewGroup(ctx, "desk", &chat.GroupArgs{
			Guid: pulumi.String("desk"),
			Name: pulumi.String("Help desk"),
			Type: chat.GroupTypePrivate,
		})
		if err != nil {
			return err
		}
		_, err = chat.NewGroupMembers(ctx, "desk-members", &chat.GroupMembersArgs{
			Guid:         desk.Guid,
			Admins:       pulumi.StringArray{ada.Uid},
			Participants: pulumi.StringArray{grace.Uid},
		})
		if err != nil {
			return err
		}
		key, err := chat.NewApiKey(ctx, "backend", &chat.ApiKeyArgs{
			Name:  pulumi.String("backend"),
			Scope: chat.ApiKeyScopeAuthOnly,
		})
		if err != nil {
			return err
		}
		ctx.Export("groupId", desk.Guid)
		ctx.Export("backendKey", key.ApiKey)
		return nil
	})
}
