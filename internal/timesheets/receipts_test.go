package timesheets_test

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"io/fs"
	"mime/multipart"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/hive/hive/internal/app/apptest"
	"github.com/hive/hive/internal/people/files"
	"github.com/hive/hive/internal/platform/database"
	"github.com/hive/hive/internal/platform/database/databasetest"
	"github.com/hive/hive/internal/timesheets"
)

var receiptPDF = []byte("%PDF-1.4\n1 0 obj << >> endobj\ntrailer << >>\n%%EOF\n")

// receiptForm is a multipart body with name's data in its file field, and its content type.
func receiptForm(t *testing.T, name string, data []byte) (string, string) {
	t.Helper()
	var b bytes.Buffer
	w := multipart.NewWriter(&b)
	part, err := w.CreateFormFile("file", name)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := part.Write(data); err != nil {
		t.Fatal(err)
	}
	if err := w.Close(); err != nil {
		t.Fatal(err)
	}
	return b.String(), w.FormDataContentType()
}

// receiptFiles counts the files of dir (the blob store keeps a sidecar of metadata beside
// each blob, so only the blobs themselves are counted).
func receiptFiles(t *testing.T, dir string) int {
	t.Helper()
	entries, err := os.ReadDir(dir)
	if errors.Is(err, fs.ErrNotExist) {
		return 0
	}
	if err != nil {
		t.Fatal(err)
	}
	n := 0
	for _, e := range entries {
		if !strings.Contains(e.Name(), ".meta") {
			n++
		}
	}
	return n
}

