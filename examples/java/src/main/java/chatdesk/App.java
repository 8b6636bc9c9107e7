// A support desk in an existing chat app (stack config chat:appId, chat:region, chat:apiKey): a role, two
// users, a private group with its members, and an API key for the backend.
package chatdesk;

import com.pulumi.Pulumi;
import com.pulumi.chat.ApiKey;
import com.pulumi.chat.ApiKeyArgs;
import com.pulumi.chat.Group;
import com.pulumi.chat.GroupArgs;
import com.pulumi.chat.GroupMembers;
import com.pulumi.chat.GroupMembersArgs;
import com.pulumi.chat.Role;
import com.pulumi.chat.RoleArgs;
import com.pulumi.chat.User;
import com.pulumi.chat.UserArgs;
import com.pulumi.chat.enums.ApiKeyScope;
import com.pulumi.chat.enums.GroupType;
import java.util.List;

public class App {
    public static void main(String[] args) {
        Pulumi.run(ctx -> {
            var agents = new Role("agents", RoleArgs.builder()
                .role("agents")
                .name("Support agents")
                .restrictedFeatures("u.listUsers")
                .build());
            var ada = new User("ada", UserArgs.builder()
                .uid("ada")
                .name("Ada")
                .role(agents.role())
                .permanentDelete(true)
                .build());
            var grace = new User("grace", UserArgs.builder()
                .uid("grace")
                .name("Grace")
                .permanentDelete(true)
                .build());
            var desk = new Group("desk", GroupArgs.builder()
                .guid("desk")
                .name("Help desk")
                .type(GroupType.Private)
                .build());
            new GroupMembers("desk-members", GroupMembersArgs.builder()
                .guid(desk.guid())
                .admins(ada.uid().applyValue(List::of))
                .participants(grace.uid().applyValue(List::of))
                .build());
            var key = new ApiKey("backend", ApiKeyArgs.builder()
                .name("backend")
                .scope(ApiKeyScope.AuthOnly)
                .build());
            ctx.export("groupId", desk.guid());
            ctx.export("backendKey", key.apiKey());
        });
    }
}
