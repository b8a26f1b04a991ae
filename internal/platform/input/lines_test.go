package input

import (
	"reflect"
	"testing"
)

// TestSingleLinesPutsEveryPlainStringOnOneLine: titles, names and references reach the handler
// on one line wherever they sit in the body; fields marked multiline or secret keep what was sent.
func TestSingleLinesPutsEveryPlainStringOnOneLine(t *testing.T) {
	type shift struct {
		Title string
		Notes string `text:"multiline"`
	}
	type status string
	type body struct {
		Title     string
		Reference *string
		Empty     *string
		Names     []string
		Shifts    []shift
		First     *shift
		Labels    map[string]string
		Any       any
		Kind      status
		Raw       []byte
		IDs       []int64
		Password  string `text:"secret"`
		hidden    string
	}
	ref := "Ref\r\n1"
	b := body{
		Title: "Line1\r\nBcc: x@y.test", Reference: &ref, Names: []string{"Ann\nLee", "Bo\u2028Ng"},
		Shifts: []shift{{Title: "Day\r1", Notes: "keep\r\nthis"}}, First: &shift{Title: "a\vb", Notes: "x\ny"},
		Labels: map[string]string{"k": "v\r\nw"}, Any: "p\nq", Kind: "s\nt", Raw: []byte("r\ns"), IDs: []int64{1},
		Password: "pass\nword", hidden: "h\ni",
	}
	SingleLines(&b)
	want := body{
		Title: "Line1 Bcc: x@y.test", Names: []string{"Ann Lee", "Bo Ng"},
		Shifts: []shift{{Title: "Day 1", Notes: "keep\r\nthis"}}, First: &shift{Title: "a b", Notes: "x\ny"},
		Labels: map[string]string{"k": "v w"}, Any: "p q", Kind: "s t", Raw: []byte("r\ns"), IDs: []int64{1},
		Password: "pass\nword", hidden: "h\ni",
	}
	if *b.Reference != "Ref 1" {
		t.Errorf("reference %q", *b.Reference)
	}
	b.Reference = nil
	if !reflect.DeepEqual(b, want) {
		t.Errorf("got  %+v\nwant %+v", b, want)
	}
	SingleLines(nil)          // nothing to do, no panic
	SingleLines(body{})       // not a pointer: nothing to set
	SingleLines((*body)(nil)) // nil pointer
}