func TestExpenseReceipts(t *testing.T) {
	databasetest.Engines(t, func(t *testing.T, db *database.DB) {
		f := setup(t, db)
		f.clk.Set(time.Date(2027, 3, 10, 21, 0, 0, 0, time.UTC))
		if _, err := timesheets.CreateDue(context.Background(), db); err != nil {
			t.Fatal(err)
		}
		page := decode[timesheets.Page](t, f.as(apptest.Freelancer).Do("GET", "/timesheet", nil).Want(200))
		f.sheet = page.Items[0].ID
		path := fmt.Sprintf("/timesheet/%d", f.sheet)
		ts := decode[timesheets.Timesheet](t, f.as(apptest.Freelancer).Do("PATCH", path, map[string]any{"version": page.Items[0].Version,
			"expenses": []map[string]any{{"description": "Taxi", "amountMinor": 1250, "currency": "GBP"}}}).Want(200))
		receipt := fmt.Sprintf("%s/expense/%d/receipt", path, ts.Expenses[0].ID)
		upload := func(role, name string, data []byte) *apptest.Response {
			body, ct := receiptForm(t, name, data)
			return f.as(role).Do("POST", receipt, body, "Content-Type", ct)
		}

		// Nobody but the freelancer attaches one; outsiders do not learn the timesheet exists.
		upload("chloe.okafor@hive.test", "taxi.pdf", receiptPDF).WantError(404, "N-404")
		upload(apptest.Staff, "taxi.pdf", receiptPDF).WantError(404, "N-404")
		upload(apptest.DeptMgr, "taxi.pdf", receiptPDF).WantError(403, "A-102")
		// The documents' rules: accepted types, not empty, at most 10 MB.
		if r := upload(apptest.Freelancer, "taxi.exe", receiptPDF).Want(422); !strings.Contains(string(r.Body), files.MsgDocType) {
			t.Errorf("a refused type: %s", r.Body)
		}
		upload(apptest.Freelancer, "taxi.pdf", []byte("<html>not a pdf</html>")).Want(422)
		upload(apptest.Freelancer, "taxi.pdf", nil).Want(422)
		if r := upload(apptest.Freelancer, "big.pdf", append(append([]byte{}, receiptPDF...),
			make([]byte, files.DocumentMaxBytes)...)).Want(413); !strings.Contains(string(r.Body), files.MsgDocTooLarge) {
			t.Errorf("too large: %s", r.Body)
		}
		upload(apptest.Freelancer, "taxi.pdf", receiptPDF).Want(200)
		ts = decode[timesheets.Timesheet](t, upload(apptest.Freelancer, "Taxi receipt.pdf", receiptPDF).Want(200))
		if e := ts.Expenses[0]; e.ReceiptName != "Taxi receipt.pdf" || e.ReceiptType != "application/pdf" ||
			e.ReceiptSize != int64(len(receiptPDF)) {
			t.Fatalf("attached %+v", e)
		}
		if n := databasetest.Select[int](t, db, `SELECT COUNT(*) FROM audit_log WHERE hive_source = 'timesheet' AND record_id = ?`, f.sheet); n[0] < 4 {
			t.Errorf("receipt changes not audited: %d records", n[0])
		}

		// The freelancer and the department's managers download it; outsiders are refused.
		for _, role := range []string{apptest.Freelancer, apptest.DeptMgr, apptest.Manager} {
			r := f.as(role).Do("GET", receipt, nil).Want(200)
			if !bytes.Equal(r.Body, receiptPDF) || r.Header.Get("Content-Type") != "application/pdf" ||
				!strings.HasPrefix(r.Header.Get("Content-Disposition"), "attachment;") {
				t.Errorf("%s downloaded %q %v", role, r.Body, r.Header)
			}
		}
		f.as("chloe.okafor@hive.test").Do("GET", receipt, nil).WantError(404, "N-404")
		f.as(apptest.Staff).Do("GET", receipt, nil).WantError(404, "N-404")
		f.as(apptest.Freelancer).Do("GET", fmt.Sprintf("%s/expense/%d/receipt", path, ts.Expenses[0].ID+1000), nil).WantError(404, "N-404")

		// Removed by the freelancer only.
		f.as("chloe.okafor@hive.test").Do("DELETE", receipt, nil).WantError(404, "N-404")
		f.as(apptest.Staff).Do("DELETE", receipt, nil).WantError(404, "N-404")
		f.as(apptest.Manager).Do("DELETE", receipt, nil).WantError(403, "A-102")
		ts = decode[timesheets.Timesheet](t, f.as(apptest.Freelancer).Do("DELETE", receipt, nil).Want(200))
		if ts.Expenses[0].ReceiptName != "" {
			t.Fatalf("removed %+v", ts.Expenses[0])
		}
		f.as(apptest.Freelancer).Do("GET", receipt, nil).WantError(404, "N-404")

		// An expense taken off the list takes its receipt's file with it.
		ts = decode[timesheets.Timesheet](t, upload(apptest.Freelancer, "taxi.pdf", receiptPDF).Want(200))
		receipts := filepath.Join(f.dataDir, "blobs", "timesheets", fmt.Sprint(f.sheet), "receipts")
		if n := receiptFiles(t, receipts); n != 1 {
			t.Fatalf("%d receipt files after replacing and removing, want 1", n)
		}
		ts = decode[timesheets.Timesheet](t, f.as(apptest.Freelancer).Do("PATCH", path, map[string]any{"version": ts.Version,
			"expenses": []map[string]any{}}).Want(200))
		if n := receiptFiles(t, receipts); n != 0 || len(ts.Expenses) != 0 {
			t.Fatalf("%d receipt files and expenses %+v after the expense went", n, ts.Expenses)
		}
		ts = decode[timesheets.Timesheet](t, f.as(apptest.Freelancer).Do("PATCH", path, map[string]any{"version": ts.Version,
			"expenses": []map[string]any{{"description": "Taxi", "amountMinor": 1250, "currency": "GBP"}}}).Want(200))
		receipt = fmt.Sprintf("%s/expense/%d/receipt", path, ts.Expenses[0].ID)

		// Once submitted, the receipts are fixed.
		upload(apptest.Freelancer, "taxi.pdf", receiptPDF).Want(200)
		f.as(apptest.Freelancer).Do("POST", path+"/submit", nil).Want(200)
		upload(apptest.Freelancer, "taxi.pdf", receiptPDF).WantError(409, "C-409")
		f.as(apptest.Freelancer).Do("DELETE", receipt, nil).WantError(409, "C-409")
		f.as(apptest.DeptMgr).Do("GET", receipt, nil).Want(200)
	})
}
