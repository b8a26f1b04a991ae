// Command testreport turns `go test -json` into short CI output: one line per passing package
// with how many subtests ran on each database engine, and the whole output of every failure.
package main

import (
	"bufio"
	"encoding/json"
	"fmt"
	"os"
	"sort"
	"strings"
)

type event struct {
	Action  string
	Package string
	Test    string
	Output  string
	Elapsed float64
}

type pkgState struct {
	output  map[string][]string // test name → its output lines
	engines map[string]int      // "sqlite"/"postgres" → passing engine subtests
	failed  []string
}

func main() {
	pkgs := map[string]*pkgState{}
	totals := map[string]int{}
	failedPkgs := 0
	sc := bufio.NewScanner(os.Stdin)
	sc.Buffer(make([]byte, 1<<20), 16<<20)
	for sc.Scan() {
		var e event
		if json.Unmarshal(sc.Bytes(), &e) != nil {
			fmt.Println(sc.Text()) // build errors arrive as plain text
			continue
		}
		p := pkgs[e.Package]
		if p == nil {
			p = &pkgState{output: map[string][]string{}, engines: map[string]int{}}
			pkgs[e.Package] = p
		}
		switch e.Action {
		case "build-output": // compiler errors (go test -json reports them as events)
			fmt.Print(e.Output)
		case "output":
			p.output[e.Test] = append(p.output[e.Test], e.Output)
		case "pass":
			if e.Test == "" {
				fmt.Printf("ok   %-60s %5.1fs%s\n", e.Package, e.Elapsed, engines(p.engines))
				continue
			}
			if engine := e.Test[strings.LastIndex(e.Test, "/")+1:]; engine == "sqlite" || engine == "postgres" {
				p.engines[engine]++
				totals[engine]++
			}
		case "fail":
			if e.Test != "" {
				p.failed = append(p.failed, e.Test)
				continue
			}
			failedPkgs++
			fmt.Printf("FAIL %s\n", e.Package)
			for _, t := range p.failed {
				fmt.Print(strings.Join(p.output[t], ""))
			}
			fmt.Print(strings.Join(p.output[""], ""))
		}
	}
	fmt.Printf("engines: %d test runs on sqlite, %d on postgres\n", totals["sqlite"], totals["postgres"])
	if failedPkgs > 0 {
		fmt.Printf("%d package(s) failed\n", failedPkgs)
		os.Exit(1)
	}
}

func engines(m map[string]int) string {
	if len(m) == 0 {
		return ""
	}
	var parts []string
	for k, v := range m {
		parts = append(parts, fmt.Sprintf("%s %d", k, v))
	}
	sort.Strings(parts)
	return "  (" + strings.Join(parts, ", ") + ")"
}
