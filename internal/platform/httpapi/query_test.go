package httpapi

import "testing"

func TestOptionalBoolIsNilTrueOrFalse(t *testing.T) {
	if OptionalBool("").Value() != nil || OptionalBool("").Is() {
		t.Fatal("a parameter not given is no filter")
	}
	if v := OptionalBool("true").Value(); v == nil || !*v || !OptionalBool("true").Is() {
		t.Fatal("true is true")
	}
	if v := OptionalBool("false").Value(); v == nil || *v || OptionalBool("false").Is() {
		t.Fatal("false is false")
	}
}
