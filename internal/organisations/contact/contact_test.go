package contact_test

import (
	"encoding/json"
	"reflect"
	"testing"

	"github.com/hive/hive/internal/organisations/contact"
)

// The six fields keep the names the API document and the departments and legal_entities
// tables give them: a view or a row that embeds Details reads and writes them unchanged.
func TestDetailsKeepTheirWireAndColumnNames(t *testing.T) {
	want := []string{"address1", "address2", "address3", "address4", "email", "phone"}
	typ := reflect.TypeFor[contact.Details]()
	if typ.NumField() != len(want) {
		t.Fatalf("Details has %d fields, want %d", typ.NumField(), len(want))
	}
	for i, name := range want {
		f := typ.Field(i)
		if f.Tag.Get("json") != name || f.Tag.Get("db") != name {
			t.Errorf("%s: json %q db %q, want %q for both", f.Name, f.Tag.Get("json"), f.Tag.Get("db"), name)
		}
	}
	type view struct {
		ID int64 `json:"id"`
		contact.Details
	}
	b, err := json.Marshal(view{ID: 1, Details: contact.Details{Address1: "1 High Street", Email: "a@b.test"}})
	if err != nil {
		t.Fatal(err)
	}
	const wantJSON = `{"id":1,"address1":"1 High Street","address2":"","address3":"","address4":"","email":"a@b.test","phone":""}`
	if string(b) != wantJSON {
		t.Errorf("embedded JSON = %s, want %s", b, wantJSON)
	}
}
