// Generates the chat package's Java SDK from its schema with pulumi-java's own code generator (the package
// that `pulumi package gen-sdk --language java` runs inside the Java language host). pulumi-java is a module
// of its own, with its own Pulumi dependency (pkg/v3 v3.175.0 at pulumi-java v1.13.0), so scripts/sdkgen.sh
// builds this apart from the Python/Go generator (docs/decisions/0110-sdks-in-the-repository.md).
//
// Usage: sdkgen-java <schema.json> <out-dir>
package main

import (
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"

	javagen "github.com/pulumi/pulumi-java/pkg/codegen/java"
	"github.com/pulumi/pulumi/pkg/v3/codegen/schema"
)

func main() {
	if len(os.Args) != 3 {
		fail("usage: sdkgen-java <schema.json> <out-dir>")
	}
	text, err := os.ReadFile(os.Args[1])
	if err != nil {
		fail(err.Error())
	}
	var spec schema.PackageSpec
	if err := json.Unmarshal(text, &spec); err != nil {
		fail("schema: " + err.Error())
	}
	// The chat schema refers to no other package, so no loader is needed.
	pkg, err := schema.ImportSpec(spec, nil, schema.ValidationOptions{})
	if err != nil {
		fail("schema: " + err.Error())
	}
	// No local dependencies, not a local SDK, no Gradle files: the build is our own pom.xml.
	files, err := javagen.GeneratePackage("pulumi-chat sdkgen", pkg, nil, nil, false, false)
	if err != nil {
		fail(err.Error())
	}
	for name, content := range files {
		path := filepath.Join(os.Args[2], name)
		if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
			fail(err.Error())
		}
		if err := os.WriteFile(path, content, 0o644); err != nil {
			fail(err.Error())
		}
	}
	fmt.Printf("wrote %d files to %s\n", len(files), os.Args[2])
}

func fail(msg string) {
	fmt.Fprintln(os.Stderr, "sdkgen-java: "+msg)
	os.Exit(1)
}
