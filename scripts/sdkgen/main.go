// Generates a language SDK of the chat package from its schema with Pulumi's own code generators (the
// pkg/v3/codegen packages that `pulumi package gen-sdk` runs inside each language host). Here the hosts of the
// CLI's version cannot be built (the module proxy refuses their modules), so scripts/sdkgen.sh builds this
// against the CLI's module graph instead (docs/decisions/0100-plugin-for-every-language.md).
//
// Usage: sdkgen <schema.json> <python|go> <out-dir>
package main

import (
	"context"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"

	gogen "github.com/pulumi/pulumi/pkg/v3/codegen/go"
	"github.com/pulumi/pulumi/pkg/v3/codegen/python"
	"github.com/pulumi/pulumi/pkg/v3/codegen/schema"

	"github.com/blang/semver"
)

// alone loads no other package: the chat schema refers to none (beyond Pulumi's built-in types).
type alone struct{}

func (alone) LoadPackage(pkg string, _ *semver.Version) (*schema.Package, error) {
	return nil, fmt.Errorf("the chat schema refers to no other package (asked for %s)", pkg)
}

func (a alone) LoadPackageV2(_ context.Context, d *schema.PackageDescriptor) (*schema.Package, error) {
	return a.LoadPackage(d.Name, nil)
}

func (alone) LoadPackageReference(pkg string, _ *semver.Version) (schema.PackageReference, error) {
	return nil, fmt.Errorf("the chat schema refers to no other package (asked for %s)", pkg)
}

func (a alone) LoadPackageReferenceV2(_ context.Context, d *schema.PackageDescriptor) (schema.PackageReference, error) {
	return a.LoadPackageReference(d.Name, nil)
}

func main() {
	if len(os.Args) != 4 {
		fail("usage: sdkgen <schema.json> <python|go> <out-dir>")
	}
	text, err := os.ReadFile(os.Args[1])
	if err != nil {
		fail(err.Error())
	}
	var spec schema.PackageSpec
	if err := json.Unmarshal(text, &spec); err != nil {
		fail("schema: " + err.Error())
	}
	pkg, diags, err := schema.BindSpec(spec, alone{}, schema.ValidationOptions{})
	if err != nil {
		fail("schema: " + err.Error())
	}
	if diags.HasErrors() {
		fail("schema: " + diags.Error())
	}
	const tool = "pulumi-chat sdkgen"
	var files map[string][]byte
	switch os.Args[2] {
	case "python":
		files, err = python.GeneratePackage(tool, pkg, nil, alone{})
	case "go":
		files, err = gogen.GeneratePackage(tool, pkg, nil)
	default:
		fail("language must be python or go, not " + os.Args[2])
	}
	if err != nil {
		fail(err.Error())
	}
	for name, content := range files {
		path := filepath.Join(os.Args[3], name)
		if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
			fail(err.Error())
		}
		if err := os.WriteFile(path, content, 0o644); err != nil {
			fail(err.Error())
		}
	}
	fmt.Printf("wrote %d files to %s\n", len(files), os.Args[3])
}

func fail(msg string) {
	fmt.Fprintln(os.Stderr, "sdkgen: "+msg)
	os.Exit(1)
}
