// Command hive is the whole Hive application: the HTTP server with the embedded web app, the
// database migrations, demo data, and the OpenAPI document.
package main

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"os"
	"os/signal"
	"strings"
	"syscall"
	_ "time/tzdata" // the binary carries its own time zone data

	"github.com/hive/hive/internal/accounts"
	"github.com/hive/hive/internal/app"
	bookingdemo "github.com/hive/hive/internal/bookings/demo"
	"github.com/hive/hive/internal/invoices"
	"github.com/hive/hive/internal/jobs"
	orgdemo "github.com/hive/hive/internal/organisations/demo"
	"github.com/hive/hive/internal/people/directory"
	"github.com/hive/hive/internal/people/files"
	"github.com/hive/hive/internal/platform/blob"
	"github.com/hive/hive/internal/platform/config"
	"github.com/hive/hive/internal/platform/database"
	"github.com/hive/hive/internal/search/index"
	"github.com/hive/hive/internal/timesheets"
)

const usage = `Usage: hive <command>

Commands:
  serve        start the HTTP server (migrates the database first)
  migrate      apply pending database migrations
  seed demo    create the demo logins and data (safe to repeat)
  openapi      print the OpenAPI document

`

func main() {
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	if err := run(ctx, os.Args[1:], os.Stdout); err != nil {
		fmt.Fprintln(os.Stderr, "hive:", err)
		os.Exit(1)
	}
}

func run(ctx context.Context, args []string, stdout io.Writer) error {
	if len(args) == 0 || args[0] == "-h" || args[0] == "--help" || args[0] == "help" {
		fmt.Fprint(stdout, usage+config.Help())
		return nil
	}
	if len(args) > 1 && (args[1] == "-h" || args[1] == "--help") {
		fmt.Fprint(stdout, usage+config.Help())
		return nil
	}
	cfg, err := config.FromEnv()
	if err != nil {
		return err
	}
	logger := slog.New(slog.NewJSONHandler(os.Stdout, nil))
	slog.SetDefault(logger)
	switch args[0] {
	case "serve":
		a, err := app.New(ctx, cfg, logger)
		if err != nil {
			return err
		}
		defer a.DB.Close()
		return a.Serve(ctx, func(addr string) {
			logger.Info("hive is listening", "url", "http://"+addr, "database", redact(cfg.DatabaseURL))
		})
	case "migrate":
		db, err := database.Open(ctx, cfg.DatabaseURL)
		if err != nil {
			return err
		}
		return db.Close()
	case "seed":
		if len(args) < 2 || args[1] != "demo" {
			return errors.New("usage: hive seed demo")
		}
		return seedDemo(ctx, cfg, stdout)
	case "openapi":
		return printOpenAPI(cfg, stdout)
	}
	return fmt.Errorf("unknown command %q\n\n%s", args[0], usage)
}

func seedDemo(ctx context.Context, cfg config.Config, stdout io.Writer) error {
	db, err := database.Open(ctx, cfg.DatabaseURL)
	if err != nil {
		return err
	}
	defer db.Close()
	app.RecordMailInHistory() // the demo's invitation mails are in the history like any other
	logins, err := accounts.SeedDemo(ctx, db)
	if err != nil {
		return err
	}
	if err := orgdemo.Seed(ctx, db); err != nil {
		return err
	}
	if err := directory.SeedDemo(ctx, db); err != nil {
		return err
	}
	if err := orgdemo.HireLocalCrew(ctx, db, directory.LocalCrewEmails()); err != nil {
		return err
	}
	if err := orgdemo.SetPreferredSuppliers(ctx, db); err != nil { // every demo account exists by now
		return err
	}
	if err := jobs.SeedDemo(ctx, db); err != nil {
		return err
	}
	if err := bookingdemo.Seed(ctx, db); err != nil {
		return err
	}
	if err := timesheets.SeedDemo(ctx, db); err != nil {
		return err
	}
	if err := invoices.SeedDemo(ctx, db); err != nil { // after the timesheets' demo: it invoices their approved ones
		return err
	}
	blobs, err := blob.FromConfig(cfg)
	if err != nil {
		return err
	}
	if _, err := files.SeedDemoAvatars(ctx, db, blobs); err != nil {
		return err
	}
	if err := index.Rebuild(ctx, db); err != nil { // the demo's records are written with direct SQL
		return err
	}
	fmt.Fprintf(stdout, "Demo logins (password %s):\n", accounts.DemoPassword)
	for _, l := range logins {
		fmt.Fprintf(stdout, "  %-24s %s\n", l.Email, l.Role)
	}
	return nil
}

// printOpenAPI builds the API on a throwaway in-memory database, only to describe it.
func printOpenAPI(cfg config.Config, stdout io.Writer) error {
	dir, err := os.MkdirTemp("", "hive-openapi")
	if err != nil {
		return err
	}
	defer os.RemoveAll(dir)
	cfg.DatabaseURL = "sqlite:" + dir + "/openapi.db"
	a, err := app.New(context.Background(), cfg, slog.New(slog.NewTextHandler(io.Discard, nil)))
	if err != nil {
		return err
	}
	defer a.DB.Close()
	doc, err := json.MarshalIndent(a.API.OpenAPI(), "", "  ")
	if err != nil {
		return err
	}
	_, err = fmt.Fprintln(stdout, string(doc))
	return err
}

func redact(url string) string {
	if i := strings.LastIndex(url, "@"); i > 0 {
		if j := strings.Index(url, "://"); j > 0 && j < i {
			return url[:j+3] + "***" + url[i:]
		}
	}
	return url
}
