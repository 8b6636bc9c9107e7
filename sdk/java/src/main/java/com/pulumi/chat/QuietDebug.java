// The Pulumi SDK for Java (com.pulumi:pulumi 1.13.0) prints values in debug messages ("Registering resource
// monitor start: … request=…", "… end: … result=…", "Read response … data=…"), secret ones in plain text, and
// `pulumi up --json`, `--event-log` and the Automation API's events carry debug messages. The first resource
// of this package (Utilities' static block) wraps the deployment's engine logger so that those values are cut;
// every other message passes unchanged. The logger is private to the SDK, hence reflection; where it fails
// (another SDK version), nothing changes.
// Written into sdk/java by scripts/gen-sdks.sh from scripts/sdk-overlays/java/.
package com.pulumi.chat;

import com.pulumi.Log;
import com.pulumi.deployment.internal.DeploymentImpl;
import com.pulumi.deployment.internal.DeploymentInstanceHolder;
import com.pulumi.deployment.internal.DeploymentInstanceInternal;
import com.pulumi.deployment.internal.EngineLogger;
import com.pulumi.resources.Resource;
import java.util.concurrent.CompletableFuture;
import java.util.logging.Level;
import java.util.regex.Pattern;
import javax.annotation.Nullable;

final class QuietDebug implements EngineLogger {
    private static final Pattern VALUES =
        Pattern.compile("^(.*?\\b(?:request|result|data|value)=).*$", Pattern.DOTALL);

    private final EngineLogger inner;

    private QuietDebug(EngineLogger inner) {
        this.inner = inner;
    }

    /** The message without what follows `request=`, `result=`, `data=` or `value=`, if it holds one. */
    static String withoutValues(String message) {
        if (message == null) return null;
        return VALUES.matcher(message).replaceFirst("$1(not shown: they may hold secrets)");
    }

    static void install() {
        try {
            var instance = DeploymentInstanceHolder.getInstanceOptional().orElse(null);
            if (!(instance instanceof DeploymentInstanceInternal)) return;
            var internal = ((DeploymentInstanceInternal) instance).getInternal();
            if (!(internal instanceof DeploymentImpl)) return;
            Log log = ((DeploymentImpl) internal).getLog();
            var field = Log.class.getDeclaredField("logger");
            field.setAccessible(true);
            var current = (EngineLogger) field.get(log);
            if (!(current instanceof QuietDebug)) field.set(log, new QuietDebug(current));
        } catch (ReflectiveOperationException | RuntimeException e) {
            // Another SDK version: its messages are its own.
        }
    }

    // Every method of the interface is passed on as such: the SDK's own logger takes some levels only by name.
    @Override
    public CompletableFuture<Void> logAsync(
        Level level, String message, @Nullable Resource resource, @Nullable Integer streamId, @Nullable Boolean ephemeral) {
        return inner.logAsync(level, message, resource, streamId, ephemeral);
    }

    @Override
    public CompletableFuture<Void> debugAsync(String message) {
        return inner.debugAsync(withoutValues(message));
    }

    @Override
    public CompletableFuture<Void> debugAsync(String message, @Nullable Resource resource) {
        return inner.debugAsync(withoutValues(message), resource);
    }

    @Override
    public CompletableFuture<Void> debugAsync(
        String message, @Nullable Resource resource, @Nullable Integer streamId, @Nullable Boolean ephemeral) {
        return inner.debugAsync(withoutValues(message), resource, streamId, ephemeral);
    }

    @Override
    public CompletableFuture<Void> infoAsync(String message) {
        return inner.infoAsync(message);
    }

    @Override
    public CompletableFuture<Void> infoAsync(String message, @Nullable Resource resource) {
        return inner.infoAsync(message, resource);
    }

    @Override
    public CompletableFuture<Void> infoAsync(
        String message, @Nullable Resource resource, @Nullable Integer streamId, @Nullable Boolean ephemeral) {
        return inner.infoAsync(message, resource, streamId, ephemeral);
    }

    @Override
    public CompletableFuture<Void> warnAsync(String message) {
        return inner.warnAsync(message);
    }

    @Override
    public CompletableFuture<Void> warnAsync(String message, @Nullable Resource resource) {
        return inner.warnAsync(message, resource);
    }

    @Override
    public CompletableFuture<Void> warnAsync(
        String message, @Nullable Resource resource, @Nullable Integer streamId, @Nullable Boolean ephemeral) {
        return inner.warnAsync(message, resource, streamId, ephemeral);
    }

    @Override
    public CompletableFuture<Void> errorAsync(String message) {
        return inner.errorAsync(message);
    }

    @Override
    public CompletableFuture<Void> errorAsync(String message, @Nullable Resource resource) {
        return inner.errorAsync(message, resource);
    }

    @Override
    public CompletableFuture<Void> errorAsync(
        String message, @Nullable Resource resource, @Nullable Integer streamId, @Nullable Boolean ephemeral) {
        return inner.errorAsync(message, resource, streamId, ephemeral);
    }

    @Override
    public int getErrorCount() {
        return inner.getErrorCount();
    }

    @Override
    public boolean hasLoggedErrors() {
        return inner.hasLoggedErrors();
    }
}
