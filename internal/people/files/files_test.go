package files

import (
	"bytes"
	"strings"
	"testing"
)

func TestProfileImageURL(t *testing.T) {
	if ProfileImageURL(7, "") != "" {
		t.Fatal("url without a key")
	}
	a, b := ProfileImageURL(7, "users/7/profile/a"), ProfileImageURL(7, "users/7/profile/b")
	if !strings.HasPrefix(a, "/api/v1/account/7/profile_image/file?v=") || a == b || len(a) != len("/api/v1/account/7/profile_image/file?v=")+8 {
		t.Fatalf("%q %q", a, b)
	}
}

func TestUserOfProfileKey(t *testing.T) {
	if id, ok := userOfProfileKey(profileKeyPrefix(42) + "abc"); !ok || id != 42 {
		t.Fatal(id, ok)
	}
	for _, k := range []string{"users/42/documents/abc", "users/x/profile/a", "other/42/profile/a", "users/0/profile/a"} {
		if _, ok := userOfProfileKey(k); ok {
			t.Errorf("%q accepted", k)
		}
	}
}

func TestCheckDocument(t *testing.T) {
	zip := []byte("PK\x03\x04\x14\x00\x00\x00\x08\x00")
	ole := append([]byte{0xD0, 0xCF, 0x11, 0xE0, 0xA1, 0xB1, 0x1A, 0xE1}, bytes.Repeat([]byte{0}, 32)...)
	pdf := []byte("%PDF-1.7\n")
	cases := []struct {
		name string
		data []byte
		ok   bool
		ct   string
	}{
		{"cv.pdf", pdf, true, "application/pdf"},
		{"CV.PDF", pdf, true, "application/pdf"},
		{"letter.docx", zip, true, "application/vnd.openxmlformats-officedocument.wordprocessingml.document"},
		{"old.doc", ole, true, "application/msword"},
		{"sheet.xls", ole, true, "application/vnd.ms-excel"},
		{"fake.pdf", []byte("<html></html>"), false, ""},
		{"fake.docx", pdf, false, ""},
		{"fake.png", pdf, false, ""},
		{"script.js", pdf, false, ""},
		{"noext", pdf, false, ""},
		{"empty.pdf", nil, false, ""},
	}
	for _, c := range cases {
		_, ct, err := CheckDocument(c.name, c.data)
		if (err == nil) != c.ok || ct != c.ct {
			t.Errorf("%s: %q %v", c.name, ct, err)
		}
	}
}

func TestCleanFileName(t *testing.T) {
	cases := map[string]string{
		"C:\\Users\\me\\cv.pdf": "cv.pdf",
		"../../etc/passwd":      "passwd",
		"a\"b\r\nc.pdf":         "a_b__c.pdf",
		"...hidden.pdf":         "hidden.pdf",
		"":                      "document",
		"  Résumé final.docx  ": "Résumé final.docx",
	}
	for in, want := range cases {
		if got := CleanFileName(in); got != want {
			t.Errorf("%q: %q, want %q", in, got, want)
		}
	}
	long := strings.Repeat("x", 300) + ".pdf"
	if got := CleanFileName(long); len([]rune(got)) != 200 || !strings.HasSuffix(got, ".pdf") {
		t.Errorf("long: %d %q", len(got), got[len(got)-8:])
	}
	if got := Attachment("Résumé \"x\".pdf"); got != `attachment; filename="R_sum_ _x_.pdf"; filename*=UTF-8''R%C3%A9sum%C3%A9%20%22x%22.pdf` {
		t.Errorf("attachment %s", got)
	}
}
