// Package files is profile images and documents, kept in the blob store.
//
// Who may do what: a user's profile image may be replaced by the user themself or an
// administrator, and shown to those who may see their profile (access.CanSeeUser); to
// anyone else it answers as a user without an image does. A user's documents (CVs, certificates,
// contracts) are listed and downloaded by the user themself, administrators, and the client or
// agency managers of an entity or department a freelancer is linked to (spec part 1 §2: the
// Documents tab of a client manager viewing a freelancer); only the user themself and
// administrators upload or delete them (documents_access.go).
package files

import (
	"bytes"
	"crypto/rand"
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"image"
	_ "image/gif"  // register the GIF decoder for image.Decode
	_ "image/jpeg" // register the JPEG decoder
	_ "image/png"  // register the PNG decoder
	"net/http"
	"path"
	"strconv"
	"strings"
	"time"
	"unicode"

	_ "golang.org/x/image/webp" // register the WebP decoder

	"github.com/hive/hive/internal/platform/apperror"
)

// Limits and messages of uploads.
const (
	ProfileImageMaxBytes = 5 << 20  // 5 MB
	DocumentMaxBytes     = 10 << 20 // 10 MB
	UploadURLTTL         = 10 * time.Minute

	MsgNotAnImage    = "Only JPEG, PNG, WebP or GIF images are accepted."
	MsgImageTooLarge = "The image is larger than 5 MB."
	MsgDocTooLarge   = "The document is larger than 10 MB."
	MsgDocType       = "Only PDF, image (JPEG, PNG, WebP, GIF) or Office documents are accepted."
	MsgDocEmpty      = "The file is empty."
)

// imageTypes are the accepted profile image types, as http.DetectContentType names them.
var imageTypes = map[string]bool{"image/jpeg": true, "image/png": true, "image/webp": true, "image/gif": true}

// CheckImage sniffs and decodes data and returns its content type, or the 422 error.
func CheckImage(data []byte) (string, error) {
	ct := http.DetectContentType(data)
	if !imageTypes[ct] {
		return "", apperror.Field("file", MsgNotAnImage)
	}
	if _, _, err := image.Decode(bytes.NewReader(data)); err != nil {
		return "", apperror.Field("file", MsgNotAnImage)
	}
	return ct, nil
}

// ProfileImageURL is the address of a user's profile image, or "" when they have none. The v
// query changes with every new image, so browsers may cache each address.
func ProfileImageURL(userID int64, key string) string {
	if key == "" {
		return ""
	}
	sum := sha256.Sum256([]byte(key))
	return "/api/v1/account/" + strconv.FormatInt(userID, 10) + "/profile_image/file?v=" + hex.EncodeToString(sum[:4])
}

// profileKeyPrefix is the start of every profile image key of userID.
func profileKeyPrefix(userID int64) string {
	return "users/" + strconv.FormatInt(userID, 10) + "/profile/"
}

// userOfProfileKey returns the user a profile image key belongs to.
func userOfProfileKey(key string) (int64, bool) {
	rest, ok := strings.CutPrefix(key, "users/")
	if !ok {
		return 0, false
	}
	id, tail, ok := strings.Cut(rest, "/")
	if !ok || !strings.HasPrefix(tail, "profile/") {
		return 0, false
	}
	n, err := strconv.ParseInt(id, 10, 64)
	return n, err == nil && n > 0
}

// RandomName is a fresh unguessable blob key segment.
func RandomName() string {
	b := make([]byte, 12)
	_, _ = rand.Read(b)
	return hex.EncodeToString(b)
}

// ole2 is the signature of legacy Office files (.doc, .xls, .ppt).
var ole2 = []byte{0xD0, 0xCF, 0x11, 0xE0, 0xA1, 0xB1, 0x1A, 0xE1}

