package app

import (
	"go/ast"
	"go/parser"
	"go/token"
	"io/fs"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"
)

// The feature shape (docs/architecture.md, "The shape of a feature"): in every feature package
// the file's name says its role. A store file (store.go, store_*.go) holds the SQL and imports
// no huma; an http file (http.go, http_*.go) holds the operations; no other file uses the
// database beyond the scope values that handlers and filters carry.

const (
	databasePkg = "github.com/hive/hive/internal/platform/database"
	humaPkg     = "github.com/danielgtaylor/huma/v2"
	authPkg     = "github.com/hive/hive/internal/platform/auth"
)

// principalStores are the store functions that take the principal (*auth.Principal), each
// named by its package under internal/ and its name (with its receiver's type): the writes whose
// rule is checked inside their transaction, each listed in docs/architecture.md's table "Stores
// take scopes, handlers decide" with the reason. Every other store function takes scopes (ids,
// database.Visibility, access.BookingReader, decided actors), which its handler decides.
var principalStores = []string{
	"bookings.Store.SetStatuses",
	"bookings/deadlines.Store.SetAnswerBy",
	"bookings/substitution.Store.Substitute",
	"bookings/substitution.Store.AvailableSubstitutes",
	"bookings/acknowledge.Store.Acknowledge",
	"people/profile.Store.Update",
	"people/profile.Store.CreateAssisted",
}

// scopeValues are what a non-store file may name of the database package: the visibility
// scope a handler works out and a store takes (docs/architecture.md, "Visibility").
var scopeValues = []string{"Visibility", "SeesAll", "SeesOnly"}

// supportDir says whether a directory holds test support, benchmark data or demo seeding rather
// than a feature (audittest, orgbench, organisations/demo...).
func supportDir(name string) bool {
	return strings.HasSuffix(name, "test") || strings.HasSuffix(name, "bench") || name == "demo"
}

// fileRole is a Go file's role by its name: "store", "http" or "" (rules, types, views...).
func fileRole(name string) string {
	base := strings.TrimSuffix(name, ".go")
	switch {
	case base == "store" || strings.HasPrefix(base, "store_"):
		return "store"
	case base == "http" || strings.HasPrefix(base, "http_"):
		return "http"
	}
	return ""
}

// shapeProblems lists how the Go file at path (named rel) breaks the feature shape.
func shapeProblems(t *testing.T, path, rel string) []string {
	t.Helper()
	file, err := parser.ParseFile(token.NewFileSet(), path, nil, parser.SkipObjectResolution)
	if err != nil {
		t.Fatal(err)
	}
	names := map[string]string{} // import name in the file -> path
	for _, imp := range file.Imports {
		p, _ := strconv.Unquote(imp.Path.Value)
		name := p[strings.LastIndex(p, "/")+1:]
		if p == humaPkg {
			name = "huma"
		}
		if imp.Name != nil {
			name = imp.Name.Name
		}
		names[name] = p
	}
	role := fileRole(filepath.Base(path))
	var problems []string
	for _, p := range names {
		if p == humaPkg && role != "http" {
			problems = append(problems, rel+" imports huma: operations belong in http.go or http_*.go")
		}
	}
	if role == "store" {
		return problems
	}
	var used []string
	ast.Inspect(file, func(n ast.Node) bool {
		sel, ok := n.(*ast.SelectorExpr)
		if !ok {
			return true
		}
		if pkg, ok := sel.X.(*ast.Ident); ok && names[pkg.Name] == databasePkg && !slices.Contains(scopeValues, sel.Sel.Name) &&
			!slices.Contains(used, sel.Sel.Name) {
			used = append(used, sel.Sel.Name)
		}
		return true
	})
	if len(used) > 0 {
		problems = append(problems, rel+" uses database."+strings.Join(used, ", database.")+
			": the database belongs in store.go or store_*.go")
	}
	return problems
}

