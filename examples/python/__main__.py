# A support desk in an existing chat app (stack config chat:appId, chat:region, chat:apiKey): a role, two
# users, a private group with its members, and an API key for the backend.
import pulumi
import pulumi_chat as chat

agents = chat.Role("agents", role="agents", name="Support agents", restricted_features=["u.listUsers"])
ada = chat.User("ada", uid="ada", name="Ada", role=agents.role, permanent_delete=True)
grace = chat.User("grace", uid="grace", name="Grace", permanent_delete=True)
desk = chat.Group("desk", guid="desk", name="Help desk", type="private")
chat.GroupMembers("desk-members", guid=desk.guid, admins=[ada.uid], participants=[grace.uid])
key = chat.ApiKey("backend", name="backend", scope="authOnly")

pulumi.export("groupId", desk.guid)
pulumi.export("backendKey", key.api_key)