// docTypes maps each accepted extension to the content type stored and served, and the sniffed
// type its bytes must show.
var docTypes = map[string]struct{ contentType, sniffed string }{
	".pdf":  {"application/pdf", "application/pdf"},
	".png":  {"image/png", "image/png"},
	".jpg":  {"image/jpeg", "image/jpeg"},
	".jpeg": {"image/jpeg", "image/jpeg"},
	".gif":  {"image/gif", "image/gif"},
	".webp": {"image/webp", "image/webp"},
	".docx": {"application/vnd.openxmlformats-officedocument.wordprocessingml.document", "application/zip"},
	".xlsx": {"application/vnd.openxmlformats-officedocument.spreadsheetml.sheet", "application/zip"},
	".pptx": {"application/vnd.openxmlformats-officedocument.presentationml.presentation", "application/zip"},
	".odt":  {"application/vnd.oasis.opendocument.text", "application/zip"},
	".ods":  {"application/vnd.oasis.opendocument.spreadsheet", "application/zip"},
	".odp":  {"application/vnd.oasis.opendocument.presentation", "application/zip"},
	".doc":  {"application/msword", "ole2"},
	".xls":  {"application/vnd.ms-excel", "ole2"},
	".ppt":  {"application/vnd.ms-powerpoint", "ole2"},
}

// CheckDocument checks a document's name and bytes against the allowlist (extension and sniffed
// content must agree) and returns the clean file name and the content type to store.
func CheckDocument(name string, data []byte) (string, string, error) {
	name = CleanFileName(name)
	if len(data) == 0 {
		return "", "", apperror.Field("file", MsgDocEmpty)
	}
	t, ok := docTypes[strings.ToLower(path.Ext(name))]
	if !ok {
		return "", "", apperror.Field("file", MsgDocType)
	}
	sniffed := http.DetectContentType(data)
	if bytes.HasPrefix(data, ole2) {
		sniffed = "ole2"
	}
	if sniffed != t.sniffed {
		return "", "", apperror.Field("file", MsgDocType)
	}
	if strings.HasPrefix(t.contentType, "image/") {
		if _, err := CheckImage(data); err != nil {
			return "", "", apperror.Field("file", MsgDocType)
		}
	}
	return name, t.contentType, nil
}

// CleanFileName keeps the last path element of a browser-supplied name, without control
// characters, quotes or separators, at most 200 characters; "document" when nothing is left.
func CleanFileName(name string) string {
	if i := strings.LastIndexAny(name, `/\`); i >= 0 {
		name = name[i+1:]
	}
	name = strings.Map(func(r rune) rune {
		switch {
		case unicode.IsControl(r), r == '"', r == '\\', r == '/', r == ':', r == '*', r == '?', r == '<', r == '>', r == '|':
			return '_'
		}
		return r
	}, strings.TrimSpace(name))
	name = strings.TrimLeft(name, ".")
	if r := []rune(name); len(r) > 200 {
		ext := path.Ext(name)
		name = string(r[:200-len([]rune(ext))]) + ext
	}
	if name == "" {
		return "document"
	}
	return name
}

// Attachment is a Content-Disposition header that makes the browser download name safely.
func Attachment(name string) string {
	ascii := strings.Map(func(r rune) rune {
		if r < 0x20 || r > 0x7e || r == '"' || r == '\\' || r == ';' {
			return '_'
		}
		return r
	}, name)
	return fmt.Sprintf(`attachment; filename="%s"; filename*=UTF-8''%s`, ascii, pathEscape(name))
}

// pathEscape percent-encodes everything but RFC 5987 attr-chars.
func pathEscape(s string) string {
	var b strings.Builder
	for _, c := range []byte(s) {
		if c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9' || strings.IndexByte("!#$&+-.^_`|~", c) >= 0 {
			b.WriteByte(c)
		} else {
			fmt.Fprintf(&b, "%%%02X", c)
		}
	}
	return b.String()
}

func bytesReader(b []byte) *bytes.Reader { return bytes.NewReader(b) }