func TestEveryFeatureHasTheShape(t *testing.T) {
	root := repoRoot(t)
	internal := filepath.Join(root, "internal")
	err := filepath.WalkDir(internal, func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		rel := filepath.ToSlash(strings.TrimPrefix(path, root+string(filepath.Separator)))
		if d.IsDir() {
			if rel == "internal/platform" || rel == "internal/app" || supportDir(d.Name()) {
				return filepath.SkipDir
			}
			return nil
		}
		if !strings.HasSuffix(path, ".go") || strings.HasSuffix(path, "_test.go") {
			return nil
		}
		for _, p := range shapeProblems(t, path, rel) {
			t.Error(p)
		}
		pkg := strings.TrimPrefix(filepath.ToSlash(filepath.Dir(rel)), "internal/")
		for _, p := range principalProblems(t, path, rel, pkg) {
			t.Error(p)
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
}

// principalProblems lists the exported functions of the store file at path (named rel, in
// package pkg under internal/) that take the principal without being principalStores.
func principalProblems(t *testing.T, path, rel, pkg string) []string {
	t.Helper()
	if fileRole(filepath.Base(path)) != "store" {
		return nil
	}
	file, err := parser.ParseFile(token.NewFileSet(), path, nil, parser.SkipObjectResolution)
	if err != nil {
		t.Fatal(err)
	}
	authName := ""
	for _, imp := range file.Imports {
		if p, _ := strconv.Unquote(imp.Path.Value); p == authPkg {
			authName = "auth"
			if imp.Name != nil {
				authName = imp.Name.Name
			}
		}
	}
	if authName == "" {
		return nil
	}
	var problems []string
	for _, decl := range file.Decls {
		fn, ok := decl.(*ast.FuncDecl)
		if !ok || !fn.Name.IsExported() || !takesPrincipal(fn.Type.Params, authName) {
			continue
		}
		name := fn.Name.Name
		if fn.Recv != nil && len(fn.Recv.List) == 1 {
			recv := fn.Recv.List[0].Type
			if star, ok := recv.(*ast.StarExpr); ok {
				recv = star.X
			}
			if id, ok := recv.(*ast.Ident); ok {
				name = id.Name + "." + name
			}
		}
		if !slices.Contains(principalStores, pkg+"."+name) {
			problems = append(problems, rel+": "+name+" takes *auth.Principal: a store takes scopes its handler decides, "+
				"unless its rule is checked inside the write's transaction (principalStores and docs/architecture.md)")
		}
	}
	return problems
}

// takesPrincipal is whether a parameter list has a *auth.Principal (auth imported as authName).
func takesPrincipal(params *ast.FieldList, authName string) bool {
	for _, f := range params.List {
		star, ok := f.Type.(*ast.StarExpr)
		if !ok {
			continue
		}
		if sel, ok := star.X.(*ast.SelectorExpr); ok && sel.Sel.Name == "Principal" {
			if pkg, ok := sel.X.(*ast.Ident); ok && pkg.Name == authName {
				return true
			}
		}
	}
	return false
}

// Each store allowed the principal is in docs/architecture.md's table, with its reason.
func TestPrincipalStoresAreInTheArchitectureTable(t *testing.T) {
	doc, err := os.ReadFile(filepath.Join(repoRoot(t), "docs", "architecture.md"))
	if err != nil {
		t.Fatal(err)
	}
	for _, f := range principalStores {
		short := f[strings.LastIndex(f, "/")+1:] // bookings/deadlines.Store.SetAnswerBy -> deadlines.Store.SetAnswerBy
		if !strings.Contains(string(doc), "| `"+short+"`") {
			t.Errorf("%s is not a row of docs/architecture.md's table of stores that take the principal", short)
		}
	}
}

// The shared kernel depends on no feature: access and audit import platform packages only.
func TestKernelImportsOnlyPlatform(t *testing.T) {
	root := repoRoot(t)
	for _, dir := range []string{"internal/access", "internal/audit"} {
		files, err := filepath.Glob(filepath.Join(root, dir, "*.go"))
		if err != nil || len(files) == 0 {
			t.Fatalf("%s: no files (%v)", dir, err)
		}
		for _, f := range files {
			if strings.HasSuffix(f, "_test.go") {
				continue
			}
			file, err := parser.ParseFile(token.NewFileSet(), f, nil, parser.ImportsOnly)
			if err != nil {
				t.Fatal(err)
			}
			for _, imp := range file.Imports {
				p, _ := strconv.Unquote(imp.Path.Value)
				if strings.HasPrefix(p, "github.com/hive/hive/internal/") && !strings.HasPrefix(p, "github.com/hive/hive/internal/platform/") {
					t.Errorf("%s imports %s: the shared kernel imports platform packages only", f, p)
				}
			}
		}
	}
}

// bookingsTableRow finds a package named in a row of a markdown table by its path in the
// bookings tree: `name/`, `name/sub/` or internal/bookings/name.
var bookingsTableRow = regexp.MustCompile("`(?:internal/bookings/)?([a-z]+(?:/[a-z]+)*)/?`")

// Every package of the bookings tree appears in a table of docs/architecture.md.
func TestBookingsPackagesAreInTheArchitectureTable(t *testing.T) {
	root := repoRoot(t)
	doc, err := os.ReadFile(filepath.Join(root, "docs", "architecture.md"))
	if err != nil {
		t.Fatal(err)
	}
	for _, rel := range bookingsPackagesMissing(t, root, string(doc)) {
		t.Errorf("%s is missing from docs/architecture.md's tables", rel)
	}
}

// bookingsPackagesMissing lists the packages of root's bookings tree that no table row of doc names.
func bookingsPackagesMissing(t *testing.T, root, doc string) []string {
	t.Helper()
	named := map[string]bool{}
	for _, line := range strings.Split(doc, "\n") {
		if !strings.HasPrefix(strings.TrimSpace(line), "|") {
			continue
		}
		for _, m := range bookingsTableRow.FindAllStringSubmatch(line, -1) {
			named[m[1]] = true
		}
	}
	var missing []string
	tree := filepath.Join(root, "internal", "bookings")
	err := filepath.WalkDir(tree, func(path string, d fs.DirEntry, err error) error {
		if err != nil || !d.IsDir() || path == tree || d.Name() == "testdata" {
			return err
		}
		inTree, _ := filepath.Rel(tree, path)
		if goFiles, _ := filepath.Glob(filepath.Join(path, "*.go")); len(goFiles) > 0 && !named[filepath.ToSlash(inTree)] {
			rel, _ := filepath.Rel(root, path)
			missing = append(missing, filepath.ToSlash(rel))
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	return missing
}

// The checks above catch what they are meant to: a rule file using the database, a store file
// importing huma, an http file running SQL, a bookings package left out of the tables, and a
// store taking the principal that is not allowed to.
func TestTheShapeChecksCatchTheirCases(t *testing.T) {
	dir := t.TempDir()
	write := func(name, src string) string {
		path := filepath.Join(dir, name)
		if err := os.WriteFile(path, []byte("package f\n\n"+src), 0o644); err != nil {
			t.Fatal(err)
		}
		return path
	}
	imports := func(paths ...string) string {
		return "import (\n\t\"" + strings.Join(paths, "\"\n\t\"") + "\"\n)\n\n"
	}
	cases := []struct {
		name, src string
		want      []string // fragments of the problems, in order; none for a file in shape
	}{
		{"booking.go", imports(databasePkg) + "func f(tx *database.Tx) {}\n", []string{"uses database.Tx"}},
		{"rules.go", imports(databasePkg) + "func f(v database.Visibility) bool { return v.SeesAll }\n", nil},
		{"store_x.go", imports(databasePkg, humaPkg) + "func f(api huma.API, db *database.DB) {}\n",
			[]string{"store_x.go imports huma"}},
		{"store.go", imports(databasePkg) + "func f(db *database.DB) {}\n", nil},
		{"http_x.go", imports(databasePkg, humaPkg) + "func f(api huma.API, tx *database.Tx) {}\n",
			[]string{"uses database.Tx"}},
		{"http.go", imports(humaPkg) + "func f(api huma.API) {}\n", nil},
		{"view.go", imports(humaPkg) + "func f(api huma.API) {}\n", []string{"view.go imports huma"}},
		{"dbalias.go", "import db \"" + databasePkg + "\"\n\nfunc f(tx *db.Tx) {}\n", []string{"uses database.Tx"}},
	}
	for _, c := range cases {
		problems := shapeProblems(t, write(c.name, c.src), c.name)
		if len(problems) != len(c.want) {
			t.Errorf("%s: problems %q, want %d", c.name, problems, len(c.want))
			continue
		}
		for i, w := range c.want {
			if !strings.Contains(problems[i], w) {
				t.Errorf("%s: problem %q, want it to say %q", c.name, problems[i], w)
			}
		}
	}

	principalCases := []struct {
		name, pkg, src string
		want           []string
	}{
		{"store_read.go", "search", imports(authPkg) + "type Store struct{}\n\nfunc (s *Store) Global(p *auth.Principal) {}\n",
			[]string{"Store.Global takes *auth.Principal"}},
		{"store_alias.go", "agenda", "import a \"" + authPkg + "\"\n\nfunc List(q int, p *a.Principal) {}\n",
			[]string{"List takes *auth.Principal"}},
		{"store_write.go", "bookings/deadlines", imports(authPkg) + "type Store struct{}\n\nfunc (s *Store) SetAnswerBy(p *auth.Principal) {}\n", nil},
		{"store_helper.go", "search", imports(authPkg) + "func scopesOf(p *auth.Principal) {}\n", nil},
		{"http_read.go", "search", imports(authPkg) + "func Search(p *auth.Principal) {}\n", nil},
		{"store_scope.go", "search", imports(authPkg) + "func Of(id int64) *auth.Principal { return nil }\n", nil},
	}
	for _, c := range principalCases {
		problems := principalProblems(t, write(c.name, c.src), c.name, c.pkg)
		if len(problems) != len(c.want) {
			t.Errorf("%s: problems %q, want %d", c.name, problems, len(c.want))
			continue
		}
		for i, w := range c.want {
			if !strings.Contains(problems[i], w) {
				t.Errorf("%s: problem %q, want it to say %q", c.name, problems[i], w)
			}
		}
	}

	root := repoRoot(t)
	doc, err := os.ReadFile(filepath.Join(root, "docs", "architecture.md"))
	if err != nil {
		t.Fatal(err)
	}
	var without []string // the doc with every line naming the events package left out
	for _, line := range strings.Split(string(doc), "\n") {
		if !strings.Contains(line, "`events/`") && !strings.Contains(line, "`internal/bookings/events`") {
			without = append(without, line)
		}
	}
	if missing := bookingsPackagesMissing(t, root, strings.Join(without, "\n")); !slices.Equal(missing, []string{"internal/bookings/events"}) {
		t.Errorf("with events left out of the tables, missing = %q", missing)
	}
}
