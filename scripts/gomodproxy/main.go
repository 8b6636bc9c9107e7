// Lays a Go module out as a module proxy serves it (the GOPROXY protocol): <escaped path>/@v/list,
// <version>.info, <version>.mod and <version>.zip, the zip made by golang.org/x/mod/zip (the go command's own
// rules: files under <module>@<version>/, no nested modules or vendor folders, size limits), and prints the
// two go.sum lines a consumer records for it. `npm run release` runs it for sdk/go/chat (scripts/release.ts).
//
// Usage: gomodproxy <module-dir> <version> <time RFC 3339> <out-dir>
package main

import (
	"encoding/json"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"

	"golang.org/x/mod/modfile"
	"golang.org/x/mod/module"
	"golang.org/x/mod/sumdb/dirhash"
	modzip "golang.org/x/mod/zip"
)

func main() {
	if len(os.Args) != 5 {
		fail(fmt.Errorf("usage: gomodproxy <module-dir> <version> <time> <out-dir>"))
	}
	dir, version, time, out := os.Args[1], os.Args[2], os.Args[3], os.Args[4]
	goMod, err := os.ReadFile(filepath.Join(dir, "go.mod"))
	fail(err)
	path := modfile.ModulePath(goMod)
	if path == "" {
		fail(fmt.Errorf("%s/go.mod names no module", dir))
	}
	mv := module.Version{Path: path, Version: version}
	fail(module.Check(path, version))
	escaped, err := module.EscapePath(path)
	fail(err)
	escVersion, err := module.EscapeVersion(version)
	fail(err)
	at := filepath.Join(out, filepath.FromSlash(escaped), "@v")
	fail(os.MkdirAll(at, 0o755))
	zipFile := filepath.Join(at, escVersion+".zip")
	f, err := os.Create(zipFile)
	fail(err)
	fail(modzip.CreateFromDir(f, mv, dir))
	fail(f.Close())
	fail(os.WriteFile(filepath.Join(at, escVersion+".mod"), goMod, 0o644))
	info, err := json.Marshal(map[string]string{"Version": version, "Time": time})
	fail(err)
	fail(os.WriteFile(filepath.Join(at, escVersion+".info"), append(info, '\n'), 0o644))
	fail(os.WriteFile(filepath.Join(at, "list"), []byte(version+"\n"), 0o644))
	zipHash, err := dirhash.HashZip(zipFile, dirhash.Hash1)
	fail(err)
	// go.sum's /go.mod line hashes the go.mod file alone, named "go.mod".
	modHash, err := dirhash.Hash1([]string{"go.mod"}, func(string) (io.ReadCloser, error) {
		return os.Open(filepath.Join(dir, "go.mod"))
	})
	fail(err)
	fmt.Println(strings.Join([]string{path, version, zipHash}, " "))
	fmt.Println(strings.Join([]string{path, version + "/go.mod", modHash}, " "))
}

func fail(err error) {
	if err != nil {
		fmt.Fprintln(os.Stderr, "gomodproxy:", err)
		os.Exit(1)
	}
}
