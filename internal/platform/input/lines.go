package input

import (
	"reflect"

	"github.com/hive/hive/internal/platform/textsafe"
)

// TextTag is the struct tag a request body's string field carries when it is not one line:
//
//	`text:"multiline"` for text whose line breaks are content (notes, descriptions, messages,
//	reasons typed in a text area, Markdown), kept as typed;
//	`text:"secret"` for passwords, compared byte for byte.
//
// Every other string of a request body is single-line text (titles, references, names, ...).
const TextTag = "text"

// SingleLines puts every single-line string reachable from body (a pointer to a request body:
// its fields, pointers, slices, arrays, maps and nested structs) on one line, with the line-break
// rule of the calendar feed (textsafe.Line: each CR, LF, CRLF, VT, FF, NEL, U+2028 and U+2029
// becomes a space, other control characters but tab go). The API calls it on every request body
// before the handler, so a title typed or pasted with line breaks is stored, mailed and shown as
// one line, and no feature repeats the rule.
func SingleLines(body any) {
	v := reflect.ValueOf(body)
	if v.Kind() != reflect.Pointer || v.IsNil() {
		return
	}
	oneLine(v.Elem())
}

func oneLine(v reflect.Value) {
	switch v.Kind() {
	case reflect.String:
		if s := v.String(); v.CanSet() {
			if line := textsafe.Line(s); line != s {
				v.SetString(line)
			}
		}
	case reflect.Pointer:
		if !v.IsNil() {
			oneLine(v.Elem())
		}
	case reflect.Interface:
		if !v.IsNil() && v.CanSet() { // an interface's value cannot be set in place: copy it
			copied := reflect.New(v.Elem().Type()).Elem()
			copied.Set(v.Elem())
			oneLine(copied)
			v.Set(copied)
		}
	case reflect.Struct:
		t := v.Type()
		for i := range t.NumField() {
			f := t.Field(i)
			if !f.IsExported() {
				continue
			}
			if tag := f.Tag.Get(TextTag); tag == "multiline" || tag == "secret" {
				continue
			}
			oneLine(v.Field(i))
		}
	case reflect.Slice, reflect.Array:
		if !holdsText(v.Type().Elem()) {
			return
		}
		for i := range v.Len() {
			oneLine(v.Index(i))
		}
	case reflect.Map:
		if !holdsText(v.Type().Elem()) {
			return
		}
		iter := v.MapRange()
		for iter.Next() {
			copied := reflect.New(iter.Value().Type()).Elem()
			copied.Set(iter.Value())
			oneLine(copied)
			v.SetMapIndex(iter.Key(), copied)
		}
	}
}

// holdsText reports whether values of t may contain a string (so []byte and []int64 are skipped).
func holdsText(t reflect.Type) bool {
	switch t.Kind() {
	case reflect.String, reflect.Struct, reflect.Interface:
		return true
	case reflect.Pointer, reflect.Slice, reflect.Array, reflect.Map:
		return holdsText(t.Elem())
	}
	return false
}
