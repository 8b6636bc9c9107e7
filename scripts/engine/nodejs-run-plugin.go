// RunPlugin for the in-sdk Node language host of sdk/v3@v3.68.0, which answers "not supported" (see
// scripts/engine.sh, step 2b, and docs/decisions/0129-policy-pack.md). The engine of this project's CLI
// starts a Node policy pack (`pulumi preview --policy-pack <dir>`) through the language host's RunPlugin, so
// without this no policy pack runs. Only analyzers (policy packs) are served: the request's `kind` and
// `info` fields are newer than this host's protobuf types, so they are read from the unknown fields.
package main

import (
	"bufio"
	"errors"
	"io"
	"os"
	"os/exec"
	"sync"

	pulumirpc "github.com/pulumi/pulumi/sdk/v3/proto/go"
	"google.golang.org/protobuf/encoding/protowire"
)

// Field numbers of RunPluginRequest (info = 5, kind = 6) and ProgramInfo (program_directory = 2).
const (
	runPluginInfoField     = 5
	runPluginKindField     = 6
	programInfoDirectoryNo = 2
)

// unknownBytes returns the last length-delimited value of field `num` among protobuf-encoded `b`.
func unknownBytes(b []byte, num protowire.Number) ([]byte, bool) {
	var found []byte
	ok := false
	for len(b) > 0 {
		n, t, l := protowire.ConsumeTag(b)
		if l < 0 {
			return nil, false
		}
		b = b[l:]
		if t == protowire.BytesType {
			v, m := protowire.ConsumeBytes(b)
			if m < 0 {
				return nil, false
			}
			if n == num {
				found, ok = v, true
			}
			b = b[m:]
			continue
		}
		m := protowire.ConsumeFieldValue(n, t, b)
		if m < 0 {
			return nil, false
		}
		b = b[m:]
	}
	return found, ok
}

func (host *nodeLanguageHost) RunPlugin(
	req *pulumirpc.RunPluginRequest, server pulumirpc.LanguageRuntime_RunPluginServer,
) error {
	unknown := req.ProtoReflect().GetUnknown()
	kind, _ := unknownBytes(unknown, runPluginKindField)
	if string(kind) != "analyzer" {
		return errors.New("not supported: this language host runs policy packs (analyzer plugins) only")
	}
	info, ok := unknownBytes(unknown, runPluginInfoField)
	if !ok {
		return errors.New("RunPlugin: the request names no program")
	}
	dir, ok := unknownBytes(info, programInfoDirectoryNo)
	if !ok || len(dir) == 0 {
		return errors.New("RunPlugin: the request names no program directory")
	}

	nodeBin, err := exec.LookPath("node")
	if err != nil {
		return errors.New("could not find node on the $PATH: " + err.Error())
	}
	// Resolved from the pack's own folder, so its node_modules (or an enclosing one) supplies the runner.
	resolve := exec.Command(nodeBin, "-e", "process.stdout.write(require.resolve('@pulumi/pulumi/cmd/run-policy-pack'))")
	resolve.Dir = string(dir)
	script, err := resolve.Output()
	if err != nil {
		return errors.New("it looks like the policy pack's dependencies are not installed: cannot resolve " +
			"@pulumi/pulumi/cmd/run-policy-pack from " + string(dir))
	}

	args := append([]string{string(script)}, req.GetArgs()...)
	args = append(args, ".")
	cmd := exec.Command(nodeBin, args...)
	cmd.Dir = string(dir)
	cmd.Env = append(os.Environ(), req.GetEnv()...)
	stdout, err := cmd.StdoutPipe()
	if err != nil {
		return err
	}
	stderr, err := cmd.StderrPipe()
	if err != nil {
		return err
	}
	if err := cmd.Start(); err != nil {
		return err
	}

	var mu sync.Mutex
	send := func(r *pulumirpc.RunPluginResponse) {
		mu.Lock()
		defer mu.Unlock()
		_ = server.Send(r)
	}
	pump := func(from io.Reader, wrap func([]byte) *pulumirpc.RunPluginResponse, wg *sync.WaitGroup) {
		defer wg.Done()
		r := bufio.NewReader(from)
		for {
			line, err := r.ReadBytes('\n')
			if len(line) > 0 {
				send(wrap(line))
			}
			if err != nil {
				return
			}
		}
	}
	var wg sync.WaitGroup
	wg.Add(2)
	go pump(stdout, func(b []byte) *pulumirpc.RunPluginResponse {
		return &pulumirpc.RunPluginResponse{Output: &pulumirpc.RunPluginResponse_Stdout{Stdout: b}}
	}, &wg)
	go pump(stderr, func(b []byte) *pulumirpc.RunPluginResponse {
		return &pulumirpc.RunPluginResponse{Output: &pulumirpc.RunPluginResponse_Stderr{Stderr: b}}
	}, &wg)
	// The engine cancels the stream to stop the plugin.
	go func() {
		<-server.Context().Done()
		if cmd.Process != nil {
			_ = cmd.Process.Kill()
		}
	}()
	wg.Wait()
	code := int32(0)
	if err := cmd.Wait(); err != nil {
		var exit *exec.ExitError
		if !errors.As(err, &exit) {
			return err
		}
		code = int32(exit.ExitCode())
	}
	send(&pulumirpc.RunPluginResponse{Output: &pulumirpc.RunPluginResponse_Exitcode{Exitcode: code}})
	return nil
}
